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


def sync_file(fd: int) -> None:
    """Put the file behind `fd` (its data and what the system keeps about it; a folder's names for a folder)
    on the disk itself, past every cache a power cut empties: fsync; on macOS F_FULLFSYNC, an fsync that also
    empties the drive's cache (see _full_fsync)."""
    if not _full_fsync(fd):
        os.fsync(fd)


def sync_data(fd: int) -> None:
    """Put what was written to `fd` on the disk itself, like sync_file, one flush fewer where the system can:
    fdatasync (the data and the size, not the times) on Linux; F_FULLFSYNC on macOS; fsync on Windows
    (FlushFileBuffers there) and wherever there is no fdatasync, looked up each call."""
    if not _full_fsync(fd):
        datasync = getattr(os, "fdatasync", None)
        (datasync or os.fsync)(fd)


def _full_fsync(fd: int) -> bool:
    """macOS only: fsync there hands the data to the drive, whose cache may still lose it or write it out of
    order (Apple's fsync(2) says so and points at F_FULLFSYNC, which has the drive write its cache out;
    SQLite's fullfsync uses it the same way). False elsewhere, and where a file system refuses it (a network
    share): the caller falls back to fsync."""
    if sys.platform != "darwin":
        return False
    import fcntl

    try:
        fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
    except OSError:
        return False
    return True
