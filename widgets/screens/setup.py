"""Setup: who plays, in which seat (clockwise), with which wonder and side, which expansions, which teams.

Eight seat rows; a row with no name is an empty seat. Choices are checked where they are made (a wonder
taken twice, a repeated name) and the whole table is checked with the rules before the game starts.
Back from Age I, the same screen edits the table of the game in progress (names renamed everywhere).
The table also says how it scores: age by age (each age's cards, then its conflicts) or at the end, like the
paper score pad (widgets/screens/pad.py); a pad needs no wonder fleet, so its boxes are not asked for then
(those already chosen are kept with the game, for the next game's ctrl+l).

A new game can start from the last one (scorer.seating): ctrl+l seats the last game's table (names, wonders,
sides, fleets, expansions, teams), and ctrl+r deals the wonders nobody has taken to the players without one.
ctrl+l replaces the whole table, after asking when names are typed already, rather than filling only the
empty boxes: a table is a whole (seat order, one wonder each, teams of neighbours), and merging last game's
into a half-typed one would seat a returning player twice or split a team. ctrl+z puts the form back as it
was before the last of those two keys, so a deal the table dislikes is taken back and dealt again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches, WrongType
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select, Static

from scorer.catalog import FLEETS, fold, load_catalog, load_limits
from scorer.edits.table import Table, set_table
from scorer.errors import InputError
from scorer.flow import Step, score_pad
from scorer.history.errors import HistoryError
from scorer.i18n import local_name, t
from scorer.model import Seat
from scorer.seating import SetupSeat, SetupTable, deal_wonders, last_game, setup_table
from scorer.validate import load_record
from widgets.compat import StyledAtMount
from widgets.dialogs.confirm import ConfirmDialog
from widgets.in_turn import Dropdown, Tickbox
from widgets.key_order import keys_handled
from widgets.localised import LocalisedBindings
from widgets.screens.base import EscapeAsksFirst
from widgets.screens.steps import step_title
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from scorer.history import GameSummary
    from widgets.app import WondersApp

SEATS = 8
TICKS = ("leaders", "armada", "teams")
# ctrl+↑/↓ as one Footer entry: with the last table, the deal and undo, seven keys cut "esc Back" at 80 columns
SEAT_KEYS = Binding.Group("setup.keys.seat", compact=True)
TOP_ROW = frozenset({"leaders", "armada", "teams"})  # the tick boxes above the seats: ↑ from seat 1 reaches them
SEAT_COLUMNS = frozenset({"wonder", "side", "fleet"})  # a seat's lists: ↑/↓ walk each column


class SeatRow(Horizontal):
    """One seat: name, wonder, side, Dockyard wonder-fleet colour."""

    def __init__(self, seat: int, names: list[str], wonders: list[tuple[str, str]], *, fleets: bool) -> None:
        """`fleets`: whether the fleet box starts asked for (the table plays Armada, age by age)."""
        super().__init__(classes="seat", id=f"seat-{seat}")
        self.seat = seat
        self._names = names
        self._wonders = wonders
        self._fleets = fleets

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
        side = Dropdown(
            [("A", "A"), ("B", "B")],
            prompt=t("setup.seat.side"),
            id=f"side-{self.seat}",
            classes="side",
            compact=True,
            allow_blank=False,
            value="A",
        )
        side.letters = {"a": "A", "b": "B"}  # a letter chooses without opening the list
        yield side
        fleet = Dropdown(
            [(t(f"picker.colour.{c}"), c) for c in FLEETS],
            prompt=t("setup.seat.fleet"),
            id=f"fleet-{self.seat}",
            classes="fleet armada",
            compact=True,
            # made as the screen will show it: disabling a mounted box restyles it and its four parts
            disabled=not self._fleets,
        )
        fleet.letters = {c[0]: c for c in FLEETS}  # r, y, b, g: the fleet keys of the age screen (^r…)
        yield fleet
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


@dataclass(frozen=True, slots=True)
class Form:
    """What the setup shows: each seat row's values (SeatRow.values) and the expansions' and teams' ticks."""

    rows: tuple[dict[str, Any], ...]
    ticks: tuple[tuple[str, bool], ...]


