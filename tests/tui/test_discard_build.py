"""The age screen offers an earlier age's cards while the player has a build from the discard pile that age.

The discard pile is never cleared between ages (base rules), so a Halicarnassus stage built in Age II may take
an Age I card, and Solomon recruited in Age II too. The picker lists such cards with their age, and once the
build is used they are offered no more.
"""

from __future__ import annotations

from textual.widgets import OptionList

from scorer.flow import Step
from tests.records import example, without_age
from tests.tui.driver import press, settle
from widgets.card_picker import CardPicker
from widgets.item_list import ItemList
from widgets.screens.age import AgeScreen
from widgets.stepper import Stepper

SIZE = (80, 24)


def halicarnassus_game() -> dict:
    """base-3p up to Age I, Bob on Halicarnassus B (stage 1: 2 VP and a build from the discard pile)."""
    data = without_age(example("base-3p.json"), 2, 3)
    data["players"][1] = {"name": "Bob", "wonder": "Halicarnassus", "side": "B"}
    return data


def solomon_game() -> dict:
    """leaders-5p up to Age I, Davi's Pawnshop discarded in Age I, Carla recruiting Solomon in Age II."""
    data = without_age(example("leaders-5p.json"), 2, 3)
    davi = data["ages"][0]["players"]["Davi"]
    davi["cards"].remove("Pawnshop")
    data["ages"].append(
        {
            "age": 2,
            "players": {"Carla": {"cards": [], "wonder_stages": 0, "leaders": [{"name": "Solomon", "use": "recruit"}]}},
        }
    )
    return data


def first_line(picker: CardPicker) -> str:
    return str(picker.query_one(OptionList).get_option_at_index(0).prompt)


async def test_a_halicarnassus_stage_built_in_age_ii_lets_the_table_add_an_age_i_card(make_app):
    app = make_app(halicarnassus_game(), Step("age", 2), player="Bob")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AgeScreen) and app.screen.player == "Bob"
        picker = app.screen.query_one("#age-picker", CardPicker)
        await press(pilot, *"theater")
        assert picker.shown == ()  # no stage yet: nothing to build from the discard pile
        assert first_line(picker) == (
            "'theater': Theater / Teatro is a card of Age I: now only a build from the "
            "discard pile takes it, and Bob has none left this age"
        )
        await press(pilot, "ctrl+u")
        app.screen.query_one("#age-stages", Stepper).focus()
        await press(pilot, "plus")
        await settle(pilot)
        picker.input.focus()
        await press(pilot, *"theater")
        assert [(card.en, card.age) for card in picker.shown] == [("Theater", 1)]
        assert first_line(picker) == "Theater / Teatro (blue, Age I, discard pile)"
        await press(pilot, "enter")
        await settle(pilot)
        assert app.session.record.entry(2, "Bob").cards == ["Theater"]
        built = app.screen.query_one("#age-built", ItemList)
        assert str(built.get_option_at_index(0).prompt) == "Theater / Teatro (blue, Age I, discard pile)"
        await press(pilot, *"marketpl")  # the one build from the discard pile is used
        assert picker.shown == () and "Bob has none left this age" in first_line(picker)
        await press(pilot, "ctrl+u")
        await press(pilot, *"temple", "enter")  # this age's cards are offered as before
        await settle(pilot)
        assert app.session.record.entry(2, "Bob").cards == ["Theater", "Temple"]
        assert "Theater" in {card.en for card in app.session.history[2]["Bob"].cards}


async def test_solomon_recruited_in_age_ii_takes_an_age_i_card_in_portuguese(make_app, portuguese):
    app = make_app(solomon_game(), Step("age", 2), player="Carla")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        picker = app.screen.query_one("#age-picker", CardPicker)
        await press(pilot, *"casa de pen")
        assert first_line(picker) == "Casa de Penhores (azul, Era I, pilha de descarte)"
        await press(pilot, "enter")
        await settle(pilot)
        assert app.session.record.entry(2, "Carla").cards == ["Pawnshop"]
        await press(pilot, "pagedown")  # Davi has no build from the discard pile
        await settle(pilot)
        await press(pilot, *"mercado")
        assert app.screen.player == "Davi" and picker.shown == ()
        assert first_line(picker) == (
            "'mercado': Mercado é uma carta da Era I: agora só uma construção da pilha de "
            "descarte a pega, e Davi não tem mais nenhuma nesta Era"
        )
