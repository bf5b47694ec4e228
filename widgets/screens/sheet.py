"""The score sheet: rows × players as the paper pad has them, with totals, places, the winner and the why.

It is `scorer.rules.sheet.score_game` of the record being entered, scored with the table's Dockyard
calibration when one is stored, so the numbers are exactly those `wonders-scorer score` prints for the same
record. It is computed again every time the screen is shown: after an edit (e jumps to the step where that
input is entered), after undo, after a new calibration.

Enter opens a cell's account and rulings; s stores the finished game in the history; Escape goes back to the
end of the game. Up to 8 players fit 80 columns: names are shortened (keeping them distinct) and the
highlighted cell's full name is spelled out under the table.

SheetView is the sheet itself (grid, result, notes); a past game's sheet in the history shows the same view,
read-only (widgets/screens/past_game.py).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import DataTable, Static

from scorer.errors import InputError
from scorer.flow import Step, score_pad
from scorer.history.errors import HistoryError
from scorer.history.settings import Calibration
from scorer.i18n import ordinal, t, tn
from scorer.model import GameRecord
from scorer.rules.sheet import AgeConflicts, Sheet, winner_words
from scorer.ruling import age_name
from widgets.dialogs.confirm import ConfirmDialog
from widgets.screens.base import StepScreen
from widgets.screens.cell_detail import ROWS, CellDetail, PickAge, row_label, sentence, signed
from widgets.steady_footer import SteadyFooter
from widgets.text_fit import shorten
from widgets.title_bar import TitleBar

SCREEN_WIDTH = 80
NAME_WIDTH_MAX = 12
LABELS = "__row__"  # the column key of the row names
QUICK_ROWS = frozenset({"civilian", "commercial", "guilds", "science"})  # typed at the end with quick counts


def label_width() -> int:
    """The row names' column: as wide as the longest name in the table's language."""
    return max(len(row_label(row)) for row in ROWS)


def column_width(players: int) -> int:
    """Widest player column (without its padding) that lets every column fit 80 columns."""
    room = SCREEN_WIDTH - (label_width() + 2) - 2
    return max(4, min(NAME_WIDTH_MAX, room // max(players, 1) - 2))


def short_names(names: list[str], widths: dict[str, int]) -> dict[str, str]:
    """Each name cut to its width; names that would look alike keep their ends too ('Alex…a', 'Alex…e')."""
    short = {name: shorten(name, widths[name]) for name in names}
    for name in names:
        clash = [other for other in names if short[other] == short[name]]
        if len(clash) < 2:
            continue
        width = min(widths[other] for other in clash)
        for tail in range(1, width - 1):
            tried = {other: other[: width - 1 - tail] + "…" + other[-tail:] for other in clash}
            if len(set(tried.values())) == len(clash):
                short.update(tried)
                break
    return short


class SheetTable(DataTable[Any]):
    """The sheet's grid: Enter opens the highlighted cell (shown in the Footer, unlike DataTable's own)."""

    BINDINGS = [Binding("enter", "select_cursor", "sheet.keys.how", show=True)]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="cell", zebra_stripes=False, fixed_columns=1, **kwargs)


class SheetView(Vertical):
    """The sheet as the table reads it: the grid, the highlighted cell spelled out, the teams, the result in
    words and the notes. The game in progress (SheetScreen) and a past game (PastGameScreen) both show it;
    `editable` says whether e can correct the input behind a cell."""

    DEFAULT_CSS = """
    SheetView {
        height: auto;
        #sheet-table { height: auto; max-height: 16; margin: 0 1; }
        #sheet-cursor { height: 1; padding: 0 1; color: $text-muted; }
        #sheet-teams, #sheet-result { height: auto; padding: 0 1; }
        #sheet-notes { height: auto; padding: 0 1; color: $warning; }
    }
    """

    sheet: Sheet

    def __init__(self, *, editable: bool) -> None:
        super().__init__()
        self.editable = editable

    def compose(self) -> ComposeResult:
        yield SheetTable(id="sheet-table")
        yield Static("", id="sheet-cursor")
        yield Static("", id="sheet-teams")
        yield Static("", id="sheet-result")
        yield Static("", id="sheet-notes")

    def show(self, sheet: Sheet, record: GameRecord, calibration: Calibration | None) -> None:
        """Fill the view with `sheet` (scored from `record` with `calibration`), keeping the cursor's cell."""
        self.sheet = sheet
        table = self.query_one(SheetTable)
        keep = table.cursor_coordinate if table.row_count else Coordinate(0, 0)
        names = [p.name for p in sheet.players]
        width = column_width(len(names))
        widths = {n: width - (1 if n in sheet.winners else 0) for n in names}
        short = short_names(names, widths)

        # Row names are a plain first column, not DataTable row labels: labels added after a clear() can
        # stay unrendered until the cursor passes (a stale row cache in Textual 8.2).
        table.clear(columns=True)
        table.add_column("", key=LABELS, width=label_width())
        for name in names:
            star = "★" if name in sheet.winners else ""
            label = Text(star + short[name], style="bold" if star else "", justify="right")
            table.add_column(label, key=name, width=width)
        for row in sheet.rows:
            table.add_row(row_label(row), *(_number(p.rows[row].value) for p in sheet.players), key=row)
        table.add_row(
            Text(row_label("total"), style="bold"), *(_number(p.total, "bold") for p in sheet.players), key="total"
        )
        coins = (_number(p.coins, "" if record.coins(p.name) is not None else "bold red") for p in sheet.players)
        table.add_row(row_label("coins"), *coins, key="coins")
        table.add_row(
            row_label("place"), *(_place(p.rank, p.name in sheet.winners) for p in sheet.players), key="place"
        )
        table.move_cursor(
            row=min(keep.row, table.row_count - 1), column=min(max(keep.column, 1), len(names)), animate=False
        )

        self.query_one("#sheet-teams", Static).update(self._teams_line())
        self.query_one("#sheet-teams").display = bool(sheet.teams)
        self.query_one("#sheet-result", Static).update(self._result_line())
        notes = _notes(record, calibration)
        self.query_one("#sheet-notes", Static).update(notes)
        self.query_one("#sheet-notes").display = bool(notes.plain)
        self._show_cursor()

    def _teams_line(self) -> Text:
        """Teams by place, with their totals (their coins appear in the tie-break when they matter)."""
        line = Text.assemble((t("sheet.teams.heading") + " ", "bold"))
        for i, team in enumerate(sorted(self.sheet.teams, key=lambda team: team.rank)):
            won = team.members[0] in self.sheet.winners
            line.append(" · " if i else "")
            line.append_text(
                sentence(
                    "sheet.teams.entry",
                    bold=("members", "total") if won else (),
                    place=ordinal(team.rank),
                    members=("★" if won else "") + "+".join(team.members),
                    total=team.total,
                )
            )
        return line

    def _result_line(self) -> Text:
        """The tie-break in words when the top is tied; otherwise who won and by how much. Two lines at most:
        a tie of many long names is said in short here and in full on the Place cell (Enter)."""
        tie = [r.summary for r in self.sheet.rulings if r.rule_id == "final.tie-break"]
        if tie:
            head = t("sheet.result.tie_break") + " "
            text = tie[0]
            if len(text) > 2 * (SCREEN_WIDTH - 2) - len(head):
                entries = self.sheet.teams or self.sheet.players
                top = max(entry.total for entry in entries)
                sharing = sum(1 for entry in entries if entry.rank == 1)
                if sharing == 1:
                    text = t("sheet.result.coins_decide", total=top)
                else:
                    shared = "sheet.result.shared_teams" if self.sheet.teams else "sheet.result.shared_players"
                    text = t(shared, total=top, count=sharing)
            return Text.assemble((head, "bold"), text)
        won = winner_words(self.sheet)
        assert won is not None  # no tie-break ruling: someone won outright
        said = sentence(won.key, bold=("team", "player"), **won.params)
        return Text.assemble(("★ ", "bold"), said)

    def on_data_table_cell_highlighted(self, event: DataTable.CellHighlighted) -> None:
        if event.data_table.cursor_column == 0:  # the row names are not a cell of the sheet: stay on a player
            event.data_table.move_cursor(column=1, animate=False)
            return
        self._show_cursor()

    def _show_cursor(self) -> None:
        player, row = self.cursor_cell()
        value = self.query_one(SheetTable).get_cell(row, player)
        hint = t("sheet.cursor.how" if row in ("total", "place") or not self.editable else "sheet.cursor.how_edit")
        self.query_one("#sheet-cursor", Static).update(
            sentence(
                "sheet.cursor.line",
                bold=("player", "value"),
                player=player,
                row=row_label(row),
                value=value.plain.strip(),
                hint=hint,
            )
        )

    def cursor_cell(self) -> tuple[str, str]:
        """(player name, row key) under the cursor."""
        table = self.query_one(SheetTable)
        key = table.coordinate_to_cell_key(table.cursor_coordinate)
        return str(key.column_key.value), str(key.row_key.value)


