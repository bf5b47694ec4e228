"""WondersApp: the table companion. It owns the history store, the game in progress and the autosaver.

All rules come from `scorer`; screens only collect input into the game record and show results. A draft
is saved after every accepted edit and every step, off the UI thread, so closing the terminal loses nothing.
Its words (title, command palette, notifications) come from the catalogue in the table's language, which
Settings can change while the app runs (`use_language`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Iterable
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.dom import DOMNode
from textual.message import Message
from textual.screen import Screen
from textual.theme import ThemeProvider

from scorer.autosave import DraftSaver
from scorer.history.errors import FinishedGameKept, HistoryError
from scorer.history.merging import Merge
from scorer.history.store import HistoryStore
from scorer.i18n import set_language, t
from widgets import long_lived
from widgets.compat import is_registered
from widgets.sharing import Sharing

if TYPE_CHECKING:
    from scorer.catalog import DockyardTrack
    from scorer.flow import Step
    from scorer.history.settings import Calibration
    from scorer.history.summary import GameSummary
    from scorer.model import GameRecord
    from scorer.session import Draft, GameSession


# The screens a table opens over any other (home, or mid-game): module and class, imported when first opened.
TOOLS = {
    "rulings": ("widgets.screens.rulings", "RulingsScreen"),
    "history": ("widgets.screens.history", "HistoryScreen"),
    "stats": ("widgets.screens.stats", "StatsScreen"),
    "settings": ("widgets.screens.settings", "SettingsScreen"),
}


class WondersApp(App[None]):
    CSS_PATH = "app.tcss"
    ALLOW_IN_MAXIMIZED_VIEW = "SteadyFooter"  # a widget maximized keeps the keys below it, as Textual's Footer
    BINDINGS = [
        Binding("ctrl+q", "quit", "app.commands.quit", priority=True, show=False),
        # Tab moves the focus the moment the app reads it, before it hands the keys behind it to a widget: as
        # the Screen's ordinary binding it ran only once the Tab had gone down to the focused widget and back
        # up, so keys typed right behind it (a fast typist, a busy machine) reached the field being left.
        Binding("tab", "focus_next", show=False, priority=True),
        Binding("shift+tab", "focus_previous", show=False, priority=True),
        # ? and F1: what each key of the screen does (a box being typed in keeps its ?: F1 always works)
        Binding("question_mark,f1", "help", show=False),
    ]

    def __init__(
        self,
        db_path: Path,
        *,
        today: date | None = None,
        db_source: str = "default",
        language_source: str | None = None,
        correct: str | None = None,
        start: GameRecord | None = None,
    ) -> None:
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
        self._finished_elsewhere: str | None = None  # the id of the game on screen that another window finished
        self.correcting: str | None = None  # the id of the saved game being corrected: saved only by the sheet's s
        # the sheet row whose input the next step screen puts the cursor on (the sheet's e: take_landing)
        self.landing: str | None = None
        self._correct_at_start = correct  # `wonders-scorer edit ID`: that game opens at its sheet
        self._start = start  # a game in progress to open at the step it is at (its progress), not home
        self.escape_warned: object | None = None  # the screen whose Escape was said once (EscapeAsksFirst)
        self.sharing = Sharing(self)  # the game in progress shared with the phones (the Phones screen)

    # --- lifecycle -------------------------------------------------------------------------------------

    def on_mount(self) -> None:
        """Home, or straight the game the app was opened with (home is made when the table goes there)."""
        opens_a_game = self._correct_at_start is not None or self._start is not None
        if not self.open_history(self.db_path, home=not opens_a_game) or self.store is None:
            return
        if self._correct_at_start is not None:
            self.correct_game(self.store.load(self._correct_at_start))
        elif self._start is not None:
            self.start_game(self._start)

    def open_history(self, path: Path, *, home: bool = True) -> bool:
        """Open the history at `path` and show home (unless told not to); a refused or busy file gets its own
        screen instead (False)."""
        from widgets.screens.home import HomeScreen

        try:
            self.switch_history(path)
        except HistoryError as error:
            from widgets.screens.problem import HistoryProblemScreen  # only for a history that cannot be used

            self.show(HistoryProblemScreen(error))
            return False
        if home:
            self.show(HomeScreen())
        return True

    def switch_history(self, path: Path) -> None:
        """Keep games in the history at `path` from now on. Raises HistoryError (the current one stays open).
        A history that is damaged only in its summaries is refused here too: the CLI can still read it, but
        the table saves every step, and that file refuses saves until it is repaired."""
        store = HistoryStore.open(path)
        if store.damage is not None:
            store.close()
            raise store.damage
        self._close_store()
        self.db_path, self.store = store.path, store  # a link followed: the file really written
        self._saver = DraftSaver(partial(self._save_draft, store), self._autosave_failed)

    def show(self, screen: Screen[Any]) -> Awaitable[Any]:
        """Replace the current screen (the app keeps one screen at a time; dialogs stack on top); awaiting the
        result waits until `screen` is mounted."""
        if len(self.screen_stack) <= 1:
            return self.push_screen(screen)
        return self.switch_screen(screen)

    async def action_quit(self) -> None:
        await self.sharing.stop()
        self._close_store()
        self.exit()

    def on_unmount(self) -> None:
        if self.sharing.table is not None:  # quit another way than ctrl+q: the links end with the app
            self.sharing.table.end()
        self._close_store()

    def _close_store(self) -> None:
        if self._saver is not None:
            self._saver.close()
            self._saver = None
        if self.store is not None:
            self.store.close()
            self.store = None

    @property
    def saver(self) -> DraftSaver | None:
        """The autosaver of the open history (the phones' edits wait for their draft to be written)."""
        return self._saver

    def _autosave(self, draft: Draft) -> None:
        """The session's save: every change, as a draft with its memory, except over a game finished elsewhere."""
        if self._saver is not None and draft.record.id not in (self._finished_elsewhere, self.correcting):
            self._saver.submit(draft)

    def _save_draft(self, store: HistoryStore, draft: Draft) -> None:
        """The autosaver's write (off the UI thread). A draft refused because its game was finished elsewhere is
        handed to the UI by message, which does not wait for the UI thread (it may be flushing this very save)."""
        try:
            store.save_draft_with_memory(draft.record, draft.memory)
        except FinishedGameKept as error:
            self.post_message(DraftRefused(error.summary, draft.record))

    def _autosave_failed(self, error: Exception) -> None:
        self.call_from_thread(
            self.notify,
            t("app.notify.autosave_failed", error=error),
            title=t("app.notify.not_saved"),
            severity="error",
            timeout=15,
            markup=False,
        )

    def action_help(self) -> None:
        """? or F1: the help of the screen on top (not of a help already open)."""
        from widgets.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def use_language(self, language: str, source: str) -> None:
        """Speak `language` from now on: the title at once, each screen when it is next drawn or shown."""
        set_language(language)
        self.language_source = source
        self.title = t("app.title")
        self.refresh_bindings()

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Restyle a node whose classes changed, unless it is not mounted yet: mounting styles it and all it
        holds (App._register), so a class set while a widget is built was styled twice. Textual's Input sets
        its -valid class as it is made, and each restyled the new box against the whole stylesheet (about a
        fifth of building a Rulings tab's seats)."""
        if node is self or is_registered(self, node):
            super().update_styles(node, animate)

    async def on_event(self, event: events.Event) -> None:
        """Any key but Escape forgets an Escape said once: the next Escape asks again."""
        if isinstance(event, events.Key) and not event.is_forwarded and event.key != "escape":
            self.escape_warned = None
        await super().on_event(event)

    # --- the game in progress --------------------------------------------------------------------------

    def calibration(self) -> Calibration | None:
        """The table's Dockyard calibration, from its history (None: no history open, the book's values)."""
        from scorer.history.settings import load_calibration  # deferred like the store it reads

        return load_calibration(self.store) if self.store is not None else None

    @property
    def track(self) -> DockyardTrack:
        """The Dockyard values this table plays with: the game session's while a game is entered (the session
        owns its table's context), else the history's calibration (the rulings opened from home)."""
        if self.session is not None:
            return self.session.track
        from scorer.catalog import load_catalog

        calibration = self.calibration()
        return calibration.track() if calibration is not None else load_catalog().dockyard

    def recalibrated(self) -> None:
        """The table saved another Dockyard calibration: the game in progress scores with it from now on."""
        if self.session is not None:
            self.session.recalibrate(self.calibration())

    def start_game(self, record: GameRecord, memory: dict[str, Any] | None = None, *, score_pad: bool = False) -> None:
        """Begin (or resume, with the `memory` its last session kept: its undo) entering this game: every
        change from now on is saved as a draft. `score_pad`: a new game the table scores at the end, like the
        paper pad (its first step is the pad)."""
        from scorer.session import (
            GameSession,  # loads the rules: not needed before a game starts
        )

        assert self._saver is not None
        self.sharing.stop_soon()  # the phones shared another game: its links end
        self.session = GameSession(record.to_dict(), self._autosave, memory, self.calibration())
        if score_pad:
            from scorer.edits.pad import start_score_pad

            error = self.session.apply(start_score_pad(self.session.game()))
            assert error is None, f"a new table's score pad is refused: {error}"
        if self.session.record.progress is None:
            self.session.advance()
        self.show_step()

    def correct_game(self, record: GameRecord, cell: tuple[str, str] | None = None) -> None:
        """Reopen a saved finished game at its sheet to correct it (the table said so in History), or at the step
        of `cell` (player, sheet row) as the sheet's `e` goes there. Nothing is written until the sheet's `s`,
        which stores the correction under the same id and keeps the saved version in the game's corrections;
        leaving without it changes nothing. History and the past sheet close first."""
        from scorer.flow import Step

        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.correcting = record.id
        self.start_game(dataclasses.replace(record, progress=Step("sheet").to_dict()))
        if cell is not None:
            self.call_after_refresh(self._edit_cell, *cell)

    def _edit_cell(self, player: str, row: str) -> None:
        from widgets.screens.sheet import SheetScreen

        if isinstance(self.screen, SheetScreen):
            self.screen.edit_cell(player, row)

    def take_landing(self) -> str | None:
        """The sheet row the sheet's `e` (or History's) asked the step now shown to land on, once."""
        row, self.landing = self.landing, None
        return row

    def show_step(self) -> Awaitable[Any]:
        """Show the screen of the step the table is at (await it to wait until it is mounted)."""
        from widgets.screens.steps import screen_for

        assert self.session is not None
        return self.show(screen_for(self.session.step))

    def go_home(self) -> None:
        from widgets.screens.home import HomeScreen

        self.sharing.stop_soon(keep_saved=True)  # the game is left: the phones' links end (once read, if saved)
        if self._saver is not None:
            self._saver.flush()
        self.session = None
        self.correcting = None
        while len(self.screen_stack) > 2:  # history, stats, rulings or a dialog opened over the current screen
            self.pop_screen()
        self.show(HomeScreen())

    def finish_game(self) -> None:
        """The sheet is final: store the game as finished (one atomic write) and go home; if another window
        finished a different version of it meanwhile, that one is kept and the table is asked what to do. A
        history that refuses the write (read-only, say) leaves the table on the sheet, told why."""
        assert self.session is not None and self.store is not None and self._saver is not None
        self._saver.flush()
        try:
            said, record = "app.notify.game_saved", self.session.ended()  # its end and play time
            if self.correcting == record.id:  # the saved version goes into its corrections
                changed = self.store.correct(record) is Merge.CORRECTS
                said = "app.notify.game_corrected" if changed else "app.notify.game_unchanged"
            else:
                self.store.finalise(record)  # drops the draft's undo memory in the same write
        except FinishedGameKept as error:
            self._finished_elsewhere = error.summary.id
            self._offer_new_game(error.summary, self.session.record)
            return
        except HistoryError as error:  # read-only, busy, disk full: the sheet stays, nothing is lost
            self.notify(
                t("app.notify.finish_failed", error=error),
                title=t("app.notify.not_saved"),
                severity="error",
                timeout=15,
                markup=False,
            )
            return
        self.notify(t(said, id=record.id[:8]), timeout=5)
        self.sharing.finish()  # the phones keep the final sheet, marked saved
        self.go_home()
        self._show_result(record.id)

    def _show_result(self, game_id: str) -> None:
        """The saved game's result over home: its sheet, the winners and the tie-break, read-only, until the
        table leaves it (Escape: home). Saving does not take the sheet away."""
        from widgets.screens.past_game import open_past_game

        assert self.store is not None
        open_past_game(self, self.store.summary(game_id), t("sheet.result.saved_title"))

    def on_draft_refused(self, message: DraftRefused) -> None:
        """An autosave found its game finished by another window (an import, a CLI save): that game is kept as
        stored, nothing more is saved over it, and the table is asked once what to do with what it typed."""
        if self._finished_elsewhere == message.summary.id:
            return
        self._finished_elsewhere = message.summary.id
        self._offer_new_game(message.summary, message.record)

    def _offer_new_game(self, summary: GameSummary, record: GameRecord) -> None:
        from scorer.history.errors import describe_game
        from widgets.dialogs.confirm import ConfirmDialog

        question = t("app.finished_elsewhere.question", game=describe_game(summary))
        self.push_screen(
            ConfirmDialog(question, t("app.finished_elsewhere.keep"), t("app.finished_elsewhere.leave")),
            partial(self._keep_as_new_game, record),
        )

    def _keep_as_new_game(self, record: GameRecord, keep: bool | None) -> None:
        """Yes: what the table typed goes on as a new game, saved again from now on (the last refused draft,
        if the table has left the game meanwhile); no: the finished game is left as it is, the typing unsaved."""
        if not keep:
            self.notify(
                t("app.finished_elsewhere.left"), title=t("app.notify.not_saved"), severity="warning", timeout=10
            )
            return
        import uuid

        new_id = str(uuid.uuid4())
        if self.session is not None and self.session.record.id == record.id:
            self.session.keep_as_new_game(new_id)
        elif self._saver is not None:
            from scorer.session import Draft

            self._saver.submit(Draft(dataclasses.replace(record, id=new_id), {}))
        self.notify(t("app.finished_elsewhere.kept", id=new_id[:8]), timeout=8)

    # --- command palette -------------------------------------------------------------------------------

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]  # App[object]: App is invariant
            self.push_screen(CommandPalette(id="--command-palette", placeholder=t("app.palette.search")))

    def search_themes(self) -> None:
        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder=t("app.palette.themes")))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands (theme, quit, keys, maximize, screenshot) in the table's words, then ours."""
        yield command("theme", self.action_change_theme)
        yield command("quit", self.action_quit)
        yield command("keys", self.action_help)  # our help of the screen, not Textual's keys panel
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
                yield SystemCommand(
                    t("app.commands.go_to", step=step_title(step)),
                    t("app.commands.go_to_help"),
                    partial(self._go_to, step),
                )
            if self.session.record.armada:
                yield command("coins_lost", self._open_coin_losses)
            yield SystemCommand(t("phones.tui.command"), t("phones.tui.command_help"), self.action_phones)

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

    def action_phones(self) -> None:
        """Open the Phones screen over the step on screen (sharing goes on when it is left)."""
        from widgets.screens.phones import PhonesScreen

        if self.session is not None and not isinstance(self.screen, PhonesScreen):
            self.push_screen(PhonesScreen())

    def _open_calibration(self) -> None:
        from widgets.screens.calibration import open_calibration

        open_calibration(self)

    def _open_coin_losses(self) -> None:
        from widgets.screens.coin_losses import CoinLossDialog

        assert self.session is not None
        self.push_screen(CoinLossDialog(self.session.record, self.session.step.age or 1, self.session.track))

    def _go_to(self, step: Step) -> None:
        assert self.session is not None
        self.session.go(step)
        self.show_step()


class DraftRefused(Message):
    """Posted from the autosaver's thread: `record` was not saved, its game `summary` is finished elsewhere."""

    def __init__(self, summary: GameSummary, record: GameRecord) -> None:
        super().__init__()
        self.summary = summary
        self.record = record


def command(name: str, callback: Callable[[], Any]) -> SystemCommand:
    """A palette command named and explained in the table's language (app.commands.<name> and <name>_help)."""
    return SystemCommand(t(f"app.commands.{name}"), t(f"app.commands.{name}_help"), callback)


def run(
    db_path: Path, db_source: str = "default", language_source: str | None = None, correct: str | None = None
) -> None:
    """Start the table app; the language is set before (scorer.i18n.set_language), `language_source` says
    what chose it (shown in Settings); `correct` opens that finished game at its sheet (`edit ID`)."""
    long_lived.collect_less()
    WondersApp(db_path, db_source=db_source, language_source=language_source, correct=correct).run()
