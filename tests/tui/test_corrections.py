"""Corrections land on the cell (issue 31 item 2): History's e (or the sheet's) on a player's cell reopens
the step behind it with the cursor in that player's box for that row, in both modes."""

from __future__ import annotations

import pytest

from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import notifications, press, settle
from widgets.screens.base import StepScreen
from widgets.screens.cell_detail import PickAge

AGE_BY_AGE_LANDINGS = {
    "coins": "coins-3",
    "treasury": "coins-3",
    "wonder": "age-stages",
    "naval": "fleet-red",
    "dockyard": "fleet-blue",
    "civilian": None,  # a card: the card search, the player's first box
    "science": None,
    "military": None,
}


@pytest.mark.parametrize("row", sorted(AGE_BY_AGE_LANDINGS))
async def test_a_correction_from_history_lands_on_the_cell_being_corrected(make_app, row):
    """Issue 31 item 2: History's e on Dora's cell reopens the step behind it with the cursor in Dora's box
    for that row (her coins, not Ana's), an Age's conflicts after the age is picked."""
    record = load_record(example("leaders-armada-7p.json"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.correct_game(record, ("Dora", row))
        await settle(pilot)
        if isinstance(app.screen, PickAge):
            await press(pilot, "3")
        screen = app.screen
        assert isinstance(screen, StepScreen) and app.session.record.progress.get("player") == "Dora"
        want = AGE_BY_AGE_LANDINGS[row]
        if want is None:
            assert screen.focused is screen._first_box()
        else:
            assert screen.focused is not None and screen.focused.id == want, (row, screen.focused)
        assert any("Dora" in said for said in notifications(app))


@pytest.mark.parametrize("row", ["military", "naval", "wonder", "civilian", "guilds", "science", "leaders", "coins"])
async def test_a_correction_of_a_score_pad_game_lands_on_its_box_on_the_pad(make_app, row):
    """Issue 31 item 2, the pad: e on Dora's Science lands on her compass box, not Age I Ground."""
    from benchmarks.entry_score_pad import the_pad
    from widgets.screens.pad import ROW_BOXES, PadScreen

    record = the_pad(example("leaders-armada-7p.json"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.correct_game(record, ("Dora", row))
        await settle(pilot)
        pad = app.screen
        assert isinstance(pad, PadScreen) and pad.player == "Dora"
        assert pad.focused is not None and pad.focused.id == f"pad-{ROW_BOXES[row]}"
