"""Whole games typed through the UI, from the home screen to the saved sheet, as the table would enter them:
one Pilot game per expansion mix, the smoke test that the keys reach the edits.

A game is entered with the keyboard (new game, seats, each recruitment row, every card searched by a few
letters and picked with Enter, stages, ships, islands, Forgotten Port, incursion targets, PgDn round the
table, ctrl+n through the conflicts, coins at the end) and must give exactly the sheet `wonders-scorer score`
gives for the example file, on screen and in the record, then be stored as finished when the table presses s.
Each game is walked in three parts, each started on its own app: the setup and Age I from the home screen,
then Age II and Age III each resumed from the draft the part before leaves (tests/records.py `without_age`);
each part checks the record holds what was typed, the hand-off where the next part starts included. The same
check for every example and both languages, edit by edit through the core's session and in a second or two,
is tests/unit/test_typed_games.py (tests/replay.py).

Search prefixes are the few letters a person would type (tests/tui/driver.py `prefix_for`), worked out from the
picker's own candidates on screen, so a card the picker does not offer fails the test loudly. The 3-player
base game is typed key by key and walked with Tab; the others are typed in bursts and go straight to the
steppers they change.

The last tests are what driving the screens like a person ran into (real clicks, another row's change,
type-ahead), each once an app bug.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Checkbox, Select

from scorer.flow import Step
from scorer.i18n import set_language
from scorer.validate import load_record
from tests.records import example, without_age
from tests.replay import cli_sheet, content
from tests.tui.driver import (
    SIZE,
    TODAY,
    at_step,
    check_sheet_screen,
    enter_age,
    enter_end,
    enter_recruitment,
    enter_setup,
    leave_result,
    pass_conflicts,
    press,
    real_click,
    settle,
    type_keys,
)
from widgets.card_picker import CardPicker
from widgets.dialogs.confirm import ConfirmDialog
from widgets.screens.age import AgeScreen
from widgets.screens.recruitment import RecruitmentScreen
from widgets.screens.setup import SetupScreen
from widgets.screens.sheet import SheetScreen

# The words the table reads on the way, in each language (typed here, not taken from the catalogue).
WORDS = {
    "en": {
        "leaders": "Leaders",
        "ages": ("Age I", "Age II", "Age III"),
        "recruitment": "{age} · Leaders recruitment",
        "age": "{age} · end of age",
    },
    "pt": {
        "leaders": "Líderes",
        "ages": ("Era I", "Era II", "Era III"),
        "recruitment": "{age} · recrutamento de Líderes",
        "age": "{age} · fim da Era",
    },
}


async def play_age(pilot, data: dict[str, Any], age: int, language: str) -> None:
    """One age as the table enters it: its recruitment (with Leaders), every player's end of age, its
    conflicts. Cards are read off the table's language, and in an English game Age II off Brazilian cards."""
    app, words = pilot.app, WORDS[language]
    age_name = words["ages"][age - 1]
    if "leaders" in data["expansions"]:
        assert isinstance(app.screen, RecruitmentScreen)
        assert app.screen.sub_title == words["recruitment"].format(age=age_name)
        await enter_recruitment(pilot, data, age)
    assert isinstance(app.screen, AgeScreen) and app.screen.sub_title == words["age"].format(age=age_name)
    await enter_age(pilot, data, age, portuguese=language == "pt" or age == 2)
    await pass_conflicts(pilot, age)


def first_step(data: dict[str, Any], age: int) -> Step:
    return Step("recruitment" if "leaders" in data["expansions"] else "age", age)


# One game per expansion mix, each walked in three parts started on their own (so the parts of one game run
# side by side on the suite's workers): the setup and Age I from the home screen, Age II resumed from the
# draft the table left after Age I, Age III and the coins resumed after Age II, to the saved sheet.
GAMES = [
    # Every key typed on its own and handled before the next, walked with Tab: the careful typist.
    pytest.param("base-3p.json", "en", False, id="base"),
    # Searches, digits and coins typed in bursts (navigation keys still pressed one at a time): fast typing
    # must be handled exactly as slow.
    pytest.param("leaders-5p.json", "pt", True, id="leaders"),
    pytest.param("teams-armada-6p.json", "pt", True, id="armada"),
    pytest.param("leaders-armada-7p.json", "en", True, id="leaders-armada"),
]


@pytest.mark.parametrize(("name", "language", "burst"), GAMES)
async def test_a_game_typed_from_the_home_screen_through_age_one(make_app, name, language, burst):
    """n, the setup in the table's language (Escape goes back home), the seats, then Age I: the record holds
    the table and Age I exactly as the example, in a new game of today."""
    set_language(language)
    data = example(name)
    original = load_record(data)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        pilot.burst = burst
        await press(pilot, "n")
        assert isinstance(app.screen, SetupScreen)
        assert str(app.screen.query_one("#leaders", Checkbox).label) == WORDS[language]["leaders"]
        await press(pilot, "escape")
        await enter_setup(pilot, data)
        await play_age(pilot, data, 1, language)
        assert isinstance(app.screen, (RecruitmentScreen, AgeScreen)) and app.screen.age == 2
        record = app.session.record
        assert record.played_on == TODAY.isoformat() and record.id != original.id
        assert content(record) == content(load_record(without_age(data, 2, 3)))


