"""Whole games typed through the UI, from the home screen to the saved sheet, as the table would enter them.

Issue 4, item 9: a full 3-player base game and a full 7-player Leaders + Armada game are entered with the
keyboard (new game, seats, each recruitment row, every card searched by a few letters and picked with
Enter, stages, ships, islands, Forgotten Port, PgDn round the table, ctrl+n through the conflicts, coins at
the end) and must give exactly the sheet `wonders-scorer score` gives for the example file, then be stored
as finished when the table presses s.

Search prefixes are the few letters a person would type: the shortest start of the card's name (at least
three letters, English or Português) whose highlighted match is the card meant. They are worked out from
the picker's own candidates on screen, so a card the picker does not offer makes the test fail loudly.
"""

from __future__ import annotations

import time
from typing import Any

from textual.widgets import Checkbox, DataTable, Input, Select

from scorer.catalog import FLEETS, fold, load_catalog
from scorer.model import GameRecord
from scorer.rules.sheet import score_game, sheet_to_dict
from scorer.validate import load_record
from tests.tui.conftest import TODAY, example
from widgets.card_picker import CardPicker
from widgets.screens.age import AgeScreen, Stepper
from widgets.screens.cell_detail import ConfirmDialog, ordinal
from widgets.screens.conflicts import ConflictsScreen
from widgets.screens.end import EndScreen
from widgets.screens.home import HomeScreen
from widgets.screens.recruitment import RecruitmentScreen
from widgets.screens.setup import SetupScreen
from widgets.screens.sheet import SheetScreen

SIZE = (80, 24)  # the table's terminal
NO_SHIPS = dict.fromkeys(FLEETS, 0)


# --- comparing records through the catalogue ------------------------------------------------------------


def content(record: GameRecord) -> dict[str, Any]:
    """What the table entered, with names resolved to catalogue ids (language and case do not matter) and
    ships as the positions on the Dockyard at the end of each age (an age where no ship moved may or may
    not repeat them). Ids, dates, status and progress are left out."""
    catalog = load_catalog()
    ages: dict[int, dict[str, Any]] = {}
    ships = {name: dict(NO_SHIPS) for name in record.names}
    for age in (1, 2, 3):
        ages[age] = {}
        for name, entry in record.ages.get(age, {}).items():
            if entry.ships is not None:
                ships[name] = {colour: entry.ships.get(colour, 0) for colour in FLEETS}
            ages[age][name] = {
                "cards": [catalog.card(card, age).id for card in entry.cards],
                "wonder_stages": entry.wonder_stages,
                "leaders": [(catalog.leader(play.name).id, play.use) for play in entry.leaders],
                "ships": dict(ships[name]) if record.armada else None,
                "islands": [catalog.island(island).id for island in entry.islands],
                "incursions": entry.incursions,
                "abstain_naval": entry.abstain_naval,
                "courtesans": entry.courtesans,
                "ground_strength": entry.ground_strength,
                "naval_strength": entry.naval_strength,
            }
    return {
        "expansions": sorted(record.expansions),
        "teams": [list(pair) for pair in record.teams],
        "players": [(seat.name, catalog.wonder(seat.wonder).id, seat.side, seat.wonder_fleet)
                    for seat in record.players],
        "ages": ages,
        "end": {name: {"coins": end.coins,
                       "olympia_copy": catalog.card(end.olympia_copy, 3).id if end.olympia_copy else None,
                       "quick": end.quick.to_dict() if end.quick else None}
                for name, end in record.end.items()},
    }


def cli_sheet(record: GameRecord) -> dict[str, Any]:
    """What `wonders-scorer score --json` prints for this record."""
    return sheet_to_dict(score_game(record))


# --- typing like a person ----------------------------------------------------------------------------------


def prefix_for(picker: CardPicker, item: Any, *, portuguese: bool = False) -> str:
    """The fewest letters (3 or more) from the start of the item's name, in the language read off the card,
    that make it the highlighted match; the other language's name if that one never gets there."""
    names = [item.pt, item.en] if portuguese else [item.en, item.pt]
    for name in names:
        key = fold(name)
        for length in range(min(3, len(key)), len(key) + 1):
            typed = key[:length]
            if typed.endswith(" "):
                continue
            shown = picker.matches(typed)
            if shown and shown[0] is item:
                return typed
    offered = [c.en for c in picker.matches("")]
    raise AssertionError(f"{item.en} cannot be picked by typing its name; the picker offers {offered}")


