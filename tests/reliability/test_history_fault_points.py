"""A writer killed at each named point of the write path (scorer/history/faults.py), during each kind of
write: a save, an autosave, an import, the upgrade of an older file, an export. Every time the process
certainly died there (SIGKILL), and the history opens, is a whole file exactly as the store writes it, and
holds every game whose command had returned; the leftover temporary file is swept on the next open."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable
from pathlib import Path

import pytest
from history_writers import new_game, read_all, saved_ids

from scorer.autosave import DraftSaver
from scorer.history import HistoryStore, export_to, import_files, versioning
from scorer.history.faults import POINTS, VARIABLE
from scorer.history.layout import _read_layout

WRITE_POINTS = ("temp-written", "temp-synced", "before-replace", "after-replace")
SAVED_FIRST = 2


def report(out: int, game_id: str) -> None:
    os.write(out, game_id.encode() + b"\n")


def save(db: Path, out: int, tmp: Path) -> None:
    with HistoryStore.open(db) as store:
        _saved_first(store, out)
        os.environ[VARIABLE] = os.environ.pop("ARMED")
        store.finalise(new_game())


def autosave(db: Path, out: int, tmp: Path) -> None:
    """The table app's autosave: its background thread writes the draft; flush() returns once it is on disk."""
    with HistoryStore.open(db) as store:
        saver = DraftSaver(store.save_draft, lambda error: os._exit(2))
        for _ in range(SAVED_FIRST):
            record = new_game()
            saver.submit(record)
            assert saver.flush()
            report(out, record.id)
        os.environ[VARIABLE] = os.environ.pop("ARMED")
        saver.submit(new_game())
        saver.flush()


def import_file(db: Path, out: int, tmp: Path) -> None:
    incoming = tmp / "incoming.json"
    incoming.write_text(json.dumps(new_game().to_dict()), encoding="utf-8")
    with HistoryStore.open(db) as store:
        _saved_first(store, out)
        os.environ[VARIABLE] = os.environ.pop("ARMED")
        import_files(store, [incoming])


def upgrade(db: Path, out: int, tmp: Path) -> None:
    """Opening a history of an older schema (saved by the test beforehand) backs it up, migrates, writes it."""
    os.environ[VARIABLE] = os.environ.pop("ARMED")
    HistoryStore.open(db)


def export(db: Path, out: int, tmp: Path) -> None:
    with HistoryStore.open(db) as store:
        _saved_first(store, out)
        os.environ[VARIABLE] = os.environ.pop("ARMED")
        export_to(store, "json", tmp / "export.json")


def _saved_first(store: HistoryStore, out: int) -> None:
    for _ in range(SAVED_FIRST):
        record = new_game()
        store.finalise(record)
        report(out, record.id)


CASES = [
    *((save, point) for point in WRITE_POINTS),
    *((autosave, point) for point in WRITE_POINTS),
    *((import_file, point) for point in ("mid-import", *WRITE_POINTS)),
    *((upgrade, point) for point in ("mid-upgrade", *WRITE_POINTS)),
    *((export, point) for point in ("mid-export", *WRITE_POINTS)),
]


def killed_at(point: str, operation: Callable[[Path, int, Path], None], db: Path, tmp: Path) -> tuple[int, list[str]]:
    """Fork a writer that runs `operation` with the fault armed at `point`; its exit status and reported ids."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the writer: never returns into pytest
        try:
            os.close(read_end)
            os.environ["ARMED"] = point
            operation(db, write_end, tmp)
        finally:
            os._exit(1)  # the fault never fired
    os.close(write_end)
    ids = saved_ids(read_all(read_end))
    return os.waitpid(pid, 0)[1], ids


@pytest.mark.parametrize("operation, point", CASES, ids=[f"{op.__name__}-{point}" for op, point in CASES])
def test_a_writer_killed_at_a_named_point_loses_no_game_whose_command_returned(
    tmp_path: Path, fork_writer, monkeypatch, operation, point
):
    assert point in POINTS
    db = tmp_path / "history.json"
    kept: list[str] = []
    if operation is upgrade:
        with HistoryStore.open(db) as store:
            _saved_first(store, os.open(os.devnull, os.O_WRONLY))
            kept = list(store.stored_statuses(g.id for g in store.games()))
        monkeypatch.setattr(versioning, "STORE_SCHEMA", versioning.STORE_SCHEMA + 1)
        monkeypatch.setitem(versioning.MIGRATIONS, versioning.STORE_SCHEMA - 1, lambda db: None)

    status, ids = killed_at(point, operation, db, tmp_path)

    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, f"the writer was not killed at {point}"
    assert len(ids) == (0 if operation is upgrade else SAVED_FIRST)
    assert _read_layout(db.read_bytes()) is not None, "the file is not a whole file as the store writes it"
    with HistoryStore.open(db, lock_timeout=2) as store:  # the dead writer's lock went with it
        stored = set(store.stored_statuses([*ids, *kept]))
        assert stored == {*ids, *kept}
        assert len(list(store.records())) in (len(stored), len(stored) + 1)  # the killed command's game, or not
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    # The history's are swept when it opens; an export killed before its rename leaves its own temporary
    # file beside the export (hidden, never swept: nothing reopens an export).
    assert [name for name in leftovers if not name.startswith(".export.json.")] == [], f"not swept: {leftovers}"
    if operation is export:
        exported = tmp_path / "export.json"
        if point == "after-replace":
            assert len(json.loads(exported.read_bytes())["games"]) == SAVED_FIRST
        else:
            assert not exported.exists()  # never half an export


def test_a_point_fires_only_the_time_it_is_named_for(tmp_path: Path, monkeypatch):
    monkeypatch.setenv(VARIABLE, "mid-export@2")  # the second time only: a one-game export passes it once
    with HistoryStore.open(tmp_path / "history.json") as store:
        store.finalise(new_game())
        assert export_to(store, "json", tmp_path / "export.json") == 1
    assert len(json.loads((tmp_path / "export.json").read_bytes())["games"]) == 1
