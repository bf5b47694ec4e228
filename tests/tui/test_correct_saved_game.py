"""Correcting a saved game from History (issue 14, item 6): `e` asks first, reopens the game at its sheet, the
sheet's `e` goes to the step of a cell as in any game, and `s` saves the correction under the same id with
the saved version kept in its corrections, which `wonders-scorer show` lists."""

from __future__ import annotations

from textual.widgets import Input, Static

from scorer.cli import main
from scorer.flow import Step
from scorer.history import HistoryStore
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import column, leave_result, notifications, open_history, press, render, settle
from widgets.dialogs.confirm import ConfirmDialog
from widgets.screens.history import HistoryScreen
from widgets.screens.past_game import PastGameScreen
from widgets.screens.sheet import SheetScreen

BASE_ID = "0b8c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3"


def dialog_text(screen) -> str:
    return "\n".join(str(widget.render()) for widget in screen.query(Static))


async def test_e_in_history_corrects_a_cell_and_keeps_the_saved_version(make_app, capsys):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.store.save(load_record(example("base-3p.json")))
        app.store.save(load_record(example("leaders-5p.json")))
        screen = await open_history(app, pilot)
        assert column(screen, "everyone")[1] == "Cid 57 · Ann 56 · Bob 39"
        await press(pilot, "down", "e")
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "n")  # asked first: nothing opens, nothing changes
        assert app.screen is screen and app.session is None
        await press(pilot, "e", "y")
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen) and app.session.record.id == BASE_ID
        await press(pilot, "down", "e")  # Ann's Treasury → the end of the game, Ann's coins
        assert app.session.step == Step("end")
        coins = app.screen.query_one("#coins-0", Input)
        coins.value = ""
        coins.focus()
        await press(pilot, "3", "0", "enter", "ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        assert [g.status for g in app.store.games()] == ["finished", "finished"]  # no draft written meanwhile
        await press(pilot, "s")
        await settle(pilot)
        assert "Corrected once since it was saved" in render(app, "#sheet-notes")  # the result says so
        await leave_result(pilot)
        assert any("Correction saved" in note for note in notifications(app))
        stored = app.store.load(BASE_ID)
        assert stored.end["Ann"].coins == 30 and stored.status == "finished"
        [earlier] = stored.corrections
        assert earlier["game"]["end"]["Ann"]["coins"] == 5
        screen = await open_history(app, pilot)
        assert len(app.store.games()) == 2
        assert column(screen, "everyone")[1] == "Ann 65 · Cid 57 · Bob 39"  # the corrected game, not a new one
    assert main(["show", BASE_ID[:8], "--db", str(app.db_path)]) == 0
    out = capsys.readouterr().out
    assert "Corrected once; the earlier version:" in out and "Ann 56 · Bob 39 · Cid 57" in out


async def test_a_game_in_progress_is_not_corrected_from_history(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.store.save_draft(load_record(example("base-3p.json")))
        await open_history(app, pilot)
        await press(pilot, "e")
        assert isinstance(app.screen, HistoryScreen) and app.session is None
        assert any("resume it from the home screen" in note for note in notifications(app))


async def test_e_on_a_past_sheet_reopens_the_game_at_the_step_of_the_cell(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.store.save(load_record(example("base-3p.json")))
        await open_history(app, pilot)
        await press(pilot, "enter")  # the game's sheet, read-only: its footer says e
        assert isinstance(app.screen, PastGameScreen) and app.screen.active_bindings["e"].binding.key == "e"
        await press(pilot, "down", "e")  # on Ann's Treasury
        assert isinstance(app.screen, ConfirmDialog) and "Correct the game of 2026-11-20" in dialog_text(app.screen)
        await press(pilot, "y")
        await settle(pilot)
        assert app.session.step == Step("end") and app.session.record.progress["player"] == "Ann"
        assert len(app.screen_stack) == 2  # History and the past sheet closed: the game's steps, then home


async def test_the_app_opened_by_edit_id_starts_at_the_games_sheet(db_path):
    from tests.tui.conftest import TODAY
    from widgets.app import WondersApp

    store = HistoryStore.open(db_path)
    store.save(load_record(example("base-3p.json")))
    store.close()
    app = WondersApp(db_path, today=TODAY, correct=BASE_ID)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen) and app.correcting == BASE_ID
        assert len(app.screen_stack) == 2  # the sheet alone: no home made first
