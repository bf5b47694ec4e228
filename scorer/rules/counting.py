"""ScoreSpec evaluation: 'rate VP per thing counted in scope', shared by guilds, leaders, yellow cards, islands.

Every such card says what it counts (a colour, wonder stages, tokens, leaders, coin sets, Commercial
Levels, islands) and whose city it looks at (own, neighbours, or both); the data says which, this says how.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorer.catalog import ScoreSpec, SetSpec
from scorer.i18n import t, tn


@dataclass(frozen=True, slots=True)
class CityFacts:
    """What a city holds at the end of the game, in the units the cards count."""

    name: str
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

    def count(self, thing: str) -> int:
        if thing in self.colours:
            return self.colours[thing]
        if thing == "coin_set":
            return self.coins // 3
        return int(getattr(self, thing))


def evaluate(spec: ScoreSpec, own: CityFacts, left: CityFacts, right: CityFacts) -> tuple[int, str]:
    """VP from `spec` and a one-line account of the count ("2 × (3 + 4) = 14")."""
    cities = {"own": (own,), "neighbours": (left, right), "own_and_neighbours": (own, left, right)}[spec.scope]
    counts = [sum(city.count(thing) for thing in spec.per) for city in cities]
    total = spec.rate * sum(counts)
    things = " + ".join(t(f"rules.counting.thing.{thing}") for thing in spec.per)
    where = ", ".join(f"{city.name} {n}" for city, n in zip(cities, counts))
    account = f"{spec.rate} × {things} ({where}) = {total}"  # no words: the same formula in every language
    if "commercial_level" in spec.per:  # say where the level was read, as the Dockyard row does
        key = "unconfirmed" if own.commercial_level_unconfirmed else "read"
        account += " " + t(f"rules.counting.commercial_level.{key}", space=own.yellow_space)
    return total, account


def evaluate_sets(spec: SetSpec, own: CityFacts) -> tuple[int, str]:
    """VP per complete set of one card of each listed colour (any ages)."""
    sets = min(own.colours.get(colour, 0) for colour in spec.colours)
    total = spec.rate * sets
    colours = ", ".join(t(f"rules.counting.colour.{colour}") for colour in spec.colours)
    return total, tn("rules.counting.sets", sets, rate=spec.rate, colours=colours, total=total)


def named(name: str, account: str) -> str:
    """'Philosophers Guild: 1 × green (…) = 12': a card's, leader's or island's account under its name (no
    words of its own, so no catalogue entry: it runs for every account of a sheet)."""
    return f"{name}: {account}"


def flat_vp(name: str, vp: int) -> str:
    """'Ramses: 3 VP' / 'Ramsés: 3 PV': printed VP under the name of what gives them."""
    return t("rules.counting.flat_vp", name=name, vp=vp)
