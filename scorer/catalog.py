"""The catalogue of game facts, loaded once from rules_data/ and checked on the way in.

Code never hard-codes a card's numbers: it asks the catalogue. Lookups accept English or Portuguese
names, case- and accent-insensitive, because players type what is printed on their (Brazilian) cards.
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeVar

from scorer.i18n import local_name, t

COLOURS = ("brown", "grey", "blue", "yellow", "green", "red", "purple")
SYMBOLS = ("compass", "gear", "tablet")
FLEETS = ("red", "yellow", "blue", "green")
SCOPES = ("own", "neighbours", "own_and_neighbours")
# What a ScoreSpec may count, besides the card colours.
COUNTABLES = (
    "wonder_stage",
    "defeat_token",
    "victory_token",
    "leader",
    "coin_set",
    "commercial_level",
    "island",
)


# Fields the data files carry for people (shown, not scored) on types that do not keep them.
DESCRIPTIVE = frozenset({"cost", "produces", "trade", "coins_per", "incursion_unconfirmed"})


class CatalogError(ValueError):
    """The data files are malformed: a packaging error (or a table's own edit of rules_data/), reported with
    the file and entry in the interface's language."""


@lru_cache(maxsize=8192)
def fold(text: str) -> str:
    """Case- and accent-insensitive key: 'Alfândega Portuária' and 'alfandega portuaria' match.

    Cached: every name in a record is looked up on each scoring pass.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join(
        "".join(c for c in decomposed if not unicodedata.combining(c)).replace("'", "").replace("’", "").split()
    )


@dataclass(frozen=True, slots=True)
class ScoreSpec:
    """'rate VP per thing counted in scope', the shape shared by guilds, leaders, yellow cards and islands."""

    per: tuple[str, ...]
    scope: str
    rate: int


@dataclass(frozen=True, slots=True)
class SetSpec:
    """'rate VP per complete set of one card of each colour' (Justinian, Plato)."""

    colours: tuple[str, ...]
    rate: int


class Named:
    """A card, leader, wonder or island: shown in words, it is its name in the current language, so the rules
    engine's words (scorer.words) hold the item itself and its name is looked up only when shown."""

    __slots__ = ()
    en: str
    pt: str

    def __str__(self) -> str:
        return local_name(self)


@dataclass(frozen=True, slots=True)
class Card(Named):
    """A Building card (base, Armada or guild). `key` is unique: id plus age."""

    id: str
    en: str
    pt: str
    age: int
    colour: str
    players: tuple[int, ...] = ()
    expansion: str = "base"
    box: str = "base"
    vp: int = 0
    shields: int = 0
    naval_shields: int = 0
    science: str | None = None
    science_wildcard: bool = False
    science_most_common: bool = False
    chains_from: tuple[str, ...] = ()
    coins: int = 0
    end_vp: ScoreSpec | None = None
    score: ScoreSpec | None = None
    incursion: str | None = None
    ship_move: int = 0
    pirates: bool = False
    island_draw: int = 0
    exclude_at_3: bool = False
    needs_leaders: bool = False
    copies_leader: bool = False
    effect: str = ""
    effect_pt: str = ""

    @property
    def key(self) -> str:
        return f"{self.id}@{self.age}"

    @property
    def is_guild(self) -> bool:
        return self.colour == "purple"

    def copies_at(self, players: int) -> int:
        """How many copies of this card are in the game at this player count (8 plays as 7)."""
        return sum(1 for n in self.players if n <= min(players, 7))


@dataclass(frozen=True, slots=True)
class Stage:
    cost: Mapping[str, int]
    vp: int = 0
    shields: int = 0
    coins: int = 0
    science_wildcard: bool = False
    copy_guild: bool = False
    discard_build: bool = False
    extra_play: bool = False
    extra_leader: bool = False
    effect: str = ""


@dataclass(frozen=True, slots=True)
class WonderSide:
    side: str
    stages: tuple[Stage, ...]
    effect: str = ""


@dataclass(frozen=True, slots=True)
class Wonder(Named):
    id: str
    en: str
    pt: str
    box: str
    resource: str | None
    sides: Mapping[str, WonderSide]


@dataclass(frozen=True, slots=True)
class Leader(Named):
    id: str
    en: str
    pt: str
    cost: int
    vp: int = 0
    score: ScoreSpec | None = None
    sets: SetSpec | None = None
    shields: int = 0
    science: str | None = None
    science_set_bonus: int = 0
    tomyris: bool = False
    coins: int = 0
    discard_build: bool = False
    blank: bool = False
    effect: str = ""
    effect_pt: str = ""


@dataclass(frozen=True, slots=True)
class ShipMoves:
    """An island's free ship moves (Topaz, Amber, Sparkling Port, Stormy Archipelago): `count` spaces up, on
    the `colour` fleet, or with no colour one space on each of `count` different fleets of the player's choice."""

    count: int
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class Island(Named):
    id: str
    en: str
    pt: str
    level: int
    shields: int = 0
    naval_shields: int = 0
    vp: int = 0
    score: ScoreSpec | None = None
    best_colour: bool = False
    science_wildcard: bool = False
    science_most_common: bool = False
    immune_coin_losses: bool = False
    pirates: bool = False
    naval_opt_out: bool = False
    ship_moves: ShipMoves | None = None
    effect: str = ""
    effect_pt: str = ""
    aliases: tuple[str, ...] = ()  # names it had before (a saved game may hold one): found by them, never shown


@dataclass(frozen=True, slots=True)
class DockyardSpace:
    """What a Dockyard space shows. Values are read at the ship's current position (coins: on arrival)."""

    position: int
    red_naval_shields: int = 0
    yellow_commercial_level: int = 0
    yellow_coins: int = 0
    yellow_tax: int = 0
    yellow_naval_shields: int = 0
    blue_vp: int = 0
    blue_naval_shields: int = 0
    green_explore: int = 0
    unconfirmed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DockyardTrack:
    """The four fleets' spaces 0 (Start) to 6. A table may recalibrate it to what its boards show (§9)."""

    spaces: tuple[DockyardSpace, ...]

    @property
    def last(self) -> int:
        return len(self.spaces) - 1

    def at(self, position: int) -> DockyardSpace:
        return self.spaces[position]

    @property
    def tax_values(self) -> tuple[int, ...]:
        return tuple(sorted({s.yellow_tax for s in self.spaces if s.yellow_tax}))

    @property
    def max_commercial_level(self) -> int:
        return max(s.yellow_commercial_level for s in self.spaces)


@dataclass(frozen=True, slots=True)
class NavalRewards:
    defeat: tuple[int, ...]
    victory: Mapping[int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class GroundRewards:
    victory: tuple[int, ...]
    defeat: int
    team_multiplier: int


@dataclass(frozen=True, slots=True)
class TableRules:
    """How many plays a table has: turns per age, deck limits, leaders per recruitment phase."""

    turns_base: int
    turns_armada: int
    turns_armada_8_players: int
    armada_cards_max: int
    guilds_extra: int
    leaders_per_recruitment: int

    def turns(self, players: int, armada: bool) -> int:
        if not armada:
            return self.turns_base
        return self.turns_armada_8_players if players == 8 else self.turns_armada


@dataclass(frozen=True, slots=True)
class Limits:
    """The largest value a table can type for each thing (rules_data/table.toml [limits]): past it a value is
    refused, saying the bound, whichever way it comes in (command line, game file, import, setup screen)."""

    players: int
    name_length: int
    strength: int
    coins: int
    quick_count: int


@cache
def load_limits() -> Limits:
    """The limits alone (one small file), for commands that need no other game fact."""
    return _build(Limits, _data("table.toml")["limits"], "table.toml [limits]")


@cache
def load_naval_rewards() -> NavalRewards:
    """The Naval Conflict's tokens alone (conflicts.toml), for `naval`: a cold ruling reads two small files,
    not the ten of load_catalog (whose `naval` is this same value)."""
    naval = _data("conflicts.toml")["naval"]
    return NavalRewards(
        defeat=tuple(naval["defeat"]),
        victory={int(age): tuple(values) for age, values in naval["victory"].items()},
    )


@cache
def load_islands() -> tuple[Island, ...]:
    """The island cards alone (islands.toml, checked as load_catalog checks them: its `islands` are these)."""
    return checked_islands(_data("islands.toml")["island"])


Found = TypeVar("Found")


def present(item: Found | None, name: str) -> Found:
    """`item`, looked up by `name` where the name is known to be in the catalogue (a validated record's): the
    lookups return None for a name typed by a person, so a None here is a bug, raised as KeyError where it is
    found rather than as an AttributeError on None further on."""
    if item is None:
        raise KeyError(name)
    return item


BUILT_LISTS = 8192  # lists of builds remembered by Catalog.built_all, as many names as fold() remembers


@dataclass(frozen=True)
class Catalog:
    cards: tuple[Card, ...]
    wonders: tuple[Wonder, ...]
    leaders: tuple[Leader, ...]
    islands: tuple[Island, ...]
    dockyard: DockyardTrack
    naval: NavalRewards
    ground: GroundRewards
    table: TableRules
    _card_names: dict[tuple[int, str], Card] = field(default_factory=dict, repr=False)
    _by_name: dict[str, Any] = field(default_factory=dict, repr=False)
    _built: dict[tuple[tuple[str, ...], int], tuple[Card, ...]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for card in self.cards:
            for name in (card.id, card.en, card.pt):
                self._card_names.setdefault((card.age, fold(name)), card)
        for kind, items in (("wonder", self.wonders), ("leader", self.leaders), ("island", self.islands)):
            for item in items:
                for name in (item.id, item.en, item.pt, *getattr(item, "aliases", ())):
                    self._by_name.setdefault(f"{kind}:{fold(name)}", item)

    def card(self, name: str, age: int) -> Card | None:
        """The card called `name` (English, Portuguese or id) in `age`, or None."""
        return self._card_names.get((age, fold(name)))

    def built(self, name: str, age: int) -> Card | None:
        """The card a city holds when `name` is listed among what it built in `age`: that age's card, else the
        nearest earlier age's, built free from the discard pile (the pile keeps every age's discards). None
        when no age up to `age` has a card by that name."""
        return next((card for a in range(age, 0, -1) if (card := self.card(name, a)) is not None), None)

    def built_all(self, names: Iterable[str], age: int) -> tuple[Card, ...]:
        """`built` for each of `names`, the cards a player of a validated record lists for `age` (every name is
        known there: an unknown one raises KeyError, as a lookup of something known to be present).

        Remembered per list, up to BUILT_LISTS of them: scoring a sheet looks up every city's builds of every
        age twice (the cities, then the incursions), and the screens score again after each edit."""
        key = (tuple(names), age)
        found = self._built.get(key)
        if found is None:
            found = tuple(present(self.built(name, age), name) for name in key[0])
            if len(self._built) >= BUILT_LISTS:
                self._built.clear()
            self._built[key] = found
        return found

    def wonder(self, name: str) -> Wonder | None:
        return self._by_name.get(f"wonder:{fold(name)}")

    def leader(self, name: str) -> Leader | None:
        return self._by_name.get(f"leader:{fold(name)}")

    def island(self, name: str) -> Island | None:
        return self._by_name.get(f"island:{fold(name)}")

    def deck(self, age: int, players: int, *, leaders: bool = False, armada: bool = False) -> list[Card]:
        """The cards that can be built in `age` at this table: base cards at this count, guilds, Armada cards."""
        out = []
        for card in self.cards:
            if card.age != age:
                continue
            if card.expansion == "armada":
                if armada and not (players == 3 and card.exclude_at_3):
                    out.append(card)
            elif card.is_guild:
                # The Leaders box's Architects and Gamers Guilds may join any game; only the Diplomats and
                # Courtesans Guilds need Leaders in play (rules-reference §4; Leaders rulebook p. 3, "algumas").
                if leaders or not card.needs_leaders:
                    out.append(card)
            elif card.copies_at(players):
                out.append(card)
        return out


def _spec(raw: Mapping[str, Any] | None, where: str) -> ScoreSpec | None:
    if raw is None:
        return None
    per = tuple(raw["per"])
    for thing in per:
        if thing not in COLOURS and thing not in COUNTABLES:
            raise CatalogError(t("catalog.cannot_count", where=where, thing=repr(thing)))
    scope = raw.get("scope", "own")
    if scope not in SCOPES:
        raise CatalogError(t("catalog.unknown_scope", where=where, scope=repr(scope), allowed=", ".join(SCOPES)))
    return ScoreSpec(per=per, scope=scope, rate=int(raw["rate"]))


def _ship_moves(raw: Mapping[str, Any], where: str) -> ShipMoves:
    colour = raw.get("colour")
    if colour is not None and colour not in FLEETS:
        raise CatalogError(t("catalog.unknown_fleet", where=where, fleet=repr(colour), allowed=", ".join(FLEETS)))
    return ShipMoves(count=int(raw["count"]), colour=colour)


def _build(cls: type[Any], raw: Mapping[str, Any], where: str, **fixed: Any) -> Any:
    """Make a dataclass from a TOML table, refusing fields the dataclass does not know."""
    known = {known_field.name for known_field in fields(cls)}
    values: dict[str, Any] = {}
    for name, value in raw.items():
        if name in DESCRIPTIVE and name not in known:
            continue  # describes the card for people; scoring does not use it
        if name not in known:
            raise CatalogError(t("catalog.unknown_field", where=where, name=repr(name)))
        if name in ("end_vp", "score"):
            value = _spec(value, where)
        elif name == "sets":
            value = SetSpec(colours=tuple(value["colours"]), rate=int(value["rate"]))
        elif name == "ship_moves":
            value = _ship_moves(value, where)
        elif isinstance(value, list):
            value = tuple(value)
        values[name] = value
    values.update(fixed)
    try:
        return cls(**values)
    except TypeError as exc:
        raise CatalogError(f"{where}: {exc}") from exc


def _read(name: str) -> dict[str, Any]:
    with open(data_file(name), "rb") as handle:
        return tomllib.load(handle)


def data_file(name: str) -> Path:
    """A file of rules_data/, installed as files beside its package (never zipped): a plain path, as the
    locales' (scorer.i18n), rather than importlib.resources, whose readers and zipfile a cold `naval` ruling
    would wait on for a few milliseconds."""
    import rules_data

    return Path(rules_data.__file__).parent / name


@cache
def _data(name: str) -> dict[str, Any]:
    """A data file read once, for the loaders that share it (table.toml: the limits and the table's rules)."""
    return _read(name)


def _cards(name: str, **fixed: Any) -> Iterable[Card]:
    for index, raw in enumerate(_read(name)["card"]):
        card = _build(Card, raw, t("catalog.card", file=name, number=index + 1, name=raw.get("en", "?")), **fixed)
        if card.colour not in COLOURS:
            raise CatalogError(
                t(
                    "catalog.unknown_colour",
                    file=name,
                    card=card.en,
                    colour=repr(card.colour),
                    allowed=", ".join(COLOURS),
                )
            )
        if card.science is not None and card.science not in SYMBOLS:
            raise CatalogError(
                t(
                    "catalog.unknown_symbol",
                    file=name,
                    card=card.en,
                    symbol=repr(card.science),
                    allowed=", ".join(SYMBOLS),
                )
            )
        yield card


def _wonders() -> Iterable[Wonder]:
    for raw in _read("wonders.toml")["wonder"]:
        sides = {}
        for side in raw["side"]:
            stages = tuple(_build(Stage, stage, f"wonders.toml {raw['en']} {side['side']}") for stage in side["stage"])
            sides[side["side"]] = WonderSide(side=side["side"], stages=stages, effect=side.get("effect", ""))
        yield Wonder(
            id=raw["id"],
            en=raw["en"],
            pt=raw["pt"],
            box=raw.get("box", "base"),
            resource=raw.get("resource"),
            sides=sides,
        )


def checked_islands(rows: Iterable[Mapping[str, Any]]) -> tuple[Island, ...]:
    """The islands of islands.toml, each `aliases` name (an English name it had before, which a saved game may
    hold) refused when it is another island's name or alias: a saved island must read as one island only."""
    islands = tuple(_build(Island, raw, f"islands.toml {raw.get('en', '?')}") for raw in rows)
    owner: dict[str, Island] = {}
    for island in islands:
        for name in (island.id, island.en, island.pt):
            owner.setdefault(fold(name), island)
    for island in islands:
        for alias in island.aliases:
            taken = owner.setdefault(fold(alias), island)
            if taken is not island:
                where = f"islands.toml {island.en}"
                raise CatalogError(t("catalog.alias_taken", where=where, alias=repr(alias), island=local_name(taken)))
    return islands


def dockyard_from_rows(rows: Iterable[Mapping[str, Any]]) -> DockyardTrack:
    """A DockyardTrack from space rows (the data file's, or a table's calibration), Start space implied."""
    spaces = [DockyardSpace(position=0)]
    for row in sorted(rows, key=lambda r: r["position"]):
        spaces.append(_build(DockyardSpace, row, t("catalog.dockyard_space", position=row.get("position"))))
    if [s.position for s in spaces] != list(range(len(spaces))):
        raise CatalogError(t("catalog.dockyard_gaps"))
    return DockyardTrack(spaces=tuple(spaces))


@cache
def load_catalog() -> Catalog:
    """Load and check every data file once per process."""
    table = _data("table.toml")
    ground = _data("conflicts.toml")["ground"]
    cards = (
        *_cards("cards_base.toml"),
        *_cards("cards_armada.toml", expansion="armada"),
        *_cards("guilds.toml"),
    )
    leaders = tuple(
        _build(Leader, raw, f"leaders.toml {raw.get('en', '?')}") for raw in _read("leaders.toml")["leader"]
    )
    islands = load_islands()
    return Catalog(
        cards=cards,
        wonders=tuple(_wonders()),
        leaders=leaders,
        islands=islands,
        dockyard=dockyard_from_rows(_read("dockyard.toml")["space"]),
        naval=load_naval_rewards(),
        ground=GroundRewards(
            victory=tuple(ground["victory"]),
            defeat=int(ground["defeat"]),
            team_multiplier=int(ground["team_multiplier"]),
        ),
        table=TableRules(
            turns_base=table["turns"]["base"],
            turns_armada=table["turns"]["armada"],
            turns_armada_8_players=table["turns"]["armada_8_players"],
            armada_cards_max=table["deck"]["armada_cards_max"],
            guilds_extra=table["deck"]["guilds_extra"],
            leaders_per_recruitment=table["leaders"]["per_recruitment"],
        ),
    )
