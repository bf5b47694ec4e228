"""What every edit is made of: the `Edit` value, the `Game` it is made on, and the record's entries it touches.

An edit is a value, named after what the table did ("add_card", "move_ship"), carrying the player it is about
(a phone may only make its own seat's edits) and the change itself over the record's JSON form; the session
applies it to a copy and keeps the result only if the whole record is still valid.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scorer.catalog import Catalog, DockyardTrack
from scorer.model import GameRecord
from scorer.rules.city import City, ground_strength, naval_strength

Change = Callable[[dict[str, Any]], None]


@dataclass(frozen=True, slots=True)
class Edit:
    """One change to a game: `kind` names it (the function that made it), `player` is whose city it changes
    (None: the whole table's, such as its seats), `change` does it to the record's JSON form in place."""

    kind: str
    player: str | None
    change: Change

    def __call__(self, data: dict[str, Any]) -> None:
        self.change(data)


@dataclass(frozen=True, slots=True)
class Game:
    """The game as an edit finds it: the record, every city age by age (the session computes it once per
    record), the catalogue, and the Dockyard values the table plays with (its calibration, else the book's)."""

    record: GameRecord
    history: Mapping[int, Mapping[str, City]]
    catalog: Catalog
    track: DockyardTrack

    def fresh_entry(self, age: int, player: str) -> dict[str, Any]:
        """What a new age entry of `player` starts with: a quick-counts player's carries the strengths the
        table must type (derived from the city as it stands), anyone else's nothing beyond the defaults."""
        if not scored_quick(self.record, player):
            return {}
        city = self.history[age][player]
        fresh = {"ground_strength": ground_strength(city).value}
        if self.record.armada:
            fresh["naval_strength"] = naval_strength(city, self.track).value
        return fresh


def scored_quick(record: GameRecord, player: str) -> bool:
    """Whether `player` is scored with quick counts instead of card names."""
    end = record.end.get(player)
    return end is not None and end.quick is not None


def entry_of(data: dict[str, Any], age: int, name: str, fresh: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """`name`'s entry for `age` in the record's JSON, created (with the age) when the table first enters it.

    `fresh` is what a new entry starts with: a quick-counts player's entry must carry typed strengths.
    """
    block = next((b for b in data["ages"] if b["age"] == age), None)
    if block is None:
        block = {"age": age, "players": {}}
        data["ages"].append(block)
        data["ages"].sort(key=lambda b: b["age"])
    if name not in block["players"]:
        block["players"][name] = {"cards": [], "wonder_stages": 0} | dict(fresh or {})
    entry: dict[str, Any] = block["players"][name]
    return entry


def end_of(data: dict[str, Any], name: str) -> dict[str, Any]:
    """`name`'s end-of-game entry in the record's JSON, created empty when there is none yet."""
    entry: dict[str, Any] = data.setdefault("end", {}).setdefault(name, {})
    return entry


def in_entry(game: Game, kind: str, age: int, player: str, change: Callable[[dict[str, Any]], None]) -> Edit:
    """An edit of `player`'s entry for `age` (created, as `Game.fresh_entry` says, when the table first
    enters it)."""
    fresh = game.fresh_entry(age, player) if player not in game.record.ages.get(age, {}) else {}
    return Edit(kind, player, lambda data: change(entry_of(data, age, player, fresh)))
