"""Checks a game record where it enters (file, CLI, TUI): the JSON Schema first, then the game's own rules.

Inside the core, a validated record is trusted; every problem found here is an InputError naming the
field, the value and what is allowed, and nothing is half-applied. The error's `field` is the record's
JSON path (what a person editing a file searches for, the same in every language); its `label` and
`allowed` are words in the interface's language, with names of game pieces as the table's cards print them.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cache
from importlib import resources
from typing import Any

from scorer.catalog import Card, Catalog, Stage, fold, load_catalog
from scorer.deck import Take, copies_taken, discard_builds
from scorer.errors import InputError
from scorer.i18n import local_name, t, tn
from scorer.model import FLEET_ORDER, SCHEMA_VERSION, AgeEntry, GameRecord, QuickCounts, Seat
from scorer.names import normal_form, player_name
from scorer.rules.ground import neighbours, two_seats_away
from scorer.rules.guilds import GUILD_CAP

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)


@cache
def record_schema() -> dict[str, Any]:
    with resources.files("scorer").joinpath("game_record.schema.json").open("rb") as handle:
        return json.load(handle)


def age_words(age: int) -> str:
    """'Age II' / 'Era II': an age as the rulebook of the interface's language names it."""
    return t("validate.age", numeral="I" * age)


def _age_path(age: int) -> str:
    """'ages[Age II]': the record path's form of an age, the same in every language (a machine form)."""
    return f"ages[Age {'I' * age}]"


def either(names: Sequence[str]) -> str:
    """'Cid or Dee', 'Ann, Bob or Cid' in the interface's language."""
    if len(names) < 2:
        return "".join(names)
    return t("validate.either", first=", ".join(names[:-1]), last=names[-1])


def _suggest(text: str, value: str, options: Iterable[str]) -> str:
    """`text`, with the names closest to `value` offered when there are some (any language's name matches,
    whatever the case and accents typed)."""
    by_key = {fold(option): option for option in reversed(list(options))}  # the first listed name wins
    close = difflib.get_close_matches(fold(value), list(by_key), n=3, cutoff=0.6)
    return t("validate.suggested", text=text, names=", ".join(repr(by_key[c]) for c in close)) if close else text


def _both_names(items: Iterable[Any]) -> list[str]:
    """Every name a table may type for these items: the interface's language first, then the other."""
    items = list(items)
    return [local_name(item) for item in items] + [name for item in items for name in (item.en, item.pt) if name]


@cache
def _validator() -> Any:
    """The record schema's validator, stricter than JSON Schema's defaults in two ways a record needs:
    "integer" is a JSON number without a fraction part as written (JSON Schema takes 2.0, which then reached
    range() and list indices as a float), and "format": "date" is checked (a calendar day), not only documented.
    It words the refusal (see _schema_errors), so it is built only when a record is refused."""
    from jsonschema import Draft202012Validator, validators

    whole = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    strict = validators.extend(Draft202012Validator, type_checker=whole)
    return strict(record_schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)


@cache
def _accepts() -> Callable[[Any], Any]:
    """The same schema compiled to Python by fastjsonschema: many times quicker than walking it with
    jsonschema, which made an import of 10,000 games take minutes. It says only whether a record passes (it
    raises JsonSchemaValueException); use_default=False, as filling in defaults would change the record.
    "date" is a calendar day, as for _validator; its "integer" takes 2.0 (as JSON Schema does since draft 6),
    so a record holding any float is left to _validator (see _schema_errors)."""
    import fastjsonschema  # deferred: only needed when a record is read

    return fastjsonschema.compile(record_schema(), formats={"date": calendar_day}, use_default=False)


def calendar_day(text: str) -> bool:
    """An ISO date that is a real day ('2024-02-29', not '2023-02-29'): what jsonschema's "date" format checks."""
    if not _ISO_DATE.fullmatch(text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _schema_errors(data: Any) -> None:
    """Refuse `data` unless the JSON Schema holds. The compiled check decides; a refused record is walked
    again by jsonschema, whose errors say where and why (the one nearest the top is reported), so every
    refusal reads as it always has. Should the compiled check refuse what jsonschema takes, jsonschema wins."""
    if isinstance(data, dict) and isinstance(data.get("schema"), int) and data["schema"] > SCHEMA_VERSION:
        raise InputError(
            "schema",
            data["schema"],
            t("validate.schema.newer", supported=SCHEMA_VERSION),
            label=t("validate.field.schema"),
        )
    if _vouched(data):
        return
    errors = _validator().iter_errors(data)
    error = min(errors, key=lambda e: (len(e.absolute_path), str(e.absolute_path)), default=None)
    if error is None:
        return
    parts = list(error.absolute_path)
    path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts).lstrip(".") or "record"
    value = error.instance if not isinstance(error.instance, (dict, list)) else "…"
    raise InputError(path, value, _schema_allowed(error), label=_schema_label(parts, data), path=tuple(parts))


