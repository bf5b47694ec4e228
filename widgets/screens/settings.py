"""Settings: the language, where the games are kept, and the table's Dockyard values.

The language shows what chose it (--lang, $WONDERS_SCORER_LANG, this screen, or the system's locale); `l`
switches between English and Portuguese at once and saves the choice for the next start (--lang and
$WONDERS_SCORER_LANG still win over it there, as the screen says). This screen is redrawn in the new
language at once; the others follow when they are next shown (going home builds home anew).

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
from textual.widgets import Input, Static

from scorer.errors import InputError
from scorer.history.errors import HistoryError
from scorer.history.location import default_db_path, history_file
from scorer.history.settings import load_calibration
from scorer.i18n import ENV_VAR as LANGUAGE_VAR
from scorer.i18n import LANGUAGES, choose_language, current_language, decimal, t, tn
from scorer.preferences import preferences_path, read_preferences, save_preferences
from widgets.compat import StyledAtMount
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from widgets.app import WondersApp

HISTORY_SOURCES = ("--db", "WONDERS_SCORER_DB", "settings", "default")  # settings.history.source.<source>
STARTUP_CHOICES = ("--lang", LANGUAGE_VAR)  # given at start, they win over what Settings saves


def language_source(app: WondersApp) -> str:
    """What chose the language in use: as the app was told at start, else worked out as the CLI chooses it
    (a language none of the later sources gives can only have come from --lang)."""
    if app.language_source:
        return app.language_source
    choice = choose_language(None, read_preferences()[0].language)
    return choice.source if choice.language == current_language() else "--lang"


def other_language() -> str:
    return "en" if current_language() == "pt" else "pt"


class SettingsScreen(LocalisedBindings, StyledAtMount, Screen[None]):
    BINDINGS = [
        Binding("escape", "close", "settings.keys.back"),
        Binding("l", "language", "settings.keys.language"),
        Binding("c", "choose_file", "settings.keys.other_file"),
        Binding("r", "default_file", "settings.keys.default_file"),
        Binding("d", "dockyard", "settings.keys.dockyard"),
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
        yield TitleBar()
        with VerticalScroll():
            for section in ("language", "history", "dockyard"):
                yield Static("", id=f"settings-{section}-heading", classes="settings-heading")
                yield Static("", id=f"settings-{section}", classes="settings-text")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.refresh_lines()

    def on_screen_resume(self) -> None:
        self.refresh_lines()  # back from the calibration or the file dialog

    def refresh_lines(self) -> None:
        """Every line in the current language (after `l`, too)."""
        self.sub_title = t("settings.title")
        for section in ("language", "history", "dockyard"):
            self.query_one(f"#settings-{section}-heading", Static).update(t(f"settings.{section}.heading"))
        self.query_one("#settings-language", Static).update(self._language_text())
        self.query_one("#settings-history", Static).update(self._history_text())
        self.query_one("#settings-dockyard", Static).update(self._dockyard_text())

    def _language_text(self) -> Text:
        source = t(f"settings.language.source.{language_source(self.wonders)}")
        switch = t("settings.language.switch", other=LANGUAGES[other_language()])
        return Text.assemble((LANGUAGES[current_language()], "bold"), f" · {source}\n{switch}")

    def _history_text(self) -> Text:
        app = self.wonders
        source = t(f"settings.history.source.{app.db_source}") if app.db_source in HISTORY_SOURCES else ""
        lines: list[str | tuple[str, str]] = [(str(app.db_path), "bold"), "\n", source, "\n"]
        store = app.store
        if store is not None:
            games = store.games()
            drafts = sum(1 for game in games if not game.finished)
            size = app.db_path.stat().st_size if app.db_path.exists() else 0
            lines.append(
                t(
                    "settings.history.holds",
                    finished=len(games) - drafts,
                    drafts=drafts,
                    size=decimal(size / 1_000_000, 1),
                )
                + "\n"
            )
        chosen, problem = read_preferences()
        if problem:
            lines += [(problem, "bold red"), "\n"]
        if app.db_source in ("--db", "WONDERS_SCORER_DB") and chosen.history:
            lines.append(t("settings.history.saved_for_later", source=app.db_source, path=chosen.history) + "\n")
        lines.append(t("settings.history.settings_file", path=preferences_path()) + "\n")
        lines.append(t("settings.history.hint"))
        return Text.assemble(*lines)

    def _dockyard_text(self) -> Text:
        store = self.wonders.store
        if store is None:
            return Text(t("settings.dockyard.not_open"))
        calibration = load_calibration(store)
        if calibration.problem:
            state = t("settings.dockyard.unreadable", problem=calibration.problem)
        elif calibration.stored and calibration.saved_at:
            saved = datetime.fromisoformat(calibration.saved_at).astimezone()
            state = t("settings.dockyard.yours", saved=saved.strftime(t("settings.saved_format")))
        else:
            state = tn("settings.dockyard.book", calibration.unconfirmed)
        return Text(f"{state}\n{t('settings.dockyard.hint')}")

    # --- actions ---------------------------------------------------------------------------------------

    def action_close(self) -> None:
        self.dismiss()

    def action_language(self) -> None:
        """English <-> Portuguese, at once, saved for the next start."""
        language = other_language()
        overridden = language_source(self.wonders)
        try:
            save_preferences({"language": language})
        except InputError as error:
            remembered = False
            self.notify(
                t("settings.language.not_remembered", error=error), severity="warning", timeout=15, markup=False
            )
        else:
            remembered = True
        self.wonders.use_language(language, "settings")
        self.refresh_lines()
        if not remembered:
            return
        name = LANGUAGES[language]
        message = (
            t("settings.language.overridden", language=name, source=overridden)
            if overridden in STARTUP_CHOICES
            else t("settings.language.switched", language=name)
        )
        self.notify(message, title=t("settings.language.switched_title"), timeout=8, markup=False)

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
        self.notify(
            t("settings.history.not_now"), title=t("settings.history.not_now_title"), severity="warning", timeout=8
        )
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
            self.notify(
                f"{error}", title=t("settings.history.not_opened_title"), severity="error", timeout=15, markup=False
            )
            return
        overridden = app.db_source if app.db_source in ("--db", "WONDERS_SCORER_DB") else None
        try:
            save_preferences({"history": str(path) if remember else None})
        except InputError as error:
            app.db_source = "settings"
            self.notify(t("settings.history.not_remembered", error=error), severity="warning", timeout=15, markup=False)
        else:
            app.db_source = "settings" if remember else "default"
            message = (
                t("settings.history.now_kept_overridden", path=path, source=overridden)
                if overridden
                else t("settings.history.now_kept", path=path)
            )
            self.notify(message, title=t("settings.history.now_kept_title"), timeout=8, markup=False)
        self.refresh_lines()


class HistoryPath(Validator):
    """A file the history can live in: an existing folder (its history.json), or a file in an existing folder."""

    def validate(self, value: str) -> ValidationResult:
        text = value.strip()
        if not text:
            return self.failure(t("settings.choose.empty"))
        path = history_file(text)
        if path.exists() and not path.is_file():
            return self.failure(t("settings.choose.not_a_file", path=path))
        if not path.parent.is_dir():
            return self.failure(t("settings.choose.no_folder", folder=path.parent))
        return self.success()


class ChooseHistoryFile(LocalisedBindings, StyledAtMount, ModalScreen[Path | None]):
    """Type the path of the history to use: an existing history is opened as it is, a new path starts one."""

    BINDINGS = [Binding("escape", "cancel", "settings.keys.cancel")]
    DEFAULT_CSS = """
    ChooseHistoryFile { align: center middle; }
    ChooseHistoryFile > Vertical {
        width: 76; height: auto; border: thick $primary; padding: 0 1; background: $surface;
    }
    ChooseHistoryFile #choose-message { color: $error; height: auto; }
    """

    def __init__(self, current: Path) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text.assemble((t("settings.choose.heading"), "bold"), "\n", t("settings.choose.explain")))
            yield Input(str(self.current), id="choose-path", validators=[HistoryPath()], validate_on=["submitted"])
            yield Static("", id="choose-message")
            yield Static(t("settings.choose.hint"), classes="settings-text")
        yield SteadyFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        result = event.validation_result
        if result is not None and not result.is_valid:
            self.query_one("#choose-message", Static).update(Text(" ".join(result.failure_descriptions)))
            return
        self.dismiss(history_file(event.value.strip()))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#choose-message", Static).update("")

    def action_cancel(self) -> None:
        self.dismiss(None)
