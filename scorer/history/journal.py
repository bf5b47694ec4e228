"""A shared game's draft journal: an accepted phone edit is durable after one append and one data sync.

Rewriting the whole history file for each draft (a temporary file, fsync, rename, fsync of the folder) costs
two flushes to the disk; eight phones editing at once queued behind them (issue 13: a p95 of 70 ms against a
target of 50). While a game is shared, its autosaver appends each draft (the record and the session's memory,
one JSON line) to `<history>.host-<digest>.journal` beside the game's host lock, answers the phones once that
line is on disk, and folds the newest draft into the history file when the table is calm (DraftSaver), after
which the journal is emptied. A host killed before folding leaves the journal: the next HistoryStore.open
that can take the game's host lock (so no live host is still appending) writes its newest whole line into
the history as that game's draft, then removes it. A line cut short by the kill was never acknowledged and is
skipped; a game stored finished meanwhile is never overwritten (save_draft refuses it), its journal dropped.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.history import codec, sharing
from scorer.history.atomic import fsync_folder
from scorer.portable import open_flags, sync_data, sync_file

if TYPE_CHECKING:
    from scorer.history.store import HistoryStore
    from scorer.session import Draft

SUFFIX = ".journal"


def journal_path(history: Path, game_id: str) -> Path:
    """The journal of `game_id`: its host lock's path (scorer.phones.lock) with this suffix."""
    return sharing.lock_path(history, game_id).with_suffix(SUFFIX)


class DraftJournal:
    """Appends a game's drafts, each durable when `append` returns; `clear` once the history holds the newest."""

    def __init__(self, history: Path, game_id: str) -> None:
        self.path = journal_path(history, game_id)
        self._fd: int | None = None
        self._cut = False  # an append failed part-way: its bytes may end the file without their line break

    def append(self, draft: Draft) -> None:
        """Write `draft` as one line and put it on disk; an OSError (a full disk) means it is not durable.
        Every byte is written (os.write may write part of a line when the disk fills), and after a failed
        append the next line starts on a line of its own: a cut line before it would otherwise join it into
        one unreadable line, and replay would fall back to an older draft than one a phone was told is saved."""
        line = codec.dumps({"record": draft.record.to_dict(), "memory": draft.memory}) + b"\n"
        if self._cut:
            line = b"\n" + line
        if self._fd is None:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | open_flags(), 0o600)
            fsync_folder(self.path.parent)  # the file itself must survive a crash, not only its lines
        self._cut = True
        view = memoryview(line)
        while view:
            view = view[os.write(self._fd, view) :]
        sync_data(self._fd)  # fdatasync, F_FULLFSYNC on macOS, fsync on Windows
        self._cut = False

    def clear(self) -> None:
        """The history file holds the newest draft now: nothing is left to replay."""
        if self._fd is not None:
            os.ftruncate(self._fd, 0)
            sync_file(self._fd)

    def close(self) -> None:
        """Sharing ended with the history file up to date: the journal goes."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        with suppress(FileNotFoundError):
            self.path.unlink()
            fsync_folder(self.path.parent)


def newest(path: Path) -> dict[str, Any] | None:
    """The last whole line of a journal (a cut or unreadable one is skipped), or None."""
    for line in reversed(path.read_bytes().splitlines()):
        with suppress(ValueError):
            entry = codec.loads(line)
            if isinstance(entry, dict) and isinstance(entry.get("memory"), dict):
                return entry
    return None


def replay(store: HistoryStore) -> None:
    """Fold every journal a killed host left beside `store`'s file into it (see the module's docstring)."""
    folder, prefix = store.path.parent, f"{store.path.name}.host-"
    # The folder's names compared as they are: Path.glob would compile a pattern into a regular expression first,
    # on every start of the table app (which finds no journal nearly every time).
    try:
        with os.scandir(folder) as entries:
            names = [entry.name for entry in entries]
    except OSError:  # a folder it may not list, as Path.glob finds nothing there
        return
    for name in names:
        if not (name.startswith(prefix) and name.endswith(SUFFIX)):
            continue
        path = folder / name
        with _host_gone(path.with_suffix(".lock")) as gone:
            if gone:
                _fold(store, path)


def _fold(store: HistoryStore, path: Path) -> None:
    from scorer.errors import InputError  # FinishedGameKept too
    from scorer.validate import load_record

    try:
        entry = newest(path)
    except FileNotFoundError:
        return  # another process folded it meanwhile
    # A line that is not a valid record, or a game finished since (FinishedGameKept): nothing of it is kept.
    if entry is not None:
        with suppress(InputError):
            store.save_draft_with_memory(load_record(entry["record"]), entry["memory"])
    with suppress(FileNotFoundError):
        path.unlink()
        fsync_folder(path.parent)


@contextmanager
def _host_gone(lock: Path) -> Iterator[bool]:
    """True while holding `lock`: the host that wrote the journal has stopped (the system dropped its lock)."""
    from filelock import FileLock, Timeout

    held = FileLock(lock, timeout=0)
    try:
        held.acquire()
    except (Timeout, OSError):
        yield False
        return
    sharing.hold(lock, True)  # this process folds the journal: the store's writes of the game are its own
    try:
        yield True
    finally:
        sharing.hold(lock, False)
        held.release()
