"""Keys a table presses to enter the example 7-player Leaders + Armada game in score-pad mode, counted by a
Pilot replay from the home screen to the saved sheet (issue 14's target: 300 at most; 292 before issue 31 made
every box move on the same way, 315 since).

The replay is what one person at the laptop does with the paper pad beside it: n, Leaders and Armada ticked,
"at the end, like the score pad" chosen, each seat's name, wonder and side (a dropdown opened with Enter, one
or two letters, Enter), ctrl+n; then on the pad, player by player, each box in the pad's order (its digits,
and Enter unless they fill the box or are a 0, Tab to a Dock/Quay/Jetty or Forgotten Port box; the
example has no Tomyris or Aristotle, whose boxes Enter passes by), the coins last and Enter to the next
player; ctrl+n to the sheet, s to save. The values typed are the example's pad (what
scorer.edits.pad.start_score_pad makes of its card names), and the replay fails unless the saved game's
sheet is exactly the one `wonders-scorer score` gives for the example: the count is of a correct entry.
The age-by-age count is benchmarks/entry.py's.
Run: python benchmarks/entry_score_pad.py   (its last line: "keys: score-pad M")
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.widgets import Input

from scorer.catalog import fold, load_catalog
from scorer.edits.pad import PadField, pad_fields, pad_most, pad_value, start_score_pad
from scorer.i18n import local_name
from scorer.model import GameRecord
from scorer.session import GameSession
from scorer.validate import load_record
from tests.records import example
from tests.replay import cli_sheet
from tests.tui.driver import SIZE, burst, check_sheet_screen, settle
from widgets.app import WondersApp
from widgets.dialogs.confirm import ConfirmDialog
from widgets.in_turn import Dropdown, FoldingOverlay
from widgets.screens.pad import BESIDE, TICKED, PadScreen
from widgets.screens.past_game import PastGameScreen
from widgets.screens.setup import SetupScreen
from widgets.screens.sheet import SheetScreen

EXAMPLE = "leaders-armada-7p.json"


class Keys:
    """Presses keys at the app through the Pilot, counting every one."""

    def __init__(self, pilot: Any) -> None:
        self.pilot, self.count = pilot, 0

    async def __call__(self, *keys: str) -> None:
        """Keys typed in one read (a dropdown's search letters must not be paced apart), then handled."""
        self.count += len(keys)
        burst(self.pilot.app, *keys)
        await settle(self.pilot)


def the_pad(data: dict[str, Any]) -> GameRecord:
    """The example as a score pad: what a table would have written on the paper pad for it."""
    session = GameSession(data, lambda draft: None)
    error = session.apply(start_score_pad(session.game()))
    assert error is None, error
    return session.record


def search_for(screen: SetupScreen, seat: int, wonder_id: str) -> str:
    """The fewest letters that highlight this wonder in the seat's wonder dropdown."""
    dropdown = screen.query_one(f"#wonder-{seat}", Dropdown)
    overlay = dropdown.made_list()  # the list the dropdown searches once opened
    assert isinstance(overlay, FoldingOverlay)
    prompts = [str(prompt) for prompt, _ in dropdown._options]
    values = [value for _, value in dropdown._options]
    name = fold(local_name(load_catalog().wonder(wonder_id)))
    for length in range(1, len(name) + 1):
        found = overlay._find_search_match(name[:length])
        if found is not None and values[found] == wonder_id:
            return name[:length]
    raise AssertionError(f"{wonder_id} cannot be found in {prompts}")


async def setup(keys: Keys, data: dict[str, Any]) -> None:
    """n, the scoring chosen, Leaders and Armada ticked, every seat, ctrl+n."""
    app = keys.pilot.app
    await keys("n")
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    await keys("shift+tab", "enter", "down", "enter")  # from seat 1's name up to how the table scores
    await keys("shift+tab", "shift+tab", "space", "shift+tab", "space")  # Teams, Armada ✓, Leaders ✓
    await keys("tab", "tab", "tab", "tab")  # back down to seat 1's name
    assert screen.score_pad and screen.focused is screen.query_one("#name-0", Input)
    catalog = load_catalog()
    for seat, player in enumerate(data["players"]):
        wonder = catalog.wonder(player["wonder"]).id
        await keys(*player["name"], "tab")
        await keys("enter", *search_for(screen, seat, wonder), "enter", "tab")
        if player["side"] == "B":
            await keys("enter", "down", "enter")
        await keys("tab")
    await keys("ctrl+n")
    assert isinstance(app.screen, PadScreen), str(screen.query_one("#status").render())


def box_keys(record: GameRecord, pad: GameRecord, name: str, field: PadField) -> list[str]:
    """The keys for one box of the Enter order: its digits, and Enter unless the box moves on by itself (a
    0, or its digits fill it: a box is as wide as its largest value's digits)."""
    value = pad_value(pad, name, field)
    if value == 0 or len(str(value)) == len(str(pad_most(record, field))):  # the box moves on by itself
        return [*str(value)]
    return [*str(value), "enter"]


async def player_pad(keys: Keys, pad: GameRecord, name: str) -> None:
    """One player's pad, box by box in the pad's order, the coins last and Enter to the next player."""
    screen = keys.pilot.app.screen
    assert isinstance(screen, PadScreen) and screen.player == name
    record = screen.session.record
    order = [f for f in pad_fields(record) if f.kind not in BESIDE]
    index = 0
    while index < len(order):
        field = order[index]
        assert screen.focused is screen.widget_of(field), f"{name}: {field.key} has not the focus, {screen.focused}"
        ticks = [f for f in pad_fields(record) if f.kind in TICKED and f.age == field.age and field.kind == "naval"]
        if any(pad_value(pad, name, f) for f in ticks):
            # Tab to the age's Dock/Quay/Jetty and Forgotten Port boxes, a space on those ticked, Tab on.
            value = pad_value(pad, name, field)
            await keys(*(str(value) if value else ""), "tab")
            for tick in ticks:
                await keys(*(["space"] if pad_value(pad, name, tick) else []), "tab")
            index += 1
            continue
        await keys(*box_keys(record, pad, name, field))
        index += 1
    for field in pad_fields(record):
        assert pad_value(screen.session.record, name, field) == pad_value(pad, name, field), (
            name,
            field.key,
            [n.message for n in keys.pilot.app._notifications],
        )


async def enter_game(folder: Path) -> int:
    data = example(EXAMPLE)
    expected = cli_sheet(load_record(data))  # what `wonders-scorer score` gives for the example file
    pad = the_pad(data)
    assert cli_sheet(pad) == expected, "the example's pad scores as its cards do"
    app = WondersApp(folder / "history.json", today=date(2026, 11, 27))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        keys = Keys(pilot)
        await setup(keys, data)
        for name in app.session.record.names:
            await player_pad(keys, pad, name)
        await keys("ctrl+n")
        sheet = app.screen
        assert isinstance(sheet, SheetScreen)
        check_sheet_screen(sheet, expected)
        await keys("s")
        if isinstance(app.screen, ConfirmDialog):
            await keys("y")
        assert isinstance(app.screen, PastGameScreen)  # saved: its result stays on screen
        [game] = app.store.games()
        assert cli_sheet(app.store.load(game.id)) == expected, "the saved game is the example's sheet"
        return keys.count


def score_pad_keys() -> int:
    """Every key pressed to enter the example game in score-pad mode, from the home screen to the saved sheet."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["WONDERS_SCORER_CONFIG"] = str(Path(folder) / "settings.json")  # never the user's settings
        return asyncio.run(enter_game(Path(folder)))


if __name__ == "__main__":
    print(f"keys: score-pad {score_pad_keys()}")
