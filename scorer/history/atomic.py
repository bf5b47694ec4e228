"""Replace a file so that a crash at any moment leaves either the old bytes or the new ones, never a mix.

The new content goes to a temporary file in the same folder (so the rename cannot cross file systems), is
flushed and fsynced (on macOS with F_FULLFSYNC, so that the drive cannot write the rename before the data:
scorer.portable), then os.replace()s the old file in one step; the folder is fsynced too so the rename itself
survives a power cut. A temporary file left by a killed writer is harmless and swept on next open.
"""

from __future__ import annotations

import errno
import glob
import os
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

from scorer.history import faults
from scorer.i18n import t
from scorer.portable import sync_file

TEMP_SUFFIX = ".tmp"
BUFFER_SIZE = 1 << 20  # few large writes: the history is written as many small per-game chunks
RETRY_REPLACE = sys.platform == "win32"
REPLACE_ATTEMPTS, REPLACE_PAUSE = 20, 0.1  # 2 s: a scanner's or indexer's look at a file takes milliseconds


class ReplaceRefused(PermissionError):
    """os.replace was refused each time it was tried: another program holds the file open (Windows will not
    replace such a file). Its words say so; the old file and everything else stay as they were."""

    def __str__(self) -> str:
        return self.strerror or super().__str__()


@contextmanager
def atomic_file(path: Path) -> Iterator[BinaryIO]:
    """Write `path` through a binary handle; the file changes only if the block finishes without error."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb", buffering=BUFFER_SIZE) as handle:
            yield handle
            handle.flush()
            faults.reach("temp-written")
            sync_file(handle.fileno())
        faults.reach("temp-synced")
        _keep_permissions(path, temp)
        _replace(temp, path)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    faults.reach("after-replace")
    fsync_folder(path.parent)


def _replace(temp: str, path: Path) -> None:
    """os.replace; on Windows, retried for REPLACE_ATTEMPTS x REPLACE_PAUSE, since a virus scanner or a search
    indexer that has just opened the old file (or the new one) makes the rename fail with "access denied" for a
    moment; a program that keeps it open (a sync tool, an editor) is named as the reason, in words
    (ReplaceRefused). An old file with the read-only attribute (os.access says so on Windows) is refused for
    good: not retried, its own error raised."""
    faults.reach("before-replace")
    for attempt in range(REPLACE_ATTEMPTS):
        try:
            os.replace(temp, path)
            return
        except PermissionError:
            if not RETRY_REPLACE or (os.path.exists(path) and not os.access(path, os.W_OK)):
                raise
            if attempt == REPLACE_ATTEMPTS - 1:
                seconds = f"{REPLACE_ATTEMPTS * REPLACE_PAUSE:g}"
                words = t("history.failed.held_open", name=path.name, seconds=seconds)
                raise ReplaceRefused(errno.EACCES, words) from None
            time.sleep(REPLACE_PAUSE)


def _keep_permissions(path: Path, temp: str) -> None:
    """mkstemp makes the file private (0600); a file the user already had keeps the mode they gave it."""
    with suppress(FileNotFoundError):
        os.chmod(temp, stat.S_IMODE(os.stat(path).st_mode))


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable. Windows cannot open a folder for this (NTFS journals renames)."""
    if sys.platform == "win32":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        sync_file(fd)
    finally:
        os.close(fd)


def remove_temp_files(path: Path) -> None:
    """Sweep temporary files a killed writer of `path` left behind. Call only while holding its lock."""
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*{TEMP_SUFFIX}"):
        with suppress(FileNotFoundError):
            leftover.unlink()
