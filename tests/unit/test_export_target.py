"""`export -o` never overwrites the history, its lock or its backups, nor a link, a pipe or a device; an
existing file only with --force; `-o -` is standard output (issue 11, item 1)."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from scorer.cli import main
from scorer.history import HistoryStore, export_to
from scorer.history.target import TargetRefused, refusal

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "examples" / "base-3p.json"


pytestmark = pytest.mark.usefixtures("per_user_default_history")


@pytest.fixture
def db(capsys, tmp_path) -> Path:
    path = tmp_path / "h.json"
    assert main(["--db", str(path), "import", str(BASE)]) == 0
    capsys.readouterr()
    return path


def export(capsys, db: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--db", str(db), "export", "--format", "csv", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused_in_one_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("wonders-scorer: export: -o: "), err
    return lines[0]


def test_the_history_itself_is_refused_and_left_as_it_was(capsys, db):
    before = db.read_bytes()
    code, out, err = export(capsys, db, "-o", str(db))
    assert (code, out) == (2, "")
    assert "is the history file itself" in refused_in_one_line(err)
    assert db.read_bytes() == before
    code, _, err = export(capsys, db, "-o", str(db.parent / "." / db.name), "--force")  # another spelling, forced
    assert code == 2 and db.read_bytes() == before


def test_the_lock_is_refused_so_a_running_writer_still_excludes_another(capsys, db):
    lock = Path(f"{db}.lock")
    existed, before = lock.exists(), lock.read_bytes() if lock.exists() else None
    code, _, err = export(capsys, db, "-o", str(lock), "--force")
    assert code == 2 and "lock file" in refused_in_one_line(err)
    assert lock.exists() == existed and (lock.read_bytes() if existed else None) == before


@pytest.mark.parametrize("name", ["h.schema-1-backup-20261201-101010.json", "h.fresh-20261201-101010.json"])
def test_backups_and_fresh_files_are_refused(capsys, db, name):
    target = db.parent / name
    target.write_bytes(b"kept")
    code, _, err = export(capsys, db, "-o", str(target), "--force")
    assert code == 2
    refused_in_one_line(err)
    assert target.read_bytes() == b"kept"


def test_a_hard_link_to_the_history_is_the_history(capsys, db, tmp_path):
    elsewhere = tmp_path / "other" / "link.json"
    elsewhere.parent.mkdir()
    os.link(db, elsewhere)
    code, _, err = export(capsys, db, "-o", str(elsewhere), "--force")
    assert code == 2 and "is the history file itself" in refused_in_one_line(err)


def test_a_symlink_stays_a_symlink(capsys, db, tmp_path):
    pointed = tmp_path / "pointed.csv"
    pointed.write_text("mine", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(pointed)
    code, _, err = export(capsys, db, "-o", str(link), "--force")
    assert code == 2 and "not a regular file" in refused_in_one_line(err)
    assert link.is_symlink() and pointed.read_text(encoding="utf-8") == "mine"


def test_a_fifo_stays_a_fifo(capsys, db, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, _, err = export(capsys, db, "-o", str(fifo), "--force")
    assert code == 2 and "not a regular file" in refused_in_one_line(err)
    import stat

    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_device_is_refused(capsys, db):
    code, _, err = export(capsys, db, "-o", os.devnull, "--force")
    assert code == 2 and "not a regular file" in refused_in_one_line(err)


def test_dash_means_standard_output(capsys, db, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = export(capsys, db, "-o", "-")
    assert (code, err) == (0, "")
    assert out.lstrip("\ufeff").startswith("game_id,played_on,player")
    assert not (tmp_path / "-").exists()


def test_an_existing_file_is_replaced_only_with_force(capsys, db, tmp_path):
    target = tmp_path / "games.csv"
    target.write_text("keep me", encoding="utf-8")
    code, out, err = export(capsys, db, "-o", str(target))
    assert (code, out) == (2, "")
    assert "already exists; add --force to replace it" in refused_in_one_line(err)
    assert target.read_text(encoding="utf-8") == "keep me"
    code, _, err = export(capsys, db, "-o", str(target), "--force")
    assert code == 0 and err == f"exported 1 finished game to {target}\n"
    assert target.read_text(encoding="utf-8-sig").startswith("game_id,")


def test_the_refusal_in_portuguese_names_force(capsys, db, tmp_path):
    target = tmp_path / "games.csv"
    target.write_text("keep me", encoding="utf-8")
    code, _, err = export(capsys, db, "-o", str(target), "--lang", "pt")
    assert code == 2 and "--force" in refused_in_one_line(err) and "já existe" in err


def test_export_to_checks_the_target_itself(db, tmp_path):
    """The core refuses too, so every edge that writes a named file (the CLI, the table app) is covered."""
    before = db.read_bytes()
    with HistoryStore.open(db) as store:
        with pytest.raises(TargetRefused) as refused:
            export_to(store, "json", db, replace=True)
        assert refused.value.reason == "history"
        existing = tmp_path / "old.json"
        existing.write_text("{}", encoding="utf-8")
        with pytest.raises(TargetRefused):
            export_to(store, "json", existing)
        assert export_to(store, "json", existing, replace=True) == 1
    assert db.read_bytes() == before
    assert json.loads(existing.read_text(encoding="utf-8"))["games"]


def test_an_atomic_write_s_temporary_file_is_refused_too(db):
    """The next opening of the history sweeps it away: an export there would be lost."""
    assert refusal(db.parent / ".h.json.abc123.tmp", db, replace=True) == "temporary"


def test_a_new_path_beside_the_history_is_fine(db):
    assert refusal(db.parent / "h-export.json", db, replace=False) is None
    assert refusal(db.parent / "h.json.csv", db, replace=False) is None


# --- every file the store owns, and a full disk (issue 27) ------------------------------------------------

OWNED = {
    "journal": ("h.json.host-0123abcd.journal", "journal of a game shared with phones"),
    "host lock": ("h.json.host-0123abcd.lock", "lock file"),
    "lock": ("h.json.lock", "lock file"),
    "backup": ("h.schema-1-backup-20261201-101010.json", "backup"),
    "temporary": (".h.json.k3x9q2.tmp", "temporary file"),
    "history": ("h.json", "history file itself"),
}


@pytest.mark.parametrize("command", ["export", "repair"])
@pytest.mark.parametrize("force", [False, True], ids=["", "force"])
@pytest.mark.parametrize("kind", list(OWNED))
def test_every_file_the_store_owns_is_refused_with_or_without_force(capsys, db, kind, force, command):
    name, said = OWNED[kind]
    target = db.parent / name
    if not target.exists():
        target.write_bytes(b"the store's")
    before = target.read_bytes()
    with live_host(db):  # else opening the history folds the journal in and removes it
        code = main(["--db", str(db), command, "-o", str(target), *(["--force"] if force else [])])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and len(err.splitlines()) == 1, err
    assert (said if (command, kind) != ("repair", "history") else "not the history itself") in err, err
    if kind != "temporary":  # a save's leftover, swept by the opening of the history itself
        assert target.read_bytes() == before


@contextmanager
def live_host(db: Path) -> Iterator[None]:
    """The host lock of the game whose journal the tests write, held as a running `host` holds it."""
    from filelock import FileLock

    with FileLock(db.parent / f"{db.name}.host-0123abcd.lock", timeout=0):
        yield


def test_a_hard_link_to_a_journal_is_the_journal(capsys, db, tmp_path):
    """The store's files by another name (a hard link; on macOS and Windows another letter case): refused."""
    journal = db.parent / "h.json.host-0123abcd.journal"
    journal.write_bytes(b'{"record": {}}\n')
    other = tmp_path / "exports" / "games.csv"
    other.parent.mkdir()
    os.link(journal, other)
    with live_host(db):
        code, _, err = export(capsys, db, "-o", str(other), "--force")
    assert code == 2 and "journal" in refused_in_one_line(err)
    assert journal.read_bytes() == b'{"record": {}}\n'


def no_space(*_: object, **__: object) -> int:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize("force", [False, True], ids=["new", "replaced"])
def test_a_full_disk_says_nothing_was_saved_and_exits_1(capsys, db, monkeypatch, force):
    target = db.parent / "games.json"
    if force:
        target.write_bytes(b"last week's")
    monkeypatch.setattr("scorer.history.export.export_json", no_space)
    code = main(["--db", str(db), "export", "-o", str(target), *(["--force"] if force else [])])
    out, err = capsys.readouterr()
    assert (code, out) == (1, "") and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert "nothing was saved" in err and os.strerror(errno.ENOSPC) in err and "not allowed" not in err
    assert (target.read_bytes() if force else target.exists()) == (b"last week's" if force else False)
    assert not list(db.parent.glob(".games.json.*"))  # no temporary file left