def _vouched(data: Any) -> bool:
    """Whether the compiled check vouches for `data` (when not, _validator decides and words why)."""
    from fastjsonschema import JsonSchemaValueException

    if _holds_float(data):
        return False
    try:
        _accepts()(data)
    except JsonSchemaValueException:
        return False
    return True


def _holds_float(value: Any) -> bool:
    """Whether a float is anywhere in a parsed JSON value (the schema has no "number": a float is refused
    wherever it is, or sits where anything goes)."""
    if isinstance(value, dict):
        return any(map(_holds_float, value.values()))
    if isinstance(value, list):
        return any(map(_holds_float, value))
    return isinstance(value, float)


def _schema_allowed(error: Any) -> str:
    """What the JSON Schema allows where `error` (a jsonschema ValidationError) points, in words."""
    kind, expected, instance = error.validator, error.validator_value, error.instance
    if kind == "type":
        kinds = [expected] if isinstance(expected, str) else list(expected)
        return t("validate.schema.type", kinds=either([t(f"validate.schema.{k}") for k in kinds]))
    if kind == "enum":
        return t("validate.schema.enum", options=", ".join(repr(option) for option in expected))
    if kind == "const":
        return t("validate.schema.const", expected=repr(expected))
    if kind == "required":
        return t("validate.schema.required", name=", ".join(repr(n) for n in expected if n not in instance))
    if kind == "additionalProperties":
        known = list(error.schema.get("properties", {}))
        extra = [name for name in instance if name not in known]
        return t("validate.schema.unknown", names=", ".join(repr(n) for n in extra), known=", ".join(known))
    if kind in ("minimum", "maximum"):
        return t(f"validate.schema.{kind}", limit=expected)
    if kind in ("minItems", "maxItems", "minLength", "maxLength"):
        return tn(f"validate.schema.{kind[:3]}_{kind[3:].lower()}", expected)
    if kind == "uniqueItems":
        return t("validate.schema.unique")
    if kind == "format":
        return t(f"validate.schema.format_{expected}")
    return str(error.message)  # a check the schema does not use today: jsonschema's own (English) words


def _schema_label(parts: list[str | int], data: Any) -> str:
    """The field a JSON Schema error points at, in words, with the player, age or seat it belongs to."""
    if not parts:
        return t("validate.field.record")
    if parts[0] == "ages" and len(parts) >= 4 and parts[2] == "players":
        try:
            age = data["ages"][parts[1]]["age"]
        except (KeyError, IndexError, TypeError):
            age = None
        if type(age) is int and 1 <= age <= 3:
            return t("validate.field.in_age", player=parts[3], age=age_words(age), thing=_thing(parts[4:]))
    if parts[0] == "ages" and len(parts) >= 2 and isinstance(parts[1], int):
        return t("validate.field.ages_entry", number=parts[1] + 1)
    if parts[0] == "end" and len(parts) >= 2:
        return t("validate.field.at_end", player=parts[1], thing=_thing(parts[2:]))
    if parts[0] == "players" and len(parts) >= 2 and isinstance(parts[1], int):
        return t("validate.field.of_seat", seat=parts[1] + 1, thing=_thing(parts[2:]))
    return _thing(parts)


def _thing(parts: Sequence[str | int]) -> str:
    """The last named key of a record path in words ('coins', 'red ship', 'brown cards')."""
    keys = [part for part in parts if isinstance(part, str)]
    if not keys:
        return t("validate.thing.entry")
    last, parent = keys[-1], keys[-2] if len(keys) > 1 else None
    key = {"ships": f"validate.ship.{last}", "colours": f"validate.colour_cards.{last}"}.get(
        parent or "", f"validate.thing.{last}"
    )
    try:
        return t(key)
    except KeyError:  # a key the schema refuses is reported on its object, so this is only a safeguard
        return last


def load_record(data: Any, catalog: Catalog | None = None) -> GameRecord:
    """Validate `data` (a parsed JSON document) and return the GameRecord it describes."""
    data = _names_kept(data)
    _schema_errors(data)
    _check_free_text(data)
    _check_ages_once(data)
    record = GameRecord.from_dict(data)
    check_record(record, catalog or load_catalog())
    return record


