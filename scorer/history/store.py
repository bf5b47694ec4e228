"""HistoryStore: every game a group plays, kept so that no crash and no second window can lose one.

Two TinyDB tables, both keyed by the game's UUID: `games` holds each game record exactly as
GameRecord.to_dict() gives it (one document per game, the import/export format), and `summaries` holds
what the list and the statistics read (see summary.py). A game in progress may also have a document in
`memory`: what the table app's session keeps beside its draft (recent undo states), never exported, gone
when the game is finished, discarded or deleted. Every change to a game writes both in one atomic
write. Each operation takes the process lock, first re-reads the file if another process replaced it, and
releases the lock when done, so a TUI and a CLI (or two tables' laptops on a shared folder) can use one
history side by side. A history whose file or folder has no write permission is only read, without the lock
(access.py); a finished game is never replaced by a different record (merging.py), and a game another process
shares with phones is written only by that process (sharing.py).
"""

from __future__ import annotations

import dataclasses
import sys
import threading
from collections.abc import Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.errors import InputError
from scorer.history import access, journal, merging, sharing, versioning
from scorer.history.atomic import remove_temp_files
from scorer.history.errors import (
    FinishedGameKept,
    GameNotFound,
    GameShared,
    HistoryDamaged,
    HistoryError,
    HistoryReadOnly,
    HistoryUnreadable,
)
from scorer.history.lock import DEFAULT_TIMEOUT, ProcessLock
from scorer.history.merging import Merge
from scorer.history.storage import HistoryStorage
from scorer.history.summary import (
    GameSummary,
    needs_scoring,
    now,
    scoring_fingerprint,
    summarise,
)
from scorer.history.tables import HistoryDB, HistoryDocument
from scorer.i18n import t

if TYPE_CHECKING:
    from scorer.catalog import DockyardTrack
    from scorer.model import GameRecord

