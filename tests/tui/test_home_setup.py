"""Home and setup, driven as a person would with the keyboard."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, OptionList, Select

from scorer.flow import Step
from tests.tui.conftest import TODAY
from widgets.screens.home import HomeScreen
from widgets.screens.setup import SetupScreen


async def test_home_offers_new_game_the_tools_and_quit_on_an_empty_history(make_app):
    app = make_app()
    async with app.run_test() as pilot:
        assert isinstance(app.screen, HomeScreen)
        menu = app.screen.query_one("#menu", OptionList)
        assert [menu.get_option_at_index(i).id for i in range(menu.option_count)] == [
            "new",
            "rulings",
            "history",
            "stats",
            "settings",
            "dockyard",
            "quit",
        ]
        await pilot.press("n")
        assert isinstance(app.screen, SetupScreen)


async def fill_seat(pilot, seat: int, name: str, wonder: str, side: str = "A") -> None:
    screen = pilot.app.screen
    screen.query_one(f"#name-{seat}", Input).value = name
    screen.query_one(f"#wonder-{seat}", Select).value = wonder
    screen.query_one(f"#side-{seat}", Select).value = side
    await pilot.pause()


async def test_setup_starts_a_game_saved_as_a_draft(make_app, db_path):
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        await fill_seat(pilot, 0, "Ann", "gizah")
        await fill_seat(pilot, 1, "Bob", "rhodes", "B")
        await fill_seat(pilot, 2, "Cid", "babylon")
        await pilot.press("ctrl+n")
        assert app.session is not None
        assert app.session.step == Step("age", 1)
        assert [p.name for p in app.session.record.players] == ["Ann", "Bob", "Cid"]
        assert app.session.record.played_on == TODAY.isoformat()
        app._saver.flush()
        drafts = app.store.drafts()
        assert [d.names for d in drafts] == [("Ann", "Bob", "Cid")]


async def test_setup_refuses_a_wonder_twice_where_it_is_chosen(make_app):
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        await fill_seat(pilot, 0, "Ann", "gizah")
        app.screen.query_one("#wonder-1", Select).value = "gizah"
        await pilot.pause()
        assert app.screen.query_one("#wonder-1", Select).value == Select.NULL
        assert "each wonder once" in str(app.screen.query_one("#status").render())


async def test_setup_refuses_too_few_players_and_names_what_is_allowed(make_app):
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        await fill_seat(pilot, 0, "Ann", "gizah")
        await fill_seat(pilot, 1, "Bob", "rhodes")
        await pilot.press("ctrl+n")
        assert app.session is None
        assert "players" in str(app.screen.query_one("#status").render())
        assert app.focused is app.screen.query_one("#name-2", Input)  # the first empty seat, ready to type


async def test_a_refusal_puts_the_cursor_on_the_field_at_fault(make_app):
    """The table fixes what the message names without hunting for it: a seat's missing wonder or fleet, a
    name typed twice."""
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        await fill_seat(pilot, 0, "Ann", "gizah")
        app.screen.query_one("#name-2", Input).value = "Bob"  # seat 2 left empty: it is skipped
        app.screen.query_one("#name-3", Input).value = "Cid"
        await pilot.press("ctrl+n")
        assert "seat 3" in str(app.screen.query_one("#status").render())
        assert app.focused is app.screen.query_one("#wonder-2", Select)
        app.screen.query_one("#wonder-2", Select).value = "rhodes"
        app.screen.query_one("#wonder-3", Select).value = "babylon"
        app.screen.query_one("#name-3", Input).value = "ann"
        await pilot.press("ctrl+n")
        assert app.session is None
        assert app.focused is app.screen.query_one("#name-3", Input)
        app.screen.query_one("#armada", Checkbox).value = True
        app.screen.query_one("#name-3", Input).value = "Cid"
        app.screen.query_one("#fleet-0", Select).value = "red"
        await pilot.press("ctrl+n")
        assert app.focused is app.screen.query_one("#fleet-2", Select)


async def test_setup_armada_needs_each_wonder_fleet(make_app):
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        app.screen.query_one("#armada", Checkbox).value = True
        for seat, (name, wonder) in enumerate([("Ann", "gizah"), ("Bob", "rhodes"), ("Cid", "babylon")]):
            await fill_seat(pilot, seat, name, wonder)
        await pilot.press("ctrl+n")
        assert app.session is None
        assert "fleet" in str(app.screen.query_one("#status").render())
        for seat in range(3):
            app.screen.query_one(f"#fleet-{seat}", Select).value = "red"
        await pilot.press("ctrl+n")
        assert app.session is not None and app.session.record.armada


async def test_seats_move_with_ctrl_arrows(make_app):
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("n")
        await fill_seat(pilot, 0, "Ann", "gizah")
        await fill_seat(pilot, 1, "Bob", "rhodes")
        app.screen.query_one("#name-1", Input).focus()
        await pilot.press("ctrl+up")
        assert app.screen.query_one("#name-0", Input).value == "Bob"
        assert app.screen.query_one("#wonder-0", Select).value == "rhodes"
        assert app.screen.query_one("#name-1", Input).value == "Ann"
        assert app.screen.query_one("#wonder-1", Select).value == "gizah"  # moved with Ann, not refused as taken
        assert str(app.screen.query_one("#status").render()) == ""


async def test_home_opens_the_dockyard_calibration_and_the_age_screen_the_coins_calculator(make_app):
    from tests.tui.conftest import example, start_at, without_age
    from widgets.screens.calibration import CalibrationScreen
    from widgets.screens.coin_losses import CoinLossDialog

    app = make_app()
    async with app.run_test() as pilot:
        await pilot.press("d")
        assert isinstance(app.screen, CalibrationScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        start_at(app, without_age(example("leaders-armada-7p.json"), 1, 2, 3), Step("age", 1))
        await pilot.pause()
        await pilot.press("ctrl+l")
        assert isinstance(app.screen, CoinLossDialog)


async def test_the_command_palette_reaches_every_step_of_the_game(make_app):
    from tests.tui.conftest import example, start_at
    from widgets.screens.conflicts import ConflictsScreen

    app = make_app()
    async with app.run_test() as pilot:
        start_at(app, example("base-3p.json"), Step("age", 1))
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        for key in "Age II · conflicts":
            await pilot.press("space" if key == " " else key)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConflictsScreen)
        assert app.session.step == Step("conflicts", 2)


async def test_a_wonder_is_chosen_with_the_mouse_in_the_list_that_never_takes_the_focus(make_app):
    from tests.tui.conftest import settle
    from widgets.in_turn import DropdownList

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        await pilot.click("#wonder-0")
        await settle(pilot)
        wonder = app.screen.query_one("#wonder-0", Select)
        assert wonder.expanded and app.focused is wonder
        await pilot.click(DropdownList, offset=(2, 3))  # the prompt, Alexandria, Babylon, Ephesos
        await settle(pilot)
        assert wonder.value == "ephesos" and not wonder.expanded and app.focused is wonder
