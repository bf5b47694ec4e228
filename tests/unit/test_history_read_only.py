"""A read-only history is respected (issue 11, item 4): a history file or folder without write permission is
never written, not even through its folder (the atomic replace needs only the folder's permission), and
`history`, `show`, `stats` and `export` still work on it, creating no lock file.

The tests may run as root, whom the kernel lets write anything: the store reads the permission bits itself
(scorer/history/access.py), so these tests hold for root and for anybody else alike.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorer.cli import main
from scorer.history import HistoryReadOnly, HistoryStore
from scorer.history import summary as summary_module
from scorer.validate import load_record

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "examples" / "base-3p.json"
OTHER = ROOT / "examples" / "leaders-5p.json"


pytestmark = pytest.mark.usefixtures("per_user_default_history")


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "club"
    folder.mkdir()
    yield folder
    folder.chmod(0o755)  # let pytest clean up
    for child in folder.iterdir():
        child.chmod(0o644)


def stored(folder: Path) -> Path:
    """A history in `folder` holding the base example, and no lock file left beside it."""
    path = folder / "h.json"
    with HistoryStore.open(path) as store:
        store.save(load_record(json.loads(BASE.read_text(encoding="utf-8"))))
    (folder / "h.json.lock").unlink(missing_ok=True)
    return path


def read_only(path: Path, which: str) -> Path:
    """Take every write bit off the file or off its folder; returns the path."""
    target = path if which == "file" else path.parent
    target.chmod(stat.S_IMODE(target.stat().st_mode) & ~0o222)
    return path


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("which", ["file", "folder"])
@pytest.mark.parametrize(
    "argv",
    [
        ["score", str(OTHER), "--save"],
        ["import", str(OTHER)],
        ["delete", "0b8c", "--yes"],
    ],
    ids=lambda argv: argv[0],
)
def test_a_write_to_a_read_only_history_is_refused_and_changes_nothing(capsys, folder, which, argv):
    path = read_only(stored(folder), which)
    before = snapshot(folder)
    code, _out, err = run(capsys, "--db", str(path), *argv)
    assert code == 3
    [line] = err.splitlines()
    reason = "the file has no write permission" if which == "file" else f"its folder {folder} has no write permission"
    assert line == (
        f"wonders-scorer: {argv[0]}: {path} is read-only ({reason}): nothing was written; "
        "give it write permission, or keep the games in another file"
    )
    assert snapshot(folder) == before


@pytest.mark.parametrize("which", ["file", "folder"])
def test_reading_commands_work_on_a_read_only_history_without_a_lock_file(capsys, folder, tmp_path, which):
    path = read_only(stored(folder), which)
    before = snapshot(folder)
    code, out, err = run(capsys, "--db", str(path), "history", "--json")
    assert (code, err) == (0, "") and [g["id"][:8] for g in json.loads(out)] == ["0b8c1d2e"]
    code, out, err = run(capsys, "--db", str(path), "show", "0b8c")
    assert (code, err) == (0, "") and "Score sheet" in out
    code, out, err = run(capsys, "--db", str(path), "stats", "--json")
    assert (code, err) == (0, "") and json.loads(out)["games"] == 1
    code, out, err = run(capsys, "--db", str(path), "export", "-o", str(tmp_path / "out.json"))
    assert code == 0, err
    assert [g["id"][:8] for g in json.loads((tmp_path / "out.json").read_text())["games"]] == ["0b8c1d2e"]
    code, out, err = run(capsys, "--db", str(path), "score", str(BASE))  # reads the table's calibration
    assert (code, err) == (0, "")
    assert snapshot(folder) == before  # no lock file, no temporary file, nothing rewritten


def test_games_scored_again_on_a_read_only_history_are_listed_but_not_stored(folder, monkeypatch):
    path = read_only(stored(folder), "file")
    before = snapshot(folder)
    monkeypatch.setattr(summary_module, "rules_fingerprint", lambda: "other-rules")
    store = HistoryStore.open(path)
    [summary] = store.games()
    assert summary.rules == "other-rules" and summary.winners == ("Cid",)
    with pytest.raises(HistoryReadOnly, match="the file has no write permission"):
        store.finalise(load_record(json.loads(OTHER.read_text(encoding="utf-8"))))
    assert snapshot(folder) == before


def test_a_missing_history_in_a_read_only_folder_reads_as_empty_and_is_not_created(folder):
    folder.chmod(0o555)
    store = HistoryStore.open(folder / "h.json")
    assert store.games() == [] and store.count() == 0
    assert list(folder.iterdir()) == []
    folder.chmod(0o755)  # write permission given back: the first write makes a proper history
    store.finalise(load_record(json.loads(BASE.read_text(encoding="utf-8"))))
    assert [g.id[:8] for g in HistoryStore.open(folder / "h.json").games()] == ["0b8c1d2e"]


def test_write_permission_given_back_lets_the_same_store_write_again(folder):
    path = read_only(stored(folder), "file")
    store = HistoryStore.open(path)
    record = load_record(json.loads(OTHER.read_text(encoding="utf-8")))
    with pytest.raises(HistoryReadOnly):
        store.finalise(record)
    path.chmod(0o644)
    store.finalise(record)
    assert store.count() == 2 and os.access(path, os.W_OK)
