"""GuildCap at the table: one Guild card's VP from just the counts it needs, before and after Armada's cap (§4).

`score_guild` scores a guild from whole cities at the end of a game. At the table the question is narrower
("my neighbours have 7 and 5 green cards: what does my Philosophers' Guild give with Armada?"), so this
module says which counts a guild's ScoreSpec needs, scores the guild from those alone, and always states
the cap ruling — applied, not reached, or not in play — so the answer quotes the rule either way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorer.catalog import COLOURS, Card, Catalog
from scorer.i18n import t
from scorer.rules.counting import CityFacts
from scorer.rules.guilds import GUILD_CAP, score_guild
from scorer.ruling import Ruling, ruling
from scorer.words import Wording, Words

# Whose city a ScoreSpec scope looks at, in the order the table reads them.
CITIES = {"own": ("own",), "neighbours": ("left", "right"), "own_and_neighbours": ("own", "left", "right")}
MOST = 99  # a bound on a typed count that no city reaches; coins and the board-limited counts have their own
MOST_COINS = 999


@dataclass(frozen=True, slots=True)
class GuildCount:
    """One number the table types for a guild: `thing` counted in `city` ("own", "left" or "right")."""

    city: str
    thing: str
    most: int

    @property
    def label(self) -> str:
        """'left neighbour: green cards', in the current language."""
        return t("rules.guild_cap.label", city=city_name(self.city), thing=thing_name(self.thing))


@dataclass(frozen=True, slots=True)
class GuildCapOutcome:
    """The guild's VP without the cap and as scored, how it was counted, and the rulings behind it."""

    guild: Card
    uncapped: int
    points: int
    line: Wording
    rulings: tuple[Ruling, ...]

    @property
    def account(self) -> str:
        """How the guild was counted, in the current language."""
        return str(self.line)


def city_name(city: str) -> str:
    """'your city', 'left neighbour', 'right neighbour' (the cities a guild looks at) in the current language."""
    return t(f"rules.guild_cap.city.{city}")


def thing_name(thing: str) -> str:
    """What the table types for a thing a spec counts ('green cards'); a Gamers Guild counts sets of 3 coins,
    the table types coins."""
    if thing in COLOURS:
        return t(f"rules.counting.cards.{thing}")
    return t(f"rules.guild_cap.thing.{thing}")


def guild_counts(guild: Card, catalog: Catalog) -> tuple[GuildCount, ...]:
    """The counts `guild` needs, from its ScoreSpec (none for the Scientists and Courtesans Guilds: no VP)."""
    if guild.score is None:
        return ()
    stages = max(len(side.stages) for wonder in catalog.wonders for side in wonder.sides.values())
    most = {"wonder_stage": stages, "commercial_level": catalog.dockyard.max_commercial_level, "coin_set": MOST_COINS}
    spec = guild.score
    return tuple(GuildCount(city, thing, most.get(thing, MOST)) for city in CITIES[spec.scope] for thing in spec.per)


def cap_guild(guild: Card, counts: Mapping[tuple[str, str], int], *, armada: bool) -> GuildCapOutcome:
    """Score `guild` from `counts` keyed by (city, thing) as `guild_counts` lists them (missing ones count 0)."""
    name = guild
    if guild.score is None:
        note = ruling("guild.cap", Words("rules.guild_cap.nothing_to_cap", {"guild": name}))
        return GuildCapOutcome(guild, 0, 0, Words("rules.guilds.no_vp", {"guild": name}), (note,))
    own, left, right = (_city(city, counts) for city in ("own", "left", "right"))
    score = score_guild(guild, own, left, right, armada=armada)
    notes = score.rulings
    vp = score.uncapped
    words = {"guild": name, "vp": vp, "cap": GUILD_CAP}
    if not armada:
        case = "rules.guild_cap.no_armada_over" if vp > GUILD_CAP else "rules.guild_cap.no_armada_under"
        notes += (ruling("guild.cap", Words(case, words)),)
    elif vp <= GUILD_CAP:
        notes += (ruling("guild.cap", Words("rules.guild_cap.not_reached", words)),)
    return GuildCapOutcome(guild, score.uncapped, score.points, score.line, notes)


def _city(city: str, counts: Mapping[tuple[str, str], int]) -> CityFacts:
    """A city holding only what was typed for it; the rest counts 0 (the guild does not look at it)."""
    typed = {thing: n for (where, thing), n in counts.items() if where == city}
    return CityFacts(
        name=Words(f"rules.guild_cap.city.{city}"),
        colours={colour: typed.get(colour, 0) for colour in COLOURS},
        wonder_stage=typed.get("wonder_stage", 0),
        victory_token=typed.get("victory_token", 0),
        defeat_token=typed.get("defeat_token", 0),
        leader=typed.get("leader", 0),
        coins=typed.get("coin_set", 0),
        commercial_level=typed.get("commercial_level", 0),
        island=typed.get("island", 0),
    )
