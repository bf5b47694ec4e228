"""Games to make core edits on in unit tests: an example record in a session, some ages not entered yet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorer.catalog import load_catalog
from scorer.edits import Edit, Game
from scorer.errors import InputError
from scorer.session import GameSession

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def example(name: str, *, without: tuple[int, ...] = ()) -> dict[str, Any]:
    """The example record `name`, with the ages `without` (and the end, if Age III goes) not entered yet."""
    data = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    data["ages"] = [block for block in data["ages"] if block["age"] not in without]
    if 3 in without:
        data["end"] = {}
    data["status"] = "in_progress"
    return data


def session(name: str = "leaders-armada-7p.json", *, without: tuple[int, ...] = ()) -> GameSession:
    return GameSession(example(name, without=without), lambda draft: None)


def game(played: GameSession) -> Game:
    """The game as an edit finds it, with the rulebook's Dockyard values."""
    return played.game(load_catalog().dockyard)


def refused(played: GameSession, edit: Edit) -> InputError:
    """Apply `edit`, which must be refused without changing anything; the refusal."""
    before = played.data
    error = played.apply(edit)
    assert error is not None, f"{edit.kind} was accepted"
    assert played.data == before
    return error
