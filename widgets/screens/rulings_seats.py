"""What the tabs of the Rulings screen share: seat rows, whole-number boxes, and how a result or a problem shows.

Each tab is a RulingPane: inputs on the left, the result on the right, recomputed on every change so the
table watches the answer form while it types. A result is a compact table and, under it, every rule
applied — what it decided here in words, then the rulebook text and where it comes from. Until the
inputs settle something, the result area says what is missing or wrong and what is allowed instead: a
stale answer is never left on show.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.validation import Function, Integer, Validator
from textual.widget import Widget
from textual.widgets import Input, Label, Static, TabPane

from scorer.catalog import load_limits
from scorer.errors import InputError
from scorer.history.errors import HistoryError
from scorer.i18n import local_name, t, tn
from scorer.names import normal_form, player_name

if TYPE_CHECKING:
    from scorer.history.store import HistoryStore
    from scorer.ruling import Ruling

W = TypeVar("W", bound=Widget)


def piece_name(found: Any) -> str:
    """The name, in the current language, of a card, leader or island the catalogue is known to hold."""
    assert found is not None
    return local_name(found)


def tonights_names(store: HistoryStore | None, today: str) -> list[str]:
    """The seats of tonight's table: the most recent finished game played `today` (ISO day), or none: an older
    game, say one imported from another table or an example, is not who sits here now (issue 14, item 7).
    None also when the history cannot be read now.

    Listing the games reads the whole history: call it from a worker thread, not the UI's."""
    if store is None:
        return []
    try:
        finished = [game for game in store.games("finished") if game.played_on == today]
    except HistoryError:
        return []
    return list(finished[0].names) if finished else []


class WholeNumber(Input):
    """A compact box for a whole number from `low` to `high` (and, given `only`, one of those); anything else is
    marked and refused. `allowed` says in words what may be typed, for the message when something else is."""

    def __init__(
        self,
        low: int,
        high: int,
        *,
        id: str,
        classes: str = "seat-value",
        value: str = "",
        placeholder: str = "?",
        only: Collection[int] = (),
        allowed: str = "",
    ) -> None:
        validators: list[Validator] = [Integer(minimum=low, maximum=high)]
        if only:
            validators.append(Function(lambda text: text.isdigit() and int(text) in only))
        super().__init__(
            value,
            placeholder=placeholder,
            type="integer",
            max_length=len(str(high)),
            compact=True,
            validators=validators,
            valid_empty=True,
            id=id,
            classes=classes,
        )
        self.low, self.high = low, high
        self._allowed = allowed

    @property
    def allowed(self) -> str:
        return self._allowed or t("rulings_screen.allowed.range", low=self.low, high=self.high)

    def set_range(self, low: int, high: int) -> None:
        """Bound the box anew (a tab whose boxes change meaning, such as the guild's counts)."""
        self.low, self.high = low, high
        self.validators = [Integer(minimum=low, maximum=high)]
        self.max_length = len(str(high))


class Problems(list[str]):
    """Every problem with what is typed in a tab, collected so the table sees them all at once."""

    def number(self, field: WholeNumber, what: str, *, optional: bool = False) -> int | None:
        """The value of `field`, or None after noting that it is missing (unless optional) or refused."""
        text = field.value.strip()
        if not text:
            if not optional:
                self.append(t("rulings_screen.allowed.missing", what=what, allowed=field.allowed))
            return None
        result = field.validate(text)
        if result is not None and not result.is_valid:
            self.append(t("rulings_screen.allowed.refused", what=what, value=repr(text), allowed=field.allowed))
            return None
        return int(text)


@dataclass(frozen=True, slots=True)
class Settled:
    """A tab's answer: the compact table (a title, headers, a row per player), plain notes under it, and the
    rulings behind it."""

    title: str
    headers: tuple[str, ...]
    rows: Sequence[tuple[str, ...]]
    rulings: Sequence[Ruling]
    notes: Sequence[str] = ()


def rulings_text(rulings: Iterable[Ruling]) -> Text:
    """Each rule once, in the order applied: what it decided here, then its rulebook text and source."""
    groups: dict[str, list[Ruling]] = {}
    for item in rulings:
        same = groups.setdefault(item.rule_id, [])
        if all(other.summary != item.summary for other in same):
            same.append(item)
    text = Text()
    for items in groups.values():
        text.append("\n")
        for item in items:
            text.append(f"• {item.summary}\n", style="bold")
        text.append(f"“{items[0].quote}”\n", style="italic")
        text.append(f"— {items[0].source}\n", style="dim")
    return text


