"""Repair: copy every document of a damaged history whose checksum holds into a new file, and name the rest.

    report = repair(Path("history.json"), Path("history.repaired.json"))
    report.copied                      # how many games were copied (their checksum held)
    report.lost                        # LostGame(game_id, day) for each game it could not vouch for

The damaged file is only read. The new file must not exist yet (unless `force`), and is never the history
itself: a repair never writes over anything it cannot give back. Summaries are derived data: one whose
checksum fails is not copied, and the new history scores its game again (only when that game's own checksum
holds; a summary alone never brings back a game). A setting whose checksum fails is left out and named.
"""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from scorer.errors import InputError
from scorer.history import codec, versioning
from scorer.history import target as target_rule
from scorer.history.damage import Survey, survey
from scorer.history.errors import HistoryDamaged, HistoryTooNew, HistoryUnreadable
from scorer.history.layout import INTEGRITY_TABLE, StoredDocument, StoredTables, read_open_file, write_file
from scorer.history.lock import ProcessLock
from scorer.history.store import GAMES, MEMORY, SETTINGS, SUMMARIES, HistoryStore
from scorer.i18n import t

ON_DISK = (GAMES, SUMMARIES, MEMORY)  # the tables of many documents


@dataclass(frozen=True, slots=True, order=True)
class LostGame:
    """A game the repair could not vouch for: its id, and the day it was played if anything still says so."""

    game_id: str
    played_on: str | None


@dataclass(frozen=True, slots=True)
class RepairReport:
    target: Path
    copied: int
    lost: tuple[LostGame, ...]
    rescored: int  # copied games whose summary failed its checksum (or was missing), scored again
    lost_settings: tuple[str, ...]
    healthy: bool = False  # every checksum of the history held: there was nothing to repair


def repair(source: Path, target: Path, *, force: bool = False) -> RepairReport:
    """Copy the sound games, summaries and settings of `source` into the new history `target`.

    Raises InputError (field "-o") when `target` is the history itself or exists and `force` is not given,
    HistoryUnreadable when `source` cannot be read at all, HistoryTooNew when a newer version wrote it,
    HistoryError when `target` could not be written whole (nothing was saved), OSError when its folder cannot
    be written at all."""
    _check_target(source, target, force)
    try:
        with open(source, "rb") as handle:  # the documents left in it are copied from it: open until written
            found, intact = _survey(source, handle)
            tables = _sound_tables(source, found)
            _write_new(source, target, tables, force)
            lost = _lost_games(found)
    except OSError as error:
        raise HistoryUnreadable(source, t("history.refused.cannot_read", reason=error.strerror)) from error
    with HistoryStore.open(target) as store:
        store.games()  # scores the games whose summaries were left out, and stores those summaries
    games = tables[GAMES]
    rescored = sum(1 for game_id in games if game_id not in tables[SUMMARIES])
    healthy = intact and not lost and not rescored
    return RepairReport(target, len(games), lost, rescored, tuple(found.damaged.get(SETTINGS, ())), healthy)


def _write_new(source: Path, target: Path, tables: StoredTables, force: bool) -> None:
    """Write the new history under its own lock. A write that fails (disk full: target.written says nothing was
    saved) or a target refused under the lock leaves nothing behind: not the temporary file, and not the lock
    file either when this repair made it for a history that does not exist (a person would find a
    `repaired.json.lock` without its history). It is removed while still held: only another process opening
    this same new path at this moment could be waiting on it; Windows, which refuses to remove an open file,
    keeps it."""
    lock = ProcessLock(target)
    made_lock = not os.path.lexists(lock.lock_file)
    with lock:
        try:
            _check_target(source, target, force)  # again, under the new file's lock
            with target_rule.written(target) as handle:
                write_file(handle, tables)
        except BaseException:
            if made_lock and not os.path.lexists(target):
                with suppress(OSError):
                    os.unlink(lock.lock_file)
            raise


