"""Player names as they are kept (scorer.names): every name in a record put in one form before anything compares
them, and two spellings of one name as keys refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorer.errors import InputError
from scorer.i18n import t
from scorer.names import normal_form, player_name


def names_kept(data: Any) -> Any:
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