GAMES = "games"
SUMMARIES = "summaries"
SETTINGS = "settings"
MEMORY = "memory"  # a draft's session memory (recent undo states), by game id: not part of the record
DOCKYARD_SETTING = "dockyard"  # the table's Dockyard calibration (see settings.py), one settings document


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did with each incoming game, by id."""

    added: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()  # a stored draft replaced by its finished game
    skipped: tuple[str, ...] = ()  # already stored so, or a draft of a game stored finished
    kept_apart: tuple[tuple[str, str], ...] = ()  # (new id, stored id): a different game reusing a finished one's id
    repeated: tuple[str, ...] = ()  # ids found more than once in the import (each stored once)


class HistoryStore:
    """Open with HistoryStore.open(path). Safe to share between threads; one write at a time."""

    def __init__(self, path: Path, lock_timeout: float) -> None:
        self.path = path
        self._db = HistoryDB(path, storage=HistoryStorage)
        self._storage: HistoryStorage = self._db.storage  # type: ignore[assignment]
        self._storage.derived = frozenset({SUMMARIES})
        # The games stay in the file, read when asked for: it is kept open, which on Windows would stop any
        # process from replacing it (os.replace), so there they are held in memory.
        self._storage.on_disk = frozenset({GAMES}) if sys.platform != "win32" else frozenset()
        self._process_lock = ProcessLock(path, lock_timeout)
        self._thread_lock = threading.RLock()
        self.backup_path: Path | None = None  # the copy made before migrating an older file, if any
        self._may_write = True  # False inside a transaction on a read-only history (access.py)

    @classmethod
    def open(cls, path: Path, *, lock_timeout: float = DEFAULT_TIMEOUT) -> HistoryStore:
        """Open (creating the folder and an empty history if missing). Raises a HistoryError: HistoryRefused
        (unreadable or too new), HistoryLocked, or a plain one when the folder or file cannot be made. A
        read-only history opens too, and is only read (HistoryReadOnly on any write). A symbolic link is
        followed: the history is written where it points (location.real_history); a path that is no file a
        history can be (a device, a pipe, a link that loops) raises HistoryNotAFile before anything is read."""
        from scorer.history.location import real_history

        path = real_history(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HistoryError(t("history.failed.folder", path=path.parent, reason=error.strerror)) from error
        store = cls(path, lock_timeout)
        with store._transaction(write=False):
            may_write = store._may_write
            if may_write:
                remove_temp_files(path)
        if may_write:
            journal.replay(store)  # the drafts a killed host of shared games had acknowledged to phones
        return store

    @property
    def damage(self) -> HistoryDamaged | None:
        """Set when the file's only damage is in summaries: they are scored again from their sound games for
        reading, never stored, and every write raises this HistoryDamaged until a repair (repair.py)."""
        return self._storage.damage

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> HistoryStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- writing --------------------------------------------------------------------------------------

    def save(self, record: GameRecord) -> Merge:
        """Store `record` as it is (draft or finished): Merge.NEW, Merge.REPLACES_DRAFT, or Merge.SAME when it
        is stored exactly so already (nothing is written). A stored finished game is never replaced by a
        different record, whatever the edge: FinishedGameKept names it (see merging.py)."""
        incoming = record.to_dict()
        with self._transaction() as db:
            self._refuse_shared([record.id])
            outcome = merging.compare(db.table(GAMES).document(record.id), incoming)
            if outcome is Merge.CONFLICTS:
                raise FinishedGameKept(self._stored_summary(db, record.id), record.status)
            if outcome is not Merge.SAME:
                summary = _summary_of(record, now(), _scoring(db))
                db.table(GAMES).put({record.id: incoming})
                db.table(SUMMARIES).put({record.id: summary.to_doc()})
        return outcome

    def correct(self, record: GameRecord) -> Merge:
        """The table's correction of the finished game stored under `record.id` (the user said so: History's
        `e` after its confirm dialog, `score --save --replace ID`): `record` takes its place, finished, and
        the stored version goes to the end of its `corrections`, so nothing is lost. Merge.CORRECTS, or
        Merge.SAME when nothing changed (nothing is written); a stored draft is simply replaced. Raises
        GameNotFound when no game has the id."""
        with self._transaction() as db:
            self._refuse_shared([record.id])
            stored = db.table(GAMES).document(record.id)
            if stored is None:
                raise GameNotFound(record.id)
            if not merging.is_finished(stored):
                return self.save(dataclasses.replace(record, status="finished"))
            earlier = [dict(c) for c in stored.get("corrections", ())]
            corrected = dataclasses.replace(record, status="finished", progress=None, corrections=earlier)
            if merging.version(corrected.to_dict()) == merging.version(stored):
                return Merge.SAME
            corrected.corrections.append(merging.correction(stored, now()))
            db.table(GAMES).put({record.id: corrected.to_dict()})
            db.table(SUMMARIES).put({record.id: _summary_of(corrected, now(), _scoring(db)).to_doc()})
            db.table(MEMORY).drop([record.id])
        return Merge.CORRECTS

    def save_draft(self, record: GameRecord) -> Merge:
        """Autosave after every step of a game in progress (status "in_progress"); refused with
        FinishedGameKept once the game is stored finished (finished in another window, or imported)."""
        return self.save(dataclasses.replace(record, status="in_progress"))

    def save_draft_with_memory(self, record: GameRecord, memory: Mapping[str, Any]) -> Merge:
        """Autosave a draft and what the session keeps beside it (its recent undo states), in one atomic
        write: after a crash the memory is always that of the draft on disk."""
        with self._transaction() as db:
            outcome = self.save_draft(record)  # refused (FinishedGameKept) before the memory is written
            db.table(MEMORY).put({record.id: memory})
        return outcome

    def memory(self, game_id: str) -> dict[str, Any] | None:
        """What the session kept beside this game's draft, to resume with its undo (None if nothing, or if
        the game was since finished, say by an import from the table that finished it)."""
        with self._transaction() as db:
            doc = db.table(MEMORY).document(game_id)
            if doc is None or _statuses(db, [game_id]).get(game_id) != "in_progress":
                return None
        return dict(doc)

    def finalise(self, record: GameRecord) -> Merge:
        """The game is over: stored as finished, with its score sheet summary, in one write that also drops
        the draft's session memory (its undo is over with the game)."""
        with self._transaction() as db:
            outcome = self.save(dataclasses.replace(record, status="finished"))
            db.table(MEMORY).drop([record.id])
        return outcome

    def discard(self, game_id: str) -> None:
        """Throw away a game in progress. A finished game is refused: that is `delete`."""
        with self._transaction() as db:
            self._refuse_shared([game_id])
            summary = self._stored_summary(db, game_id)
            if summary.finished:
                raise InputError("GAME_ID", game_id, t("history.game.finished"))
            _remove(db, [game_id])

    def delete(self, game_id: str) -> GameSummary:
        """Remove a stored game for good; returns what it was, for the confirmation message."""
        with self._transaction() as db:
            self._refuse_shared([game_id])
            summary = self._stored_summary(db, game_id)
            _remove(db, [game_id])
        return summary

    def annotate(self, game_id: str, note: str | None) -> GameSummary:
        """Give the stored finished game `game_id` the table's one-line note (None: take it away), in place and
        without a correction: a note is about the evening, not the score, so it is the one thing of a saved
        game changed without one. A game in progress takes its note on its sheet, from the session that
        saves it. Raises GameNotFound, InputError (a game in progress, or a note the record refuses)."""
        from scorer.validate import load_record  # deferred: opening and listing validate no record

        with self._transaction() as db:
            self._refuse_shared([game_id])
            doc = db.table(GAMES).document(game_id)
            if doc is None:
                raise GameNotFound(game_id)
            if not merging.is_finished(doc):
                raise InputError("GAME_ID", game_id[:8], t("history.game.note_in_progress"))
            record = load_record({k: v for k, v in doc.items() if k != "note"} | ({"note": note} if note else {}))
            summary = _summary_of(record, now(), _scoring(db))
            db.table(GAMES).put({game_id: record.to_dict()})
            db.table(SUMMARIES).put({game_id: summary.to_doc()})
        return summary

    def add_games(self, records: Iterable[GameRecord]) -> ImportReport:
        """Merge games into the history, all in one write, by the rule of merging.py: a game stored exactly so
        is skipped, a stored draft is completed by its finished game (a draft never replaces anything), and a
        different finished game reusing a stored finished game's id is kept beside it under a new id. Copies of
        one id among `records` are stored once and reported as repeated. Records must be validated already."""
        incoming = list(records)
        with self._transaction() as db:
            plan = _plan(incoming, _stored_documents(db, incoming))
            scoring = _scoring(db)
        saved_at = now()
        summaries = {i: _summary_of(r, saved_at, scoring) for i, r in plan.writes.items()}  # outside the lock
        with self._transaction() as db:
            plan = _plan(incoming, _stored_documents(db, incoming))  # again: another process may have written
            self._refuse_shared(plan.writes)
            scoring = _scoring(db)
            for game_id, record in plan.writes.items():
                if game_id not in summaries or summaries[game_id].rules != scoring.fingerprint:
                    summaries[game_id] = _summary_of(record, saved_at, scoring)
            db.table(GAMES).put({i: r.to_dict() for i, r in plan.writes.items()})
            db.table(SUMMARIES).put({i: summaries[i].to_doc() for i in plan.writes})
        return plan.report()

    # --- reading --------------------------------------------------------------------------------------

    def load(self, game_id: str) -> GameRecord:
        """The stored game, to resume a draft or show a sheet. Raises GameNotFound."""
        with self._transaction(write=False) as db:
            doc = db.table(GAMES).document(game_id)
        if doc is None:
            raise GameNotFound(game_id)
        from scorer.model import GameRecord  # deferred, like the scoring: opening and listing read no record

        return GameRecord.from_dict(doc)

    def __contains__(self, game_id: object) -> bool:
        with self._transaction(write=False) as db:
            return game_id in db.table(GAMES).ids()

    def resolve_id(self, text: str) -> str:
        """The id of the one stored game whose id is `text` or starts with it (like a short git hash)."""
        wanted = text.strip().lower()
        with self._transaction(write=False) as db:
            ids = list(db.table(GAMES).ids())
        if text in ids:
            return text
        matches = [i for i in ids if i.lower().startswith(wanted)] if wanted else ids
        if not matches:
            raise GameNotFound(text)
        if len(matches) > 1:
            raise GameNotFound(text, t("history.game.ambiguous", count=len(matches)))
        return matches[0]

    def stored_statuses(self, game_ids: Iterable[str]) -> dict[str, str]:
        """Which of these games are stored, and their status: lets an import skip validating known games."""
        with self._transaction(write=False) as db:
            return _statuses(db, game_ids)

    def games(self, status: str | None = None) -> list[GameSummary]:
        """Every stored game (or those with `status`), newest first, as summaries. Scores again any finished
        game whose summary was computed by other rules (once, after an update of the rules or the app)."""
        with self._transaction(write=False) as db:
            chosen = self._current_summaries(db, status)
        chosen.sort(key=lambda s: (s.played_on or "", s.saved_at), reverse=True)
        return chosen

    def revision(self) -> int:
        """Which state of the history this store holds: another number once anything may have changed (a game
        saved, deleted or imported here, a setting put, the file replaced by another process), the same one
        while nothing has. Reads the file only if another process replaced it, as any call does."""
        with self._transaction(write=False):
            return self._storage.generation

    def games_at_revision(self, status: str | None = None) -> tuple[list[GameSummary], int]:
        """games(status), and the revision() they are the games of (summaries scored again and stored by
        this very call count as a change: the revision is taken after it)."""
        with self._thread_lock:  # no write of this process between the games and the number
            games = self.games(status)
            return games, self._storage.generation

    def drafts(self) -> list[GameSummary]:
        """Games in progress, newest first, to offer resuming or discarding them."""
        return self.games("in_progress")

    def records(self, game_ids: Collection[str] | None = None) -> Iterator[HistoryDocument]:
        """Every stored game record (or those of `game_ids`: the games a filtered list shows), in the export
        format, parsed one at a time; the lock is not held meanwhile."""
        with self._transaction(write=False) as db:
            return db.table(GAMES).snapshot(game_ids)

    def count(self) -> int:
        """How many games are stored (drafts too), without reading any: the list says it while it loads."""
        with self._transaction(write=False) as db:
            return len(db.table(GAMES).ids())

    # --- settings (see settings.py) -------------------------------------------------------------------

    def setting(self, name: str) -> dict[str, Any] | None:
        """The table's setting `name` as stored (a fresh copy), or None if never set."""
        with self._transaction(write=False) as db:
            doc = db.table(SETTINGS).document(name)
        return None if doc is None else dict(doc)

    def put_setting(self, name: str, value: Mapping[str, Any]) -> None:
        """Store the setting `name` whole, in one atomic write under the lock, like a game."""
        with self._transaction() as db:
            db.table(SETTINGS).put({name: value})

    def shared_elsewhere(self, game_id: str) -> bool:
        """Whether another process shares `game_id` with phones now: only it may write the game (sharing.py)."""
        return sharing.shared_elsewhere(self.path, game_id)

    # --- inside ---------------------------------------------------------------------------------------

    def _refuse_shared(self, game_ids: Iterable[str]) -> None:
        """GameShared before anything is written when another process shares one of `game_ids` with phones."""
        for game_id in game_ids:
            if sharing.shared_elsewhere(self.path, game_id):
                raise GameShared(game_id)

    @contextmanager
    def _transaction(self, *, write: bool = True) -> Iterator[HistoryDB]:
        """Under the lock, on the file as it is now; TinyDB's writes in the block reach the disk once.

        A read-only history (access.py) refuses a `write` transaction before anything is touched, and a
        reading one runs without the lock, whose file could not be made in a read-only folder and which
        nothing needs (nobody writes this file; it is replaced whole, never seen half-written) and writes
        nothing: summaries scored again stay in memory.
        """
        read_only = access.why_read_only(self.path)
        if read_only is not None and write:
            raise HistoryReadOnly(self.path, read_only)
        with self._thread_lock, nullcontext() if read_only is not None else self._process_lock:
            self._may_write = read_only is None
            self._sync()
            try:
                with self._storage.batch():
                    yield self._db
            except OSError as error:
                raise HistoryError(t("history.failed.save", path=self.path, error=error)) from error
            finally:
                if not self._may_write and not self.path.exists():
                    self._storage.forget()  # an empty history read but never stamped: a later write starts afresh

    def _sync(self) -> None:
        """Read the file if it is new to us; refuse it (and forget it) if unreadable or too new."""
        if not self._storage.changed_on_disk():
            return
        try:
            self._read_or_create()
        except HistoryError:
            self._storage.forget()
            raise
        except OSError as error:
            self._storage.forget()
            raise HistoryError(t("history.failed.open", path=self.path, error=error)) from error

    def _read_or_create(self) -> None:
        try:
            self._storage.load()
        except FileNotFoundError:
            self._storage.start_empty()
            if self._may_write:  # else an empty history is read, and no file made
                with self._storage.batch():
                    versioning.stamp(self._db)
            return
        except (IsADirectoryError, PermissionError) as error:
            raise HistoryUnreadable(self.path, t("history.refused.cannot_read", reason=error.strerror)) from error
        found = versioning.stored_schema(self._db, self.path)
        if found < versioning.STORE_SCHEMA:
            if not self._may_write:
                raise HistoryReadOnly(self.path, t("history.read_only.upgrade", found=found))
            with self._storage.batch():
                self.backup_path = versioning.upgrade(self._db, self.path, found)

    def summary(self, game_id: str) -> GameSummary:
        """The stored game's summary (GameNotFound when it is not there): the result screen's, after a save."""
        with self._transaction(write=False) as db:
            return self._stored_summary(db, game_id)

    def _stored_summary(self, db: HistoryDB, game_id: str) -> GameSummary:
        doc = db.table(SUMMARIES).document(game_id)
        if doc is not None:
            return GameSummary.from_doc(game_id, doc)
        game = db.table(GAMES).document(game_id)
        if game is None:
            raise GameNotFound(game_id)
        return _summary_of_stored(game_id, game, None, _scoring(db))

    def _current_summaries(self, db: HistoryDB, status: str | None) -> list[GameSummary]:
        """The summaries of the games with `status` (any if None), each parsed once and kept only as a
        GameSummary; missing ones, and finished games summarised by other rules, are made again and stored."""
        games, summaries = db.table(GAMES), db.table(SUMMARIES)
        scoring = _scoring(db)
        ids = games.ids()
        chosen: list[GameSummary] = []
        redo = set(ids)
        orphans = []
        for doc in summaries.snapshot():
            if doc.doc_id not in ids:
                orphans.append(doc.doc_id)
            elif not needs_scoring(doc, scoring.fingerprint):
                redo.discard(doc.doc_id)
                if status is None or doc["status"] == status:
                    chosen.append(GameSummary.from_doc(doc.doc_id, doc))
        if redo:
            fresh = {}
            for game_id in redo:
                game = games.document(game_id)
                if game is not None:
                    fresh[game_id] = _summary_of_stored(game_id, game, summaries.document(game_id), scoring)
            if self._may_write and self.damage is None:  # a damaged file is never written, not even with derived data
                summaries.put({i: summary.to_doc() for i, summary in fresh.items()})
            chosen += [summary for summary in fresh.values() if status is None or summary.status == status]
        if orphans and self._may_write and self.damage is None:
            summaries.drop(orphans)
        return chosen


