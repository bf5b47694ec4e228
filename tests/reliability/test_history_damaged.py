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
        return data[:at(data)]
    return make


def fixed(content: bytes) -> Callable[[Path], bytes]:
    return lambda path: content


DAMAGED = {
    "truncated to one byte": (cut(lambda d: 1), HistoryUnreadable, "truncated or damaged"),
    "truncated in half": (cut(lambda d: len(d) // 2), HistoryUnreadable, "truncated or damaged"),
    "truncated at a line end": (cut(lambda d: d.rindex(b"\n", 0, len(d) // 2) + 1), HistoryUnreadable, "truncated"),
    "truncated inside the checksum": (cut(lambda d: len(d) - 8), HistoryUnreadable, "truncated or damaged"),
    "garbage bytes": (fixed(random.Random(7).randbytes(4096)), HistoryUnreadable, "not valid JSON"),
    "garbage text": (fixed(b"Saturday: Ann 61, Bob 57\n"), HistoryUnreadable, "not valid JSON"),
    "empty": (fixed(b""), HistoryUnreadable, "the file is empty"),
    "a JSON list": (fixed(b"[]"), HistoryUnreadable, "not a history file"),
    "another app's TinyDB file": (
        fixed(b'{"_default": {"1": {"todo": "milk"}}}'), HistoryUnreadable, "not a wonders-scorer history",
    ),
    "newer schema, our layout": (newer_history, HistoryTooNew, "newer than this version reads"),
    "newer schema, by hand": (
        fixed(json.dumps({"_meta": {"store": {"store_schema": 99}}, "games": {}}, indent=2).encode()),
        HistoryTooNew, "history format 99",
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
    must never be read as if it were what was saved: the file is refused, untouched, or reads back the same."""
    path = tmp_path / "history.json"
    original = good_history(path)
    with HistoryStore.open(path) as store:
        saved = list(store.records())
    chance = random.Random(20261201)
    for _ in range(FLIPS):
        at = chance.randrange(len(original))
        damaged = bytearray(original)
        damaged[at] ^= 1 << chance.randrange(8)
        path.write_bytes(damaged)
        try:
            with HistoryStore.open(path) as store:
                assert list(store.records()) == saved, f"byte {at} changed a game and was read as saved"
        except HistoryUnreadable:
            assert path.read_bytes() == damaged, "a damaged file was written over"
