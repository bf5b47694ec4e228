"""Checks a game record where it enters (file, CLI, TUI): the JSON Schema first, then the game's own rules.

Inside the core, a validated record is trusted; every problem found here is an InputError naming the
field, the value and what is allowed, and nothing is half-applied.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from scorer.catalog import Card, Catalog, Stage, fold, load_catalog
from scorer.errors import InputError
from scorer.model import FLEET_ORDER, SCHEMA_VERSION, AgeEntry, GameRecord
from scorer.rules.ground import neighbours, two_seats_away
from scorer.ruling import age_name


@cache
def record_schema() -> dict[str, Any]:
    with resources.files("scorer").joinpath("game_record.schema.json").open("rb") as handle:
        return json.load(handle)


def _suggest(value: str, options: Iterable[str]) -> str:
    close = difflib.get_close_matches(value, list(options), n=3, cutoff=0.6)
    return f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""


def _schema_errors(data: Any) -> None:
    from jsonschema import Draft202012Validator  # deferred: only needed when a record is read

    if isinstance(data, dict) and isinstance(data.get("schema"), int) and data["schema"] > SCHEMA_VERSION:
        raise InputError("schema", data["schema"], f"this version reads records up to schema {SCHEMA_VERSION}; update the app")
    validator = Draft202012Validator(record_schema())
    error = min(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), str(e.absolute_path)), default=None)
    if error is None:
        return
    path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".") or "record"
    raise InputError(path, error.instance if not isinstance(error.instance, (dict, list)) else "…", error.message)


def load_record(data: Any, catalog: Catalog | None = None) -> GameRecord:
    """Validate `data` (a parsed JSON document) and return the GameRecord it describes."""
    _schema_errors(data)
    record = GameRecord.from_dict(data)
    check_record(record, catalog or load_catalog())
    return record


def check_record(record: GameRecord, catalog: Catalog) -> None:
    """The game's own rules on a structurally valid record. Raises the first InputError found."""
    _check_table(record, catalog)
    _check_ages(record, catalog)
    _check_end(record, catalog)


def _check_table(record: GameRecord, catalog: Catalog) -> None:
    seen: dict[str, str] = {}
    wonders: dict[str, str] = {}
    for i, seat in enumerate(record.players):
        key = fold(seat.name)
        if key in seen:
            raise InputError(f"players[{i}].name", seat.name, "player names must be unique at a table")
        seen[key] = seat.name
        wonder = catalog.wonder(seat.wonder)
        if wonder is None or (wonder.box == "leaders" and not record.leaders):
            names = [w.en for w in catalog.wonders if w.box == "base" or record.leaders]
            raise InputError(f"players[{i}].wonder", seat.wonder,
                             f"allowed: {', '.join(names)}{_suggest(seat.wonder, names)}")
        if wonder.id in wonders:
            raise InputError(f"players[{i}].wonder", seat.wonder, f"{wonders[wonder.id]} already has {wonder.en}; each wonder once")
        wonders[wonder.id] = seat.name
        if seat.wonder_fleet is not None and not record.armada:
            raise InputError(f"players[{i}].wonder_fleet", seat.wonder_fleet, "only with the Armada expansion")
    if record.teams:
        check_teams(record.names, record.teams)


def check_teams(names: list[str], teams: list[tuple[str, str]], field: str = "teams") -> None:
    """The team variant: 4, 6 or 8 players, every player in exactly one team of two neighbours."""
    count = len(names)
    if count not in (4, 6, 8):
        raise InputError(field, count, "the team variant is played at 4, 6 or 8 players")
    placed: set[str] = set()
    for i, (a, b) in enumerate(teams):
        for name in (a, b):
            if name not in names:
                raise InputError(f"{field}[{i}]", name, f"allowed: seated players {', '.join(names)}")
            if name in placed:
                raise InputError(f"{field}[{i}]", name, "each player is in exactly one team")
            placed.add(name)
        if a == b or b not in neighbours(names, a):
            raise InputError(f"{field}[{i}]", f"{a}, {b}", "teammates must sit side by side")
    if placed != set(names):
        raise InputError(field, ", ".join(n for n in names if n not in placed), "every player must be in a team")


