"""The game's own rules on a record whose shape is sound: the table (names, wonders, teams), each age's builds,
leaders, plays and Armada moves, the deck's copies, and the end. The first problem found is an InputError."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scorer.catalog import Card, Catalog, Stage, fold
from scorer.deck import Take, copies_taken, discard_builds
from scorer.errors import InputError
from scorer.i18n import local_name, t, tn
from scorer.model import FLEET_ORDER, AgeEntry, GameRecord, QuickCounts, Seat
from scorer.rules.ground import neighbours, two_seats_away
from scorer.rules.guilds import GUILD_CAP
from scorer.validate.words import age_path, age_words, both_names, either, suggest


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
            raise InputError(
                f"players[{i}].name",
                seat.name,
                t("validate.allowed.unique_names"),
                label=t("validate.field.seat_name", seat=i + 1),
                path=("players", i, "name"),
            )
        seen[key] = seat.name
        wonder = catalog.wonder(seat.wonder)
        label = t("validate.field.wonder", player=seat.name)
        if wonder is None or (wonder.box == "leaders" and not record.leaders):
            usable = [w for w in catalog.wonders if w.box == "base" or record.leaders]
            names = t("validate.allowed.wonders", names=", ".join(local_name(w) for w in usable))
            raise InputError(
                f"players[{i}].wonder",
                seat.wonder,
                suggest(names, seat.wonder, both_names(usable)),
                label=label,
                path=("players", i, "wonder"),
            )
        if wonder.id in wonders:
            raise InputError(
                f"players[{i}].wonder",
                seat.wonder,
                t("validate.allowed.wonder_once", player=wonders[wonder.id], wonder=local_name(wonder)),
                label=label,
                path=("players", i, "wonder"),
            )
        wonders[wonder.id] = seat.name
        if seat.wonder_fleet is not None and not record.armada:
            raise InputError(
                f"players[{i}].wonder_fleet",
                seat.wonder_fleet,
                t("validate.allowed.armada_only"),
                label=t("validate.field.wonder_fleet", player=seat.name),
                path=("players", i, "wonder_fleet"),
            )
    if record.teams:
        check_teams(record.names, record.teams)


def check_teams(names: list[str], teams: list[tuple[str, str]], field: str = "teams") -> None:
    """The team variant: 4, 6 or 8 players, every player in exactly one team of two neighbours. `field` names
    the teams as the input does: the record's are named in words, a command-line option keeps its name."""
    count = len(names)
    words = field == "teams"
    label = t("validate.field.teams") if words else None
    if count not in (4, 6, 8):
        raise InputError(field, count, t("validate.allowed.team_counts"), label=label)
    placed: set[str] = set()
    for i, (a, b) in enumerate(teams):
        team = t("validate.field.team", number=i + 1) if words else None
        for name in (a, b):
            if name not in names:
                raise InputError(
                    f"{field}[{i}]", name, t("validate.allowed.seated", names=", ".join(names)), label=team
                )
            if name in placed:
                raise InputError(f"{field}[{i}]", name, t("validate.allowed.one_team"), label=team)
            placed.add(name)
        if a == b or b not in neighbours(names, a):
            raise InputError(f"{field}[{i}]", f"{a}, {b}", t("validate.allowed.side_by_side"), label=team)
    if placed != set(names):
        raise InputError(
            field,
            ", ".join(n for n in names if n not in placed),
            t("validate.allowed.every_player_in_team"),
            label=label,
        )


