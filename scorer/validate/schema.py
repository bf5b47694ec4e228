"""The record's shape, checked against its JSON Schema (scorer/game_record.schema.json), and each way it can be
wrong worded where it points: the compiled check vouches for a sound record, jsonschema says why another is not."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import date, datetime
from functools import cache
from importlib import resources
from typing import Any

from scorer.errors import InputError
from scorer.i18n import t, tn
from scorer.model import SCHEMA_VERSION
from scorer.validate.words import age_words, either

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
_ISO_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})", re.ASCII)


@cache
def record_schema() -> dict[str, Any]:
    with resources.files("scorer").joinpath("game_record.schema.json").open("rb") as handle:
        return json.load(handle)


@cache
def _validator() -> Any:
    """The record schema's validator, stricter than JSON Schema's defaults in two ways a record needs:
    "integer" is a JSON number without a fraction part as written (JSON Schema takes 2.0, which then reached
    range() and list indices as a float), and "format": "date" is checked (a calendar day), not only documented.
    It words the refusal (see schema_errors), so it is built only when a record is refused."""
    from jsonschema import Draft202012Validator, FormatChecker, validators

    whole = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    strict = validators.extend(Draft202012Validator, type_checker=whole)
    formats = FormatChecker()
    formats.checkers = {**Draft202012Validator.FORMAT_CHECKER.checkers}
    formats.checks("date-time")(_local_time_format)  # jsonschema checks it only with an optional package installed
    return strict(record_schema(), format_checker=formats)


@cache
def _accepts() -> Callable[[Any], Any]:
    """The same schema compiled to Python by fastjsonschema: many times quicker than walking it with
    jsonschema, which made an import of 10,000 games take minutes. It says only whether a record passes (it
    raises JsonSchemaValueException); use_default=False, as filling in defaults would change the record.
    "date" is a calendar day, as for _validator; its "integer" takes 2.0 (as JSON Schema does since draft 6),
    so a record holding any float is left to _validator (see schema_errors)."""
    import fastjsonschema  # deferred: only needed when a record is read

    return fastjsonschema.compile(
        record_schema(), formats={"date": calendar_day, "date-time": local_time}, use_default=False
    )


def calendar_day(text: str) -> bool:
    """An ISO date that is a real day ('2024-02-29', not '2023-02-29'): what jsonschema's "date" format checks."""
    if not _ISO_DATE.fullmatch(text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def local_time(text: str) -> bool:
    """A moment written YYYY-MM-DDTHH:MM:SS with its UTC offset (+HH:MM, or Z), a real day and time: what the
    record's "date-time" fields hold (scorer.play_time writes them so)."""
    if not _ISO_MOMENT.fullmatch(text):
        return False
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def _local_time_format(value: object) -> bool:
    """The "date-time" format as JSON Schema applies one: to strings only (the type is checked apart)."""
    return not isinstance(value, str) or local_time(value)


def schema_errors(data: Any) -> None:
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
        return t(f"validate.schema.format_{expected.replace('-', '_')}")
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


def check_free_text(data: dict[str, Any]) -> None:
    """The texts of a record not checked against the table or the catalogue, the id, the player the table is
    at and the note, are printable: a lone surrogate or a control character (a line break in the one-line
    note) there could not be stored or shown."""
    player = data.get("progress", {}).get("player")
    texts = (("id", data.get("id")), ("progress.player", player), ("note", data.get("note")))
    for where, value in texts:
        if isinstance(value, str) and not value.isprintable():
            raise InputError(where, value, t("names.printable"))


def check_ages_once(data: dict[str, Any]) -> None:
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
