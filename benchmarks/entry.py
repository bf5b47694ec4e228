"""Keys a table presses to enter the example 7-player Leaders + Armada game age by age, from the home screen
to the saved sheet, counted through the Pilot (headless, 80x24).

The game is examples/leaders-armada-7p.json, typed as a fast typist at the table would: only keys, never a
click and never a widget set from outside, each key handled before the next. A card, leader or island is
the fewest letters that make it the picker's highlighted first match, then Enter (as a typist watching
the list does; `--only-match` counts to the shortest unambiguous prefix instead); a
menu is opened with Enter and typed into; the focus moves with Tab only where the screen offers no
shorter way. Every key goes through one counter, and the sheet saved at the end must equal the CLI's for
the same game (`wonders-scorer score`), so a shortcut that loses a value fails here instead of counting.

The score-pad count (the same game typed once at the end, on the pad) is benchmarks/entry_score_pad.py's,
printed here beside it: the issue's targets are <= 700 age by age, <= 300 on the pad.
Run: python benchmarks/entry.py [--only-match]   (last line: `keys: age-by-age N, score-pad M`)
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select

from scorer.catalog import FLEETS, fold, load_catalog
from scorer.i18n import set_language
from scorer.validate import load_record
from tests.records import example
from tests.replay import cli_sheet, content
from tests.tui.driver import SIZE, TODAY, burst, check_sheet_screen, settle
from widgets.app import WondersApp
from widgets.card_picker import CardPicker
from widgets.dialogs.confirm import ConfirmDialog
from widgets.in_turn import Dropdown, DropdownList
from widgets.screens.age import AgeScreen
from widgets.screens.conflicts import ConflictsScreen
from widgets.screens.end import EndScreen
from widgets.screens.home import HomeScreen
from widgets.screens.past_game import PastGameScreen
from widgets.screens.recruitment import RecruitmentScreen
from widgets.screens.setup import SetupScreen
from widgets.screens.sheet import SheetScreen
from widgets.stepper import Stepper

GAME = "leaders-armada-7p.json"
ONLY_MATCH = "--only-match" in sys.argv[1:]  # count a search to the only match, not the highlighted first one


class Table:
    """The Pilot, with every key it presses counted under the part of the game it was pressed in."""

    def __init__(self, pilot: Any) -> None:
        self.pilot = pilot
        self.app: WondersApp = pilot.app
        self.counts: Counter[str] = Counter()
        self.part = "setup"

    async def press(self, *keys: str) -> None:
        """Keys pressed one at a time, each handled to the end before the next."""
        for key in keys:
            self.counts[self.part] += 1
            burst(self.app, key)
            await settle(self.pilot)

    async def tab_to(self, widget: Widget) -> None:
        """Tab (or shift+Tab, whichever is shorter) until `widget` has the focus."""
        chain = self.app.screen.focus_chain
        here = chain.index(self.app.screen.focused) if self.app.screen.focused in chain else 0
        ahead = (chain.index(widget) - here) % len(chain)
        key, times = ("tab", ahead) if ahead <= len(chain) - ahead else ("shift+tab", len(chain) - ahead)
        await self.press(*[key] * times)
        assert self.app.screen.focused is widget, f"{key} does not reach {widget}"

    async def choose(self, menu: Select[Any], value: Any) -> None:
        """Open a focused menu with Enter, type the start of the option's label until it is highlighted (or
        walk down to it), Enter."""
        if menu.value == value:
            return
        await self.press("enter")
        listed = menu.query_one(DropdownList) if isinstance(menu, Dropdown) else None
        labels = [str(label) for label, _ in menu._options]
        wanted = next(i for i, (_, option) in enumerate(menu._options) if option == value)
        if listed is not None:
            for letter in fold(labels[wanted]):
                if listed.highlighted == wanted:
                    break
                await self.press(letter)
        else:
            overlay = menu.query_one("SelectOverlay")
            while overlay.highlighted != wanted:  # type: ignore[attr-defined]
                await self.press("down")
        await self.press("enter")
        assert menu.value == value, f"{menu} shows {menu.value}, not {value}"

    async def pick(self, picker: CardPicker, item: Any) -> None:
        """The fewest letters that put `item` first among the picker's matches, then Enter."""
        assert self.app.screen.focused is picker.input, f"the picker for {item.en} does not have the focus"
        await self.press(*shortest(picker, item), "enter")


