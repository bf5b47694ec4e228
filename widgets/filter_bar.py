"""FilterBar: which games the history list and the stats cover — player, wonder, expansions, table size, dates.

One bar for both screens so a group filters the same way everywhere ("Ann's Armada games this year"). It
only turns what is typed into a `scorer.history.stats.GameFilter`; the screens decide what the filter means
for them. A date is checked as it is typed: a wrong one is named under the bar and the last valid filter
stays in force, so a half-typed day or name never empties the list. Days are written the table's way
(11/12/2026 in Portuguese, 2026-12-11 in English; YYYY-MM-DD is understood in both), wonders named as on the
table's boards; the filter itself keeps ISO days and English names, as the records do.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date, datetime

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.suggester import SuggestFromList
from textual.validation import Function
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static

from scorer.catalog import fold, load_catalog
from scorer.history.stats import GameFilter
from scorer.i18n import current_language, local_name, t, tn
from widgets.compat import ListMadeWhenOpened


class BoxChoices:
    """The boxes a game may be played with, as (words, expansions): ('Leaders + Armada', {leaders, armada}).
    The words are looked up each time the choices are read, so they are in the language of that moment."""

    KEYS: tuple[tuple[str, frozenset[str]], ...] = (
        ("filter.boxes.base", frozenset()),
        ("filter.boxes.leaders", frozenset({"leaders"})),
        ("filter.boxes.armada", frozenset({"armada"})),
        ("filter.boxes.leaders_armada", frozenset({"leaders", "armada"})),
    )

    def __iter__(self) -> Iterator[tuple[str, frozenset[str]]]:
        return ((t(key), boxes) for key, boxes in self.KEYS)

    def __getitem__(self, index: int) -> tuple[str, frozenset[str]]:
        key, boxes = self.KEYS[index]
        return t(key), boxes


EXPANSION_CHOICES = BoxChoices()
PLAYER_COUNTS = range(3, 9)
ISO_DAY = "%Y-%m-%d"


def parse_day(text: str) -> str | None:
    """The ISO day typed, or None when it is not one (empty text is no limit, handled by the caller):
    YYYY-MM-DD, or the day as the table's language writes it (DD/MM/AAAA in Portuguese)."""
    day = text.strip()
    for pattern in (ISO_DAY, t("filter.day_format")):
        try:
            return datetime.strptime(day, pattern).date().isoformat()
        except ValueError:
            continue
    return None


def show_day(day: str) -> str:
    """An ISO day as the table's language writes it: 2026-12-11, or 11/12/2026 in Portuguese."""
    return date.fromisoformat(day).strftime(t("filter.day_format"))


def wonder_name(name: str) -> str:
    """A wonder (by its English name, as records keep it) as the table's boards name it."""
    wonder = load_catalog().wonder(name)
    return local_name(wonder) if wonder is not None else name


