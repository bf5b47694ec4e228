"""A finished game's score sheet, from the history: the sheet the table saw, to settle "who won in March?".

It is the in-game sheet's own view (SheetView), read-only: the stored record scored now with
`scorer.rules.sheet.score_game` and the table's Dockyard calibration, exactly as the sheet of a game in
progress and `wonders-scorer show` score it. Enter on a cell opens how it was computed, with its rulings;
d opens the Dockyard calibration (Armada games), and the sheet follows a new one; e corrects the game at the
step of the cell under the cursor (after asking); Escape goes back to the list.

Open it with `open_past_game(app, summary)`: a game that cannot be read or scored with the current rules is
not opened, and the table is told why.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable

from scorer.errors import InputError
from scorer.history.errors import HistoryError
from scorer.history.settings import Calibration, load_calibration
from scorer.history.summary import GameSummary
from scorer.i18n import t
from scorer.model import GameRecord
from scorer.rules.sheet import Sheet, score_game
from scorer.text import inert, inert_record
from widgets.compat import StyledAtMount
from widgets.localised import LocalisedBindings
from widgets.screens.cell_detail import CellDetail
from widgets.screens.sheet import SheetTable, SheetView, save_picture
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar


def table_calibration(app: App[Any]) -> Calibration | None:
    """The table's Dockyard calibration, from its history, to score a past game with (None when the history is
    not open: the book's). No game is being entered here: the history is what holds the table's values."""
    store = getattr(app, "store", None)
    return load_calibration(store) if store is not None else None


def open_past_game(app: App[Any], summary: GameSummary, title: str) -> None:
    """Push the sheet of the stored finished game `summary` (title bar: `title`), or notify why it cannot be."""
    store = getattr(app, "store", None)
    why = summary.problem
    if why is None and store is not None:
        try:
            record = inert_record(store.load(summary.id))  # names from another table's file, shown inert
            calibration = table_calibration(app)
            sheet = score(record, calibration)
        except (HistoryError, InputError) as error:
            why = str(error)
        except Exception as error:
            why = t("sheet.past.cannot_score", error=error)
        else:
            app.push_screen(PastGameScreen(record, sheet, calibration, title, summary))
            return
    app.notify(
        inert(t("sheet.past.cannot_open", why=why or t("sheet.past.history_not_open"))),
        severity="error",
        timeout=10,
        markup=False,
    )


def score(record: GameRecord, calibration: Calibration | None) -> Sheet:
    """The record scored with the table's Dockyard values (the book's when there is no calibration)."""
    return score_game(record, track=calibration.track() if calibration is not None else None)


class PastGameScreen(LocalisedBindings, StyledAtMount, Screen[None]):
    BINDINGS = [
        Binding("escape", "back", "sheet.keys.back"),
        Binding("d", "calibrate", "sheet.keys.dockyard"),
        Binding("e", "correct", "history_screen.keys.correct"),
        Binding("n", "note", "note.keys.note"),
        Binding("i", "picture", "sheet.keys.picture"),
    ]

    def __init__(
        self, record: GameRecord, sheet: Sheet, calibration: Calibration | None, title: str, summary: GameSummary
    ) -> None:
        super().__init__()
        self.record, self.sheet, self.calibration, self.summary = record, sheet, calibration, summary
        self.sub_title = title

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield SheetView(editable=False)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one(SheetView).show(self.sheet, self.record, self.calibration)
        self.query_one(SheetTable).focus()

    def on_screen_resume(self) -> None:
        """Back from the calibration screen: score again if the table's Dockyard values changed."""
        calibration = table_calibration(self.app)
        if not self.is_mounted or calibration == self.calibration:
            return
        try:
            self.sheet = score(self.record, calibration)
        except Exception as error:
            why = t("sheet.past.cannot_score", error=error)
            self.notify(t("sheet.past.cannot_open", why=why), severity="error", markup=False)
            return
        self.calibration = calibration
        self.query_one(SheetView).show(self.sheet, self.record, calibration)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "calibrate":
            return self.record.armada
        return True

    def on_data_table_cell_selected(self, event: DataTable.CellSelected) -> None:
        event.stop()
        player, row = self.query_one(SheetView).cursor_cell()
        self.app.push_screen(CellDetail(self.sheet, self.record, player, row, editable=False))

    def action_back(self) -> None:
        self.dismiss()

    def action_correct(self) -> None:
        """Correct this game, once the table says so: it reopens at the step of the cell under the cursor."""
        from widgets.screens.history import ask_to_correct

        ask_to_correct(self.app, self.summary, self.query_one(SheetView).cursor_cell())

    def action_picture(self) -> None:
        save_picture(self, self.record, self.sheet)

    def action_note(self) -> None:
        """The game's one-line note (widgets.dialogs.note), shown under the sheet once stored."""
        from widgets.dialogs.note import note_saved_game

        note_saved_game(self, self.summary, self._noted)

    def _noted(self, summary: GameSummary) -> None:
        self.summary, self.record = summary, replace(self.record, note=summary.note and inert(summary.note))
        self.query_one(SheetView).show(self.sheet, self.record, self.calibration)

    def action_calibrate(self) -> None:
        from widgets.screens.calibration import open_calibration

        open_calibration(self.app)
