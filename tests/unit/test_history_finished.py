"""A finished game is never replaced by a draft, nor by a different game reusing its id (issue 11, item 2).

The rule lives in the store (merging.py), so every edge gets it: `score --save`, `import`, the TUI's
autosave and its end-of-game save. Two HistoryStore objects on one file stand for two windows.
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from pathlib import Path

import pytest

from scorer.history import HistoryStore, export_to, import_files
from scorer.history.errors import FinishedGameKept
from scorer.history.merging import Merge
from scorer.model import GameRecord
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def game(example: str = "base-3p.json", **changes) -> GameRecord:
    data = json.loads((EXAMPLES / example).read_text(encoding="utf-8"))
    return dataclasses.replace(load_record({**data, "id": str(uuid.uuid4())}), **changes)


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def bundle(*records: GameRecord) -> dict:
    return {"format": "wonders-scorer-export", "version": 1, "games": [r.to_dict() for r in records]}


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "history.json"


@pytest.fixture
def store(path: Path) -> HistoryStore:
    return HistoryStore.open(path)


def test_a_different_game_with_a_finished_games_id_is_refused_naming_it(store: HistoryStore, path: Path):
    finished = game()
    store.finalise(finished)
    before = path.read_bytes()
    other = dataclasses.replace(finished, played_on="2026-12-01")
    with pytest.raises(FinishedGameKept, match=r"played 2026-11-20 by Ann, Bob, Cid") as refused:
        store.save(other)
    assert refused.value.summary.id == finished.id and refused.value.field == "id"
    with pytest.raises(FinishedGameKept):
        store.finalise(other)
    assert path.read_bytes() == before and store.load(finished.id).to_dict() == finished.to_dict()


def test_a_draft_never_turns_a_finished_game_back_into_a_draft(store: HistoryStore):
    finished = game()
    store.finalise(finished)
    with pytest.raises(FinishedGameKept, match="finished elsewhere"):
        store.save_draft(dataclasses.replace(finished, ages={}, end={}))
    with pytest.raises(FinishedGameKept):
        store.save_draft(finished)  # even the same cards: a finished game is not made a draft again
    assert store.load(finished.id).to_dict() == finished.to_dict()
    assert store.drafts() == []


def test_the_same_finished_game_saved_again_writes_nothing(store: HistoryStore, path: Path):
    finished = game()
    store.finalise(finished)
    before = path.read_bytes()
    assert store.finalise(finished) is Merge.SAME
    assert store.finalise(dataclasses.replace(finished, progress={"step": "sheet"})) is Merge.SAME
    assert path.read_bytes() == before


def test_an_autosave_after_another_window_imported_the_finished_game_is_refused(path: Path, tmp_path: Path):
    table, terminal = HistoryStore.open(path), HistoryStore.open(path)
    finished = game()
    draft = dataclasses.replace(finished, status="in_progress", ages={1: finished.ages[1]}, end={})
    table.save_draft(draft)
    report = import_files(terminal, [write(tmp_path / "done.json", finished.to_dict())])
    assert report.completed == (finished.id,)
    with pytest.raises(FinishedGameKept):
        table.save_draft(draft)
    assert HistoryStore.open(path).load(finished.id).to_dict() == finished.to_dict()


def test_an_imported_game_reusing_a_finished_id_is_kept_beside_it(store: HistoryStore, tmp_path: Path):
    finished = game()
    store.finalise(finished)
    other = dataclasses.replace(finished, played_on="2026-12-01")
    file = write(tmp_path / "in.json", bundle(other))
    report = import_files(store, [file])
    [(new, old)] = report.kept_apart
    assert old == finished.id and new != finished.id and not report.added and not report.skipped
    assert store.load(finished.id).to_dict() == finished.to_dict()
    assert store.load(new).to_dict() == {**other.to_dict(), "id": new}
    again = import_files(store, [file])  # the same file again: found, not a third game
    assert again.skipped == (new,) and not again.kept_apart and store.count() == 2


def test_two_copies_of_one_id_in_a_bundle_are_reported_as_repeated(store: HistoryStore, tmp_path: Path):
    one, here = game(), game()
    store.finalise(here)
    report = import_files(store, [write(tmp_path / "in.json", bundle(one, here, one, here))])
    assert report.added == (one.id,) and report.skipped == (here.id,)
    assert report.repeated == (one.id, here.id)
    assert store.count() == 2


def test_two_different_finished_copies_in_a_bundle_are_both_kept(store: HistoryStore, tmp_path: Path):
    one = game()
    other = dataclasses.replace(one, played_on="2026-12-01")
    report = import_files(store, [write(tmp_path / "in.json", bundle(one, other))])
    assert report.added == (one.id,) and report.repeated == (one.id,)
    [(new, old)] = report.kept_apart
    assert old == one.id and store.load(new).played_on == "2026-12-01" and store.count() == 2


def test_a_bundles_draft_of_a_finished_game_is_skipped(store: HistoryStore, tmp_path: Path):
    finished = game()
    store.finalise(finished)
    draft = dataclasses.replace(finished, status="in_progress", end={})
    report = import_files(store, [write(tmp_path / "in.json", bundle(draft))])
    assert report.skipped == (finished.id,) and not report.kept_apart
    assert store.load(finished.id).to_dict() == finished.to_dict()


def test_an_export_imported_into_its_own_history_changes_nothing(store: HistoryStore, path: Path, tmp_path: Path):
    for record in (game(), game("leaders-armada-7p.json"), game(status="in_progress")):
        store.save(record)
    export_to(store, "json", tmp_path / "out.json")
    before = path.read_bytes()
    report = import_files(store, [tmp_path / "out.json"])
    assert len(report.skipped) == 3 and not (report.added or report.completed or report.kept_apart or report.repeated)
    assert path.read_bytes() == before


def test_the_refusal_names_the_game_in_portuguese(store: HistoryStore, portuguese):
    finished = game()
    store.finalise(finished)
    named = r"já está salva com este id \(jogada em 20/11/2026 por Ann, Bob, Cid\)"
    with pytest.raises(FinishedGameKept, match=named):
        store.save(dataclasses.replace(finished, played_on="2026-12-01"))
    with pytest.raises(FinishedGameKept, match="esta partida foi terminada em outro lugar"):
        store.save_draft(finished)
