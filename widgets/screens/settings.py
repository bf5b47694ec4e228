"""Settings: where the games are kept, and the table's Dockyard values.

The history file is the one setting that matters most and is easiest to get wrong, so the screen says which
file is open, what chose it (--db, $WONDERS_SCORER_DB, this screen, or the default), and how much it holds.
Another file is checked before anything changes: a damaged or newer file is refused with the history's own
message and the current file stays open. The choice is saved in the settings file (scorer.preferences), so
the next start opens it too — unless --db or $WONDERS_SCORER_DB, which win over it, are given.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.validation import ValidationResult, Validator
from textual.widgets import Footer, Header, Input, Static

from scorer.errors import InputError
from scorer.history.errors import HistoryError
from scorer.history.location import default_db_path, history_file
from scorer.history.settings import load_calibration
from scorer.preferences import preferences_path, read_preferences, save_preferences
from widgets.localised import LocalisedBindings

if TYPE_CHECKING:
    from widgets.app import WondersApp

SOURCES = {
    "--db": "chosen with --db when the app was started",
    "WONDERS_SCORER_DB": "chosen by the WONDERS_SCORER_DB environment variable",
    "settings": "chosen here in Settings",
    "default": "the default file for this user",
}


class SettingsScreen(LocalisedBindings, Screen[None]):
    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("c", "choose_file", "Use another file"),
        Binding("r", "default_file", "Default file"),
        Binding("d", "dockyard", "Dockyard"),
    ]
    DEFAULT_CSS = """
    SettingsScreen VerticalScroll { padding: 0 1; }
    SettingsScreen .settings-heading { text-style: bold; margin: 1 0 0 0; }
    SettingsScreen .settings-text { padding: 0 0 0 2; }
    """

    @property
    def wonders(self) -> WondersApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static("History file", classes="settings-heading")
            yield Static("", id="settings-history", classes="settings-text")
            yield Static("Dockyard calibration (Armada)", classes="settings-heading")
            yield Static("", id="settings-dockyard", classes="settings-text")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Settings"
        self.refresh_lines()

    def on_screen_resume(self) -> None:
        self.refresh_lines()  # back from the calibration or the file dialog

    def refresh_lines(self) -> None:
        self.query_one("#settings-history", Static).update(self._history_text())
        self.query_one("#settings-dockyard", Static).update(self._dockyard_text())

    def _history_text(self) -> Text:
        app = self.wonders
        lines: list[str | tuple[str, str]] = [(str(app.db_path), "bold"), "\n", SOURCES.get(app.db_source, ""), "\n"]
        store = app.store
        if store is not None:
            games = store.games()
            drafts = sum(1 for game in games if not game.finished)
            size = app.db_path.stat().st_size if app.db_path.exists() else 0
            lines.append(f"{len(games) - drafts} finished games, {drafts} in progress · {size / 1_000_000:.1f} MB\n")
        chosen, problem = read_preferences()
        if problem:
            lines += [(problem, "bold red"), "\n"]
        if app.db_source in ("--db", "WONDERS_SCORER_DB") and chosen.history:
            lines.append(f"Saved in Settings for the next start without {app.db_source}: {chosen.history}\n")
        lines.append(f"Settings file: {preferences_path()}\n")
        lines.append("c: keep games in another file (it is checked first) · r: back to the default file")
        return Text.assemble(*lines)

    def _dockyard_text(self) -> Text:
        store = self.wonders.store
        if store is None:
            return Text("The history is not open.")
        calibration = load_calibration(store)
        if calibration.problem:
            state = f"Stored calibration unreadable ({calibration.problem}); the book's values are used."
        elif calibration.stored and calibration.saved_at:
            saved = datetime.fromisoformat(calibration.saved_at).astimezone().strftime("%Y-%m-%d %H:%M")
            state = f"Your table's values, saved {saved}."
        else:
            state = f"The rulebook's values; {calibration.unconfirmed} are not printed in the rules: check your boards."
        return Text(f"{state}\nd: compare with your Dockyard boards and correct them")

    # --- actions ---------------------------------------------------------------------------------------

    def action_close(self) -> None:
        self.dismiss()

    def action_dockyard(self) -> None:
        from widgets.screens.calibration import open_calibration

        open_calibration(self.app)

    def action_choose_file(self) -> None:
        if self._game_in_progress():
            return
        self.app.push_screen(ChooseHistoryFile(self.wonders.db_path), self._use_file)

    def action_default_file(self) -> None:
        if self._game_in_progress():
            return
        self._use_file(default_db_path(), remember=False)

    def _game_in_progress(self) -> bool:
        if self.wonders.session is None:
            return False
        self.notify("A game is being entered: the history cannot change under it. Go home first (its draft "
                    "is kept), then change the file.", title="Not now", severity="warning", timeout=8)
        return True

    def _use_file(self, path: Path | None, remember: bool = True) -> None:
        """Open `path` as the history (refused: nothing changes) and save the choice for the next start
        (`remember` False: the next start uses the default file)."""
        if path is None:
            return
        app = self.wonders
        try:
            app.switch_history(path)
        except HistoryError as error:
            self.notify(f"{error}", title="This file was not opened", severity="error", timeout=15, markup=False)
            return
        overridden = app.db_source if app.db_source in ("--db", "WONDERS_SCORER_DB") else None
        try:
            save_preferences({"history": str(path) if remember else None})
        except InputError as error:
            app.db_source = "settings"
            self.notify(f"Opened, but not remembered for the next start: {error}", severity="warning", timeout=15,
                        markup=False)
        else:
            app.db_source = "settings" if remember else "default"
            later = f" When {overridden} is given again it wins over this choice." if overridden else ""
            self.notify(f"Games are now kept in {path}.{later}", title="History file", timeout=8, markup=False)
        self.refresh_lines()


class HistoryPath(Validator):
    """A file the history can live in: an existing folder (its history.json), or a file in an existing folder."""

    def validate(self, value: str) -> ValidationResult:
        text = value.strip()
        if not text:
            return self.failure("Type the path of a history file, or of a folder to keep history.json in.")
        path = history_file(text)
        if path.exists() and not path.is_file():
            return self.failure(f"{path} is not a file.")
        if not path.parent.is_dir():
            return self.failure(f"The folder {path.parent} does not exist; create it first or choose another.")
        return self.success()


class ChooseHistoryFile(LocalisedBindings, ModalScreen[Path | None]):
    """Type the path of the history to use: an existing history is opened as it is, a new path starts one."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    ChooseHistoryFile { align: center middle; }
    ChooseHistoryFile > Vertical { width: 76; height: auto; border: thick $primary; padding: 0 1; background: $surface; }
    ChooseHistoryFile #choose-message { color: $error; height: auto; }
    """

    def __init__(self, current: Path) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text.assemble(("Keep the games in another file", "bold"), "\nAn existing history is opened "
                                       "as it is (a damaged or newer one is refused and nothing changes); a new path "
                                       "starts an empty history. A folder means history.json inside it."))
            yield Input(str(self.current), id="choose-path", validators=[HistoryPath()], validate_on=["submitted"])
            yield Static("", id="choose-message")
            yield Static("Enter: use this file · Escape: keep the current one", classes="settings-text")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        result = event.validation_result
        if result is not None and not result.is_valid:
            self.query_one("#choose-message", Static).update(" ".join(result.failure_descriptions))
            return
        self.dismiss(history_file(event.value.strip()))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#choose-message", Static).update("")

    def action_cancel(self) -> None:
        self.dismiss(None)
