"""Which files an export or a repair may write: never a file the history's store owns (the history, its lock,
the host locks and journals of games shared with phones, its backups, the temporary files of a save), with
or without --force, never a link, a pipe or a device, and an existing file only when the person asked for
it to be replaced.

An export replaces its target atomically (os.replace), which would silently turn the history into a CSV, a
lock file into an unlocked one (a running writer then no longer excludes a new one), a live journal into one
without the phones' acknowledged edits, or a symlink or FIFO into a plain file. Both edges that write a file
a person names (`export -o` and the table app's export dialog) ask `refusal` first, and `export_to` asks
again just before writing; `repair -o` asks the same.

`written` is the atomic write of such a target: a failure once the temporary file exists (a full disk) says
that nothing was saved, as a HistoryError (trying again may help), not as a bad choice of file.
"""

from __future__ import annotations

import glob
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from fnmatch import fnmatchcase
from pathlib import Path
from typing import BinaryIO

from scorer.errors import InputError
from scorer.history.atomic import TEMP_SUFFIX, atomic_file
from scorer.history.errors import HistoryError
from scorer.i18n import t

# Why a path is refused; each is worded by history.target.<reason>.
HISTORY, LOCK, JOURNAL, BACKUP, TEMPORARY = "history", "lock", "journal", "backup", "temporary"
NOT_REGULAR, EXISTS = "not_regular", "exists"
JOURNAL_SUFFIX = ".journal"  # scorer.history.journal.SUFFIX (that module is not loaded for an export)


class TargetRefused(InputError):
    """An export target the history refuses to write; `reason` is one of the constants above."""

    def __init__(self, path: Path, reason: str) -> None:
        self.reason = reason
        super().__init__("path", str(path), t(f"history.target.{reason}"))


def refusal(path: Path, history: Path, *, replace: bool) -> str | None:
    """Why `path` may not receive an export of the history at `history` (None: it may). `replace`: an
    existing regular file may be replaced (the person said so)."""
    if _same_folder(path, history) and (reason := _family(path.name, history)) is not None:
        return reason
    try:
        found = os.lstat(path)
    except OSError:  # a new path (or a folder that cannot be searched: writing there fails and says why)
        return None
    if _same_file(path, history):
        return HISTORY
    if (reason := _kin(path, history)) is not None:
        return reason
    if not stat.S_ISREG(found.st_mode):
        return NOT_REGULAR
    return None if replace else EXISTS


def check(path: Path, history: Path, *, replace: bool) -> None:
    """Raise TargetRefused if `refusal` finds a reason."""
    reason = refusal(path, history, replace=replace)
    if reason is not None:
        raise TargetRefused(path, reason)


@contextmanager
def written(path: Path) -> Iterator[BinaryIO]:
    """atomic_file(path) for an export or a repair. An OSError before its temporary file exists (a folder that
    is missing or read-only) goes up as it is: the person chose a place that cannot be written. One after (no
    space left, an I/O error, a failed rename) is a HistoryError saying nothing was saved, the file already
    there (if any) unchanged: the place was right, and trying again once there is room may work."""
    started = False
    try:
        with atomic_file(path) as handle:
            started = True
            yield handle
    except OSError as error:
        if not started:
            raise
        raise HistoryError(t("history.failed.written", path=path, reason=error.strerror or str(error))) from error


def _patterns(history: Path) -> dict[str, tuple[str, ...]]:
    """The names the history's own files have beside it: itself and the fresh files offered instead of it
    (errors.fresh_path_beside), its locks (lock.ProcessLock, and scorer.phones.lock's per game shared with
    phones), the journals of games shared with phones (scorer.history.journal), its backups
    (versioning.backup_copy) and the temporary files of an atomic write in progress (atomic.atomic_file)."""
    name, stem, suffix = (glob.escape(part) for part in (history.name, history.stem, history.suffix))
    return {
        HISTORY: (name, f"{stem}.fresh-*{suffix}"),
        LOCK: (f"{name}.lock", f"{name}.host-*.lock"),
        JOURNAL: (f"{name}.host-*{JOURNAL_SUFFIX}",),
        BACKUP: (f"{stem}.schema-*-backup-*{suffix}",),
        TEMPORARY: (f".{name}.*{TEMP_SUFFIX}",),
    }


def _family(name: str, history: Path) -> str | None:
    for reason, patterns in _patterns(history).items():
        if any(fnmatchcase(name, pattern) for pattern in patterns):
            return reason
    return None


def _kin(path: Path, history: Path) -> str | None:
    """The reason of the store's file that an existing `path` is under another name: a hard link to a journal
    or a lock, or its name spelt in other letter cases on a case-insensitive disk (macOS, Windows)."""
    folder = history.absolute().parent
    for reason, patterns in _patterns(history).items():
        for pattern in patterns:
            if any(_same_file(path, owned) for owned in folder.glob(pattern)):
                return reason
    return None


def _same_folder(path: Path, history: Path) -> bool:
    try:
        return path.absolute().parent.resolve() == history.absolute().parent.resolve()
    except OSError:
        return False


def _same_file(path: Path, history: Path) -> bool:
    """A hard link to the history, or the history by another spelling (a case-insensitive disk)."""
    try:
        return os.path.samefile(path, history)
    except OSError:
        return False
