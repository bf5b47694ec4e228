"""A writer killed with SIGKILL at random moments while saving, 200 times: the history always opens, is a
whole file exactly as written, and holds every game whose save had returned.

Only outcomes are asserted: how many games a writer saves before its kill, and whether a kill lands in the
middle of a write (about 2 times in 120), depend on how loaded the machine is. Each moment of a write is
made certain by test_history_fault_points.py instead."""

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
    for _ in range(ROUNDS):
        pid, out = fork_writer(db)
        output = read_until(out, b"ready\n")
        time.sleep(chance.uniform(0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        saved.update(saved_ids(read_all(out, output)))

        assert _read_layout(db.read_bytes()) is not None, "the file is not a whole file as the store writes it"
        store = HistoryStore.open(db, lock_timeout=2)  # the dead writer's lock went with it
        assert set(store.stored_statuses(saved)) == saved
        store.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.json", "history.json.lock"]  # temp files swept
