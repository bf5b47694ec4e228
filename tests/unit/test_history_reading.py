"""A history opened for reading (the table app's first screen): read without the process lock, which is taken
only when the store comes to write, and then only over the file as it was read."""

from __future__ import annotations

import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from filelock import FileLock

from scorer.history import HistoryLocked, HistoryStore
from scorer.history import store as store_module
from scorer.history import summary as summary_module
from scorer.model import GameRecord
from scorer.validate import load_record
from tests.records import example

ROOT = Path(__file__).resolve().parents[2]


def game() -> GameRecord:
    return load_record({**example("base-3p.json"), "id": str(uuid.uuid4())})


def test_a_reading_open_lists_the_games_while_another_window_writes_and_its_writes_still_wait(tmp_path: Path):
    path = tmp_path / "history.json"
    played = game()
    HistoryStore.open(path).finalise(played)
    with FileLock(f"{path}.lock"):  # another window in the middle of a write
        store = HistoryStore.open(path, lock_timeout=0.1, reading=True)
        assert [summary.id for summary in store.games()] == [played.id]
        assert store.drafts() == [] and store.load(played.id) == played
        with pytest.raises(HistoryLocked):
            store.finalise(game())
        with pytest.raises(HistoryLocked):  # opening without `reading` still waits for the lock, as before
            HistoryStore.open(path, lock_timeout=0.1)
    store.finalise(game())
    assert len(store.games()) == 2


def test_a_reading_open_that_must_write_waits_for_the_lock(tmp_path: Path):
    """A new file is stamped and a killed writer's temporary file swept only under the lock."""
    path = tmp_path / "history.json"
    with FileLock(f"{path}.lock"), pytest.raises(HistoryLocked):
        HistoryStore.open(path, lock_timeout=0.1, reading=True)
    assert not path.exists()

    HistoryStore.open(path).close()
    leftover = tmp_path / ".history.json.k1ll3d.tmp"
    leftover.write_bytes(b"half a write")
    with FileLock(f"{path}.lock"), pytest.raises(HistoryLocked):
        HistoryStore.open(path, lock_timeout=0.1, reading=True)
    assert leftover.exists()
    HistoryStore.open(path, reading=True).close()
    assert not leftover.exists()


def test_summaries_scored_again_are_not_written_over_a_file_another_window_replaced_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """A listing scores a game again (the rules changed); meanwhile another window saves a game. The listing's
    summaries were made from the file before that save: writing them would drop the other window's game."""
    path = tmp_path / "history.json"
    first, second = game(), game()
    HistoryStore.open(path).finalise(first)
    reader, other_window = HistoryStore.open(path, reading=True), HistoryStore.open(path)
    monkeypatch.setattr(summary_module, "rules_fingerprint", lambda: "other-rules")
    scored = store_module._summary_of_stored

    def scored_while_the_other_window_saves(*args: object, **kwargs: object):
        other_window.finalise(second)
        return scored(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store_module, "_summary_of_stored", scored_while_the_other_window_saves)
    [summary] = reader.games()  # what the file held when the listing read it
    assert summary.id == first.id and summary.rules == "other-rules"
    monkeypatch.setattr(store_module, "_summary_of_stored", scored)
    assert {s.id for s in HistoryStore.open(path).games()} == {first.id, second.id}


def test_summaries_scored_again_by_a_reading_store_are_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "history.json"
    HistoryStore.open(path).finalise(game())
    monkeypatch.setattr(summary_module, "rules_fingerprint", lambda: "other-rules")
    HistoryStore.open(path, reading=True).games()
    redone = []
    monkeypatch.setattr(store_module, "_summary_of_stored", lambda *args: redone.append(args))
    [summary] = HistoryStore.open(path, reading=True).games()
    assert summary.rules == "other-rules" and redone == []  # read as stored, not scored once more


def test_opening_for_the_first_screen_does_not_load_the_lock_library(tmp_path: Path):
    """filelock costs about 20 ms to import: the table app's start (open, list the drafts) does without it."""
    path = tmp_path / "history.json"
    HistoryStore.open(path).close()
    code = (
        "import sys\nfrom pathlib import Path\nfrom scorer.history.store import HistoryStore\n"
        f"HistoryStore.open(Path({str(path)!r}), reading=True).drafts()\n"
        "print('filelock' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
