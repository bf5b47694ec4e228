"""The core on macOS and Windows, run here on Linux as those systems behave: a Windows that will not replace a
file another program holds open."""

from __future__ import annotations

import os

import pytest

from scorer.history import HistoryError, HistoryStore, atomic
from scorer.validate import load_record
from tests.records import example


def test_a_file_another_program_holds_open_is_retried_then_refused_in_words(tmp_path, monkeypatch):
    db = tmp_path / "history.json"
    with HistoryStore.open(db) as store:
        store.save(load_record(example("base-3p.json")))
    before = db.read_bytes()
    tries = []

    def held_open(source, target):
        tries.append(target)
        raise PermissionError(13, "Access is denied")  # Windows, while another process has the file open

    monkeypatch.setattr(atomic, "RETRY_REPLACE", True)
    monkeypatch.setattr(atomic, "REPLACE_PAUSE", 0.001)
    monkeypatch.setattr(os, "replace", held_open)
    with HistoryStore.open(db) as store, pytest.raises(HistoryError) as refused:
        store.save(load_record(example("leaders-5p.json")))
    assert len(tries) == atomic.REPLACE_ATTEMPTS
    assert "another program keeps history.json open" in str(refused.value)
    assert "was not changed" in str(refused.value) and "Errno" not in str(refused.value)
    assert db.read_bytes() == before
    assert [path.name for path in tmp_path.iterdir() if path.suffix == atomic.TEMP_SUFFIX] == []


def test_a_file_held_open_for_over_a_second_is_saved_once_it_is_let_go(tmp_path, monkeypatch):
    db = tmp_path / "history.json"
    real_replace, refusals = os.replace, [PermissionError(13, "Access is denied")] * 12  # 0.1 s apart

    def held_for_a_moment(source, target):
        if refusals:
            raise refusals.pop()
        real_replace(source, target)

    monkeypatch.setattr(atomic, "RETRY_REPLACE", True)
    monkeypatch.setattr(atomic, "REPLACE_PAUSE", 0.001)
    monkeypatch.setattr(os, "replace", held_for_a_moment)
    with HistoryStore.open(db) as store:
        store.save(load_record(example("base-3p.json")))
    monkeypatch.undo()
    with HistoryStore.open(db) as store:
        assert len(store.games()) == 1
