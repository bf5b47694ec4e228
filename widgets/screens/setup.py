"""Setup: who plays, in which seat (clockwise), with which wonder and side, which expansions, which teams.

Eight seat rows; a row with no name is an empty seat. Choices are checked where they are made (a wonder
taken twice, a repeated name) and the whole table is checked with the rules before the game starts.
Back from Age I, the same screen edits the table of the game in progress (names renamed everywhere).
The table also says how it scores: age by age (each age's cards, then its conflicts) or at the end, like the
paper score pad (widgets/screens/pad.py); a pad needs no wonder fleet, so its boxes are left out then.
"""

from __future__ import annotations

import re
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Checkbox, Footer, Header, Input, Label, Select, Static

from scorer.catalog import FLEETS, fold, load_catalog, load_limits
from scorer.edits.table import Table, set_table
from scorer.errors import InputError
from scorer.flow import Step, score_pad
from scorer.i18n import local_name, t
from scorer.model import Seat
from scorer.validate import load_record
from widgets.in_turn import Dropdown, Tickbox
from widgets.localised import LocalisedBindings
from widgets.screens.base import EscapeAsksFirst
from widgets.screens.steps import step_title

if TYPE_CHECKING:
    from widgets.app import WondersApp

SEATS = 8
# Where a refusal points: this form's own fields ("seat 3 wonder") and the record's ("players[1].name").
SEAT_FIELD = re.compile(r"seat (\d+) (wonder|fleet)$")
PLAYER_FIELD = re.compile(r"players\[(\d+)\]\.(name|wonder|side|wonder_fleet)")


class SeatRow(Horizontal):
    """One seat: name, wonder, side, Dockyard wonder-fleet colour."""

    def __init__(self, seat: int, names: list[str], wonders: list[tuple[str, str]]) -> None:
        super().__init__(classes="seat", id=f"seat-{seat}")
        self.seat = seat
        self._names = names
        self._wonders = wonders

    def compose(self) -> ComposeResult:
        yield Label(f"{self.seat + 1}", classes="seat-number")
        yield Input(
            placeholder=t("setup.seat.name"),
            id=f"name-{self.seat}",
            classes="name",
            compact=True,
            max_length=load_limits().name_length,
            suggester=SuggestFromList(self._names, case_sensitive=False),
        )
        yield Dropdown(
            self._wonders, prompt=t("setup.seat.wonder"), id=f"wonder-{self.seat}", classes="wonder", compact=True
        )
        yield Dropdown(
            [("A", "A"), ("B", "B")],
            prompt=t("setup.seat.side"),
            id=f"side-{self.seat}",
            classes="side",
            compact=True,
            allow_blank=False,
            value="A",
        )
        yield Dropdown(
            [(t(f"picker.colour.{c}"), c) for c in FLEETS],
            prompt=t("setup.seat.fleet"),
            id=f"fleet-{self.seat}",
            classes="fleet armada",
            compact=True,
        )
        yield Label("", id=f"team-{self.seat}", classes="team")

    def values(self) -> dict[str, Any]:
        return {
            "name": self.query_one(".name", Input).value.strip(),
            "wonder": self.query_one(".wonder", Select).value,
            "side": self.query_one(".side", Select).value,
            "fleet": self.query_one(".fleet", Select).value,
        }

    def fill(self, values: dict[str, Any]) -> None:
        self.query_one(".name", Input).value = values.get("name", "")
        for key in ("wonder", "side", "fleet"):
            value = values.get(key)
            select = self.query_one(f".{key}", Select)
            if value is None or value == Select.NULL:
                if key != "side":
                    select.clear()
            else:
                select.value = value


