"""The command line on a history of 10,000 games: the wall time and peak memory (max RSS) of every command
that reads the history file, each in a fresh process as a person runs it (`python -m scorer --db FILE
COMMAND ...`, standard output to the null device), against a child that only parses the same file with
`json.load` (its time and its RSS) measured in the same rounds. Target: every command <= 2 s and <= 100 MB.

Also the cold ruling, `wonders-scorer naval --age 2 Gabriel=2 Paula=2 Ann=8 Romeo=6 Fred=6`, against a child
that imports Rich and prints a bare Rich Table of three rows. Target: <= 2x that table.

The games are those of benchmarks/screens.py (copies of examples/leaders-armada-7p.json with fresh UUIDs,
seated by 7 of a group of 12 players, spread over dates), written once through the store's own storage in a
process of its own. The commands that write (`score --save`, `import`, `delete`) run on a copy of it, `delete`
a different game each round. Each child's max RSS comes from its own rusage (os.wait4): everything it held,
interpreter and libraries included. The rounds interleave the commands, so a busy moment of the machine
spreads over all of them; the ruling, some 50 ms a run, runs five times a round. Settings are read from an
empty folder and the language is English. Prints figures; never asserts.
Run: python benchmarks/cli.py [--games N] [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
TARGET_SECONDS, TARGET_MB, TARGET_RULING = 2.0, 100, 2.0
RULING_RUNS = 5  # a round's runs of the ruling and of the bare table

BUILD = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
sys.path.insert(0, {root!r} + "/benchmarks")
from screens import build_history
from scorer.history import HistoryStore
build_history(Path({db!r}), {games})
with HistoryStore.open(Path({db!r})) as store:
    print(" ".join(game.id for game in store.games()[:{ids}]))
"""

PARSE = "import json, sys\nwith open(sys.argv[1], encoding='utf-8') as file:\n    json.load(file)\n"

BARE_TABLE = """
from rich.console import Console
from rich.table import Table

table = Table(title="Naval Conflict")
for column in ("Player", "Strength", "Token"):
    table.add_column(column)
for row in (("Ann", "8", "+5"), ("Bob", "2", "-1"), ("Cid", "6", "+3")):
    table.add_row(*row)
Console().print(table)
"""

NAVAL = ["naval", "--age", "2", "Gabriel=2", "Paula=2", "Ann=8", "Romeo=6", "Fred=6"]


def child(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time (s) and max RSS (MB) of a fresh process, its output sent to the null device. On Linux a child's
    max RSS starts from its parent's peak when it was spawned: this process never holds the file or much else."""
    with open(os.devnull, "wb") as sink:
        start = time.perf_counter()
        process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=sink, stderr=subprocess.PIPE)
        assert process.stderr is not None
        errors = process.stderr.read()  # a few lines at most ("Deleted game …" goes to stdout)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{' '.join(args[:6])} failed: {errors.decode(errors='replace')}")
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB on Linux
    return seconds, usage.ru_maxrss * scale / 1e6


def commands(db: Path, copy: Path, ids: list[str], out: Path, rounds: int) -> list[tuple[str, list[list[str]]]]:
    """Each command's label and the words of each round's run (a different game for each `delete`)."""
    scorer = [sys.executable, "-m", "scorer", "--db"]
    reading = {
        "history": ["history"],
        "history --json": ["history", "--json"],
        "show ID": ["show", ids[0]],
        "show ID --json": ["show", ids[0], "--json"],
        "stats": ["stats"],
        "stats --json": ["stats", "--json"],
        "stats --player Ana": ["stats", "--player", "Ana"],
        "stats --player Ana --vs Ben": ["stats", "--player", "Ana", "--vs", "Ben"],
        "export": ["export"],
        "export --format csv": ["export", "--format", "csv"],
        "repair -o FILE --force": ["repair", "-o", str(out), "--force"],
        "coins (reads the calibration)": ["coins", "Ann=1", "Bob=2", "--tax", "Ann=2"],
    }
    writing = {
        "score FILE --save (a copy)": ["score", str(EXAMPLES / "base-3p.json"), "--save"],
        "import FILE (a copy)": ["import", str(EXAMPLES / "leaders-5p.json")],
    }
    listed = [(label, [[*scorer, str(db), *words]] * rounds) for label, words in reading.items()]
    listed += [(label, [[*scorer, str(copy), *words]] * rounds) for label, words in writing.items()]
    deletes = [[*scorer, str(copy), "delete", game_id, "--yes"] for game_id in ids[1 : rounds + 1]]
    listed.append(("delete ID --yes (a copy)", deletes))
    return listed