def shortest(picker: CardPicker, item: Any) -> str:
    """The fewest letters that make `item` the picker's highlighted first match, the one Enter takes: the
    start of one of its names, or of one of their words. A typist watching the list stops there.
    `--only-match` counts instead the fewest that leave it the one match (its whole name, or word, when that
    still leaves others): a typist who never reads the list."""
    best: str | None = None
    for name in (item.en, item.pt):
        key = fold(name)
        for start in (i for i in range(len(key)) if i == 0 or key[i - 1] == " "):
            for end in range(start + 1, len(key) + 1):
                typed = key[start:end]
                if best is not None and len(typed) >= len(best):
                    break
                found = picker.matches(typed)
                alone = len(found) == 1 or not ONLY_MATCH or end == len(key) or key[end] == " "
                if not typed.endswith(" ") and found and found[0] is item and alone:
                    best = typed
                    break
    assert best is not None, f"{item.en} cannot be picked by typing its name"
    return best


async def setup(table: Table, data: dict[str, Any]) -> None:
    """n, the Leaders and Armada boxes, each seat's name, wonder, side and fleet, ctrl+n."""
    await table.press("n")
    screen = table.app.screen
    assert isinstance(screen, SetupScreen)
    catalog = load_catalog()
    for box in ("leaders", "armada"):
        await table.tab_to(screen.query_one(f"#{box}", Checkbox))
        await table.press("space")
    for seat, player in enumerate(data["players"]):
        await table.tab_to(screen.query_one(f"#name-{seat}", Input))
        await table.press(*player["name"])
        for key, value in (
            ("wonder", catalog.wonder(player["wonder"]).id),
            ("side", player["side"]),
            ("fleet", player.get("wonder_fleet")),
        ):
            menu = screen.query_one(f"#{key}-{seat}", Select)
            if value is not None and menu.value != value:
                await table.tab_to(menu)
                await table.choose(menu, value)
    await table.press("ctrl+n")
    assert table.app.session is not None, "the table did not start"


async def recruitment(table: Table, block: dict[str, Any]) -> None:
    """Each row's leader (Enter moves to the next row), each use other than recruiting on its menu, ctrl+n."""
    screen = table.app.screen
    assert isinstance(screen, RecruitmentScreen)
    catalog = load_catalog()
    names = table.app.session.record.names
    plays = [block["players"][name]["leaders"][0] for name in names]
    for seat, play in enumerate(plays):
        await table.pick(screen.query_one(f"#leader-{seat}", CardPicker), catalog.leader(play["name"]))
    for seat, play in enumerate(plays):
        if play["use"] != "recruit":
            menu = screen.query_one(f"#use-{seat}", Select)
            await table.tab_to(menu)
            await table.choose(menu, play["use"])
    await table.press("ctrl+n")


async def steppers(table: Table, screen: AgeScreen, want: dict[str, Any]) -> None:
    """The wonder stages and each ship that moved: the stepper's key (ctrl+s, ctrl+r/y/b/g), its digit."""
    wanted = {"s": ("age-stages", want.get("wonder_stages", 0))}
    wanted |= {colour[0]: (f"fleet-{colour}", want["ships"][colour]) for colour in FLEETS}
    for key, (widget_id, value) in wanted.items():
        stepper = screen.query_one(f"#{widget_id}", Stepper)
        if stepper.value != value:
            await table.press(f"ctrl+{key}", str(value))
        assert stepper.value == value, widget_id