class _Scoring:
    """How summaries are scored now: under this fingerprint, with the table's Dockyard track.

    Listing games only compares fingerprints; the track (which loads the rules catalogue) is built only
    when a summary has to be scored, so opening the app and listing drafts stays fast.
    """

    def __init__(self, calibration_doc: Mapping[str, Any] | None) -> None:
        self._doc = calibration_doc

    @cached_property
    def fingerprint(self) -> str:
        """Worked out when a stored summary is compared or one is made (it reads the rules' data and code):
        an empty history, the one a first start opens, never needs it."""
        spaces = self._doc.get("spaces") if self._doc is not None else None
        return scoring_fingerprint(spaces)

    @cached_property
    def track(self) -> DockyardTrack:
        from scorer.history.settings import calibration_from_doc  # loads the rules catalogue

        return calibration_from_doc(self._doc).track()


def _scoring(db: HistoryDB) -> _Scoring:
    """Read inside a transaction: the stored calibration (if any) decides fingerprint and track."""
    return _Scoring(db.table(SETTINGS).document(DOCKYARD_SETTING))


def _summary_of(record: GameRecord, saved_at: str, scoring: _Scoring) -> GameSummary:
    from scorer.rules.sheet import score_game  # deferred: opening the history and listing need no scoring

    sheet = score_game(record, track=scoring.track) if record.status == "finished" else None
    return summarise(record, sheet, saved_at, rules=scoring.fingerprint)


