"""A City as it stands at the end of an age: what a player has built, recruited, explored and sailed.

The record holds each age's inputs; a City accumulates them, and the Ground and Naval strengths of the
age are derived from it with their breakdown. A strength the table typed replaces the derived one and is
marked, so a mismatch is visible instead of silently winning.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import NamedTuple

from scorer.catalog import COLOURS, Card, Catalog, DockyardTrack, Island, Leader, Stage, Wonder, WonderSide, present
from scorer.i18n import t
from scorer.model import FLEET_ORDER, GameRecord, QuickCounts
from scorer.rules.dockyard import dockyard_naval_parts, dockyard_naval_shields
from scorer.rules.ground import Incursion, neighbours, two_seats_away
from scorer.words import Wording, Words


class City(NamedTuple):
    """One player's city at the end of an age. A NamedTuple, as every value a sheet builds by the dozen (Ruling,
    Cell, Strength): a tuple is several times cheaper to build than a frozen dataclass.

    `shields` and `naval_shields` are what it holds gives the Ground and Naval strengths (cards, wonder stages,
    leaders with the Courtesans Guild's copy, islands; the Dockyard's shields depend on the table's calibration,
    so naval_strength adds them), summed as the city grows age by age so no strength walks every card again."""

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
    shields: int
    naval_shields: int

    @property
    def built_stages(self) -> tuple[Stage, ...]:
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
        wonder = present(catalog.wonder(seat.wonder), seat.wonder)
        side = wonder.sides[seat.side]
        end = record.end.get(seat.name)
        cards: tuple[Card, ...] = ()
        leaders: tuple[Leader, ...] = ()
        islands: tuple[Island, ...] = ()
        ships = dict.fromkeys(FLEET_ORDER, 0)
        stages = 0
        courtesans = None
        shields = naval_shields = 0  # what everything but the Courtesans Guild's copy gives so far
        for age in (1, 2, 3):
            entry = record.entry(age, seat.name)
            built = catalog.built_all(entry.cards, age)
            cards += built
            for card in built:
                shields += card.shields
                naval_shields += card.naval_shields
            for stage in side.stages[stages : stages + entry.wonder_stages]:
                shields += stage.shields
            stages += entry.wonder_stages
            for played in entry.leaders:
                if played.use == "recruit":
                    leader = present(catalog.leader(played.name), played.name)
                    leaders += (leader,)
                    shields += leader.shields
            for island_name in entry.islands:
                island = present(catalog.island(island_name), island_name)
                islands += (island,)
                shields += island.shields
                naval_shields += island.naval_shields
            if entry.ships is not None:
                ships = ships | entry.ships
            if entry.courtesans is not None:
                courtesans = present(catalog.leader(entry.courtesans), entry.courtesans)
            history[age][seat.name] = City(
                name=seat.name,
                wonder=wonder,
                side=side,
                cards=cards,
                stages=stages,
                leaders=leaders,
                islands=islands,
                ships=ships,
                courtesans=courtesans,
                quick=end.quick if end else None,
                shields=shields + courtesans.shields if courtesans else shields,
                naval_shields=naval_shields,
            )
    return history


class Strength(NamedTuple):
    """A Ground or Naval strength: the value used, what its sources add up to, whether it was typed, and the City
    it was read from. Two per player and age of a sheet: a NamedTuple, as City.

    Only the figures are computed when scoring; the parts (each source as words and what it gives) are read off
    `city` when a screen shows them (`track`, the table's Dockyard calibration, for a Naval strength; None for a
    Ground one), so a sheet holds no words for its 48 strengths until one is opened."""

    value: int
    derived: int
    typed: bool
    city: City
    track: DockyardTrack | None = None

    @property
    def parts(self) -> tuple[tuple[Wording, int], ...]:
        """Each source that gives something and what it gives, in the order the account lists them."""
        return ground_parts(self.city) if self.track is None else naval_parts(self.city, self.track)

    def account(self) -> str:
        """'Red fleet (space 3) 3 + Port of Winds 2 = 5', and whether the table typed another value."""
        parts = " + ".join(f"{source} {n}" for source, n in self.parts) or t("rules.city.nothing")
        if self.typed and self.value != self.derived:
            return t("rules.city.typed_differs", parts=parts, derived=self.derived, value=self.value)
        if self.typed:
            return t("rules.city.typed_matches", parts=parts, derived=self.derived)
        return f"{parts} = {self.derived}"


_TOMYRIS = attrgetter("tomyris")


def ground_strength(city: City, typed: int | None = None) -> Strength:
    """Ground Shields: red cards (Armada Dock/Quay/Jetty too), wonder stages, leaders (the one copied with the
    Courtesans Guild too), islands. `typed`: the value the table typed, which replaces the derived one."""
    derived = city.shields
    return Strength(derived if typed is None else typed, derived, typed is not None, city)


def naval_strength(city: City, track: DockyardTrack, typed: int | None = None) -> Strength:
    """Naval Shields in the City, on the Dockyard and on Islands."""
    derived = city.naval_shields + dockyard_naval_shields(track, city.ships)
    return Strength(derived if typed is None else typed, derived, typed is not None, city, track)


def ground_parts(city: City) -> tuple[tuple[Wording, int], ...]:
    """A Ground strength's sources that give something, as (source, shields): cards, wonder stages, leaders (the
    one copied with the Courtesans Guild last), islands."""
    wonder = city.wonder
    return (
        *[(card, card.shields) for card in city.cards if card.shields],
        *[
            (Words("rules.city.wonder_stage", {"wonder": wonder, "stage": i}), stage.shields)
            for i, stage in enumerate(city.built_stages, 1)
            if stage.shields
        ],
        *[(leader, leader.shields) for leader in city.active_leaders if leader.shields],
        *[(island, island.shields) for island in city.islands if island.shields],
    )


def naval_parts(city: City, track: DockyardTrack) -> tuple[tuple[Wording, int], ...]:
    """A Naval strength's sources that give something: cards, the fleets' Dockyard spaces, islands."""
    return (
        *[(card, card.naval_shields) for card in city.cards if card.naval_shields],
        *dockyard_naval_parts(track, city.ships),
        *[(island, island.naval_shields) for island in city.islands if island.naval_shields],
    )


def incursions_of(record: GameRecord, age: int, built: Mapping[str, Sequence[Card]]) -> list[Incursion]:
    """This age's Incursions: as typed in the record, else from the Dock/Quay/Jetty each player `built` this age
    (the cards their City gained since the age before)."""
    names = record.names
    found = []
    for name in names:
        entry = record.entry(age, name)
        if entry.incursions is not None:
            found += [Incursion(name, target) for target in entry.incursions]
            continue
        for card in built[name]:
            if card.incursion:
                left2, right2 = two_seats_away(names, name)
                found.append(Incursion(name, right2 if card.incursion == "right2" else left2))
    return found


def tomyris_players(cities: Mapping[str, City]) -> list[str]:
    """Players whose Tomyris (recruited, or copied with the Courtesans Guild) is in play."""
    return [name for name, city in cities.items() if any(map(_TOMYRIS, city.active_leaders))]


def neighbour_cities(cities: Mapping[str, City], names: list[str], name: str) -> tuple[City, City]:
    left, right = neighbours(names, name)
    return cities[left], cities[right]
