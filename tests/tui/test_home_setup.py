"""Home and setup, driven as a person would with the keyboard."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, OptionList, Select

from scorer.flow import Step
from scorer.i18n import set_language
from tests.records import example, without_age
from tests.tui.driver import TODAY, fill_seat, footer, press, render, restyles, settle, start_at
from widgets.screens.home import HomeScreen
from widgets.screens.setup import SetupScreen


async def test_home_offers_new_game_the_tools_and_quit_then_setup_refuses_too_few_players_then_starts_a_draft(
    make_app, db_path
):
    """One walk from an empty history's home: its menu, n to the setup, two players refused (naming what is
    allowed, the cursor on the first empty seat), a third seated, ctrl+n starts the game, saved as a draft."""
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
        await press(pilot, "n")
        assert isinstance(app.screen, SetupScreen)

        await fill_seat(pilot, 0, "Ann", "gizah")
        await fill_seat(pilot, 1, "Bob", "rhodes", "B")
        await press(pilot, "ctrl+n")
        assert app.session is None
        assert "players" in str(app.screen.query_one("#status").render())
        assert app.focused is app.screen.query_one("#name-2", Input)  # the first empty seat, ready to type

        await fill_seat(pilot, 2, "Cid", "babylon")
        await press(pilot, "ctrl+n")
        assert app.session is not None
        assert app.session.step == Step("age", 1)
        assert [p.name for p in app.session.record.players] == ["Ann", "Bob", "Cid"]
        assert app.session.record.played_on == TODAY.isoformat()
        app._saver.flush()
        drafts = app.store.drafts()
        assert [d.names for d in drafts] == [("Ann", "Bob", "Cid")]


async def test_a_refusal_puts_the_cursor_on_the_field_at_fault(make_app):
    """The table fixes what the message names without hunting for it: a seat's missing wonder or fleet, a
    name typed twice."""
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "n")
        await fill_seat(pilot, 0, "Ann", "gizah")
        app.screen.query_one("#name-2", Input).value = "Bob"  # seat 2 left empty: it is skipped
        app.screen.query_one("#name-3", Input).value = "Cid"
        await press(pilot, "ctrl+n")
        assert "seat 3" in str(app.screen.query_one("#status").render())
        assert app.focused is app.screen.query_one("#wonder-2", Select)
        app.screen.query_one("#wonder-2", Select).value = "rhodes"
        app.screen.query_one("#wonder-3", Select).value = "babylon"
        app.screen.query_one("#name-3", Input).value = "ann"
        await press(pilot, "ctrl+n")
        assert app.session is None
        assert app.focused is app.screen.query_one("#name-3", Input)
        app.screen.query_one("#armada", Checkbox).value = True
        app.screen.query_one("#name-3", Input).value = "Cid"
        app.screen.query_one("#fleet-0", Select).value = "red"
        await press(pilot, "ctrl+n")
        assert app.focused is app.screen.query_one("#fleet-2", Select)


# The words the setup shows, in each language (typed here, not taken from the catalogue).
SETUP_WORDS = {
    "en": {
        "title": "Table setup",
        "wonders": ["Alexandria", "Babylon", "Ephesos", "Gizah", "Halicarnassus", "Olympia", "Rhodes", "Rome"],
        "leaders": "Leaders",
        "name": "name",
        "team": "team 2",
        "fleets": ["red", "yellow", "blue", "green"],
        "keys": {"ctrl+n": "Start game", "escape": "Back"},
        "wonder_taken": "Gizah is already at seat 1: each wonder once.",
        "needs_leaders": "Rome comes with Leaders: tick Leaders to play it.",
        "name_taken": "'ana' is already at seat 1: names must be unique.",
        "no_fleet": "seat 1 fleet: nothing entered; choose the fleet with the Wonder icon",
    },
    "pt": {
        "title": "Preparação da mesa",
        "wonders": ["Alexandria", "Babilônia", "Éfeso", "Gizé", "Halicarnasso", "Olímpia", "Rodes", "Roma"],
        "leaders": "Líderes",
        "name": "nome",
        "team": "equipe 2",
        "fleets": ["vermelha", "amarela", "azul", "verde"],
        "keys": {"ctrl+n": "Começar", "escape": "Voltar"},
        "wonder_taken": "Gizé já está no lugar 1: cada Maravilha uma vez só.",
        "needs_leaders": "Roma vem com Líderes: marque Líderes para jogar com ela.",
        "name_taken": "'ana' já está no lugar 1: os nomes não podem se repetir.",
        "no_fleet": "frota do lugar 1: nada foi preenchido; escolha a frota com o ícone de Maravilha",
    },
}


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_setup_names_wonders_and_boxes_in_the_tables_language(make_app, language):
    set_language(language)
    words = SETUP_WORDS[language]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "n")
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.sub_title == words["title"]
        wonders = app.screen.query_one("#wonder-0", Select)
        assert [str(prompt) for prompt, _ in wonders._options[1:]] == words["wonders"]
        assert str(app.screen.query_one("#leaders", Checkbox).label) == words["leaders"]
        assert app.screen.query_one("#name-0", Input).placeholder == words["name"]
        app.screen.query_one("#teams", Checkbox).value = True
        app.screen.query_one("#armada", Checkbox).value = True
        await settle(pilot)
        assert str(app.screen.query_one("#team-3").render()) == words["team"]
        fleets = app.screen.query_one("#fleet-0", Select)
        assert [str(prompt) for prompt, _ in fleets._options[1:]] == words["fleets"]
        assert {key: footer(app.screen)[key] for key in words["keys"]} == words["keys"]


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_setup_refuses_where_a_value_is_chosen_then_starts_the_game(make_app, language):
    """A wonder twice, a Leaders wonder without Leaders, a name twice: refused on the spot in the table's
    words; with Armada every seat needs its wonder's fleet before the game starts."""
    set_language(language)
    words = SETUP_WORDS[language]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "n")
        await fill_seat(pilot, 0, "Ana", "gizah")
        app.screen.query_one("#wonder-1", Select).value = "gizah"
        await settle(pilot)
        assert app.screen.query_one("#wonder-1", Select).value == Select.NULL
        assert render(app, "#status") == words["wonder_taken"]
        app.screen.query_one("#wonder-1", Select).value = "rome"
        await settle(pilot)
        assert render(app, "#status") == words["needs_leaders"]
        app.screen.query_one("#name-1", Input).value = "ana"
        await settle(pilot)
        assert render(app, "#status") == words["name_taken"]
        app.screen.query_one("#armada", Checkbox).value = True
        await fill_seat(pilot, 1, "Bruno", "rhodes", "B")
        await fill_seat(pilot, 2, "Carla", "babylon")
        await press(pilot, "ctrl+n")
        assert app.session is None
        assert render(app, "#status").startswith(words["no_fleet"])
        for seat in range(3):
            app.screen.query_one(f"#fleet-{seat}", Select).value = "blue"
        await press(pilot, "ctrl+n")
        assert app.session is not None and app.session.step == Step("age", 1)
        assert app.session.record.armada
        assert app.session.record.players[0].wonder == "gizah"  # records keep ids, not the shown names


