"""Process start to first screen ready: the table app against a bare Textual app (Header + Footer).

Both run headless in a fresh interpreter, exit as soon as their first screen is ready, and are timed from
outside (so imports count). The table app is started the way `wonders-scorer` starts it: through
widgets.launcher and the core's command line (the language chosen, the settings read, the history located),
only the app run headless. Timing `WondersApp` alone left out what a user waits for before it (the command
line once imported every command and built their whole parser: 40-60 ms). Both load bytecode, as an
installed app does: with PYTHONDONTWRITEBYTECODE set (as in some shells and CI) the bare app still loaded
Textual's compiled files from site-packages while the table app compiled every one of its own modules on each
start; here the children write and read bytecode in a folder of their own (PYTHONPYCACHEPREFIX), filled by the
warm-up runs; no settings are saved (WONDERS_SCORER_CONFIG points at none). Target: ratio ≤ 1.3. Prints figures
and the machine's load; never asserts. `--against DIR` also times the table app of another checkout (say
`git worktree add /tmp/before HEAD~1`) in the same rounds, so a change is measured against what it changes.
On a loaded machine wall time is noise; instruction counts repeat within 0.5 %: `--code bare|table` prints a
child's program (`> t.py; valgrind --tool=callgrind --callgrind-out-file=/dev/null python t.py`, run twice:
the first writes the bytecode).
Run: python benchmarks/startup.py [--rounds N] [--against DIR] [--code bare|table]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BARE = """
from textual.app import App
from textual.widgets import Footer, Header

class Bare(App):
    def compose(self):
        yield Header()
        yield Footer()

async def ready(pilot):
    pilot.app.exit()

Bare().run(headless=True, auto_pilot=ready)
"""

TABLE = """
import sys
sys.path.insert(0, {root!r})
sys.stdin.isatty = sys.stdout.isatty = lambda: True  # the command opens the app only at a terminal
import widgets.launcher

async def ready(pilot):
    pilot.app.exit()

def headless(db_path, db_source, language_source):
    from widgets.app import WondersApp

    WondersApp(db_path, db_source=db_source, language_source=language_source).run(headless=True, auto_pilot=ready)

widgets.launcher.open_table_app = headless
sys.exit(widgets.launcher.main(["--db", {db!r}]))
"""


def timed(code: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--against", type=Path, help="another checkout whose table app is timed alongside")
    parser.add_argument("--code", choices=["bare", "table"], help="print that child's program and exit")
    args = parser.parse_args()
    if args.code is not None:
        db = Path(tempfile.mkdtemp()) / "history.json"
        print(BARE if args.code == "bare" else TABLE.format(root=str(ROOT), db=str(db)))
        return
    trees = {"table app, home screen ready": ROOT}
    if args.against is not None:
        trees[f"the same from {args.against}"] = args.against.resolve()
    with tempfile.TemporaryDirectory() as folder:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "bytecode")
        env["WONDERS_SCORER_CONFIG"] = str(Path(folder) / "settings.json")  # none saved: the user's stay out
        apps = {
            name: TABLE.format(root=str(root), db=str(Path(folder) / f"history-{i}.json"))
            for i, (name, root) in enumerate(trees.items())
        }
        runs: dict[str, list[float]] = {name: [] for name in ["bare", *apps]}
        for code in [BARE, *apps.values()]:
            timed(code, env)  # warm the file cache and write each app's bytecode
        for _ in range(args.rounds):  # interleaved, so machine noise hits all alike
            runs["bare"].append(timed(BARE, env))
            for name, code in apps.items():
                runs[name].append(timed(code, env))
    b = statistics.median(runs["bare"])
    print(f"bare Textual app (Header + Footer): median {b * 1e3:.0f} ms over {args.rounds} runs")
    for name in apps:
        a = statistics.median(runs[name])
        print(f"{name + ':':35} median {a * 1e3:.0f} ms; ratio {a / b:.2f} (target ≤ 1.3)")
    print("load average (1, 5, 15 min): " + ", ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
