"""The history file could not be opened: say why, never touch it, offer a fresh file beside it or quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from scorer.errors import InputError
from scorer.history import HistoryError, HistoryLocked, HistoryRefused
from scorer.i18n import t
from scorer.preferences import save_preferences
from widgets.localised import LocalisedBindings

if TYPE_CHECKING:
    from widgets.app import WondersApp


class HistoryProblemScreen(LocalisedBindings, Screen[None]):
    BINDINGS = [
        Binding("f", "fresh", "app.problem.keys.fresh"),
        Binding("r", "retry", "app.problem.keys.retry"),
        Binding("q", "app.quit", "app.problem.keys.quit"),
    ]

    def __init__(self, error: HistoryError) -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        yield Header()
        lines = [f"{t('app.problem.heading')}\n\n{self.error}\n"]
        if isinstance(self.error, HistoryRefused):
            lines.append(t("app.problem.fresh", path=self.error.fresh_path))
        if isinstance(self.error, HistoryLocked):
            lines.append(t("app.problem.locked"))
        yield Static("\n".join(lines), id="problem", markup=False)
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
            later = t("app.problem.later_option", path=fresh)
        else:
            try:
                save_preferences({"history": str(fresh)})
            except InputError as error:
                later = t("app.problem.later_not_remembered", error=error, path=fresh)
            else:
                app.db_source = "settings"
                later = t("app.problem.later_remembered")
        app.notify(t("app.problem.now_kept", path=fresh, later=later), title=t("app.problem.fresh_title"), timeout=20,
                   markup=False)

    def action_retry(self) -> None:
        app: WondersApp = self.app  # type: ignore[assignment]
        app.open_history(app.db_path)
