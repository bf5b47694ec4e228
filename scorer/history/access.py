"""Whether the history may be written: a history file or folder without write permission is only read.

The history is never written in place but replaced through its folder (atomic.py), which the folder's
permission allows even when the file's forbids it, so the kernel alone would let a read-only file be
rewritten; and root passes every permission check. So the store asks before writing, from the permission
bits as well as os.access: a file or folder that nobody may write is read-only for root too.

Windows has no permission bits: Python makes them up from the read-only attribute, which on a folder only
marks it as customised (a folder with its own icon, Documents) and never stops a file being made in it. There
os.access alone answers (it reads that attribute for a file, and calls every folder writable).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from scorer.i18n import t

_ANY_WRITE = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH


def why_read_only(path: Path) -> str | None:
    """None when the history at `path` may be written; else why not, in the table's language. A missing
    file is writable when its folder is (the first write creates it); a missing folder is made by open()."""
    if _exists(path) and not _writable(path, os.W_OK):
        return t("history.read_only.file")
    folder = path.parent
    if _exists(folder) and not _writable(folder, os.W_OK | os.X_OK):
        return t("history.read_only.folder", folder=folder)
    return None


def _exists(path: Path) -> bool:
    try:
        os.stat(path)
    except FileNotFoundError:
        return False
    return True


def _writable(path: Path, mode: int) -> bool:
    if sys.platform == "win32":
        return os.access(path, mode)
    return bool(os.stat(path).st_mode & _ANY_WRITE) and os.access(path, mode)
