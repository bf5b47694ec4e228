"""The Ground tab of the Rulings screen: the age, each player's shields, incursions, teams and Tomyris.

Seats are clockwise, so a player's neighbours and the players two seats away (the only ones an incursion
can reach) follow from the rows' order: the incursion and team choices offer only what the seating
allows and change as names are typed. The engine is scorer.rules.ground.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from scorer.catalog import load_catalog, load_limits
from scorer.i18n import t
from scorer.rules.ground import Incursion, resolve_ground_conflicts, two_seats_away
from scorer.ruling import age_name
from widgets.compat import ListMadeWhenOpened
from widgets.dialogs.yes_no import yes_no
from widgets.screens.conflicts import tokens_text
from widgets.screens.rulings_seats import Problems, SeatPane, Settled, WholeNumber, piece_name
from widgets.toggles import GlyphCheckbox

MOST_SHIELDS = 99
NO_TEAMS = -1
NO_INCURSION = -1
TEAM_SIZES = (4, 6, 8)
# The Armada rulebook's team example (Rules for Playing in Teams): Paula sits between Gabriel (her right) and
# Romeo (her left); Paula and Gabriel are a team; in Age II Gabriel plays the Quay (2 shields), whose
# Incursion goes to the player left of his left neighbour: Romeo. The book gives no shields: these are ours.
EXAMPLE_AGE = 2
EXAMPLE = (("Gabriel", 2), ("Paula", 3), ("Romeo", 1), ("Ann", 4))
EXAMPLE_INCURSION = ("Gabriel", "Romeo")
COLUMNS = ("player", "ground.shields", "ground.tokens", "ground.total")  # of the answer: rulings_screen.<column>


def no_choice(value: int) -> tuple[str, int]:
    """The first option of the team and incursion choices: none."""
    return t("rulings_screen.ground.none"), value


class GroundPane(SeatPane):
    TITLE = "rulings_screen.ground.title"
    KEY = "ground"

    DEFAULT_CSS = """
    GroundPane .ruling-form { width: 38; }
    GroundPane .ground-teams { width: 1fr; }
    GroundPane .ground-incursion { width: 11; margin-right: 1; }
    """

    def __init__(self, names: list[str]) -> None:
        super().__init__(names)
        self._offered: dict[str, list[tuple[str, int]]] = {}  # the options each Select was last given, by its id

    def compose_form(self) -> ComposeResult:
        with Horizontal(classes="form-row"):
            yield Label(t("rulings_screen.age_ended"), classes="form-label")
            yield WholeNumber(1, 3, id="ground-age", classes="seat-value")
        with Horizontal(classes="form-row"):
            yield Label(t("rulings_screen.ground.teams"), classes="form-label")
            yield ListMadeWhenOpened(
                [no_choice(NO_TEAMS)],
                value=NO_TEAMS,
                allow_blank=False,
                id="ground-teams",
                classes="ground-teams",
                compact=True,
            )
        with Horizontal(classes="form-head"):
            yield Label("", classes="seat-no")
            yield Label(t("rulings_screen.player"), classes="seat-name")
            yield Label(t("rulings_screen.ground.shields_head"), classes="seat-value")
            yield Label(t("rulings_screen.ground.incursion_head"), classes="ground-incursion")
            yield Label(piece_name(load_catalog().leader("tomyris")))
        yield from self.seat_rows()

    def seat_fields(self, seat: int) -> ComposeResult:
        yield WholeNumber(0, MOST_SHIELDS, id=f"ground-shields-{seat}", classes="seat-value")
        yield ListMadeWhenOpened(
            [no_choice(NO_INCURSION)],
            value=NO_INCURSION,
            allow_blank=False,
            id=f"ground-incursion-{seat}",
            classes="ground-incursion",
            compact=True,
        )
        yield GlyphCheckbox(yes_no(False), id=f"ground-tomyris-{seat}", compact=True)

    def after_build(self) -> None:
        self.offer_choices()

    def first_field(self) -> Input:
        return self.box("#ground-age", Input)

    def shields(self, seat: int) -> WholeNumber:
        return self.box(f"#ground-shields-{seat}", WholeNumber)

    def incursion(self, seat: int) -> Select[int]:
        return self.box(f"#ground-incursion-{seat}", Select)

    def tomyris(self, seat: int) -> Checkbox:
        return self.box(f"#ground-tomyris-{seat}", Checkbox)

    def teams(self) -> Select[int]:
        return self.box("#ground-teams", Select)

    # --- choices that follow the seating ----------------------------------------------------------------

    def offer_choices(self) -> None:
        """Incursion targets two seats away and the two ways teams can sit, for the names typed now; a choice
        still possible is kept."""
        names = self.typed_names()
        seats = [seat for seat, name in enumerate(names) if name]
        seated = [names[seat] for seat in seats]
        with self.prevent(Select.Changed):
            for seat in range(load_limits().players):
                targets = list(dict.fromkeys(two_seats_away(seated, names[seat]))) if seat in seats else []
                options = [no_choice(NO_INCURSION), *((f"→ {name}", seats[seated.index(name)]) for name in targets)]
                self._offer(self.incursion(seat), options)
            ways = [no_choice(NO_TEAMS)]
            if len(seats) in TEAM_SIZES:
                for first in (0, 1):
                    pairs = [(seats[i], seats[(i + 1) % len(seats)]) for i in range(first, len(seats), 2)]
                    ways.append((", ".join(f"{a + 1}+{b + 1}" for a, b in pairs), first))
            self._offer(self.teams(), ways)

    def _offer(self, select: Select[int], options: list[tuple[str, int]]) -> None:
        """Offer `options`, unless they are the ones offered already: each letter of a name asks again, and
        set_options builds the dropdown's list anew (most letters change nobody's choices)."""
        assert select.id is not None
        if self._offered.get(select.id) == options:
            return
        self._offered[select.id] = options
        kept = select.value
        select.set_options(options)
        select.value = kept if any(value == kept for _, value in options) else options[0][1]

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.has_class("seat-name"):
            self.offer_choices()
        self.recompute()

    def on_select_changed(self) -> None:
        self.recompute()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = yes_no(event.value)
        self.recompute()

    # --- the rulebook's example ---------------------------------------------------------------------------

    def state(self) -> tuple[object, ...]:
        return (
            self.first_field().value,
            self.teams().value,
            *self.typed_names(),
            *(
                (self.shields(s).value, self.incursion(s).value, self.tomyris(s).value)
                for s in range(load_limits().players)
            ),
        )

    def example_names(self) -> list[str]:
        return [name for name, _ in EXAMPLE]

    def apply_example(self) -> str:
        self.offer_choices()
        self.first_field().value = str(EXAMPLE_AGE)
        names = self.example_names()
        attacker, target = EXAMPLE_INCURSION
        for seat in range(load_limits().players):
            self.shields(seat).value = str(EXAMPLE[seat][1]) if seat < len(EXAMPLE) else ""
            self.incursion(seat).value = names.index(target) if seat == names.index(attacker) else NO_INCURSION
            self.tomyris(seat).value = False
        self.teams().value = 0  # Gabriel+Paula, Romeo+Ann: teammates side by side from the first seat
        return t("rulings_screen.ground.caption", quay=piece_name(load_catalog().card("quay", 2)))

    # --- settling ---------------------------------------------------------------------------------------

    def settle(self, problems: Problems) -> Settled | None:
        age = problems.number(self.box("#ground-age", WholeNumber), t("rulings_screen.ground.age"))
        filled = [bool(self.shields(s).value.strip()) or self.tomyris(s).value for s in range(load_limits().players)]
        seats = self.seated(problems, 3, filled)
        names = self.typed_names()
        shields: dict[str, int] = {}
        for seat in seats:
            value = problems.number(self.shields(seat), t("rulings_screen.ground.shields_of", name=names[seat]))
            if value is not None:
                shields[names[seat]] = value
        if problems or age is None:
            return None
        seated = [names[seat] for seat in seats]
        incursions = [
            Incursion(names[seat], names[target])
            for seat in seats
            if (target := self.incursion(seat).value) != NO_INCURSION and isinstance(target, int)
        ]
        teams = self.team_pairs(seated)
        tomyris = [names[seat] for seat in seats if self.tomyris(seat).value]
        outcome = resolve_ground_conflicts(age, seated, shields, incursions, teams, tomyris)
        total = {name: f"{points:+d}" if points else "0" for name, points in outcome.total.items()}
        rows = [(name, str(shields[name]), tokens_text(outcome.tokens[name]), total[name]) for name in seated]
        rulings = [*(c.decided_by for c in outcome.conflicts), *outcome.rulings]
        headers = tuple(t(f"rulings_screen.{column}") for column in COLUMNS)
        return Settled(t("rulings_screen.ground.settled", age=age_name(age)), headers, rows, rulings)

    def team_pairs(self, seated: list[str]) -> list[tuple[str, str]]:
        """Teammates side by side, pairing from the first seat (0) or the second (1); only offered at 4, 6, 8."""
        first = self.teams().value
        if not isinstance(first, int) or first == NO_TEAMS:
            return []
        return [(seated[i], seated[(i + 1) % len(seated)]) for i in range(first, len(seated), 2)]
