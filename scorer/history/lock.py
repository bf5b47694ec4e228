"""One writer at a time across processes: a TUI autosaving while `wonders-scorer import` runs in a terminal.

The lock (history.json.lock beside the file, via filelock: fcntl on POSIX, msvcrt on Windows) is taken
for each read-modify-write and released right after, so two windows on one history both work: the second
waits at most `timeout` seconds for the first to finish a write, then gives up with HistoryLocked.
The operating system drops the lock when a process dies, so a crash never leaves the history locked.
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from filelock import FileLock, Timeout

from scorer.history.errors import HistoryError, HistoryLocked
from scorer.i18n import t

DEFAULT_TIMEOUT = 10.0
POLL_INTERVAL = 0.005  # a write takes milliseconds; filelock's default 50 ms poll would dominate the wait


class ProcessLock:
    def __init__(self, path: Path, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = path
        self.timeout = timeout
        self._lock = FileLock(f"{path}.lock", timeout=timeout)

    def __enter__(self) -> ProcessLock:
        try:
            self._lock.acquire(poll_interval=POLL_INTERVAL)
        except Timeout:
            raise HistoryLocked(self.path, self.timeout) from None
        except OSError as error:  # a read-only folder, say
            raise HistoryError(t("history.failed.lock", path=self._lock.lock_file, reason=error.strerror)) from error
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._lock.release()