def _notes(record: GameRecord, calibration: Calibration | None) -> Text:
    """What the table should know about these numbers: missing inputs, and which Dockyard values score."""
    notes: list[str] = []
    missing_ages = _missing_ages(record)
    if missing_ages:
        notes.append(t("sheet.notes.missing_ages", ages=missing_ages))
    no_coins = [n for n in record.names if record.coins(n) is None]
    if len(no_coins) > 3:
        notes.append(t("sheet.notes.no_coins_many", count=len(no_coins)))
    elif no_coins:
        notes.append(t("sheet.notes.no_coins", players=", ".join(no_coins)))
    if record.corrections:  # as `show` says it: this is not the sheet first saved
        notes.append(tn("sheet.notes.corrected", len(record.corrections)))
    if record.note:
        notes.append(f"“{record.note}”")
    if record.armada and calibration is not None:
        if calibration.problem:
            notes.append(t("sheet.notes.calibration_unreadable"))
        elif not calibration.stored and calibration.unconfirmed:
            notes.append(tn("sheet.notes.unchecked", calibration.unconfirmed))
    return Text(" ".join(notes), style="bold")


def save_picture(screen: Screen[Any], record: GameRecord, sheet: Sheet) -> None:
    """`i` on a sheet (in game, saved, the result): the sheet as a PNG for the group chat, kept in a `pictures`
    folder beside the history (scorer.picture.picture_beside), drawn and written off the UI thread."""
    history: Path | None = getattr(screen.app, "db_path", None)
    if history is not None:
        screen.run_worker(partial(_write_picture, screen, record, sheet, history), thread=True, group="picture")