def _names_kept(data: Any) -> Any:
    """`data` with every player name as it is kept (scorer.names): each seat's name checked, NFC-normalised
    and stripped, and every name that points at a seat (teams, the keys of the ages and the end, incursion
    targets, the player the table is at) in the same form, so "José" typed with a combining accent anywhere
    still finds its seat. What is not shaped like a record is left as it is, for the schema to refuse."""
    if not (isinstance(data, dict) and isinstance(data.get("players"), list)):
        return data
    data = dict(data)
    data["players"] = [_kept_seat(i, seat) for i, seat in enumerate(data["players"])]
    if isinstance(data.get("teams"), list):
        data["teams"] = [_kept(team) for team in data["teams"]]
    if isinstance(data.get("ages"), list):
        data["ages"] = [
            {**age, "players": _kept_keys(f"ages[{i}].players", age["players"], _kept_incursions)}
            if isinstance(age, dict) and isinstance(age.get("players"), dict)
            else age
            for i, age in enumerate(data["ages"])
        ]
    if isinstance(data.get("end"), dict):
        data["end"] = _kept_keys("end", data["end"], lambda entry: entry)
    progress = data.get("progress")
    if isinstance(progress, dict) and "player" in progress:
        data["progress"] = {**progress, "player": _kept(progress["player"])}
    return data


def _kept_seat(index: int, seat: Any) -> Any:
    if not (isinstance(seat, dict) and isinstance(seat.get("name"), str)):
        return seat
    label = t("validate.field.seat_name", seat=index + 1)
    return {
        **seat,
        "name": player_name(seat["name"], f"players[{index}].name", label=label, path=("players", index, "name")),
    }


def _kept_keys(path: str, entries: dict[str, Any], kept: Callable[[Any], Any]) -> dict[str, Any]:
    """`entries` keyed by player name with the names in their kept form; two keys that are one name in
    different forms are refused (one would silently replace the other)."""
    out: dict[str, Any] = {}
    for name, entry in entries.items():
        key = normal_form(name)
        if key in out:
            raise InputError(f"{path}.{name}", name, t("validate.allowed.unique_names"))
        out[key] = kept(entry)
    return out


def _kept(value: Any) -> Any:
    """A name (or a list of names) in its kept form; anything else unchanged."""
    if isinstance(value, str):
        return normal_form(value)
    return [_kept(item) for item in value] if isinstance(value, list) else value


def _kept_incursions(entry: Any) -> Any:
    if isinstance(entry, dict) and isinstance(entry.get("incursions"), list):
        return {**entry, "incursions": _kept(entry["incursions"])}
    return entry


def _check_free_text(data: dict[str, Any]) -> None:
    """The two texts of a record not checked against the table or the catalogue, the id and the player the
    table is at, are printable: a lone surrogate or a control character there could not be stored or shown."""
    for where, value in (("id", data.get("id")), ("progress.player", data.get("progress", {}).get("player"))):
        if isinstance(value, str) and not value.isprintable():
            raise InputError(where, value, t("names.printable"))


def _check_ages_once(data: dict[str, Any]) -> None:
    """Each age has one entry in "ages" (a second one would silently replace the first)."""
    first: dict[int, int] = {}
    for i, age in enumerate(data["ages"]):
        if age["age"] in first:
            raise InputError(
                f"ages[{i}].age",
                age["age"],
                t("validate.allowed.age_once", age=age_words(age["age"]), number=first[age["age"]] + 1),
                label=t("validate.field.ages_entry", number=i + 1),
            )
        first[age["age"]] = i


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
                _suggest(names, seat.wonder, _both_names(usable)),
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
        path = f"{_age_path(self.age)}.{self.player}.{name}" + ("" if index is None else f"[{index}]")
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
                    f"{_age_path(age)}.{name}",
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
            raise where.error("cards", card_name, _suggest(allowed, card_name, _both_names(deck)), j, key="card")
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
            allowed_text = _suggest(t("validate.allowed.not_a_leader"), play.name, _both_names(catalog.leaders))
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
    limit = turns + extra + discard
    if from_hand > limit:
        how = {(0, False): "plays", (1, False): "plays_last_card", (0, True): "plays_discard", (1, True): "plays_both"}
        allowed = t(f"validate.allowed.{how[extra, bool(discard)]}", limit=limit, turns=turns, discard=discard)
        value = t("validate.value.plays", cards=len(entry.cards), stages=entry.wonder_stages)
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
            _age_path(age),
            t("validate.value.armada_cards", count=len(armada)),
            t("validate.allowed.armada_cards", limit=limit, most=catalog.table.armada_cards_max),
            label=label,
        )
    guilds = {card.id for card in cards if card.is_guild}
    most = min(count, 7) + catalog.table.guilds_extra
    if len(guilds) > most:
        raise InputError(
            _age_path(age),
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
            allowed = _suggest(t("validate.allowed.not_an_island"), island_name, _both_names(catalog.islands))
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
