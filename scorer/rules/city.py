"""A City as it stands at the end of an age: what a player has built, recruited, explored and sailed.

The record holds each age's inputs; a City accumulates them, and the Ground and Naval strengths of the
age are derived from it with their breakdown. A strength the table typed replaces the derived one and is
marked, so a mismatch is visible instead of silently winning.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from scorer.catalog import COLOURS, Card, Catalog, DockyardTrack, Island, Leader, Wonder, WonderSide
from scorer.i18n import t
from scorer.model import FLEET_ORDER, GameRecord, QuickCounts
from scorer.rules.dockyard import dockyard_naval_shields
from scorer.rules.ground import Incursion, neighbours, two_seats_away
from scorer.rules.islands import printed_name
from scorer.words import Wording, Words


class City(NamedTuple):
    """One player's city at the end of an age. A NamedTuple, as every value a sheet builds by the dozen (Ruling,
    Cell, Strength): a tuple is several times cheaper to build than a frozen dataclass."""

    name: str
    wonder: Wonder
    side: WonderSide
    cards: tuple[Card, ...]
    stages: int
    leaders: tuple[Leader, ...]
    islands: tuple[Island, ...]
    ships: Mapping[str, int]
    courtesans: Leader | None
    quick: QuickCounts | None

    @property
    def built_stages(self):
        return self.side.stages[: self.stages]

    @property
    def active_leaders(self) -> tuple[Leader, ...]:
        """Recruited leaders plus the one copied with the Courtesans Guild: their effects apply to this city."""
        return self.leaders + ((self.courtesans,) if self.courtesans else ())

    def colours(self) -> dict[str, int]:
        if self.quick is not None:
            return {colour: self.quick.colours.get(colour, 0) for colour in COLOURS}
        counts = dict.fromkeys(COLOURS, 0)
        for card in self.cards:
            counts[card.colour] += 1
        return counts


def city_history(record: GameRecord, catalog: Catalog) -> dict[int, dict[str, City]]:
    """Every player's City at the end of each age 1-3, built in one pass over the record's inputs."""
    history: dict[int, dict[str, City]] = {1: {}, 2: {}, 3: {}}
    for seat in record.players:
        wonder = catalog.wonder(seat.wonder)
        end = record.end.get(seat.name)
        cards: tuple[Card, ...] = ()
        leaders: tuple[Leader, ...] = ()
        islands: tuple[Island, ...] = ()
        ships = dict.fromkeys(FLEET_ORDER, 0)
        stages = 0
        courtesans = None
        for age in (1, 2, 3):
            entry = record.entry(age, seat.name)
            cards += catalog.built_all(entry.cards, age)
            stages += entry.wonder_stages
            leaders += tuple(catalog.leader(p.name) for p in entry.leaders if p.use == "recruit")
            islands += tuple(catalog.island(name) for name in entry.islands)
            if entry.ships is not None:
                ships = ships | entry.ships
            if entry.courtesans is not None:
                courtesans = catalog.leader(entry.courtesans)
            history[age][seat.name] = City(
                name=seat.name,
                wonder=wonder,
                side=wonder.sides[seat.side],
                cards=cards,
                stages=stages,
                leaders=leaders,
                islands=islands,
                ships=ships,
                courtesans=courtesans,
                quick=end.quick if end else None,
            )
    return history


class Strength(NamedTuple):
    """A Ground or Naval strength: the value used, what the parts add up to (each part's source as words and
    what it gives), and whether it was typed. Two per player and age of a sheet: a NamedTuple, as City."""

    value: int
    derived: int
    parts: tuple[tuple[Wording, int], ...]
    typed: bool

    def account(self) -> str:
        """'Red fleet space 3 3 + Porto dos Ventos 2 = 5', and whether the table typed another value."""
        parts = " + ".join(f"{source} {n}" for source, n in self.parts) or t("rules.city.nothing")
        if self.typed and self.value != self.derived:
            return t("rules.city.typed_differs", parts=parts, derived=self.derived, value=self.value)
        if self.typed:
            return t("rules.city.typed_matches", parts=parts, derived=self.derived)
        return f"{parts} = {self.derived}"


def _strength(parts: list[tuple[Wording, int]], typed: int | None) -> Strength:
    """Parts hold only sources that give something, so the account lists what counts."""
    derived = sum([n for _, n in parts])
    return Strength(derived if typed is None else typed, derived, tuple(parts), typed is not None)


def ground_strength(city: City, typed: int | None = None) -> Strength:
    """Ground Shields: red cards (Armada Dock/Quay/Jetty too), wonder stages, leaders, islands."""
    wonder = city.wonder
    parts: list[tuple[Wording, int]] = [(card, card.shields) for card in city.cards if card.shields]
    parts += [
        (Words("rules.city.wonder_stage", {"wonder": wonder, "stage": i + 1}), stage.shields)
        for i, stage in enumerate(city.built_stages)
        if stage.shields
    ]
    parts += [(leader, leader.shields) for leader in city.active_leaders if leader.shields]
    parts += [(printed_name(island), island.shields) for island in city.islands if island.shields]
    return _strength(parts, typed)


def naval_strength(city: City, track: DockyardTrack, typed: int | None = None) -> Strength:
    """Naval Shields in the City, on the Dockyard and on Islands."""
    parts: list[tuple[Wording, int]] = [(card, card.naval_shields) for card in city.cards if card.naval_shields]
    parts += dockyard_naval_shields(track, city.ships)
    parts += [(printed_name(island), island.naval_shields) for island in city.islands if island.naval_shields]
    return _strength(parts, typed)


def incursions_of(record: GameRecord, catalog: Catalog, age: int) -> list[Incursion]:
    """This age's Incursions: as typed in the record, else from the Dock/Quay/Jetty built this age."""
    names = record.names
    found = []
    for name in names:
        entry = record.entry(age, name)
        if entry.incursions is not None:
            found += [Incursion(name, target) for target in entry.incursions]
            continue
        sides = [card.incursion for card in catalog.built_all(entry.cards, age) if card.incursion]
        if sides:
            left2, right2 = two_seats_away(names, name)
            found += [Incursion(name, right2 if side == "right2" else left2) for side in sides]
    return found


def tomyris_players(cities: Mapping[str, City]) -> list[str]:
    """Players whose Tomyris (recruited, or copied with the Courtesans Guild) is in play."""
    return [name for name, city in cities.items() if any(leader.tomyris for leader in city.active_leaders)]


def neighbour_cities(cities: Mapping[str, City], names: list[str], name: str) -> tuple[City, City]:
    left, right = neighbours(names, name)
    return cities[left], cities[right]
