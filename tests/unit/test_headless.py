"""The scorer/ package is headless: nothing under it imports Textual (scorer/__init__.py: "Nothing in this package
imports Textual, so the rules can be used and tested without a terminal UI")."""

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCORER = ROOT / "scorer"

# Runs in a fresh interpreter, so modules imported by pytest or other tests cannot hide or fake an import.
PROBE = r"""
import importlib, json, pkgutil, sys, traceback
import scorer, scorer.catalog, scorer.rules.naval, scorer.rules.coins, scorer.rules.ground
import scorer.rules.science, scorer.rules.guilds
imported, errors = [], {}
for info in pkgutil.walk_packages(scorer.__path__, "scorer."):
    if info.name.rsplit(".", 1)[-1] == "__main__":
        continue  # `python -m scorer` entry point: importing it runs the CLI
    try:
        importlib.import_module(info.name)
        imported.append(info.name)
    except BaseException as exc:  # noqa: BLE001 - report every failure, including SystemExit
        errors[info.name] = "".join(traceback.format_exception_only(type(exc), exc)).strip()
textual = sorted(m for m in sys.modules if m == "textual" or m.startswith("textual."))
print(json.dumps({"imported": imported, "errors": errors, "textual": textual}))
"""


def run_probe():
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, f"probe failed:\n{result.stdout}\n{result.stderr}"
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_importing_every_scorer_module_does_not_import_textual():
    report = run_probe()
    assert "scorer.rules.naval" in report["imported"], report
    # Textual may not even be installed: an import that fails on it is the same fault.
    textual_errors = {m: e for m, e in report["errors"].items() if "textual" in e}
    assert not textual_errors, f"scorer modules need Textual: {textual_errors}"
    assert not report["textual"], f"Textual modules loaded by importing scorer/: {report['textual']}"


def test_every_scorer_module_imports_cleanly():
    report = run_probe()
    assert not report["errors"], f"scorer modules that fail to import: {report['errors']}"


TEXT_IMPORT = re.compile(r"^\s*(import\s+textual\b|from\s+textual\b)", re.MULTILINE)


def test_no_textual_import_in_scorer_source():
    offenders = []
    for path in sorted(SCORER.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        rel = path.relative_to(ROOT).as_posix()
        if TEXT_IMPORT.search(source):
            offenders.append(f"{rel}: import statement")
        for node in ast.walk(ast.parse(source, filename=rel)):
            names = node.names if isinstance(node, ast.Import) else []
            imports_textual = any(a.name.split(".")[0] == "textual" for a in names)
            from_textual = isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "textual"
            if imports_textual or from_textual:
                offenders.append(f"{rel}:{node.lineno}")
            elif (
                isinstance(node, ast.Call)
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and node.args[0].value.split(".")[0] == "textual"
                and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module", "__import__")
            ):
                offenders.append(f"{rel}:{node.lineno} dynamic import")
    assert not offenders, f"scorer/ must not import Textual: {offenders}"
