"""The end of the game: the coins each player holds, a quick-count player's commercial and guild VP, and
the guild Olympia B's stage copies.

Coins cleared mean "not counted yet": the player's end entry goes, unless it holds more than the coins
(quick counts, Olympia's choice), which need it.
"""

from __future__ import annotations

from typing import Any, Literal

from scorer.catalog import Card, Catalog
from scorer.edits.base import Edit, end_of
from scorer.errors import InputError
from scorer.i18n import t
from scorer.model import GameRecord
from scorer.rules.city import City
from scorer.rules.ground import neighbours

Count = Literal["coins", "commercial", "guilds"]
COUNTS: tuple[Count, ...] = ("coins", "commercial", "guilds")  # commercial and guilds: quick counts only


def end_count(record: GameRecord, player: str, kind: Count) -> int | None:
    """One of the numbers typed at the end for `player`, as the record holds it (None: not entered)."""
    end = record.end.get(player)
    if end is None:
        return None
    if kind == "coins":
        return end.coins
    return getattr(end.quick, kind) if end.quick is not None else None


def set_end_count(player: str, kind: Count, value: int) -> Edit:
    """`player`'s coins at the end (or, scored with quick counts, their commercial or guild VP)."""

    def set_count(data: dict[str, Any]) -> None:
        end = end_of(data, player)
        if kind == "coins":
            end["coins"] = value
        elif "quick" in end:
            end["quick"][kind] = value
        else:
            raise InputError(f"end.{player}.quick", value, t("edits.allowed.quick", player=player))

    return Edit("set_end_count", player, set_count)


def forgettable(record: GameRecord, player: str) -> bool:
    """Whether `player`'s coins may be cleared: their end entry holds nothing else (no quick counts, no
    Olympia choice), so "not counted yet" can be recorded by taking it out."""
    end = record.end.get(player)
    return end is not None and end.olympia_copy is None and end.quick is None


def forget_coins(player: str) -> Edit:
    """`player`'s coins are not counted yet: their end entry (coins only, see `forgettable`) goes."""
    return Edit("forget_coins", player, lambda data: data.get("end", {}).pop(player, None))


def copy_guild(player: str, guild: str | None) -> Edit:
    """The guild (English name) Olympia B's stage copies for `player`; None lets the sheet take the best one.
    The coins come first: the choice is kept in the player's end entry."""

    def choose(data: dict[str, Any]) -> None:
        end = data.get("end", {}).get(player)
        if end is None:
            raise InputError(f"end.{player}.olympia_copy", guild, t("end.coins_first", player=player))
        if guild is None:
            end.pop("olympia_copy", None)
        else:
            end["olympia_copy"] = guild

    return Edit("copy_guild", player, choose)


def olympia_guilds(record: GameRecord, catalog: Catalog, city: City) -> list[tuple[Card, str]] | None:
    """Olympia B with its copy stage built: the neighbours' guilds it may copy, each with its owner (None
    when the choice does not apply)."""
    if not any(stage.copy_guild for stage in city.built_stages):
        return None
    return [
        (card, owner)
        for owner in neighbours(record.names, city.name)
        for name in record.entry(3, owner).cards
        if (card := catalog.card(name, 3)) is not None and card.is_guild
    ]
