"""The history file's layout and TinyDB storage: what is written, what is read back, what a failure leaves."""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

import pytest
from tinydb.storages import JSONStorage

from scorer.history import atomic
from scorer.history.errors import HistoryDamaged, HistoryError, HistoryUnreadable
from scorer.history.layout import StoredDocument, _read_layout, read_file
from scorer.history.storage import HistoryStorage
from scorer.history.tables import HistoryDB


def fresh_db(path: Path) -> HistoryDB:
    db = HistoryDB(path, storage=HistoryStorage)
    db.storage.start_empty()
    return db


def reopened(path: Path) -> HistoryDB:
    db = HistoryDB(path, storage=HistoryStorage)
    db.storage.load()
    return db


def test_the_file_is_plain_tinydb_json_one_document_a_line(tmp_path: Path):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    with db.storage.batch():
        db.table("games").put({"g1": {"name": "Zoë", "n": 1}, "g2": {"n": 2}})
        db.table("empty").put({})
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[:6] == ["{", '"games":{', '"g1":{"name":"Zoë","n":1},', '"g2":{"n":2}', "},", '"empty":{']
    parsed = json.loads(text)
    assert parsed["games"] == {"g1": {"name": "Zoë", "n": 1}, "g2": {"n": 2}}
    assert parsed["empty"] == {}
    # TinyDB's own JSONStorage reads it as it is.
    plain = HistoryDB(path, storage=JSONStorage, access_mode="r")
    assert plain.table("games").get(doc_id="g2") == {"n": 2}


def test_reading_back_a_file_it_wrote_needs_no_parse_and_gives_the_same_documents(tmp_path: Path):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    odd_key = 'quote " and back\\slash'
    with db.storage.batch():
        db.table("games").put({"g1": {"a": [1, 2]}, odd_key: {"b": None}})
    assert _read_layout(path.read_bytes()) is not None
    again = reopened(path)
    assert again.table("games").get(doc_id="g1") == {"a": [1, 2]}
    assert again.table("games").get(doc_id=odd_key) == {"b": None}


def test_a_file_edited_by_hand_is_read_in_full_instead(tmp_path: Path):
    path = tmp_path / "h.json"
    path.write_text(json.dumps({"games": {"g1": {"a": 1}}, "_meta": {"store": {"x": 1}}}, indent=2), encoding="utf-8")
    db = reopened(path)
    assert db.table("games").get(doc_id="g1") == {"a": 1}
    with db.storage.batch():  # and the next write lays it out again
        db.table("games").put({"g2": {"b": 2}})
    assert _read_layout(path.read_bytes()) is not None


def test_a_changed_byte_that_still_parses_is_damage_naming_the_document(tmp_path: Path):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    with db.storage.batch():
        db.table("games").put({"g1": {"coins": 12}, "g2": {"coins": 11}})
    data = path.read_bytes()
    for changed in (b'"coins":13', b'"coinr":12', b'"coins":1x'):
        with pytest.raises(HistoryDamaged, match="1 of its 2 games fail their checksum") as refused:
            read_file(path, data.replace(b'"coins":12', changed))
        assert refused.value.survey.damaged == {"games": ["g1"]}
        assert list(refused.value.survey.sound["games"]) == ["g2"]


def test_a_file_from_before_the_per_document_checksums_is_still_read(tmp_path: Path):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    with db.storage.batch():
        db.table("games").put({"g1": {"coins": 12}})
    lines = path.read_bytes().split(b"\n")
    start = lines.index(b'"_integrity":{')
    body = b"\n".join(lines[:start]) + b"\n"
    crcs = [zlib.crc32(line) for line in body.split(b"\n")[:-1]]
    crcs[2] = zlib.crc32(lines[2])  # a document line's sum is taken without its comma (here it has none)
    old = body + b'"_integrity":{"file":{"crc32":%d}}}\n' % zlib.crc32(b"".join(c.to_bytes(4, "little") for c in crcs))
    assert read_file(path, old)["games"]["g1"].value() == {"coins": 12}
    with pytest.raises(HistoryDamaged, match="1 of its 1 games fail") as refused:  # no sums to vouch with
        read_file(path, old.replace(b'"coins":12', b'"coins":13'))
    assert refused.value.survey.damaged == {"games": ["g1"]}


