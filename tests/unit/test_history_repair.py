"""`repair`: a damaged history's sound games copied into a new file, the others named by id and day, the
damaged file never written, no existing file replaced unless asked."""

from __future__ import annotations

import dataclasses
import json
import uuid
from pathlib import Path

import pytest

from scorer.errors import InputError
from scorer.history import HistoryDamaged, HistoryStore, summary_to_dict
from scorer.history.repair import LostGame, repair
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def game(played_on: str) -> object:
    data = json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8"))
    return dataclasses.replace(load_record({**data, "id": str(uuid.uuid4())}), played_on=played_on)


@pytest.fixture
def history(tmp_path: Path) -> tuple[Path, list]:
    path = tmp_path / "history.json"
    records = [game(day) for day in ("2026-11-20", "2026-11-21", "2026-11-22")]
    with HistoryStore.open(path) as store:
        for record in records:
            store.finalise(record)
        store.put_setting("dockyard", {"spaces": {}})
    return path, records


def damage(path: Path, line_of: str, old: bytes, new: bytes) -> bytes:
    """Change `old` to `new` on the one line that starts with `line_of`'s document (a still-parsing change)."""
    lines = path.read_bytes().split(b"\n")
    starts = [i for i, line in enumerate(lines) if line.startswith(line_of.encode()) and old in line]
    assert starts, f"no line of {line_of} holds {old!r}"
    lines[starts[0]] = lines[starts[0]].replace(old, new, 1)
    data = b"\n".join(lines)
    path.write_bytes(data)
    return data


def listed(path: Path) -> list[dict]:
    with HistoryStore.open(path) as store:
        return [{k: v for k, v in summary_to_dict(s).items() if k != "saved_at"} for s in store.games()]


def test_a_damaged_game_is_left_out_and_named_by_id_and_day_the_others_are_copied(history, tmp_path: Path):
    path, records = history
    before = listed(path)
    damaged = damage(path, f'"{records[1].id}"', b'"Stone Pit"', b'"Stone Pht"')
    with pytest.raises(HistoryDamaged, match="1 of its 3 games fail"):
        HistoryStore.open(path)

    report = repair(path, tmp_path / "repaired.json")

    assert report.copied == 2 and report.lost == (LostGame(records[1].id, "2026-11-21"),)
    assert report.rescored == 0 and report.lost_settings == ()
    assert path.read_bytes() == damaged  # the damaged file is only read
    with HistoryStore.open(tmp_path / "repaired.json") as store:
        assert {r["id"]: r for r in store.records()} == {r.id: r.to_dict() for r in (records[0], records[2])}
        assert store.setting("dockyard") == {"spaces": {}}
    assert listed(tmp_path / "repaired.json") == [before[0], before[2]]


def test_a_damaged_summary_is_scored_again_from_its_sound_game(history, tmp_path: Path):
    path, records = history
    before = listed(path)
    data = damage(path, f'"{records[0].id}"', b'"names"', b'"namer"')  # only a summary has "names"
    with HistoryStore.open(path) as store:  # read, with that summary made again from its sound game...
        assert store.damage is not None
        assert [{k: v for k, v in summary_to_dict(s).items() if k != "saved_at"} for s in store.games()] == before
        with pytest.raises(HistoryDamaged, match="1 of its 3 game summaries fail"):  # ...but never written
            store.finalise(game("2026-11-23"))
    assert path.read_bytes() == data
    report = repair(path, tmp_path / "repaired.json")
    assert (report.copied, report.lost, report.rescored) == (3, (), 1)
    assert listed(tmp_path / "repaired.json") == before


def test_a_damaged_setting_is_named(history, tmp_path: Path):
    path, _ = history
    damage(path, '"dockyard"', b'"spaces"', b'"spacer"')
    report = repair(path, tmp_path / "repaired.json")
    assert (report.copied, report.lost, report.lost_settings) == (3, (), ("dockyard",))
    with HistoryStore.open(tmp_path / "repaired.json") as store:
        assert store.setting("dockyard") is None


def test_a_cut_short_file_gives_what_can_be_vouched_for(history, tmp_path: Path):
    path, records = history
    data = path.read_bytes()
    path.write_bytes(data[: data.index(b'"summaries":{')])  # every checksum entry is gone with the end
    report = repair(path, tmp_path / "repaired.json")
    assert report.copied == 0
    assert sorted(report.lost) == sorted(LostGame(r.id, r.played_on) for r in records)


