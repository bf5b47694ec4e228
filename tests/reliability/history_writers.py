"""Writer processes for the reliability tests: forked from the test process, reporting through a pipe."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

from scorer.history import HistoryStore
from scorer.model import GameRecord

EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "examples" / "base-3p.json").read_text(encoding="utf-8"))


def new_game() -> GameRecord:
    return GameRecord.from_dict({**EXAMPLE, "id": str(uuid.uuid4())})


def start_writer(db: Path, count: int | None = None, go: int | None = None) -> tuple[int, int]:
    """Fork a process running save_games; returns its pid and the read end of its pipe."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the writer: never returns into pytest
        status = 1
        try:
            os.close(read_end)
            save_games(db, write_end, count, go)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    return pid, read_end


def save_games(db: Path, out: int, count: int | None, go: int | None) -> None:
    """Save finished games into `db` one at a time (forever if `count` is None); after each save returns,
    write its id and a newline to `out`, unbuffered. Says "ready" once the store is open, then waits for a
    byte on `go` if given."""
    store = HistoryStore.open(db)
    os.write(out, b"ready\n")
    if go is not None:
        os.read(go, 1)
    saved = 0
    while count is None or saved < count:
        record = new_game()
        store.finalise(record)
        os.write(out, record.id.encode() + b"\n")
        saved += 1


def read_until(fd: int, marker: bytes, buffer: bytes = b"") -> bytes:
    """Read from `fd` until `marker` has arrived (or the writer is gone); returns all that was read."""
    while marker not in buffer:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        buffer += chunk
    return buffer


def read_all(fd: int, buffer: bytes = b"") -> bytes:
    """Everything left in the pipe, up to the writer's end; closes it."""
    while chunk := os.read(fd, 65536):
        buffer += chunk
    os.close(fd)
    return buffer


def saved_ids(output: bytes) -> list[str]:
    """The ids a writer reported: complete lines only (a killed writer may leave half of one)."""
    return [line.decode() for line in output.split(b"\n")[:-1] if line != b"ready"]
