"""Driving the table app with Textual's Pilot as the table does: starting a game at any step, typing keys
(paced or in one read), typing a card's name, setting up a table, playing an age, moving pages, entering
coins, and reading what a screen shows.

Every TUI test module takes its helpers from here (tests/tui/conftest.py keeps only fixtures), so a test
reads as the table's actions and a change of a screen's widgets is followed in one place.
"""

from __future__ import annotations

import asyncio
import io
import time
import unicodedata
from datetime import date
from typing import Any

import pytest
from rich.console import Console
from textual import events
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.dom import DOMNode
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widgets import Checkbox, DataTable, Input, Select, Static

from scorer.catalog import FLEETS, fold, load_catalog
from scorer.flow import Step
from scorer.i18n import t
from scorer.model import GameRecord
from scorer.validate import load_record
from widgets import compat
from widgets.app import WondersApp
from widgets.card_picker import CardPicker
from widgets.screens.age import AgeScreen
from widgets.screens.cell_detail import ordinal
from widgets.screens.conflicts import ConflictsScreen
from widgets.screens.end import EndScreen
from widgets.screens.history import HistoryScreen
from widgets.screens.home import HomeScreen
from widgets.screens.recruitment import RecruitmentScreen
from widgets.screens.rulings import RulingsScreen
from widgets.screens.rulings_seats import RulingPane
from widgets.screens.setup import SeatRow, SetupScreen
from widgets.screens.sheet import SheetScreen
from widgets.steady_footer import SteadyFooter
from widgets.stepper import Stepper

TODAY = date(2026, 11, 27)
SIZE = (80, 24)  # the table's terminal
MIN_LETTERS = 3


# --- a game at any step ----------------------------------------------------------------------------------


def in_progress(data: dict[str, Any], step: Step, player: str | None = None) -> GameRecord:
    """`data` as a game in progress at `step` (on `player`'s page), as if the table had walked there."""
    data = dict(data)
    data["status"] = "in_progress"
    data["progress"] = step.to_dict() | ({"player": player} if player else {})
    return load_record(data)


def start_at(app: WondersApp, data: dict[str, Any], step: Step, player: str | None = None) -> None:
    """Begin entering `data` at `step`, as if the table had walked there (call inside run_test). A test of one
    step opens the app there instead (the `make_app` fixture with the game: no home screen made first)."""
    app.start_game(in_progress(data, step, player))


async def at_step(pilot, data: dict[str, Any], step: Step, player: str | None = None) -> Any:
    """Begin entering `data` at `step` (start_at) and wait until its screen is shown and settled. Returns the
    screen shown."""
    start_at(pilot.app, data, step, player)
    return await step_shown(pilot)


async def step_shown(pilot) -> Any:
    """The screen shown once the app has settled (an app opened at a step: that step's)."""
    await settle(pilot)
    return pilot.app.screen


def restyles(monkeypatch: pytest.MonkeyPatch) -> list[DOMNode]:
    """Every node restyled from now on once mounted (a class or state changed after mounting had styled it),
    for any app: what a widget made as it will be shown never appears in it."""
    restyled: list[DOMNode] = []
    update_styles = App.update_styles

    def noted(app: App[Any], node: DOMNode, animate: bool = True) -> None:
        if compat.is_registered(app, node):
            restyled.append(node)
        update_styles(app, node, animate)

    monkeypatch.setattr(App, "update_styles", noted)
    return restyled


