"""80x24 snapshots of the screens around a game: home (in English and Portuguese), setup, and a history file
the app refuses."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

import scorer.history.errors as history_errors
from scorer.preferences import read_preferences
from tests.tui.driver import TODAY, footer, press, settle
from widgets.app import WondersApp

SIZE = (80, 24)


def test_snapshot_home_empty_history(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE)


def test_snapshot_home_in_portuguese(snap_compare, make_app, portuguese):
    assert snap_compare(make_app(), terminal_size=SIZE)


def test_snapshot_setup_with_three_seats(snap_compare, make_app):
    async def fill(pilot):
        await press(pilot, "n")
        for seat, (name, wonder, side) in enumerate(
            [("Ann", "gizah", "A"), ("Bob", "rhodes", "B"), ("Cid", "babylon", "A")]
        ):
            pilot.app.screen.query_one(f"#name-{seat}", Input).value = name
            pilot.app.screen.query_one(f"#wonder-{seat}", Select).value = wonder
            pilot.app.screen.query_one(f"#side-{seat}", Select).value = side
        await settle(pilot)  # every box's Changed handled, however busy the machine (a pause can be fooled)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=fill)


def damaged_in(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A damaged history in this folder, with a fixed fresh-file suggestion."""
    folder.mkdir(exist_ok=True)
    path = folder / "history.json"
    path.write_bytes(b"{ this is not a history")
    monkeypatch.setattr(
        history_errors, "fresh_path_beside", lambda p: p.with_name("history.fresh-20261127-210000.json")
    )
    return path


@pytest.fixture
def damaged_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test's own: the test that starts a fresh file beside it ran at the snapshot's fixed path, and
    under xdist it could do so while another worker drew the snapshot there."""
    return damaged_in(tmp_path, monkeypatch)


def test_snapshot_refused_history_offers_a_fresh_file(snap_compare, monkeypatch):
    """A fixed path: the message shows it."""
    path = damaged_in(Path("/tmp/wonders-scorer-snapshot"), monkeypatch)
    assert snap_compare(WondersApp(path, today=TODAY), terminal_size=SIZE)


async def test_a_refused_history_is_left_untouched_and_a_fresh_one_can_start(damaged_history):
    before = damaged_history.read_bytes()
    app = WondersApp(damaged_history, today=TODAY)
    async with app.run_test(size=SIZE) as pilot:
        text = str(app.screen.query_one("#problem").render())
        assert "was not changed" in text and "history.fresh-20261127-210000.json" in text
        await press(pilot, "f")
        assert app.store is not None and app.db_path.name == "history.fresh-20261127-210000.json"
    assert damaged_history.read_bytes() == before
    assert read_preferences()[0].history == str(app.db_path)  # the next start opens the fresh file
    app.db_path.unlink(missing_ok=True)
    Path(str(app.db_path) + ".lock").unlink(missing_ok=True)


async def test_a_refused_history_is_explained_in_portuguese(damaged_history, portuguese):
    app = WondersApp(damaged_history, today=TODAY)
    async with app.run_test(size=SIZE):
        text = str(app.screen.query_one("#problem").render())
        assert text.startswith("Não foi possível abrir o histórico.")
        assert "Tecle f para começar um histórico novo em:" in text and "history.fresh-20261127-210000.json" in text
        words = footer(app.screen)
        assert words["f"] == "Histórico novo" and words["q"] == "Sair"
