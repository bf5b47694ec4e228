"""The Naval tab of the Rulings screen: the age, each Naval Strength, Forgotten Port owners staying out.

The question it answers at once: "we tied for strongest in Age III — who gets which naval token?". The
engine (scorer.rules.naval) decides; the tab shows each token and the rulebook paragraph behind it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Static

from scorer.catalog import load_catalog, load_limits
from scorer.i18n import t
from scorer.rules.naval import resolve_naval_conflict
from scorer.ruling import age_name
from widgets.screens.conflicts import tokens_text
from widgets.screens.rulings_seats import Problems, SeatPane, Settled, WholeNumber, piece_name
from widgets.toggles import GlyphCheckbox

MOST_STRENGTH = 99
# The Armada rulebook's example (Naval Conflicts): Age II, in the order the book names the players.
EXAMPLE_AGE = 2
EXAMPLE = (("Gabriel", 2), ("Paula", 2), ("Ann", 8), ("Romeo", 6), ("Fred", 6))


def out_label(out: bool) -> str:
    """Spelled out beside the box: whether a Forgotten Port owner stays out this age."""
    return t("rulings_screen.naval.stays_out") if out else t("rulings_screen.naval.takes_part")


class NavalPane(SeatPane):
    TITLE = "rulings_screen.naval.title"
    KEY = "naval"

    DEFAULT_CSS = """
    NavalPane .ruling-form { width: 35; }
    NavalPane .seat-value { width: 5; }  /* its head: "Força" (Portuguese), as the rulebook names it */
    """

    def compose_form(self) -> ComposeResult:
        with Horizontal(classes="form-row"):
            yield Label(t("rulings_screen.age_ended"), classes="form-label")
            yield WholeNumber(1, 3, id="naval-age", classes="seat-value")
        yield Static(classes="form-gap")
        with Horizontal(classes="form-head"):
            yield Label("", classes="seat-no")
            yield Label(t("rulings_screen.player"), classes="seat-name")
            yield Label(t("rulings_screen.naval.strength_head"), classes="seat-value")
            yield Label(piece_name(load_catalog().island("forgotten_port")))
        yield from self.seat_rows()

    def seat_fields(self, seat: int) -> ComposeResult:
        yield WholeNumber(0, MOST_STRENGTH, id=f"naval-strength-{seat}", classes="seat-value")
        yield GlyphCheckbox(out_label(False), id=f"naval-out-{seat}", compact=True)

    def first_field(self) -> Input:
        return self.box("#naval-age", Input)

    def strength(self, seat: int) -> WholeNumber:
        return self.box(f"#naval-strength-{seat}", WholeNumber)

    def out(self, seat: int) -> Checkbox:
        return self.box(f"#naval-out-{seat}", Checkbox)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = out_label(event.value)
        self.recompute()

    def on_input_changed(self) -> None:
        self.recompute()

    def state(self) -> tuple[object, ...]:
        return (
            self.first_field().value,
            *self.typed_names(),
            *((self.strength(s).value, self.out(s).value) for s in range(load_limits().players)),
        )

    def example_names(self) -> list[str]:
        return [name for name, _ in EXAMPLE]

    def apply_example(self) -> str:
        self.first_field().value = str(EXAMPLE_AGE)
        for seat, (_, strength) in enumerate(EXAMPLE):
            self.strength(seat).value = str(strength)
        for seat in range(load_limits().players):
            self.out(seat).value = False
            if seat >= len(EXAMPLE):
                self.strength(seat).value = ""
        return t("rulings_screen.naval.caption")

    def settle(self, problems: Problems) -> Settled | None:
        age = problems.number(self.box("#naval-age", WholeNumber), t("rulings_screen.naval.age"))
        filled = [bool(self.strength(s).value.strip()) or self.out(s).value for s in range(load_limits().players)]
        seats = self.seated(problems, 2, filled)
        names = self.typed_names()
        strengths: dict[str, int] = {}
        for seat in seats:
            value = problems.number(self.strength(seat), t("rulings_screen.naval.strength_of", name=names[seat]))
            if value is not None:
                strengths[names[seat]] = value
        if problems or age is None:
            return None
        abstaining = [names[seat] for seat in seats if self.out(seat).value]
        outcome = resolve_naval_conflict(age, strengths, abstaining)
        rulings = [*(outcome.decided_by[name] for name in strengths), *outcome.rulings]
        rows = [
            (
                name,
                t("rulings_screen.naval.out") if name in abstaining else str(strength),
                tokens_text([outcome.tokens[name]]) if outcome.tokens[name] else t("rulings_screen.naval.none"),
            )
            for name, strength in strengths.items()
        ]
        headers = (t("rulings_screen.player"), t("rulings_screen.naval.strength"), t("rulings_screen.naval.token"))
        return Settled(t("rulings_screen.naval.settled", age=age_name(age)), headers, rows, rulings)
