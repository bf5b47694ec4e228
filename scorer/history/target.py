"""Which files an export may write: never the history, its lock or its backups, never a link, a pipe or a
device, and an existing file only when the person asked for it to be replaced.

An export replaces its target atomically (os.replace), which would silently turn the history into a CSV, a
lock file into an unlocked one (a running writer then no longer excludes a new one), or a symlink or FIFO
into a plain file. Both edges that write a file a person names (`export -o` and the table app's export
dialog) ask `refusal` first, and `export_to` asks again just before writing.
"""

from __future__ import annotations

import glob
import os
import stat
from fnmatch import fnmatchcase
from pathlib import Path

from scorer.errors import InputError
from scorer.history.atomic import TEMP_SUFFIX
from scorer.i18n import t

# Why a path is refused; each is worded by history.target.<reason>.
HISTORY, LOCK, BACKUP, NOT_REGULAR, EXISTS = "history", "lock", "backup", "not_regular", "exists"


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
    if not stat.S_ISREG(found.st_mode):
        return NOT_REGULAR
    return None if replace else EXISTS


def check(path: Path, history: Path, *, replace: bool) -> None:
    """Raise TargetRefused if `refusal` finds a reason."""
    reason = refusal(path, history, replace=replace)
    if reason is not None:
        raise TargetRefused(path, reason)


def _patterns(history: Path) -> dict[str, tuple[str, ...]]:
    """The names the history's own files have beside it: itself and the fresh files offered instead of it
    (errors.fresh_path_beside), its locks (lock.ProcessLock, and scorer.phones.lock's per game shared with
    phones), its backups (versioning.backup_copy) and the
    temporary files of an atomic write in progress (atomic.atomic_file)."""
    name, stem, suffix = (glob.escape(part) for part in (history.name, history.stem, history.suffix))
    return {
        HISTORY: (name, f"{stem}.fresh-*{suffix}"),
        LOCK: (f"{name}.lock", f"{name}.host-*.lock"),
        BACKUP: (f"{stem}.schema-*-backup-*{suffix}", f".{name}.*{TEMP_SUFFIX}"),
    }


def _family(name: str, history: Path) -> str | None:
    for reason, patterns in _patterns(history).items():
        if any(fnmatchcase(name, pattern) for pattern in patterns):
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