def _summary_of_stored(
    game_id: str, doc: dict[str, Any], previous: dict[str, Any] | None, scoring: _Scoring
) -> GameSummary:
    """A stored game scored again. A game the current rules cannot read or score is listed with the
    reason instead of stopping the whole list (say a card renamed in the data since it was played)."""
    saved_at = previous["saved_at"] if previous else now()
    status = "finished" if doc.get("status", "finished") == "finished" else "in_progress"
    from scorer.model import GameRecord

    try:
        record = GameRecord.from_dict(doc)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return GameSummary(
            game_id,
            status,
            doc.get("played_on"),
            saved_at,
            frozenset(),
            (),
            (),
            (),
            0,
            rules=scoring.fingerprint,
            problem=t("history.game.damaged", error=repr(error)),
        )
    if status != "finished":
        return summarise(record, None, saved_at, rules=scoring.fingerprint)
    from scorer.rules.sheet import score_game

    try:
        return summarise(record, score_game(record, track=scoring.track), saved_at, rules=scoring.fingerprint)
    except Exception as error:
        return summarise(
            record, None, saved_at, rules=scoring.fingerprint, problem=t("history.game.cannot_score", error=error)
        )


@dataclass
class _Plan:
    """What an import writes (by id), and what it says about every incoming game."""

    writes: dict[str, GameRecord] = dataclasses.field(default_factory=dict)
    added: list[str] = dataclasses.field(default_factory=list)
    completed: list[str] = dataclasses.field(default_factory=list)
    skipped: list[str] = dataclasses.field(default_factory=list)
    kept_apart: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    repeated: list[str] = dataclasses.field(default_factory=list)

    def report(self) -> ImportReport:
        skipped = [i for i in self.skipped if i not in self.writes]  # a draft skipped, then completed by its game
        return ImportReport(
            _once(self.added), _once(self.completed), _once(skipped), _once(self.kept_apart), _once(self.repeated)
        )


