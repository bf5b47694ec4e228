"""Dockyard calibration (rules-reference §9): the table types once what its Dockyard board shows.

The rulebook confirms only some of the track's values; the others shipped in rules_data/dockyard.toml are
placeholders. This screen lays the track out as the board does — each fleet a line, spaces 1 to 6 left to
right — pre-filled with the values in use (the table's saved calibration, else the book's). A value nobody
has checked carries a "?" until the table types it or confirms it with Enter. Saved in the history
database, it scores every later game (the sheet, `score`, the history's summaries).

Keys: digits type (the first digit replaces the value, like a selected field), Backspace erases, Enter
confirms a cell and moves on, arrows move, ctrl+s saves, r puts the book's values back, Escape leaves
(asking first if something changed).

Open it with `open_calibration(app)`: it is pushed over the current screen and pops itself when done, so the
table lands back where it was (home, or the sheet, which then scores with the new values).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label, Static

from scorer.errors import InputError
from scorer.history.settings import (
    FIELDS,
    SPACES,
    Calibration,
    book_rows,
    check_value,
    load_calibration,
    save_calibration,
)
from scorer.i18n import t, tn
from widgets.compat import StyledAtMount
from widgets.dialogs.confirm import ConfirmDialog
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from widgets.app import WondersApp

KEYS = tuple(field.key for field in FIELDS)
TOPS = {field.key: field.top for field in FIELDS}
FLEETS = {field.key: field.fleet for field in FIELDS}


def cell_name(key: str, position: int) -> str:
    """'Blue VP, space 5': how messages name a cell, the way the board reads."""
    return t(
        "calibration.cell",
        fleet=t(f"calibration.fleet.{FLEETS[key]}"),
        field=t(f"calibration.field.{key}"),
        position=position,
    )


def refusal(cell: ValueCell) -> str:
    """Why the value in `cell` cannot be on the board, and what can."""
    name, top = cell_name(cell.key, cell.position), TOPS[cell.key]
    if not cell.text:
        return t("calibration.refused_empty", cell=name, top=top)
    return t("calibration.refused", cell=name, value=cell.text, top=top)


def saved_day(saved_at: str) -> str:
    """The day a calibration was saved, written the local way (as stored when it cannot be read as a date)."""
    try:
        return date.fromisoformat(saved_at[:10]).strftime(t("calibration.date_format"))
    except ValueError:
        return saved_at[:10]


def open_calibration(app: App[Any]) -> None:
    """Show the calibration screen over whatever is on screen (home, or a game's sheet); Escape returns there."""
    if getattr(app, "store", None) is None:
        app.notify(t("calibration.not_open"), severity="error")
        return
    app.push_screen(CalibrationScreen())


class ValueCell(Widget, can_focus=True):
    """One value on the board: up to two digits, "?" in front while unconfirmed.

    A small widget rather than an Input: the grid has 48 of them (an Input each made the screen take half a
    second to open), and only digits are typed here, so every letter reaches the screen's keys (r).
    """

    BINDINGS = [
        Binding("enter", "confirm", "calibration.keys.confirm"),
        Binding("backspace", "erase", "calibration.keys.erase", show=False),
    ]

    text: reactive[str] = reactive("")
    unconfirmed: reactive[bool] = reactive(False)

    class Changed(Message):
        """The table typed in this cell."""

        def __init__(self, cell: ValueCell) -> None:
            super().__init__()
            self.cell = cell

    class Confirmed(Message):
        """Enter: the value shown is what the board shows."""

        def __init__(self, cell: ValueCell) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, key: str, position: int, value: int, unconfirmed: bool) -> None:
        super().__init__(
            id=f"cell-{key}-{position}", classes="dock-value -unconfirmed" if unconfirmed else "dock-value"
        )
        self.key = key
        self.position = position
        self.loaded = str(value)  # the value the screen opened with
        self.set_reactive(ValueCell.text, str(value))
        self.set_reactive(ValueCell.unconfirmed, unconfirmed)
        self._fresh = True  # the next digit replaces the value, as typing over a selected field does

    def render(self) -> Text:
        mark = "?" if self.unconfirmed else ""
        pad = " " * (3 - len(mark) - len(self.text))
        return Text.assemble(pad, (mark, "bold"), self.text, " ")

    def watch_unconfirmed(self, unconfirmed: bool) -> None:
        self.set_class(unconfirmed, "-unconfirmed")

    def on_focus(self) -> None:
        self._fresh = True

    def on_key(self, event: events.Key) -> None:
        if event.character is None or not event.character.isdigit():
            return  # not ours: arrows, r, ctrl+s … go on to the screen
        event.stop()
        event.prevent_default()
        self.text = event.character if self._fresh or len(self.text) >= 2 else self.text + event.character
        self._fresh = False
        self.post_message(self.Changed(self))

    def action_erase(self) -> None:
        self.text = self.text[:-1]
        self._fresh = False
        self.post_message(self.Changed(self))

    def action_confirm(self) -> None:
        self.post_message(self.Confirmed(self))

    def show(self, value: str, unconfirmed: bool) -> None:
        """Set from outside (the book's values): not the table's typing, so no Changed message."""
        self.text, self.unconfirmed, self._fresh = value, unconfirmed, True


