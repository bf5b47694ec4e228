"""One host per game: a lock beside the history, per game id, held while the game is shared with phones.

Two hosts of one game (a second `wonders-scorer host`, or the table app's Phones on a game another process
shares) would be two writers of one draft, each applying its phones' edits over the other's. The lock file
is `<history>.host-<digest of the id>.lock` (filelock: the operating system drops it when the process dies,
so a crash never leaves a game unshareable); a second host is refused with an InputError that says so.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from filelock import FileLock, Timeout

from scorer.errors import InputError
from scorer.i18n import t


def lock_path(history: Path, game_id: str) -> Path:
    """Where the host lock of `game_id` lives (the id hashed: an imported record's id may hold anything)."""
    digest = hashlib.sha256(game_id.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return history.with_name(f"{history.name}.host-{digest}.lock")


class HostLock:
    def __init__(self, history: Path, game_id: str) -> None:
        self.game_id = game_id
        self._lock = FileLock(lock_path(history, game_id), timeout=0)

    def acquire(self) -> None:
        """Take the lock, or refuse: another host shares this game now."""
        try:
            self._lock.acquire()
        except Timeout:
            raise InputError("game", self.game_id[:8], t("phones.hosted_elsewhere")) from None
        except OSError as error:
            raise InputError("game", self.game_id[:8], t("phones.lock_failed", reason=error.strerror)) from error

    def release(self) -> None:
        self._lock.release()

    @property
    def held(self) -> bool:
        return self._lock.is_locked