def focus_moves(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every widget any screen gives the focus from now on (None: taken away), even for a moment."""
    focused: list[Any] = []
    set_focus = Screen.set_focus

    def noted(screen: Screen[Any], widget: Any, *args: Any, **kwargs: Any) -> None:
        focused.append(widget)
        set_focus(screen, widget, *args, **kwargs)

    monkeypatch.setattr(Screen, "set_focus", noted)
    return focused


def steps_shown(monkeypatch: pytest.MonkeyPatch, app: WondersApp) -> list[Step]:
    """Keep the app on the screen it shows and list each step it is asked to show instead (show_step's
    result is awaited by ctrl+n: an awaitable already done)."""
    shown: list[Step] = []

    def note() -> AwaitComplete:
        assert app.session is not None
        shown.append(app.session.step)
        return AwaitComplete.nothing()

    monkeypatch.setattr(app, "show_step", note)
    return shown


# --- keys --------------------------------------------------------------------------------------------------


def key_event(app: WondersApp, key: str) -> events.Key:
    """The Key event a terminal sends for `key`: named as Pilot.press names it ("-" is "minus", "ctrl+n" has
    no character, "ã" is itself), Enter with the carriage return a terminal reads (Pilot gives it none)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = "\r" if key == "enter" else key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    return event


def burst(app: WondersApp, *keys: str) -> None:
    """Queue `keys` at the app in one go, as a terminal delivers what a fast typist typed in one read (or
    what a paste sent without bracketed paste); the caller then waits for the outcome."""
    for key in keys:
        app.post_message(key_event(app, key))


# The Rulings screen's naval tab, a tie for strongest in Age III typed as a table would (tests and
# benchmarks/rulings.py): the age, Tab to the names, down the names, back up, Tab to the strengths, Enter down
# the strengths.
NAVAL_TIE_KEYS = (
    "3",
    "tab",
    *"ana",
    "down",
    *"bia",
    "down",
    *"caio",
    "down",
    *"davi",
    "up",
    "up",
    "up",
    "tab",
    "7",
    "enter",
    "7",
    "enter",
    "4",
    "enter",
    "1",
)


class _Handling:
    """How many messages are being handled right now, across every message pump of the process: Textual 8.2's
    pumps hold a message only while it is queued, so a handler still awaiting something (a mount, a screen
    being pushed) shows nowhere else. Counted round MessagePump._dispatch_message, wrapped once by the first
    settle."""

    count = 0

    @classmethod
    def install(cls) -> None:
        dispatch = MessagePump._dispatch_message
        if getattr(dispatch, "counted", False):
            return

        async def counted(pump: MessagePump, message: Any) -> None:
            cls.count += 1
            try:
                await dispatch(pump, message)
            finally:
                cls.count -= 1

        counted.counted = True  # type: ignore[attr-defined]
        MessagePump._dispatch_message = counted  # type: ignore[method-assign]


def _busy(app: WondersApp) -> bool:
    """A message is being handled, or one is queued (or a callback is due after one) at the app or on its
    screen."""
    if _Handling.count:
        return True
    return any(
        pump.message_queue_size or pump._next_callbacks for pump in (app, *app.screen.walk_children(with_self=True))
    )


async def workers_done(app: WondersApp) -> None:
    """Wait for every worker of the app to end. A worker the screen cancelled (an exclusive one replaced, a
    group cancelled once its result was no longer wanted) has ended too: Textual's wait_for_complete raises
    WorkerCancelled for it, which failed a test whenever the Stats screen's count came back before its
    reading thread had returned. A worker that failed fails the app, which run_test reports."""
    await asyncio.gather(*(worker.wait() for worker in app.workers), return_exceptions=True)


async def settle(pilot: Any, seconds: float = 60.0, *, draw: bool = True) -> None:
    """Wait until the app and every widget on its screen have handled every message, including those their
    handling posted (a burst's keys forwarded to the focused box, keys bubbling up to bindings, Changed
    reports, what a worker thread sent back), then draw the frame the app would draw next (Pilot's pause does
    the same) and wait again for what drawing posted (a Resize, a scroll).

    It looks at each pump's queue between turns of the event loop instead of using Pilot's pause, which asks
    every widget of the screen for a callback and waits for all of them (hundreds of messages a key on the
    Rulings screen, each followed by an Idle), and not for the process to look idle (Pilot's pause()), which
    a busy machine fakes and which costs 20 ms or more a round. Bounded: a screen that never settles fails
    the test. `draw=False`: every message handled, no frame drawn — between the keys of one `press` or
    `type_keys`, whose last key draws (a frame a key was a third of the TUI tests' CPU; a terminal's keys
    typed faster than its frames coalesce the same way)."""
    _Handling.install()
    app = pilot.app
    deadline = time.monotonic() + seconds
    drawn = False
    while time.monotonic() < deadline:
        await asyncio.sleep(0)
        if app._exception is not None or app._exit:
            return  # the app failed or closed: run_test reports it
        if any(not worker.is_finished for worker in app.workers):
            await workers_done(app)
            drawn = False
            continue
        if _busy(app):
            drawn = False
            continue
        if drawn or not draw:
            return
        app.screen._on_timer_update()
        drawn = True
    raise AssertionError(f"{app.screen} still handling messages after {seconds:.0f} s")


async def type_keys(pilot, *keys: str) -> None:
    """Keys typed by the table. Paced (the default): one key at a time, each handled to the end (settle)
    before the next, as a careful typist. In a burst (pilot.burst set): all the keys are queued at once and
    only then waited for, as a terminal delivers what a fast typist typed while the app was still busy: Tabs,
    Enters and letters behind them must be handled exactly as if typed slowly."""
    if getattr(pilot, "burst", False):
        burst(pilot.app, *keys)
    else:
        for key in keys:
            burst(pilot.app, key)
            await settle(pilot, draw=False)
    await settle(pilot)


async def press(pilot, *keys: str) -> None:
    """Keys pressed one at a time (navigation, ctrl+n), each handled to the end before the next."""
    for i, key in enumerate(keys, 1):
        burst(pilot.app, key)
        await settle(pilot, draw=i == len(keys))


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


# --- typing a card -----------------------------------------------------------------------------------------


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


async def search_and_pick(pilot, picker: CardPicker, item: Any, *then: str, portuguese: bool = False) -> None:
    """Type a short search into the (focused) picker and press Enter (then the keys `then`)."""
    assert pilot.app.screen.focused is picker.input, f"the picker for {item.en} does not have the focus"
    await type_keys(pilot, *prefix_for(picker, item, portuguese=portuguese), "enter", *then)


def digit_for(screen: AgeScreen, widget_id: str, value: int) -> list[str]:
    """The digit to type on a stepper (stages, a ship's space) when it must change; nothing when it shows
    the value already (a stepper refuses its own value with a bell)."""
    return [] if screen.query_one(f"#{widget_id}", Stepper).value == value else [str(value)]


# --- setting up a table ----------------------------------------------------------------------------------


async def fill_seat(pilot, seat: int, name: str, wonder: str, side: str = "A") -> None:
    """Set a seat's boxes directly (typing into the setup screen is what enter_setup and the burst tests drive)."""
    screen = pilot.app.screen
    screen.query_one(f"#name-{seat}", Input).value = name
    screen.query_one(f"#wonder-{seat}", Select).value = wonder
    screen.query_one(f"#side-{seat}", Select).value = side
    await settle(pilot)


async def enter_setup(pilot, data: dict[str, Any]) -> None:
    """From the home screen: n, the expansions' boxes clicked, each seat's name typed and Tab over its wonder,
    side (and fleet), then ctrl+n."""
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


# --- playing an age ----------------------------------------------------------------------------------------


async def enter_recruitment(pilot, data: dict[str, Any], age: int) -> None:
    """Each player's leader typed into their row (Enter picks it and moves to the next row; in a burst every
    row in one read), its use set on its Select, then ctrl+n. Every other seat reads its leader in Portuguese."""
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, RecruitmentScreen) and screen.age == age
    catalog = load_catalog()
    block = next(b for b in data["ages"] if b["age"] == age)
    names = app.session.record.names
    plays = [play for name in names for play in block["players"][name]["leaders"]]
    assert len(plays) == len(names), "one leader a player"
    leaders = [catalog.leader(play["name"]) for play in plays]
    pickers = [screen.query_one(f"#leader-{seat}", CardPicker) for seat in range(len(names))]
    if getattr(pilot, "burst", False):
        # Each search worked out on its row's picker as it is now (a pick only takes candidates away).
        assert screen.focused is pickers[0].input, "the first row's picker does not have the focus"
        searches = [
            prefix_for(picker, leader, portuguese=seat % 2 == 1)
            for seat, (picker, leader) in enumerate(zip(pickers, leaders))
        ]
        await type_keys(pilot, *(key for search in searches for key in (*search, "enter")))
    else:
        for seat, (picker, leader) in enumerate(zip(pickers, leaders)):
            await search_and_pick(pilot, picker, leader, portuguese=seat % 2 == 1)
    for seat, play in enumerate(plays):
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
    box when it appears and Space (one click on the box works too: see test_full_games)."""
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
        cards = [catalog.card(card_name, age) for card_name in want["cards"]]
        if getattr(pilot, "burst", False):
            # The player's whole list typed in one read: each search worked out on the picker as it is now (a
            # pick only takes candidates away, which leaves the others' order as it is).
            assert screen.focused is picker.input, f"{name}: the card picker does not have the focus"
            await type_keys(
                pilot, *(key for card in cards for key in (*prefix_for(picker, card, portuguese=portuguese), "enter"))
            )
            built = [catalog.card(card, age) for card in app.session.record.entry(age, name).cards]
            assert [card.en for card in built] == [card.en for card in cards], name
            await jump_through(pilot, screen, name, want)
        else:
            for card in cards:
                await search_and_pick(pilot, picker, card, portuguese=portuguese)
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
    if app.screen is screen:  # asked once about a player short of the age's turns (a card sold for coins)
        await press(pilot, "ctrl+n")


async def pass_conflicts(pilot, age: int) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, ConflictsScreen) and screen.age == age
    await press(pilot, "ctrl+n")


# --- entering coins ----------------------------------------------------------------------------------------


async def enter_end(pilot, data: dict[str, Any]) -> None:
    """Each player's coins typed round the table (Enter moves to the next), then ctrl+n to the sheet. A row
    with Olympia B's menu gets its copied guild chosen there (or left on the best), and the next player's
    coins box is clicked into."""
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, EndScreen)
    for seat, name in enumerate(app.session.record.names):
        assert screen.focused is screen.query_one(f"#coins-{seat}", Input)
        await type_keys(pilot, *str(data["end"][name]["coins"]), "enter")
        if olympia := screen.query(f"#olympia-{seat}"):
            if copy := data["end"][name].get("olympia_copy"):
                olympia.first(Select).value = load_catalog().card(copy, 3).en
                await settle(pilot)
            if seat + 1 < len(app.session.record.names):
                screen.query_one(f"#coins-{seat + 1}", Input).focus()
                await settle(pilot)
    await press(pilot, "ctrl+n")


# --- reading a screen --------------------------------------------------------------------------------------


def screen_cells(app: App[Any]) -> list[list[tuple[str, str]]]:
    """Each cell of the screen as drawn: its character and its style (colours, bold, dim...). Each widget's
    lines are those it last drew: a widget not refreshed after a change shows the change nowhere here."""
    update = app.screen._compositor.render_full_update()
    return [
        [(char, str(cell.style)) for strip in line for cell in strip if not cell.control for char in cell.text]
        for line in update.strips
    ]


def screen_lines(app: App[Any]) -> list[str]:
    """The screen's lines as drawn (see screen_cells)."""
    return ["".join(char for char, _ in line) for line in screen_cells(app)]


