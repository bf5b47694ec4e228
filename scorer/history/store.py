"""HistoryStore: every game a group plays, kept so that no crash and no second window can lose one.

Two TinyDB tables, both keyed by the game's UUID: `games` holds each game record exactly as
GameRecord.to_dict() gives it (one document per game, the import/export format), and `summaries` holds
what the list and the statistics read (see summary.py). A game in progress may also have a document in
`memory`: what the table app's session keeps beside its draft (recent undo states), never exported, gone
when the game is finished, discarded or deleted. Every change to a game writes both in one atomic
write. Each operation takes the process lock, first re-reads the file if another process replaced it, and
releases the lock when done, so a TUI and a CLI (or two tables' laptops on a shared folder) can use one
history side by side.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import cached_property
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.errors import InputError
from scorer.history import versioning
from scorer.history.atomic import remove_temp_files
from scorer.history.errors import GameNotFound, HistoryError, HistoryUnreadable
from scorer.history.lock import DEFAULT_TIMEOUT, ProcessLock
from scorer.history.storage import HistoryStorage
from scorer.history.summary import (
    GameSummary,
    needs_scoring,
    scoring_fingerprint,
    now,
    summarise,
)
from scorer.history.tables import HistoryDB
from scorer.i18n import t
from scorer.model import GameRecord

if TYPE_CHECKING:
    from scorer.catalog import DockyardTrack

GAMES = "games"
SUMMARIES = "summaries"
SETTINGS = "settings"
MEMORY = "memory"  # a draft's session memory (recent undo states), by game id: not part of the record
DOCKYARD_SETTING = "dockyard"  # the table's Dockyard calibration (see settings.py)  # the table's own settings, one document each (say "dockyard": its calibration)


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did with each incoming game, by id."""

    added: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()  # a stored draft replaced by its finished game
    skipped: tuple[str, ...] = ()  # already stored (or repeated in the import)


