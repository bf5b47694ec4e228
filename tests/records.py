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
