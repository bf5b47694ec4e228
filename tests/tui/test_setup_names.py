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
