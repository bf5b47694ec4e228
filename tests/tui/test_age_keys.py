"""The age screen's fast keys and what ctrl+n says about the turns of the age: a stepper reached with its
own key (ctrl+s the stages, ctrl+r/y/b/g a fleet) and set by the digit after it, the island picker with
ctrl+e and the highlighted island's level and effect under it, the player strip's ✓ once every turn is
entered, and ctrl+n asking about a player short of the age's turns and saying why more is fine."""

from __future__ import annotations

import copy

import pytest
from textual.widgets import Static

from scorer.flow import Step
from scorer.i18n import set_language
from tests.records import example, without_age
from tests.tui.driver import SIZE, notifications, press, settle, start_at, type_keys
from widgets.card_picker import CardPicker
from widgets.stepper import Stepper


def seven(*ages: int) -> dict:
    return without_age(copy.deepcopy(example("leaders-armada-7p.json")), *ages)


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def block(data: dict, age: int) -> dict:
    return next(b for b in data["ages"] if b["age"] == age)["players"]


async def test_a_fleet_key_and_a_digit_move_the_ship_and_hand_the_focus_back_to_the_cards(make_app):
    app = make_app(seven(1, 2, 3), Step("age", 1), "Ana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        picker = app.screen.query_one("#age-picker", CardPicker)
        await press(pilot, "ctrl+b")
        assert app.screen.focused is app.screen.query_one("#fleet-blue", Stepper)
        await press(pilot, "3")
        assert app.session.record.entry(1, "Ana").ships["blue"] == 3
        assert app.screen.focused is picker.input
        await press(pilot, "ctrl+s", "1", "ctrl+r", "1")
        entry = app.session.record.entry(1, "Ana")
        assert (entry.wonder_stages, entry.ships["red"]) == (1, 1)
        assert app.screen.focused is picker.input


async def test_fleet_keys_typed_in_one_read_behind_a_card_act_in_turn(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        pilot.burst = True
        start_at(app, seven(1, 2, 3), Step("age", 1), "Ana")
        await settle(pilot)
        await type_keys(pilot, *"bath", "enter", "ctrl+y", "2", *"altar", "enter")
        entry = app.session.record.entry(1, "Ana")
        assert entry.cards == ["Baths", "Altar"] and entry.ships["yellow"] == 2


async def test_ctrl_e_reaches_the_islands_and_shows_the_highlighted_island_s_level_and_effect(make_app):
    app = make_app(seven(2, 3), Step("age", 2), "Cris")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        effect = app.screen.query_one("#age-island-effect", Static)
        assert not effect.display
        await press(pilot, "ctrl+e")
        islands = app.screen.query_one("#age-island-picker", CardPicker)
        assert app.screen.focused is islands.input
        await type_keys(pilot, *"ambar")
        assert (
            effect.display and shown(app, "#age-island-effect") == "Level 1: Move your Yellow ship up 1 space for free."
        )
        await press(pilot, "enter", "pagedown")
        assert app.session.record.entry(2, "Cris").islands == ["Ilha Âmbar"]
        assert not effect.display  # the focus is back in the next player's cards


async def test_the_strip_ticks_a_player_once_every_turn_is_entered(make_app):
    app = make_app(seven(3), Step("age", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        strip = shown(app, "#age-players")
        assert "Ana✓" in strip and "Guto✓" in strip  # 6 cards and a stage; 5 cards and 2 stages
        assert "Ben✓" not in strip  # 5 cards and a stage: turns 6 of 7


async def test_ctrl_n_asks_about_a_player_short_of_the_age_s_turns_then_goes_on(make_app):
    app = make_app(seven(3), Step("age", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+n")
        assert app.session.step == Step("age", 2)
        assert (
            "Ben: turns 6 of 7 in Age II. A card discarded for coins is a turn too: if so, press ctrl+n again to go on."
            in notifications(app)
        )
        await press(pilot, "ctrl+n")
        assert app.session.step == Step("conflicts", 2)


async def test_ctrl_n_says_why_more_plays_than_turns_are_fine(make_app, portuguese):
    data = seven(2, 3)
    flor = block(data, 1)["Flor"]
    flor["leaders"] = [{"name": "Solomon", "use": "recruit"}]
    flor["cards"].append("Baths")  # built from the discard pile: 8 plays in 7 turns
    app = make_app(data, Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Flor✓" in shown(app, "#age-players")
        await press(pilot, "ctrl+n")
        assert (
            "Flor: 8 jogadas em 7 turnos, como as regras permitem: Salomão constrói uma carta da pilha de descarte."
            in notifications(app)
        )


async def test_green_s_exploration_is_shown_in_the_age_its_ship_reached_the_space_only(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, seven(2, 3), Step("age", 1), "Enzo")  # his Green ship reaches space 2 in Age I
        await settle(pilot)
        assert app.screen.query_one("#fleet-green", Stepper).note == "explores level 1 (+2)"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, seven(), Step("age", 3), "Enzo")  # space 4 since Age II, not moved in Age III
        await settle(pilot)
        assert app.screen.query_one("#fleet-green", Stepper).note == "—"


FREE_MOVES = {
    "en": (
        "⚠ Topaz Island: free ship moves 0 of 1 on the Dockyard",
        "Ben: Topaz Island (moves 0 of 1) in Age II. If a ship was not moved, type its space (ctrl+r/y/b/g);"
        " if it was right, press ctrl+n again to go on.",
    ),
    "pt": (
        "⚠ Ilha do Topázio: 0 de 1 movimentos grátis de Navio no Estaleiro",
        "Ben: Ilha do Topázio (0 de 1 movimentos) na Era II. Se um Navio não foi movido, digite o seu espaço"
        " (ctrl+r/y/b/g); se estava certo, aperte ctrl+n de novo para seguir.",
    ),
}


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_an_island_s_free_move_not_on_the_dockyard_is_said_under_the_islands_and_asked_at_ctrl_n(
    make_app, language
):
    """Topaz Island moves the Blue ship up a space for free: the board shows it moved, so Ben's Blue ship
    still on Start is asked about (scorer.rules.free_moves), and moving it ends the question."""
    set_language(language)
    line, question = FREE_MOVES[language]
    data = seven(3)
    block(data, 2)["Ben"]["islands"] = ["Topaz Island"]
    app = make_app(data, Step("age", 2), "Ben")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        moves = app.screen.query_one("#age-island-moves", Static)
        assert moves.display and shown(app, "#age-island-moves") == line
        await press(pilot, "ctrl+n")
        assert app.session.step == Step("age", 2) and question in notifications(app)
        await press(pilot, "ctrl+b", "1")
        assert app.session.record.entry(2, "Ben").ships["blue"] == 1
        assert not moves.display
        asked = len(notifications(app))
        await press(pilot, "ctrl+n")  # Ben is still a turn short: that is asked again, the island no more
        assert not any("Topaz" in said or "Topázio" in said for said in notifications(app)[asked:])


async def test_the_fleets_explanation_goes_once_the_island_picker_shows_an_island_s_effect(make_app):
    """The (+N) explanation is a toast over the bottom of the right column, where the island's effect line
    shows: reaching the island picker takes it back, so it never hides the line read then."""
    app = make_app(seven(2, 3), Step("age", 2), "Cris")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        explained = "(+N) after a fleet's space"
        await press(pilot, "ctrl+b", "1")
        assert any(said.startswith(explained) for said in notifications(app))
        await press(pilot, "ctrl+e", *"amb")
        assert app.screen.query_one("#age-island-effect", Static).display
        assert not any(said.startswith(explained) for said in notifications(app))
