"""The history store holding 10,000 games: median time to open it, save one finished game, list the games
and compute all stats; the same save through TinyDB's default JSONStorage as the baseline, with the ratio;
and peak memory. Targets: save <= 100 ms, open <= 300 ms, stats <= 500 ms, save >= 5x faster than the
default storage, peak memory <= 150 MB.

The games are copies of examples/leaders-armada-7p.json (else examples/base-3p.json) with fresh UUIDs and
spread over dates. Each measurement runs in its own process, so the baseline's memory (it parses the whole
file on every operation) does not count against ours. Prints figures; never asserts.
Run: python benchmarks/history.py [--games N] [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import uuid
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorer.history import HistoryStore, history_stats  # noqa: E402
from scorer.history.storage import HistoryStorage  # noqa: E402
from scorer.history.store import GAMES, SUMMARIES  # noqa: E402
from scorer.history.summary import now, scoring_fingerprint, summarise  # noqa: E402
from scorer.history.tables import HistoryDB  # noqa: E402
from scorer.history.versioning import stamp  # noqa: E402
from scorer.model import GameRecord  # noqa: E402
from scorer.rules.sheet import score_game  # noqa: E402
from scorer.validate import load_record  # noqa: E402

EXAMPLES = ROOT / "examples"
TARGETS = {"open": 0.300, "save": 0.100, "list": None, "stats": 0.500}
LABELS = {"open": "open", "save": "save", "list": "list", "stats": "stats (list + compute all)"}


def template() -> tuple[str, dict]:
    for name in ("leaders-armada-7p.json", "base-3p.json"):
        path = EXAMPLES / name
        if path.exists():
            return name, json.loads(path.read_text(encoding="utf-8"))
    raise SystemExit("no example game record found in examples/")


def fresh_game(data: dict, day: int) -> GameRecord:
    record = GameRecord.from_dict({**data, "id": str(uuid.uuid4())})
    record.played_on = (date(2020, 1, 1) + timedelta(days=day % 2000)).isoformat()
    return record


def build_history(path: Path, data: dict, games: int) -> dict[str, float]:
    """`games` stored games, written in one batch through the store's own storage (scored once: same sheet)."""
    record = load_record(data)
    summary = summarise(record, score_game(record), now(), rules=scoring_fingerprint(None)).to_doc()
    db = HistoryDB(path, storage=HistoryStorage)
    db.storage.start_empty()
    records = [fresh_game(data, i) for i in range(games)]
    with db.storage.batch():
        stamp(db)
        db.table(GAMES).put({r.id: r.to_dict() for r in records})
        db.table(SUMMARIES).put({r.id: {**summary, "played_on": r.played_on} for r in records})
    return {"bytes": path.stat().st_size}