async def player_age(table: Table, screen: AgeScreen, age: int, want: dict[str, Any]) -> None:
    """One player's age: the cards, stages and ships, islands, Forgotten Port."""
    catalog = load_catalog()
    picker = screen.query_one("#age-picker", CardPicker)
    for name in want["cards"]:
        await table.pick(picker, catalog.card(name, age))
    await steppers(table, screen, want)
    islands = screen.query_one("#age-island-picker", CardPicker)
    for name in want.get("islands", []):
        if table.app.screen.focused is not islands.input:
            await table.press("ctrl+e")
        await table.pick(islands, catalog.island(name))
    if want.get("abstain_naval"):
        await table.tab_to(screen.query_one("#age-abstain", Checkbox))
        await table.press("space")


async def play_age(table: Table, data: dict[str, Any], age: int) -> None:
    """The age's recruitment, every player's end of age round the table with PgDn, the conflicts."""
    block = next(b for b in data["ages"] if b["age"] == age)
    table.part = f"age {age}"
    await recruitment(table, block)
    screen = table.app.screen
    assert isinstance(screen, AgeScreen) and screen.age == age
    names = table.app.session.record.names
    for seat, name in enumerate(names):
        assert screen.player == name
        await player_age(table, screen, age, block["players"][name])
        if seat < len(names) - 1:
            await table.press("pagedown")
    await table.press("ctrl+n")
    while isinstance(table.app.screen, AgeScreen):  # a warning said once: ctrl+n again goes on
        await table.press("ctrl+n")
    assert isinstance(table.app.screen, ConflictsScreen)
    await table.press("ctrl+n")


async def end(table: Table, data: dict[str, Any]) -> None:
    """Each player's coins (Enter moves on), ctrl+n to the sheet, s to save it."""
    table.part = "end"
    screen = table.app.screen
    assert isinstance(screen, EndScreen)
    for seat, name in enumerate(table.app.session.record.names):
        box = screen.query_one(f"#coins-{seat}", Input)
        if table.app.screen.focused is not box:
            await table.tab_to(box)
        await table.press(*str(data["end"][name]["coins"]), "enter")
    await table.press("ctrl+n")
    assert isinstance(table.app.screen, SheetScreen)


async def replay(folder: Path) -> Counter[str]:
    """The whole game typed; the keys of each part. Fails unless the saved game is the example's, with the
    CLI's sheet on screen and in the store."""
    set_language("en")
    data = example(GAME)
    original = load_record(data)
    expected = cli_sheet(original)
    app = WondersApp(folder / "history.json", today=TODAY)
    async with app.run_test(size=SIZE) as pilot:
        table = Table(pilot)
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await setup(table, data)
        for age in (1, 2, 3):
            await play_age(table, data, age)
        await end(table, data)
        check_sheet_screen(app.screen, expected)
        await table.press("s")
        if isinstance(app.screen, ConfirmDialog):
            await table.press("y")
        assert isinstance(app.screen, PastGameScreen)  # saved: its result stays on screen
        [game] = app.store.games()
        stored = app.store.load(game.id)
        assert stored.status == "finished" and content(stored) == content(original), "the saved game differs"
        assert cli_sheet(stored) == expected, "the saved sheet is not the CLI's"
        return table.counts


def age_by_age_keys() -> int:
    """Every key pressed to enter the example game age by age, from the home screen to the saved sheet."""
    return sum(counts().values())


def counts() -> Counter[str]:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["WONDERS_SCORER_CONFIG"] = str(Path(folder) / "settings.json")  # never the user's settings
        return asyncio.run(replay(Path(folder)))


def main() -> None:
    from benchmarks.entry_score_pad import score_pad_keys

    parts = counts()
    for part, keys in parts.items():
        print(f"{part:<8} {keys:4} keys")
    print(f"keys: age-by-age {sum(parts.values())}, score-pad {score_pad_keys()}")


if __name__ == "__main__":
    main()
