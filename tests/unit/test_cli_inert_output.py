"""Nothing a file or the history holds reaches the terminal as a command (issue 11, item 6, the output side).

The games are written straight through the store, past validation (which refuses such names at every way
in), as a history written by an older version or another program could hold them: every command must still
show them inert, control characters as their escapes and Rich markup as typed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorer.cli import main
from scorer.history import HistoryStore
from scorer.model import GameRecord

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "examples" / "base-3p.json"
NAMES = {"Ann": "\x1b[2JAnn[red]", "Bob": "Bob\x9b31m", "Cid": "Cid\x1b]0;pwned\x07\u202e"}
RAW = ("\x1b", "\x9b", "\x07", "\u202e")
SGR = re.compile(r"\x1b\[[0-9;]*m")  # what Rich itself writes at a terminal: colours and bold, nothing else


@pytest.fixture(autouse=True)
def wide_and_isolated(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv("WONDERS_SCORER_DB", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_path", lambda *a, **k: tmp_path / "user-data" / a[0])
    monkeypatch.setenv("COLUMNS", "240")  # no cell folded: each name is found whole


def renamed(data: dict, names: dict[str, str]) -> dict:
    data = json.loads(json.dumps(data))
    for seat in data["players"]:
        seat["name"] = names.get(seat["name"], seat["name"])
    for age in data["ages"]:
        age["players"] = {names.get(k, k): v for k, v in age["players"].items()}
    data["end"] = {names.get(k, k): v for k, v in data["end"].items()}
    return data


@pytest.fixture
def db(tmp_path) -> Path:
    """A finished game with hostile names, and a draft whose card, wonder, day and id are hostile too."""
    finished = renamed(json.loads(BASE.read_text(encoding="utf-8")), NAMES)
    draft = {
        **renamed(json.loads(BASE.read_text(encoding="utf-8")), NAMES),
        "status": "in_progress",
        "id": "d\x1b[2J000000-0000-4000-8000-000000000000",
        "played_on": "\x1b[2J2026",
        "end": {},
    }
    draft["ages"] = draft["ages"][:1]
    draft["ages"][0]["players"][NAMES["Ann"]]["cards"].append("Loom\x1b[5m[blink]")
    draft["players"][1]["wonder"] = "Rhodes\x1b[8m"
    path = tmp_path / "h.json"
    with HistoryStore.open(path) as store:
        store.save(GameRecord.from_dict(finished))
        store.save(GameRecord.from_dict(draft))
    return path


def run(capsys, db: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--db", str(db), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def assert_inert(text: str) -> None:
    for raw in RAW:
        assert raw not in text, f"{raw!r} printed raw in:\n{text}"


@pytest.mark.parametrize(
    "argv",
    [
        ["history"],
        ["show", "0b8c1d2e"],
        ["show", "d"],
        ["stats"],
        ["stats", "--player", NAMES["Ann"]],
        ["stats", "--player", NAMES["Ann"], "--vs", NAMES["Bob"]],
    ],
)
def test_every_command_shows_hostile_names_inert(capsys, db, argv):
    code, out, err = run(capsys, db, *argv)
    assert code == 0, err
    assert_inert(out + err)
    assert "\\x1b[2JAnn[red]" in out  # visible, and "[red]" not read as markup


def test_show_names_a_draft_s_cards_wonders_and_day_inert(capsys, db):
    code, out, err = run(capsys, db, "show", "d")
    assert code == 0, err
    assert_inert(out + err)
    assert "Loom\\x1b[5m[blink]" in out and "Rhodes\\x1b[8m" in out and "\\x1b[2J2026" in out


def test_the_score_sheet_and_its_tie_break_name_players_inert(capsys, db):
    code, out, _ = run(capsys, db, "show", "0b8c1d2e")
    assert code == 0
    assert "Cid\\x1b]0;pwned\\x07\\u202e" in out  # the winner's column, the winner line and the tie-break
    assert "Bob\\x9b31m" in out


def test_an_error_listing_known_players_quotes_them_inert(capsys, db):
    code, out, err = run(capsys, db, "stats", "--player", "Nobody")
    assert code == 2 and out == ""
    assert_inert(err)
    assert len(err.splitlines()) == 1 and "\\x1b[2JAnn[red]" in err


def test_delete_confirms_with_the_names_inert(capsys, db):
    code, out, err = run(capsys, db, "delete", "0b8c1d2e", "--yes")
    assert code == 0, err
    assert_inert(out + err)
    assert "\\x1b[2JAnn[red]" in out


def test_json_escapes_every_control_character_and_keeps_the_names(capsys, db):
    for argv in (["history", "--json"], ["show", "0b8c1d2e", "--json"], ["stats", "--json"]):
        code, out, err = run(capsys, db, *argv)
        assert code == 0, err
        assert_inert(out)
        assert "\\u001b[2JAnn[red]" in out and "Bob\\u009b31m" in out  # JSON's own escapes: the same text
    shown = json.loads(run(capsys, db, "show", "0b8c1d2e", "--json")[1])
    assert [seat["name"] for seat in shown["record"]["players"]] == list(NAMES.values())


def test_at_a_terminal_only_rich_s_own_colours_are_written(capsys, db, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")  # Rich writes as to a terminal: styles as escape sequences
    monkeypatch.delenv("NO_COLOR", raising=False)
    for argv in (["history"], ["show", "0b8c1d2e"], ["show", "d"], ["stats", "--player", NAMES["Ann"]]):
        code, out, err = run(capsys, db, *argv)
        assert code == 0, err
        assert SGR.search(out), "expected a terminal's styles"
        assert_inert(SGR.sub("", out) + err)


@pytest.mark.parametrize(
    "argv",
    [
        ["naval", "--age", "1", "[red]Ann=1", "[bold]Bob=2"],
        ["coins", "[red]Ann=1", "[bold]Bob=2", "--tax", "[red]Ann=2"],
        ["ground", "--age", "1", "[red]Ann=1", "[bold]Bob=2", "Cid=0"],
    ],
)
def test_rich_markup_in_a_typed_name_is_printed_as_typed(capsys, argv):
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "[red]Ann" in out and "[bold]Bob" in out


def test_a_line_break_in_a_stored_name_shows_in_the_history_list(capsys, tmp_path):
    path = tmp_path / "h.json"
    with HistoryStore.open(path) as store:
        store.save(GameRecord.from_dict(renamed(json.loads(BASE.read_text(encoding="utf-8")), {"Ann": "An\nn"})))
    code, out, err = run(capsys, path, "history")
    assert code == 0, err
    assert "An\\nn · Gizah A" in out