class HistoryStore:
    """Open with HistoryStore.open(path). Safe to share between threads; one write at a time."""

    def __init__(self, path: Path, lock_timeout: float) -> None:
        self.path = path
        self._db = HistoryDB(path, storage=HistoryStorage)
        self._storage: HistoryStorage = self._db.storage  # type: ignore[assignment]
        self._process_lock = ProcessLock(path, lock_timeout)
        self._thread_lock = threading.RLock()
        self.backup_path: Path | None = None  # the copy made before migrating an older file, if any

    @classmethod
    def open(cls, path: Path, *, lock_timeout: float = DEFAULT_TIMEOUT) -> HistoryStore:
        """Open (creating the folder and an empty history if missing). Raises a HistoryError: HistoryRefused
        (unreadable or too new), HistoryLocked, or a plain one when the folder or file cannot be made."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HistoryError(t("history.failed.folder", path=path.parent, reason=error.strerror)) from error
        store = cls(path, lock_timeout)
        with store._thread_lock, store._process_lock:
            remove_temp_files(path)
            store._sync()
        return store

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> HistoryStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- writing --------------------------------------------------------------------------------------

    def save(self, record: GameRecord) -> bool:
        """Store `record` as it is (draft or finished), replacing any game with its id. True if it is new."""
        with self._transaction() as db:
            summary = _summary_of(record, now(), _scoring(db))
            games = db.table(GAMES)
            added = record.id not in games.ids()
            games.put({record.id: record.to_dict()})
            db.table(SUMMARIES).put({record.id: summary.to_doc()})
        return added

    def save_draft(self, record: GameRecord) -> bool:
        """Autosave after every step of a game in progress (status "in_progress")."""
        return self.save(dataclasses.replace(record, status="in_progress"))

    def save_draft_with_memory(self, record: GameRecord, memory: Mapping[str, Any]) -> bool:
        """Autosave a draft and what the session keeps beside it (its recent undo states), in one atomic
        write: after a crash the memory is always that of the draft on disk."""
        with self._transaction() as db:
            added = self.save_draft(record)
            db.table(MEMORY).put({record.id: memory})
        return added

    def memory(self, game_id: str) -> dict[str, Any] | None:
        """What the session kept beside this game's draft, to resume with its undo (None if nothing, or if
        the game was since finished, say by an import from the table that finished it)."""
        with self._transaction() as db:
            doc = db.table(MEMORY).document(game_id)
            if doc is None or _statuses(db, [game_id]).get(game_id) != "in_progress":
                return None
        return dict(doc)

    def forget_memory(self, game_id: str) -> None:
        """Drop what the session kept beside a draft: the game is finished (discard and delete drop it too)."""
        with self._transaction() as db:
            db.table(MEMORY).drop([game_id])

    def finalise(self, record: GameRecord) -> bool:
        """The game is over: stored as finished, with its score sheet summary, in one write."""
        return self.save(dataclasses.replace(record, status="finished"))

    def discard(self, game_id: str) -> None:
        """Throw away a game in progress. A finished game is refused: that is `delete`."""
        with self._transaction() as db:
            summary = self._stored_summary(db, game_id)
            if summary.finished:
                raise InputError("GAME_ID", game_id, t("history.game.finished"))
            _remove(db, [game_id])

    def delete(self, game_id: str) -> GameSummary:
        """Remove a stored game for good; returns what it was, for the confirmation message."""
        with self._transaction() as db:
            summary = self._stored_summary(db, game_id)
            _remove(db, [game_id])
        return summary

    def add_games(self, records: Iterable[GameRecord]) -> ImportReport:
        """Merge games into the history, all in one write: a game already stored (same UUID) is skipped,
        except that a stored draft is replaced by the finished game. Records must be validated already."""
        candidates: dict[str, GameRecord] = {}
        repeated: list[str] = []
        for record in records:
            previous = candidates.get(record.id)
            if previous is not None:
                repeated.append(record.id)
                if not completes_draft(previous.status, record.status):
                    continue
            candidates[record.id] = record
        stored = self.stored_statuses(candidates)
        wanted = {i: r for i, r in candidates.items() if i not in stored or completes_draft(stored[i], r.status)}
        saved_at = now()
        with self._transaction() as db:
            scoring = _scoring(db)
        summaries = {i: _summary_of(r, saved_at, scoring) for i, r in wanted.items()}  # scored outside the lock
        with self._transaction() as db:
            stored = _statuses(db, candidates)  # again: another process may have written meanwhile
            writing = [i for i in wanted if i not in stored or completes_draft(stored[i], wanted[i].status)]
            db.table(GAMES).put({i: wanted[i].to_dict() for i in writing})
            db.table(SUMMARIES).put({i: summaries[i].to_doc() for i in writing})
        added = tuple(i for i in writing if i not in stored)
        completed = tuple(i for i in writing if i in stored)
        skipped = tuple(i for i in candidates if i not in writing) + tuple(repeated)
        return ImportReport(added, completed, skipped)

    # --- reading --------------------------------------------------------------------------------------

    def load(self, game_id: str) -> GameRecord:
        """The stored game, to resume a draft or show a sheet. Raises GameNotFound."""
        with self._transaction() as db:
            doc = db.table(GAMES).document(game_id)
        if doc is None:
            raise GameNotFound(game_id)
        return GameRecord.from_dict(doc)

    def __contains__(self, game_id: object) -> bool:
        with self._transaction() as db:
            return game_id in db.table(GAMES).ids()

    def resolve_id(self, text: str) -> str:
        """The id of the one stored game whose id is `text` or starts with it (like a short git hash)."""
        wanted = text.strip().lower()
        with self._transaction() as db:
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
        with self._transaction() as db:
            return _statuses(db, game_ids)

    def games(self, status: str | None = None) -> list[GameSummary]:
        """Every stored game (or those with `status`), newest first, as summaries. Scores again any finished
        game whose summary was computed by other rules (once, after an update of the rules or the app)."""
        with self._transaction() as db:
            chosen = self._current_summaries(db, status)
        chosen.sort(key=lambda s: (s.played_on or "", s.saved_at), reverse=True)
        return chosen

    def drafts(self) -> list[GameSummary]:
        """Games in progress, newest first, to offer resuming or discarding them."""
        return self.games("in_progress")

    def records(self, game_ids: Collection[str] | None = None) -> Iterator[dict[str, Any]]:
        """Every stored game record (or those of `game_ids`: the games a filtered list shows), in the export
        format, parsed one at a time; the lock is not held meanwhile."""
        with self._transaction() as db:
            return db.table(GAMES).snapshot(game_ids)

    def count(self) -> int:
        """How many games are stored (drafts too), without reading any: the list says it while it loads."""
        with self._transaction() as db:
            return len(db.table(GAMES).ids())

    # --- settings (see settings.py) -------------------------------------------------------------------

    def setting(self, name: str) -> dict[str, Any] | None:
        """The table's setting `name` as stored (a fresh copy), or None if never set."""
        with self._transaction() as db:
            doc = db.table(SETTINGS).document(name)
        return None if doc is None else dict(doc)

    def put_setting(self, name: str, value: Mapping[str, Any]) -> None:
        """Store the setting `name` whole, in one atomic write under the lock, like a game."""
        with self._transaction() as db:
            db.table(SETTINGS).put({name: value})

    # --- inside ---------------------------------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[HistoryDB]:
        """Under the lock, on the file as it is now; TinyDB's writes in the block reach the disk once."""
        with self._thread_lock, self._process_lock:
            self._sync()
            try:
                with self._storage.batch():
                    yield self._db
            except OSError as error:
                raise HistoryError(t("history.failed.save", path=self.path, error=error)) from error

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
            with self._storage.batch():
                versioning.stamp(self._db)
            return
        except (IsADirectoryError, PermissionError) as error:
            raise HistoryUnreadable(self.path, t("history.refused.cannot_read", reason=error.strerror)) from error
        found = versioning.stored_schema(self._db, self.path)
        if found < versioning.STORE_SCHEMA:
            with self._storage.batch():
                self.backup_path = versioning.upgrade(self._db, self.path, found)

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
            summaries.put({i: summary.to_doc() for i, summary in fresh.items()})
            chosen += [summary for summary in fresh.values() if status is None or summary.status == status]
        if orphans:
            summaries.drop(orphans)
        return chosen


