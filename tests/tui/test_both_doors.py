"""The table app and the phones offer a seat the same choices: at every step of the example games (each
Leaders recruitment, each age, the end), for every seat, what the laptop's screen offers is exactly what the
seat's phone offers — leaders (never the blank Semiramis card), cards, islands, the Courtesans Guild's copy,
incursion targets — and both say the same of what is entered. Both render one seat view (scorer.seat); this
is the test that catches either door working an offer out again.

The same walk, as the table pages through it, checks that opening a screen changes nothing in the game: each
menu (Textual's Select) reports the value it is built with when it mounts, and a screen that took such a late
report for the table's choice rewrote the record just by being opened (test_reopening_keeps_choices.py has the
records made to catch it, whose choices differ from the menus' first values)."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual.widgets import Select, Static

from scorer.catalog import load_catalog
from scorer.flow import Step
from scorer.phones import table as phone_tables
from scorer.phones.table import PhoneTable
from scorer.validate import load_record
from tests.records import example, without_age
from tests.tui.driver import press, settle, start_at
from widgets.card_picker import CardPicker
from widgets.screens.age import AgeScreen
from widgets.screens.recruitment import RecruitmentScreen
from widgets.stepper import Stepper

SIZE = (80, 24)
GAMES = ("leaders-armada-7p.json", "teams-armada-6p.json", "leaders-5p.json", "base-3p.json")


def at(name: str, step: Step) -> dict[str, Any]:
    """The example as the table has it at `step`: the ages after it not entered yet (at a recruitment, its own
    age neither)."""
    age = step.age or 3
    later = range(age if step.kind == "recruitment" else age + 1, 4)
    return without_age(example(name), *later)


def phone_cards(table: PhoneTable, player: str) -> set[str]:
    """Every card the seat's phone search offers (an empty search lists them all, with no cap)."""
    return {card["id"] for card in table.cards(player, "")["cards"]}


def ids(picker: CardPicker) -> set[str]:
    return {item.id for item in picker.matches("")}


async def compare_recruitment(app: Any, table: PhoneTable) -> None:
    screen = app.screen
    assert isinstance(screen, RecruitmentScreen)
    for seat, name in enumerate(app.session.record.names):
        phone = table.state(name)
        offered = {choice["id"] for choice in phone["recruitment"]["choices"]}
        assert ids(screen.query_one(f"#leader-{seat}", CardPicker)) == offered, name
        assert "semiramis" not in offered
        chosen = phone["recruitment"]["leader"]
        row = screen.query_one(f"#leader-{seat}", CardPicker)
        assert (row.text != "") == (chosen is not None), name


def strip_marks(app: Any) -> dict[str, bool]:
    """Each seat's tick on the age screen's strip."""
    text = app.screen.query_one("#age-players", Static).render()
    words = str(text.plain if isinstance(text, Text) else text).split()
    return {word.rstrip("✓"): word.endswith("✓") for word in words}


async def compare_age(app: Any, pilot: Any, table: PhoneTable) -> None:
    screen = app.screen
    assert isinstance(screen, AgeScreen)
    catalog = load_catalog()
    for name in app.session.record.names:
        assert screen.player == name
        phone = table.state(name)
        if not phone["quick"]:
            assert ids(screen.query_one("#age-picker", CardPicker)) == phone_cards(table, name), name
        assert screen.query_one("#age-stages", Stepper).value == phone["stages"]["value"]
        if app.session.record.armada:
            island_picker = screen.query_one("#age-island-picker", CardPicker)
            assert ids(island_picker) == {island["id"] for island in phone["free_islands"]}, name
            for fleet in phone["fleets"]:
                assert screen.query_one(f"#fleet-{fleet['colour']}", Stepper).value == fleet["position"]
            selects = list(screen.query("#age-incursions Select").results(Select))
            assert [select.value for select in selects] == [i["target"] for i in phone["incursions"]], name
        courtesans = phone["courtesans"]
        menu = next(screen.query("#age-courtesans-choice").results(Select), None)
        shown = screen.query_one("#age-courtesans").display and menu is not None and menu.display
        assert shown == bool(courtesans and courtesans["choices"]), name
        if shown:
            offered = {catalog.leader(choice["id"]).en for choice in courtesans["choices"]}
            assert {value for _, value in screen._courtesans_options} == offered
        entered = not {"age", "turns"} & {m["code"] for m in phone["missing"]}
        assert strip_marks(app)[name] == entered, name
        await press(pilot, "pagedown")
        await settle(pilot)


@pytest.mark.parametrize("game", GAMES)
async def test_every_step_of_the_example_games_offers_each_seat_the_same_on_both_doors(make_app, monkeypatch, game):
    monkeypatch.setattr(phone_tables, "SEARCH_SHOWN", 10_000)
    data = example(game)
    kinds = ("recruitment", "age") if "leaders" in data["expansions"] else ("age",)
    steps = [Step(kind, age) for age in (1, 2, 3) for kind in kinds]
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for step in [*steps, Step("end")]:
            opened = at(game, step)
            start_at(app, opened, step, player=data["players"][0]["name"])
            await settle(pilot)
            table = PhoneTable(app.session, language="en")
            if step.kind == "recruitment":
                await compare_recruitment(app, table)
            elif step.kind == "age":
                await compare_age(app, pilot, table)  # every player shown in turn
            else:
                for name in app.session.record.names:
                    assert table.state(name)["coins"] == app.session.record.coins(name)
            after, before = app.session.record, load_record(opened)
            assert (after.players, after.ages, after.end) == (before.players, before.ages, before.end), step


async def test_a_courtesans_guild_offers_the_same_copies_on_both_doors(make_app, monkeypatch):
    """Age III of the 7-player game with the Courtesans Guild among Ana's cards: the menu's leaders are the
    phone's, and neither offers Semiramis's blank card."""
    monkeypatch.setattr(phone_tables, "SEARCH_SHOWN", 10_000)
    data = at("leaders-armada-7p.json", Step("age", 3))
    ana = next(entry for entry in data["ages"] if entry["age"] == 3)["players"]
    first = data["players"][0]["name"]
    ana[first]["cards"][-1] = "Courtesans Guild"
    app = make_app(data, Step("age", 3), player=first)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = PhoneTable(app.session, language="en")
        assert table.state(first)["courtesans"]["choices"]
        await compare_age(app, pilot, table)
