"""Long-lived objects kept out of CPython's cycle collector while a screen holding a large history is open.

Reading ten thousand games makes hundreds of thousands of objects in an app that already holds a hundred
thousand (Textual, the catalogue); each full collection walks all of them again, and a few of those collections
were half the time the History screen took to be ready (1185 -> 507 ms with the collector switched off).
`gc.freeze()` (CPython docs, gc module) moves every object tracked at that moment to a permanent generation
that later collections skip; reference counting still frees them, so summaries and rows let go (a reload, a
filter) are freed as before. What freezing can keep is cyclic garbage that was alive when it froze: so every
screen that freezes releases at unmount, and the last one to release gives everything back to the collector
(`gc.unfreeze()`), whose next full collection reclaims what became garbage meanwhile.
"""

from __future__ import annotations

import gc

_holders: set[int] = set()  # id() of the screens holding the heap frozen


def freeze(holder: object) -> None:
    """Keep every object alive now out of the cycle collector until `holder` releases (again: adds the
    objects made since, e.g. the games just read)."""
    _holders.add(id(holder))
    gc.freeze()


def release(holder: object) -> None:
    """`holder` no longer needs the heap frozen; the last holder to release unfreezes it."""
    _holders.discard(id(holder))
    if not _holders:
        gc.unfreeze()
