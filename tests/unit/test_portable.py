"""The core on macOS and Windows, run here on Linux with what those systems lack taken away: no os.fdatasync
(macOS, Windows), no os.O_NONBLOCK (Windows), no fcntl (Windows: the history lock is filelock's), and a
Windows that will not replace a file another program holds open."""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path

import pytest

from scorer.cli import main
from scorer.history import HistoryError, HistoryStore, atomic, journal
from scorer.history import lock as history_lock
from scorer.history.errors import HistoryLocked
from scorer.session import Draft
from scorer.validate import load_record
from tests.records import EXAMPLES, example, without_age


def test_a_journal_line_is_synced_with_fsync_where_there_is_no_fdatasync(tmp_path, monkeypatch):
    monkeypatch.delattr(os, "fdatasync")
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    draft = Draft(load_record(without_age(example("base-3p.json"), 2, 3)), {"undo": [], "aside": {}})
    kept = journal.DraftJournal(tmp_path / "history.json", draft.record.id)
    try:
        kept.append(draft)
        assert synced  # durable when append returned
        assert journal.newest(kept.path)["record"]["id"] == draft.record.id
    finally:
        kept.close()


def test_on_macos_every_sync_asks_the_drive_to_write_its_cache_out(tmp_path, monkeypatch):
    """F_FULLFSYNC for a journal line, a saved history's file and its folder; fsync where a file system
    refuses it (a network share)."""
    import fcntl

    full, plain, refused = [], [], []

    def named(fd):
        return Path(os.readlink(f"/proc/self/fd/{fd}")).name

    def full_fsync(fd, command):
        assert command == 51
        if refused:
            raise OSError(45, "Operation not supported")  # ENOTSUP, as a share says it
        full.append(named(fd))

    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(fcntl, "F_FULLFSYNC", 51, raising=False)
    monkeypatch.setattr(fcntl, "fcntl", full_fsync)
    monkeypatch.delattr(os, "fdatasync")
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (plain.append(named(fd)), real_fsync(fd)))
    db = tmp_path / "history.json"
    with HistoryStore.open(db) as store:
        store.save(load_record(example("base-3p.json")))
    *_, new_file, folder = full  # the new file before it replaces the old one, then the folder after
    assert new_file.endswith(atomic.TEMP_SUFFIX) and folder == tmp_path.name and plain == []
    full.clear()
    draft = Draft(load_record(without_age(example("leaders-5p.json"), 2, 3)), {"undo": [], "aside": {}})
    kept = journal.DraftJournal(db, draft.record.id)
    try:
        kept.append(draft)
        assert full == [tmp_path.name, kept.path.name] and plain == []  # the folder, once; the line
        refused.append(True)
        kept.append(draft)
        assert plain == [kept.path.name]
    finally:
        kept.close()


