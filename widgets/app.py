"""WondersApp: the table companion. It owns the history store, the game in progress and the autosaver.

All rules come from `scorer`; screens only collect input into the game record and show results. A draft
is saved after every accepted edit and every step, off the UI thread, so closing the terminal loses nothing.
Its words (title, command palette, notifications) come from the catalogue in the table's language, which
Settings can change while the app runs (`use_language`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen
from textual.theme import ThemeProvider

from scorer.history.errors import HistoryError
from scorer.history.store import HistoryStore
from scorer.i18n import set_language, t
from widgets.autosave import DraftSaver

if TYPE_CHECKING:
    from scorer.flow import Step
    from scorer.model import GameRecord
    from widgets.session import GameSession


# The screens a table opens over any other (home, or mid-game): module and class, imported when first opened.
TOOLS = {
    "rulings": ("widgets.screens.rulings", "RulingsScreen"),
    "history": ("widgets.screens.history", "HistoryScreen"),
    "stats": ("widgets.screens.stats", "StatsScreen"),
    "settings": ("widgets.screens.settings", "SettingsScreen"),
}


class WondersApp(App[None]):
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("ctrl+q", "quit", "app.commands.quit", priority=True, show=False),
        # Tab moves the focus the moment the app reads it, before it hands the keys behind it to a widget: as
        # the Screen's ordinary binding it ran only once the Tab had gone down to the focused widget and back
        # up, so keys typed right behind it (a fast typist, a busy machine) reached the field being left.
        Binding("tab", "focus_next", show=False, priority=True),
        Binding("shift+tab", "focus_previous", show=False, priority=True),
    ]

    def __init__(self, db_path: Path, *, today: date | None = None, db_source: str = "default",
                 language_source: str | None = None) -> None:
        super().__init__()
        self.title = t("app.title")
        self.db_path = db_path
        self.db_source = db_source  # what chose the file: "--db", "WONDERS_SCORER_DB", "settings", "default"
        # what chose the language (scorer.i18n.LanguageChoice.source); None: not told, Settings works it out
        self.language_source = language_source
        self.today = today or date.today()
        self.store: HistoryStore | None = None
        self.session: GameSession | None = None
        self._saver: DraftSaver | None = None

    # --- lifecycle -------------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.open_history(self.db_path)

    def open_history(self, path: Path) -> None:
        """Open the history at `path` and show home; a refused or busy file gets its own screen instead."""
        from widgets.screens.home import HomeScreen
        from widgets.screens.problem import HistoryProblemScreen

        try:
            self.switch_history(path)
        except HistoryError as error:
            self.show(HistoryProblemScreen(error))
            return
        self.show(HomeScreen())

    def switch_history(self, path: Path) -> None:
        """Keep games in the history at `path` from now on. Raises HistoryError (the current one stays open)."""
        store = HistoryStore.open(path)
        self._close_store()
        self.db_path, self.store = path, store
        self._saver = DraftSaver(store.save_draft, self._autosave_failed)

    def show(self, screen: Screen[Any]) -> None:
        """Replace the current screen (the app keeps one screen at a time; dialogs stack on top)."""
        if len(self.screen_stack) <= 1:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    async def action_quit(self) -> None:
        self._close_store()
        self.exit()

    def on_unmount(self) -> None:
        self._close_store()

    def _close_store(self) -> None:
        if self._saver is not None:
            self._saver.close()
            self._saver = None
        if self.store is not None:
            self.store.close()
            self.store = None

    def _autosave_failed(self, error: Exception) -> None:
        self.call_from_thread(
            self.notify, t("app.notify.autosave_failed", error=error),
            title=t("app.notify.not_saved"), severity="error", timeout=15, markup=False,
        )

    def use_language(self, language: str, source: str) -> None:
        """Speak `language` from now on: the title at once, each screen when it is next drawn or shown."""
        set_language(language)
        self.language_source = source
        self.title = t("app.title")
        self.refresh_bindings()

    # --- the game in progress --------------------------------------------------------------------------

    def start_game(self, record: GameRecord) -> None:
        """Begin (or resume) entering this game: every change from now on is saved as a draft."""
        from widgets.session import (
            GameSession,  # loads the rules: not needed before a game starts
        )

        assert self._saver is not None
        self.session = GameSession(record.to_dict(), self._saver.submit)
        if self.session.record.progress is None:
            self.session.advance()
        self.show_step()

    def show_step(self) -> None:
        """Show the screen of the step the table is at."""
        from widgets.screens.steps import screen_for

        assert self.session is not None
        self.show(screen_for(self.session.step))

    def go_home(self) -> None:
        from widgets.screens.home import HomeScreen

        if self._saver is not None:
            self._saver.flush()
        self.session = None
        while len(self.screen_stack) > 2:  # history, stats, rulings or a dialog opened over the current screen
            self.pop_screen()
        self.show(HomeScreen())

    def finish_game(self) -> None:
        """The sheet is final: store the game as finished (one atomic write) and go home."""
        assert self.session is not None and self.store is not None and self._saver is not None
        self._saver.flush()
        self.store.finalise(self.session.record)
        self.notify(t("app.notify.game_saved"), timeout=5)
        self.go_home()

    # --- command palette -------------------------------------------------------------------------------

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=t("app.palette.search")))

    def search_themes(self) -> None:
        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder=t("app.palette.themes")))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands (theme, quit, keys, maximize, screenshot) in the table's words, then ours."""
        yield command("theme", self.action_change_theme)
        yield command("quit", self.action_quit)
        if screen.query("HelpPanel"):
            yield SystemCommand(t("app.commands.keys"), t("app.commands.keys_hide_help"), self.action_hide_help_panel)
        else:
            yield command("keys", self.action_show_help_panel)
        if screen.maximized is not None:
            yield command("minimize", screen.action_minimize)
        elif screen.focused is not None and screen.focused.allow_maximize:
            yield command("maximize", screen.action_maximize)
        yield command("screenshot", lambda: self.set_timer(0.1, self.deliver_screenshot))
        yield command("home", self.go_home)
        for tool in TOOLS:
            yield command(tool, partial(self.action_open_tool, tool))
        yield command("dockyard", self._open_calibration)
        if self.session is not None:
            from widgets.screens.steps import step_title

            for step in self.session.steps:
                yield SystemCommand(t("app.commands.go_to", step=step_title(step)), t("app.commands.go_to_help"),
                                    partial(self._go_to, step))
            if self.session.record.armada:
                yield command("coins_lost", self._open_coin_losses)

    def action_open_tool(self, name: str) -> None:
        """Open the rulings, history, stats or settings screen over the current one (Escape comes back).
        Opening it again while it is showing does nothing, so the stack never grows by repeated keys."""
        from importlib import import_module

        module, screen_class = TOOLS[name]
        screen_type = getattr(import_module(module), screen_class)
        if isinstance(self.screen, screen_type):
            return
        if self.store is None and name != "rulings":
            self.notify(t("app.notify.history_not_open"), severity="error")
            return
        self.push_screen(screen_type())

    def _open_calibration(self) -> None:
        from widgets.screens.calibration import open_calibration

        open_calibration(self)

    def _open_coin_losses(self) -> None:
        from widgets.screens.coin_losses import CoinLossDialog
        from widgets.screens.conflicts import table_track

        assert self.session is not None
        self.push_screen(CoinLossDialog(self.session.record, self.session.step.age or 1, table_track(self)))

    def _go_to(self, step: Step) -> None:
        assert self.session is not None
        self.session.go(step)
        self.show_step()


def command(name: str, callback: Callable[[], Any]) -> SystemCommand:
    """A palette command named and explained in the table's language (app.commands.<name> and <name>_help)."""
    return SystemCommand(t(f"app.commands.{name}"), t(f"app.commands.{name}_help"), callback)


def run(db_path: Path, db_source: str = "default", language_source: str | None = None) -> None:
    """Start the table app; the language is set before (scorer.i18n.set_language), `language_source` says
    what chose it (shown in Settings)."""
    WondersApp(db_path, db_source=db_source, language_source=language_source).run()
