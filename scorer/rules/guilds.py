"""Guilds: each guild's VP from its ScoreSpec, the Armada cap of 10 VP per Guild card, Olympia B's copy.

Adopted (§4): with Armada in play each Guild card scores at most 10 VP, a guild copied by Olympia B
included; the Scientists Guild gives a symbol, not VP, and is not capped.
"""

from __future__ import annotations

from typing import NamedTuple

from scorer.catalog import Card, load_catalog
from scorer.rules.counting import CityFacts, evaluate, named
from scorer.ruling import Ruling, ruling
from scorer.words import Wording, Words

GUILD_CAP = 10


class GuildScore(NamedTuple):
    """One guild's VP (capped, and before the cap), its account line as words, and the rulings behind it (a
    NamedTuple, as Ruling: scored for every guild of every city, and for each guild Olympia B could copy)."""

    guild: Card
    points: int
    uncapped: int
    line: Wording
    copied: bool
    rulings: tuple[Ruling, ...]

    @property
    def account(self) -> str:
        """The guild's account, "Philosophers' Guild: 1 × green (…) = 12", in the current language."""
        return str(self.line)


def score_guild(
    guild: Card, own: CityFacts, left: CityFacts, right: CityFacts, *, armada: bool, copied: bool = False
) -> GuildScore:
    """One Guild card's VP for `own` (0 for guilds that give no VP: Scientists, Courtesans)."""
    name = guild
    if guild.score is None:
        return GuildScore(guild, 0, 0, Words("rules.guilds.no_vp", {"guild": name}), copied, ())
    uncapped, account = evaluate(guild.score, own, left, right)
    notes: list[Ruling] = []
    points = uncapped
    if copied:
        olympia = load_catalog().wonder("olympia")
        words: dict[str, object] = {"name": own.name, "guild": name, "wonder": olympia, "account": account}
        players = (own.name,) if isinstance(own.name, str) else ()
        notes.append(ruling("guild.olympia-copy", Words("rules.guilds.olympia_copy", words), players))
    if armada and uncapped > GUILD_CAP:
        points = GUILD_CAP
        capped = {"guild": name, "uncapped": uncapped, "cap": GUILD_CAP}
        notes.append(ruling("guild.cap", Words("rules.guilds.capped", capped)))
    return GuildScore(guild, points, uncapped, named(name, account), copied, tuple(notes))
