"""A writer killed with SIGKILL at random moments while saving, 200 times: the history always opens, is a
whole file exactly as written, and holds every game whose save had returned."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

from history_writers import read_all, read_until, saved_ids

from scorer.history import HistoryStore
from scorer.history.layout import _read_layout

ROUNDS = 200


def test_a_writer_killed_at_any_moment_never_loses_a_saved_game(tmp_path: Path, fork_writer):
    db = tmp_path / "history.json"
    chance = random.Random(20261211)
    saved: set[str] = set()
    cut_short = 0  # rounds where the kill left a half-written temporary file: it landed mid-write
    for _ in range(ROUNDS):
        pid, out = fork_writer(db)
        output = read_until(out, b"ready\n")
        time.sleep(chance.uniform(0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        saved.update(saved_ids(read_all(out, output)))

        cut_short += any(p.name.endswith(".tmp") for p in tmp_path.iterdir())
        assert _read_layout(db.read_bytes()) is not None, "the file is not a whole file as the store writes it"
        store = HistoryStore.open(db, lock_timeout=2)  # the dead writer's lock went with it
        assert set(store.stored_statuses(saved)) == saved
    assert len(saved) > 2 * ROUNDS and cut_short > 0  # kills landed between saves and in the middle of them
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.json", "history.json.lock"]  # temp files swept
