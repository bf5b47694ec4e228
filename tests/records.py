"""The example game records as a test starts from them: read from examples/, some ages left out. No Textual here,
so unit tests, the core replay and the TUI driver share them."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def example(name: str) -> dict[str, Any]:
    """The example record `name` ("base-3p.json"), as the file holds it."""
    data: dict[str, Any] = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return data


def without_age(data: dict[str, Any], *ages: int) -> dict[str, Any]:
    """A copy of the record with these ages (and the end, if Age III goes) not entered yet."""
    data = json.loads(json.dumps(data))
    data["ages"] = [a for a in data["ages"] if a["age"] not in ages]
    if 3 in ages:
        data["end"] = {}
    return data


def old_bundle(directory: Path, today: date) -> list[Path]:
    """The examples as a bundle from other nights, written under `directory`, each dated weeks before `today`.
    The files carry fixed days of their own (2026-11-20 to 12-18), and a game stored within a day or two of
    its day counts as played here, so a test about "the last game played here" must not import them as they
    are: it would pass or fail by the calendar."""
    paths = []
    for weeks, path in enumerate(sorted(EXAMPLES.glob("*.json")), start=3):
        data = {**example(path.name), "played_on": (today - timedelta(weeks=weeks)).isoformat()}
        written = directory / path.name
        written.write_text(json.dumps(data), encoding="utf-8")
        paths.append(written)
    return paths


def courtesans_game(copied: str | None = None) -> dict[str, Any]:
    """leaders-5p with Carla's Scientists Guild replaced by the Courtesans Guild in Age III. Her neighbours
    are Davi on her left (Alexander in Age I, Caesar in Age II) and Bruno on her right (Nefertiti, Ptolemy,
    Hiram)."""
    data = example("leaders-5p.json")
    carla = next(b for b in data["ages"] if b["age"] == 3)["players"]["Carla"]
    carla["cards"][carla["cards"].index("Scientists Guild")] = "Courtesans Guild"
    if copied:
        carla["courtesans"] = copied
    return data


def leaders_discarded(data: dict[str, Any], *names: str) -> dict[str, Any]:
    """`data` with every leader of `names` discarded instead of recruited (in place, and returned)."""
    for block in data["ages"]:
        for name in names:
            for play in block["players"][name]["leaders"]:
                play["use"] = "discard"
    return data


LEADERS_7 = ["Nero", "Tomyris", "Hatshepsut", "Caesar", "Cleopatra", "Plato", "Sappho"]


def only_recruited(data: dict[str, Any]) -> dict[str, Any]:
    """`data` (7 seats) after the Age I recruitment: each seat has its leader of LEADERS_7, and nothing built."""
    data["ages"] = [
        {
            "age": 1,
            "players": {
                seat["name"]: {"cards": [], "wonder_stages": 0, "leaders": [{"name": leader, "use": "recruit"}]}
                for seat, leader in zip(data["players"], LEADERS_7, strict=True)
            },
        }
    ]
    return data
