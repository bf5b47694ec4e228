"""Guilds: each guild's VP from its ScoreSpec, the Armada cap of 10 VP per Guild card, Olympia B's copy.

Adopted (§4): with Armada in play each Guild card scores at most 10 VP, a guild copied by Olympia B
included; the Scientists Guild gives a symbol, not VP, and is not capped.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.catalog import Card
from scorer.rules.counting import CityFacts, evaluate
from scorer.ruling import Ruling, ruling

GUILD_CAP = 10


@dataclass(frozen=True, slots=True)
class GuildScore:
    guild: Card
    points: int
    uncapped: int
    account: str
    copied: bool
    rulings: tuple[Ruling, ...]


def score_guild(
    guild: Card, own: CityFacts, left: CityFacts, right: CityFacts, *, armada: bool, copied: bool = False
) -> GuildScore:
    """One Guild card's VP for `own` (0 for guilds that give no VP: Scientists, Courtesans)."""
    if guild.score is None:
        return GuildScore(guild, 0, 0, f"{guild.en}: no VP", copied, ())
    uncapped, account = evaluate(guild.score, own, left, right)
    notes: list[Ruling] = []
    points = uncapped
    if copied:
        notes.append(ruling("guild.olympia-copy", f"{own.name} copies {guild.en} with Olympia B: {account}."))
    if armada and uncapped > GUILD_CAP:
        points = GUILD_CAP
        notes.append(ruling("guild.cap", f"{guild.en} would score {uncapped}; with Armada it scores {GUILD_CAP}."))
    return GuildScore(guild, points, uncapped, f"{guild.en}: {account}", copied, tuple(notes))
