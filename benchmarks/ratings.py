"""Player ratings over a history of 10,000 games: the time to rate every game (scorer.history.ratings.rate_games,
openskill's Plackett–Luce, game after game in the order played) against the time to read the same games'
summaries from the file (HistoryStore.open + games("finished"), what `stats --ratings` reads first), measured in
the same rounds. Target: rating 10,000 games <= 2 s.

The games are those of benchmarks/screens.py: copies of examples/leaders-armada-7p.json with fresh UUIDs, spread
over dates, each seated by 7 of a group of 12 players (seven seats: the largest game to rate), built once
through the store's own storage. Each run is a fresh process (so its first round imports openskill, as a
`stats --ratings` does) of several rounds; every round reads, then rates. Prints every figure; never asserts.
Run: python benchmarks/ratings.py [--games N] [--runs N] [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

TARGET = 2.0


def measure(path: Path, rounds: int) -> list[tuple[float, float]]:
    """(read, rate) seconds for each round, in this process."""
    from scorer.history import HistoryStore
    from scorer.history.ratings import rate_games

    out = []
    for _ in range(rounds):
        start = time.perf_counter()
        with HistoryStore.open(path) as store:
            games = store.games("finished")
        read = time.perf_counter() - start
        start = time.perf_counter()
        ratings = rate_games(games)
        rate = time.perf_counter() - start
        assert ratings.games == len(games)  # every game rated (a check of the benchmark, not of speed)
        out.append((read, rate))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # a run, in a child process
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.rounds)))
        return

    from screens import build_history

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.json"
        start = time.perf_counter()
        build_history(path, args.games)
        print(f"{args.games:,} games of 7 players (12 in the group): built in {time.perf_counter() - start:.1f} s")
        worst = 0.0
        for run in range(1, args.runs + 1):
            child = [sys.executable, __file__, "--measure", str(path), "--rounds", str(args.rounds)]
            rounds = json.loads(subprocess.run(child, check=True, capture_output=True, text=True).stdout)
            for number, (read, rate) in enumerate(rounds, start=1):
                worst = max(worst, rate)
                print(
                    f"run {run} round {number}: read {read * 1e3:6.0f} ms · rate {rate * 1e3:6.0f} ms "
                    f"= {rate / read:4.2f}x the read"
                )
    verdict = "met" if worst <= TARGET else "MISSED"
    print(f"slowest rating of {args.games:,} games: {worst * 1e3:.0f} ms (target <= {TARGET:.0f} s: {verdict})")


if __name__ == "__main__":
    main()
