"""ScoreSpec evaluation: 'rate VP per thing counted in scope', shared by guilds, leaders, yellow cards, islands.

Every such card says what it counts (a colour, wonder stages, tokens, leaders, coin sets, Commercial
Levels, islands) and whose city it looks at (own, neighbours, or both); the data says which, this says how.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from scorer.catalog import ScoreSpec, SetSpec
from scorer.i18n import t
from scorer.words import Formula, Joined, Wording, Words


class CityFacts(NamedTuple):
    """What a city holds at the end of the game, in the units the cards count (one per city of a sheet, read by
    every guild, leader and yellow card that counts: a NamedTuple, as Ruling)."""

    name: Wording  # the player's, or "left neighbour" for the guild-cap calculator's typed counts
    colours: Mapping[str, int]
    wonder_stage: int
    victory_token: int
    defeat_token: int
    leader: int
    coins: int
    commercial_level: int
    island: int
    yellow_space: int = 0  # where the Yellow ship stands: the Commercial Level is read off that space
    commercial_level_unconfirmed: bool = False  # the space's printed level is not confirmed (rules-reference §9)

    def counted(self, thing: str) -> int:
        """How many `thing` (a colour, 'coin_set', or a field: 'wonder_stage', 'victory_token', …) the city holds;
        not `count`, which a tuple already has."""
        if thing in self.colours:
            return self.colours[thing]
        if thing == "coin_set":
            return self.coins // 3
        return int(getattr(self, thing))


class Count(NamedTuple):
    """How a ScoreSpec counted, as figures: `rate` × the things counted in each city = `total`, and for a count of
    Commercial Levels the Yellow fleet's space it was read on ('unconfirmed': the space's value is not).

    Worded when shown: "2 × green (Bob 7, Cid 5) = 24" has no words of its own but what it counts and where the
    level was read, so the same formula reads in every language.
    """

    rate: int
    things: tuple[str, ...]
    cities: tuple[Wording, ...]
    counts: tuple[int, ...]
    total: int
    read_on: int | None = None
    unconfirmed: bool = False

    def __str__(self) -> str:
        things = " + ".join(t(f"rules.counting.thing.{thing}") for thing in self.things)
        where = ", ".join(f"{city} {n}" for city, n in zip(self.cities, self.counts))
        account = f"{self.rate} × {things} ({where}) = {self.total}"
        if self.read_on is None:
            return account
        key = "unconfirmed" if self.unconfirmed else "read"
        return account + " " + t(f"rules.counting.commercial_level.{key}", space=self.read_on)


def evaluate(spec: ScoreSpec, own: CityFacts, left: CityFacts, right: CityFacts) -> tuple[int, Count]:
    """VP from `spec` and a one-line account of the count ("2 × (3 + 4) = 14")."""
    scope = spec.scope
    cities = (own,) if scope == "own" else (left, right) if scope == "neighbours" else (own, left, right)
    counts = tuple(sum(map(city.counted, spec.per)) for city in cities)
    total = spec.rate * sum(counts)
    names = tuple(city.name for city in cities)
    if "commercial_level" in spec.per:  # say where the level was read, as the Dockyard row does
        read = own.yellow_space, own.commercial_level_unconfirmed
        return total, Count(spec.rate, spec.per, names, counts, total, *read)
    return total, Count(spec.rate, spec.per, names, counts, total)


def evaluate_sets(spec: SetSpec, own: CityFacts) -> tuple[int, Words]:
    """VP per complete set of one card of each listed colour (any ages)."""
    sets = min(own.colours.get(colour, 0) for colour in spec.colours)
    total = spec.rate * sets
    colours = Joined(tuple(Words(f"rules.counting.colour.{colour}") for colour in spec.colours))
    return total, Words("rules.counting.sets", {"rate": spec.rate, "colours": colours, "total": total}, sets)


def named(name: Wording, account: Wording) -> Formula:
    """A card's, leader's or island's account under its name, "Philosophers' Guild: 1 × green (…) = 12" (no
    words of its own, so no catalogue entry)."""
    return Formula("{name}: {account}", {"name": name, "account": account})


def flat_vp(name: Wording, vp: int) -> Words:
    """'Ramses: 3 VP' / 'Ramsés: 3 PV': printed VP under the name of what gives them."""
    return Words("rules.counting.flat_vp", {"name": name, "vp": vp})
