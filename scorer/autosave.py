"""Autosave off the UI thread, in order: the newest draft always wins, none is written twice.

The table keeps typing while a save runs. A single background thread writes the latest submitted draft (the
record and the session's memory); drafts submitted while it writes collapse into the newest, so an older
draft can never overwrite a newer one, and `flush()` (on quit) waits until the newest is on disk.
`written()` waits only until the drafts submitted so far are on disk (a newer one may be pending): a phone's
edit is answered once its own draft is written, however busy the other phones keep the saver. It says
whether they are: a write that failed (a full disk, a history refusing the game) is retried with the next
draft, but until a write succeeds the drafts before it are not durable, and `written()` is False — a phone
is then told its edit was not saved, never that it was (`durable` says the same of every draft so far).

With a journal (scorer.history.journal, while a game is shared with phones) a draft counts as written once
it is appended there (one append and one data sync instead of the history file rewritten with two fsyncs);
the newest is folded into the history file by `save` once no draft has come for CALM seconds, or on
`flush`, and the journal is emptied then. Drafts that come while a journal append runs are all covered by
the next one (group commit): eight phones at once cost a few appends, not eight history writes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorer.history.journal import DraftJournal
    from scorer.session import Draft  # the session loads the rules: not imported before a game starts

CALM = 0.5  # seconds without a new draft before a journaled one is folded into the history file


class DraftSaver:
    def __init__(
        self,
        save: Callable[[Draft], object],
        on_error: Callable[[Exception], None],
        journal: DraftJournal | None = None,
    ) -> None:
        self._save = save
        self._on_error = on_error
        self._journal = journal
        self._pending: Draft | None = None
        self._unfolded: Draft | None = None  # journaled, not yet in the history file
        self._hurry = False  # flush asked: fold now, not once calm
        self._failed = False  # the last fold failed: the journal is kept for the next open
        self._submitted = 0  # drafts submitted so far, how many of them a write has covered, and how many a write
        self._written = 0  # that succeeded covered (a newer draft holds every older one: it is the whole record)
        self._durable = 0
        self.last_error: Exception | None = None  # why the last write failed, None once one succeeds
        self._idle = threading.Event()
        self._idle.set()
        self._wake = threading.Condition()
        self._stopped = False
        # Started with the first draft: the table app opens on home, where nothing is saved (its start waited
        # for a thread to be made, scheduled and joined again, whether a game was played or not).
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)

    def submit(self, draft: Draft) -> None:
        with self._wake:
            self._pending = draft
            self._submitted += 1
            self._idle.clear()
            if self._thread.ident is None and not self._stopped:  # not started yet
                self._thread.start()
            self._wake.notify_all()  # the writer, and any `written` waiting

    def flush(self, timeout: float | None = 10.0) -> bool:
        """Wait until every submitted record is written to the history file (True) or the timeout passes
        (False)."""
        with self._wake:
            self._hurry = True
            self._wake.notify_all()
        return self._idle.wait(timeout)

    def written(self, timeout: float | None = 10.0) -> bool:
        """Wait until a write has covered every draft submitted before this call (or a newer one), then say
        whether it put them on disk (True); False when that write failed (its error went to `on_error`) or
        the timeout passed."""
        with self._wake:
            wanted = self._submitted
            return self._wake.wait_for(lambda: self._written >= wanted, timeout) and self._durable >= wanted

    @property
    def durable(self) -> bool:
        """Whether every draft submitted so far is on disk (in the history file or the game's journal)."""
        with self._wake:
            return self._durable >= self._submitted and self._pending is None

    def use_journal(self, journal: DraftJournal | None) -> None:
        """Journal the drafts from now on (only while the game's host lock is held: the journal is that
        game's alone), or with None fold the journaled draft into the history file and end the journal."""
        if journal is not None:
            with self._wake:
                self._journal = journal
            return
        folded = self.flush()
        with self._wake:
            ended, self._journal = self._journal, None
        if ended is not None and folded and not self._failed:
            ended.close()  # the history file holds the newest draft

    def close(self) -> None:
        self.use_journal(None)
        with self._wake:
            self._stopped = True
            self._wake.notify_all()  # the writer, and any `written` waiting
            started = self._thread.ident is not None
        if started:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            with self._wake:
                if self._pending is None and self._unfolded is None:
                    self._idle.set()
                    self._hurry = False
                self._wake.wait_for(self._due, None if self._unfolded is None else CALM)
                if self._pending is None:
                    if self._unfolded is not None:  # calm, or a flush: into the history file now
                        draft, self._unfolded, self._hurry = self._unfolded, None, False
                        self._fold(draft)
                        continue
                    if self._stopped:
                        return
                    continue
                draft, self._pending = self._pending, None
                covered, journal = self._submitted, self._journal
            saved = False
            try:
                if journal is None:
                    self._save(draft)
                else:
                    journal.append(draft)
                    self._unfolded = draft
                saved = True
            except Exception as error:  # reported to the UI; the next edit saves again
                self.last_error = error
                self._on_error(error)
            with self._wake:
                self._written = covered
                if saved:
                    self._durable, self.last_error = covered, None
                self._wake.notify_all()

    def _due(self) -> bool:
        """Whether the writer has something to do now (a draft, a stop, or a flush of a journaled draft)."""
        return self._pending is not None or self._stopped or (self._unfolded is not None and self._hurry)

    def _fold(self, draft: Draft) -> None:
        """Write a journaled draft into the history file (the writer holds `_wake`; released while writing)."""
        journal = self._journal
        self._wake.release()
        try:
            self._save(draft)
            if journal is not None:
                journal.clear()
            self._failed = False
        except Exception as error:  # the journal keeps the draft: the next open replays it
            self._failed = True
            self._on_error(error)
        finally:
            self._wake.acquire()