class FilterBar(Widget):
    """Two compact lines of fields; posts `FilterBar.Changed` with the new filter whenever it changes."""

    DEFAULT_CSS = """
    FilterBar { height: auto; padding: 0 1; }
    FilterBar Horizontal { height: 1; }
    FilterBar Label { width: auto; padding: 0 1 0 0; color: $text-muted; }
    FilterBar Input { width: 14; margin: 0 2 0 0; }
    FilterBar .filter-day { width: 12; }
    FilterBar Select { width: 20; margin: 0 2 0 0; }
    FilterBar #filter-count { width: 14; }
    FilterBar #filter-message { height: auto; color: $error; display: none; }
    /* Portuguese labels are longer: two fields give up the cells they take, so the bar stays in 80 columns */
    FilterBar.-pt #filter-player { width: 12; }
    FilterBar.-pt #filter-wonder { width: 17; }
    """

    class Changed(Message):
        """The filter in force changed (only ever a valid one)."""

        def __init__(self, filter_bar: FilterBar, where: GameFilter) -> None:
            super().__init__()
            self.filter_bar = filter_bar
            self.where = where

        @property
        def control(self) -> FilterBar:
            return self.filter_bar

    class Applied(Message):
        """Enter in a field whose every value is valid: the screen gives the keys back to its list, so the
        next key acts there (x exports) instead of being typed into the filter."""

        def __init__(self, filter_bar: FilterBar) -> None:
            super().__init__()
            self.filter_bar = filter_bar

        @property
        def control(self) -> FilterBar:
            return self.filter_bar

    def __init__(self, players: Iterable[str], wonders: Iterable[str], *, id: str | None = None) -> None:
        super().__init__(id=id, classes=f"-{current_language()}")
        self._players = sorted(set(players), key=str.casefold)
        self._wonders = sorted(set(wonders), key=lambda name: fold(wonder_name(name)))
        self._value = GameFilter()
        self._problem: str | None = None  # what the line under the fields says is wrong (None: nothing)

    def compose(self) -> ComposeResult:
        day = Function(lambda text: parse_day(text) is not None, t("filter.problems.day"))
        any_ = t("filter.prompts.any")
        with Horizontal():
            yield Label(t("filter.labels.player"))
            yield Input(
                placeholder=t("filter.prompts.anyone"),
                id="filter-player",
                compact=True,
                suggester=SuggestFromList(self._players, case_sensitive=False),
            )
            yield Label(t("filter.labels.wonder"))
            wonders = [(wonder_name(w), w) for w in self._wonders]
            yield ListMadeWhenOpened(wonders, prompt=any_, id="filter-wonder", compact=True)
            yield Label(t("filter.labels.boxes"))
            yield ListMadeWhenOpened(
                [(label, i) for i, (label, _) in enumerate(EXPANSION_CHOICES)],
                prompt=any_,
                id="filter-expansions",
                compact=True,
            )
        with Horizontal():
            yield Label(t("filter.labels.players"))
            yield ListMadeWhenOpened(
                [(tn("filter.players", n), n) for n in PLAYER_COUNTS], prompt=any_, id="filter-count", compact=True
            )
            yield Label(t("filter.labels.since"))
            yield Input(
                placeholder=t("filter.prompts.day"),
                id="filter-since",
                classes="filter-day",
                compact=True,
                validators=[day],
                valid_empty=True,
            )
            yield Label(t("filter.labels.until"))
            yield Input(
                placeholder=t("filter.prompts.day"),
                id="filter-until",
                classes="filter-day",
                compact=True,
                validators=[day],
                valid_empty=True,
            )
        yield Static("", id="filter-message")

    @property
    def value(self) -> GameFilter:
        """The filter in force: the last one whose every field was valid."""
        return self._value

    def focus_first(self) -> None:
        self.query_one("#filter-player", Input).focus()

    def summary(self) -> str:
        """The filter in words for a title line: 'Ann · Rhodes · Armada · 5 players · from 2026-01-01'
        ('Ann · Rodes · Armada · 5 jogadores · de 01/01/2026')."""
        where = self._value
        if where.is_empty:
            return t("filter.summary.all")
        parts = [part for part in (where.player, where.wonder and wonder_name(where.wonder)) if part]
        if where.expansions is not None:
            parts.append(next(label for label, boxes in EXPANSION_CHOICES if boxes == where.expansions))
        if where.player_counts:
            counts = t("filter.summary.or").join(map(str, sorted(where.player_counts)))
            parts.append(t("filter.summary.players", counts=counts))
        if where.since:
            parts.append(t("filter.summary.since", day=show_day(where.since)))
        if where.until:
            parts.append(t("filter.summary.until", day=show_day(where.until)))
        return " · ".join(parts)

    @on(Input.Changed)
    @on(Select.Changed)
    def _field_changed(self, event: Input.Changed | Select.Changed) -> None:
        event.stop()
        where, problem = self._read()
        if problem != self._problem:  # each Select says it is blank once mounted: no new line to lay out then
            self._problem = problem
            message = self.query_one("#filter-message", Static)
            message.update(Text(problem or ""))
            message.display = bool(problem)  # a line only while something is wrong
        if where is not None and where != self._value:
            self._value = where
            self.post_message(self.Changed(self, where))

    @on(Input.Submitted)
    def _apply(self, event: Input.Submitted) -> None:
        event.stop()  # Enter in a field is not the screen's "open the highlighted game"
        if self._read()[0] is not None:  # a wrong field keeps the keys, so it can be corrected
            self.post_message(self.Applied(self))

    def _read(self) -> tuple[GameFilter | None, str | None]:
        """The filter the fields describe, or None and what is wrong."""
        days: dict[str, str | None] = {}
        for key in ("since", "until"):
            text = self.query_one(f"#filter-{key}", Input).value
            days[key] = parse_day(text) if text.strip() else None
            if text.strip() and days[key] is None:
                return None, t(f"filter.problems.{key}", text=text)
        since, until = days["since"], days["until"]
        if since and until and since > until:
            return None, t("filter.problems.order", until=show_day(until), since=show_day(since))
        player = self.query_one("#filter-player", Input).value.strip() or None
        if player is not None:
            known = {fold(name): name for name in self._players}
            if fold(player) not in known:
                return None, t("filter.problems.player", player=player)
            player = known[fold(player)]
        wonder = self.query_one("#filter-wonder", Select).value
        boxes = self.query_one("#filter-expansions", Select).value
        count = self.query_one("#filter-count", Select).value
        return GameFilter(
            since=days["since"],
            until=days["until"],
            expansions=None if boxes is Select.NULL else EXPANSION_CHOICES[boxes][1],  # type: ignore[index]
            player_counts=None if count is Select.NULL else frozenset({count}),  # type: ignore[arg-type]
            player=player,
            wonder=None if wonder is Select.NULL else str(wonder),
        ), None
