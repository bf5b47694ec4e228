"""The Rulings screen: time to open it, to switch through its four tabs, and per key while the table types a
naval question, each against a bare Textual app doing the same in the same run (headless, 80x24).

Opening: the screen pushed over home until its first box has the focus and every message is handled, then
closed; the baseline pushes a screen of a Header, one Input and a Footer. Tabs: ctrl+→ four times (Coins,
Ground, Guild, back to Naval) on a freshly opened screen, so each tab is shown for the first time, as at the
table; the baseline switches a bare TabbedContent of four panes, one Input each. Naval: the keys of a tie
in Age III (age, four names moving down the seats, back up, four strengths moving down with Enter), each
handled to the end before the next; the baseline types as many characters into a plain Input.

Keys are queued as the terminal delivers them and each is waited for with the test driver's `settle` (every
queue empty), not Pilot's `pause()`, whose idle waits of 20 ms or more would hide the work. The ratio says
what the screen costs beyond Textual's own handling. Prints figures; never asserts.
Run: python benchmarks/rulings.py [--rounds N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, TabbedContent, TabPane

from tests.tui.driver import NAVAL_TIE_KEYS, burst, settle
from widgets.app import WondersApp
from widgets.screens.rulings import RulingsScreen

TABS = 4


class BareScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(id="box")
        yield Footer()


class BareTabs(Screen[None]):
    BINDINGS = [Binding("ctrl+right", "next", priority=True), Binding("escape", "app.pop_screen")]

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent():
            for tab in range(TABS):
                with TabPane(f"tab {tab}", id=f"tab-{tab}"):
                    yield Input(id=f"box-{tab}")
        yield Footer()

    def action_next(self) -> None:
        tabs = self.query_one(TabbedContent)
        tab = (int(tabs.active.rsplit("-", 1)[1]) + 1) % TABS
        tabs.active = f"tab-{tab}"
        self.query_one(f"#box-{tab}", Input).focus()


class Bare(App[None]):
    pass


async def timed(pilot: Pilot, *keys: str) -> float:
    start = time.perf_counter()
    for key in keys:
        burst(pilot.app, key)
        await settle(pilot)
    return time.perf_counter() - start


async def opened(pilot: Pilot, screen: Screen[None]) -> float:
    start = time.perf_counter()
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return time.perf_counter() - start


async def bare(rounds: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {"open": [], "tabs": [], "keys": []}
    async with Bare().run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(rounds):
            figures["open"].append(await opened(pilot, BareScreen()))
            figures["keys"] += [await timed(pilot, "a") for _ in NAVAL_TIE_KEYS]
            await timed(pilot, "escape")
            await opened(pilot, BareTabs())
            figures["tabs"].append(await timed(pilot, *["ctrl+right"] * TABS))
            await timed(pilot, "escape")
    return figures


async def rulings(rounds: int, folder: Path) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {"open": [], "tabs": [], "keys": []}
    app = WondersApp(folder / "history.json", today=date(2026, 11, 27))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(rounds):
            figures["open"].append(await opened(pilot, RulingsScreen()))
            figures["keys"] += [await timed(pilot, key) for key in NAVAL_TIE_KEYS]
            await timed(pilot, "escape")
            await opened(pilot, RulingsScreen())
            figures["tabs"].append(await timed(pilot, *["ctrl+right"] * TABS))
            await timed(pilot, "escape")
    return figures


def report(label: str, samples: list[float], baseline: list[float]) -> None:
    middle, base = statistics.median(samples), statistics.median(baseline)
    print(
        f"{label:<34} median {middle * 1e3:6.1f} ms, worst {max(samples) * 1e3:6.1f} ms "
        f"(bare {base * 1e3:5.1f} ms): ratio {middle / base:5.2f}  [{len(samples)} samples]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["WONDERS_SCORER_CONFIG"] = str(Path(folder) / "settings.json")  # never the user's settings
        base = asyncio.run(bare(args.rounds))
        ours = asyncio.run(rulings(args.rounds, Path(folder)))
    report("open the Rulings screen", ours["open"], base["open"])
    report(f"switch through its {TABS} tabs", ours["tabs"], base["tabs"])
    report("naval example, per key", ours["keys"], base["keys"])


if __name__ == "__main__":
    main()