def render(app: WondersApp, selector: str) -> str:
    """The text a widget of the screen shows (a Static, a Label)."""
    return str(app.screen.query_one(selector).render())


def notifications(app: WondersApp) -> list[str]:
    """Every message the app has notified, oldest first."""
    return [n.message for n in compat.notifications(app)]


def footer(screen) -> dict[str, str]:
    """Each key the screen binds now, with the words its Footer gives it."""
    return {key: active.binding.description for key, active in screen.active_bindings.items()}


def cut_off(app) -> list[str]:
    """The Footer's entries (keys, and the words of grouped keys) that do not fit left of the command
    palette's key (or in the footer): each by its words, or its key when it has none."""
    footer = app.screen.query_one(SteadyFooter)
    placed = footer.placed
    edge = next((item.x for item in placed if item.entry.palette), footer.region.width)
    cut = [item.entry for item in placed if not item.entry.palette and item.x + item.width > edge]
    return [entry.words or entry.key for entry in cut]


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


# --- the Rulings screen ------------------------------------------------------------------------------------


async def open_rulings(pilot) -> RulingsScreen:
    screen = RulingsScreen()
    await pilot.app.push_screen(screen)
    await settle(pilot)  # its first box focused: keys pressed before would switch tabs under a late focus
    return screen


