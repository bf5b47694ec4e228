"""What differs between Linux, macOS and Windows when a file is opened or made durable, in one place.

Each is looked up when it is used, not when this module is imported: a system without an attribute (no
fdatasync on macOS or Windows, no O_NONBLOCK on Windows) is never asked for it, and the tests run every path
on Linux by taking the attribute away.
"""

from __future__ import annotations

import os
import sys


def open_flags(*flags: str) -> int:
    """The named os.O_* flags this system has, ORed: a flag a system lacks is one that cannot matter there
    (O_NONBLOCK: Windows opens no FIFO by a path stat calls a regular file). O_BINARY, which only Windows
    has, is always added: its C library otherwise opens a descriptor in text mode (LF written as CRLF, a
    read stopping at the first Ctrl+Z byte)."""
    value = 0
    for name in (*flags, "O_BINARY"):
        value |= getattr(os, name, 0)
    return value


def sync_data(fd: int) -> None:
    """Put what was written to `fd` on the disk itself, past every cache a power cut empties, on each system.

    Linux: fdatasync (the data and the size, not the times: one flush fewer than fsync). macOS: fsync only
    hands the data to the drive, whose cache may still lose it (Apple's fsync(2) says so and points at
    F_FULLFSYNC, which asks the drive to write its cache out; SQLite's fullfsync uses it the same way), and a
    file system without it (a network share) gets fsync. Windows and any other: fsync (FlushFileBuffers
    there). Looked up each call, so a system without fdatasync is never asked for it."""
    if sys.platform == "darwin":
        import fcntl

        try:
            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
            return
        except OSError:
            pass  # not supported here: fsync below
    datasync = getattr(os, "fdatasync", None)
    (datasync or os.fsync)(fd)
