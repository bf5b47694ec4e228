"""Truncated, garbage, empty and newer-schema history files: a clear error, and the file byte-for-byte
untouched (same bytes, same modification time), with no fresh file made until the user asks for one."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from history_writers import new_game

from scorer.history import (
    HistoryRefused,
    HistoryStore,
    HistoryTooNew,
    HistoryUnreadable,
    summary_to_dict,
    versioning,
)
from scorer.history.storage import HistoryStorage
from scorer.history.tables import HistoryDB

LONG_AGO = 1_600_000_000_000_000_000  # ns: any write would move the modification time off this


def good_history(path: Path, games: int = 3) -> bytes:
    store = HistoryStore.open(path)
    for _ in range(games):
        store.finalise(new_game())
    return path.read_bytes()


def newer_history(path: Path) -> bytes:
    """What a newer version writes: our own layout, intact, with a higher store_schema."""
    good_history(path)
    db = HistoryDB(path, storage=HistoryStorage)
    db.storage.load()
    with db.storage.batch():
        db.table(versioning.META_TABLE).put({versioning.META_ID: {"store_schema": versioning.STORE_SCHEMA + 1}})
    return path.read_bytes()


def cut(at: Callable[[bytes], int]) -> Callable[[Path], bytes]:
    def make(path: Path) -> bytes:
        data = good_history(path)
        return data[: at(data)]

    return make


def fixed(content: bytes) -> Callable[[Path], bytes]:
    return lambda path: content


DAMAGED = {
    "truncated to one byte": (cut(lambda d: 1), HistoryUnreadable, "truncated or damaged"),
    "truncated in half": (cut(lambda d: len(d) // 2), HistoryUnreadable, "truncated or damaged"),
    "truncated at a line end": (cut(lambda d: d.rindex(b"\n", 0, len(d) // 2) + 1), HistoryUnreadable, "truncated"),
    "truncated inside the checksums": (
        cut(lambda d: d.index(b'"games/') + 40),
        HistoryUnreadable,
        "truncated or damaged",
    ),
    "garbage bytes": (fixed(random.Random(7).randbytes(4096)), HistoryUnreadable, "not valid JSON"),
    "garbage text": (fixed(b"Saturday: Ann 61, Bob 57\n"), HistoryUnreadable, "not valid JSON"),
    "empty": (fixed(b""), HistoryUnreadable, "the file is empty"),
    "a JSON list": (fixed(b"[]"), HistoryUnreadable, "not a history file"),
    "another app's TinyDB file": (
        fixed(b'{"_default": {"1": {"todo": "milk"}}}'),
        HistoryUnreadable,
        "not a wonders-scorer history",
    ),
    "newer schema, our layout": (newer_history, HistoryTooNew, "newer than this version reads"),
    "newer schema, by hand": (
        fixed(json.dumps({"_meta": {"store": {"store_schema": 99}}, "games": {}}, indent=2).encode()),
        HistoryTooNew,
        "history format 99",
    ),
}


@pytest.mark.parametrize("make, refusal, message", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_or_newer_file_is_refused_and_left_untouched(
    tmp_path: Path, make: Callable[[Path], bytes], refusal: type[HistoryRefused], message: str
):
    path = tmp_path / "history.json"
    content = make(path)
    path.write_bytes(content)
    os.utime(path, ns=(LONG_AGO, LONG_AGO))
    before = os.stat(path)

    with pytest.raises(refusal, match=message) as refused:
        HistoryStore.open(path)

    after = os.stat(path)
    assert path.read_bytes() == content
    assert (after.st_mtime_ns, after.st_size, after.st_ino) == (before.st_mtime_ns, before.st_size, before.st_ino)
    assert str(path) in str(refused.value) and "the file was not changed" in str(refused.value)
    assert refused.value.fresh_path.parent == tmp_path and not refused.value.fresh_path.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.json", "history.json.lock"]


def test_an_open_history_replaced_by_a_newer_one_is_never_written(tmp_path: Path):
    path = tmp_path / "history.json"
    store = HistoryStore.open(path)
    store.finalise(new_game())
    newer = newer_history(tmp_path / "newer.json")
    os.replace(tmp_path / "newer.json", path)  # the table laptop's newer version synced it over
    os.utime(path, ns=(LONG_AGO, LONG_AGO))
    for action in (lambda: store.finalise(new_game()), lambda: store.save_draft(new_game()), store.games):
        with pytest.raises(HistoryTooNew):
            action()
    assert path.read_bytes() == newer and os.stat(path).st_mtime_ns == LONG_AGO


FLIPS = 80


def test_every_single_bit_flip_is_refused_or_reads_back_exactly_what_was_saved(tmp_path: Path):
    """A flipped bit that still parses (`Timber Yard` -> `Timbgr Yard`, a key `age` -> `agd`, coins 11 -> 10)
    must never be read as if it were what was saved: the file is refused, or (a summary's bit: it is made
    again from its game) reads back the same games and list; either way it is left untouched."""
    path = tmp_path / "history.json"
    original = good_history(path)
    with HistoryStore.open(path) as store:
        saved, listed = list(store.records()), without_saved_at(store.games())
    chance = random.Random(20261201)
    for _ in range(FLIPS):
        at = chance.randrange(len(original))
        damaged = bytearray(original)
        damaged[at] ^= 1 << chance.randrange(8)
        path.write_bytes(damaged)
        try:
            with HistoryStore.open(path) as store:
                assert list(store.records()) == saved, f"byte {at} changed a game and was read as saved"
                assert without_saved_at(store.games()) == listed, f"byte {at} changed the list"
        except HistoryUnreadable:
            pass
        assert path.read_bytes() == damaged, "a damaged file was written over"


def without_saved_at(games: list) -> list[dict]:
    """The list as --json gives it, by id, less when each summary was made (one made again is made now, which
    also moves it among games of the same day)."""
    return sorted(
        ({k: v for k, v in summary_to_dict(game).items() if k != "saved_at"} for game in games),
        key=lambda game: game["id"],
    )


def test_a_file_cut_in_its_last_line_is_read_since_every_document_holds_but_never_written(tmp_path: Path):
    path = tmp_path / "history.json"
    data = good_history(path)
    with HistoryStore.open(path) as store:
        saved = list(store.records())
    cut_short = data[:-8]  # inside the file's own checksum: each document's entry is still there
    path.write_bytes(cut_short)
    with HistoryStore.open(path) as store:
        assert list(store.records()) == saved and len(store.games()) == 3
        with pytest.raises(HistoryUnreadable, match="though each of its 3 games holds"):
            store.finalise(new_game())
    assert path.read_bytes() == cut_short


def flipped(old: bytes, new: bytes, line: Callable[[bytes], bool]) -> Callable[[Path], bytes]:
    """A good history with `old` turned into `new` (one bit apart) on the first line `line` picks."""

    def make(path: Path) -> bytes:
        lines = good_history(path).split(b"\n")
        at = next(i for i, text in enumerate(lines) if old in text and line(text))
        lines[at] = lines[at].replace(old, new, 1)
        return b"\n".join(lines)

    return make


def is_game(line: bytes) -> bool:
    return b'"players"' in line


def is_summary(line: bytes) -> bool:
    return b'"names"' in line


STILL_PARSES = {
    "a card's letter": (flipped(b'"Lumber Yard"', b'"Lumbes Yard"', is_game), "1 of its 3 games fail"),
    "a key": (flipped(b'"age"', b'"agd"', is_game), "1 of its 3 games fail"),
    "a number": (flipped(b'"coins":5', b'"coins":4', is_game), "1 of its 3 games fail"),
    "a summary's key": (flipped(b'"expansions"', b'"expansionr"', is_summary), "1 of its 3 game summaries fail"),
    "a summary's total": (flipped(b'"totals":[5', b'"totals":[4', is_summary), "1 of its 3 game summaries fail"),
}


@pytest.mark.parametrize("make, message", STILL_PARSES.values(), ids=STILL_PARSES.keys())
def test_a_damaged_file_that_still_parses_is_reported_untouched_and_repairable(tmp_path: Path, make, message):
    from scorer.history.repair import repair

    path = tmp_path / "history.json"
    content = make(path)
    path.write_bytes(content)
    os.utime(path, ns=(LONG_AGO, LONG_AGO))
    summary_only = "summaries" in message
    if summary_only:  # read on, each summary made again from its game; never written
        with HistoryStore.open(path) as store:
            assert store.damage is not None and message in str(store.damage)
            with pytest.raises(HistoryUnreadable, match=message):
                store.finalise(new_game())
    else:
        with pytest.raises(HistoryUnreadable, match=message):
            HistoryStore.open(path)
    assert path.read_bytes() == content and os.stat(path).st_mtime_ns == LONG_AGO

    report = repair(path, tmp_path / "repaired.json")
    assert (report.copied, len(report.lost), report.rescored) == ((3, 0, 1) if summary_only else (2, 1, 0))
    with HistoryStore.open(tmp_path / "repaired.json") as store:
        assert store.damage is None and len(store.games("finished")) == report.copied
    assert path.read_bytes() == content
