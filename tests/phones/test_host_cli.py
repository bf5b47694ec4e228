"""`wonders-scorer host` as a program: its --json line, an edit over HTTP, a clean stop on SIGTERM with the
draft saved (without the calls Windows and macOS lack too), a SIGKILL mid-age that loses no accepted edit, and
the refusals (a second host, a finished game)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

import pytest

from scorer.history.store import HistoryStore
from scorer.validate import load_record
from tests.phones.hosting import ROOT, add, call, entries, host, links, stored_draft
from tests.records import example


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_a_host_without_fdatasync_or_loop_signal_handlers_serves_and_stops_cleanly(tmp_path, stop):
    """As on Windows (and macOS for fdatasync): the journal syncs with fsync, Ctrl+C stops through
    signal.signal, and the last draft is written."""
    db = tmp_path / "history.json"
    game_id = stored_draft(db)
    process = host(db, "--json", module="tests.phones.without_linux")
    try:
        shared = links(process)
        add(shared["seats"]["Ana"], "altar")
        add(shared["seats"]["Ben"], "workshop")
    finally:
        process.send_signal(stop)
        err = process.communicate(timeout=60)[1]
    assert process.returncode == 0 and "Traceback" not in err, err
    assert entries(db, game_id, "Ana") == ["Altar"] and entries(db, game_id, "Ben") == ["Workshop"]
    assert not list(tmp_path.glob("*.journal"))  # folded into the history: nothing left to replay


def test_the_json_line_an_edit_and_a_clean_stop_with_the_draft_saved(tmp_path):
    db = tmp_path / "history.json"
    game_id = stored_draft(db)
    process = host(db, "--json")
    try:
        shared = links(process)
        assert shared["url"].startswith("http://127.0.0.1:") and set(shared["seats"]) >= {"Ana", "Ben"}
        assert add(shared["seats"]["Ana"], "altar")["state"]["cards"][0]["id"] == "altar"
        second = host(db, "--json")  # the same game, hosted again
        out, err = second.communicate(timeout=60)
        assert second.returncode == 2 and "another host" in err and "Traceback" not in err
        assert "another host" in json.loads(out)["error"]["allowed"]  # --json: the refusal is JSON too
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
    assert process.returncode == 0
    assert entries(db, game_id, "Ana") == ["Altar"]


def test_a_host_killed_mid_age_keeps_every_edit_it_accepted(tmp_path):
    db = tmp_path / "history.json"
    game_id = stored_draft(db)
    process = host(db, "--json")
    try:
        shared = links(process)
        add(shared["seats"]["Ana"], "altar")
        add(shared["seats"]["Ben"], "workshop")
        add(shared["seats"]["Ana"], "baths")
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    restarted = host(db, "--json", "--game", game_id[:8])  # the lock went with the killed process
    try:
        shared = links(restarted)
        state = call(f"{shared['seats']['Ana']}/state")
        assert [card["id"] for card in state["cards"]] == ["altar", "baths"]
        assert entries(db, game_id, "Ben") == ["Workshop"]
    finally:
        restarted.send_signal(signal.SIGINT)
        restarted.wait(timeout=30)
    assert restarted.returncode == 0


@pytest.mark.parametrize("words", [("--bind", "not-an-address"), ("--port", "70000")])
def test_bad_options_are_refused_like_any_bad_value(tmp_path, words):
    done = subprocess.run(
        [sys.executable, "-m", "scorer", "--db", str(tmp_path / "h.json"), "host", *words],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and words[1] in done.stderr


def test_a_finished_game_or_no_draft_is_refused(tmp_path):
    db = tmp_path / "history.json"
    finished = load_record(example("base-3p.json"))
    with HistoryStore.open(db) as store:
        store.save(finished)
    for words in ((), ("--game", finished.id)):
        done = subprocess.run(
            [sys.executable, "-m", "scorer", "--db", str(db), "host", "--port", "0", *words],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr, done.stderr


@pytest.mark.parametrize(
    ("words", "field"),
    [(("--bind", "not-an-address"), "--bind"), (("--port", "70000"), "--port"), (("--game", "zz"), "GAME_ID")],
)
def test_with_json_a_refusal_is_a_json_line_too(tmp_path, words, field):
    """Issue 31 item 8: a script reading `host --json`'s first line gets JSON, refusals included (exit 2)."""
    done = subprocess.run(
        [sys.executable, "-m", "scorer", "--db", str(tmp_path / "h.json"), "host", "--json", *words],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    (line,) = done.stdout.splitlines()
    refusal = json.loads(line)["error"]
    assert refusal["field"] == field and refusal["value"] == words[1] and refusal["allowed"]


def test_the_program_starts_without_the_web_stack():
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "scorer", "host", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "--bind" in done.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert not {"aiohttp", "asyncio", "scorer.phones"} & imported


@pytest.mark.parametrize(
    ("language", "said", "not_said"),
    [("en", "this host's memory", "window"), ("pt", "deste anfitrião", "janela")],
)
def test_a_failed_autosave_speaks_of_the_host_not_a_window(tmp_path, capsys, monkeypatch, language, said, not_said):
    """The headless host has no window: its autosave failure says where the entries are kept (its memory)."""
    from scorer.cli import host as host_command
    from scorer.cli import main
    from scorer.history.errors import HistoryError

    db = tmp_path / "history.json"
    stored_draft(db)

    def disk_full(*_: object) -> None:
        raise HistoryError("no space left on device")

    async def one_edit(table, *_: object) -> None:  # the server itself is not needed: one saved move is
        table.session.go(table.session.step)

    monkeypatch.setattr(HistoryStore, "save_draft_with_memory", disk_full)
    monkeypatch.setattr(host_command, "_serve", one_edit)
    assert main(["--lang", language, "--db", str(db), "host", "--port", "0"]) == 1  # and never "saved" at the end
    err = capsys.readouterr().err
    assert "no space left on device" in err and said in err and not_said not in err
