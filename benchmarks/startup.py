"""Process start to first screen ready: the table app against a bare Textual app (Header + Footer).

Both run headless in a fresh interpreter, exit as soon as their first screen is ready, and are timed from
outside (so imports count). Both load bytecode, as an installed app does: with PYTHONDONTWRITEBYTECODE set
(as in some shells and CI) the bare app still loaded Textual's compiled files from site-packages while the
table app compiled every one of its own modules on each start; here the children write and read bytecode in
a folder of their own (PYTHONPYCACHEPREFIX), filled by the warm-up runs. Target: ratio ≤ 1.3. Prints figures;
never asserts.
Run: python benchmarks/startup.py [--rounds N]
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
from pathlib import Path
sys.path.insert(0, {root!r})
from widgets.app import WondersApp

async def ready(pilot):
    pilot.app.exit()

WondersApp(Path({db!r})).run(headless=True, auto_pilot=ready)
"""


def timed(code: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        table = TABLE.format(root=str(ROOT), db=str(Path(folder) / "history.json"))
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "bytecode")
        timed(BARE, env), timed(table, env)  # warm the file cache and write both apps' bytecode
        bare, app = [], []
        for _ in range(args.rounds):  # interleaved, so machine noise hits both alike
            bare.append(timed(BARE, env))
            app.append(timed(table, env))
    b, a = statistics.median(bare), statistics.median(app)
    print(f"bare Textual app (Header + Footer): median {b * 1e3:.0f} ms over {args.rounds} runs")
    print(f"table app, home screen ready:       median {a * 1e3:.0f} ms; ratio {a / b:.2f} (target ≤ 1.3)")


if __name__ == "__main__":
    main()