@pytest.mark.parametrize(("name", "language", "burst"), GAMES)
async def test_a_game_resumed_after_age_one_is_typed_through_age_two(make_app, name, language, burst):
    set_language(language)
    data = example(name)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        pilot.burst = burst
        await at_step(pilot, without_age(data, 2, 3), first_step(data, 2))
        await play_age(pilot, data, 2, language)
        assert isinstance(app.screen, (RecruitmentScreen, AgeScreen)) and app.screen.age == 3
        assert content(app.session.record) == content(load_record(without_age(data, 3)))


@pytest.mark.parametrize(("name", "language", "burst"), GAMES)
async def test_a_game_resumed_after_age_two_gives_the_cli_sheet_and_is_saved(make_app, name, language, burst):
    """Age III, the coins, the sheet on screen equal to `wonders-scorer score`'s for the example, then s: the
    game is stored finished, with its winners, and no draft is left."""
    set_language(language)
    data = example(name)
    original = load_record(data)
    expected = cli_sheet(original)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        pilot.burst = burst
        await at_step(pilot, without_age(data, 3), first_step(data, 3))
        await play_age(pilot, data, 3, language)
        await enter_end(pilot, data)
        assert isinstance(app.screen, SheetScreen)
        record = app.session.record
        assert content(record) == content(original)
        assert cli_sheet(record) == expected
        check_sheet_screen(app.screen, expected)

        await press(pilot, "s")
        if isinstance(app.screen, ConfirmDialog):
            await press(pilot, "y")
        await leave_result(pilot)
        [game] = app.store.games()
        assert (game.id, game.status, list(game.winners)) == (record.id, "finished", expected["winners"])
        stored = app.store.load(record.id)
        assert stored.status == "finished"
        assert content(stored) == content(original)
        assert cli_sheet(stored) == expected
        assert app.store.drafts() == []


# --- what driving the screens like a person ran into: clicks, another row's change, type-ahead -----------


async def cris_with_forgotten_port(pilot) -> Checkbox:
    """Cris in Age II of the 7-player game, Forgotten Port typed into the island picker."""
    await at_step(pilot, without_age(example("leaders-armada-7p.json"), 2, 3), Step("age", 2), "Cris")
    await real_click(pilot, pilot.app.screen.query_one("#age-island-picker Input"))
    await press(pilot, *"esque", "enter")
    abstain = pilot.app.screen.query_one("#age-abstain", Checkbox)
    assert abstain.display and not abstain.value
    return abstain


async def test_forgotten_port_box_ticks_on_a_click_from_the_card_picker(make_app):
    """The control for the test below: with no dropdown open above it, one click ticks the box."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        abstain = await cris_with_forgotten_port(pilot)
        app.screen.query_one("#age-picker Input").focus()
        await settle(pilot)
        await real_click(pilot, abstain)
        assert abstain.value and app.session.record.entry(2, "Cris").abstain_naval


async def test_forgotten_port_box_ticks_on_the_first_click_after_typing_the_island(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        abstain = await cris_with_forgotten_port(pilot)
        assert app.screen.focused is app.screen.query_one("#age-island-picker Input")
        await real_click(pilot, abstain)
        assert abstain.value and app.session.record.entry(2, "Cris").abstain_naval


async def test_a_use_menu_opens_on_the_first_click_after_typing_a_leader_above(make_app):
    app = make_app(without_age(example("leaders-armada-7p.json"), 2, 3), Step("recruitment", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, *"cleo", "enter")  # Ana's leader; her row still shows its matches
        use = app.screen.query_one("#use-2", Select)  # Cris's
        await real_click(pilot, use)
        assert use.expanded


async def test_a_use_menu_opens_on_one_click_in_the_row_being_typed(make_app):
    """The control for the test above: the row's own menu does not move, and one click opens it."""
    app = make_app(without_age(example("leaders-armada-7p.json"), 2, 3), Step("recruitment", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, *"cleo", "enter")
        use = app.screen.query_one("#use-0", Select)
        await real_click(pilot, use)
        assert use.expanded


async def test_changing_a_use_keeps_what_is_typed_in_another_row(make_app):
    app = make_app(without_age(example("leaders-armada-7p.json"), 3), Step("recruitment", 3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, *"imho", "enter", *"zeno")  # Ana's Imhotep, then Ben's search (Enter moved there)
        ben = app.screen.query_one("#leader-1", CardPicker)
        assert ben.text == "zeno"
        app.screen.query_one("#use-0", Select).value = "wonder"  # Ana tucks Imhotep under her wonder
        await settle(pilot)
        assert app.session.record.entry(3, "Ana").wonder_stages == 1
        assert ben.text == "zeno"


async def test_a_letter_typed_ahead_of_the_pick_does_not_spoil_it(make_app):
    app = make_app(without_age(example("base-3p.json"), 1, 2, 3), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        pilot.burst = True
        await type_keys(pilot, *"bath", "enter")  # Enter last in the read: picked
        assert app.session.record.entry(1, "Ann").cards == ["Baths"]
        await type_keys(pilot, *"alta", "enter", "s")  # the next card's first letter in the same read
        assert app.session.record.entry(1, "Ann").cards == ["Baths", "Altar"]
