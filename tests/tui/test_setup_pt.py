"""Table setup in Portuguese only: the screen at 80x24, and wonders found typed without accents. (The words
and refusals in either language are tests/tui/test_home_setup.py's.)"""

from __future__ import annotations

from textual.widgets import Checkbox, Input, Select

from tests.tui.driver import burst, fill_seat, press, settle

SIZE = (80, 24)


def test_snapshot_setup_in_portuguese(make_app, snap_compare, portuguese):
    app = make_app()

    async def run_before(pilot) -> None:
        await press(pilot, "n")
        app.screen.query_one("#leaders", Checkbox).value = True
        app.screen.query_one("#armada", Checkbox).value = True
        for seat, (name, wonder) in enumerate([("Ana", "gizah"), ("Bruno", "halicarnassus"), ("Carla", "rome")]):
            await fill_seat(pilot, seat, name, wonder)
            app.screen.query_one(f"#fleet-{seat}", Select).value = "yellow"
        app.screen.query_one("#wonder-3", Select).value = "gizah"
        app.screen.query_one("#name-3", Input).focus()
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def test_wonders_are_found_typed_without_accents_in_the_open_list(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "n")
        await settle(pilot)
        burst(app, *"Ana", "tab", "enter", *"efe", "enter", "tab", "tab", *"Bruno", "tab", "enter", *"olim", "enter")
        await settle(pilot)
        assert [app.screen.query_one(f"#wonder-{seat}", Select).value for seat in (0, 1)] == ["ephesos", "olympia"]
