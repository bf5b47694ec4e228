"""Guilds: each guild's VP from its ScoreSpec, the Armada cap of 10 VP per Guild card, Olympia B's copy.

Adopted (§4): with Armada in play each Guild card scores at most 10 VP, a guild copied by Olympia B
included; the Scientists Guild gives a symbol, not VP, and is not capped.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.catalog import Card, load_catalog
from scorer.i18n import local_name, t
from scorer.rules.counting import CityFacts, evaluate, named
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
    name = local_name(guild)
    if guild.score is None:
        return GuildScore(guild, 0, 0, t("rules.guilds.no_vp", guild=name), copied, ())
    uncapped, account = evaluate(guild.score, own, left, right)
    notes: list[Ruling] = []
    points = uncapped
    if copied:
        olympia = local_name(load_catalog().wonder("olympia"))
        notes.append(
            ruling(
                "guild.olympia-copy",
                t(
                    "rules.guilds.olympia_copy",
                    name=own.name,
                    guild=name,
                    wonder=olympia,
                    account=account,
                ),
            )
        )
    if armada and uncapped > GUILD_CAP:
        points = GUILD_CAP
        notes.append(ruling("guild.cap", t("rules.guilds.capped", guild=name, uncapped=uncapped, cap=GUILD_CAP)))
    return GuildScore(guild, points, uncapped, named(name, account), copied, tuple(notes))
