"""The command line on a console whose code page cannot show every character it prints (a Windows console on
cp437, cp850 or cp1252, or output redirected to a file there): no UnicodeEncodeError, the nearest ASCII
instead, and JSON that reads back the same. (A UTF-8 console, macOS Terminal's, is left as it is: every
other test prints to one.)"""

from __future__ import annotations

import io
import json
import sys

import pytest

from scorer.cli import main
from tests.records import example

NAMES = ("João", "Zoë", "Çelik", "Ñandú", "Bjørn", "Ana", "Guto")


@pytest.fixture
def console(monkeypatch):
    """Standard output and error as a console on `encoding` has them; returns what each received, decoded."""

    def on(encoding: str) -> tuple[io.TextIOWrapper, io.TextIOWrapper]:
        out = io.TextIOWrapper(io.BytesIO(), encoding=encoding, newline="\n")
        err = io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="backslashreplace", newline="\n")
        monkeypatch.setattr(sys, "stdout", out)
        monkeypatch.setattr(sys, "stderr", err)
        return out, err

    return on


def shown(stream: io.TextIOWrapper) -> str:
    stream.flush()
    return stream.buffer.getvalue().decode(stream.encoding)  # type: ignore[attr-defined]


def accented_game(tmp_path):
    record = example("leaders-armada-7p.json")
    text = json.dumps(record, ensure_ascii=False)
    for old, new in zip(("Ana", "Ben", "Cris", "Dora", "Enzo", "Flor", "Guto"), NAMES, strict=True):
        text = text.replace(f'"{old}"', f'"{new}"')
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("encoding", ["cp437", "cp850", "cp1252"])
def test_the_score_sheet_with_accented_names_prints_on_a_legacy_code_page(tmp_path, console, encoding):
    out, _ = console(encoding)
    assert main(["score", str(accented_game(tmp_path)), "--save", "--db", str(tmp_path / "h.json")]) == 0
    sheet = shown(out)
    assert "Score sheet" in sheet and "Total" in sheet
    assert ("João" if encoding != "cp437" else "Joao") in sheet  # cp437 has no ã: the letter without its accent
    assert ("Bjorn" if encoding == "cp437" else "Bjørn") in sheet
    assert "Winner: Zo" in sheet and "+---" in sheet  # a box drawn in ASCII


@pytest.mark.parametrize("encoding", ["cp437", "cp1252"])
def test_history_and_show_print_on_a_legacy_code_page(tmp_path, console, encoding):
    db = str(tmp_path / "h.json")
    out, _ = console("utf-8")
    assert main(["score", str(accented_game(tmp_path)), "--save", "--db", db]) == 0
    out, _ = console(encoding)
    assert main(["--db", db, "history"]) == 0
    listing = shown(out)
    assert "finished" in listing and "Bj" in listing
    game_id = json.loads(_json(console, ["--db", db, "history", "--json"]))[0]["id"]
    out, _ = console(encoding)
    assert main(["--db", db, "show", game_id[:8]]) == 0
    assert "Total" in shown(out)


def _json(console, argv: list[str]) -> str:
    out, _ = console("cp437")
    assert main(argv) == 0
    return shown(out)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_ruling_with_accented_names_prints_on_cp437_and_its_json_reads_back_the_same(console, language):
    words = ["--lang", language, "naval", "--age", "2", "Zoë=3", "João=5", "Çelik=5"]
    out, err = console("cp437")
    assert main([*words, "--explain"]) == 0
    ruling = shown(out)
    assert "Joao" in ruling and "Çelik" in ruling  # cp437 has Ç, not ã
    assert shown(err) == ""
    out, _ = console("cp437")
    assert main([*words, "--json"]) == 0
    text = shown(out)
    assert "\\u00e3" in text  # escaped, not shortened
    assert json.loads(text)["tokens"] == {"Zoë": -2, "João": 3, "Çelik": 3}


def test_a_refusal_naming_an_accented_player_prints_on_cp437(console):
    out, err = console("cp437")
    assert main(["naval", "--age", "2", "João=3", "João=5"]) == 2
    assert "Joao" in shown(err) and shown(out) == ""
