"""Which games are shared with phones now, and by whom: one writer per shared game, whatever the door.

While a game is shared (the table app's Phones screen, `wonders-scorer host`), its host holds the game's host
lock (`<history>.host-<digest of the id>.lock`, scorer.phones.lock) and answers each phone's edit once its
draft is on disk. A second writer of that game in another process — the table app resuming it, `edit`,
`score --save --replace`, `import` of the same id — would write over the host's drafts (or the host over
its), and the edits the phones were told are saved would be gone. So the store refuses every write of a game
whose host lock another process holds (GameShared, before anything is written), and the edges ask
`shared_elsewhere` before opening a game to enter it.

The process that holds a host lock is the one writer of that game: it registers here (`hold`), and its own
writes pass. Asking costs a stat when the game was never shared, and one non-blocking lock attempt when its
lock file is there; the operating system drops a host's lock when the process dies, so a killed host never
keeps a game refused.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

_held: set[str] = set()  # the host locks this process holds (their absolute paths)
_guard = threading.Lock()


def lock_path(history: Path, game_id: str) -> Path:
    """Where the host lock of `game_id` lives (the id hashed: an imported record's id may hold anything)."""
    import hashlib  # OpenSSL's, loaded once a game is saved or shared: not while the table app starts

    digest = hashlib.sha256(game_id.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return history.with_name(f"{history.name}.host-{digest}.lock")


def hold(lock: Path, held: bool) -> None:
    """This process took (True) or let go of (False) the host lock at `lock` (a host starting, or the store
    folding a killed host's journal): the game is its own to write meanwhile."""
    with _guard:
        if held:
            _held.add(os.path.abspath(lock))
        else:
            _held.discard(os.path.abspath(lock))


def shared_elsewhere(history: Path, game_id: str) -> bool:
    """Whether another process shares `game_id` of the history at `history` with phones now."""
    path = lock_path(history, game_id)
    with _guard:
        if os.path.abspath(path) in _held:
            return False
    if not path.exists():
        return False
    from filelock import FileLock, Timeout

    probe = FileLock(path, timeout=0)
    try:
        probe.acquire()
    except Timeout:
        return True
    except OSError:  # a lock file this process cannot open (a read-only folder): no host could take it either
        return False
    probe.release()
    return False