def test_score_file_and_import_read_files_where_there_is_no_o_nonblock(tmp_path, monkeypatch, capsys):
    monkeypatch.delattr(os, "O_NONBLOCK")
    db = tmp_path / "history.json"
    assert main(["score", str(EXAMPLES / "base-3p.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"]
    assert main(["--db", str(db), "import", str(EXAMPLES / "leaders-5p.json")]) == 0
    with HistoryStore.open(db) as store:
        assert len(store.games()) == 1
    fifo = tmp_path / "game.json"  # still refused without O_NONBLOCK, by the checks around the open
    os.mkfifo(fifo)
    assert main(["score", str(fifo)]) == 2
    assert "regular file" in capsys.readouterr().err


@pytest.fixture
def windows_lock(monkeypatch):
    """scorer.history.lock as Windows imports it: sys.platform "win32", no fcntl to import. filelock is loaded
    first, as this system's: imported while the platform reads "win32", it would pick its msvcrt lock."""
    importlib.import_module("filelock")
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` fails, as on Windows
    try:
        yield importlib.reload(history_lock)
    finally:
        monkeypatch.undo()
        importlib.reload(history_lock)


def test_the_history_lock_works_through_filelock_where_there_is_no_fcntl(tmp_path, windows_lock):
    db = tmp_path / "history.json"
    first = windows_lock.ProcessLock(db, timeout=0)
    with first:
        with first:  # re-entrant within its holder
            pass
        with pytest.raises(HistoryLocked), windows_lock.ProcessLock(db, timeout=0):
            pass
    with windows_lock.ProcessLock(db, timeout=0):  # released: taken again at once
        pass


def test_a_file_another_program_holds_open_is_retried_then_refused_in_words(tmp_path, monkeypatch):
    db = tmp_path / "history.json"
    with HistoryStore.open(db) as store:
        store.save(load_record(example("base-3p.json")))
    before = db.read_bytes()
    tries = []

    def held_open(source, target):
        tries.append(target)
        raise PermissionError(13, "Access is denied")  # Windows, while another process has the file open

    monkeypatch.setattr(atomic, "RETRY_REPLACE", True)
    monkeypatch.setattr(atomic, "REPLACE_PAUSE", 0.001)
    monkeypatch.setattr(os, "replace", held_open)
    with HistoryStore.open(db) as store, pytest.raises(HistoryError) as refused:
        store.save(load_record(example("leaders-5p.json")))
    assert len(tries) == atomic.REPLACE_ATTEMPTS
    assert "another program keeps history.json open" in str(refused.value)
    assert "was not changed" in str(refused.value) and "Errno" not in str(refused.value)
    assert db.read_bytes() == before
    assert [path.name for path in tmp_path.iterdir() if path.suffix == atomic.TEMP_SUFFIX] == []


def test_a_read_only_file_windows_will_not_replace_is_refused_at_once_not_said_to_be_held_open(tmp_path, monkeypatch):
    target, tries = tmp_path / "games.csv", []
    target.write_bytes(b"old")

    def read_only(source, destination):
        tries.append(destination)
        raise PermissionError(13, "Access is denied")

    real_access = os.access
    monkeypatch.setattr(atomic, "RETRY_REPLACE", True)
    monkeypatch.setattr(os, "replace", read_only)
    monkeypatch.setattr(os, "access", lambda path, mode: mode != os.W_OK and real_access(path, mode))
    with pytest.raises(PermissionError) as refused, atomic.atomic_file(target) as handle:
        handle.write(b"new")
    assert len(tries) == 1 and not isinstance(refused.value, atomic.ReplaceRefused)
    assert target.read_bytes() == b"old"


def test_a_file_held_open_for_over_a_second_is_saved_once_it_is_let_go(tmp_path, monkeypatch):
    db = tmp_path / "history.json"
    real_replace, refusals = os.replace, [PermissionError(13, "Access is denied")] * 12  # 0.1 s apart

    def held_for_a_moment(source, target):
        if refusals:
            raise refusals.pop()
        real_replace(source, target)

    monkeypatch.setattr(atomic, "RETRY_REPLACE", True)
    monkeypatch.setattr(atomic, "REPLACE_PAUSE", 0.001)
    monkeypatch.setattr(os, "replace", held_for_a_moment)
    saves_and_reads_back(db, monkeypatch)


def test_a_history_in_a_folder_windows_marks_read_only_is_written(tmp_path, monkeypatch):
    """Windows sets the read-only attribute on customised folders (Documents, one with its own icon), which
    Python's os.stat reports as a folder without write bits, and still lets files be made in it."""
    from scorer.history import access

    folder = tmp_path / "Documents"
    folder.mkdir()
    db = folder / "history.json"
    real_stat = os.stat

    def as_windows_says(path, *args, **options):
        found = real_stat(path, *args, **options)
        if os.fspath(path) != os.fspath(folder):
            return found
        return os.stat_result((found.st_mode & ~0o222, *tuple(found)[1:]))

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(access.os, "stat", as_windows_says)
    assert access.why_read_only(db) is None
    saves_and_reads_back(db, monkeypatch)


def test_settings_another_program_holds_open_are_refused_in_words_not_a_crash(tmp_path, monkeypatch):
    """The table app's Settings words an InputError; an OSError would end the app."""
    from scorer.errors import InputError
    from scorer.preferences import read_preferences, save_preferences

    path = tmp_path / "settings.json"
    save_preferences({"language": "en"}, path)

    def held_open(source, target):
        raise PermissionError(13, "Access is denied")

    monkeypatch.setattr(atomic, "RETRY_REPLACE", True)
    monkeypatch.setattr(atomic, "REPLACE_PAUSE", 0.001)
    monkeypatch.setattr(os, "replace", held_open)
    with pytest.raises(InputError) as refused:
        save_preferences({"language": "pt"}, path)
    assert "another program keeps settings.json open" in str(refused.value)
    assert read_preferences(path)[0].language == "en"


def test_ctrl_c_before_host_listens_for_it_stops_it_cleanly(tmp_path, monkeypatch, capsys):
    """On Windows asyncio.run's own Ctrl+C handler is in place until the host's is: a Ctrl+C then ends
    asyncio.run in KeyboardInterrupt, which stops the host like any other Ctrl+C (no traceback)."""
    import asyncio

    from tests.phones.hosting import stored_draft

    db = tmp_path / "history.json"
    stored_draft(db)

    def interrupted(serving, **options):
        serving.close()
        raise KeyboardInterrupt

    monkeypatch.setattr(asyncio, "run", interrupted)
    assert main(["--db", str(db), "host", "--port", "0"]) == 0
    assert capsys.readouterr().err.strip() == "Stopped; the draft is saved."


def saves_and_reads_back(db, monkeypatch) -> None:
    """A game saved under the imitated system, then read back as this system is (nothing lost)."""
    with HistoryStore.open(db) as store:
        store.save(load_record(example("base-3p.json")))
    monkeypatch.undo()
    with HistoryStore.open(db) as store:
        assert len(store.games()) == 1
