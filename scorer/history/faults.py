"""Test-only crash points: the history's write path kills its own process at a named point when asked.

The reliability tests set WONDERS_SCORER_FAULT=<point> (or <point>@<n>: the n-th time the point is
reached) in a forked writer, which then dies by SIGKILL exactly there, so that each case of a crash is
certain rather than left to a random kill's timing (which landed mid-write about 2 times in 120). Unset,
as it always is outside the tests, `reach` costs one dictionary lookup.
"""

from __future__ import annotations

import os
import signal

VARIABLE = "WONDERS_SCORER_FAULT"
POINTS = (
    "temp-written",  # atomic.py: the new content is in the temporary file, not yet fsynced
    "temp-synced",  # the temporary file is fsynced and closed, the history not yet replaced
    "before-replace",  # about to os.replace the history with it
    "after-replace",  # replaced, the folder not yet fsynced
    "mid-upgrade",  # versioning.py: an older file backed up, not yet migrated and written
    "mid-import",  # importing.py: the import files read and checked, the games not yet stored
    "mid-export",  # export.py: the first game of a JSON export written, the others not yet
)
_reached: dict[str, int] = {}


def reach(point: str) -> None:
    """Die here if WONDERS_SCORER_FAULT names this point (and this is the time it counts to)."""
    wanted = os.environ.get(VARIABLE)
    if wanted is None:
        return
    name, _, times = wanted.partition("@")
    if name != point:
        return
    _reached[point] = _reached.get(point, 0) + 1
    if _reached[point] == int(times or 1):
        os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))