@pytest.mark.parametrize(
    "data, reason",
    [
        (b"", "empty"),
        (b"[1, 2]", "not a history file"),
        (b'{"games": [1]}', "not a history file"),
        (b"\x00\xff garbage", "not valid JSON"),
    ],
)
def test_unreadable_contents(tmp_path: Path, data: bytes, reason: str):
    with pytest.raises(HistoryUnreadable, match=reason):
        read_file(tmp_path / "h.json", data)


def test_only_changed_documents_are_serialized_again(tmp_path: Path):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    with db.storage.batch():
        db.table("games").put({"g1": {"n": 1}, "g2": {"n": 2}})
    before = db.storage.read()["games"]
    with db.storage.batch():
        db.table("games").put({"g2": {"n": 20}})
    after = db.storage.read()["games"]
    assert after["g1"] is before["g1"]  # the same bytes, streamed again
    assert after["g2"] is not before["g2"]
    assert reopened(path).table("games").get(doc_id="g2") == {"n": 20}


def test_tinydb_in_place_updates_are_written_too(tmp_path: Path):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    with db.storage.batch():
        db.table("games").put({"g1": {"n": 1, "gone": True}})
    db.table("games").update({"n": 2}, doc_ids=["g1"])

    def drop(doc):
        del doc["gone"]

    db.table("games").update(drop, doc_ids=["g1"])
    db.table("games").upsert(db.table("games").document_class({"n": 3}, "g1"))
    assert reopened(path).table("games").get(doc_id="g1") == {"n": 3}


def test_a_batch_reaches_the_disk_once_and_an_error_inside_writes_nothing(tmp_path: Path):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    with db.storage.batch():
        db.table("games").put({"g1": {"n": 1}})
    before = path.read_bytes()
    with pytest.raises(RuntimeError), db.storage.batch():
        db.table("games").put({"g2": {"n": 2}})
        db.table("games").update({"n": 100}, doc_ids=["g1"])
        assert path.read_bytes() == before  # nothing on disk before the batch ends
        raise RuntimeError("the game could not be scored")
    assert path.read_bytes() == before
    assert db.table("games").get(doc_id="g1") == {"n": 1}  # the in-place edit was dropped as well
    assert db.table("games").get(doc_id="g2") is None