@dataclass(frozen=True)
class _Where:
    """One player's entry of one age: builds the errors about it, with the record path and the words."""

    age: int
    player: str

    def error(
        self, name: str, value: Any, allowed: str, index: int | None = None, *, key: str = "", **params: Any
    ) -> InputError:
        """An InputError on the entry's field `name` (item `index` of it), labelled by validate.field.<key>."""
        path = f"{age_path(self.age)}.{self.player}.{name}" + ("" if index is None else f"[{index}]")
        number = {} if index is None else {"number": index + 1}
        label = t(f"validate.field.{key or name}", player=self.player, age=age_words(self.age), **number, **params)
        return InputError(path, value, allowed, label=label)


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
    copies = copies_taken(record, catalog)
    for age in sorted(record.ages):
        deck = catalog.deck(age, len(names), leaders=record.leaders, armada=record.armada)
        for name, entry in record.ages[age].items():
            if name not in names:
                raise InputError(
                    f"{age_path(age)}.{name}",
                    name,
                    t("validate.allowed.seated", names=", ".join(names)),
                    label=t("validate.field.age_players", age=age_words(age)),
                )
            where = _Where(age, name)
            seat = record.players[names.index(name)]
            wonder = catalog.wonder(seat.wonder)
            assert wonder is not None, "the seats' wonders are checked before the ages"
            side = wonder.sides[seat.side]
            _check_cards(record, where, entry, deck, copies.takes[age][name], tally)
            built_now = side.stages[tally.stages[name] : tally.stages[name] + entry.wonder_stages]
            tally.stages[name] += entry.wonder_stages
            if tally.stages[name] > len(side.stages):
                raise where.error(
                    "wonder_stages",
                    entry.wonder_stages,
                    t(
                        "validate.allowed.stages_in_all",
                        wonder=local_name(wonder),
                        side=side.side,
                        count=len(side.stages),
                    ),
                )
            _check_leaders(record, catalog, entry, where, built_now, tally)
            _check_plays(record, catalog, entry, where, side.stages[: tally.stages[name]])
            _check_armada(record, catalog, entry, where, tally.ships, tally.islands, tally.owned_islands)
        for name, entry in record.ages[age].items():  # after the whole age: a neighbour's recruit may come later
            _check_courtesans(record, catalog, entry, _Where(age, name), tally)
        copying = [name for name, entry in record.ages[age].items() if entry.courtesans is not None]
        if len(copying) > 1:  # players scored by counts name no guild card: nothing else keeps it to one
            raise _Where(age, copying[1]).error(
                "courtesans",
                record.entry(age, copying[1]).courtesans,
                t("validate.allowed.courtesans_once", player=copying[0]),
            )
        _check_deck_limits(record, catalog, age)


def _check_cards(
    record: GameRecord,
    where: _Where,
    entry: AgeEntry,
    deck: list[Card],
    takes: list[Take],
    tally: _Tally,
) -> None:
    """Each card is of a deck at this table and takes a copy of it (`takes`, scorer.deck.copies_taken): this
    age's, or an earlier age's built from the discard pile; and the city holds no other card of its name."""
    count, age, name = len(record.players), where.age, where.player
    for j, (card_name, take) in enumerate(zip(entry.cards, takes)):
        card = take.copy or take.card
        if card is None:
            allowed = t("validate.allowed.not_in_deck", age=age_words(age), count=count)
            raise where.error("cards", card_name, suggest(allowed, card_name, both_names(deck)), j, key="card")
        if take.problem == "discard_only":
            raise where.error(
                "cards",
                card_name,
                t("validate.allowed.discard_only", card=local_name(card), its_age=age_words(card.age), player=name),
                j,
                key="card",
            )
        if take.problem == "built_already":
            copies = tn("validate.allowed.copies", max(card.copies_at(count), 1))
            raise where.error(
                "cards",
                card_name,
                t(
                    "validate.allowed.built_already",
                    card=local_name(card),
                    copies=copies,
                    age=age_words(card.age),
                    count=count,
                ),
                j,
                key="card",
            )
        if card.id in tally.built[name]:
            raise where.error(
                "cards",
                card_name,
                t(
                    "validate.allowed.same_name",
                    player=name,
                    card=local_name(card),
                    age=age_words(tally.built[name][card.id]),
                ),
                j,
                key="card",
            )
        tally.built[name][card.id] = age


def _check_leaders(
    record: GameRecord,
    catalog: Catalog,
    entry: AgeEntry,
    where: _Where,
    built_now: Sequence[Stage],
    tally: _Tally,
) -> None:
    allowed = catalog.table.leaders_per_recruitment + sum(stage.extra_leader for stage in built_now)
    if len(entry.leaders) > allowed:
        raise where.error("leaders", len(entry.leaders), t("validate.allowed.leaders_this_age", count=allowed))
    for j, play in enumerate(entry.leaders):
        leader = catalog.leader(play.name)
        if not record.leaders:
            raise where.error("leaders", play.name, t("validate.allowed.leaders_only"), j, key="leader")
        if leader is None:
            allowed_text = suggest(t("validate.allowed.not_a_leader"), play.name, both_names(catalog.leaders))
            raise where.error("leaders", play.name, allowed_text, j, key="leader")
        if leader.blank:
            raise where.error(
                "leaders", play.name, t("validate.allowed.blank_leader", leader=local_name(leader)), j, key="leader"
            )
        if leader.id in tally.leaders:
            raise where.error(
                "leaders",
                play.name,
                t("validate.allowed.leader_played", leader=local_name(leader), player=tally.leaders[leader.id]),
                j,
                key="leader",
            )
        if play.use != "discard":  # a discarded leader goes back to the box (Rome B may draw it again)
            tally.leaders[leader.id] = where.player
        if play.use == "recruit":
            tally.recruited[where.player].add(leader.id)
    as_stages = sum(1 for play in entry.leaders if play.use == "wonder")
    if as_stages > entry.wonder_stages:
        raise where.error("wonder_stages", entry.wonder_stages, t("validate.allowed.leader_stages", count=as_stages))


