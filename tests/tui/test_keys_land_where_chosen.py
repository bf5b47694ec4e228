"""Keys never land in a field the table did not choose: resuming a game does not wait in a filled name or
leader, and Escape does not walk the game back (or out) a step without saying so first."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

from scorer.flow import Step
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import notifications, press, settle, start_at
from widgets.card_picker import CardPicker
from widgets.screens.age import AgeScreen
from widgets.screens.history import HistoryScreen
from widgets.screens.home import HomeScreen
from widgets.screens.recruitment import RecruitmentScreen
from widgets.screens.setup import SetupScreen


def draft_at(app, name: str, step: Step) -> dict[str, Any]:
    """Store the example as a draft the table left at `step`, as a quit or a crash leaves it."""
    data = example(name)
    data["status"] = "in_progress"
    data["progress"] = step.to_dict()
    app.store.save_draft(load_record(data))
    return data


async def resume(app, pilot) -> None:
    app.show(HomeScreen())  # home reads the drafts when shown: show it again after storing one
    await settle(pilot)
    await press(pilot, "r")
    await settle(pilot)


def names(app) -> list[str]:
    return [app.screen.query_one(f"#name-{seat}", Input).value for seat in range(8)]


async def test_resuming_at_setup_never_waits_in_a_filled_name(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        draft_at(app, "base-3p.json", Step("setup"))
        await resume(app, pilot)
        assert isinstance(app.screen, SetupScreen)
        before = names(app)
        await press(pilot, "z")
        assert names(app)[:3] == before[:3] == [p["name"] for p in example("base-3p.json")["players"]]
        assert app.screen.focused is app.screen.query_one("#name-3", Input)  # the first empty seat


async def test_resuming_at_recruitment_never_waits_in_a_recruited_leader(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        data = draft_at(app, "leaders-5p.json", Step("recruitment", 1))
        await resume(app, pilot)
        assert isinstance(app.screen, RecruitmentScreen)
        await press(pilot, "z")
        await settle(pilot)
        assert app.session.data["ages"] == load_record(data).to_dict()["ages"]
        boxes = [box.value for box in app.screen.query(".recruit-leader Input").results(Input)]
        assert "z" not in "".join(boxes)  # every leader recruited: no box took the key


async def test_escape_at_the_first_step_asks_before_leaving_the_game(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        draft_at(app, "base-3p.json", Step("setup"))
        await resume(app, pilot)
        await press(pilot, "escape")
        assert isinstance(app.screen, SetupScreen) and app.session is not None
        assert "Escape again" in notifications(app)[-1]
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)


async def test_escape_before_a_game_starts_asks_before_dropping_the_seats_typed(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "n", *"Ann", "escape")
        assert isinstance(app.screen, SetupScreen) and names(app)[0] == "Ann"
        await press(pilot, "b", "escape")  # another key in between: the next Escape asks again
        assert isinstance(app.screen, SetupScreen) and names(app)[0] == "Annb"
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)


async def test_one_escape_too_many_from_history_does_not_type_into_a_leader_box(make_app):
    """History over Age I; Escape closes it, one Escape more and 'u' (meant for Rulings at home) must not
    go back to the recruitment and land in a leader's box."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        data = example("leaders-5p.json")
        start_at(app, data, Step("age", 1))
        await settle(pilot)
        app.action_open_tool("history")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        await press(pilot, "escape", "escape", "u")
        await settle(pilot)
        assert isinstance(app.screen, AgeScreen)
        assert app.session.step == Step("age", 1)
        assert app.session.data["ages"] == load_record(data).to_dict()["ages"]
        assert app.screen.query_one("#age-picker", CardPicker).text == "u"  # where the table was typing
        await press(pilot, "backspace", "escape")
        assert isinstance(app.screen, AgeScreen)
        await press(pilot, "escape")  # said once: Escape again goes back
        assert isinstance(app.screen, RecruitmentScreen)
