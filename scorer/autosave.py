"""Autosave off the UI thread, in order: the newest draft always wins, none is written twice.

The table keeps typing while a save runs. A single background thread writes the latest submitted draft (the
record and the session's memory); drafts submitted while it writes collapse into the newest, so an older
draft can never overwrite a newer one, and `flush()` (on quit) waits until the newest is on disk.
`written()` waits only until the drafts submitted so far are on disk (a newer one may be pending): a phone's
edit is answered once its own draft is written, however busy the other phones keep the saver.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorer.session import Draft  # the session loads the rules: not imported before a game starts


class DraftSaver:
    def __init__(self, save: Callable[[Draft], object], on_error: Callable[[Exception], None]) -> None:
        self._save = save
        self._on_error = on_error
        self._pending: Draft | None = None
        self._submitted = 0  # drafts submitted so far, and how many of them a write has covered
        self._written = 0
        self._idle = threading.Event()
        self._idle.set()
        self._wake = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, draft: Draft) -> None:
        with self._wake:
            self._pending = draft
            self._submitted += 1
            self._idle.clear()
            self._wake.notify_all()  # the writer, and any `written` waiting

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until every submitted record is written (True) or the timeout passes (False)."""
        return self._idle.wait(timeout)

    def written(self, timeout: float | None = 10.0) -> bool:
        """Wait until every draft submitted before this call is written, or a newer one (True), or the timeout
        passes (False). A save that failed counts as done: its error went to `on_error`."""
        with self._wake:
            wanted = self._submitted
            return self._wake.wait_for(lambda: self._written >= wanted, timeout)

    def close(self) -> None:
        self.flush()
        with self._wake:
            self._stopped = True
            self._wake.notify_all()  # the writer, and any `written` waiting
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._pending is None and not self._stopped:
                    self._idle.set()
                    self._wake.wait()
                if self._pending is None:
                    return
                draft, self._pending = self._pending, None
                covered = self._submitted
            try:
                self._save(draft)
            except Exception as error:  # reported to the UI; the next edit saves again
                self._on_error(error)
            with self._wake:
                self._written = covered
                self._wake.notify_all()
