"""Issue 11, item 6: the Rulings screen's seats refuse a name the table cannot write, with the same words as
the setup screen, a game file and the command line (scorer.names), and match names in either Unicode form."""

from __future__ import annotations

from tests.tui.driver import SIZE, fill, open_rulings, pane, press, shown


async def test_a_seat_name_with_an_escape_sequence_is_refused(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+x")
        await fill(pilot, screen, {"naval-name-2": "Ann\x1b[2J"})
        assert pane(screen, "naval").settled is None
        assert "seat 3 name: 'Ann\\x1b[2J' is not allowed; printable characters only" in shown(screen, "naval")


async def test_one_name_typed_in_two_unicode_forms_is_seated_twice(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+x")
        await fill(pilot, screen, {"naval-name-0": "Jos\u00e9", "naval-name-1": "Jose\u0301"})
        assert pane(screen, "naval").settled is None
        assert "seated twice" in shown(screen, "naval")
