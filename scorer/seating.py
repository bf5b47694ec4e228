"""The next game's table before it is set: the last table this group played, and wonders dealt at random.

Setup (widgets/screens/setup.py) starts a new game from these in one key each: the last game's table (names
in seat order, wonders, sides, fleets, expansions, teams), and a deal that gives every player still without a
wonder one of the boards nobody has taken, as a table deals them from the box. A `SetupTable` is a table
still being chosen: unlike the record's `Seat`, a seat may have no wonder, side or fleet yet.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from scorer.catalog import load_catalog

if TYPE_CHECKING:
    from scorer.history.summary import GameSummary
    from scorer.model import GameRecord

# How long after the day it was played a game is still "stored when it was played": the UTC day of a game
# finished past midnight, or finished the next evening, is one or two days later; an ahead time zone's UTC
# day can be the day before.
STORED_AFTER = timedelta(days=2)
STORED_BEFORE = timedelta(days=1)


@dataclass(frozen=True, slots=True)
class SetupSeat:
    """A player's seat as setup holds it: a name, and a wonder (catalogue id), side and wonder fleet once chosen."""

    name: str
    wonder: str | None = None
    side: str | None = None
    fleet: str | None = None


@dataclass(frozen=True, slots=True)
class SetupTable:
    """The players in seat order (clockwise), the expansions as the record names them, and whether they play
    in teams of neighbours (seats 1+2, 3+4…)."""

    seats: tuple[SetupSeat, ...]
    expansions: frozenset[str] = frozenset()
    teams: bool = False


def last_game(games: Iterable[GameSummary], today: date) -> GameSummary | None:
    """The game this table played last, whose table the next game starts from; None when there is none.

    "Last" is by the day a game was played, not by when it reached the history: among finished games, the one
    with the latest `played_on`, and of one day's games the one stored last. Two kinds of game never count:
    one dated after `today` (not played yet: the examples carry days of their own, ahead of the calendar), and
    one stored more than two days after its day (or a day before it). A game played at this table is stored the
    night it is played, as it is finished; an imported one is stored when the bundle is imported, normally
    days after its day, so a bundle imported tonight never becomes the last table. A game another table sends
    the night it was played cannot be told apart and counts; a game corrected days later is stored again then,
    and no longer counts. Drafts do not count: home offers to resume them."""
    played = [
        game
        for game in games
        if game.finished and game.played_on and game.played_on <= today.isoformat() and _stored_when_played(game)
    ]
    return max(played, key=lambda game: (game.played_on or "", game.saved_at), default=None)


def _stored_when_played(game: GameSummary) -> bool:
    assert game.played_on is not None
    try:
        day, stored = date.fromisoformat(game.played_on), datetime.fromisoformat(game.saved_at).date()
    except ValueError:  # a date another table wrote in a form this one cannot read: not a game played here
        return False
    return day - STORED_BEFORE <= stored <= day + STORED_AFTER


def setup_table(record: GameRecord) -> SetupTable:
    """A game's table as setup shows it, for the next game: every seat's name, wonder (as its catalogue id,
    whichever name the record used), side and wonder fleet, the expansions and the teams."""
    catalog = load_catalog()
    seats = []
    for seat in record.players:
        wonder = catalog.wonder(seat.wonder)
        seats.append(SetupSeat(seat.name, wonder.id if wonder else None, seat.side, seat.wonder_fleet))
    return SetupTable(tuple(seats), frozenset(record.expansions), bool(record.teams))


def deal_wonders(table: SetupTable, rng: random.Random) -> SetupTable:
    """Every player without a wonder gets one at random among the boards in the game's boxes (the base game's,
    and the Leaders box's when Leaders is played) that no seat holds, and a side at random when theirs is not
    chosen; a wonder or side already chosen stays. With more players than free boards, the seats that come
    last in seat order are left without one. The same `rng` state deals the same table."""
    catalog = load_catalog()
    taken = {seat.wonder for seat in table.seats if seat.wonder is not None}
    free = [
        wonder.id
        for wonder in catalog.wonders
        if (wonder.box == "base" or wonder.box in table.expansions) and wonder.id not in taken
    ]
    rng.shuffle(free)
    dealt = []
    for seat in table.seats:
        if seat.wonder is None and free:
            seat = replace(seat, wonder=free.pop(0))
        if seat.wonder is not None and seat.side is None:
            wonder = catalog.wonder(seat.wonder)
            assert wonder is not None, seat.wonder
            seat = replace(seat, side=rng.choice(sorted(wonder.sides)))
        dealt.append(seat)
    return replace(table, seats=tuple(dealt))
