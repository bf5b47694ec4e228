"""The Leaders recruitment phase: the leader each player played at the start of an age, and its use.

A leader is recruited (in the city), tucked under the wonder as a stage, or discarded for coins. One
tucked as a stage is one of that age's wonder stages, so choosing "wonder" adds a stage and changing the
use back takes it away again. Rome B's stages let a player recruit more leaders during the age; these edits
change only the recruitment phase's leader (the first of the entry's) and keep any further ones untouched.
"""

from __future__ import annotations

from typing import Any, Literal

from scorer.catalog import Catalog, Leader
from scorer.edits.base import Edit, entry_of
from scorer.model import GameRecord

Use = Literal["recruit", "wonder", "discard"]
USES: tuple[Use, ...] = ("recruit", "wonder", "discard")  # as the record writes them


def choose_leader(age: int, player: str, leader: str | None, use: Use) -> Edit:
    """`leader` (English name; None: no leader) is what `player` played in `age`'s recruitment, with `use`;
    the age's wonder stages stay in step with a leader tucked as a stage."""

    def choose(data: dict[str, Any]) -> None:
        entry = entry_of(data, age, player)
        plays = entry.setdefault("leaders", [])
        if plays and plays[0]["use"] == "wonder":
            entry["wonder_stages"] = max(entry.get("wonder_stages", 0) - 1, 0)
        if leader is None:
            del plays[:1]
        else:
            plays[:1] = [{"name": leader, "use": use}]
            if use == "wonder":
                entry["wonder_stages"] = entry.get("wonder_stages", 0) + 1
        if not plays:
            del entry["leaders"]

    return Edit("choose_leader", player, choose)


def recruitable(record: GameRecord, catalog: Catalog, age: int, player: str) -> tuple[Leader, ...]:
    """The leaders `player` may recruit in `age`'s recruitment phase, in the catalogue's order: every playable
    leader (never the blank Semiramis card) not played yet in this game, their own choice of this phase
    included. The one answer the recruitment screen and the phones both offer."""
    played = played_leaders(record, catalog, skip=(age, player))
    return tuple(leader for leader in catalog.leaders if not leader.blank and leader.id not in played)


def played_leaders(record: GameRecord, catalog: Catalog, skip: tuple[int, str] | None = None) -> set[str]:
    """Ids of the leaders already played in this game (each leader card exists once), except the recruitment
    choice `skip` = (age, player), which stays on offer in its own row."""
    return {
        leader.id
        for age, entries in record.ages.items()
        for name, entry in entries.items()
        for i, play in enumerate(entry.leaders)
        if not ((age, name) == skip and i == 0) and (leader := catalog.leader(play.name)) is not None
    }
