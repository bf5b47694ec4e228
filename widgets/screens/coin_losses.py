"""The "coins lost" helper for a turn of an Armada age: Taxes (Yellow fleet) and pirate effects (§10).

During an age the table resolves coin losses at the end of a turn; doing the arithmetic for 7 players by
hand is where mistakes happen. This dialog is a calculator: the table says who levied a Tax and who
triggered a pirate effect this turn, and sees at once what each player loses and the rule that says so. It
never changes the game record (coins are typed once, at the end of the game).

Each player's Commercial Level is pre-filled from their Yellow ship as recorded at the end of the previous
age; ships move during the age, so the level stays editable. Owners of Foggy Island (from the islands in the
record) are pre-marked immune. Open it from an age screen with `open_coin_losses(screen)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Select, Static

from scorer.catalog import DockyardTrack, load_catalog, present
from scorer.i18n import local_name, t
from scorer.rules.city import city_history
from scorer.rules.coins import CoinLossOutcome, resolve_coin_losses
from scorer.rules.dockyard import commercial_level
from scorer.ruling import Ruling, age_name, ruling
from widgets.compat import ListMadeWhenOpened, StyledAtMount
from widgets.dialogs.ruling import RulingDialog
from widgets.dialogs.yes_no import yes_no
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter
from widgets.toggles import GlyphCheckbox

if TYPE_CHECKING:
    from scorer.model import GameRecord
    from widgets.screens.base import StepScreen

NO_TAX = 0


def open_coin_losses(screen: StepScreen) -> None:
    """Open the helper over `screen` for the age the table is at (bind it on the age screen).

    Taxes and pirates exist only with Armada; without it the table is told so instead.
    """
    session = screen.session
    age = session.step.age or 1
    if not session.record.armada:
        screen.notify(t("coins.not_armada"), timeout=5)
        return
    screen.app.push_screen(CoinLossDialog(session.record, age, session.track))


def prefill(record: GameRecord, age: int, track: DockyardTrack) -> dict[str, tuple[int, bool]]:
    """Per player: (Commercial Level from the Yellow ship at the end of the previous age, owns Foggy Island).

    Foggy Island counts once it is anywhere in the record up to this age: an island gained this age and
    already entered protects from then on, and the table can untick it for the turns before.
    """
    history = city_history(record, load_catalog())
    out = {}
    for name in record.names:
        yellow = history[age - 1][name].ships["yellow"] if age > 1 else 0
        foggy = any(island.immune_coin_losses for island in history[age][name].islands)
        out[name] = (commercial_level(track, yellow), foggy)
    return out


def level_for_tax(track: DockyardTrack, tax: int) -> int | None:
    """The Commercial Level of the Yellow ship that levies `tax`: it stands on that Tax space now."""
    space = next((p for p in range(track.last + 1) if track.at(p).yellow_tax == tax), None)
    return None if space is None else commercial_level(track, space)


class CoinRow(Horizontal):
    """One player: Commercial Level, the Tax they levied, pirate effects they triggered, coins, Foggy Island."""

    def __init__(self, seat: int, name: str, level: int, immune: bool, taxes: tuple[int, ...]) -> None:
        super().__init__(classes="coin-row")
        self.seat, self.player = seat, name
        self._level, self._immune, self._taxes = level, immune, taxes

    def compose(self) -> ComposeResult:
        yield Label(Text(self.player), classes="coin-name")
        yield Input(
            str(self._level),
            type="integer",
            id=f"cl-{self.seat}",
            classes="coin-cl",
            compact=True,
            max_length=2,
            select_on_focus=True,
        )
        yield ListMadeWhenOpened(
            [(t("coins.no_tax"), NO_TAX), *((t("coins.tax", value=tax), tax) for tax in self._taxes)],
            value=NO_TAX,
            allow_blank=False,
            id=f"tax-{self.seat}",
            classes="coin-tax",
            compact=True,
        )
        yield Input(
            "0",
            type="integer",
            id=f"pirates-{self.seat}",
            classes="coin-pirates",
            compact=True,
            max_length=2,
            select_on_focus=True,
        )
        yield Input(
            "",
            type="integer",
            id=f"coins-{self.seat}",
            classes="coin-coins",
            compact=True,
            max_length=3,
            placeholder="—",
        )
        yield GlyphCheckbox(
            yes_no(self._immune), self._immune, id=f"foggy-{self.seat}", classes="coin-foggy", compact=True
        )
        yield Label("", id=f"loss-{self.seat}", classes="coin-loss")


class CoinLossDialog(LocalisedBindings, StyledAtMount, ModalScreen[None]):
    """CoinLossDialog(record, age, track=None): what each player loses this turn, recomputed on every key.

    `record` is read only (Commercial Levels and Foggy Island owners are taken from it); `track` is the
    table's Dockyard calibration (the rulebook's values by default).
    """

    DEFAULT_CSS = """
    CoinLossDialog {
        align: center middle;
        #coin-box {
            width: 100%; max-width: 80; height: 100%;
            border: round $foreground; background: $surface; padding: 0 1;
        }
        .coin-row { height: 1; }
        .coin-head { color: $text-muted; text-style: bold; }
        .coin-name { width: 13; margin-right: 1; text-wrap: nowrap; text-overflow: ellipsis; }
        .coin-cl { width: 4; margin-right: 1; }
        .coin-tax { width: 12; margin-right: 1; }
        .coin-pirates { width: 8; margin-right: 1; }
        .coin-coins { width: 6; margin-right: 1; }
        .coin-foggy { width: 8; margin-right: 1; }
        .coin-loss { width: 1fr; }
        #coin-why { height: 1fr; margin-top: 1; border-top: solid $foreground 30%; }
    }
    """

    BINDINGS = [
        Binding("escape", "dismiss", "coins.keys.close"),
        Binding("ctrl+r", "rules", "coins.keys.rules"),
        Binding("ctrl+t", "new_turn", "coins.keys.new_turn"),
    ]

    def __init__(self, record: GameRecord, age: int, track: DockyardTrack | None = None) -> None:
        super().__init__(classes="coin-dialog")
        self.record = record
        self.age = age
        self.track = track or load_catalog().dockyard
        self.outcome: CoinLossOutcome | None = None

    def compose(self) -> ComposeResult:
        levels = prefill(self.record, self.age, self.track)
        with Vertical(id="coin-box") as box:
            box.border_title = t("coins.title", age=age_name(self.age))
            box.border_subtitle = t("coins.subtitle")
            with Horizontal(classes="coin-row coin-head"):
                for column, css in (
                    ("player", "coin-name"),
                    ("level", "coin-cl"),
                    ("tax", "coin-tax"),
                    ("pirates", "coin-pirates"),
                    ("coins", "coin-coins"),
                    ("foggy", "coin-foggy"),
                    ("loses", "coin-loss"),
                ):
                    yield Label(t(f"coins.column.{column}"), classes=css)
            for seat, name in enumerate(self.record.names):
                level, immune = levels[name]
                yield CoinRow(seat, name, level, immune, self.track.tax_values)
            with VerticalScroll(id="coin-why"):
                yield Static(id="coin-rulings")
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        self.recompute()
        self.query_one("#tax-0", Select).focus()

    # --- reading the inputs --------------------------------------------------------------------------------

    def _number(self, widget_id: str, what: str, low: int, high: int | None, *, optional: bool = False) -> int | None:
        """The whole number in an input, or raise ValueError with a message naming the field and what is allowed."""
        field = self.query_one(f"#{widget_id}", Input)
        text = field.value.strip()
        if optional and not text:
            field.remove_class("-invalid")
            return None
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            field.add_class("-invalid")
            if high is None:
                raise ValueError(t("coins.refused.at_least", field=what, value=text, low=low))
            refused = "coins.refused.range" if text else "coins.refused.empty_range"
            raise ValueError(t(refused, field=what, value=text, low=low, high=high))
        field.remove_class("-invalid")
        return value

    def inputs(self) -> tuple[dict[str, int], dict[str, int], list[str], list[str], dict[str, int]]:
        """(levels, taxes, pirates, immune, coins) as typed; ValueError names the first value refused."""
        levels: dict[str, int] = {}
        taxes: dict[str, int] = {}
        pirates: list[str] = []
        immune: list[str] = []
        coins: dict[str, int] = {}
        top = self.track.max_commercial_level
        errors = []
        for seat, name in enumerate(self.record.names):
            try:
                levels[name] = self._number(f"cl-{seat}", t("coins.field.level", player=name), 0, top) or 0
            except ValueError as error:
                errors.append(str(error))
            try:
                pirates += [name] * (self._number(f"pirates-{seat}", t("coins.field.pirates", player=name), 0, 9) or 0)
            except ValueError as error:
                errors.append(str(error))
            try:
                held = self._number(f"coins-{seat}", t("coins.field.coins", player=name), 0, None, optional=True)
                if held is not None:
                    coins[name] = held
            except ValueError as error:
                errors.append(str(error))
            tax = self.query_one(f"#tax-{seat}", Select).value
            if isinstance(tax, int) and tax:
                taxes[name] = tax
            if self.query_one(f"#foggy-{seat}", Checkbox).value:
                immune.append(name)
        if errors:
            raise ValueError("; ".join(errors))
        return levels, taxes, pirates, immune, coins

    # --- live result ---------------------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        self.recompute()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A Tax levied tells where that player's Yellow ship stands now, hence their Commercial Level."""
        tax = event.value
        if isinstance(tax, int) and tax and (event.select.id or "").startswith("tax-"):
            seat = (event.select.id or "").removeprefix("tax-")
            level = level_for_tax(self.track, tax)
            if level is not None:
                self.query_one(f"#cl-{seat}", Input).value = str(level)
        self.recompute()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = yes_no(event.value)
        self.recompute()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def recompute(self) -> None:
        """Resolve this turn's losses from what is typed now; a refused value blanks the result and says why."""
        if not self.is_mounted:
            return
        names = self.record.names
        why = self.query_one("#coin-rulings", Static)
        try:
            levels, taxes, pirates, immune, coins = self.inputs()
        except ValueError as error:
            self.outcome = None
            for seat in range(len(names)):
                self.query_one(f"#loss-{seat}", Label).update("?")
            why.update(Text(str(error), style="bold"))
            return
        self.outcome = resolve_coin_losses(levels, taxes, pirates, immune, coins or None)
        for seat, name in enumerate(names):
            loss = self.outcome.losses[name]
            shown = t("coins.immune", lost=loss.lost) if name in immune and loss.owed else str(loss.lost)
            self.query_one(f"#loss-{seat}", Label).update(Text(shown, style="bold" if loss.lost else "dim"))
        lines = [f"• {r.summary}" for r in self.rulings()]
        if not taxes and not pirates:
            level = (
                t("coins.help.level_since", age=age_name(self.age - 1)) if self.age > 1 else t("coins.help.level_start")
            )
            harbor = present(load_catalog().island("pirate_port"), "pirate_port")
            lines += [t("coins.help.nobody"), level, t("coins.help.pirates", pirate_harbor=local_name(harbor))]
        why.update(Text("\n".join(lines)))

    def rulings(self) -> list[Ruling]:
        """Every rule applied this turn: per player in seat order, then the general ones."""
        if self.outcome is None:
            return []
        applied = [r for name in self.record.names for r in self.outcome.decided_by[name]]
        applied += self.outcome.rulings
        if self.record.teams and applied:
            applied.append(ruling("coins.teams", t("coins.teams_ruling")))
        return applied

    # --- actions -------------------------------------------------------------------------------------------

    def action_rules(self) -> None:
        applied = self.rulings()
        if not applied:
            self.notify(t("coins.nothing_to_explain"), timeout=4)
            return
        self.app.push_screen(RulingDialog(t("coins.title", age=age_name(self.age)), [], applied))

    def action_new_turn(self) -> None:
        """Clear this turn's Taxes and pirate effects; Commercial Levels, coins and Foggy Island stay."""
        for seat in range(len(self.record.names)):
            self.query_one(f"#tax-{seat}", Select).value = NO_TAX
            self.query_one(f"#pirates-{seat}", Input).value = "0"
        self.recompute()
        self.notify(t("coins.cleared"), timeout=3)