async def search_and_pick(pilot, picker: CardPicker, item: Any, *, portuguese: bool = False) -> None:
    """Type a short search into the (focused) picker and press Enter."""
    assert pilot.app.screen.focused is picker.input, f"the picker for {item.en} does not have the focus"
    await pilot.press(*prefix_for(picker, item, portuguese=portuguese), "enter")


async def set_stepper(pilot, screen: AgeScreen, widget_id: str, value: int) -> None:
    """Focus a stepper (stages, a ship) and type its digit, only when it must change."""
    stepper = screen.query_one(f"#{widget_id}", Stepper)
    if stepper.value == value:
        return
    stepper.focus()
    await pilot.press(str(value))
    assert stepper.value == value, f"{screen.player}: {widget_id} shows {stepper.value}, wanted {value}"


# --- the steps of a game ---------------------------------------------------------------------------------


async def enter_setup(pilot, data: dict[str, Any]) -> None:
    app = pilot.app
    assert isinstance(app.screen, HomeScreen)
    await pilot.press("n")
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    catalog = load_catalog()
    for box in ("leaders", "armada"):
        if box in data["expansions"]:
            await pilot.click(f"#{box}")
            assert screen.query_one(f"#{box}", Checkbox).value
    screen.query_one("#name-0", Input).focus()
    for seat, player in enumerate(data["players"]):
        assert screen.focused is screen.query_one(f"#name-{seat}", Input)
        await pilot.press(*player["name"])
        screen.query_one(f"#wonder-{seat}", Select).value = catalog.wonder(player["wonder"]).id
        screen.query_one(f"#side-{seat}", Select).value = player["side"]
        if "wonder_fleet" in player:
            screen.query_one(f"#fleet-{seat}", Select).value = player["wonder_fleet"]
        await pilot.pause()
        # Tab over the seat's choices to the next seat's name, as the table would.
        await pilot.press(*["tab"] * (4 if "wonder_fleet" in player else 3))
    await pilot.press("ctrl+n")
    assert app.session is not None, str(screen.query_one("#status").render())


async def enter_recruitment(pilot, data: dict[str, Any], age: int) -> None:
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, RecruitmentScreen) and screen.age == age
    catalog = load_catalog()
    block = next(b for b in data["ages"] if b["age"] == age)
    for seat, name in enumerate(app.session.record.names):
        [play] = block["players"][name]["leaders"]
        picker = screen.query_one(f"#leader-{seat}", CardPicker)
        await search_and_pick(pilot, picker, catalog.leader(play["name"]), portuguese=seat % 2 == 1)
        if play["use"] != "recruit":
            screen.query_one(f"#use-{seat}", Select).value = play["use"]
            await pilot.pause()
        await pilot.press("tab", "tab")  # the use, then the next player's leader
    await pilot.press("ctrl+n")


async def enter_age(pilot, data: dict[str, Any], age: int, *, portuguese: bool = False) -> None:
    """Every player's end of age, round the table with PgDn, then ctrl+n."""
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, AgeScreen) and screen.age == age
    catalog = load_catalog()
    block = next(b for b in data["ages"] if b["age"] == age)
    names = app.session.record.names
    for seat, name in enumerate(names):
        assert screen.player == name
        want = block["players"][name]
        picker = screen.query_one("#age-picker", CardPicker)
        for card_name in want["cards"]:
            await search_and_pick(pilot, picker, catalog.card(card_name, age), portuguese=portuguese)
        await set_stepper(pilot, screen, "age-stages", want.get("wonder_stages", 0))
        if app.session.record.armada:
            for colour in FLEETS:
                await set_stepper(pilot, screen, f"fleet-{colour}", want["ships"][colour])
            islands = screen.query_one("#age-island-picker", CardPicker)
            for island in want.get("islands", []):
                islands.input.focus()
                await search_and_pick(pilot, islands, catalog.island(island), portuguese=portuguese)
            if want.get("abstain_naval"):
                abstain = screen.query_one("#age-abstain", Checkbox)
                assert abstain.display, f"{name}: no Forgotten Port box to tick"
                abstain.focus()
                await pilot.press("space")
            for i, target in enumerate(want.get("incursions", [])):
                screen.query(".age-incursion").results(Select)[i].value = target  # type: ignore[index]
                await pilot.pause()
        for kind in ("ground", "naval"):
            if f"{kind}_strength" in want:
                screen.query_one(f"#typed-{kind}", Input).focus()
                await pilot.press(*str(want[f"{kind}_strength"]), "enter")
        if seat < len(names) - 1:
            await pilot.press("pagedown")
    await pilot.press("ctrl+n")


