"""Whole games typed through the UI, from the home screen to the saved sheet, as the table would enter them.

Issue 4, item 9: a full 3-player base game and a full 7-player Leaders + Armada game are entered with the
keyboard (new game, seats, each recruitment row, every card searched by a few letters and picked with
Enter, stages, ships, islands, Forgotten Port, PgDn round the table, ctrl+n through the conflicts, coins at
the end) and must give exactly the sheet `wonders-scorer score` gives for the example file, then be stored
as finished when the table presses s.

Search prefixes are the few letters a person would type: the shortest start (three letters or more) of the
card's name or of one of its longer words, English or Português, whose highlighted match is the card meant.
They are worked out from the picker's own candidates on screen, so a card the picker does not offer fails
the test loudly. The 3-player game is typed key by key and walked with Tab; the 7-player game is typed in
bursts and goes straight to the steppers it changes, to stay near a minute.

The last tests are what driving the screens like a person ran into (real clicks, another row's change,
type-ahead), each once an app bug.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Checkbox, DataTable, Input, Select

from scorer.catalog import FLEETS, fold, load_catalog
from scorer.edits.age import incursion_cards
from scorer.flow import Step
from scorer.model import GameRecord
from scorer.rules.sheet import score_game, sheet_to_dict
from scorer.validate import load_record
from tests.tui.conftest import TODAY, burst, example, settle, start_at, without_age
from widgets.card_picker import CardPicker
from widgets.dialogs.confirm import ConfirmDialog
from widgets.screens.age import AgeScreen
from widgets.screens.cell_detail import ordinal
from widgets.screens.conflicts import ConflictsScreen
from widgets.screens.end import EndScreen
from widgets.screens.home import HomeScreen
from widgets.screens.recruitment import RecruitmentScreen
from widgets.screens.setup import SeatRow, SetupScreen
from widgets.screens.sheet import SheetScreen
from widgets.stepper import Stepper

SIZE = (80, 24)  # the table's terminal
NO_SHIPS = dict.fromkeys(FLEETS, 0)
MIN_LETTERS = 3


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
                "incursions": targets(record, age, name),
                "abstain_naval": entry.abstain_naval,
                "courtesans": entry.courtesans,
                "ground_strength": entry.ground_strength,
                "naval_strength": entry.naval_strength,
            }
    return {
        "expansions": sorted(record.expansions),
        "teams": [list(pair) for pair in record.teams],
        "players": [
            (seat.name, catalog.wonder(seat.wonder).id, seat.side, seat.wonder_fleet) for seat in record.players
        ],
        "ages": ages,
        "end": {
            name: {
                "coins": end.coins,
                "olympia_copy": catalog.card(end.olympia_copy, 3).id if end.olympia_copy else None,
                "quick": end.quick.to_dict() if end.quick else None,
            }
            for name, end in record.end.items()
        },
    }


def targets(record: GameRecord, age: int, name: str) -> list[str]:
    """Whom each Dock/Quay/Jetty of this age attacks: as the table chose, else where its arrow points (an
    example may spell out the default; the UI writes a target only when the table changes it)."""
    chosen = record.entry(age, name).incursions or []
    derived = [target for _, target in incursion_cards(record, load_catalog(), age, name)]
    return [chosen[i] if i < len(chosen) else target for i, target in enumerate(derived)]


def cli_sheet(record: GameRecord) -> dict[str, Any]:
    """What `wonders-scorer score --json` prints for this record."""
    return sheet_to_dict(score_game(record))


# --- typing like a person ----------------------------------------------------------------------------------


def prefix_for(picker: CardPicker, item: Any, *, portuguese: bool = False) -> str:
    """The fewest letters (3 or more) a person would type to get `item` highlighted: the start of its name,
    or of one of the name's longer words ('esq' for Porto Esquecido), in the language read off the card first.
    A tie goes to the start of the name, then to that language."""
    names = [item.pt, item.en] if portuguese else [item.en, item.pt]
    starts = [
        key[i:]
        for name in names
        for key in [fold(name)]
        for i in range(len(key))
        if i == 0 or (key[i - 1] == " " and len(key[i:].split(" ")[0]) > 3)
    ]
    best: str | None = None
    for start in starts:
        for length in range(min(MIN_LETTERS, len(start)), len(start) + 1):
            typed = start[:length]
            if best is not None and len(typed) >= len(best):
                break
            shown = picker.matches(typed)
            if not typed.endswith(" ") and shown and shown[0] is item:
                best = typed
                break
    if best is None:
        offered = [c.en for c in picker.matches("")]
        raise AssertionError(f"{item.en} cannot be picked by typing its name; the picker offers {offered}")
    return best


async def type_keys(pilot, *keys: str) -> None:
    """Keys typed by the table. Paced (the default): one Pilot press at a time, each waited for, as a careful
    typist. In a burst (pilot.burst set): all the keys are queued at once and only then waited for, as a
    terminal delivers what a fast typist typed while the app was still busy: Tabs, Enters and letters
    behind them must be handled exactly as if typed slowly."""
    if getattr(pilot, "burst", False):
        burst(pilot.app, *keys)
    else:
        await pilot.press(*keys)
    await settle(pilot)


async def press(pilot, *keys: str) -> None:
    """Keys pressed one at a time (navigation, ctrl+n), then waited for until the app has handled them."""
    await pilot.press(*keys)
    await settle(pilot)


async def search_and_pick(pilot, picker: CardPicker, item: Any, *then: str, portuguese: bool = False) -> None:
    """Type a short search into the (focused) picker and press Enter (then the keys `then`)."""
    assert pilot.app.screen.focused is picker.input, f"the picker for {item.en} does not have the focus"
    await type_keys(pilot, *prefix_for(picker, item, portuguese=portuguese), "enter", *then)


def digit_for(screen: AgeScreen, widget_id: str, value: int) -> list[str]:
    """The digit to type on a stepper (stages, a ship's space) when it must change; nothing when it shows
    the value already (a stepper refuses its own value with a bell)."""
    return [] if screen.query_one(f"#{widget_id}", Stepper).value == value else [str(value)]


# --- the steps of a game ---------------------------------------------------------------------------------


async def enter_setup(pilot, data: dict[str, Any]) -> None:
    app = pilot.app
    assert isinstance(app.screen, HomeScreen)
    await press(pilot, "n")
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    catalog = load_catalog()
    for box in ("leaders", "armada", "teams"):
        if box in data["expansions"] or (box == "teams" and data.get("teams")):
            await pilot.click(f"#{box}")
            await settle(pilot)
            assert screen.query_one(f"#{box}", Checkbox).value
    screen.query_one("#name-0", Input).focus()
    await settle(pilot)
    for seat, player in enumerate(data["players"]):
        assert screen.focused is screen.query_one(f"#name-{seat}", Input)
        # The name, then Tab over the seat's wonder, side (and fleet) to the next seat's name; the choices are
        # set on the Selects themselves (typing into their overlays is not what is under test here).
        await type_keys(pilot, *player["name"], *["tab"] * (4 if "wonder_fleet" in player else 3))
        screen.query_one(f"#wonder-{seat}", Select).value = catalog.wonder(player["wonder"]).id
        screen.query_one(f"#side-{seat}", Select).value = player["side"]
        if "wonder_fleet" in player:
            screen.query_one(f"#fleet-{seat}", Select).value = player["wonder_fleet"]
    await settle(pilot)
    assert [row.values()["name"] for row in screen.query(SeatRow)][: len(data["players"]) + 1] == [
        *(player["name"] for player in data["players"]),
        "",
    ]
    await press(pilot, "ctrl+n")
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
        # Enter picks and moves to the next player's leader; the use is set on its Select.
        await search_and_pick(pilot, picker, catalog.leader(play["name"]), portuguese=seat % 2 == 1)
        if play["use"] != "recruit":
            screen.query_one(f"#use-{seat}", Select).value = play["use"]
            await settle(pilot)
    await settle(pilot)
    assert [
        [(p.name, p.use) for p in app.session.record.entry(age, name).leaders] for name in app.session.record.names
    ] == [
        [(catalog.leader(p["name"]).en, p["use"]) for p in block["players"][name]["leaders"]]
        for name in app.session.record.names
    ]
    await press(pilot, "ctrl+n")


async def tab_through(pilot, screen: AgeScreen, name: str, want: dict[str, Any]) -> None:
    """From the card picker, Tab to the stages and (Armada) each ship, typing a digit where one moved, then
    Tab to the island picker: the keyboard-only way."""
    armada = screen.session.record.armada
    keys = ["tab", *digit_for(screen, "age-stages", want.get("wonder_stages", 0))]
    if armada:
        for colour in FLEETS:
            keys += ["tab", *digit_for(screen, f"fleet-{colour}", want["ships"][colour])]
        keys.append("tab")  # on to the island picker
    await type_keys(pilot, *keys)
    check_steppers(screen, name, want)
    if armada:
        assert screen.focused is screen.query_one("#age-island-picker", CardPicker).input
        await islands_and_port(pilot, screen, name, want)


async def jump_through(pilot, screen: AgeScreen, name: str, want: dict[str, Any]) -> None:
    """Go straight to each stepper that changes (as a click would) and type its digit, then to the island
    picker: each Tab costs a restyle of the whole screen, so seven players go much faster this way. (A real
    click on a stepper works the same; it only costs the Pilot three more waits.)"""
    armada = screen.session.record.armada
    steppers = {"age-stages": want.get("wonder_stages", 0)}
    if armada:
        steppers |= {f"fleet-{colour}": want["ships"][colour] for colour in FLEETS}
    for widget_id, value in steppers.items():
        if digits := digit_for(screen, widget_id, value):
            screen.query_one(f"#{widget_id}", Stepper).focus()
            await type_keys(pilot, *digits)
    check_steppers(screen, name, want)
    if armada and (want.get("islands") or want.get("abstain_naval")):
        await pilot.click("#age-island-picker Input")
        await settle(pilot)
        await islands_and_port(pilot, screen, name, want)


async def islands_and_port(pilot, screen: AgeScreen, name: str, want: dict[str, Any]) -> None:
    """The islands gained, typed into the island picker (which has the focus), then Tab to Forgotten Port's
    box when it appears and Space (one click on the box works too: see the tests at the end)."""
    islands = screen.query_one("#age-island-picker", CardPicker)
    for island in want.get("islands", []):
        await search_and_pick(pilot, islands, load_catalog().island(island), portuguese=True)
    if want.get("abstain_naval"):
        await type_keys(pilot, "tab")
        abstain = screen.query_one("#age-abstain", Checkbox)
        assert screen.focused is abstain, f"{name}: Tab from the islands does not reach Forgotten Port"
        await type_keys(pilot, "space")
        assert abstain.value


def check_steppers(screen: AgeScreen, name: str, want: dict[str, Any]) -> None:
    shown = {"stages": screen.query_one("#age-stages", Stepper).value}
    wanted = {"stages": want.get("wonder_stages", 0)}
    if screen.session.record.armada:
        shown |= {colour: screen.query_one(f"#fleet-{colour}", Stepper).value for colour in FLEETS}
        wanted |= want["ships"]
    assert shown == wanted, name


async def enter_age(pilot, data: dict[str, Any], age: int, *, portuguese: bool = False) -> None:
    """Every player's end of age, round the table with PgDn, then ctrl+n: for each player the cards typed
    into the picker that has the focus, then stages, ships, islands and Forgotten Port."""
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

        if getattr(pilot, "burst", False):
            await jump_through(pilot, screen, name, want)
        else:
            await tab_through(pilot, screen, name, want)
        if "incursions" in want:  # the table chose other targets than the cards' arrows (none in the examples)
            for select, target in zip(screen.query(".age-incursion").results(Select), want["incursions"]):
                select.value = target
            await settle(pilot)
        for kind in ("ground", "naval"):  # typed strengths (none in the examples)
            if f"{kind}_strength" in want:
                screen.query_one(f"#typed-{kind}", Input).focus()
                await settle(pilot)
                await type_keys(pilot, *str(want[f"{kind}_strength"]), "enter")
        if seat < len(names) - 1:
            await press(pilot, "pagedown")
            assert screen.focused is screen.query_one("#age-picker", CardPicker).input
    await press(pilot, "ctrl+n")


async def pass_conflicts(pilot, age: int) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, ConflictsScreen) and screen.age == age
    await press(pilot, "ctrl+n")


async def enter_end(pilot, data: dict[str, Any]) -> None:
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, EndScreen)
    for seat, name in enumerate(app.session.record.names):
        assert screen.focused is screen.query_one(f"#coins-{seat}", Input)
        await type_keys(pilot, *str(data["end"][name]["coins"]), "enter")
        if copy := data["end"][name].get("olympia_copy"):
            screen.query_one(f"#olympia-{seat}", Select).value = load_catalog().card(copy, 3).en
            await settle(pilot)
            if seat + 1 < len(app.session.record.names):
                screen.query_one(f"#coins-{seat + 1}", Input).focus()
                await settle(pilot)
    await press(pilot, "ctrl+n")


async def play_whole_game(pilot, data: dict[str, Any]) -> None:
    await enter_setup(pilot, data)
    leaders = "leaders" in data["expansions"]
    for age in (1, 2, 3):
        if leaders:
            await enter_recruitment(pilot, data, age)
        await enter_age(pilot, data, age, portuguese=age == 2)  # Age II read off Brazilian cards
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
            "total": str(player["total"]),
            "coins": str(player["coins"]),
            "place": ordinal(player["rank"]),
        }, name
        assert table.columns[name].label.plain.startswith("★") == (name in expected["winners"])


async def full_game(make_app, name: str, *, burst: bool = False) -> None:
    data = example(name)
    original = load_record(data)
    expected = cli_sheet(original)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        pilot.burst = burst
        await play_whole_game(pilot, data)
        assert isinstance(app.screen, SheetScreen)
        record = app.session.record
        assert record.played_on == TODAY.isoformat() and record.id != original.id
        assert content(record) == content(original)
        assert cli_sheet(record) == expected
        check_sheet_screen(app.screen, expected)

        await press(pilot, "s")
        if isinstance(app.screen, ConfirmDialog):
            await press(pilot, "y")
        assert isinstance(app.screen, HomeScreen)
        [game] = app.store.games()
        assert (game.id, game.status, list(game.winners)) == (record.id, "finished", expected["winners"])
        stored = app.store.load(record.id)
        assert stored.status == "finished"
        assert content(stored) == content(original)
        assert cli_sheet(stored) == expected
        assert app.store.drafts() == []


async def test_a_three_player_base_game_typed_in_full_gives_the_cli_sheet(make_app):
    """Every key a Pilot press of its own, waited for: the careful typist (about 30 s)."""
    await full_game(make_app, "base-3p.json")


async def test_a_seven_player_leaders_armada_game_typed_in_full_gives_the_cli_sheet(make_app):
    """Searches, digits and coins typed in bursts (navigation keys still pressed one at a time): the
    seven-player game would take minutes at Pilot's pace, and fast typing must be handled anyway."""
    await full_game(make_app, "leaders-armada-7p.json", burst=True)


# --- what driving the screens like a person ran into: clicks, another row's change, type-ahead -----------


async def real_click(pilot, widget) -> None:
    """A click as a terminal sends it: button down, a moment, button up at the same cell. The app makes a
    Click of it only if the same widget is under the pointer both times (Pilot.click instead forwards a
    Click to whatever is there after the button-down, which hides what a person sees)."""
    app = pilot.app
    x, y = widget.region.x + 1, widget.region.y
    for kind in (events.MouseDown, events.MouseUp):
        event = kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)
        event.set_sender(app)
        app.post_message(event)
        await settle(pilot)


