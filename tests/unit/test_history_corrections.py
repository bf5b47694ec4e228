"""Correcting a saved game (issue 14, item 6): the one way a finished game is replaced, keeping every earlier
version inside the game, so a correction loses nothing and travels with the game through export and import.
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from pathlib import Path

import pytest

from scorer.errors import InputError
from scorer.history import HistoryStore, export_to, import_files
from scorer.history.errors import GameNotFound
from scorer.history.merging import Merge, version
from scorer.model import EndEntry, GameRecord
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def game() -> GameRecord:
    data = json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8"))
    return load_record({**data, "id": str(uuid.uuid4())})


def with_coins(record: GameRecord, name: str, coins: int) -> GameRecord:
    """The same game with `name`'s end coins typed as `coins`: the kind of slip a correction fixes."""
    end = dict(record.end)
    end[name] = dataclasses.replace(end.get(name) or EndEntry(), coins=coins)
    return dataclasses.replace(record, end=end)


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    return HistoryStore.open(tmp_path / "history.json")


def test_a_correction_replaces_the_game_and_keeps_the_earlier_version(store: HistoryStore):
    first = game()
    store.finalise(first)
    fixed = with_coins(first, "Ann", 12)
    assert store.correct(fixed) is Merge.CORRECTS
    stored = store.load(first.id)
    assert stored.end["Ann"].coins == 12 and stored.status == "finished"
    [earlier] = stored.corrections
    assert earlier["game"] == version(first.to_dict()) and earlier["replaced_at"][:4].isdigit()
    assert [g.id for g in store.games()] == [first.id]  # the same game, not a second one


def test_corrections_pile_up_oldest_first_and_the_record_validates(store: HistoryStore):
    first = game()
    store.finalise(first)
    second = with_coins(first, "Ann", 12)
    store.correct(second)
    store.correct(with_coins(first, "Ann", 20))
    stored = store.load(first.id)
    assert [c["game"]["end"]["Ann"].get("coins") for c in stored.corrections] == [
        first.end["Ann"].coins,
        12,
    ]
    assert load_record(stored.to_dict()).to_dict() == stored.to_dict()  # the schema knows the field


def test_an_unchanged_correction_writes_nothing(store: HistoryStore, tmp_path: Path):
    first = game()
    store.finalise(first)
    before = (tmp_path / "history.json").read_bytes()
    assert store.correct(first) is Merge.SAME
    assert (tmp_path / "history.json").read_bytes() == before and not store.load(first.id).corrections


def test_a_correction_of_no_stored_game_is_refused(store: HistoryStore):
    with pytest.raises(GameNotFound):
        store.correct(game())


def test_a_malformed_correction_in_a_file_is_refused_on_load():
    data = {**game().to_dict(), "corrections": [{"replaced_at": "2026-12-02T10:00:00+00:00", "game": {"x": 1}}]}
    with pytest.raises(InputError):
        load_record(data)


def test_an_exported_correction_imported_where_the_earlier_version_is_stored_replaces_it(tmp_path: Path):
    here, there = HistoryStore.open(tmp_path / "here.json"), HistoryStore.open(tmp_path / "there.json")
    first = game()
    here.finalise(first)
    there.finalise(first)
    there.correct(with_coins(first, "Ann", 12))
    export_to(there, "json", tmp_path / "out.json")
    report = import_files(here, [tmp_path / "out.json"])
    assert not report.kept_apart and not report.added
    assert here.load(first.id).to_dict() == there.load(first.id).to_dict()
    export_to(here, "json", tmp_path / "back.json")  # and back: the earlier version is already kept there
    again = import_files(there, [tmp_path / "back.json"])
    assert again.skipped == (first.id,) and len(there.load(first.id).corrections) == 1


def test_an_earlier_version_imported_over_its_correction_is_already_stored(tmp_path: Path):
    here = HistoryStore.open(tmp_path / "here.json")
    first = game()
    here.finalise(first)
    here.correct(with_coins(first, "Ann", 12))
    (tmp_path / "old.json").write_text(
        json.dumps({"format": "wonders-scorer-export", "version": 1, "games": [first.to_dict()]}), encoding="utf-8"
    )
    report = import_files(here, [tmp_path / "old.json"])
    assert report.skipped == (first.id,) and here.load(first.id).end["Ann"].coins == 12
