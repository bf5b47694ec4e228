"""End to end: the real app in tmux at 80x24 — set up a game, enter cards, get killed mid-age like a closed
laptop, start again, resume exactly there, play on to the sheet and save it. Skipped where tmux is missing
(CI installs it)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.tmux import Pane, available

pytestmark = pytest.mark.skipif(not available(), reason="tmux is not installed")

ROOT = Path(__file__).resolve().parents[2]


def app_command(db: Path) -> list[str]:
    return [sys.executable, "-m", "scorer", "--db", str(db)]


def keys(pane: Pane, *sequence: str) -> None:
    for key in sequence:
        pane.send(key, pause=0.25)


def choose_seat(pane: Pane, name: str, wonder_keys: str) -> None:
    """Type a name, open the wonder list, type-to-search it, then Tab past the side to the next seat."""
    pane.type(name)
    keys(pane, "Tab", "Enter", *wonder_keys, "Enter", "Tab", "Tab")


def wait_until_saved(db: Path, card: str, timeout: float = 30.0) -> None:
    """Until the history file holds `card` (the draft's English name for it); fails when it never does."""
    deadline = time.monotonic() + timeout
    while f'"{card}"' not in (db.read_text(encoding="utf-8") if db.exists() else ""):
        if time.monotonic() > deadline:
            raise AssertionError(f"the draft with {card} was never written to {db}")
        time.sleep(0.1)


def add_card(pane: Pane, search: str) -> None:
    keys(pane, *search, "Enter")


def test_a_game_survives_a_kill_and_resumes_where_the_table_was(tmp_path):
    db = tmp_path / "history.json"
    pane = Pane.start("wonders-e2e", app_command(db), cwd=str(ROOT))
    try:
        pane.wait_for("New game")
        keys(pane, "n")
        pane.wait_for("Seats clockwise")
        choose_seat(pane, "Ann", "gi")
        choose_seat(pane, "Bob", "rh")
        choose_seat(pane, "Cid", "ba")
        keys(pane, "C-n")
        pane.wait_for("Age I · end of age")
        add_card(pane, "lumb")
        add_card(pane, "banh")  # Portuguese, no accent: Baths / Banhos
        screen = pane.wait_for("Baths / Banhos")
        assert "Lumber Yard" in screen
        # The draft is written off the UI thread a moment after the card shows: the lid closes once it is on
        # disk (on a busy machine the write can trail the screen, and a kill before it would test the clock).
        wait_until_saved(db, "Baths")

        os.kill(pane.pid(), signal.SIGKILL)  # the laptop lid closes mid-age
        pane.respawn(app_command(db), cwd=str(ROOT))
        screen = pane.wait_for("Resume")
        assert "Ann, Bob, Cid · Age I" in screen
        keys(pane, "r")
        screen = pane.wait_for("Age I · end of age")
        assert "Lumber Yard" in screen and "Baths / Banhos" in screen

        keys(pane, "PageDown")  # Bob
        add_card(pane, "stock")
        pane.wait_for("Stockade")
        keys(pane, "C-n", "C-n")  # Cid built nothing: the first ctrl+n warns, the second goes on
        screen = pane.wait_for("Conflicts of Age I")
        assert "Bob" in screen
        for _ in range(4):  # Age II and Age III left empty: the screen warns once, the second ctrl+n goes on
            keys(pane, "C-n", "C-n")
            if "End of the game" in pane.screen():
                break
        pane.wait_for("End of the game")
        for coins in ("5", "4", "9"):
            pane.type(coins)
            keys(pane, "Enter")
        keys(pane, "C-n")
        screen = pane.wait_for("Total")
        assert "Military" in screen and "Place" in screen
        keys(pane, "s")
        pane.wait_for("y")
        keys(pane, "y")
        pane.wait_for("Saved: the result")  # the result stays until the table leaves it
        keys(pane, "Escape")
        pane.wait_for("New game")
        # The finished game is in the history list, and its sheet opens read-only from there.
        keys(pane, "h")
        pane.wait_for("1 of 1 game")
        assert "★" in pane.screen()
        keys(pane, "Enter")
        screen = pane.wait_for("Game of")
        assert "Military" in screen and "Place" in screen
        keys(pane, "Escape")
        pane.wait_for("1 of 1 game")
        keys(pane, "Escape")
        pane.wait_for("New game")
    finally:
        pane.kill()

    listed = subprocess.run(
        [*app_command(db), "history", "--json"], capture_output=True, text=True, cwd=ROOT, check=True
    )
    games = json.loads(listed.stdout)
    assert [g["status"] for g in games] == ["finished"]
    ann = next(p for p in games[0]["players"] if p["name"] == "Ann")
    assert ann["rows"]["civilian"] == 3  # Baths