class SetupScreen(EscapeAsksFirst, LocalisedBindings, Screen[None]):
    DEFAULT_CSS = """
    SetupScreen {
        #expansions { height: 1; margin: 1 1 0 1; }
        #expansions Checkbox { margin-right: 2; }
        #scoring { height: 1; margin: 0 1; }  /* under the expansions: the status line keeps two lines */
        #scoring-label { width: auto; margin-right: 1; }
        #scoring-mode { width: 44; }
        #hint { color: $text-muted; padding: 0 1; height: 1; }
        #seats { height: auto; padding: 0 1; }
        .seat { height: 1; margin-top: 1; }
        .seat-number { width: 3; color: $text-muted; }
        .seat .name { width: 20; margin-right: 1; }
        .seat .wonder { width: 20; margin-right: 1; }
        .seat .side { width: 8; margin-right: 1; }
        .seat .fleet { width: 12; height: 1; margin-right: 1; }
        .seat .fleet:disabled > SelectCurrent { display: none; }
        .seat .team { width: 8; color: $text-muted; }
        #status { height: auto; min-height: 1; padding: 0 1; color: $error; }
    }
    """
    _status_names = False  # whether the status line shows a name typed twice (which the names' reports clear)

    BINDINGS = [
        Binding("ctrl+n", "start", "setup.keys.start"),
        Binding("ctrl+up", "move(-1)", "setup.keys.seat_up"),
        Binding("ctrl+down", "move(1)", "setup.keys.seat_down"),
        Binding("escape", "back", "steps.keys.back"),
    ]

    @property
    def wonders(self) -> WondersApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        catalog = load_catalog()
        names = self._known_names()
        options = sorted(((local_name(w), w.id) for w in catalog.wonders), key=lambda option: fold(option[0]))
        yield Header()
        with Horizontal(id="expansions"):
            yield Tickbox(t("setup.leaders"), id="leaders", compact=True)
            yield Tickbox(t("setup.armada"), id="armada", compact=True)
            yield Tickbox(t("setup.teams"), id="teams", compact=True)
        with Horizontal(id="scoring"):
            yield Label(t("setup.scoring.label"), id="scoring-label")
            yield Dropdown(
                [(t("setup.scoring.ages"), "ages"), (t("setup.scoring.pad"), "pad")],
                id="scoring-mode",
                compact=True,
                allow_blank=False,
                value="ages",
            )
        yield Static(t("setup.hint"), id="hint")
        with Vertical(id="seats"):
            for seat in range(SEATS):
                yield SeatRow(seat, names, options)
        yield Static("", id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = step_title(Step("setup"))
        session = self.wonders.session
        if session is not None:
            table = Table.of(session.record)
            for name in ("leaders", "armada"):
                self.query_one(f"#{name}", Checkbox).value = name in table.expansions
            self.query_one("#teams", Checkbox).value = table.teams
            mode = self.query_one("#scoring-mode", Select)
            mode.value = "pad" if score_pad(session.record) else "ages"
            mode.disabled = True  # a game in progress changes how it scores on its own screens (the age screen's key)
            catalog = load_catalog()
            for row, seat in zip(self.query(SeatRow), table.seats):
                wonder = catalog.wonder(seat.wonder)
                row.fill(
                    {
                        "name": seat.name,
                        "wonder": wonder.id if wonder else None,
                        "side": seat.side,
                        "fleet": seat.wonder_fleet,
                    }
                )
        for box in self.query(Checkbox):  # at the tick, before the Tab read behind it looks for the next box
            self.watch(box, "value", self._show_expansions, init=False)
        self.watch(self.query_one("#scoring-mode", Select), "value", self._show_expansions, init=False)
        for select in self.query(".wonder").results(Select):
            self.watch(select, "value", partial(self._check_wonder, select), init=False)
        self._show_expansions()
        self._focus_first_empty()

    def _focus_first_empty(self) -> None:
        """Wait in the first empty seat's name (the Leaders box when all eight are filled): back at setup,
        or resuming there, the first key typed must not rename seat 1's player."""
        empty = [box for box in self.query(".name").results(Input) if not box.value.strip()]
        (empty[0] if empty else self.query_one("#leaders", Checkbox)).focus()

    def _known_names(self) -> list[str]:
        store = self.wonders.store
        seen: dict[str, str] = {}
        for summary in store.games() if store is not None else []:
            for name in summary.names:
                seen.setdefault(fold(name), name)
        return sorted(seen.values(), key=fold)

    # --- refusing bad choices where they are made ------------------------------------------------------

    @property
    def score_pad(self) -> bool:
        """Whether the table scores at the end, like the paper pad."""
        return self.query_one("#scoring-mode", Select).value == "pad"

    def _show_expansions(self) -> None:
        armada = self.query_one("#armada", Checkbox).value
        teams = self.query_one("#teams", Checkbox).value
        leaders = self.query_one("#leaders", Checkbox).value
        for select in self.query(".fleet"):
            # Kept in its place, disabled and drawn blank (app.tcss), not taken out of the layout: a box the tick
            # brings back joins the focus chain where it stands, for a Tab read right behind the tick (Textual
            # sorts the chain by place on screen, and a box just shown has none until the next layout).
            select.disabled = not armada or self.score_pad  # the pad types the Blue fleet's space itself
        fleets = armada and not self.score_pad
        self.query_one("#hint", Static).update(t("setup.hint_fleet" if fleets else "setup.hint"))
        for row in self.query(SeatRow):
            self.query_one(f"#team-{row.seat}", Label).update(
                t("setup.seat.team", team=row.seat // 2 + 1) if teams else ""
            )
        if not leaders:
            for row in self.query(SeatRow):
                wonder = load_catalog().wonder(str(row.values()["wonder"]))
                if wonder is not None and wonder.box == "leaders":
                    row.query_one(".wonder", Select).clear()
                    self.notify(t("setup.leaders_unticked", wonder=local_name(wonder)), severity="warning")

    def _check_wonder(self, select: Select[str], value: object) -> None:
        """Refuse a wonder the moment a seat takes it: another seat has it, or it needs Leaders. Checked as the
        value is set, not when its Changed report arrives: a burst that gives Gizah to seats 1 and 2 sets both
        before either report, and the refusal belongs to seat 2, as when typed slowly."""
        if value == Select.NULL:
            return
        taken = [
            row
            for row in self.query(SeatRow)
            if row.query_one(".wonder", Select) is not select and row.values()["wonder"] == value
        ]
        wonder = load_catalog().wonder(str(value))
        if taken:
            select.clear()
            self._refuse(t("setup.wonder_taken", wonder=local_name(wonder), seat=taken[0].seat + 1))
        elif wonder.box == "leaders" and not self.query_one("#leaders", Checkbox).value:
            select.clear()
            self._refuse(t("setup.wonder_needs_leaders", wonder=local_name(wonder)))

    def on_input_changed(self, event: Input.Changed) -> None:
        name = fold(event.value.strip())
        clash = [
            row
            for row in self.query(SeatRow)
            if row.query_one(".name", Input) is not event.input and name and fold(row.values()["name"]) == name
        ]
        event.input.set_class(bool(clash), "-invalid")
        if clash:
            self._show_status(t("setup.name_taken", name=event.value.strip(), seat=clash[0].seat + 1), names=True)
        elif self._status_names:
            self._show_status("")  # only the name clash this report settles: a wonder refused meanwhile stays

    def _show_status(self, message: str, *, names: bool = False) -> None:
        self.query_one("#status", Static).update(message)
        self._status_names = names

    def _refuse(self, message: str) -> None:
        self._show_status(message)
        self.notify(message, title=t("steps.notify.not_accepted"), severity="error", timeout=6, markup=False)

    # --- seats order ---------------------------------------------------------------------------------

    def action_move(self, delta: int) -> None:
        rows = list(self.query(SeatRow))
        current = next((row for row in rows if row.has_focus_within), None)
        if current is None:
            return
        target = current.seat + delta
        if not 0 <= target < len(rows):
            return
        here, there = current.values(), rows[target].values()
        focused = self.focused.id.split("-")[0] if self.focused and self.focused.id else "name"
        rows[target].query_one(".wonder", Select).clear()  # the wonder moves with its player: not "taken"
        current.fill(there)
        rows[target].fill(here)
        self.query_one(f"#{focused}-{target}").focus()

    # --- starting -------------------------------------------------------------------------------------

    def table(self) -> Table:
        """The table this setup describes; a seat with a name but no wonder (or, with Armada, no wonder
        fleet) is refused here, naming the seat as the form shows it."""
        leaders = self.query_one("#leaders", Checkbox).value
        armada = self.query_one("#armada", Checkbox).value
        seats = []
        for row in self.query(SeatRow):
            values = row.values()
            if not values["name"]:
                continue
            if values["wonder"] == Select.NULL:
                raise InputError(
                    f"seat {row.seat + 1} wonder",
                    None,
                    t("setup.allowed.wonder"),
                    label=t("setup.field.wonder", seat=row.seat + 1),
                )
            pad = self.score_pad
            if armada and not pad and values["fleet"] == Select.NULL:
                raise InputError(
                    f"seat {row.seat + 1} fleet",
                    None,
                    t("setup.allowed.fleet"),
                    label=t("setup.field.fleet", seat=row.seat + 1),
                )
            fleet = str(values["fleet"]) if armada and not pad and values["fleet"] != Select.NULL else None
            seats.append(Seat(values["name"], str(values["wonder"]), str(values["side"]), fleet))
        expansions = frozenset(name for name, on in (("leaders", leaders), ("armada", armada)) if on)
        return Table(tuple(seats), expansions, self.query_one("#teams", Checkbox).value)

    def action_start(self) -> None:
        try:
            table = self.table()
            session = self.wonders.session
            if session is None:
                record = load_record(table.record(self.wonders.today.isoformat()))
            else:
                error = session.apply(set_table(table))
                if error is not None:
                    raise error
                record = session.record
        except InputError as error:
            self._refuse(str(error))
            at_fault = self._field_at_fault(error.field)
            if at_fault is not None:
                at_fault.focus()
            return
        if session is None:
            self.wonders.start_game(record, score_pad=self.score_pad)
        else:
            session.advance()
            self.wonders.show_step()

    def _field_at_fault(self, field: str) -> Widget | None:
        """The widget holding the refused value, so the cursor waits there: a seat's wonder or fleet, the
        n-th filled seat's name, wonder or side (the record counts only filled seats), or the first empty
        name when there are too few players."""
        rows = list(self.query(SeatRow))
        if match := SEAT_FIELD.match(field):
            return self.query_one(f"#{match[2]}-{int(match[1]) - 1}")
        if match := PLAYER_FIELD.match(field):
            filled = [row for row in rows if row.values()["name"]]
            index = int(match[1])
            if index < len(filled):
                part = "fleet" if match[2] == "wonder_fleet" else match[2]
                return self.query_one(f"#{part}-{filled[index].seat}")
        if field == "players":
            return next((row.query_one(Input) for row in rows if not row.values()["name"]), None)
        return None

    def action_back(self) -> None:
        """Home, once Escape is pressed twice: a game in progress is kept as a draft, a table being set up
        is lost (nothing typed: home at once)."""
        if self.wonders.session is not None:
            self.leave_on_second_escape(t("steps.notify.escape_home"), self.wonders.go_home)
        elif any(row.values()["name"] for row in self.query(SeatRow)):
            self.leave_on_second_escape(t("steps.notify.escape_drop"), self.wonders.go_home)
        else:
            self.wonders.go_home()
