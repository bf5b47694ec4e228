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
    return PhoneTable(session, language=language)


def request(version: str, kind: str, **fields: Any) -> bytes:
    return json.dumps({"version": version, "edit": {"kind": kind, **fields}}).encode()


def edit(table: PhoneTable, player: str, kind: str, language: str | None = None, **fields: Any) -> Reply:
    """`player`'s phone makes this edit on the state it shows now."""
    version = table.state(player)["version"]
    return table.edit(player, request(version, kind, **fields), language)


EIGHT = ("Ana", "Ben", "Cris", "Dora", "Enzo", "Flor", "Guto", "Hugo")
EIGHT_WONDERS = ("gizah", "babylon", "ephesos", "alexandria", "halicarnassus", "olympia", "rhodes", "rome")


def eight_players() -> dict[str, Any]:
    """An 8-player Leaders + Armada game at the start of Age I (the recruitment left to the laptop)."""
    from scorer.edits.table import Table
    from scorer.model import Seat

    fleets = ("red", "yellow", "blue", "green")
    seats = tuple(Seat(n, w, "A", fleets[i % 4]) for i, (n, w) in enumerate(zip(EIGHT, EIGHT_WONDERS)))
    data = Table(seats, frozenset({"leaders", "armada"})).record("2026-12-01")
    data["progress"] = {"step": "age", "age": 1}
    return data


def age_one_plan(data: dict[str, Any], cards_each: int = 5) -> tuple[dict[str, list[dict[str, Any]]], Any]:
    """What each of the 8 players enters for Age I (cards dealt round the table from what is still offered,
    a wonder stage, a ship moved), and the record the core's own edits give for it."""
    from scorer.deck import buildable
    from scorer.edits.age import add_card, move_ship, set_wonder_stages

    session = GameSession(dict(data), lambda draft: None)
    catalog = load_catalog()
    plan: dict[str, list[dict[str, Any]]] = {name: [] for name in EIGHT}
    for _ in range(cards_each):
        for name in EIGHT:
            card = buildable(session.record, catalog, 1, name)[0]
            assert session.apply(add_card(session.game(), 1, name, card)) is None
            plan[name].append({"kind": "add_card", "card": card.id})
    for i, name in enumerate(EIGHT):
        assert session.apply(set_wonder_stages(session.game(), 1, name, 1)) is None
        fleet = ("red", "yellow", "blue", "green")[i % 4]
        assert session.apply(move_ship(session.game(), 1, name, fleet, 1 + i % 3)) is None
        plan[name] += [
            {"kind": "set_wonder_stages", "stages": 1},
            {"kind": "move_ship", "fleet": fleet, "position": 1 + i % 3},
        ]
    return plan, session.record


def whole_game_plan(data: dict[str, Any]) -> tuple[list[tuple[Any, dict[str, list[dict[str, Any]]]]], Any]:
    """What each of the 8 players enters at every step of a whole Leaders + Armada game (a leader recruited
    before each age, cards dealt round the table from what is still offered, a wonder stage in the first two
    ages and a ship each age, the coins at the end), step by step, and the record the core's own edits give for it."""
    from scorer.deck import buildable
    from scorer.edits.age import add_card, move_ship, set_wonder_stages
    from scorer.edits.end import set_end_count
    from scorer.edits.leaders import choose_leader, played_leaders
    from scorer.flow import Step

    session = GameSession(dict(data) | {"progress": {"step": "recruitment", "age": 1}}, lambda draft: None)
    catalog = load_catalog()
    steps: list[tuple[Any, dict[str, list[dict[str, Any]]]]] = []
    fleets = ("red", "yellow", "blue", "green")
    for age in (1, 2, 3):
        plan: dict[str, list[dict[str, Any]]] = {name: [] for name in EIGHT}
        for name in EIGHT:
            played = played_leaders(session.record, catalog)
            leader = next(leader for leader in catalog.leaders if leader.id not in played)
            assert session.apply(choose_leader(age, name, leader.en, "recruit")) is None
            plan[name].append({"kind": "choose_leader", "leader": leader.id, "use": "recruit"})
        steps.append((Step("recruitment", age), plan))
        plan = {name: [] for name in EIGHT}
        for _ in range(4):
            for name in EIGHT:
                card = buildable(session.record, catalog, age, name)[0]
                assert session.apply(add_card(session.game(), age, name, card)) is None
                plan[name].append({"kind": "add_card", "card": card.id})
        for i, name in enumerate(EIGHT):
            if age < 3:  # Rome A has two stages
                assert session.apply(set_wonder_stages(session.game(), age, name, 1)) is None
                plan[name].append({"kind": "set_wonder_stages", "stages": 1})
            fleet = fleets[i % 4]
            position = session.history[age][name].ships[fleet] + 1
            assert session.apply(move_ship(session.game(), age, name, fleet, position)) is None
            plan[name].append({"kind": "move_ship", "fleet": fleet, "position": position})
        steps.append((Step("age", age), plan))
    plan = {name: [{"kind": "set_coins", "coins": 3 + i}] for i, name in enumerate(EIGHT)}
    for i, name in enumerate(EIGHT):
        assert session.apply(set_end_count(name, "coins", 3 + i)) is None
    steps.append((Step("end"), plan))
    return steps, session.record
