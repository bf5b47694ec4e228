"""Taking games out of the history: a JSON bundle another table can import, or a CSV for a spreadsheet.

BG Stats' JSON (`bgstats`: one play per finished game) is written by bgstats.py.

The bundle is {"format": "wonders-scorer-export", "version": 1, "games": [record, ...]}, one game record per
line, every stored game (drafts too: they are part of a backup) or only those given by id (the games a
filtered list shows). The CSV has one row per player per finished game; text cells that a spreadsheet would
run as a formula (starting with = + - @, a tab or a carriage return, also behind leading blanks, line breaks
or zero-width characters) get a leading apostrophe, so a player named "=HYPERLINK(...)" stays a name. It is
UTF-8 with a byte-order mark, which Excel needs to show accented names correctly.
"""

from __future__ import annotations

import csv
import io
import sys
import unicodedata
from collections.abc import Collection
from pathlib import Path
from typing import BinaryIO

from scorer.history import codec, faults, target
from scorer.history.store import HistoryStore
from scorer.rules.sheet import ROWS

BUNDLE_FORMAT = "wonders-scorer-export"
BUNDLE_VERSION = 1
FORMATS = ("json", "csv", "bgstats")
CSV_COLUMNS = (
    "game_id",
    "played_on",
    "player",
    "wonder",
    "side",
    *(f"{row}_vp" for row in ROWS),
    "total",
    "coins",
    "rank",
    "winner",
    "started_at",  # local time with its UTC offset, empty if not known (scorer.play_time)
    "played_minutes",  # the time the game was played, empty if not known
    "mode",  # how it was scored: age_by_age or score_pad
    "note",  # the table's one line about the game
)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def export_to(
    store: HistoryStore,
    fmt: str,
    path: Path | None,
    *,
    game_ids: Collection[str] | None = None,
    replace: bool = False,
) -> int:
    """Write the export to `path` (atomically: never half a file) or to standard output; returns the games.
    `game_ids`: only these games (None: all of them). `replace`: an existing regular file may be replaced.
    Raises target.TargetRefused for the history's own files and anything not a regular file or a new path,
    HistoryError when the file could not be written whole (nothing was saved), OSError when it could not be
    started (a missing or read-only folder)."""
    write = {"json": export_json, "csv": export_csv, "bgstats": _export_bgstats}[fmt]
    if path is None:
        count = write(store, sys.stdout.buffer, game_ids)
        sys.stdout.buffer.flush()
        return count
    target.check(path, store.path, replace=replace)
    with target.written(path) as out:
        return write(store, out, game_ids)


def export_json(store: HistoryStore, out: BinaryIO, game_ids: Collection[str] | None = None) -> int:
    out.write(b'{"format":%s,"version":%d,"games":[' % (codec.dumps(BUNDLE_FORMAT), BUNDLE_VERSION))
    separator = b"\n"
    count = 0
    for record in store.records(game_ids):
        out.write(separator)
        out.write(codec.dumps(record))
        separator = b",\n"
        count += 1
        faults.reach("mid-export")
    out.write(b"\n]}\n" if count else b"]}\n")
    return count


def export_csv(store: HistoryStore, out: BinaryIO, game_ids: Collection[str] | None = None) -> int:
    """One row per player per finished, scored game (of `game_ids`, if given), oldest game first."""
    text = io.TextIOWrapper(out, encoding="utf-8-sig", newline="", write_through=True)
    writer = csv.writer(text)
    writer.writerow(CSV_COLUMNS)
    count = 0
    for game in reversed(store.games("finished")):
        if not game.scored or (game_ids is not None and game.id not in game_ids):
            continue
        count += 1
        for seat in game.seats:
            values = dict(zip(game.rows, seat.rows))
            writer.writerow(
                [
                    spreadsheet_text(game.id),
                    spreadsheet_text(game.played_on or ""),
                    spreadsheet_text(seat.name),
                    spreadsheet_text(seat.wonder),
                    spreadsheet_text(seat.side),
                    *(values.get(row, "") for row in ROWS),  # empty: the row was not in play (its expansion was not)
                    seat.total,
                    seat.coins,
                    seat.rank,
                    int(seat.won),
                    game.started_at or "",
                    "" if game.played_seconds is None else round(game.played_seconds / 60),
                    "score_pad" if game.score_pad else "age_by_age",
                    spreadsheet_text(game.note or ""),
                ]
            )
    text.flush()
    text.detach()
    return count


def _export_bgstats(store: HistoryStore, out: BinaryIO, game_ids: Collection[str] | None = None) -> int:
    """The plays in BG Stats' JSON (bgstats.py), loaded only when asked for."""
    from scorer.history.bgstats import export_bgstats

    return export_bgstats(store, out, game_ids)


def spreadsheet_text(value: str) -> str:
    """A text cell no spreadsheet will evaluate: formula-like text gets a leading apostrophe, also when the
    formula hides behind blanks, line breaks or zero-width characters (spreadsheets skip those first)."""
    formula = value.startswith(_FORMULA_STARTS) or _shown_start(value).startswith(_FORMULA_STARTS)
    return f"'{value}" if formula else value


def _shown_start(value: str) -> str:
    """`value` from its first visible character: without leading blanks and format characters (Cf: zero-width
    space and joiners, the byte-order mark, word joiner)."""
    start = 0
    while start < len(value) and (value[start].isspace() or unicodedata.category(value[start]) == "Cf"):
        start += 1
    return value[start:]