class CalibrationScreen(LocalisedBindings, StyledAtMount, Screen[None]):
    DEFAULT_CSS = """
    CalibrationScreen {
        #dock-intro { padding: 0 1; margin-bottom: 1; color: $text-muted; }
        #dock-grid {
            grid-size: 7; grid-columns: 30 7 7 7 7 7 7; grid-rows: 1; grid-gutter: 0;
            height: auto; padding: 0 1;
        }
        .dock-head { text-style: bold; }
        .dock-space { width: 3; text-align: right; }
        .dock-value {
            width: 4; height: 1;
            &:focus { background: $accent; color: $text; }
            &.-unconfirmed { color: $warning; text-style: italic; }
            &.-invalid { color: $error; text-style: bold reverse; }
        }
        #dock-status {
            margin-top: 1; padding: 0 1; height: auto;
            &.-error { color: $error; text-style: bold; }
        }
    }
    """
    BINDINGS = [
        Binding("ctrl+s", "save", "calibration.keys.save"),
        Binding("r", "book", "calibration.keys.book"),
        Binding("escape", "leave", "calibration.keys.back"),
        Binding("up", "move(-1, 0)", "calibration.keys.line_up", show=False),
        Binding("down", "move(1, 0)", "calibration.keys.line_down", show=False),
        Binding("left", "move(0, -1)", "calibration.keys.space_left", show=False),
        Binding("right", "move(0, 1)", "calibration.keys.space_right", show=False),
    ]

    @property
    def wonders(self) -> WondersApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        store = self.wonders.store
        assert store is not None
        self.calibration: Calibration = load_calibration(store)
        self.loaded_unconfirmed = frozenset(
            (key, row["position"]) for row in self.calibration.rows for key in row["unconfirmed"]
        )
        yield TitleBar()
        yield Static(t("calibration.intro"), id="dock-intro")
        fleets = {fleet: t(f"calibration.fleet.{fleet}") for fleet in FLEETS.values()}
        width = max(map(len, fleets.values())) + 1  # the labels line up after the longest fleet name
        with Grid(id="dock-grid"):
            yield Label(t("calibration.space"), classes="dock-label dock-head")
            for position in SPACES:
                yield Label(str(position), classes="dock-head dock-space")
            for field in FIELDS:
                yield Label(
                    Text.assemble(
                        (fleets[field.fleet].ljust(width), f"bold {field.fleet}"), t(f"calibration.field.{field.key}")
                    ),
                    classes="dock-label",
                )
                for row in self.calibration.rows:
                    unconfirmed = (field.key, row["position"]) in self.loaded_unconfirmed
                    yield ValueCell(field.key, row["position"], row[field.key], unconfirmed)
        yield Static("", id="dock-status")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self._show_status()
        self.query_one(ValueCell).focus()

    def cell(self, key: str, position: int) -> ValueCell:
        return self.query_one(f"#cell-{key}-{position}", ValueCell)

    # --- what the table types --------------------------------------------------------------------------

    def on_value_cell_changed(self, event: ValueCell.Changed) -> None:
        event.cell.unconfirmed = False  # typed from the board: checked
        if self._check(event.cell) is not None:
            self._show_status()

    def on_value_cell_confirmed(self, event: ValueCell.Confirmed) -> None:
        if self._check(event.cell) is None:
            return
        event.cell.unconfirmed = False
        self._show_status()
        self.focus_next(ValueCell)

    def _check(self, cell: ValueCell) -> int | None:
        """The cell's value if the board can show it; otherwise marked, with the reason in the status line."""
        try:
            value = check_value(cell.key, cell.position, cell.text)
        except InputError:
            cell.add_class("-invalid")
            self._say(refusal(cell), error=True)
            return None
        cell.remove_class("-invalid")
        return value

    @property
    def unconfirmed(self) -> set[tuple[str, int]]:
        return {(cell.key, cell.position) for cell in self.query(ValueCell) if cell.unconfirmed}

    @property
    def changed(self) -> bool:
        """Whether leaving now would lose something the table typed or confirmed."""
        return self.unconfirmed != self.loaded_unconfirmed or any(
            cell.text != cell.loaded for cell in self.query(ValueCell)
        )

    def _show_status(self) -> None:
        wrong = next((cell for cell in self.query(ValueCell) if cell.has_class("-invalid")), None)
        if wrong is not None:
            self._check(wrong)  # a refusal stays on screen until it is fixed
            return
        left = len(self.unconfirmed)
        checked = tn("calibration.status.left", left) if left else t("calibration.status.all_checked")
        if self.calibration.problem:
            origin = t("calibration.status.unreadable", problem=self.calibration.problem)
        elif self.calibration.stored:
            origin = t("calibration.status.yours", saved=saved_day(self.calibration.saved_at or ""))
        else:
            origin = t("calibration.status.book")
        line = "calibration.status.unsaved" if self.changed else "calibration.status.line"
        self._say(t(line, origin=origin, checked=checked))

    def _say(self, message: str, *, error: bool = False) -> None:
        status = self.query_one("#dock-status", Static)
        status.update(Text(message))
        status.set_class(error, "-error")

    def action_move(self, lines: int, spaces: int) -> None:
        """Arrows: the neighbouring cell on the board (fleet lines up and down, spaces left and right)."""
        focused = self.focused
        if not isinstance(focused, ValueCell):
            return
        line = KEYS.index(focused.key) + lines
        position = focused.position + spaces
        if 0 <= line < len(KEYS) and position in SPACES:
            self.cell(KEYS[line], position).focus()

    # --- keys ------------------------------------------------------------------------------------------

    def rows(self) -> list[dict[str, Any]]:
        """The grid as calibration rows; raises InputError naming the first cell a board cannot show."""
        rows = []
        for position in SPACES:
            row: dict[str, Any] = {"position": position}
            for key in KEYS:
                row[key] = check_value(key, position, self.cell(key, position).text)
            row["unconfirmed"] = [key for key in KEYS if self.cell(key, position).unconfirmed]
            rows.append(row)
        return rows

    def action_save(self) -> None:
        """Save the grid, or name the first cell (space by space) a board cannot show and focus it."""
        store = self.wonders.store
        assert store is not None
        cells = (self.cell(key, position) for position in SPACES for key in KEYS)
        wrong = next((cell for cell in cells if check_value_or_none(cell) is None), None)
        if wrong is not None:
            self._say(t("calibration.not_saved", refusal=refusal(wrong)), error=True)
            self.notify(
                t("calibration.allowed", cell=cell_name(wrong.key, wrong.position), top=TOPS[wrong.key]),
                title=t("calibration.not_saved_title"),
                severity="error",
                timeout=8,
            )
            wrong.focus()
            return
        save_calibration(store, self.rows())
        self.wonders.recalibrated()
        left = len(self.unconfirmed)
        self.notify(tn("calibration.saved_unchecked", left) if left else t("calibration.saved"), timeout=6)
        self.dismiss()

    def action_book(self) -> None:
        """Put the rulebook's values (and its unconfirmed marks) back; saving is still up to the table."""
        for row in book_rows():
            for key in KEYS:
                cell = self.cell(key, row["position"])
                cell.show(str(row[key]), key in row["unconfirmed"])
                cell.remove_class("-invalid")
        self._show_status()
        self.notify(t("calibration.book_back"), timeout=4)

    def action_leave(self) -> None:
        if not self.changed:
            self.dismiss()
            return
        self.app.push_screen(
            ConfirmDialog(t("calibration.leave"), t("calibration.leave_yes"), t("calibration.leave_no")),
            lambda leave: leave and self.dismiss(),
        )


def check_value_or_none(cell: ValueCell) -> int | None:
    try:
        return check_value(cell.key, cell.position, cell.text)
    except InputError:
        return None