class _Scoring:
    """How summaries are scored now: under this fingerprint, with the table's Dockyard track.

    Listing games only compares fingerprints; the track (which loads the rules catalogue) is built only
    when a summary has to be scored, so opening the app and listing drafts stays fast.
    """

    def __init__(self, calibration_doc: Mapping[str, Any] | None) -> None:
        self._doc = calibration_doc
        spaces = calibration_doc.get("spaces") if calibration_doc is not None else None
        self.fingerprint = scoring_fingerprint(spaces)

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
    try:
        record = GameRecord.from_dict(doc)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return GameSummary(game_id, status, doc.get("played_on"), saved_at, frozenset(), (), (), (), 0,
                           rules=scoring.fingerprint, problem=t("history.game.damaged", error=repr(error)))
    if status != "finished":
        return summarise(record, None, saved_at, rules=scoring.fingerprint)
    from scorer.rules.sheet import score_game

    try:
        return summarise(record, score_game(record, track=scoring.track), saved_at, rules=scoring.fingerprint)
    except Exception as error:  # noqa: BLE001 - any rules failure becomes a visible note on that one game
        return summarise(record, None, saved_at, rules=scoring.fingerprint,
                         problem=t("history.game.cannot_score", error=error))


def completes_draft(stored_status: str, incoming_status: str) -> bool:
    """A finished game replaces its own draft (it was finished at another table); nothing else replaces."""
    return stored_status == "in_progress" and incoming_status == "finished"


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