def _write_picture(screen: Screen[Any], record: GameRecord, sheet: Sheet, history: Path) -> None:
    from scorer.picture import picture_beside, sheet_picture, write_picture

    path = picture_beside(history, record)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_picture(sheet_picture(record, sheet), path, history)
    except (OSError, InputError, HistoryError) as error:
        said = t("sheet.picture.failed", path=path, error=getattr(error, "strerror", None) or error)
        screen.app.call_from_thread(screen.notify, said, severity="error", timeout=10, markup=False)
        return
    screen.app.call_from_thread(screen.notify, t("sheet.picture.saved", path=path), timeout=10, markup=False)


def _missing_ages(record: GameRecord) -> str:
    """The ages not entered yet, named as the rulebook does ('Age II, Age III'), or ''."""
    return ", ".join(age_name(age) for age in (1, 2, 3) if age not in record.ages)


class SheetScreen(StepScreen):
    BINDINGS = [
        Binding("e", "edit", "sheet.keys.edit"),
        Binding("s", "save", "sheet.keys.save"),
        Binding("d", "calibrate", "sheet.keys.dockyard"),
        Binding("n", "note", "note.keys.note"),
        # not in the footer, which 80 columns fill in Portuguese: the result shown after s offers it
        Binding("i", "picture", "sheet.keys.picture", show=False),
    ]

    sheet: Sheet
    _shown = -1  # the session's version on screen

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield SheetView(editable=True)
        yield SteadyFooter(
            compact=True, show_command_palette=False
        )  # ctrl+p still opens the palette; its Footer entry would cut a key at 80 columns

    def on_mount(self) -> None:
        self.show_sheet()
        self.query_one(SheetTable).focus()

    def on_screen_resume(self) -> None:
        # Back from a dialog, or from the calibration screen: the record or the Dockyard values may differ.
        if self.is_mounted and self.wonders.session is not None and self._shown != self.session.version:
            self.show_sheet()

    def reload(self) -> None:
        self.show_sheet()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.wonders.session is None:
            return False  # saved: home is on its way
        if action == "next":
            return False  # the sheet is the last step; s saves
        if action == "calibrate":
            return self.session.record.armada
        return True

    # --- showing ---------------------------------------------------------------------------------------

    def show_sheet(self) -> None:
        """The session's sheet: the record scored with the table's Dockyard values (the book's until the
        table calibrates), as of the session's version shown."""
        self._shown = self.session.version
        self.sheet = self.session.sheet()
        self.query_one(SheetView).show(self.sheet, self.session.record, self.session.calibration)

    def cursor_cell(self) -> tuple[str, str]:
        """(player name, row key) under the cursor."""
        return self.query_one(SheetView).cursor_cell()

    # --- actions ---------------------------------------------------------------------------------------

    def on_data_table_cell_selected(self, event: DataTable.CellSelected) -> None:
        event.stop()
        player, row = self.cursor_cell()

        def edit_requested(edit: bool | None) -> None:
            if edit:
                self.action_edit()

        self.app.push_screen(CellDetail(self.sheet, self.session.record, player, row), edit_requested)

    def action_edit(self) -> None:
        """Go to the step where this input is entered, with this player in progress there."""
        player, row = self.cursor_cell()
        record = self.session.record
        if row in ("total", "place"):
            self.notify(t("sheet.edit.computed", row=row_label(row)), timeout=5)
            return
        if score_pad(record):  # every box of a game scored at the end is on its pad
            self._edit_at(Step("pad"), player, row)
            return
        if row in ("military", "naval"):
            ages = [age for age in self.sheet.ages if age.naval is not None or row == "military"]
            if len(ages) <= 1:
                self._edit_at(Step("age", ages[0].age if ages else 1), player, row)
                return
            lines = [(age.age, self._age_line(age, player, row)) for age in ages]
            self.app.push_screen(
                PickAge(t("sheet.edit.which_age", player=player, row=row_label(row)), lines),
                partial(self._edit_in_age, player, row),
            )
            return
        end = record.end.get(player)
        if row in ("treasury", "coins") or (row in QUICK_ROWS and end is not None and end.quick is not None):
            self._edit_at(Step("end"), player, row)
        else:
            last_age = max(step.age or 0 for step in self.session.steps if step.kind == "age")
            self._edit_at(Step("age", last_age), player, row)

    def edit_cell(self, player: str, row: str) -> None:
        """`e` on the cell of `player` and `row` (a game reopened from History at the cell to correct)."""
        table = self.query_one(SheetTable)
        table.cursor_coordinate = Coordinate(table.get_row_index(row), table.get_column_index(player))
        self.action_edit()

    def _age_line(self, age: AgeConflicts, player: str, row: str) -> str:
        """What the table sees when choosing the age: that age's strength and tokens for this player."""
        none = t("sheet.edit.no_token")
        if row == "military":
            tokens = age.ground.tokens[player]
            return tn(
                "sheet.edit.ground_line",
                age.ground_strength[player].value,
                tokens=" ".join(map(signed, tokens)) or none,
            )
        assert age.naval is not None and age.naval_strength is not None  # only ages with a Naval Conflict are offered
        token = age.naval.tokens.get(player, 0)
        return t(
            "sheet.edit.naval_line", strength=age.naval_strength[player].value, token=signed(token) if token else none
        )

    def _edit_in_age(self, player: str, row: str, age: int | None) -> None:
        if age:
            self._edit_at(Step("age", age), player, row)

    def _edit_at(self, step: Step, player: str, row: str) -> None:
        """Go to `step` with the cursor on `player`'s box for `row` (each step screen takes the landing)."""
        self.session.go(step, player=player)
        self.wonders.landing = row
        self.notify(t("sheet.edit.here", player=player, row=row_label(row), sheet=t("steps.title.sheet")), timeout=8)
        self.wonders.show_step()

    def _finish_if(self, yes: bool | None) -> None:
        if yes:
            self.wonders.finish_game()

    def action_picture(self) -> None:
        save_picture(self, self.session.record, self.sheet)

    def action_note(self) -> None:
        """The game's one-line note, kept with the game like any edit (undo takes it back)."""
        from widgets.dialogs.note import NoteDialog

        self.app.push_screen(NoteDialog(self.session.record.note), self._noted)

    def _noted(self, note: str | None) -> None:
        from scorer.edits.note import set_note

        if note is None or note == (self.session.record.note or ""):
            return
        error = self.session.apply(set_note(note or None))
        if error is not None:
            self.notify(str(error), severity="error", markup=False)
            return
        self.show_sheet()
        self.notify(t("note.saved" if note else "note.cleared"), timeout=4)

    def action_save(self) -> None:
        """Store the game as finished; ask first when something is still missing."""
        record = self.session.record
        missing = ", ".join(n for n in record.names if record.coins(n) is None)
        ages = _missing_ages(record)
        if not missing and not ages:
            self.wonders.finish_game()
            return
        question = t(
            "sheet.save.both" if missing and ages else "sheet.save.coins" if missing else "sheet.save.ages",
            players=missing,
            ages=ages,
        )
        self.app.push_screen(
            ConfirmDialog(question, t("sheet.save.yes"), t("sheet.save.no")),
            self._finish_if,
        )

    def action_calibrate(self) -> None:
        from widgets.screens.calibration import open_calibration

        open_calibration(self.app)


def _number(value: int, style: str = "") -> Text:
    return Text(str(value), style=style, justify="right")


def _place(rank: int, won: bool) -> Text:
    return Text(ordinal(rank), style="bold" if won else "", justify="right")