def _once(items: list[Any]) -> tuple[Any, ...]:
    """Each item once, in the order first seen."""
    return tuple(dict.fromkeys(items))


def _plan(records: list[GameRecord], stored: Mapping[str, Mapping[str, Any]]) -> _Plan:
    """Meet each incoming game, in order, with the stored one of its id or an earlier one of the import."""
    plan = _Plan()
    seen: set[str] = set()
    for record in records:
        if record.id in seen:
            plan.repeated.append(record.id)
        seen.add(record.id)
        _meet(plan, record, stored)
    return plan


def _meet(plan: _Plan, record: GameRecord, stored: Mapping[str, Mapping[str, Any]], beside: str | None = None) -> None:
    game_id, doc = record.id, record.to_dict()
    earlier = plan.writes.get(game_id)
    outcome = merging.compare(earlier.to_dict() if earlier is not None else stored.get(game_id), doc)
    if outcome is Merge.CONFLICTS and record.status == "finished":
        kept = dataclasses.replace(record, id=merging.apart_id(game_id, doc))
        _meet(plan, kept, stored, beside=game_id)
        return
    if outcome in (Merge.NEW, Merge.CORRECTS) or (outcome is Merge.REPLACES_DRAFT and record.status == "finished"):
        plan.writes[game_id] = record
        if beside is not None:
            plan.kept_apart.append((game_id, beside))
        elif game_id in stored:
            plan.completed.append(game_id)
        elif earlier is None:
            plan.added.append(game_id)
    elif earlier is None:  # the same as stored, or a draft of a game stored: nothing to write
        plan.skipped.append(game_id)


def _stored_documents(db: HistoryDB, records: list[GameRecord]) -> dict[str, Mapping[str, Any]]:
    """The stored games an import meets: those with an incoming id, and those kept apart before (found again)."""
    games = db.table(GAMES)
    ids = {r.id for r in records} | {merging.apart_id(r.id, r.to_dict()) for r in records if r.status == "finished"}
    return {i: doc for i in ids if i in games.ids() and (doc := games.document(i)) is not None}


def _statuses(db: HistoryDB, game_ids: Iterable[str]) -> dict[str, str]:
    games, summaries = db.table(GAMES), db.table(SUMMARIES)
    out = {}
    for game_id in game_ids:
        if game_id in games.ids():
            doc: Mapping[str, Any] = summaries.document(game_id) or games.document(game_id) or {}
            out[game_id] = doc.get("status", "finished")
    return out


def _remove(db: HistoryDB, game_ids: list[str]) -> None:
    db.table(GAMES).drop(game_ids)
    db.table(SUMMARIES).drop(game_ids)
    db.table(MEMORY).drop(game_ids)
