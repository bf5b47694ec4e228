"""Issue 11, item 6: the setup screen refuses a name the table cannot write (control characters, escape
sequences, bidi overrides) with the same refusal as a game file or the command line (scorer.names), and
keeps a name in its composed form whichever way its accents were typed."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from tests.tui.driver import fill_seat, press


@pytest.mark.parametrize("name", ["Bob\x1b[2J", "Bob\u202e", "Bob\nCid"])
async def test_a_name_with_control_characters_is_refused_on_its_seat(make_app, name):
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "n")
        await fill_seat(pilot, 0, "Ann", "gizah")
        await fill_seat(pilot, 1, name, "rhodes")
        await fill_seat(pilot, 2, "Cid", "babylon")
        await press(pilot, "ctrl+n")
        assert app.session is None
        status = str(app.screen.query_one("#status").render())
        assert "seat 2 name" in status and "printable characters only" in status
        assert app.focused is app.screen.query_one("#name-1", Input)


async def test_a_name_typed_with_a_combining_accent_is_kept_composed(make_app):
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "n")
        await fill_seat(pilot, 0, "Jose\u0301", "gizah")
        await fill_seat(pilot, 1, "Bob", "rhodes")
        await fill_seat(pilot, 2, "Cid", "babylon")
        await press(pilot, "ctrl+n")
        assert app.session is not None
        assert app.session.record.names == ["Jos\u00e9", "Bob", "Cid"]


async def test_up_from_the_first_seat_reaches_the_expansions_and_down_comes_back(make_app):
    """Issue 31 item 3: ↑ from seat 1 reaches the Leaders/Armada boxes (it took Shift+Tab three times); ↓ from
    them comes back to seat 1; Enter on a tick box stays there."""
    from textual.widgets import Checkbox, Input

    from tests.tui.driver import press, settle
    from widgets.screens.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "n")
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#name-0", Input).focus()
        await settle(pilot)
        await press(pilot, "up")
        assert screen.focused is screen.query_one("#leaders", Checkbox)
        await press(pilot, "enter")  # Enter stays on the tick box (it does not jump to a seat)
        assert screen.focused is screen.query_one("#leaders", Checkbox)
        await press(pilot, "tab", "space")
        assert screen.query_one("#armada", Checkbox).value
        await press(pilot, "down")
        assert screen.focused is screen.query_one("#name-0", Input)


async def test_a_score_pad_game_keeps_the_fleets_chosen_for_the_next_games_last_table(make_app):
    """Issue 31 item 3: choosing the pad hid and dropped the fleets, so the next game's ctrl+l seated empty
    fleets and ctrl+n refused them."""
    from textual.widgets import Select

    from scorer.edits.table import Table
    from scorer.model import Seat
    from tests.tui.driver import settle
    from widgets.screens.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        seats = (("Ana", "gizah", "red"), ("Ben", "babylon", "yellow"), ("Cris", "ephesos", "blue"))
        screen.query_one("#armada").value = True
        await settle(pilot)
        for seat, (name, wonder, fleet) in enumerate(seats):
            screen.query_one(f"#name-{seat}").value = name
            screen.query_one(f"#wonder-{seat}", Select).value = wonder
            screen.query_one(f"#fleet-{seat}", Select).value = fleet
        screen.query_one("#scoring-mode", Select).value = "pad"
        await settle(pilot)
        table: Table = screen.table()
        assert [seat.wonder_fleet for seat in table.seats] == ["red", "yellow", "blue"]
        assert isinstance(table.seats[0], Seat)


async def test_a_side_and_a_fleet_take_their_letter_without_opening(make_app):
    """Issue 31 item 3: a/b choose a side, r/y/b/g a fleet, the list left closed."""
    from textual.widgets import Select

    from tests.tui.driver import press

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await armada_setup(pilot)
        side, fleet = screen.query_one("#side-0", Select), screen.query_one("#fleet-0", Select)
        side.focus()
        await press(pilot, "b")
        assert side.value == "B" and not side.expanded
        fleet.focus()
        await press(pilot, "y")
        assert fleet.value == "yellow" and not fleet.expanded
        await press(pilot, "g")
        assert fleet.value == "green"


async def test_up_and_down_walk_a_column_of_closed_lists(make_app):
    """Issue 31 item 3: the fleet column, there once Armada is ticked, is walked with ↓ (and ↑), a letter
    choosing each fleet; Enter still opens a list."""
    from textual.widgets import Select

    from tests.tui.driver import press, settle

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await armada_setup(pilot)
        screen.query_one("#fleet-0", Select).focus()
        await settle(pilot)
        await press(pilot, "r", "down", "y", "down", "b", "up")
        assert [screen.query_one(f"#fleet-{seat}", Select).value for seat in range(3)] == ["red", "yellow", "blue"]
        assert screen.focused is screen.query_one("#fleet-1", Select)
        await press(pilot, "enter")
        assert screen.query_one("#fleet-1", Select).expanded


async def armada_setup(pilot):
    """A new game's setup from home, Armada ticked (its fleet column there)."""
    from tests.tui.driver import press, settle
    from widgets.screens.setup import SetupScreen

    await press(pilot, "n")
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    screen.query_one("#armada").value = True
    await settle(pilot)
    return screen