class SetupScreen(EscapeAsksFirst, LocalisedBindings, StyledAtMount, Screen[None]):
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
    _last: GameSummary | None = None  # the last game played (scorer.seating.last_game), for a new game only
    _before: Form | None = None  # the form before the last ctrl+l or ctrl+r, for ctrl+z

    BINDINGS = [
        Binding("ctrl+n", "start", "setup.keys.start"),
        Binding("ctrl+l", "last_table", "setup.keys.last_table"),
        Binding("ctrl+r", "deal", "setup.keys.deal"),
        Binding("ctrl+z", "undo", "setup.keys.undo"),
        Binding("escape", "back", "steps.keys.back"),
        # last in the Footer: a group's words are drawn with no gap after them
        Binding("ctrl+up", "move(-1)", "setup.keys.seat_up", group=SEAT_KEYS),
        Binding("ctrl+down", "move(1)", "setup.keys.seat_down", group=SEAT_KEYS),
        # In a seat's name box, Down and Enter go to the next seat's name and Up to the one before, as the
        # Rulings screen's seats do: a table types its names down the list (Tab still walks name, wonder, side).
        Binding("down", "name_box(1)", show=False, priority=True),
        Binding("enter", "name_box(1, False)", show=False, priority=True),  # Enter on a tick box ticks it
        Binding("up", "name_box(-1)", show=False, priority=True),
    ]

    @property
    def wonders(self) -> WondersApp:
        return self.app  # type: ignore[return-value]

    def __init__(self) -> None:
        super().__init__()
        self.deals = random.Random()  # the wonders' deal: the system's entropy, a seed in tests

    def compose(self) -> ComposeResult:
        catalog = load_catalog()
        store = self.wonders.store
        games = store.games() if store is not None else []
        names = self._known_names(games)
        session = self.wonders.session
        if session is None:  # a game in progress keeps its own table
            self._last = last_game(games, self.wonders.today)
        options = sorted(((local_name(w), w.id) for w in catalog.wonders), key=lambda option: fold(option[0]))
        fleets = session is not None and session.record.armada and not score_pad(session.record)
        yield TitleBar()
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
                yield SeatRow(seat, names, options, fleets=fleets)
        yield Static("", id="status")
        # compact, and without the palette's entry as the age screen: ctrl+p still opens it, and its words cut "esc
        # Back" at 80 columns once the last table, the deal and undo are offered
        yield SteadyFooter(compact=True, show_command_palette=False)

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

    @staticmethod
    def _known_names(games: list[GameSummary]) -> list[str]:
        seen: dict[str, str] = {}
        for summary in games:
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
            # The pad types the Blue fleet's space itself: its fleets are not asked for, but those chosen stay
            # (kept with the game), so the next game's "last table" (ctrl+l) seats them again.
            select.disabled = not armada or self.score_pad
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
        if wonder is None:  # the menu offers the catalogue's wonders only
            return
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

    # --- the last table, the deal, and taking either back ---------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """ctrl+l only when there is a last game to seat (none in an empty history, nor back from Age I);
        ctrl+z only when there is a fill or a deal to take back."""
        if action == "last_table":
            return self._last is not None
        if action == "undo":
            return self._before is not None
        if action == "name_box":  # only from a name box (or the ticks above), in the form: else the key goes on
            from_top = parameters[1] if len(parameters) > 1 else True
            return isinstance(step := parameters[0], int) and self._name_box(step, from_top is True) is not None
        return True

    def _name_box(self, step: int, from_top: bool = True) -> Widget | None:
        """The name box `step` seats below (above) the focused name box, if the focus is in one; ↑ from the
        first seat goes up to the Leaders box (the expansions and the scoring mode above the seats), and ↓
        from a box of that top row comes back down to the first seat."""
        focused = self.focused
        if focused is not None and focused.id in TOP_ROW:
            return self.query_one("#name-0", Input) if step > 0 and from_top else None
        if isinstance(focused, Dropdown) and not focused.expanded and from_top:
            return self._same_column(focused, step)
        if not isinstance(focused, Input) or focused.id is None or not focused.id.startswith("name-"):
            return None
        seat = int(focused.id.removeprefix("name-")) + step
        if seat < 0:
            return self.query_one("#leaders")
        try:  # query_one finds an id without matching every node (query did: 0.9 ms a call, profiled)
            return self.query_one(f"#name-{seat}", Input)
        except (NoMatches, WrongType):
            return None

    def _same_column(self, box: Dropdown, step: int) -> Widget | None:
        """↑/↓ on a seat's closed wonder, side or fleet list: the same list of the seat above (below), so a
        fleet column filled after ticking Armada is walked down, not Tabbed back along every seat (Enter
        and Space still open the list)."""
        column, _, seat = (box.id or "").rpartition("-")
        if column not in SEAT_COLUMNS or not seat.isdigit():
            return None
        try:
            found = self.query_one(f"#{column}-{int(seat) + step}", Select)
        except (NoMatches, WrongType):
            return None
        return None if found.disabled else found

    async def action_name_box(self, step: int, from_top: bool = True) -> None:
        """Waits for the keys read before it (widgets.key_order), then moves the focus at once, so the letters
        read behind it go to the new box: `Ana↓Ben` typed in one read seats Ana and Ben, not 'AnaBen'."""
        await keys_handled(self)
        box = self._name_box(step, from_top)
        focused = self.focused
        if box is None and isinstance(focused, Dropdown) and focused.expanded:
            focused.move_highlight(step)  # the list opened by a key read before this one: the arrow is its
            return
        if box is not None:
            self.set_focus(box)

    def action_last_table(self) -> None:
        """Seat the last game's table; names typed already are replaced only once the table says so."""
        store = self.wonders.store
        if self._last is None or store is None:
            return
        try:
            table = setup_table(store.load(self._last.id))
        except (HistoryError, InputError) as error:  # deleted or damaged since the screen opened
            self._refuse(str(error))
            return
        day = self._last.played_on
        if not any(row.values()["name"] for row in self.query(SeatRow)):
            self._seat(table, day)
            return
        question = t("setup.last.replace", day=day, players=", ".join(seat.name for seat in table.seats))
        self.app.push_screen(
            ConfirmDialog(question, t("setup.last.yes"), t("setup.last.no")),
            lambda replace: self._seat(table, day) if replace else None,
        )

    def _seat(self, table: SetupTable, day: str | None) -> None:
        """Show `table` in the form, the seats it leaves empty cleared, and keep the form before it for ctrl+z."""
        before = self._form()
        seats = [{"name": s.name, "wonder": s.wonder, "side": s.side or "A", "fleet": s.fleet} for s in table.seats]
        empty = {"name": "", "side": "A"}
        ticks = (*((name, name in table.expansions) for name in ("leaders", "armada")), ("teams", table.teams))
        self._show_form(Form((*seats, *[empty] * (SEATS - len(seats))), ticks))
        self._keep_for_undo(before)
        self.notify(t("setup.last.seated", day=day), timeout=6, markup=False)
        self._focus_first_empty()

    def action_deal(self) -> None:
        """Deal a free wonder, and a side, to every seated player without a wonder (a side shown beside no
        wonder is the box's default, not a choice); the players who have one keep it and its side."""
        rows = [row for row in self.query(SeatRow) if row.values()["name"]]
        if not rows:
            self._refuse(t("setup.deal.no_players"))
            return
        seats = []
        for row in rows:
            values = row.values()
            wonder = None if values["wonder"] == Select.NULL else str(values["wonder"])
            seats.append(SetupSeat(values["name"], wonder, str(values["side"]) if wonder else None))
        if all(seat.wonder for seat in seats):
            self._refuse(t("setup.deal.all_have_one"))
            return
        expansions = frozenset(name for name in ("leaders", "armada") if self.query_one(f"#{name}", Checkbox).value)
        dealt = deal_wonders(SetupTable(tuple(seats), expansions), self.deals)
        before = self._form()
        for row, seat, was in zip(rows, dealt.seats, seats):
            if seat.wonder is not None and was.wonder is None:
                row.query_one(".wonder", Select).value = seat.wonder
                row.query_one(".side", Select).value = seat.side or "A"
        self._keep_for_undo(before)
        left = [str(row.seat + 1) for row, seat in zip(rows, dealt.seats) if seat.wonder is None]
        if left:
            self._refuse(t("setup.deal.none_left", seats=", ".join(left)))
        else:
            self._show_status("")  # a refusal shown before the deal no longer holds
            self.notify(t("setup.deal.dealt"), timeout=6, markup=False)

    def action_undo(self) -> None:
        """The form as it was before the last ctrl+l or ctrl+r (whatever was typed since goes with it)."""
        if self._before is None:
            return
        self._show_form(self._before)
        self._keep_for_undo(None)
        self.notify(t("setup.undone"), timeout=4, markup=False)
        self._focus_first_empty()  # as when the screen opens: the next key typed renames no one

    def _keep_for_undo(self, form: Form | None) -> None:
        self._before = form
        self.refresh_bindings()

    def _form(self) -> Form:
        ticks = tuple((name, self.query_one(f"#{name}", Checkbox).value) for name in TICKS)
        return Form(tuple(row.values() for row in self.query(SeatRow)), ticks)

    def _show_form(self, form: Form) -> None:
        """Show `form`: every wonder is cleared first, so a wonder moving to another seat is not refused as
        taken by the seat it leaves, and the ticks are set before the wonders, so Rome finds Leaders ticked."""
        for select in self.query(".wonder").results(Select):
            select.clear()
        for name, ticked in form.ticks:
            self.query_one(f"#{name}", Checkbox).value = ticked
        for row, values in zip(self.query(SeatRow), form.rows):
            row.fill(values)
        self._show_status("")

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
                    path=("seat", row.seat, "wonder"),
                )
            pad = self.score_pad
            if armada and not pad and values["fleet"] == Select.NULL:
                raise InputError(
                    f"seat {row.seat + 1} fleet",
                    None,
                    t("setup.allowed.fleet"),
                    label=t("setup.field.fleet", seat=row.seat + 1),
                    path=("seat", row.seat, "fleet"),
                )
            fleet = str(values["fleet"]) if armada and values["fleet"] != Select.NULL else None
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
            at_fault = self._field_at_fault(error)
            if at_fault is not None:
                at_fault.focus()
            return
        if session is None:
            self.wonders.start_game(record, score_pad=self.score_pad)
        else:
            session.advance()
            self.wonders.show_step()

    def _field_at_fault(self, error: InputError) -> Widget | None:
        """The widget holding the refused value, so the cursor waits there: a seat's wonder or fleet, the
        n-th filled seat's name, wonder or side (the record counts only filled seats), or the first empty
        name when there are too few players."""
        rows = list(self.query(SeatRow))
        match error.path:
            case ("seat", int(seat), "wonder" | "fleet" as part):
                return self.query_one(f"#{part}-{seat}")
            case ("players", int(index), "name" | "wonder" | "side" | "wonder_fleet" as part, *_):
                filled = [row for row in rows if row.values()["name"]]
                if index < len(filled):
                    return self.query_one(f"#{'fleet' if part == 'wonder_fleet' else part}-{filled[index].seat}")
            case ("players",):  # too few players
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