def _check_target(source: Path, target: Path, force: bool) -> None:
    """The export's rule (target.py: never the history, its lock, its backups, a link, a pipe or a device),
    worded for a repair where the person can act on it."""
    reason = target_rule.refusal(target, source, replace=force)
    if reason == target_rule.HISTORY:
        raise InputError("-o", str(target), t("history.repair.same_file"))
    if target.is_dir() or reason == target_rule.EXISTS:
        raise InputError("-o", str(target), t("history.repair.exists"))
    if reason is not None:
        raise target_rule.TargetRefused(target, reason)
    if not target.parent.is_dir():
        raise InputError("-o", str(target), t("history.repair.no_folder"))


def _survey(source: Path, handle: BinaryIO) -> tuple[Survey, bool]:
    """What the history holds, and whether it was intact (nothing to repair: every checksum held).

    Every document of an intact history (or one without checksums) is sound; a damaged one is surveyed,
    and so is one cut short or no longer JSON if any line of a document survives (none is vouched for).
    An intact file's games, summaries and session memories stay in it, read when the new file is written
    (a file copy, not 50 MB of games held three times over), except on Windows, where the store too keeps
    them in memory rather than hold the file open."""
    try:
        tables = read_open_file(source, handle, ON_DISK if sys.platform != "win32" else ())
    except HistoryDamaged as error:
        if not error.survey.sound and not error.survey.damaged:
            raise  # nothing in it is recognisable as a document: there is nothing to copy or to name
        return error.survey, False
    except HistoryUnreadable:
        handle.seek(0)
        found = survey(handle.read())
        if not found.sound and not found.damaged:
            raise
        return found, False
    if versioning.META_ID not in tables.get(versioning.META_TABLE, {}):
        where = f"{versioning.META_TABLE}.{versioning.META_ID}.store_schema"
        raise HistoryUnreadable(source, t("history.refused.not_ours", where=where))
    return Survey(sound=tables), True


def _sound_tables(source: Path, found: Survey) -> StoredTables:
    """The tables of the new file: the sound documents, summaries only beside their own sound game."""
    tables = {name: dict(documents) for name, documents in found.sound.items() if name != INTEGRITY_TABLE}
    meta = tables.setdefault(versioning.META_TABLE, {})
    stamp = meta.get(versioning.META_ID)
    schema = stamp.value().get("store_schema") if stamp is not None else None
    if isinstance(schema, int) and schema > versioning.STORE_SCHEMA:
        raise HistoryTooNew(source, schema, versioning.STORE_SCHEMA)
    if not isinstance(schema, int) or schema < 1:
        meta[versioning.META_ID] = StoredDocument.serialize(
            versioning.META_ID, {"store_schema": versioning.STORE_SCHEMA}
        )
    games = tables.setdefault(GAMES, {})
    tables[SUMMARIES] = {i: doc for i, doc in tables.get(SUMMARIES, {}).items() if i in games}
    return tables


def _lost_games(found: Survey) -> tuple[LostGame, ...]:
    """The games not copied, each with its day from its sound summary or from what is left of its lines."""
    summaries = found.sound.get(SUMMARIES, {})
    lost = []
    for game_id in found.damaged.get(GAMES, ()):
        sources: list[Any] = [
            summaries.get(game_id),
            found.lines.get((GAMES, game_id)),
            found.lines.get((SUMMARIES, game_id)),
        ]
        lost.append(LostGame(game_id, next(filter(None, map(_day_in, sources)), None)))
    return tuple(sorted(lost, key=lambda game: (game.played_on or "", game.game_id)))


def _day_in(source: StoredDocument | bytes | None) -> str | None:
    """The "played_on" of a document, if it still parses and has one that looks like a day."""
    if source is None:
        return None
    try:
        value = source.value() if isinstance(source, StoredDocument) else codec.loads(source[source.index(b":{") + 1 :])
    except ValueError:
        return None
    day = value.get("played_on") if isinstance(value, dict) else None
    return day if isinstance(day, str) and len(day) == 10 else None
