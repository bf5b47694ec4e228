"""FilterBar: which games the history list and the stats cover — player, wonder, expansions, table size, dates.

One bar for both screens so a group filters the same way everywhere ("Ann's Armada games this year"). It
only turns what is typed into a `scorer.history.stats.GameFilter`; the screens decide what the filter means
for them. A date is checked as it is typed: a wrong one is named under the bar and the last valid filter
stays in force, so a half-typed day or name never empties the list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.suggester import SuggestFromList
from textual.validation import Function
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static

from scorer.catalog import fold
from scorer.history.stats import GameFilter

EXPANSION_CHOICES: tuple[tuple[str, frozenset[str]], ...] = (
    ("Base game only", frozenset()),
    ("Leaders", frozenset({"leaders"})),
    ("Armada", frozenset({"armada"})),
    ("Leaders + Armada", frozenset({"leaders", "armada"})),
)
PLAYER_COUNTS = range(3, 9)
DAY_FORMAT = "a day as YYYY-MM-DD, e.g. 2026-12-11"


def parse_day(text: str) -> str | None:
    """The ISO day typed, or None when it is not one (empty text is no limit, handled by the caller)."""
    day = text.strip()
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", day):
        return None
    try:
        date.fromisoformat(day)
    except ValueError:
        return None
    return day


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

    def __init__(self, players: Sequence[str], wonders: Sequence[str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._players = sorted(set(players), key=str.casefold)
        self._wonders = sorted(set(wonders), key=str.casefold)
        self._value = GameFilter()

    def compose(self) -> ComposeResult:
        day = Function(lambda text: parse_day(text) is not None, DAY_FORMAT)
        with Horizontal():
            yield Label("Player")
            yield Input(placeholder="anyone", id="filter-player", compact=True,
                        suggester=SuggestFromList(self._players, case_sensitive=False))
            yield Label("Wonder")
            yield Select([(w, w) for w in self._wonders], prompt="any", id="filter-wonder", compact=True)
            yield Label("Box")
            yield Select([(label, i) for i, (label, _) in enumerate(EXPANSION_CHOICES)], prompt="any",
                         id="filter-expansions", compact=True)
        with Horizontal():
            yield Label("Players")
            yield Select([(f"{n} players", n) for n in PLAYER_COUNTS], prompt="any", id="filter-count", compact=True)
            yield Label("From")
            yield Input(placeholder="YYYY-MM-DD", id="filter-since", classes="filter-day", compact=True,
                        validators=[day], valid_empty=True)
            yield Label("To")
            yield Input(placeholder="YYYY-MM-DD", id="filter-until", classes="filter-day", compact=True,
                        validators=[day], valid_empty=True)
        yield Static("", id="filter-message")

    @property
    def value(self) -> GameFilter:
        """The filter in force: the last one whose every field was valid."""
        return self._value

    def focus_first(self) -> None:
        self.query_one("#filter-player", Input).focus()

    def summary(self) -> str:
        """The filter in words for a title line: 'Ann · Rhodes · Armada · 5 players · from 2026-01-01'."""
        where = self._value
        if where.is_empty:
            return "all games"
        parts = [part for part in (where.player, where.wonder) if part]
        if where.expansions is not None:
            parts.append(next(label for label, boxes in EXPANSION_CHOICES if boxes == where.expansions))
        if where.player_counts:
            parts.append(" or ".join(map(str, sorted(where.player_counts))) + " players")
        if where.since:
            parts.append(f"from {where.since}")
        if where.until:
            parts.append(f"to {where.until}")
        return " · ".join(parts)

    @on(Input.Changed)
    @on(Select.Changed)
    def _field_changed(self, event: Input.Changed | Select.Changed) -> None:
        event.stop()
        where, problem = self._read()
        message = self.query_one("#filter-message", Static)
        message.update(Text(problem or ""))
        message.display = bool(problem)  # a line only while something is wrong
        if where is not None and where != self._value:
            self._value = where
            self.post_message(self.Changed(self, where))

    @on(Input.Submitted)
    def _keep_enter(self, event: Input.Submitted) -> None:
        event.stop()  # Enter in a field is not the screen's "open the highlighted game"

    def _read(self) -> tuple[GameFilter | None, str | None]:
        """The filter the fields describe, or None and what is wrong."""
        days: dict[str, str | None] = {}
        for key, label in (("since", "From"), ("until", "To")):
            text = self.query_one(f"#filter-{key}", Input).value
            days[key] = parse_day(text) if text.strip() else None
            if text.strip() and days[key] is None:
                return None, f"{label}: “{text}” is not {DAY_FORMAT}."
        if days["since"] and days["until"] and days["since"] > days["until"]:
            return None, f"To: {days['until']} is before From {days['since']}; choose a day on or after it."
        player = self.query_one("#filter-player", Input).value.strip() or None
        if player is not None:
            known = {fold(name): name for name in self._players}
            if fold(player) not in known:
                return None, f"Player: nobody called “{player}” has played; → completes a name as you type."
            player = known[fold(player)]
        wonder = self.query_one("#filter-wonder", Select).value
        boxes = self.query_one("#filter-expansions", Select).value
        count = self.query_one("#filter-count", Select).value
        return GameFilter(
            since=days["since"], until=days["until"],
            expansions=None if boxes is Select.NULL else EXPANSION_CHOICES[boxes][1],  # type: ignore[index]
            player_counts=None if count is Select.NULL else frozenset({count}),  # type: ignore[arg-type]
            player=player, wonder=None if wonder is Select.NULL else str(wonder),
        ), None
