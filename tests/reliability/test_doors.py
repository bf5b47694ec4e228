"""Four doors to one game (issue 27): while a game is shared with phones, no other writer reaches it; an edit
the host could not put on disk is never answered "saved"; `--db` on a link writes where it points, and on a
device, a pipe or a loop is refused."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
from pathlib import Path

import aiohttp
import pytest
from filelock import FileLock

from scorer.autosave import DraftSaver
from scorer.cli import main
from scorer.history import GameShared, HistoryStore
from scorer.history.journal import DraftJournal, newest
from scorer.history.sharing import lock_path
from scorer.model import GameRecord
from scorer.phones.lock import HostLock
from scorer.phones.table import PhoneTable
from scorer.session import GameSession
from tests.phones.tables import request, session_at
from tests.records import example
from widgets import compat


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def stored_draft(history: Path) -> GameRecord:
    session, _ = session_at()
    with HistoryStore.open(history) as store:
        store.save_draft(session.record)
    return session.record


@pytest.fixture
def elsewhere(tmp_path):
    """Another process's host of the stored draft: its host lock held by a lock this process never registered
    (flock excludes a second open of the file in one process as it does another process)."""
    history = tmp_path / "history.json"
    record = stored_draft(history)
    held = FileLock(lock_path(history, record.id), timeout=0)
    held.acquire()
    yield history, record
    held.release()


# --- 1. one writer per shared game ---------------------------------------------------------------------------


def test_every_store_write_of_a_game_shared_elsewhere_is_refused_and_changes_nothing(elsewhere):
    history, record = elsewhere
    before = history.read_bytes()
    with HistoryStore.open(history) as store:
        assert store.shared_elsewhere(record.id)
        finished = dataclasses.replace(record, status="finished")
        for write in (
            lambda: store.save_draft(record),
            lambda: store.save_draft_with_memory(record, {}),
            lambda: store.finalise(record),
            lambda: store.save(finished),
            lambda: store.correct(finished),
            lambda: store.add_games([finished]),
            lambda: store.discard(record.id),
            lambda: store.delete(record.id),
        ):
            with pytest.raises(GameShared, match="being shared with the phones"):
                write()
    assert history.read_bytes() == before


def test_the_process_that_shares_the_game_writes_it_and_others_may_once_it_stops(tmp_path):
    history = tmp_path / "history.json"
    record = stored_draft(history)
    host = HostLock(history, record.id)
    host.acquire()
    with HistoryStore.open(history) as store:
        assert not store.shared_elsewhere(record.id)
        store.save_draft_with_memory(record, {"undo": []})  # the host's own autosave
    host.release()
    with HistoryStore.open(history) as store:
        store.delete(record.id)


@pytest.mark.parametrize("command", ["import", "score-save", "score-replace"])
def test_cli_writers_of_a_shared_game_are_refused_in_one_line(elsewhere, capsys, tmp_path, command):
    history, record = elsewhere
    finished = tmp_path / "finished.json"
    finished.write_text(json.dumps(example("leaders-armada-7p.json") | {"id": record.id}))
    before = history.read_bytes()
    words = {
        "import": ["import", str(finished)],
        "score-save": ["score", str(finished), "--save"],
        "score-replace": ["score", str(finished), "--save", "--replace", record.id],
    }[command]
    code, _, err = run(capsys, "--db", str(history), *words)
    assert code == 2
    assert "being shared with the phones" in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert history.read_bytes() == before


async def test_the_table_app_does_not_resume_a_draft_another_window_shares(elsewhere, monkeypatch):
    from tests.tui.driver import press, settle
    from widgets.app import WondersApp
    from widgets.screens.home import HomeScreen

    history, record = elsewhere
    monkeypatch.setenv("WONDERS_SCORER_LANG", "en")
    app = WondersApp(history)
    before = history.read_bytes()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "r")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and app.session is None
        [note] = [n for n in compat.notifications(app) if n.title == "This game is being shared elsewhere"]
        assert record.id[:8] in note.message
    assert history.read_bytes() == before


# --- 2. an edit is acknowledged only once durable ----------------------------------------------------------------


class FullDisk(DraftJournal):
    """The real journal on a disk that fills: while `full`, an append writes half its line, then fails."""

    full = False

    def append(self, draft) -> None:
        if not self.full:
            return super().append(draft)
        real_write = os.write

        def half(fd: int, data) -> int:
            real_write(fd, bytes(data[: len(data) // 2]))
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        os.write = half  # type: ignore[assignment]
        try:
            super().append(draft)
        finally:
            os.write = real_write


async def test_a_phone_edit_the_disk_refuses_is_answered_not_saved_and_the_next_one_saved(tmp_path):
    history = tmp_path / "history.json"
    errors: list[Exception] = []
    with HistoryStore.open(history) as store:
        record = stored_draft(history)
        saver = DraftSaver(lambda d: store.save_draft_with_memory(d.record, d.memory), errors.append)
        session = GameSession(record.to_dict(), saver.submit)
        journal = FullDisk(history, session.record.id)
        table = PhoneTable(session, history, language="en", saved=saver.written)
        saver.use_journal(journal)
        await table.start()
        url = table.seat_urls["Ana"]
        try:
            async with aiohttp.ClientSession() as http:
                journal.full = True
                version = table.state("Ana")["version"]
                async with http.post(f"{url}/edit", data=request(version, "add_card", card="altar")) as reply:
                    body = await reply.json()
                assert reply.status == 503 and body["unsaved"] and "Not saved" in body["error"]
                assert errors and errors[-1].errno == errno.ENOSPC  # type: ignore[attr-defined]
                assert not saver.durable
                journal.full = False  # room again: the next edit saves both
                version = table.state("Ana")["version"]
                async with http.post(f"{url}/edit", data=request(version, "add_card", card="baths")) as reply:
                    assert reply.status == 200
                assert saver.durable
                entry = newest(journal.path)  # what a kill now would replay: the half line did not hide it
                assert entry is not None
                assert GameRecord.from_dict(entry["record"]).entry(1, "Ana").cards == ["Altar", "Baths"]
        finally:
            await table.stop()
            saver.close()


def test_a_host_whose_last_writes_failed_does_not_say_the_draft_is_saved(tmp_path, capsys, monkeypatch):
    """`host` stopped (here at once, as by Ctrl+C) after a write that failed: exit 1 and why, never "saved"."""
    from scorer.cli import host

    history = tmp_path / "history.json"
    record = stored_draft(history)

    async def serve_one_failed_edit(table, args, port) -> None:
        def full(*_: object) -> None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(HistoryStore, "save_draft_with_memory", full)
        version = table.state("Ana")["version"]
        assert table.edit("Ana", request(version, "add_card", card="altar")).status == 200
        assert not await table.saved()

    monkeypatch.setattr(host, "_serve", serve_one_failed_edit)
    code, _, err = run(capsys, "--db", str(history), "host", "--game", record.id)
    monkeypatch.undo()
    assert code == 1
    assert "could NOT be saved" in err and "No space left" in err and "the draft is saved" not in err


# --- 3. --db: links followed, devices, pipes and loops refused -------------------------------------------------


def test_db_on_a_link_writes_the_file_it_points_at_and_keeps_the_link(tmp_path, capsys):
    real = tmp_path / "synced" / "history.json"
    real.parent.mkdir()
    link = tmp_path / "history.json"
    link.symlink_to(real)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(example("base-3p.json")))
    code, _, err = run(capsys, "--db", str(link), "import", str(game))
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == str(real)
    with HistoryStore.open(real) as store:
        assert store.count() == 1
    code, _, err = run(capsys, "--db", str(link), "import", str(game))  # and read through the link again
    assert code == 0 and "skipped 1" in (err + _)


def test_db_on_a_dangling_link_creates_the_file_it_points_at(tmp_path, capsys):
    link = tmp_path / "history.json"
    link.symlink_to(tmp_path / "elsewhere" / "games.json")
    game = tmp_path / "game.json"
    game.write_text(json.dumps(example("base-3p.json")))
    code, _, err = run(capsys, "--db", str(link), "import", str(game))
    assert code == 0, err
    assert link.is_symlink() and (tmp_path / "elsewhere" / "games.json").is_file()


@pytest.mark.parametrize("kind", ["device", "fifo", "loop"])
def test_db_on_a_device_a_pipe_or_a_loop_is_refused_in_one_line(tmp_path, capsys, kind):
    if kind == "device":
        path = Path(os.devnull)
    elif kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("this system makes no FIFO by a path (Windows)")
        path = tmp_path / "pipe.json"
        os.mkfifo(path)
    else:
        path = tmp_path / "a.json"
        path.symlink_to(tmp_path / "b.json")
        (tmp_path / "b.json").symlink_to(path)
    code, out, err = run(capsys, "--db", str(path), "history")
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1 and "--db" in err and "Traceback" not in err
    assert ("leads back to itself" if kind == "loop" else "a device, a pipe or a socket") in err
