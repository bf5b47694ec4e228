"""Long-lived objects kept out of CPython's cycle collector while a screen holding a large history is open.

Reading ten thousand games makes hundreds of thousands of objects in an app that already holds a hundred
thousand (Textual, the catalogue); each full collection walks all of them again, and a few of those collections
were half the time the History screen took to be ready (1185 -> 507 ms with the collector switched off).
`gc.freeze()` (CPython docs, gc module) moves every object tracked at that moment to a permanent generation
that later collections skip; reference counting still frees them, so summaries and rows let go (a reload, a
filter) are freed as before. What freezing can keep is cyclic garbage that was alive when it froze: so every
screen that freezes releases at unmount, and the last one to release gives everything back to the collector
(`gc.unfreeze()`), whose next full collection reclaims what became garbage meanwhile.

The collector also runs less often in the table app than CPython's defaults (`collect_less`): Textual makes and
drops hundreds of thousands of containers a second while the table types (strips, segments, styles, messages),
and at the default thresholds (700, 10, 10) a full collection walked the whole app every 70,000 of them. In the
Age screen's tests (tests/tui/test_age.py, run alone) the collector took 8.2 s of 34.6 s (35 full collections)
at the defaults and 3.8 s at `THRESHOLDS`; in the Rulings and Stats screens' tests 19.1 s of 72.7 s, then 7.6 s.
"""

from __future__ import annotations

import gc

# A young collection every 10,000 new containers, most of them already freed by reference counting by then; an
# older one every 20 of those, a full one every 20 older ones (4 million containers; CPython also waits until a
# quarter of the long-lived objects are new).
THRESHOLDS = (10_000, 20, 20)

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


def collect_less() -> None:
    """Run the cycle collector at `THRESHOLDS` from now on, for the whole process: the table app sets it as it
    starts, and the test suite too, so the app it drives collects as the table's does."""
    gc.set_threshold(*THRESHOLDS)