def _check_plays(
    record: GameRecord,
    catalog: Catalog,
    entry: AgeEntry,
    where: _Where,
    stages_so_far: Sequence[Stage],
) -> None:
    """Cards and stages from the hand fit in the age's turns; discard builds and Babylon B's 7th card add plays."""
    turns = catalog.table.turns(len(record.players), record.armada)
    extra = int(any(stage.extra_play for stage in stages_so_far))
    discard = discard_builds(record, catalog, where.age, where.player)
    from_hand = len(entry.cards) + entry.wonder_stages - sum(1 for play in entry.leaders if play.use == "wonder")
    from_hand += entry.discarded  # each card discarded for coins is a turn too
    limit = turns + extra + discard
    if from_hand > limit:
        how = {(0, False): "plays", (1, False): "plays_last_card", (0, True): "plays_discard", (1, True): "plays_both"}
        allowed = t(f"validate.allowed.{how[extra, bool(discard)]}", limit=limit, turns=turns, discard=discard)
        key = "validate.value.plays_discarded" if entry.discarded else "validate.value.plays"
        value = t(
            key,
            cards=tn("validate.value.cards", len(entry.cards)),
            stages=tn("validate.value.stages", entry.wonder_stages),
            discarded=tn("validate.value.discarded", entry.discarded),
        )
        raise where.error("cards", value, allowed, key="cards")


def _check_courtesans(record: GameRecord, catalog: Catalog, entry: AgeEntry, where: _Where, tally: _Tally) -> None:
    """A Courtesans copy stands with the guild built this age, or, for a player scored by counts (who names
    no card), in the guild's Age with a guild card counted; and copies a neighbour's recruited leader."""
    if entry.courtesans is None:
        return
    leader = catalog.leader(entry.courtesans)
    courtesans = catalog.card("courtesans_guild", 3)
    end = record.end.get(where.player)
    quick = end.quick if end is not None else None
    if courtesans is None or (quick is None and tally.built[where.player].get(courtesans.id) != where.age):
        raise where.error("courtesans", entry.courtesans, t("validate.allowed.courtesans_guild"))
    if quick is not None and (where.age != courtesans.age or not quick.colours.get("purple", 0)):
        raise where.error("courtesans", entry.courtesans, t("validate.allowed.courtesans_counted"))
    if not any(leader is not None and leader.id in tally.recruited[n] for n in neighbours(tally.names, where.player)):
        raise where.error("courtesans", entry.courtesans, t("validate.allowed.courtesans_leader"))


def _check_deck_limits(record: GameRecord, catalog: Catalog, age: int) -> None:
    """An age's deck holds one Armada card per player (at most 7) and, in Age III, players + 2 guilds (an
    8-player game plays with the 7-player deck: 9 guilds). A card of this deck built from the discard pile in a
    later age counts here too."""
    count = len(record.players)
    cards = [
        card
        for a, entries in record.ages.items()
        if a >= age
        for entry in entries.values()
        for c in entry.cards
        if (card := catalog.built(c, a)) is not None and card.age == age
    ]
    label = t("validate.field.deck", age=age_words(age))
    armada = {card.id for card in cards if card.expansion == "armada"}
    limit = min(count, catalog.table.armada_cards_max)
    if len(armada) > limit:
        raise InputError(
            age_path(age),
            t("validate.value.armada_cards", count=len(armada)),
            t("validate.allowed.armada_cards", limit=limit, most=catalog.table.armada_cards_max),
            label=label,
        )
    guilds = {card.id for card in cards if card.is_guild}
    most = min(count, 7) + catalog.table.guilds_extra
    if len(guilds) > most:
        raise InputError(
            age_path(age),
            t("validate.value.guilds", count=len(guilds)),
            t("validate.allowed.guilds", limit=most, extra=catalog.table.guilds_extra),
            label=label,
        )


