"""The headless host (`wonders-scorer host`) as a test starts it: a stored draft, the process with its links,
an edit over HTTP, the entries the history then holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

from scorer.history.store import HistoryStore
from tests.phones.tables import session_at

ROOT = Path(__file__).resolve().parents[2]


def stored_draft(db: Path, name: str = "leaders-armada-7p.json") -> str:
    session, _ = session_at(name)
    with HistoryStore.open(db) as store:
        store.save_draft(session.record)
    return session.record.id


def host(db: Path, *words: str, module: str = "scorer") -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", module, "--db", str(db), "host", "--port", "0", *words],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )


def links(process: subprocess.Popen[str]) -> dict:
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line, process.stderr.read() if process.stderr else ""
    return json.loads(line)


def call(url: str, body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=20) as reply:
        return json.loads(reply.read())


def add(seat_url: str, card: str) -> dict:
    version = call(f"{seat_url}/state")["version"]
    return call(f"{seat_url}/edit", {"version": version, "edit": {"kind": "add_card", "card": card}})


def entries(db: Path, game_id: str, player: str) -> list[str]:
    with HistoryStore.open(db) as store:
        return store.load(game_id).entry(1, player).cards
