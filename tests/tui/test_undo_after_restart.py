"""Undo survives a restart: the game's recent edits are kept with its draft, so ctrl+z on a game resumed
after a quit (or a crash) still takes back the last change."""

from __future__ import annotations

from textual.widgets import Input

from scorer.flow import Step
from tests.records import example
from tests.tui.driver import notifications, press, settle
from widgets.screens.end import EndScreen
from widgets.screens.home import HomeScreen


def said(app) -> str:
    return notifications(app)[-1]


async def test_ctrl_z_after_quitting_and_resuming_undoes_the_last_edit(make_app):
    data = example("base-3p.json")
    app = make_app(data, Step("end"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        app.screen.query_one("#coins-0", Input).focus()
        await press(pilot, "end", "backspace", "1", "2", "enter")
        assert app.session.record.end["Ann"].coins == 12
        game_id = app.session.record.id
        await press(pilot, "ctrl+q")  # quit: the app exits, the next start offers the game to resume

    again = make_app()
    async with again.run_test(size=(80, 24)) as pilot:
        assert isinstance(again.screen, HomeScreen)
        await press(pilot, "r")
        await settle(pilot)
        assert isinstance(again.screen, EndScreen) and again.session.record.id == game_id
        assert again.session.record.end["Ann"].coins == 12
        await press(pilot, "ctrl+z")
        await settle(pilot)
        assert said(again) == "Undone: Ann's Coins back to 5."  # says what it took back (issue 31 item 5)
        assert again.session.record.end["Ann"].coins == data["end"]["Ann"]["coins"]
        assert again.screen.query_one("#coins-0", Input).value == str(data["end"]["Ann"]["coins"])
        await press(pilot, "ctrl+z")
        assert said(again) == "Nothing to undo on this game."  # the one edit made, and no more


async def test_a_finished_game_leaves_no_undo_behind(make_app):
    app = make_app(example("base-3p.json"), Step("end"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.query_one("#coins-0", Input).focus()
        await press(pilot, "end", "backspace", "1", "2", "enter")
        game_id = app.session.record.id
        app._saver.flush()
        assert app.store.memory(game_id) is not None
        app.finish_game()
        await settle(pilot)
        assert app.store.memory(game_id) is None
        assert "memory" not in app.store.load(game_id).to_dict()
