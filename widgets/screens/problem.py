"""The history file could not be opened: say why, never touch it, offer a fresh file beside it or quit; a
damaged one may also be repaired into a new file (the core's repair: every game whose checksum holds)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from scorer.errors import InputError
from scorer.history import HistoryDamaged, HistoryError, HistoryLocked, HistoryRefused
from scorer.i18n import t, tn
from scorer.preferences import save_preferences
from widgets.compat import StyledAtMount
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from widgets.app import WondersApp


class HistoryProblemScreen(LocalisedBindings, StyledAtMount, Screen[None]):
    DEFAULT_CSS = """
    HistoryProblemScreen {
        #problem { padding: 1 2; }
    }
    """
    BINDINGS = [
        Binding("f", "fresh", "app.problem.keys.fresh"),
        Binding("p", "repair", "app.problem.keys.repair"),
        Binding("r", "retry", "app.problem.keys.retry"),
        Binding("q", "app.quit", "app.problem.keys.quit"),
    ]

    def __init__(self, error: HistoryError) -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        yield TitleBar()
        lines = [f"{t('app.problem.heading')}\n\n{self.error}\n"]
        if isinstance(self.error, HistoryRefused):
            lines.append(t("app.problem.fresh", path=self.error.fresh_path))
        if isinstance(self.error, HistoryDamaged):
            lines.append(t("app.problem.repair", path=self.error.repaired_path))
        if isinstance(self.error, HistoryLocked):
            lines.append(t("app.problem.locked"))
        yield Static("\n".join(lines), id="problem", markup=False)
        yield SteadyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "fresh":
            return isinstance(self.error, HistoryRefused)
        if action == "repair":
            return isinstance(self.error, HistoryDamaged)
        if action == "retry":
            return isinstance(self.error, HistoryLocked)
        return True

    def action_fresh(self) -> None:
        assert isinstance(self.error, HistoryRefused)
        self._keep_games_in(self.error.fresh_path, "", t("app.problem.fresh_title"))

    def action_repair(self) -> None:
        """The same as `wonders-scorer repair -o NEW`, into the new file the error names; then games go there."""
        from scorer.history.repair import repair

        assert isinstance(self.error, HistoryDamaged)
        try:
            report = repair(self.error.path, self.error.repaired_path)
        except (HistoryError, InputError, OSError) as error:
            self.app.notify(
                t("app.problem.repair_failed", error=error),
                title=t("app.problem.repair_title"),
                severity="error",
                timeout=20,
                markup=False,
            )
            return
        done = tn("app.problem.repaired", report.copied, lost=len(report.lost))
        if report.lost:
            games = ", ".join(f"{game.game_id[:8]} ({game.played_on or '?'})" for game in report.lost)
            done += " " + tn("app.problem.repaired_lost", len(report.lost), games=games)
        self._keep_games_in(report.target, done + " ", t("app.problem.repair_title"))

    def _keep_games_in(self, path: Path, done: str, title: str) -> None:
        """Open the history at `path` and remember it for the next start (unless --db or the variable chose
        this one), saying so after `done`."""
        app: WondersApp = self.app  # type: ignore[assignment]
        app.open_history(path)
        if app.store is None:
            return  # that file could not be opened either: its own problem screen says why
        if app.db_source in ("--db", "WONDERS_SCORER_DB"):
            later = t("app.problem.later_option", path=path)
        else:
            try:
                save_preferences({"history": str(path)})
            except InputError as error:
                later = t("app.problem.later_not_remembered", error=error, path=path)
            else:
                app.db_source = "settings"
                later = t("app.problem.later_remembered")
        app.notify(done + t("app.problem.now_kept", path=path, later=later), title=title, timeout=20, markup=False)

    def action_retry(self) -> None:
        app: WondersApp = self.app  # type: ignore[assignment]
        app.open_history(app.db_path)
