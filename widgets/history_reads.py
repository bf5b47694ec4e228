"""The games the History and Stats screens show, kept from one opening to the next while the history is unchanged.

Reading ten thousand games' summaries (HistoryStore.games) takes as long as the History screen then takes to show
them, and a table that opens History, goes back and opens it again, or opens Stats, has usually changed nothing
meanwhile. So the games read are kept with the store's revision (HistoryStore.revision), and a screen opened
while the store is still at that revision shows them at once, without a worker and its "Loading" line. Anything
that may change them moves the revision on (a game saved, finished, deleted or imported, the Dockyard
calibration set, another process replacing the file), and the next opening reads again. What a screen derives
from the games (the Stats screen's counts) is kept beside them, and goes with them.

Only the latest reading of each store is kept, and only while the store is open (a store switched or closed
drops its own). The games are those of HistoryStore.games(), newest first, their names made inert
(inert_summaries); a screen never changes the list it is handed (it filters and sorts into lists of its own).
Screens call this from the UI thread (`kept`: at most a look at the file) and from their workers (`read`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar
from weakref import WeakKeyDictionary

from scorer.history.summary import GameSummary, inert_summaries

if TYPE_CHECKING:
    from scorer.history.store import HistoryStore

Derived = TypeVar("Derived")


class _Reading:
    __slots__ = ("derived", "games", "revision")

    def __init__(self, revision: int, games: list[GameSummary]) -> None:
        self.revision = revision
        self.games = games
        self.derived: dict[str, Any] = {}


_lock = threading.Lock()
_readings: WeakKeyDictionary[HistoryStore, _Reading] = WeakKeyDictionary()


def kept(store: HistoryStore) -> list[GameSummary] | None:
    """The games last read from `store`, if it is still at the revision they were read at; else None. Raises
    HistoryError when the store cannot be read (another process replaced the file with one it refuses)."""
    with _lock:
        reading = _readings.get(store)
    if reading is None or store.revision() != reading.revision:
        return None
    return reading.games


def read(store: HistoryStore) -> list[GameSummary]:
    """Every game of `store` read now (off the UI thread: ten thousand take a tenth of a second or more), and
    kept for the next opening. Raises HistoryError."""
    games, revision = store.games_at_revision()
    games = inert_summaries(games)  # names from other tables' files
    with _lock:
        _readings[store] = _Reading(revision, games)
    return games


def derived(
    store: HistoryStore, games: list[GameSummary], name: str, make: Callable[[list[GameSummary]], Derived]
) -> Derived:
    """`make(games)`, kept beside `games` under `name` while they are the games kept for `store`: computed once
    per reading, however often the screen opens."""
    with _lock:
        reading = _readings.get(store)
        if reading is not None and reading.games is games and name in reading.derived:
            return reading.derived[name]
    value = make(games)
    with _lock:
        reading = _readings.get(store)
        if reading is not None and reading.games is games:
            value = reading.derived.setdefault(name, value)
    return value
