"""One host per game: a lock beside the history, per game id, held while the game is shared with phones.

Two hosts of one game (a second `wonders-scorer host`, or the table app's Phones on a game another process
shares) would be two writers of one draft, each applying its phones' edits over the other's. The lock file
is `<history>.host-<digest of the id>.lock` (filelock: the operating system drops it when the process dies,
so a crash never leaves a game unshareable); a second host is refused with an InputError that says so.
"""

from __future__ import annotations

from pathlib import Path

from filelock import FileLock, Timeout

from scorer.errors import InputError
from scorer.history import sharing
from scorer.i18n import t

# A writer that asks whether the game is shared (scorer.history.sharing) holds the lock for an instant: a host
# starting then waits that instant out instead of being told another host has the game.
WAIT = 0.5


class HostLock:
    def __init__(self, history: Path, game_id: str) -> None:
        self.game_id = game_id
        self._path = sharing.lock_path(history, game_id)
        self._lock = FileLock(self._path, timeout=WAIT)

    def acquire(self) -> None:
        """Take the lock, or refuse: another host shares this game now. While held, this process is the one
        writer of the game (scorer.history.sharing): every other process's writes of it are refused."""
        try:
            self._lock.acquire()
            sharing.hold(self._path, True)
        except Timeout:
            raise InputError("game", self.game_id[:8], t("phones.hosted_elsewhere")) from None
        except OSError as error:
            raise InputError("game", self.game_id[:8], t("phones.lock_failed", reason=error.strerror)) from error

    def release(self) -> None:
        sharing.hold(self._path, False)
        self._lock.release()

    @property
    def held(self) -> bool:
        return self._lock.is_locked