async def cris_with_forgotten_port(pilot) -> Checkbox:
    """Cris in Age II of the 7-player game, Forgotten Port typed into the island picker."""
    start_at(pilot.app, without_age(example("leaders-armada-7p.json"), 2, 3), Step("age", 2), "Cris")
    await settle(pilot)
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
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, without_age(example("leaders-armada-7p.json"), 2, 3), Step("recruitment", 2))
        await settle(pilot)
        await press(pilot, *"cleo", "enter")  # Ana's leader; her row still shows its matches
        use = app.screen.query_one("#use-2", Select)  # Cris's
        await real_click(pilot, use)
        assert use.expanded


async def test_a_use_menu_opens_on_one_click_in_the_row_being_typed(make_app):
    """The control for the test above: the row's own menu does not move, and one click opens it."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, without_age(example("leaders-armada-7p.json"), 2, 3), Step("recruitment", 2))
        await settle(pilot)
        await press(pilot, *"cleo", "enter")
        use = app.screen.query_one("#use-0", Select)
        await real_click(pilot, use)
        assert use.expanded


async def test_changing_a_use_keeps_what_is_typed_in_another_row(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, without_age(example("leaders-armada-7p.json"), 3), Step("recruitment", 3))
        await settle(pilot)
        await press(pilot, *"imho", "enter", *"zeno")  # Ana's Imhotep, then Ben's search (Enter moved there)
        ben = app.screen.query_one("#leader-1", CardPicker)
        assert ben.text == "zeno"
        app.screen.query_one("#use-0", Select).value = "wonder"  # Ana tucks Imhotep under her wonder
        await settle(pilot)
        assert app.session.record.entry(3, "Ana").wonder_stages == 1
        assert ben.text == "zeno"


async def test_a_letter_typed_ahead_of_the_pick_does_not_spoil_it(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, without_age(example("base-3p.json"), 1, 2, 3), Step("age", 1))
        await settle(pilot)
        pilot.burst = True
        await type_keys(pilot, *"bath", "enter")  # Enter last in the read: picked
        assert app.session.record.entry(1, "Ann").cards == ["Baths"]
        await type_keys(pilot, *"alta", "enter", "s")  # the next card's first letter in the same read
        assert app.session.record.entry(1, "Ann").cards == ["Baths", "Altar"]