def test_a_failed_write_leaves_file_and_memory_as_they_were(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    with db.storage.batch():
        db.table("games").put({"g1": {"n": 1}})
    before = path.read_bytes()

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space"):
        db.table("games").update({"n": 2}, doc_ids=["g1"])
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert db.table("games").get(doc_id="g1") == {"n": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["h.json"]  # no temporary file left behind


def test_a_storage_that_was_not_read_refuses_to_write(tmp_path: Path):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    db.storage.forget()
    with pytest.raises(HistoryError, match="refusing to write"):
        db.table("games").put({"g1": {}})
    assert not path.exists()


def test_it_notices_another_process_replacing_the_file(tmp_path: Path):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    with db.storage.batch():
        db.table("games").put({"g1": {}})
    assert not db.storage.changed_on_disk()
    other = reopened(path)
    with other.storage.batch():
        other.table("games").put({"g2": {}})
    assert db.storage.changed_on_disk()


def test_stored_documents_hand_out_copies():
    document = StoredDocument.serialize("g1", {"cards": ["Altar"]})
    document.value()["cards"].append("Baths")
    assert document.value() == {"cards": ["Altar"]}
    assert dict(document) == {"cards": ["Altar"]}
    document["coins"] = 3
    assert document.value() == {"cards": ["Altar"], "coins": 3}
    document.revert()
    assert document.value() == {"cards": ["Altar"]}


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_atomic_file_keeps_the_permissions_the_user_gave(tmp_path: Path):
    path = tmp_path / "h.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    with atomic.atomic_file(path) as handle:
        handle.write(b"new")
    assert path.read_text(encoding="utf-8") == "new"
    assert path.stat().st_mode & 0o777 == 0o640


def test_atomic_file_syncs_the_data_before_the_rename_and_the_folder_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    folder_fds: set[int] = set()
    real_open = os.open

    def opening(path, flags, *args, **kwargs):
        fd = real_open(path, flags, *args, **kwargs)
        if Path(path) == tmp_path:
            folder_fds.add(fd)
        return fd

    monkeypatch.setattr(atomic.os, "open", opening)

    def syncing(fd: int) -> None:
        events.append("fsync folder" if fd in folder_fds else "fsync file")
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", syncing)
    monkeypatch.setattr(atomic.os, "replace", lambda a, b: (events.append("replace"), real_replace(a, b)))
    with atomic.atomic_file(tmp_path / "h.json") as handle:
        handle.write(b"{}")
    expected = ["fsync file", "replace"] + (["fsync folder"] if os.name != "nt" else [])
    assert events == expected


def test_a_briefly_refused_rename_is_retried_on_windows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    real_replace = os.replace
    refusals = iter([PermissionError(13, "Access is denied")] * 2)

    def busy_then_free(source, target):
        error = next(refusals, None)
        if error is not None:
            raise error
        real_replace(source, target)

    monkeypatch.setattr(atomic, "RETRY_REPLACE", True)
    monkeypatch.setattr(atomic, "REPLACE_PAUSE", 0)
    monkeypatch.setattr(atomic.os, "replace", busy_then_free)
    with atomic.atomic_file(tmp_path / "h.json") as handle:
        handle.write(b"{}")
    assert (tmp_path / "h.json").read_bytes() == b"{}"


def test_documents_of_on_disk_tables_are_read_from_the_file_when_asked(tmp_path: Path):
    from scorer.history.layout import FileSource

    path = tmp_path / "h.json"
    db = fresh_db(path)
    with db.storage.batch():
        db.table("games").put({"g1": {"coins": 12}, "g2": {"coins": 3}})
        db.table("summaries").put({"g1": {"total": 50}})
    storage = HistoryStorage(path)
    storage.on_disk = frozenset({"games"})
    storage.load()
    tables = storage.read()
    assert all(isinstance(doc._source, FileSource) for doc in tables["games"].values())
    assert all(isinstance(doc._source, bytes) for doc in tables["summaries"].values())
    assert tables["games"]["g2"].value() == {"coins": 3} and tables["summaries"]["g1"].value() == {"total": 50}
    # a save streams the games from the open file into the new one, and the old file's documents still read
    again = HistoryDB(path, storage=HistoryStorage)
    again.storage.on_disk = frozenset({"games"})
    again.storage.load()
    with again.storage.batch():
        again.table("games").put({"g3": {"coins": 1}})
    assert reopened(path).table("games").get(doc_id="g1") == {"coins": 12}
    assert tables["games"]["g1"].value() == {"coins": 12}  # the file replaced whole: the one read is still open


def test_a_game_changed_in_place_under_an_open_file_is_refused_not_read(tmp_path: Path):
    path = tmp_path / "h.json"
    db = fresh_db(path)
    with db.storage.batch():
        db.table("games").put({"g1": {"coins": 12}})
    storage = HistoryStorage(path)
    storage.on_disk = frozenset({"games"})
    storage.load()
    data = path.read_bytes()
    with open(path, "r+b") as handle:  # not as the store writes: in place, same size
        handle.write(data.replace(b'"coins":12', b'"coins":13'))
    with pytest.raises(HistoryUnreadable, match="changed in place"):
        storage.read()["games"]["g1"].value()


def test_an_open_file_not_in_the_layout_is_read_whole(tmp_path: Path):
    path = tmp_path / "h.json"
    path.write_text(json.dumps({"games": {"g1": {"coins": 12}}}, indent=2), encoding="utf-8")
    storage = HistoryStorage(path)
    storage.on_disk = frozenset({"games"})
    storage.load()
    assert storage.read()["games"]["g1"].value() == {"coins": 12}
