"""`score FILE --save --replace ID` and `show ID` (issue 14, item 6): the command line's correction of a saved
game, the user saying so with --replace, and the corrections listed under the sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.cli import main

BASE = Path(__file__).resolve().parents[2] / "examples" / "base-3p.json"
BASE_ID = "0b8c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3"


pytestmark = pytest.mark.usefixtures("per_user_default_history")


@pytest.fixture
def db(tmp_path: Path, capsys) -> str:
    """A history holding the base example, finished."""
    path = str(tmp_path / "h.json")
    assert main(["score", str(BASE), "--save", "--db", path]) == 0
    capsys.readouterr()
    return path


def fixed(tmp_path: Path, **changes: object) -> str:
    """The base example with Ann's end coins typed 9 higher (a slip a correction fixes), and `changes`."""
    data = json.loads(BASE.read_text(encoding="utf-8"))
    data["end"]["Ann"]["coins"] = data["end"]["Ann"].get("coins", 0) + 9
    data.update(changes)
    data = {k: v for k, v in data.items() if v is not None}
    path = tmp_path / "fixed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replace_corrects_the_game_and_show_lists_the_earlier_version(capsys, tmp_path: Path, db: str):
    code, out, _ = run(capsys, "score", fixed(tmp_path), "--save", "--replace", BASE_ID[:8], "--db", db)
    assert code == 0 and f"corrected game {BASE_ID[:8]}" in out
    code, out, _ = run(capsys, "show", BASE_ID[:8], "--db", db)
    assert code == 0 and "Corrected once; the earlier version:" in out
    assert "Ann 56 · Bob 39 · Cid 57" in out  # the totals as they were before the correction
    code, out, _ = run(capsys, "show", BASE_ID, "--db", db, "--json")
    [earlier] = json.loads(out)["record"]["corrections"]
    assert earlier["game"]["end"]["Ann"]["coins"] + 9 == json.loads(out)["record"]["end"]["Ann"]["coins"]


def test_a_file_without_an_id_corrects_the_named_game(capsys, tmp_path: Path, db: str):
    code, out, _ = run(capsys, "score", fixed(tmp_path, id=None), "--save", "--replace", BASE_ID, "--db", db)
    assert code == 0 and "corrected game" in out
    code, out, _ = run(capsys, "history", "--db", db)
    assert out.count(BASE_ID[:8]) == 1  # still one game


def test_the_same_game_again_is_already_stored(capsys, db: str):
    code, out, _ = run(capsys, "score", str(BASE), "--save", "--replace", BASE_ID, "--db", db)
    assert code == 0 and "already stored as it is; nothing written" in out


@pytest.mark.parametrize(
    ("file_id", "argv", "words"),
    [
        ("ffffffff-0000", ["--save", "--replace", "0b8c"], "the id of the game in the file (ffffffff)"),
        ("ffffffff-0000", ["--replace", "0b8c"], "--replace together with --save"),
        ("99ffffff-0000", ["--save", "--replace", "99"], "no stored game has this id"),
    ],
)
def test_a_refused_replace_is_one_line_exit_2_and_changes_nothing(capsys, tmp_path, db, file_id, argv, words):
    """Refused before anything is printed (issue 31 item 8: a mismatched id printed the whole sheet first)."""
    before = Path(db).read_bytes()
    code, out, err = run(capsys, "score", fixed(tmp_path, id=file_id), *argv, "--db", db)
    assert code == 2 and len(err.splitlines()) == 1 and words in err and "Traceback" not in err
    assert Path(db).read_bytes() == before
    if "--save" in argv and "file" in words:
        assert out == ""


def test_the_correction_is_said_in_portuguese(capsys, tmp_path: Path, db: str):
    code, out, _ = run(capsys, "--lang", "pt", "score", fixed(tmp_path), "--save", "--replace", BASE_ID, "--db", db)
    assert code == 0 and f"partida {BASE_ID[:8]} corrigida" in out
    code, out, _ = run(capsys, "--lang", "pt", "show", BASE_ID, "--db", db)
    assert "Corrigida uma vez; a versão anterior:" in out


def at_a_terminal(monkeypatch) -> list[tuple]:
    """stdin and stdout are a terminal; the table app's openings are recorded instead of run."""
    import sys

    opened: list[tuple] = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    return opened


def test_edit_opens_the_table_app_at_the_game(monkeypatch, capsys, db: str):
    opened = at_a_terminal(monkeypatch)
    code = main(["edit", BASE_ID[:8], "--db", db], table_app=lambda *args: opened.append(args))
    assert code == 0 and opened == [(Path(db), "--db", "WONDERS_SCORER_LANG", BASE_ID)]


def test_edit_refuses_a_game_in_progress_and_a_pipe(monkeypatch, capsys, tmp_path: Path, db: str):
    draft = fixed(tmp_path, id="aaaa1111-0000", status="in_progress")
    assert main(["score", draft, "--save", "--db", db]) == 0
    capsys.readouterr()
    code, _, err = run(capsys, "edit", "aaaa", "--db", db)  # not at a terminal
    assert code == 2 and len(err.splitlines()) == 1 and "edit opens the table app" in err
    opened = at_a_terminal(monkeypatch)
    code = main(["edit", "aaaa", "--db", db], table_app=lambda *args: opened.append(args))
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "a finished game" in err and not opened
