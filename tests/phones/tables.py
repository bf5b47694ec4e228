"""Shared tables for the phones' tests: an example game's session at a step, and a phone's edit request."""

from __future__ import annotations

import json
from typing import Any

from scorer.catalog import load_catalog
from scorer.phones.table import PhoneTable, Reply
from scorer.session import Draft, GameSession
from tests.records import example, without_age

ARMADA_7 = "leaders-armada-7p.json"


def session_at(
    name: str = ARMADA_7, step: str = "age", age: int | None = 1, *, removed: tuple[int, ...] = (1, 2, 3)
) -> tuple[GameSession, list[Draft]]:
    """The example `name` with the ages `removed` not entered, the table at `step` (of `age`), and the drafts
    its autosave would have written."""
    data = without_age(example(name), *removed)
    data["status"] = "in_progress"
    data["progress"] = {"step": step} | ({"age": age} if age is not None else {})
    saved: list[Draft] = []
    return GameSession(data, saved.append), saved


def phone_table(session: GameSession, language: str = "en") -> PhoneTable:
    return PhoneTable(session, load_catalog().dockyard, language=language)


def request(version: str, kind: str, **fields: Any) -> bytes:
    return json.dumps({"version": version, "edit": {"kind": kind, **fields}}).encode()


def edit(table: PhoneTable, player: str, kind: str, language: str | None = None, **fields: Any) -> Reply:
    """`player`'s phone makes this edit on the state it shows now."""
    version = table.state(player)["version"]
    return table.edit(player, request(version, kind, **fields), language)
