"""Peak memory with 10,000 games in the history: the CLI listing (`wonders-scorer history`, printed to
/dev/null), opening the app's History screen, and the headless open + list both rest on, each the max RSS
of a fresh process of its own (everything: interpreter, libraries, data; Linux and macOS). Target: each
<= 100 MB. A bare interpreter importing the same libraries is printed beside them, as what no history costs.

The games are those of benchmarks/screens.py (copies of examples/leaders-armada-7p.json, seated by 7 of 12
players). Prints figures; never asserts.
Run: python benchmarks/memory.py [--games N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TARGET_MB = 100

LISTED = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from scorer.history import HistoryStore
HistoryStore.open(Path({db!r})).games()
"""

SCREEN = """
import asyncio, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from widgets.app import WondersApp
from widgets.long_lived import collect_less

async def main():
    collect_less()  # as the table app's run() does
    app = WondersApp(Path({db!r}))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        while not (type(app.screen).__name__ == "HistoryScreen" and app.screen.is_ready):
            await asyncio.sleep(0.01)

asyncio.run(main())
"""

BUILD = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r} + "/benchmarks")
from screens import build_history
build_history(Path({db!r}), {games})
"""

BARE = """
import sys
sys.path.insert(0, {root!r})
import {modules}
"""


def peak_mb(args: list[str], **kwargs: object) -> tuple[float, float]:
    """The max RSS (MB) and wall time of a child process, from its own rusage (os.wait4)."""
    start = time.perf_counter()
    child = subprocess.Popen(args, cwd=ROOT, **kwargs)  # type: ignore[call-overload]
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{args[:3]} failed with exit code {child.returncode}")
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB on Linux
    return usage.ru_maxrss * scale / 1e6, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "history.json"
        # Built in a process of its own: on Linux a child's max RSS starts from its parent's when spawned.
        subprocess.run([sys.executable, "-c", BUILD.format(root=str(ROOT), db=str(db), games=args.games)], check=True)
        print(f"{args.games} games: history file {db.stat().st_size / 1e6:.1f} MB")
        python = sys.executable
        fill = {"root": str(ROOT), "db": str(db)}
        measured = [
            (
                "bare: Python + scorer's libraries",
                [python, "-c", BARE.format(root=str(ROOT), modules="scorer.cli, rich.table, tinydb, orjson")],
                None,
            ),
            ("headless: open + list", [python, "-c", LISTED.format(**fill)], TARGET_MB),
            ("CLI: wonders-scorer history", [python, "-m", "scorer", "--db", str(db), "history"], TARGET_MB),
            (
                "bare: Python + Textual + widgets.app",
                [python, "-c", BARE.format(root=str(ROOT), modules="widgets.app")],
                None,
            ),
            ("app: History screen ready", [python, "-c", SCREEN.format(**fill)], TARGET_MB),
        ]
        with open(os.devnull, "wb") as sink:
            for label, command, target in measured:
                mb, seconds = peak_mb(command, stdout=sink)
                verdict = "" if target is None else f"  (target <= {target} MB: {'met' if mb <= target else 'MISSED'})"
                print(f"{label:<38} peak {mb:6.1f} MB in {seconds:5.1f} s{verdict}")


if __name__ == "__main__":
    main()
