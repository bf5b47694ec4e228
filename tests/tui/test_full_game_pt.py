"""A short game typed through the whole app in Portuguese: setup, each age read off the Brazilian cards
(Portuguese names typed without accents), conflicts and coins, to the same sheet the CLI gives, saved."""

from __future__ import annotations

from textual.widgets import Checkbox, Input

from scorer.validate import load_record
from tests.tui.conftest import example
from tests.tui.test_full_games import (
    SIZE,
    check_sheet_screen,
    cli_sheet,
    content,
    enter_age,
    enter_recruitment,
    enter_setup,
    pass_conflicts,
    type_keys,
)
from widgets.dialogs.confirm import ConfirmDialog
from widgets.screens.age import AgeScreen
from widgets.screens.end import EndScreen
from widgets.screens.home import HomeScreen
from widgets.screens.recruitment import RecruitmentScreen
from widgets.screens.setup import SetupScreen
from widgets.screens.sheet import SheetScreen


async def test_a_leaders_game_typed_in_portuguese_gives_the_cli_sheet(make_app, portuguese):
    data = example("leaders-5p.json")
    original = load_record(data)
    expected = cli_sheet(original)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        pilot.burst = True  # searches typed fast, as at the table
        await pilot.press("n")
        assert isinstance(app.screen, SetupScreen)
        assert str(app.screen.query_one("#leaders", Checkbox).label) == "Líderes"
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        await enter_setup(pilot, data)
        for age, era in ((1, "Era I"), (2, "Era II"), (3, "Era III")):
            assert isinstance(app.screen, RecruitmentScreen)
            assert app.screen.sub_title == f"{era} · recrutamento de Líderes"
            await enter_recruitment(pilot, data, age)
            assert isinstance(app.screen, AgeScreen) and app.screen.sub_title == f"{era} · fim da Era"
            await enter_age(pilot, data, age, portuguese=True)
            await pass_conflicts(pilot, age)
        assert isinstance(app.screen, EndScreen)
        for seat, name in enumerate(app.session.record.names):  # Bruno's Olympia B copies no guild here
            app.screen.query_one(f"#coins-{seat}", Input).focus()
            await type_keys(pilot, *str(data["end"][name]["coins"]), "enter")
        await pilot.press("ctrl+n")
        assert isinstance(app.screen, SheetScreen)
        record = app.session.record
        assert content(record) == content(original)
        assert cli_sheet(record) == expected
        check_sheet_screen(app.screen, expected)
        await pilot.press("s")
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
        assert isinstance(app.screen, HomeScreen)
        [game] = app.store.games()
        assert (game.status, list(game.winners)) == ("finished", expected["winners"])
