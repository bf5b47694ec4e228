"""Exporting only some games (what a filtered history list shows), and counting games without reading them."""

from __future__ import annotations

import csv
import io
import json
import uuid
from pathlib import Path

import pytest

from scorer.history import HistoryStore, export_to, import_files
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str, **changes) -> dict:
    data = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return {**data, "id": str(uuid.uuid4()), **changes}


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    store = HistoryStore.open(tmp_path / "history.json")
    for name in ("base-3p.json", "leaders-5p.json", "teams-armada-6p.json"):
        store.save(load_record(example(name)))
    store.save(load_record(example("base-3p.json", status="in_progress")))
    return store


def test_count_is_every_stored_game_drafts_too(store: HistoryStore, tmp_path: Path):
    assert store.count() == 4
    assert HistoryStore.open(tmp_path / "empty.json").count() == 0


def test_a_json_export_of_some_games_holds_exactly_those_and_imports_elsewhere(store: HistoryStore, tmp_path: Path):
    games = store.games()
    chosen = {games[0].id, games[-1].id}
    target = tmp_path / "some.json"
    assert export_to(store, "json", target, game_ids=chosen) == 2
    bundle = json.loads(target.read_text(encoding="utf-8"))
    assert {game["id"] for game in bundle["games"]} == chosen
    other = HistoryStore.open(tmp_path / "other.json")
    assert set(import_files(other, [target]).added) == chosen


def test_a_csv_export_of_some_games_has_rows_of_those_finished_games_only(store: HistoryStore, tmp_path: Path):
    finished = [g for g in store.games() if g.finished]
    draft = next(g for g in store.games() if not g.finished)
    chosen = {finished[0].id, draft.id}  # a draft has no sheet: no CSV rows
    target = tmp_path / "some.csv"
    assert export_to(store, "csv", target, game_ids=chosen) == 1
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8-sig"))))
    assert {row["game_id"] for row in rows} == {finished[0].id}
    assert len(rows) == len(finished[0].names)


def test_no_ids_exports_nothing_and_none_exports_everything(store: HistoryStore, tmp_path: Path):
    assert export_to(store, "json", tmp_path / "none.json", game_ids=()) == 0
    assert json.loads((tmp_path / "none.json").read_text(encoding="utf-8"))["games"] == []
    assert export_to(store, "json", tmp_path / "all.json") == 4