def settled_view(settled: Settled, caption: str | None) -> RenderableType:
    """The caption (when the rulebook's example is on show), the title, the table, notes, then the rulings."""
    table = Table(*settled.headers, box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    for i, column in enumerate(table.columns):
        column.justify = "left" if i == 0 else "right"
        column.no_wrap = i > 0
    table.columns[0].min_width = min(10, max((len(row[0]) for row in settled.rows), default=0))  # names stay legible
    for row in settled.rows:
        table.add_row(*(Text(cell) for cell in row))  # Text: a player called "[b]" is not markup
    parts: list[RenderableType] = [
        Text(settled.title, style="bold"),
        table,
        *(Text(note) for note in settled.notes),
        rulings_text(settled.rulings),
    ]
    if caption:
        parts.insert(0, Text(caption, style="reverse"))
    return Group(*parts)


def problems_view(problems: Sequence[str]) -> RenderableType:
    text = Text(t("rulings_screen.not_settled"), style="bold")
    for problem in problems:
        text.append(f"\n• {problem}")
    return text


class RulingPane(TabPane):
    """One tab: inputs left, result right. Subclasses say what is typed (`compose_form`), how it is settled
    (`settle`, which returns a Settled or notes Problems) and what the rulebook's example is. TITLE is the
    catalogue key of the tab's name, KEY its id."""

    DEFAULT_CSS = """
    RulingPane { height: 1fr; padding: 0; }
    RulingPane > Horizontal { height: 1fr; }
    RulingPane .ruling-form { width: 40; height: 1fr; padding: 0 1 0 0; }
    RulingPane .ruling-result { width: 1fr; height: 1fr; padding: 0 1; border-left: vkey $foreground 30%; }
    RulingPane .form-row { height: 1; }
    RulingPane .form-head { height: 1; color: $text-muted; text-style: bold; }
    RulingPane .form-gap { height: 1; }
    RulingPane .form-label { width: auto; margin-right: 1; }
    RulingPane .seat-no { width: 2; color: $text-muted; }
    RulingPane .seat-name { width: 10; margin-right: 1; }
    RulingPane .seat-value { width: 3; margin-right: 1; }
    RulingPane .form-hint { height: auto; color: $text-muted; }
    """

    TITLE: ClassVar[str]
    KEY: ClassVar[str]

    def __init__(self) -> None:
        super().__init__(t(self.TITLE), id=self.KEY)
        self.settled: Settled | None = None
        self._example: tuple[str, tuple[object, ...]] | None = None
        self.built = False  # the boxes are composed (or being composed)
        self._ready = False  # the boxes are mounted: a change posted while they mount waits for this
        self._boxes: dict[str, Widget] = {}  # box's answers: the tab's widgets by selector
        self._absent: set[str] = set()  # has_box's selectors of no widget of the tab
        self._stale = False  # something changed while the tab was hidden: settle it again when shown
        self._drawn_from: tuple[object, ...] | None = None  # what the result area was last drawn from

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield VerticalScroll(classes="ruling-form", id=f"{self.KEY}-form")
            with VerticalScroll(classes="ruling-result", id=f"{self.KEY}-scroll"):
                yield Static(id=f"{self.KEY}-result")

    async def show(self) -> None:
        """The tab comes into view: composed the first time, settled again if a name changed while hidden."""
        if not self.built:
            await self.build()
        elif self._stale:
            self.recompute()

    async def build(self) -> None:
        """Compose the tab's boxes the first time it is shown: four tabs of seat rows are some 300 widgets, and
        building only the tab on show opens the screen about three times faster."""
        if self.built:
            return
        self.built = True
        await self.box(f"#{self.KEY}-form", VerticalScroll).mount_compose(self.compose_form())
        self.after_build()
        self._ready = True
        self.recompute()

    def compose_form(self) -> ComposeResult:
        raise NotImplementedError

    def box(self, selector: str, kind: type[W]) -> W:
        """The tab's one widget `selector` ("#naval-age"), found once: a tab's widgets are composed once and
        never removed (a guild's unused rows are hidden), while each query walks all of the tab's widgets, and
        every key settles the tab by reading each of its boxes."""
        found = self._boxes.get(selector)
        if found is None:
            found = self._boxes[selector] = self.query_one(selector, kind)
        assert isinstance(found, kind)
        return found

    def has_box(self, selector: str) -> bool:
        """Whether the tab holds the widget `selector` (not a seat below the last): asked for the focused box
        whenever the screen's keys are checked, so an answer is kept too once the boxes are all mounted."""
        if selector in self._boxes:
            return True
        if selector in self._absent:
            return False
        found = self.query(selector)
        if found:
            self._boxes[selector] = found.first()
        elif self._ready:
            self._absent.add(selector)
        return bool(found)

    def after_build(self) -> None:
        """Fill in what depends on the mounted boxes (choices offered by a Select)."""

    # --- what a subclass provides ---------------------------------------------------------------------

    def settle(self, problems: Problems) -> Settled | None:
        """The answer for what is typed now, or None with `problems` saying why not."""
        raise NotImplementedError

    def state(self) -> tuple[object, ...]:
        """Everything typed in this tab, to tell whether the rulebook's example is still what is shown."""
        raise NotImplementedError

    def apply_example(self) -> str:
        """Type the rulebook's example into this tab (names are already seated); return its caption."""
        raise NotImplementedError

    def first_field(self) -> Widget:
        raise NotImplementedError

    def example_names(self) -> list[str] | None:
        """The seats the rulebook's example needs (the screen seats them in every tab), or None for no seats."""
        return None

    # --- shared behaviour -----------------------------------------------------------------------------

    def load_example(self) -> None:
        caption = self.apply_example()
        self._example = (caption, self.state())
        self.recompute()

    def recompute(self) -> None:
        """Settle what is typed now and show it; a problem replaces the whole result, never leaving a stale one.

        A hidden tab (a name typed in another) waits until it is shown: nobody reads it meanwhile, and each
        result drawn lays the screen out again. The result is drawn only when it differs from the one shown."""
        if not self._ready:
            return
        if not self.display:
            self._stale = True
            return
        self._stale = False
        problems = Problems()
        settled = self.settle(problems)
        self.settled = settled = None if problems else settled
        if settled is None:
            self._draw(tuple(problems), lambda: problems_view(problems))
            return
        caption = self._example[0] if self._example and self._example[1] == self.state() else None
        self._draw((settled, caption), lambda: settled_view(settled, caption))

    def _draw(self, source: tuple[object, ...], view: Callable[[], RenderableType]) -> None:
        """Draw the result from `source` unless it is the one on show; the screen is laid out again only when
        the result's height changes (Static.update's layout=False), not on every key: a tab's answer mostly
        keeps its lines while a value is typed, and each layout places every widget of the screen again."""
        if source == self._drawn_from:
            return
        self._drawn_from = source
        result = self.box(f"#{self.KEY}-result", Static)
        before = result.content_size
        result.update(view(), layout=False)
        if not before.width or result.get_content_height(before, self.app.size, before.width) != before.height:
            result.refresh(layout=True)  # not laid out yet, or more or fewer lines: the scroll area changes

    @property
    def rulings(self) -> Sequence[Ruling]:
        return self.settled.rulings if self.settled is not None else ()

    def scroll_result(self, pages: int) -> None:
        scroll = self.box(f"#{self.KEY}-scroll", VerticalScroll)
        scroll.scroll_relative(y=pages * max(1, scroll.size.height - 1), animate=False)


class SeatPane(RulingPane):
    """A tab with a row per seat (name, then the tab's values), in clockwise seating order.

    The names are shared by every tab: `names` is the screen's list, which it keeps up to date and copies
    into the tabs already built when a name is typed in one of them.
    """

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def seat_rows(self) -> ComposeResult:
        for seat, name in enumerate(self.names):
            with Horizontal(classes="form-row"):
                yield Label(str(seat + 1), classes="seat-no")
                yield Input(
                    name,
                    placeholder=t("rulings_screen.name_placeholder"),
                    id=f"{self.KEY}-name-{seat}",
                    classes="seat-name",
                    compact=True,
                    max_length=load_limits().name_length,
                )
                yield from self.seat_fields(seat)

    def seat_fields(self, seat: int) -> ComposeResult:
        raise NotImplementedError

    def name_input(self, seat: int) -> Input:
        return self.box(f"#{self.KEY}-name-{seat}", Input)

    def set_name(self, seat: int, name: str) -> None:
        if not self.built:
            return  # it will read the screen's names when it is built
        field = self.name_input(seat)
        if field.value != name:
            field.value = name

    def typed_names(self) -> list[str]:
        """The names as they are kept (scorer.names): 'José' typed with a combining accent is 'José'."""
        return [normal_form(self.name_input(seat).value) for seat in range(load_limits().players)]

    def seated(self, problems: Problems, fewest: int, filled: Sequence[bool]) -> list[int]:
        """The seats in play (a name typed), in order; notes a value typed for no one, a name seated twice,
        and too few players (the tab's own sentence: rulings_screen.<KEY>.too_few). `filled[seat]` says
        whether anything besides the name is typed on that row."""
        names = self.typed_names()
        seats = [seat for seat, name in enumerate(names) if name]
        for seat, name in enumerate(names):
            if not name and filled[seat]:
                problems.append(t("rulings_screen.seats.no_name", seat=seat + 1))
        seen: dict[str, str] = {}
        for seat in seats:
            try:  # the rule of every way a name comes in: printable, not too long
                player_name(names[seat], f"seat {seat + 1} name", label=t("validate.field.seat_name", seat=seat + 1))
            except InputError as error:
                problems.append(str(error))
            key = names[seat].casefold()
            if key in seen:
                problems.append(t("rulings_screen.seats.twice", name=repr(names[seat]), first=repr(seen[key])))
            seen.setdefault(key, names[seat])
        if len(seats) < fewest:
            problems.append(
                tn(f"rulings_screen.{self.KEY}.too_few", len(seats), fewest=fewest, most=load_limits().players)
            )
        return seats
