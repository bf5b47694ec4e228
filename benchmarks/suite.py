"""The test suite's CPU time (user + sys of pytest and every process it waits for) against an earlier checkout's,
measured in the same rounds, so the machine's speed of the hour cancels out. On Linux the whole machine's CPU
meanwhile is printed beside it: it also counts the browser's processes, which the suite's figure cannot (and
anything else the machine runs, so only on a quiet machine).

Issue 28 asked for the suite's CPU at most 60 % of what it was when the issue was filed: 5ceb26d, 1,755
tests, the default baseline. On this 2-core machine one suite's CPU moves by ±15 s from run to run (the same
tree measured 149 s and 172 s an hour apart), so only a ratio of runs taken side by side says anything.

Each tree is a fresh clone of this repository at its commit, with its own venv (`pip install -e '.[test]'`),
and is run with README's test command in a clean environment (only PATH and a HOME of its own), bytecode
written as on a user's machine. The rounds alternate the two trees. Prints figures; never asserts. One round
is two whole suites: about 5 minutes on 2 cores.
Run: python benchmarks/suite.py [--baseline COMMIT] [--rounds N] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "5ceb26d"  # the tree issue 28 measured "today" (~4 min of CPU for 1,755 tests)


def checkout(commit: str, folder: Path) -> Path:
    """A clone of this repository at `commit` in `folder`, installed in a venv of its own."""
    if not (folder / ".venv").exists():
        subprocess.run(["git", "clone", "-q", str(ROOT), str(folder)], check=True)
        subprocess.run(["git", "-C", str(folder), "checkout", "-q", commit], check=True)
        subprocess.run([sys.executable, "-m", "venv", str(folder / ".venv")], check=True)
        pip = folder / ".venv" / "bin" / "pip"
        install = subprocess.run(
            [str(pip), "install", "-q", "-e", ".[test]"], cwd=folder, capture_output=True, text=True
        )
        if install.returncode:  # pip's own notes (this machine's index warnings) are shown only when it fails
            sys.exit(f"installing {commit} failed:\n{install.stdout}{install.stderr}")
    return folder


def machine_cpu() -> float | None:
    """CPU seconds every process of the machine has used since it started (Linux's /proc/stat; None where
    there is none). The suite's own figure counts the processes it waited for; Chromium's, which Playwright's
    driver starts and reaps, never reach it (about a tenth more, measured this way on a quiet machine)."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:8]
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq = map(int, fields)
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def suite(folder: Path, home: Path) -> tuple[float, float | None, float, str]:
    """CPU seconds of README's test command in `folder` (user + sys of pytest and the processes it waited
    for), the whole machine's CPU seconds meanwhile (None: not known here), wall seconds, pytest's last line."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(home)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    machine = machine_cpu()
    start = time.perf_counter()
    run = subprocess.run(
        [str(folder / ".venv" / "bin" / "python"), "-m", "pytest", "-p", "no:cacheprovider"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    after, machine_after = resource.getrusage(resource.RUSAGE_CHILDREN), machine_cpu()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    used = machine_after - machine if machine is not None and machine_after is not None else None
    last = next((line for line in reversed(run.stdout.splitlines()) if " in " in line), "(no summary)")
    return cpu, used, wall, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help=f"the earlier commit (default {BASELINE})")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="keep the two checkouts here, and reuse them next time")
    args = parser.parse_args()
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as scratch:
        place = args.keep or Path(scratch)
        trees = {
            "baseline": checkout(args.baseline, place / f"suite-{args.baseline}"),
            "now": checkout(head, place / f"suite-{head}"),
        }
        print(f"baseline {args.baseline} against now {head}; load {os.getloadavg()[0]:.2f}")
        ratios = []
        for round_ in range(1, args.rounds + 1):
            cpu, machine = {}, {}
            for name, folder in trees.items():
                cpu[name], machine[name], wall, last = suite(folder, Path(scratch) / f"home-{name}")
                seen = f" (machine {machine[name]:6.1f} s)" if machine[name] is not None else ""
                print(f"round {round_} {name:8} CPU {cpu[name]:6.1f} s{seen}  wall {wall:6.1f} s  {last.strip('= ')}")
            ratios.append(cpu["now"] / cpu["baseline"])
            now, then = machine["now"], machine["baseline"]
            seen = f", machine {now / then:.2f}" if now is not None and then is not None else ""
            print(f"round {round_} ratio {ratios[-1]:.2f}{seen}  (load {os.getloadavg()[0]:.2f})")
        print("ratios " + ", ".join(f"{r:.2f}" for r in ratios))


if __name__ == "__main__":
    main()