def figures(samples: list[tuple[float, float]]) -> tuple[float, float]:
    """The median wall time and the highest max RSS of a command's runs."""
    return statistics.median(s for s, _ in samples), max(mb for _, mb in samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory() as folder:
        db, copy, out = Path(folder) / "history.json", Path(folder) / "copy.json", Path(folder) / "repaired.json"
        env = {**os.environ, "WONDERS_SCORER_CONFIG": str(Path(folder) / "config"), "WONDERS_SCORER_LANG": "en"}
        env.pop("WONDERS_SCORER_DB", None)
        start = time.perf_counter()
        build = BUILD.format(root=str(ROOT), db=str(db), games=args.games, ids=args.rounds + 1)
        ids = subprocess.run([python, "-c", build], check=True, capture_output=True, text=True).stdout.split()
        shutil.copyfile(db, copy)  # streamed: see child() on what the parent holds
        size = db.stat().st_size
        print(
            f"{args.games} games like examples/leaders-armada-7p.json: history file {size / 1e6:.1f} MB, "
            f"built in {time.perf_counter() - start:.1f} s; {args.rounds} rounds, load {os.getloadavg()[0]:.1f}"
        )
        listed = commands(db, copy, ids, out, args.rounds)
        child([python, "-m", "scorer", *NAVAL], env)  # the bytecode written, as an installed app has it
        baseline: list[tuple[float, float]] = []
        samples: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in listed}
        for number in range(args.rounds):
            baseline.append(child([python, "-c", PARSE, str(db)], env))
            for label, runs in listed:
                samples[label].append(child(runs[number], env))
        base_seconds, base_mb = figures(baseline)
        print(
            f"baseline: json.load of the file {base_seconds:6.2f} s {base_mb:6.1f} MB  "
            f"(runs: {', '.join(f'{s:.2f} s' for s, _ in baseline)})"
        )
        print(f"{'command':<32} {'median':>8} {'x json':>7} {'peak':>9} {'x json':>7}  verdict   runs")
        for label, _ in listed:
            seconds, mb = figures(samples[label])
            met = seconds <= TARGET_SECONDS and mb <= TARGET_MB
            runs = ", ".join(f"{s:.2f} s {m:.0f} MB" for s, m in samples[label])
            print(
                f"{label:<32} {seconds:6.2f} s {seconds / base_seconds:6.2f}x {mb:6.1f} MB {mb / base_mb:6.2f}x  "
                f"{'met' if met else 'MISSED':<8}  {runs}"
            )
        print(f"(targets: <= {TARGET_SECONDS:.0f} s and <= {TARGET_MB} MB each)")

        naval = [python, "-m", "scorer", *NAVAL]
        bare = [python, "-c", BARE_TABLE]
        for warm in (naval, bare):
            child(warm, env)
        ruling: list[float] = []
        table: list[float] = []
        for _ in range(args.rounds * RULING_RUNS):
            table.append(child(bare, env)[0])
            ruling.append(child(naval, env)[0])
        ratio = statistics.median(ruling) / statistics.median(table)
        print(
            f"cold ruling `wonders-scorer naval ...`: median {statistics.median(ruling) * 1e3:.0f} ms "
            f"(min {min(ruling) * 1e3:.0f}); a bare Rich table: median {statistics.median(table) * 1e3:.0f} ms "
            f"(min {min(table) * 1e3:.0f}); ratio {ratio:.2f}x over {len(ruling)} runs each "
            f"(target <= {TARGET_RULING:.0f}x: {'met' if ratio <= TARGET_RULING else 'MISSED'})"
        )


if __name__ == "__main__":
    main()
