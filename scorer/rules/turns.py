"""The turns of an age: how many cards and wonder stages a player's entry for an age should account for.

Each age a player plays one card from the hand a turn (6 turns, 7 with Armada, 6 at 8 players: rules_data
table.toml [turns]): a card built, a wonder stage built with it, or the card discarded for coins. A discard
leaves nothing in the record but its count, when the player says it (`discarded`, a phone's Done), so an
entry short of the turns may be right and is only ever asked about (the age screen's ctrl+n, the player
strip's ✓, a phone's "still missing"), never refused. More plays than
turns are right when the rules give them: one free build from the discard pile per wonder stage built that
age that says so (Halicarnassus) and per leader recruited that age who does (Solomon), and Babylon B's
stage, which lets the last card of the hand be played instead of discarded. A leader tucked under the
wonder in the Leaders recruitment builds a stage that is not a turn of the age. The validator refuses an
entry above all that (scorer/validate/rules.py) with the same figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.catalog import Catalog
from scorer.deck import discard_sources
from scorer.model import GameRecord


@dataclass(frozen=True, slots=True)
class AgeTurns:
    """One player's plays in one age against the age's turns."""

    player: str
    played: int  # cards, wonder stages and discards from the hand (not a leader's stage from the recruitment)
    turns: int  # the age's turns at this table
    discard_builds: tuple[Any, ...]  # what gives each free build from the discard pile (a Wonder, a Leader)
    last_card: Any | None  # the Wonder whose stage lets the last card be played (Babylon B), once built

    @property
    def expected(self) -> int:
        """The plays a complete entry has: every turn, and every free build from the discard pile."""
        return self.turns + len(self.discard_builds)

    @property
    def most(self) -> int:
        """The plays the rules allow at most (one more with Babylon B's last card)."""
        return self.expected + (self.last_card is not None)

    @property
    def done(self) -> bool:
        """Whether every turn is accounted for (a card discarded for coins only once its count is said: see
        the module)."""
        return self.played >= self.expected

    @property
    def beyond_turns(self) -> bool:
        """Whether the entry has more plays than the age has turns (allowed by a discard build or Babylon)."""
        return self.played > self.turns


def age_turns(record: GameRecord, catalog: Catalog, age: int, name: str) -> AgeTurns:
    """`name`'s plays in `age` against the age's turns, with what allows more (see the module)."""
    entry = record.entry(age, name)
    seat = record.players[record.names.index(name)]
    wonder = catalog.wonder(seat.wonder)
    built = sum(record.entry(a, name).wonder_stages for a in range(1, age + 1))
    stages = wonder.sides[seat.side].stages[:built] if wonder else ()
    from_leaders = sum(1 for play in entry.leaders if play.use == "wonder")
    return AgeTurns(
        player=name,
        played=len(entry.cards) + entry.wonder_stages - from_leaders + entry.discarded,
        turns=catalog.table.turns(len(record.players), record.armada),
        discard_builds=tuple(discard_sources(record, catalog, age, name)),
        last_card=wonder if any(stage.extra_play for stage in stages) else None,
    )
