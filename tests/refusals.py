"""What the bounds tests share: a command that must be refused in one line, and a record file to refuse."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.cli import main

ROOT = Path(__file__).resolve().parents[1]


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command; it must exit 2 with one line on stderr and nothing on stdout. Returns that line."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2, err
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("wonders-scorer: "), err
    return lines[0]


def example_record() -> dict:
    return json.loads((ROOT / "examples" / "base-3p.json").read_text(encoding="utf-8"))


def write_record(tmp_path: Path, data: object) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)
