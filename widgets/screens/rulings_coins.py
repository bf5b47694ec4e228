"""The Coins lost tab of the Rulings screen: one Armada turn's Taxes and pirate effects, and who loses what.

Per seat: the Commercial Level after this turn's moves, the Tax that player levied (typed: a number is
quicker than a list, and only the Taxes on the Dockyard track are accepted), the pirate effects they
triggered, (optionally) the coins they hold, which caps the loss, and Foggy Island. The engine is
scorer.rules.coins, as in the in-game calculator (widgets/screens/coin_losses.py), which this tab mirrors
for questions asked away from a game.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Static

from scorer.catalog import DockyardTrack, load_catalog, load_limits
from scorer.i18n import t
from scorer.rules.coins import resolve_coin_losses
from scorer.rules.dockyard import commercial_level
from widgets.dialogs.yes_no import yes_no
from widgets.screens.coin_losses import NO_TAX, level_for_tax
from widgets.screens.rulings_seats import Problems, SeatPane, Settled, WholeNumber, piece_name
from widgets.toggles import GlyphCheckbox

MOST_PIRATES = 9
MOST_COINS = 999
KINDS = ("cl", "tax", "pirates", "held")  # the boxes of a seat row, after the name
HEADS = (
    ("level_head", "seat-value"),
    ("tax_head", "seat-value"),
    ("pirates_head", "seat-value"),
    ("held_head", "held-coins"),
    ("foggy_head", ""),
)  # rulings_screen.coins.<head>, the column's class
COLUMNS = ("player", "coins.tax", "coins.pirates", "coins.loses")  # of the answer: rulings_screen.<column>


class CoinsPane(SeatPane):
    TITLE = "rulings_screen.coins.title"
    KEY = "coins"

    DEFAULT_CSS = """
    CoinsPane .ruling-form { width: 38; }
    CoinsPane .held-coins { width: 4; margin-right: 1; }
    """

    # A grid of one- and two-digit boxes, read like a spreadsheet: ←/→ go to the box beside (a caret inside a
    # box of two digits is of no use), as the app reads them (priority: before the box takes them).
    BINDINGS = [
        Binding("left", "beside(-1)", show=False, priority=True),
        Binding("right", "beside(1)", show=False, priority=True),
    ]

    def __init__(self, names: list[str], track: DockyardTrack) -> None:
        super().__init__(names)
        self.track = track

    def action_beside(self, step: int) -> None:
        """The box (or tick) beside the one with the cursor, in its row, or the next row's at the end."""
        if step < 0:
            self.screen.focus_previous()
        else:
            self.screen.focus_next()

    def compose_form(self) -> ComposeResult:
        with Horizontal(classes="form-head"):
            yield Label("", classes="seat-no")
            yield Label(t("rulings_screen.player"), classes="seat-name")
            for head, css in HEADS:
                yield Label(t(f"rulings_screen.coins.{head}"), classes=css)
        yield from self.seat_rows()
        harbor = piece_name(load_catalog().island("pirate_port"))
        yield Static(t("rulings_screen.coins.hints", pirate_harbor=harbor), classes="form-hint")

    def seat_fields(self, seat: int) -> ComposeResult:
        taxes = self.track.tax_values
        allowed = t("rulings_screen.coins.taxes_allowed", none=NO_TAX, taxes=", ".join(map(str, taxes)))
        yield WholeNumber(0, self.track.max_commercial_level, id=f"coins-cl-{seat}", value="0")
        yield WholeNumber(
            NO_TAX, max(taxes), id=f"coins-tax-{seat}", value=str(NO_TAX), only=(NO_TAX, *taxes), allowed=allowed
        )
        yield WholeNumber(0, MOST_PIRATES, id=f"coins-pirates-{seat}", value="0")
        yield WholeNumber(0, MOST_COINS, id=f"coins-held-{seat}", classes="held-coins", placeholder="—")
        yield GlyphCheckbox(yes_no(False), id=f"coins-foggy-{seat}", compact=True)

    def first_field(self) -> Input:
        return self.field("cl", 0)

    def field(self, kind: str, seat: int) -> WholeNumber:
        return self.box(f"#coins-{kind}-{seat}", WholeNumber)

    def foggy(self, seat: int) -> Checkbox:
        return self.box(f"#coins-foggy-{seat}", Checkbox)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A Tax levied tells where that player's Yellow ship stands now, hence their Commercial Level."""
        field, head, seat = event.input, *(event.input.id or "").rsplit("-", 1)
        if head == "coins-tax" and field.is_valid and field.value.strip() not in ("", str(NO_TAX)):
            level = level_for_tax(self.track, int(field.value))
            if level is not None:
                self.field("cl", int(seat)).value = str(level)
        self.recompute()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = yes_no(event.value)
        self.recompute()

    def state(self) -> tuple[object, ...]:
        return (
            *self.typed_names(),
            *(
                (*(self.field(kind, s).value for kind in KINDS), self.foggy(s).value)
                for s in range(load_limits().players)
            ),
        )

    def example(self) -> list[tuple[str, int]]:
        """The Armada rulebook's Tax example (Yellow Fleet; the Portuguese edition's second example), as Yellow
        ship positions: Paula's reaches the final space, Art's has moved up four times, Romeo's is on Start."""
        return [("Paula", self.track.last), ("Art", 4), ("Romeo", 0)]

    def example_names(self) -> list[str]:
        return [name for name, _ in self.example()]

    def apply_example(self) -> str:
        spaces = [space for _, space in self.example()]
        for seat in range(load_limits().players):
            space = spaces[seat] if seat < len(spaces) else 0
            self.field("tax", seat).value = str(self.track.at(space).yellow_tax or NO_TAX)
            self.field("cl", seat).value = str(commercial_level(self.track, space))
            self.field("pirates", seat).value = "0"
            self.field("held", seat).value = ""
            self.foggy(seat).value = False
        return t("rulings_screen.coins.caption")

    def settle(self, problems: Problems) -> Settled | None:
        filled = [
            any(self.field(kind, s).value.strip() not in ("", "0") for kind in KINDS) or self.foggy(s).value
            for s in range(load_limits().players)
        ]
        seats = self.seated(problems, 2, filled)
        names = self.typed_names()
        levels: dict[str, int] = {}
        taxes: dict[str, int] = {}
        pirates: list[str] = []
        held: dict[str, int] = {}
        for seat in seats:
            name = names[seat]
            level = problems.number(self.field("cl", seat), t("rulings_screen.coins.level_of", name=name))
            tax = problems.number(self.field("tax", seat), t("rulings_screen.coins.tax_of", name=name))
            triggered = problems.number(self.field("pirates", seat), t("rulings_screen.coins.pirates_of", name=name))
            coins = problems.number(
                self.field("held", seat), t("rulings_screen.coins.held_by", name=name), optional=True
            )
            levels[name] = level or 0
            pirates += [name] * (triggered or 0)
            if coins is not None:
                held[name] = coins
            if tax:
                taxes[name] = tax
        if problems:
            return None
        immune = [names[seat] for seat in seats if self.foggy(seat).value]
        outcome = resolve_coin_losses(levels, taxes, pirates, immune, held)
        lost = {
            name: t("rulings_screen.coins.lost_foggy", lost=loss.lost)
            if name in immune and loss.owed
            else str(loss.lost)
            for name, loss in outcome.losses.items()
        }
        rows = [(name, str(loss.tax), str(loss.piracy), lost[name]) for name, loss in outcome.losses.items()]
        rulings = [*(r for name in levels for r in outcome.decided_by[name]), *outcome.rulings]
        notes = () if taxes or pirates else (t("rulings_screen.coins.nothing_levied"),)
        headers = tuple(t(f"rulings_screen.{column}") for column in COLUMNS)
        return Settled(t("rulings_screen.coins.settled"), headers, rows, rulings, notes)
