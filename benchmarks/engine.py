"""Median time to score a full 8-player Leaders + Armada sheet (target: under 1 ms here).

Prints figures; never asserts. The baseline measured in the same run is a plain pass over the same record
(building the GameRecord from its dict), so the ratio says how much the rules cost beyond reading input.
The sheet's accounts and rulings are words kept as data (scorer/words.py), worded only when a screen or the CLI
shows them, so no text is built here (issue 12's target: at most 10 times the baseline).
Run: python benchmarks/engine.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorer.catalog import load_catalog
from scorer.model import GameRecord
from scorer.rules.sheet import score_game
from scorer.validate import load_record

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]


def eight_player_record() -> dict:
    """A legal 8-player Leaders + Armada game dealt from the catalogue: 5 cards and 1 stage per age each."""
    catalog = load_catalog()
    wonders = list(catalog.wonders)
    leaders = [leader for leader in catalog.leaders if not leader.blank]
    islands = list(catalog.islands)
    ages = []
    built: dict[str, set[str]] = {n: set() for n in NAMES}
    for age in (1, 2, 3):
        deck = []
        for card in catalog.deck(age, 8, leaders=True, armada=True):
            deck += [card] * max(card.copies_at(8), 1)
        players = {}
        for i, name in enumerate(NAMES):
            cards = []
            for card in list(deck):
                if len(cards) == 5:
                    break
                if card.id not in built[name]:
                    cards.append(card.en)
                    built[name].add(card.id)
                    deck.remove(card)
            players[name] = {
                "cards": cards,
                "wonder_stages": 1,
                "leaders": [{"name": leaders[(age - 1) * 8 + i].en, "use": "recruit"}],
                "ships": {"red": age + i % 3, "yellow": age + i % 2, "blue": 2 * age, "green": age},
                "islands": [islands[(age - 1) * 8 + i].en] if i % 2 == 0 else [],
            }
        ages.append({"age": age, "players": players})
    return {
        "schema": 1,
        "expansions": ["leaders", "armada"],
        "players": [{"name": n, "wonder": w.en, "side": "AB"[i % 2]} for i, (n, w) in enumerate(zip(NAMES, wonders))],
        "ages": ages,
        "end": {n: {"coins": 3 + i} for i, n in enumerate(NAMES)},
    }


def median_seconds(action, rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    args = parser.parse_args()
    data = eight_player_record()
    record = load_record(data)  # validated once, as the app does when a record enters
    for _ in range(50):
        score_game(record)  # warm caches
    sheet = median_seconds(lambda: score_game(record), args.rounds)
    baseline = median_seconds(lambda: GameRecord.from_dict(data), args.rounds)
    validate = median_seconds(lambda: load_record(data), max(args.rounds // 10, 20))
    print(
        f"score_game, 8 players Leaders + Armada: median {sheet * 1e3:.3f} ms over {args.rounds} rounds (target < 1 ms)"
    )
    print(f"baseline GameRecord.from_dict:          median {baseline * 1e3:.3f} ms; ratio {sheet / baseline:.1f}x")
    print(f"load_record (schema + rules checks):    median {validate * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
