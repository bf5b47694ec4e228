"""The history's process lock: the same flock filelock takes (each keeps the other out), re-entrant within
its holder, released for the next writer, and taken without importing filelock."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from filelock import FileLock, Timeout

from scorer.history import HistoryLocked
from scorer.history.lock import ProcessLock

ROOT = Path(__file__).resolve().parents[2]


def test_a_lock_held_through_filelock_keeps_it_out_and_its_own_keeps_filelock_out(tmp_path):
    path = tmp_path / "h.json"
    with FileLock(f"{path}.lock"), pytest.raises(HistoryLocked), ProcessLock(path, timeout=0.05):
        pass
    with ProcessLock(path), pytest.raises(Timeout):
        FileLock(f"{path}.lock", timeout=0).acquire()
    with FileLock(f"{path}.lock", timeout=0):  # released: the next writer gets it at once
        pass


def test_a_transaction_inside_another_keeps_the_lock_until_the_outer_one_ends(tmp_path):
    path = tmp_path / "h.json"
    lock = ProcessLock(path)
    with lock:
        with lock:
            pass
        with pytest.raises(Timeout):
            FileLock(f"{path}.lock", timeout=0).acquire()
    with ProcessLock(path, timeout=0):
        pass
    assert (tmp_path / "h.json.lock").exists()  # left in place, as filelock leaves it: waiters share one file


def test_the_history_opens_without_importing_filelock(tmp_path):
    code = (
        "import sys\nfrom pathlib import Path\nfrom scorer.history.store import HistoryStore\n"
        f"HistoryStore.open(Path({str(tmp_path / 'h.json')!r})).close()\nprint('filelock' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
