"""The history file could not be opened: say why, never touch it, offer a fresh file beside it or quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from scorer.errors import InputError
from scorer.history import HistoryError, HistoryLocked, HistoryRefused
from scorer.preferences import save_preferences
from widgets.localised import LocalisedBindings

if TYPE_CHECKING:
    from widgets.app import WondersApp


class HistoryProblemScreen(LocalisedBindings, Screen[None]):
    BINDINGS = [
        Binding("f", "fresh", "Start a fresh history"),
        Binding("r", "retry", "Try again"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, error: HistoryError) -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        yield Header()
        lines = [f"The history could not be opened.\n\n{self.error}\n"]
        if isinstance(self.error, HistoryRefused):
            lines.append(f"Press f to start a fresh history at:\n  {self.error.fresh_path}\n"
                         "The old file stays exactly as it is.")
        if isinstance(self.error, HistoryLocked):
            lines.append("Another window is saving to this history. Press r to try again.")
        yield Static("\n".join(lines), id="problem")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "fresh":
            return isinstance(self.error, HistoryRefused)
        if action == "retry":
            return isinstance(self.error, HistoryLocked)
        return True

    def action_fresh(self) -> None:
        assert isinstance(self.error, HistoryRefused)
        app: WondersApp = self.app  # type: ignore[assignment]
        fresh = self.error.fresh_path
        app.open_history(fresh)
        if app.store is None:
            return  # the fresh file could not be made either: its own problem screen says why
        if app.db_source in ("--db", "WONDERS_SCORER_DB"):
            later = f"Next time, start with: wonders-scorer --db {fresh} (or set WONDERS_SCORER_DB to it)."
        else:
            try:
                save_preferences({"history": str(fresh)})
            except InputError as error:
                later = f"It could not be remembered for next time ({error}): start with --db {fresh}."
            else:
                app.db_source = "settings"
                later = "The app opens it from now on (Settings can change that)."
        app.notify(f"Games are now kept in {fresh}. {later}", title="Fresh history", timeout=20, markup=False)

    def action_retry(self) -> None:
        app: WondersApp = self.app  # type: ignore[assignment]
        app.open_history(app.db_path)
