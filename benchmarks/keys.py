"""Typing a card's name on the age screen: time per key, against the same keys typed into a bare Textual
Input with a list under it, measured in the same run (both driven by the Pilot, headless, 80x24).

The age screen is where the table types most: a few letters per card, seven players, three ages. Each key
refilters the card picker; the ratio says what the screen costs beyond Textual's own handling of a key
(the Pilot waits for the screen to settle after each key, so both figures include that wait).
Also: Enter adding the highlighted card (record validated, draft saved, screen redrawn) and PgDn to the
next player. Prints figures; never asserts.
Run: python benchmarks/keys.py [--rounds N]
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
from textual.pilot import Pilot
from textual.widgets import Footer, Header, Input, OptionList

from scorer.flow import Step
from tests.records import example, without_age
from tests.tui.driver import start_at
from widgets.app import WondersApp
from widgets.long_lived import collect_less

WORDS = ["cara", "libr", "stat", "sawm", "foun"]  # Age II cards, by their first letters


class Bare(App):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Input()
        yield OptionList(*(f"option {i}" for i in range(20)))
        yield Footer()


async def timed(pilot: Pilot, *keys: str) -> float:
    start = time.perf_counter()
    await pilot.press(*keys)
    await pilot.pause()
    return time.perf_counter() - start


async def per_key(pilot: Pilot, rounds: int, clear: str) -> list[float]:
    samples = []
    for _ in range(rounds):
        for word in WORDS:
            for key in word:
                samples.append(await timed(pilot, key))
            await pilot.press(clear)
    return samples


async def bare(rounds: int) -> list[float]:
    async with Bare().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return await per_key(pilot, rounds, "ctrl+u")


async def table(rounds: int, folder: Path) -> tuple[list[float], list[float], list[float]]:
    app = WondersApp(folder / "history.json", today=date(2026, 11, 27))
    async with app.run_test(size=(80, 24)) as pilot:
        start_at(app, without_age(example("leaders-armada-7p.json"), 2, 3), Step("age", 2))
        await pilot.pause()
        keys = await per_key(pilot, rounds, "ctrl+u")
        picks, pages = [], []
        for _ in app.session.record.names:
            await pilot.press(*WORDS[0])
            picks.append(await timed(pilot, "enter"))
            pages.append(await timed(pilot, "pagedown"))
        return keys, picks, pages


def report(label: str, samples: list[float]) -> float:
    middle = statistics.median(samples)
    print(f"{label:<40} median {middle * 1e3:6.1f} ms, worst {max(samples) * 1e3:6.1f} ms ({len(samples)} samples)")
    return middle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    collect_less()  # the table app's run() collects cycles so; the bare app runs under the same policy
    with tempfile.TemporaryDirectory() as folder:
        os.environ["WONDERS_SCORER_CONFIG"] = str(Path(folder) / "settings.json")  # never the user's settings
        baseline = report("bare Textual Input + list, per key", asyncio.run(bare(args.rounds)))
        keys, picks, pages = asyncio.run(table(args.rounds, Path(folder)))
    ours = report("age screen card search, per key", keys)
    print(f"{'':<40} ratio {ours / baseline:.2f}")
    report("Enter adds the highlighted card", picks)
    report("PgDn to the next player", pages)


if __name__ == "__main__":
    main()