def _check_armada(
    record: GameRecord,
    catalog: Catalog,
    entry: AgeEntry,
    where: _Where,
    ships: dict[str, dict[str, int]],
    islands: dict[str, str],
    owned: dict[str, set[str]],
) -> None:
    names, name = record.names, where.player
    armada_only = {
        "ships": entry.ships is not None,
        "islands": bool(entry.islands),
        "incursions": entry.incursions is not None,
        "abstain_naval": entry.abstain_naval,
        "naval_strength": entry.naval_strength is not None,
    }
    for field_name, used in armada_only.items():
        if used and not record.armada:
            raise where.error(field_name, getattr(entry, field_name), t("validate.allowed.armada_only"))
    if entry.ships is not None:
        for colour in FLEET_ORDER:
            new = entry.ships.get(colour, ships[name][colour])
            if new < ships[name][colour]:
                raise where.error(
                    f"ships.{colour}",
                    new,
                    t("validate.allowed.ships_down", position=ships[name][colour]),
                    key="ship",
                    ship=t(f"validate.ship.{colour}"),
                )
            ships[name][colour] = new
    for j, island_name in enumerate(entry.islands):
        island = catalog.island(island_name)
        if island is None:
            allowed = suggest(t("validate.allowed.not_an_island"), island_name, both_names(catalog.islands))
            raise where.error("islands", island_name, allowed, j, key="island")
        if island.id in islands:
            raise where.error(
                "islands",
                island_name,
                t("validate.allowed.island_once", player=islands[island.id], island=local_name(island)),
                j,
                key="island",
            )
        islands[island.id] = name
        owned[name].add(island.id)
    if entry.incursions is not None:
        built = sum(1 for c in entry.cards if (card := catalog.built(c, where.age)) is not None and card.incursion)
        if entry.cards and len(entry.incursions) != built:  # a quick-count player types them: no cards to count
            raise where.error("incursions", len(entry.incursions), tn("validate.allowed.incursions_built", built))
        allowed_targets = sorted(two_seats_away(names, name))
        for j, target in enumerate(entry.incursions):
            if target not in allowed_targets:
                raise where.error(
                    "incursions",
                    target,
                    t("validate.allowed.incursion", names=either(allowed_targets)),
                    j,
                    key="incursion",
                )
    end = record.end.get(name)
    on_pad = end is not None and end.quick is not None and end.quick.islands is not None
    # On the score pad no island is named: the table says who stayed out with Forgotten Port.
    if (
        entry.abstain_naval
        and not on_pad
        and not any((island := catalog.island(i)) is not None and island.naval_opt_out for i in owned[name])
    ):
        raise where.error("abstain_naval", True, t("validate.allowed.forgotten_port"))


def _check_end(record: GameRecord, catalog: Catalog) -> None:
    names = record.names
    for name, end in record.end.items():
        path = f"end.{name}"
        if name not in names:
            raise InputError(
                path, name, t("validate.allowed.seated", names=", ".join(names)), label=t("validate.field.end_players")
            )
        if end.olympia_copy is not None:
            label = t("validate.field.olympia_copy", player=name)
            seat = record.players[names.index(name)]
            if not _copies_a_guild(catalog, seat):
                raise InputError(
                    f"{path}.olympia_copy", end.olympia_copy, t("validate.allowed.olympia_only"), label=label
                )
            guild = catalog.card(end.olympia_copy, 3)
            built_nearby = {
                card.id: card
                for n in neighbours(names, name)
                for c in record.entry(3, n).cards
                if (card := catalog.card(c, 3)) is not None and card.is_guild
            }
            if guild is None or guild.id not in built_nearby:
                allowed = ", ".join(sorted(local_name(card) for card in built_nearby.values())) or t(
                    "validate.none_built"
                )
                raise InputError(
                    f"{path}.olympia_copy",
                    end.olympia_copy,
                    t("validate.allowed.olympia_guild", names=allowed),
                    label=label,
                )
        if end.quick is not None:
            _check_quick(record, name)
            _check_quick_guilds(record, catalog, name, end.quick)


def _copies_a_guild(catalog: Catalog, seat: Seat) -> bool:
    """Whether the seat's wonder side has a stage that copies a neighbour's Guild (Olympia B, in the data)."""
    wonder = catalog.wonder(seat.wonder)
    return wonder is not None and any(stage.copy_guild for stage in wonder.sides[seat.side].stages)


def _check_quick_guilds(record: GameRecord, catalog: Catalog, name: str, quick: QuickCounts) -> None:
    """With Armada each Guild card scores at most 10 VP, so a typed guild total cannot pass 10 per purple card
    (plus one guild Olympia B copies)."""
    if not record.armada:
        return
    seat = record.players[record.names.index(name)]
    copies = int(_copies_a_guild(catalog, seat))
    guilds = quick.colours.get("purple", 0) + copies
    if quick.guilds > GUILD_CAP * guilds:
        raise InputError(
            f"end.{name}.quick.guilds",
            quick.guilds,
            t("validate.allowed.quick_guilds", limit=GUILD_CAP * guilds, cap=GUILD_CAP, guilds=guilds),
            label=t("validate.field.quick_guilds", player=name),
        )


def _check_quick(record: GameRecord, name: str) -> None:
    """A player scored with quick counts: no card names, and each age's strengths typed instead."""
    for age, entries in record.ages.items():
        entry = entries.get(name)
        if entry is None:
            continue
        where = _Where(age, name)
        if entry.cards:
            raise where.error("cards", entry.cards, t("validate.allowed.quick_cards"))
        if entry.ground_strength is None:
            raise where.error("ground_strength", None, t("validate.allowed.quick_ground"))
        if record.armada and entry.naval_strength is None:
            raise where.error("naval_strength", None, t("validate.allowed.quick_naval"))