def test_repair_never_writes_over_the_history_or_an_existing_file(history, tmp_path: Path):
    path, _ = history
    data = damage(path, '"dockyard"', b'"spaces"', b'"spacer"')
    with pytest.raises(InputError, match="not the history itself"):
        repair(path, path)
    with pytest.raises(InputError, match="not the history itself"):
        repair(path, tmp_path / "." / "history.json", force=True)
    taken = tmp_path / "taken.json"
    taken.write_text("mine")
    with pytest.raises(InputError, match="does not exist yet"):
        repair(path, taken)
    assert taken.read_text() == "mine" and path.read_bytes() == data
    assert repair(path, taken, force=True).copied == 3


def test_a_history_pretty_printed_by_a_json_tool_is_vouched_for_document_by_document(history, tmp_path: Path):
    path, records = history
    before = listed(path)
    pretty = json.dumps(json.loads(path.read_bytes()), indent=2, ensure_ascii=False).encode()
    path.write_bytes(pretty)
    with HistoryStore.open(path) as store:  # every document still holds: read, but not written until repaired
        assert "it fails its checksum, though each of its 3 games holds" in str(store.damage)
        assert listed(path) == before
        with pytest.raises(HistoryDamaged):
            store.finalise(game("2026-11-23"))
    assert path.read_bytes() == pretty
    edited = pretty.replace(b'"Stone Pit"', b'"Stone Pht"', 1)  # and edited by hand: that game is not vouched for
    path.write_bytes(edited)
    report = repair(path, tmp_path / "repaired.json")
    assert report.copied == 2 and [game.game_id for game in report.lost] == [records[0].id]
    assert listed(tmp_path / "repaired.json") == before[:2]  # newest first: records[0] was the oldest
    assert path.read_bytes() == edited


def test_a_file_with_checksums_but_nothing_recognisable_is_refused_and_not_repaired(tmp_path: Path):
    path = tmp_path / "history.json"
    path.write_bytes(b'garbage around a {"crc32": mark')
    with pytest.raises(HistoryDamaged, match="no document in it can be vouched for"):
        HistoryStore.open(path)
    with pytest.raises(HistoryDamaged):
        repair(path, tmp_path / "repaired.json")
    assert not (tmp_path / "repaired.json").exists()


def test_a_repair_never_writes_the_history_s_lock_or_through_a_link(tmp_path: Path) -> None:
    """The export's rule holds for repair too: its lock (a running writer would no longer exclude a new one)
    and a symlink (it would become a plain file) are refused, whatever --force says."""
    path = tmp_path / "h.json"
    with HistoryStore.open(path) as store:
        store.save(load_record(json.loads((EXAMPLES / "base-3p.json").read_text())))
    lock = tmp_path / "h.json.lock"
    lock.touch()
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    for target in (lock, link):
        with pytest.raises(InputError, match="choose"):
            repair(path, target, force=True)
    assert not (tmp_path / "elsewhere.json").exists()


def crlf(data: bytes) -> bytes:
    """The file as a Windows editor, git's autocrlf or a mail leaves it: every line ending CRLF."""
    return data.replace(b"\n", b"\r\n")


def test_a_history_with_crlf_line_endings_is_the_same_history(history):
    path, _ = history
    before = listed(path)
    path.write_bytes(crlf(path.read_bytes()))
    with HistoryStore.open(path) as store:  # not "damaged, 0 summaries fail": the same content, read and written
        assert store.damage is None
        store.finalise(game("2026-11-23"))
    assert listed(path)[1:] == before and b"\r\n" not in path.read_bytes()


def test_a_damaged_crlf_file_that_no_longer_parses_is_surveyed_line_by_line(history, tmp_path: Path):
    path, records = history
    damage(path, f'"{records[1].id}"', b'"Stone Pit"', b'"Stone Pht"')
    data = crlf(path.read_bytes())
    path.write_bytes(data[: data.rindex(b'"file":')])  # cut before its last line: no longer JSON
    with pytest.raises(HistoryDamaged, match="1 of its 3 games fail"):
        HistoryStore.open(path)
    report = repair(path, tmp_path / "repaired.json")
    assert report.copied == 2 and report.lost == (LostGame(records[1].id, records[1].played_on),)
