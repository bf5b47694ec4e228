"""Issue 14, item 7: the next game starts from the last. At setup ctrl+l seats the last game's table (after
asking when names are typed already) and ctrl+r deals the free wonders, and a side, to the players without
one; ctrl+z takes either back. An empty history offers no ctrl+l, and an imported game is never the last."""

from __future__ import annotations

import random
import uuid
from datetime import date
from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, Select

from scorer.history import HistoryStore, import_files
from scorer.i18n import set_language
from scorer.validate import load_record
from tests.records import example, old_bundle
from tests.tui.driver import cut_off, fill_seat, footer, notifications, press, render, settle
from widgets.app import WondersApp
from widgets.dialogs.confirm import ConfirmDialog
from widgets.screens.setup import SetupScreen

SIZE = (80, 24)
LAST = example("teams-armada-6p.json")  # Ari…Fay, teams, Armada, a fleet each


def played_here(db_path: Path, data: dict) -> None:
    """`data` finished at this table tonight, then a bundle of other nights imported after it (stored later,
    dated weeks before): the history's clock is the real one, so tonight is the real day."""
    with HistoryStore.open(db_path) as store:
        store.finalise(load_record({**data, "id": str(uuid.uuid4()), "played_on": date.today().isoformat()}))
        import_files(store, old_bundle(db_path.parent, date.today()))


def seats(screen: SetupScreen) -> list[tuple[str, object, object, object]]:
    """Each seat row as (name, wonder, side, fleet), Select.NULL for an empty box."""
    return [tuple(row.values().values()) for row in screen.query("SeatRow")]  # type: ignore[misc]


async def name_seat(pilot, seat: int, name: str) -> None:
    """A player seated with no wonder chosen yet."""
    pilot.app.screen.query_one(f"#name-{seat}", Input).value = name
    await settle(pilot)


async def open_setup(pilot) -> SetupScreen:
    await press(pilot, "n")
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_ctrl_l_seats_the_last_game_played_here_and_its_key_fits_the_footer(db_path, language):
    set_language(language)
    played_here(db_path, LAST)
    app = WondersApp(db_path, today=date.today())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        assert "ctrl+l" in footer(screen) and "ctrl+z" not in footer(screen)
        assert cut_off(app) == []
        await press(pilot, "ctrl+l")
        expected = [(p["name"], p["wonder"].lower(), p["side"], p["wonder_fleet"]) for p in LAST["players"]]
        assert seats(screen)[:6] == expected
        assert all(name == "" and wonder == Select.NULL for name, wonder, _, _ in seats(screen)[6:])
        ticks = {name: screen.query_one(f"#{name}", Checkbox).value for name in ("leaders", "armada", "teams")}
        assert ticks == {"leaders": False, "armada": True, "teams": True}
        assert app.focused is screen.query_one("#name-6", Input)  # a seventh player is typed at once
        assert "ctrl+z" in footer(screen) and cut_off(app) == []
        await press(pilot, "ctrl+n")
        assert app.session is not None and app.session.record.names == [p["name"] for p in LAST["players"]]
        assert app.session.record.teams == [tuple(pair) for pair in LAST["teams"]]
        await press(pilot, "escape", "escape")  # back from Age I: the game's own table, no other to seat
        assert isinstance(app.screen, SetupScreen) and app.screen is not screen
        assert "ctrl+l" not in footer(app.screen)


async def test_an_empty_history_and_a_history_of_imported_games_have_no_last_table(make_app, db_path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        assert "ctrl+l" not in footer(screen)
        await press(pilot, "ctrl+l")
        assert all(name == "" for name, *_ in seats(screen)) and not isinstance(app.screen, ConfirmDialog)
    with HistoryStore.open(db_path) as store:
        import_files(store, old_bundle(db_path.parent, date.today()))  # played weeks before the import
    app = WondersApp(db_path, today=date.today())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        assert "ctrl+l" not in footer(screen)


async def test_a_table_typed_already_is_replaced_only_when_the_table_says_so_and_ctrl_z_brings_it_back(db_path):
    played_here(db_path, LAST)
    app = WondersApp(db_path, today=date.today())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        await fill_seat(pilot, 0, "Zoe", "rhodes", "B")
        await name_seat(pilot, 1, "Yan")
        typed = seats(screen)
        await press(pilot, "ctrl+l")
        assert isinstance(app.screen, ConfirmDialog)
        assert "Ari, Bel, Caz, Dev, Eli, Fay" in render(app, "#confirm Static")
        await press(pilot, "n")
        assert app.screen is screen and seats(screen) == typed
        await press(pilot, "ctrl+l", "y")
        assert [name for name, *_ in seats(screen)[:6]] == ["Ari", "Bel", "Caz", "Dev", "Eli", "Fay"]
        assert seats(screen)[0][1] == "rhodes"  # Zoe's Rhodes went with her seat: not refused as taken
        await press(pilot, "ctrl+z")
        assert seats(screen) == typed
        assert not screen.query_one("#armada", Checkbox).value and "ctrl+z" not in footer(screen)
        assert "The seats are back as they were." in notifications(app)


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_ctrl_r_deals_free_wonders_to_the_players_without_one_and_ctrl_z_takes_the_deal_back(make_app, language):
    set_language(language)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        screen.deals = random.Random(5)
        await press(pilot, "ctrl+r")  # nobody seated yet: nothing to deal
        assert all(wonder == Select.NULL for _, wonder, _, _ in seats(screen))
        assert render(app, "#status").startswith(("Type the players' names first", "Digite primeiro"))
        await fill_seat(pilot, 0, "Ann", "gizah", "B")
        await name_seat(pilot, 1, "Bob")
        await name_seat(pilot, 3, "Dee")  # an empty seat between stays empty
        typed = seats(screen)
        await press(pilot, "ctrl+r")
        after = seats(screen)
        assert after[0] == ("Ann", "gizah", "B", Select.NULL) and after[2] == typed[2]
        dealt = {after[1][1], after[3][1]}
        assert Select.NULL not in dealt and len(dealt) == 2 and "gizah" not in dealt and "rome" not in dealt
        assert cut_off(app) == []
        await press(pilot, "ctrl+z")
        assert seats(screen) == typed
        await press(pilot, "ctrl+r", "ctrl+n")
        assert app.session is not None
        assert app.session.record.players[0].wonder == "gizah"
        assert len({seat.wonder for seat in app.session.record.players}) == 3


async def test_without_leaders_an_eighth_player_is_told_no_wonder_is_left_and_with_leaders_gets_rome(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        for seat, name in enumerate(["Ann", "Bob", "Cid", "Dee", "Eve", "Flo", "Gus", "Hal"]):
            await name_seat(pilot, seat, name)
        await press(pilot, "ctrl+r")
        assert [wonder == Select.NULL for _, wonder, _, _ in seats(screen)] == [False] * 7 + [True]
        assert "seat 8" in render(app, "#status") and "tick Leaders for Rome" in render(app, "#status")
        screen.query_one("#leaders", Checkbox).value = True
        await settle(pilot)
        await press(pilot, "ctrl+r")  # the seven dealt keep their wonders; Rome is the one left
        assert seats(screen)[7][1] == "rome" and render(app, "#status") == ""
