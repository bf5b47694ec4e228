"""What a switch to quick counts takes out of a player's age entries, and how it is put back.

The record cannot name cards beside quick counts, so a switch to quick counts sets each age's card names
(with the Courtesans' copy, the incursions and the strengths as they were) aside, and the switch back puts
them into the entries again: switching either way loses nothing (issue 11). Pure functions over the record's
JSON form, so the screens never walk its shape themselves.
"""

from __future__ import annotations

from typing import Any

ASIDE = ("cards", "courtesans", "incursions", "ground_strength", "naval_strength")


def set_aside(data: dict[str, Any], name: str) -> dict[str, Any]:
    """Each age's fields of `name` that a switch to quick counts takes out, by age (as a string key)."""
    return {
        str(block["age"]): {key: block["players"][name][key] for key in ASIDE if key in block["players"][name]}
        for block in data["ages"]
        if name in block["players"]
    }


def put_back(data: dict[str, Any], name: str, kept: dict[str, Any]) -> None:
    """Give `name`'s age entries back what `set_aside` kept, where no card has been typed since."""
    for block in data["ages"]:
        entry, before = block["players"].get(name), kept.get(str(block["age"]))
        if entry is not None and before is not None and not entry.get("cards"):
            for key in ASIDE:
                entry.pop(key, None)
            entry.update(before)
