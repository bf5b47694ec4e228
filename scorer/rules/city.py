"""A City as it stands at the end of an age: what a player has built, recruited, explored and sailed.

The record holds each age's inputs; a City accumulates them, and the Ground and Naval strengths of the
age are derived from it with their breakdown. A strength the table typed replaces the derived one and is
marked, so a mismatch is visible instead of silently winning.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter, itemgetter
from typing import NamedTuple

from scorer.catalog import COLOURS, Card, Catalog, DockyardTrack, Island, Leader, Stage, Wonder, WonderSide, present
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
            for played in entry.leaders:
                if played.use == "recruit":
                    leaders += (present(catalog.leader(played.name), played.name),)
            if entry.islands:
                islands += tuple([present(catalog.island(name), name) for name in entry.islands])
            if entry.ships is not None:
                ships = ships | entry.ships
            if entry.courtesans is not None:
                courtesans = present(catalog.leader(entry.courtesans), entry.courtesans)
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


_SHIELDS = itemgetter(1)  # what a part of a strength gives
_TOMYRIS = attrgetter("tomyris")


def _strength(parts: tuple[tuple[Wording, int], ...], typed: int | None) -> Strength:
    """Parts hold only sources that give something, so the account lists what counts."""
    derived = sum(map(_SHIELDS, parts))
    return Strength(derived if typed is None else typed, derived, parts, typed is not None)


class Shields(NamedTuple):
    """The Ground and Naval parts a city only ever adds to (cards, wonder stages, recruited leaders, islands),
    kept from one age to the next: a City holds everything built so far, so each age's strengths walk only
    what that age added instead of every card since Age I. `city` is the City they were read from."""

    city: City | None
    cards: tuple[tuple[Wording, int], ...]
    stages: tuple[tuple[Wording, int], ...]
    leaders: tuple[tuple[Wording, int], ...]
    islands: tuple[tuple[Wording, int], ...]
    naval_cards: tuple[tuple[Wording, int], ...]
    naval_islands: tuple[tuple[Wording, int], ...]

    def grown(self, city: City) -> Shields:
        """These parts with what `city` added since `self.city` (an earlier age's City of the same player)."""
        before = self.city
        cards, naval_cards = list(self.cards), list(self.naval_cards)
        for card in city.cards[len(before.cards) :] if before else city.cards:
            if card.shields:
                cards.append((card, card.shields))
            if card.naval_shields:
                naval_cards.append((card, card.naval_shields))
        stages = list(self.stages)
        first_stage = before.stages if before else 0
        for i, stage in enumerate(city.side.stages[first_stage : city.stages], first_stage + 1):
            if stage.shields:
                stages.append((Words("rules.city.wonder_stage", {"wonder": city.wonder, "stage": i}), stage.shields))
        leaders = list(self.leaders)
        for leader in city.leaders[len(before.leaders) :] if before else city.leaders:
            if leader.shields:
                leaders.append((leader, leader.shields))
        islands, naval_islands = list(self.islands), list(self.naval_islands)
        for island in city.islands[len(before.islands) :] if before else city.islands:
            if island.shields:
                islands.append((printed_name(island), island.shields))
            if island.naval_shields:
                naval_islands.append((printed_name(island), island.naval_shields))
        return Shields(
            city, tuple(cards), tuple(stages), tuple(leaders), tuple(islands), tuple(naval_cards), tuple(naval_islands)
        )

    def ground(self, typed: int | None = None) -> Strength:
        """Ground Shields: red cards (Armada Dock/Quay/Jetty too), wonder stages, leaders (the one copied with
        the Courtesans Guild last), islands."""
        courtesans = self.city.courtesans if self.city else None
        copied = ((courtesans, courtesans.shields),) if courtesans and courtesans.shields else ()
        return _strength(self.cards + self.stages + self.leaders + copied + self.islands, typed)

    def naval(self, track: DockyardTrack, typed: int | None = None) -> Strength:
        """Naval Shields in the City, on the Dockyard and on Islands."""
        ships = self.city.ships if self.city else {}
        return _strength(self.naval_cards + tuple(dockyard_naval_shields(track, ships)) + self.naval_islands, typed)


NO_SHIELDS = Shields(None, (), (), (), (), (), ())


def ground_strength(city: City, typed: int | None = None) -> Strength:
    """Ground Shields of `city` (Shields.ground), read from all it holds."""
    return NO_SHIELDS.grown(city).ground(typed)


def naval_strength(city: City, track: DockyardTrack, typed: int | None = None) -> Strength:
    """Naval Shields of `city` (Shields.naval), read from all it holds."""
    return NO_SHIELDS.grown(city).naval(track, typed)


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
