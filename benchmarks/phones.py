"""Phones at the table: the round trip of one phone edit while 8 phones edit at once, against the same edits
applied directly to the session in the same run; and the taps a phone needs for one player's age against the
keys the table app needs for it. Prints figures; never asserts.

Round trip: 8 clients (aiohttp) enter a whole 8-player Leaders + Armada Age I at once over a real socket to
`wonders-scorer host` running in its own process on a fresh history (each reply waits until its draft is
written); the direct figure applies the same edits to a session in this process and waits for the same
autosaver, with no HTTP.
The ratio is the web edge's cost. Target p95 ≤ 50 ms on this 2-core machine.

Taps: each player of the example game's Age I (examples/leaders-armada-7p.json), counted as the age screen
is typed by the TUI tests' driver (the fewest letters that highlight a card, Enter, Tab and a digit per
stepper that moves, PgDn) and as the phone page is tapped (a tap on the search box, then per card the fewer
of: the letters that show it among the first four results and a tap on it, or the letters that make it the
first match and the keyboard's Go (Enter adds the first match, as on the laptop) — the box keeps the
keyboard for the next card; one tap per wonder stage; two per ship moved, to open its list and choose; two
per island; one for Forgotten Port; one for Done). Seconds are modelled as TAP_SECONDS a tap and
LETTER_SECONDS a letter typed; with every seat on its own phone the age takes its slowest player's time.
Go never takes fewer taps than tapping the card (a card first is also
among the first four): the figures say so, with those of a phone that only ever presses Go (never leaving
the keyboard).
Run: python benchmarks/phones.py [--rounds N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiohttp

from scorer.autosave import DraftSaver
from scorer.catalog import FLEETS, fold, load_catalog
from scorer.deck import buildable
from scorer.edits.age import add_card, add_island
from scorer.history.store import HistoryStore
from scorer.i18n import local_name
from scorer.phones.requests import EditRequest, make_edit
from scorer.search import matches
from scorer.session import GameSession
from tests.phones.tables import EIGHT, age_one_plan, eight_players, request
from tests.records import example, without_age

ROOT = Path(__file__).resolve().parents[1]
SHOWN_WITH_KEYBOARD = 4  # results a 360x740 phone shows above its keyboard


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def saved_session(folder: str, data: dict) -> tuple[GameSession, DraftSaver, HistoryStore]:
    store = HistoryStore.open(Path(folder) / "history.json")
    saver = DraftSaver(lambda draft: store.save_draft_with_memory(draft.record, draft.memory), print)
    return GameSession(dict(data), saver.submit), saver, store


async def through_phones(plan: dict, data: dict) -> list[float]:
    """Each edit's round trip, 8 phones at once, to `wonders-scorer host` in a process of its own (as the
    laptop is another computer than the phones), serving a draft of `data` from a fresh history."""
    from scorer.validate import load_record

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "history.json"
        with HistoryStore.open(db) as store:
            store.save_draft(load_record(dict(data)))
        host = subprocess.Popen(
            [sys.executable, "-m", "scorer", "--db", str(db), "host", "--port", "0", "--json"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert host.stdout is not None
            seats = json.loads(host.stdout.readline())["seats"]
            samples: list[float] = []
            async with aiohttp.ClientSession() as http:

                async def phone(name: str) -> None:
                    url = seats[name]
                    async with http.get(f"{url}/state") as reply:
                        version = (await reply.json())["version"]
                    for edit in plan[name]:
                        start = time.perf_counter()
                        async with http.post(f"{url}/edit", data=request(version, **edit)) as reply:
                            body = await reply.json()
                        samples.append(time.perf_counter() - start)
                        assert reply.status == 200, body
                        version = body["state"]["version"]

                await asyncio.gather(*(phone(name) for name in EIGHT))
        finally:
            host.send_signal(signal.SIGTERM)
            host.wait(timeout=30)
    return samples


def directly(plan: dict, data: dict) -> list[float]:
    samples = []
    with tempfile.TemporaryDirectory() as folder:
        session, saver, store = saved_session(folder, data)
        for i in range(max(len(edits) for edits in plan.values())):
            for name in EIGHT:
                if i < len(plan[name]):
                    edit = dict(plan[name][i])
                    start = time.perf_counter()
                    kind = edit.pop("kind")
                    assert session.apply(make_edit(session, name, EditRequest("", kind, edit))) is None
                    saver.written()
                    samples.append(time.perf_counter() - start)
        saver.close()
        store.close()
    return samples


# --- taps and keys ---------------------------------------------------------------------------------------


def starts(item: object) -> list[str]:
    """Where a person starts typing a name: its start, or a longer word's (as the TUI driver's prefix_for)."""
    out = []
    for name in (fold(item.pt), fold(item.en)):  # type: ignore[attr-defined]
        out += [name[i:] for i in range(len(name)) if i == 0 or (name[i - 1] == " " and len(name[i:].split()[0]) > 3)]
    return out


def letters(item: object, offered: list, within: int, least: int) -> int:
    """The fewest letters (at least `least`) that show `item` among the first `within` matches."""
    best = None
    for start in starts(item):
        for length in range(min(least, len(start)), len(start) + 1):
            if start[:length].endswith(" "):
                continue
            if item in matches(start[:length], offered)[:within]:
                best = length if best is None else min(best, length)
                break
    assert best is not None, item
    return best


TAP_SECONDS = 1.5  # find the button and tap it, at a table, talking
LETTER_SECONDS = 0.5  # a letter on a phone's keyboard


def taps_and_keys() -> tuple[list[int], list[int], list[int], list[float]]:
    data = example("leaders-armada-7p.json")
    block = next(b for b in data["ages"] if b["age"] == 1)
    session = GameSession(without_age(data, 1, 2, 3) | {"status": "in_progress"}, lambda draft: None)
    catalog = load_catalog()
    phone, tui, go_only, seconds = [], [], [], []
    for seat, name in enumerate(session.record.names):
        want, taps, keys, go, letters_typed = block["players"][name], 0, 0, 0, 0
        for card_name in want["cards"]:
            card = catalog.card(card_name, 1)
            offered = sorted(buildable(session.record, catalog, 1, name), key=lambda c: fold(local_name(c)))
            keys += letters(card, offered, 1, 3) + 1  # highlighted first, then Enter
            first = letters(card, offered, 1, 1) + 1  # first, then Go
            tapped = min(letters(card, offered, SHOWN_WITH_KEYBOARD, 1) + 1, first)  # shown, then tapped; or Go
            taps += tapped
            letters_typed += tapped - 1  # the letters, then the tap (or Go)
            go += first - tapped  # what pressing only Go costs more
            assert session.apply(add_card(session.game(), 1, name, card)) is None
        taps += 1  # the search box, once
        stages = want.get("wonder_stages", 0)
        keys += 1 + (1 if stages else 0)  # Tab to the stages, a digit
        taps += stages
        for colour in FLEETS:
            moved = want["ships"][colour] != 0
            keys += 1 + (1 if moved else 0)
            taps += 2 if moved else 0
        keys += 1  # Tab on to the island picker
        for island_name in want.get("islands", []):
            island = catalog.island(island_name)
            free = [i for i in catalog.islands if i is not None]
            keys += letters(island, free, 1, 3) + 1
            taps += 2
            assert session.apply(add_island(session.game(), 1, name, island)) is None
        taps += 1  # Done
        if seat < len(session.record.names) - 1:
            keys += 1  # PgDn to the next player
        seconds.append((taps - letters_typed) * TAP_SECONDS + letters_typed * LETTER_SECONDS)
        phone.append(taps)
        tui.append(keys)
        go_only.append(taps + go)
    return phone, tui, go_only, seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    data = eight_players()
    plan, _ = age_one_plan(data)
    before = os.getloadavg()[0]
    served, direct = [], []
    for _ in range(rounds):
        served += asyncio.run(through_phones(plan, data))
        direct += directly(plan, data)
    for label, samples in (("8 phones at once, over HTTP", served), ("the same edits, applied directly", direct)):
        print(
            f"{label:34s} median {statistics.median(samples) * 1000:6.1f} ms, "
            f"p95 {percentile(samples, 0.95) * 1000:6.1f} ms over {len(samples)} edits"
        )
    print(
        f"ratio: median {statistics.median(served) / statistics.median(direct):.1f}x, "
        f"p95 {percentile(served, 0.95) / percentile(direct, 0.95):.1f}x (target p95 ≤ 50 ms)"
    )
    # The machine's load (1-minute average) before and after: on a shared 2-core machine the figures above
    # mean little without it.
    print(f"load average {before:.2f} before, {os.getloadavg()[0]:.2f} after, on {os.cpu_count()} cores")
    phone, tui, go_only, seconds = taps_and_keys()
    print(f"one player's Age I (example 7p game): phone taps {phone}, TUI keys {tui}")
    print(f"per player, median: phone {statistics.median(phone)} taps, TUI {statistics.median(tui)} keys")
    print(f"a phone pressing only Go after each card (never leaving the keyboard): taps {go_only}")
    print(
        f"modelled seconds per player's Age I ({TAP_SECONDS} s a tap, {LETTER_SECONDS} s a letter): "
        f"{[round(s) for s in seconds]}; the age with every seat on its phone at once: {max(seconds):.0f} s"
    )


if __name__ == "__main__":
    main()