async def test_fleet_boxes_are_made_as_the_table_plays_and_follow_the_armada_tick(make_app, monkeypatch):
    """A new table's fleet boxes are made disabled (Armada unticked), not disabled once mounted, which restyled
    each of the eight and its parts; the tick still asks for them. Back at setup, an Armada game's are made
    asked for."""
    restyled = restyles(monkeypatch)
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "n")
        fleets = list(app.screen.query(".fleet").results(Select))
        assert len(fleets) == 8 and all(box.disabled for box in fleets)
        boxes = [box.id for node in restyled for box in node.ancestors_with_self if isinstance(box, Select)]
        assert [box for box in boxes if box and box.startswith("fleet")] == []
        app.screen.query_one("#armada", Checkbox).value = True
        await settle(pilot)
        assert not any(box.disabled for box in fleets)
        await press(pilot, "escape")
        start_at(app, example("teams-armada-6p.json"), Step("setup"))
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert not any(box.disabled for box in app.screen.query(".fleet").results(Select))


async def test_seats_move_with_ctrl_arrows(make_app):
    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "n")
        await fill_seat(pilot, 0, "Ann", "gizah")
        await fill_seat(pilot, 1, "Bob", "rhodes")
        app.screen.query_one("#name-1", Input).focus()
        await press(pilot, "ctrl+up")
        assert app.screen.query_one("#name-0", Input).value == "Bob"
        assert app.screen.query_one("#wonder-0", Select).value == "rhodes"
        assert app.screen.query_one("#name-1", Input).value == "Ann"
        assert app.screen.query_one("#wonder-1", Select).value == "gizah"  # moved with Ann, not refused as taken
        assert str(app.screen.query_one("#status").render()) == ""


async def test_home_opens_the_dockyard_calibration_and_the_age_screen_the_coins_calculator(make_app):
    from widgets.screens.calibration import CalibrationScreen
    from widgets.screens.coin_losses import CoinLossDialog

    app = make_app()
    async with app.run_test() as pilot:
        await press(pilot, "d")
        assert isinstance(app.screen, CalibrationScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)
        start_at(app, without_age(example("leaders-armada-7p.json"), 1, 2, 3), Step("age", 1))
        await settle(pilot)
        await press(pilot, "ctrl+l")
        assert isinstance(app.screen, CoinLossDialog)


async def test_a_wonder_is_chosen_with_the_mouse_in_the_list_that_never_takes_the_focus(make_app):
    from widgets.in_turn import DropdownList

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "n")
        await settle(pilot)
        await pilot.click("#wonder-0")
        await settle(pilot)
        wonder = app.screen.query_one("#wonder-0", Select)
        assert wonder.expanded and app.focused is wonder
        # Seat 1's list (the scoring menu has one too): the prompt, Alexandria, Babylon, Ephesos.
        await pilot.click(wonder.query_one(DropdownList), offset=(2, 3))
        await settle(pilot)
        assert wonder.value == "ephesos" and not wonder.expanded and app.focused is wonder