async def type_into(pilot, screen: RulingsScreen, widget_id: str, text: str) -> None:
    """Focus a box, erase what it holds (End, ctrl+u) and type `text` key by key."""
    screen.query_one(f"#{widget_id}", Input).focus()
    await settle(pilot)
    await press(pilot, "end", "ctrl+u", *text)


async def fill(pilot, screen: RulingsScreen, values: dict[str, str]) -> None:
    """Set boxes directly: the setup of a test (typing itself is what the other tests drive)."""
    for widget_id, value in values.items():
        screen.query_one(f"#{widget_id}", Input).value = value
    await settle(pilot)


def pane(screen: RulingsScreen, key: str) -> RulingPane:
    return screen.query_one(f"#{key}", RulingPane)


def shown(screen: RulingsScreen, key: str) -> str:
    """The result area of a tab as the table reads it (very wide, so no sentence is cut by wrapping)."""
    console = Console(width=1000, file=io.StringIO())
    console.print(screen.query_one(f"#{key}-result", Static).content)
    return console.file.getvalue()


# --- the History screen ------------------------------------------------------------------------------------


async def open_history(app, pilot) -> HistoryScreen:
    app.push_screen(HistoryScreen())
    await settle(pilot)  # the games are read in a worker, which settle waits for
    assert isinstance(app.screen, HistoryScreen)
    return app.screen


def column(screen: HistoryScreen, key: str) -> list[str]:
    table = screen.query_one(DataTable)
    return [str(table.get_cell_at((row, list(table.columns).index(key)))) for row in range(table.row_count)]


async def leave_result(pilot) -> None:
    """After s saved the game: its result stays on screen (the saved sheet, read-only, the winners said) until
    the table leaves it; Escape goes home."""
    from widgets.screens.home import HomeScreen
    from widgets.screens.past_game import PastGameScreen

    app = pilot.app
    await settle(pilot)
    assert isinstance(app.screen, PastGameScreen), app.screen
    assert app.screen.sub_title == t("sheet.result.saved_title")
    assert render(app, "#sheet-result").strip()  # who won, or the tie-break in words
    await press(pilot, "escape")
    assert isinstance(app.screen, HomeScreen), app.screen
