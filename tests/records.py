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
    """The examples as a bundle from other nights, written under `directory`: each dated weeks before `today`,
    as a table imports games played elsewhere. The files carry fixed days of their own, and one of them falls
    on any given day's doorstep, so a test about "the last game played here" must not import them as they are."""
    paths = []
    for weeks, path in enumerate(sorted(EXAMPLES.glob("*.json")), start=3):
        data = json.loads(path.read_text(encoding="utf-8"))
        data["played_on"] = (today - timedelta(weeks=weeks)).isoformat()
        paths.append(directory / path.name)
        paths[-1].write_text(json.dumps(data), encoding="utf-8")
    return paths
