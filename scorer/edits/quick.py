"""What the table types instead of what the cards give: a strength of its own, and quick counts per colour.

A typed Ground or Naval strength replaces the derived one for that age (the sheet marks it). A player may
switch to quick counts for the whole game: the counts are pre-filled from the cards already named, each
age's strengths become typed values, and the card names are set aside (scorer.quick_aside) to come back when
the player switches back, so switching either way loses nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from scorer import quick_aside
from scorer.catalog import COLOURS, SYMBOLS, Card
from scorer.edits.base import Edit, Game, end_of, entry_of, in_entry
from scorer.errors import InputError
from scorer.i18n import t
from scorer.model import AgeEntry, QuickCounts
from scorer.rules.city import ground_strength, naval_strength


class StrengthKind(StrEnum):
    """The two strengths an age ends with, each settled by its own conflict (Ground, and Naval with Armada)."""

    GROUND = "ground"
    NAVAL = "naval"

    @property
    def field(self) -> str:
        """Where the record keeps a typed value of this strength."""
        return f"{self.value}_strength"

    def typed(self, entry: AgeEntry) -> int | None:
        """The value the table typed for this strength in `entry` (None: derived from the city)."""
        return entry.ground_strength if self is StrengthKind.GROUND else entry.naval_strength


def type_strength(game: Game, age: int, player: str, kind: StrengthKind, value: int | None) -> Edit:
    """`player`'s `kind` strength this age as the table typed it; None goes back to the derived one."""
    field = kind.field

    def set_typed(entry: dict[str, Any]) -> None:
        if value is None:
            entry.pop(field, None)
        else:
            entry[field] = value

    return in_entry(game, f"type_{kind.value}_strength", age, player, set_typed)


# Where each quick count sits in a player's quick counts; the screens label it by its last part.
QUICK_COUNTS: tuple[tuple[str, ...], ...] = (
    *(("colours", colour) for colour in COLOURS),
    ("civilian",),
    ("commercial",),
    ("guilds",),
    *(("science", symbol) for symbol in SYMBOLS),
    ("science", "wildcards"),
    ("science", "most_common"),
)


def quick_count(quick: QuickCounts, path: tuple[str, ...]) -> int:
    """The count at `path` (one of QUICK_COUNTS) in these quick counts (0 when not typed)."""
    value: Any = quick.to_dict()
    for key in path:
        value = value.get(key, 0) if isinstance(value, Mapping) else 0
    return int(value)


def set_quick_count(player: str, path: tuple[str, ...], value: int) -> Edit:
    """One of `player`'s quick counts (`path`, one of QUICK_COUNTS) as the table typed it."""

    def set_count(data: dict[str, Any]) -> None:
        target = end_of(data, player).get("quick")
        if target is None:  # a count typed for a player scored by card names would switch them silently
            raise InputError(f"end.{player}.quick", value, t("edits.allowed.quick", player=player))
        for key in path[:-1]:
            target = target.setdefault(key, {})
        target[path[-1]] = value

    return Edit("set_quick_count", player, set_count)


def quick_counts(cards: tuple[Card, ...]) -> dict[str, Any]:
    """Quick counts pre-filled from the card names already entered, so switching loses nothing countable."""
    return {
        "colours": {colour: sum(1 for c in cards if c.colour == colour) for colour in COLOURS},
        "civilian": sum(c.vp for c in cards if c.colour == "blue"),
        "commercial": 0,
        "guilds": 0,
        "science": {symbol: sum(1 for c in cards if c.science == symbol) for symbol in SYMBOLS}
        | {
            "wildcards": sum(c.science_wildcard for c in cards),
            "most_common": sum(c.science_most_common for c in cards),
        },
    }


def switch_quick(game: Game, age: int, player: str, on: bool, kept: Mapping[str, Any]) -> Edit:
    """Card names ⇄ quick counts for `player`, losing nothing. Switching on keeps what was countable (colour
    counts, blue VP and science from the cards, each age's strengths as typed values) and empties each age's
    cards (with the Courtesans' copy: no guild card is named any more); `kept` is what the session set aside
    of them (GameSession.set_aside_cards), and switching off puts it back."""
    history, track, armada = game.history, game.track, game.record.armada

    def switch(data: dict[str, Any]) -> None:
        end = data.setdefault("end", {})
        if not on:
            end.get(player, {}).pop("quick", None)
            quick_aside.put_back(data, player, dict(kept))
            return
        entry_of(data, age, player)
        for block in data["ages"]:
            entry = block["players"].get(player)
            if entry is None:
                continue
            city = history[block["age"]][player]
            entry["cards"] = []
            entry.pop("courtesans", None)
            entry.setdefault("ground_strength", ground_strength(city).value)
            if armada:
                entry.setdefault("naval_strength", naval_strength(city, track).value)
        # The schema wants coins in an end entry: 0 stands until the end-of-game screen asks for them.
        end.setdefault(player, {})["quick"] = quick_counts(history[3][player].cards)

    return Edit("switch_quick", player, switch)
