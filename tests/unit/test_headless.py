"""Every module of the headless core imports on its own, in a fresh interpreter (no import cycle, no module that
needs another to be imported first). That the core never imports Textual or widgets is an import-linter
contract (pyproject.toml [tool.importlinter], run by .ci/run), not a test."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Runs in a fresh interpreter, so modules imported by pytest or other tests cannot hide a failing import.
PROBE = r"""
import importlib, json, pkgutil, traceback
import scorer
imported, errors = [], {}
for info in pkgutil.walk_packages(scorer.__path__, "scorer."):
    if info.name.rsplit(".", 1)[-1] == "__main__":
        continue  # `python -m scorer` entry point: importing it runs the program
    try:
        importlib.import_module(info.name)
        imported.append(info.name)
    except BaseException as exc:  # noqa: BLE001 - report every failure, including SystemExit
        errors[info.name] = "".join(traceback.format_exception_only(type(exc), exc)).strip()
print(json.dumps({"imported": imported, "errors": errors}))
"""


def test_every_scorer_module_imports_cleanly():
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, f"probe failed:\n{result.stdout}\n{result.stderr}"
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert "scorer.rules.naval" in report["imported"], report
    assert not report["errors"], f"scorer modules that fail to import: {report['errors']}"