async def pass_conflicts(pilot, age: int) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, ConflictsScreen) and screen.age == age
    await pilot.press("ctrl+n")


async def enter_end(pilot, data: dict[str, Any]) -> None:
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, EndScreen)
    for seat, name in enumerate(app.session.record.names):
        assert screen.focused is screen.query_one(f"#coins-{seat}", Input)
        await pilot.press(*str(data["end"][name]["coins"]), "enter")
        if copy := data["end"][name].get("olympia_copy"):
            screen.query_one(f"#olympia-{seat}", Select).value = load_catalog().card(copy, 3).en
            await pilot.pause()
            screen.query_one(f"#coins-{seat + 1}", Input).focus()
    await pilot.press("ctrl+n")


async def play_whole_game(pilot, data: dict[str, Any]) -> None:
    await enter_setup(pilot, data)
    leaders = "leaders" in data["expansions"]
    for age in (1, 2, 3):
        if leaders:
            await enter_recruitment(pilot, data, age)
        await enter_age(pilot, data, age, portuguese=age == 2)
        await pass_conflicts(pilot, age)
    await enter_end(pilot, data)


# --- checks on the sheet and in the history ------------------------------------------------------------


def check_sheet_screen(screen: SheetScreen, expected: dict[str, Any]) -> None:
    """Every cell of the sheet on screen is the CLI's, with the winners starred."""
    table = screen.query_one(DataTable)
    keys = [str(key.value) for key in table.rows]
    assert keys == [*expected["rows"], "total", "coins", "place"]
    for player in expected["players"]:
        name = player["name"]
        shown = {str(row.value): table.get_cell(row, name).plain for row in table.rows}
        assert shown == {
            **{row: str(value) for row, value in player["rows"].items()},
            "total": str(player["total"]), "coins": str(player["coins"]), "place": ordinal(player["rank"]),
        }, name
        assert table.columns[name].label.plain.startswith("★") == (name in expected["winners"])


async def full_game(make_app, name: str) -> float:
    data = example(name)
    original = load_record(data)
    expected = cli_sheet(original)
    started = time.perf_counter()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await play_whole_game(pilot, data)
        assert isinstance(app.screen, SheetScreen)
        record = app.session.record
        assert record.played_on == TODAY.isoformat() and record.id != original.id
        assert content(record) == content(original)
        assert cli_sheet(record) == expected
        check_sheet_screen(app.screen, expected)

        await pilot.press("s")
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
        assert isinstance(app.screen, HomeScreen)
        [game] = app.store.games()
        assert (game.id, game.status, list(game.winners)) == (record.id, "finished", expected["winners"])
        stored = app.store.load(record.id)
        assert stored.status == "finished"
        assert content(stored) == content(original)
        assert cli_sheet(stored) == expected
        assert app.store.drafts() == []
    return time.perf_counter() - started


async def test_a_three_player_base_game_typed_in_full_gives_the_cli_sheet(make_app):
    elapsed = await full_game(make_app, "base-3p.json")
    assert elapsed < 60


async def test_a_seven_player_leaders_armada_game_typed_in_full_gives_the_cli_sheet(make_app):
    elapsed = await full_game(make_app, "leaders-armada-7p.json")
    assert elapsed < 60