def median(action: Callable[[], object], rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def measure_ours(path: Path, data: dict, rounds: int) -> dict[str, float]:
    score_game(fresh_game(data, 0))  # load the catalogue, as any session has by its first save
    HistoryStore.open(path).games()  # and warm the rules fingerprint and the page cache
    figures = {"open": median(lambda: HistoryStore.open(path), rounds)}
    store = HistoryStore.open(path)
    day = iter(range(10**6))
    figures["save"] = median(lambda: store.finalise(fresh_game(data, next(day))), rounds)
    figures["list"] = median(store.games, rounds)
    figures["stats"] = median(lambda: history_stats(store.games("finished")), rounds)
    return figures


def measure_baseline(path: Path, data: dict, rounds: int) -> dict[str, float]:
    """TinyDB's JSONStorage on the same file: a save of the game document alone (one write; ours also
    writes its summary), which still reads and rewrites the whole file."""
    from tinydb.storages import JSONStorage

    db = HistoryDB(path, storage=JSONStorage)
    day = iter(range(10**6))

    def save() -> None:
        record = fresh_game(data, next(day))
        db.table(GAMES).put({record.id: record.to_dict()})

    return {"save": median(save, rounds)}


def measure_memory(path: Path, data: dict) -> dict[str, float]:
    """Peak memory of a process that opens the history, lists the games, computes all stats and saves a
    game (and the time of the first three, cold): its max RSS where the OS reports it (everything:
    interpreter, libraries, data), else the peak of Python's own allocations (tracemalloc slows every
    allocation, so it is only the fallback)."""
    try:
        from resource import RUSAGE_SELF, getrusage
    except ImportError:  # Windows
        tracemalloc.start()
    start = time.perf_counter()
    store = HistoryStore.open(path)
    history_stats(store.games("finished"))  # what `wonders-scorer stats` does, cold
    cold = time.perf_counter() - start
    store.finalise(fresh_game(data, 0))
    if tracemalloc.is_tracing():
        return {"peak_mb": tracemalloc.get_traced_memory()[1] / 1e6, "rss": 0.0, "cold": cold}
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB on Linux
    return {"peak_mb": getrusage(RUSAGE_SELF).ru_maxrss * scale / 1e6, "rss": 1.0, "cold": cold}


PHASES = {"build": build_history, "ours": measure_ours, "baseline": measure_baseline, "memory": measure_memory}


def run_phase(phase: str, path: Path, number: int) -> dict[str, float]:
    """A phase in a process of its own. The parent stays small: on Linux a child's max RSS starts from its
    parent's at the moment it was spawned."""
    out = subprocess.run(
        [sys.executable, __file__, "--phase", phase, "--file", str(path), "--number", str(number)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--baseline-rounds", type=int, default=3)
    parser.add_argument("--phase", choices=PHASES, help=argparse.SUPPRESS)
    parser.add_argument("--file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--number", type=int, help=argparse.SUPPRESS)  # of games to build, or of rounds
    args = parser.parse_args()
    name, data = template()
    if args.phase:
        phase = PHASES[args.phase]
        figures = phase(args.file, data) if args.phase == "memory" else phase(args.file, data, args.number)
        print(json.dumps(figures))
        return

    with tempfile.TemporaryDirectory() as folder:
        ours_path, baseline_path, memory_path = (Path(folder) / f"{n}.json" for n in ("ours", "baseline", "memory"))
        start = time.perf_counter()
        size = run_phase("build", ours_path, args.games)["bytes"]
        for copy in (baseline_path, memory_path):
            shutil.copyfile(ours_path, copy)
        print(
            f"{args.games} games like examples/{name}: file {size / 1e6:.1f} MB "
            f"({size / args.games / 1e3:.1f} kB a game), built in {time.perf_counter() - start:.1f} s"
        )
        ours = run_phase("ours", ours_path, args.rounds)
        baseline = run_phase("baseline", baseline_path, args.baseline_rounds)
        memory = run_phase("memory", memory_path, 1)

    for key, target in TARGETS.items():
        verdict = (
            ""
            if target is None
            else f"  (target <= {target * 1e3:.0f} ms: {'met' if ours[key] <= target else 'MISSED'})"
        )
        print(f"{LABELS[key]:<26} median {ours[key] * 1e3:6.1f} ms over {args.rounds} rounds{verdict}")
    ratio = baseline["save"] / ours["save"]
    print(
        f"save with TinyDB's JSONStorage (baseline): median {baseline['save'] * 1e3:.1f} ms over "
        f"{args.baseline_rounds} rounds; ours is {ratio:.1f}x faster "
        f"(target >= 5x: {'met' if ratio >= 5 else 'MISSED'})"
    )
    peak = memory["peak_mb"]
    print(f"cold, in a fresh process: open + list + all stats {memory['cold'] * 1e3:.0f} ms")
    measure = "max RSS" if memory["rss"] else "Python allocations"
    print(
        f"peak memory over open + list + stats + save: {measure} {peak:.0f} MB "
        f"(target <= 150 MB: {'met' if peak <= 150 else 'MISSED'})"
    )


if __name__ == "__main__":
    main()
