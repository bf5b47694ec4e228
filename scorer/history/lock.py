"""One writer at a time across processes: a TUI autosaving while `wonders-scorer import` runs in a terminal.

The lock (history.json.lock beside the file) is taken for each read-modify-write and released right after,
so two windows on one history both work: the second waits at most `timeout` seconds for the first to finish
a write, then gives up with HistoryLocked. The operating system drops the lock when a process dies, so a
crash never leaves the history locked.

On POSIX it is the stdlib's fcntl.flock on that file, exactly as filelock's UnixFileLock takes it (so this
version, older ones and anything holding it through filelock exclude each other; the file stays in place on
release, as filelock leaves it). Importing filelock 4 loads 26 modules (its soft and strict locks pull in
hashlib, hmac and secrets): 51 M instructions, 5 % of a bare Textual app's whole start, paid before the table
app's first screen for one flock call. On Windows filelock still takes it (msvcrt).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Protocol

from scorer.history.errors import HistoryError, HistoryLocked
from scorer.i18n import t

DEFAULT_TIMEOUT = 10.0
POLL_INTERVAL = 0.005  # a write takes milliseconds; filelock's default 50 ms poll would dominate the wait


class _Held(Protocol):
    def release(self) -> None: ...


class ProcessLock:
    """Re-entrant within its holder (a transaction inside another keeps the lock until the outer one ends);
    shared between threads only under the store's own thread lock."""

    def __init__(self, path: Path, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = path
        self.timeout = timeout
        self.lock_file = f"{path}.lock"
        self._held: _Held | None = None
        self._depth = 0

    def __enter__(self) -> ProcessLock:
        if self._depth == 0:
            try:
                self._held = _acquire(self.lock_file, self.timeout)
            except TimeoutError:
                raise HistoryLocked(self.path, self.timeout) from None
            except OSError as error:  # a read-only folder, say
                raise HistoryError(t("history.failed.lock", path=self.lock_file, reason=error.strerror)) from error
        self._depth += 1
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._depth -= 1
        if self._depth == 0 and self._held is not None:
            held, self._held = self._held, None
            held.release()


def _filelock(lock_file: str, timeout: float) -> _Held:
    """filelock's lock (msvcrt on Windows), its Timeout said as TimeoutError."""
    from filelock import FileLock, Timeout

    lock = FileLock(lock_file, timeout=timeout)
    try:
        lock.acquire(poll_interval=POLL_INTERVAL)
    except Timeout:
        raise TimeoutError from None
    return lock


# sys.platform, not os.name: mypy follows it (`mypy --platform win32` checks this branch and skips fcntl's).
if sys.platform == "win32":
    _acquire = _filelock

else:
    import fcntl

    class _Flock:
        """The open lock file whose flock is held; closing it after unlocking, as filelock does."""

        def __init__(self, fd: int) -> None:
            self.fd = fd

        def release(self) -> None:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_UN)
            finally:
                os.close(self.fd)

    def _acquire(lock_file: str, timeout: float) -> _Held:
        """flock(LOCK_EX | LOCK_NB) tried every POLL_INTERVAL until `timeout` (once with 0); TimeoutError then,
        OSError when the file cannot be made or locked."""
        deadline = time.monotonic() + timeout
        fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    return _Flock(fd)
                except BlockingIOError:  # EAGAIN / EWOULDBLOCK: another process holds it
                    if time.monotonic() >= deadline:
                        raise TimeoutError from None
                    time.sleep(POLL_INTERVAL)
        except BaseException:
            os.close(fd)
            raise
