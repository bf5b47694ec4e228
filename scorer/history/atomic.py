"""Replace a file so that a crash at any moment leaves either the old bytes or the new ones, never a mix.

The new content goes to a temporary file in the same folder (so the rename cannot cross file systems), is
flushed and fsynced, then os.replace()s the old file in one step; the folder is fsynced too so the rename
itself survives a power cut. A temporary file left by a killed writer is harmless and swept on next open.
"""

from __future__ import annotations

import glob
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO

from scorer.history import faults

TEMP_SUFFIX = ".tmp"
BUFFER_SIZE = 1 << 20  # few large writes: the history is written as many small per-game chunks
RETRY_REPLACE = os.name == "nt"
REPLACE_ATTEMPTS, REPLACE_PAUSE = 10, 0.05


@contextmanager
def atomic_file(path: Path) -> Iterator[BinaryIO]:
    """Write `path` through a binary handle; the file changes only if the block finishes without error."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb", buffering=BUFFER_SIZE) as handle:
            yield handle
            handle.flush()
            faults.reach("temp-written")
            os.fsync(handle.fileno())
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
    """os.replace; on Windows, retried briefly, since a virus scanner or a search indexer that has just
    opened the old file makes the rename fail with "access denied" for a moment."""
    faults.reach("before-replace")
    for attempt in range(REPLACE_ATTEMPTS):
        try:
            os.replace(temp, path)
            return
        except PermissionError:
            if not RETRY_REPLACE or attempt == REPLACE_ATTEMPTS - 1:
                raise
            time.sleep(REPLACE_PAUSE)


def _keep_permissions(path: Path, temp: str) -> None:
    """mkstemp makes the file private (0600); a file the user already had keeps the mode they gave it."""
    with suppress(FileNotFoundError):
        os.chmod(temp, stat.S_IMODE(os.stat(path).st_mode))


def fsync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable. Windows cannot open a folder for this (NTFS journals renames)."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_temp_files(path: Path) -> None:
    """Sweep temporary files a killed writer of `path` left behind. Call only while holding its lock."""
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*{TEMP_SUFFIX}"):
        with suppress(FileNotFoundError):
            leftover.unlink()
