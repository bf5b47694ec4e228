"""Importing an export bundle into an empty history: `import_files` (every check of every game) against
the same bundle read and stored unvalidated (GameRecord.from_dict, then the store's add_games, which
scores each game for its summary) in the same run; the ratio is what validation adds. Target: <= 3x.

The bundle holds copies of examples/leaders-armada-7p.json with fresh UUIDs and spread over dates, in the
export format (scorer/history/export.py). Each round imports into a fresh empty history, the two ways
interleaved so machine noise hits both alike. Prints figures; never asserts.
Run: python benchmarks/importing.py [--games N] [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorer.history import HistoryStore, import_files  # noqa: E402
from scorer.history.export import BUNDLE_FORMAT, BUNDLE_VERSION  # noqa: E402
from scorer.history.importing import read_games  # noqa: E402
from scorer.model import GameRecord  # noqa: E402
from scorer.rules.sheet import score_game  # noqa: E402

TEMPLATE = ROOT / "examples" / "leaders-armada-7p.json"
TARGET = 3.0


def write_bundle(path: Path, games: int) -> None:
    data = json.loads(TEMPLATE.read_text(encoding="utf-8"))
    records = [
        {**data, "id": str(uuid.uuid4()), "played_on": (date(2020, 1, 1) + timedelta(days=i % 2000)).isoformat()}
        for i in range(games)
    ]
    path.write_text(json.dumps({"format": BUNDLE_FORMAT, "version": BUNDLE_VERSION, "games": records}))


def unvalidated(store: HistoryStore, bundle: Path) -> None:
    """The baseline: the same file read and its games stored, without load_record's checks."""
    store.add_games(GameRecord.from_dict(data) for _, data in read_games(bundle))


def validated(store: HistoryStore, bundle: Path) -> None:
    import_files(store, [bundle])


def timed(folder: Path, name: str, action: Callable[[HistoryStore, Path], None], bundle: Path, games: int) -> float:
    with HistoryStore.open(folder / f"{name}.json") as store:
        start = time.perf_counter()
        action(store, bundle)
        elapsed = time.perf_counter() - start
        if store.count() != games:
            raise SystemExit(f"{action.__name__} stored {store.count()} of {games} games")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    score_game(GameRecord.from_dict(json.loads(TEMPLATE.read_text(encoding="utf-8"))))  # load the catalogue
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        bundle = folder / "bundle.json"
        write_bundle(bundle, args.games)
        size = bundle.stat().st_size
        validated(HistoryStore.open(folder / "warm.json"), bundle)  # warm the validator and the page cache
        base, ours = [], []
        for i in range(args.rounds):
            base.append(timed(folder, f"base{i}", unvalidated, bundle, args.games))
            ours.append(timed(folder, f"ours{i}", validated, bundle, args.games))
    b, o = statistics.median(base), statistics.median(ours)
    print(f"bundle of {args.games} games like {TEMPLATE.name} {size / 1e6:.1f} MB")
    print(
        f"baseline: read + store unvalidated  median {b * 1e3:7.0f} ms over {args.rounds} rounds "
        f"({b / args.games * 1e3:.2f} ms a game)"
    )
    print(
        f"import (every check)                median {o * 1e3:7.0f} ms over {args.rounds} rounds "
        f"({o / args.games * 1e3:.2f} ms a game)"
    )
    print(f"ratio {o / b:.2f} (target <= {TARGET:g}: {'met' if o / b <= TARGET else 'MISSED'})")


if __name__ == "__main__":
    main()
