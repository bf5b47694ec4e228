"""The table app on a damaged history: the problem screen offers p, which repairs it into a new file through
the core (every game whose checksum holds), names the games left out, and keeps the games there from now on."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.history import HistoryStore
from scorer.preferences import read_preferences
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import TODAY, cut_off, notifications, press, settle
from widgets.app import WondersApp
from widgets.screens.home import HomeScreen
from widgets.screens.problem import HistoryProblemScreen

SIZE = (80, 24)
BASE_ID = "0b8c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3"


@pytest.fixture
def damaged(db_path: Path) -> tuple[Path, bytes]:
    with HistoryStore.open(db_path) as store:
        store.finalise(load_record(example("base-3p.json")))
        store.finalise(load_record(example("leaders-armada-7p.json")))
    data = db_path.read_bytes().replace(b"Stone Pit", b"Stone Pht", 1)
    db_path.write_bytes(data)
    return db_path, data


def problem_text(app: WondersApp) -> str:
    return str(app.screen.query_one("#problem").render())


async def test_p_repairs_a_damaged_history_into_a_new_file_and_keeps_the_games_there(damaged):
    path, data = damaged
    app = WondersApp(path, today=TODAY)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HistoryProblemScreen)
        text = problem_text(app)
        assert "1 of its 2 games fail their checksum" in text and "Press p to copy every game" in text
        assert app.screen.active_bindings["p"].binding.description == "Repair into a new file"
        await press(pilot, "p")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and app.store is not None
        assert app.db_path.name.startswith("history.repaired-") and app.db_path.parent == path.parent
        assert [game.id[:8] for game in app.store.games()] == ["7c3b9e21"]
        notes = notifications(app)
        assert any("Copied 1 game (1 left out). Could not vouch for 1 game: 0b8c1d2e (2026-11-20)." in n for n in notes)
    assert path.read_bytes() == data
    assert read_preferences()[0].history == str(app.db_path)


async def test_a_history_damaged_only_in_a_summary_is_refused_with_the_repair_too(db_path: Path):
    with HistoryStore.open(db_path) as store:
        store.finalise(load_record(example("base-3p.json")))
    data = db_path.read_bytes()
    at = data.rindex(b'"names"')
    data = data[:at] + b'"namer"' + data[at + 7 :]
    db_path.write_bytes(data)
    app = WondersApp(db_path, today=TODAY)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HistoryProblemScreen)
        assert "1 of its 1 game summaries fail" in problem_text(app)
        await press(pilot, "p")
        await settle(pilot)
        assert [game.id for game in app.store.games()] == [BASE_ID]
    assert db_path.read_bytes() == data


async def test_a_file_that_is_only_unreadable_offers_no_repair(db_path: Path):
    db_path.write_bytes(b"{ not a history")
    app = WondersApp(db_path, today=TODAY)
    async with app.run_test(size=SIZE):
        assert "Press p" not in problem_text(app) and "p" not in app.screen.active_bindings


def test_snapshot_damaged_history_offers_a_repair(snap_compare, monkeypatch):
    import scorer.history.errors as history_errors

    folder = Path("/tmp/wonders-scorer-snapshot-damaged")
    folder.mkdir(exist_ok=True)
    path = folder / "history.json"
    path.unlink(missing_ok=True)
    with HistoryStore.open(path) as store:
        store.finalise(load_record(example("base-3p.json")))
        store.finalise(load_record(example("leaders-armada-7p.json")))
    path.write_bytes(path.read_bytes().replace(b"Stone Pit", b"Stone Pht", 1))
    monkeypatch.setattr(history_errors, "_stamp", lambda: "20261127-210000")
    assert snap_compare(WondersApp(path, today=TODAY), terminal_size=SIZE)


async def test_the_repair_is_offered_in_portuguese_and_its_key_fits(damaged, portuguese):
    path, _ = damaged
    app = WondersApp(path, today=TODAY)
    async with app.run_test(size=SIZE):
        assert "Tecle p para copiar cada partida cuja soma de verificação confere" in problem_text(app)
        assert app.screen.active_bindings["p"].binding.description == "Reparar em arquivo novo"
        assert cut_off(app) == []