def _deck_names(cards: Iterable[Card]) -> list[str]:
    return sorted(card.en for card in cards)


@dataclass
class _Tally:
    """What the ages so far have put in play, to check each new age against."""

    names: list[str]
    built: dict[str, dict[str, int]] = field(default_factory=dict)
    stages: dict[str, int] = field(default_factory=dict)
    ships: dict[str, dict[str, int]] = field(default_factory=dict)
    islands: dict[str, str] = field(default_factory=dict)
    owned_islands: dict[str, set[str]] = field(default_factory=dict)
    leaders: dict[str, str] = field(default_factory=dict)
    recruited: dict[str, set[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in self.names:
            self.built[name] = {}
            self.stages[name] = 0
            self.ships[name] = dict.fromkeys(FLEET_ORDER, 0)
            self.owned_islands[name] = set()
            self.recruited[name] = set()


def _check_ages(record: GameRecord, catalog: Catalog) -> None:
    names = record.names
    tally = _Tally(names)
    for age in sorted(record.ages):
        deck = catalog.deck(age, len(names), leaders=record.leaders, armada=record.armada)
        copies_left = {card.key: max(card.copies_at(len(names)), 1) for card in deck}
        for name, entry in record.ages[age].items():
            where = f"ages[{age_name(age)}].{name}"
            if name not in names:
                raise InputError(where, name, f"allowed: seated players {', '.join(names)}")
            seat = record.players[names.index(name)]
            side = catalog.wonder(seat.wonder).sides[seat.side]
            _check_cards(record, catalog, age, name, entry, where, deck, copies_left, tally)
            built_now = side.stages[tally.stages[name]: tally.stages[name] + entry.wonder_stages]
            tally.stages[name] += entry.wonder_stages
            if tally.stages[name] > len(side.stages):
                raise InputError(f"{where}.wonder_stages", entry.wonder_stages,
                                 f"{seat.wonder} {side.side} has {len(side.stages)} stages in all")
            _check_leaders(record, catalog, entry, where, name, built_now, tally)
            _check_plays(record, catalog, entry, where, side.stages[: tally.stages[name]], built_now)
            _check_armada(record, catalog, age, name, entry, where, tally.ships, tally.islands, tally.owned_islands)
            _check_courtesans(catalog, age, name, entry, where, tally)
        _check_deck_limits(record, catalog, age)


def _check_cards(
    record: GameRecord, catalog: Catalog, age: int, name: str, entry: AgeEntry, where: str,
    deck: list[Card], copies_left: dict[str, int], tally: _Tally,
) -> None:
    count = len(record.players)
    deck_ids = {card.key for card in deck}
    for j, card_name in enumerate(entry.cards):
        card = catalog.card(card_name, age)
        if card is None or card.key not in deck_ids:
            raise InputError(
                f"{where}.cards[{j}]", card_name,
                f"not a card of {age_name(age)} at {count} players with these expansions"
                f"{_suggest(card_name, _deck_names(deck))}",
            )
        copies_left[card.key] -= 1
        if copies_left[card.key] < 0:
            raise InputError(f"{where}.cards[{j}]", card_name,
                             f"{card.en} has {max(card.copies_at(count), 1)} cop(ies) in {age_name(age)} at {count} players, all built already")
        if card.id in tally.built[name]:
            raise InputError(f"{where}.cards[{j}]", card_name,
                             f"{name} already built {card.en} in {age_name(tally.built[name][card.id])}; a city never holds two cards of the same name")
        tally.built[name][card.id] = age


def _check_leaders(
    record: GameRecord, catalog: Catalog, entry: AgeEntry, where: str, name: str,
    built_now: Sequence[Stage], tally: _Tally,
) -> None:
    allowed = catalog.table.leaders_per_recruitment + sum(stage.extra_leader for stage in built_now)
    if len(entry.leaders) > allowed:
        raise InputError(f"{where}.leaders", len(entry.leaders),
                         f"at most {allowed} leader(s) this age: one per recruitment phase, plus Rome B's recruiting stages")
    for j, play in enumerate(entry.leaders):
        leader = catalog.leader(play.name)
        if not record.leaders:
            raise InputError(f"{where}.leaders[{j}]", play.name, "only with the Leaders expansion")
        if leader is None:
            options = [l.en for l in catalog.leaders]
            raise InputError(f"{where}.leaders[{j}]", play.name, f"not a leader{_suggest(play.name, options)}")
        if leader.id in tally.leaders and not leader.blank:
            raise InputError(f"{where}.leaders[{j}]", play.name, f"{leader.en} was already played by {tally.leaders[leader.id]}")
        tally.leaders[leader.id] = name
        if play.use == "recruit":
            tally.recruited[name].add(leader.id)
    as_stages = sum(1 for play in entry.leaders if play.use == "wonder")
    if as_stages > entry.wonder_stages:
        raise InputError(f"{where}.wonder_stages", entry.wonder_stages,
                         f"at least {as_stages}: a leader used for a wonder stage is one of this age's wonder_stages")


def _check_plays(
    record: GameRecord, catalog: Catalog, entry: AgeEntry, where: str,
    stages_so_far: Sequence[Stage], built_now: Sequence[Stage],
) -> None:
    """Cards and stages from the hand fit in the age's turns; discard builds and Babylon B's 7th card add plays."""
    turns = catalog.table.turns(len(record.players), record.armada)
    extra = int(any(stage.extra_play for stage in stages_so_far))
    discard = sum(stage.discard_build for stage in built_now)
    discard += sum(
        1 for play in entry.leaders if play.use == "recruit" and (l := catalog.leader(play.name)) and l.discard_build
    )
    from_hand = len(entry.cards) + entry.wonder_stages - sum(1 for play in entry.leaders if play.use == "wonder")
    limit = turns + extra + discard
    if from_hand > limit:
        raise InputError(f"{where}.cards", f"{len(entry.cards)} cards and {entry.wonder_stages} stage(s)",
                         f"at most {limit} plays this age ({turns} turns"
                         f"{', +1 for the last card' if extra else ''}{f', +{discard} from the discard pile' if discard else ''})")


def _check_courtesans(catalog: Catalog, age: int, name: str, entry: AgeEntry, where: str, tally: _Tally) -> None:
    if entry.courtesans is None:
        return
    leader = catalog.leader(entry.courtesans)
    courtesans = catalog.card("courtesans_guild", 3)
    if courtesans is None or tally.built[name].get(courtesans.id) != age:
        raise InputError(f"{where}.courtesans", entry.courtesans, "only when this player builds the Courtesans Guild this age")
    if not any(leader is not None and leader.id in tally.recruited[n] for n in neighbours(tally.names, name)):
        raise InputError(f"{where}.courtesans", entry.courtesans, "allowed: a leader recruited by a neighbour")


def _check_deck_limits(record: GameRecord, catalog: Catalog, age: int) -> None:
    """An age's deck holds one Armada card per player (at most 7) and, in Age III, players + 2 guilds."""
    count = len(record.players)
    cards = [catalog.card(c, age) for entry in record.ages[age].values() for c in entry.cards]
    armada = {card.id for card in cards if card.expansion == "armada"}
    limit = min(count, catalog.table.armada_cards_max)
    if len(armada) > limit:
        raise InputError(f"ages[{age_name(age)}]", f"{len(armada)} Armada cards",
                         f"at most {limit}: each age's deck holds one Armada card per player ({catalog.table.armada_cards_max} at most)")
    guilds = {card.id for card in cards if card.is_guild}
    if len(guilds) > count + catalog.table.guilds_extra:
        raise InputError(f"ages[{age_name(age)}]", f"{len(guilds)} guilds",
                         f"at most {count + catalog.table.guilds_extra}: the Age III deck holds players + {catalog.table.guilds_extra} guilds")


def _check_armada(
    record: GameRecord, catalog: Catalog, age: int, name: str, entry: AgeEntry, where: str,
    ships: dict[str, dict[str, int]], islands: dict[str, str], owned: dict[str, set[str]],
) -> None:
    names = record.names
    armada_only = {"ships": entry.ships is not None, "islands": bool(entry.islands),
                   "incursions": entry.incursions is not None, "abstain_naval": entry.abstain_naval,
                   "naval_strength": entry.naval_strength is not None}
    for field_name, used in armada_only.items():
        if used and not record.armada:
            raise InputError(f"{where}.{field_name}", getattr(entry, field_name), "only with the Armada expansion")
    if entry.ships is not None:
        for colour in FLEET_ORDER:
            new = entry.ships.get(colour, ships[name][colour])
            if new < ships[name][colour]:
                raise InputError(f"{where}.ships.{colour}", new,
                                 f"ships never move down: at least {ships[name][colour]} (its position after the previous age)")
            ships[name][colour] = new
    for j, island_name in enumerate(entry.islands):
        island = catalog.island(island_name)
        if island is None:
            options = [i.pt for i in catalog.islands] + [i.en for i in catalog.islands]
            raise InputError(f"{where}.islands[{j}]", island_name, f"not an island{_suggest(island_name, options)}")
        if island.id in islands:
            raise InputError(f"{where}.islands[{j}]", island_name, f"{islands[island.id]} already has {island.pt}; each island once")
        islands[island.id] = name
        owned[name].add(island.id)
    if entry.incursions is not None:
        allowed = set(two_seats_away(names, name))
        for j, target in enumerate(entry.incursions):
            if target not in allowed:
                raise InputError(f"{where}.incursions[{j}]", target,
                                 f"an incursion targets a player two seats away: {' or '.join(sorted(allowed))}")
    if entry.abstain_naval and not any(catalog.island(i) and catalog.island(i).naval_opt_out for i in owned[name]):
        raise InputError(f"{where}.abstain_naval", True, "only a player who owns Forgotten Port (Porto Esquecido) may stay out")


def _check_end(record: GameRecord, catalog: Catalog) -> None:
    names = record.names
    for name, end in record.end.items():
        where = f"end.{name}"
        if name not in names:
            raise InputError(where, name, f"allowed: seated players {', '.join(names)}")
        if end.olympia_copy is not None:
            seat = record.players[names.index(name)]
            if fold(catalog.wonder(seat.wonder).id) != "olympia" or seat.side != "B":
                raise InputError(f"{where}.olympia_copy", end.olympia_copy, "only for Olympia side B")
            guild = catalog.card(end.olympia_copy, 3)
            built_nearby = {
                catalog.card(c, 3).id
                for n in neighbours(names, name) for c in record.entry(3, n).cards if catalog.card(c, 3).is_guild
            }
            if guild is None or guild.id not in built_nearby:
                allowed = ", ".join(sorted(built_nearby)) or "none built"
                raise InputError(f"{where}.olympia_copy", end.olympia_copy, f"allowed: a guild built by a neighbour ({allowed})")
        if end.quick is not None:
            for age, entries in record.ages.items():
                entry = entries.get(name)
                if entry is None:
                    continue
                if entry.cards:
                    raise InputError(f"ages[{age_name(age)}].{name}.cards", entry.cards,
                                     "a player scored with quick counts has no card names; enter one or the other")
                if entry.ground_strength is None:
                    raise InputError(f"ages[{age_name(age)}].{name}.ground_strength", None,
                                     "a player scored with quick counts needs the typed Ground strength of each age")
                if record.armada and entry.naval_strength is None:
                    raise InputError(f"ages[{age_name(age)}].{name}.naval_strength", None,
                                     "a player scored with quick counts needs the typed Naval Strength of each age")
