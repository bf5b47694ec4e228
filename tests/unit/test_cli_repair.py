"""`wonders-scorer repair`: a damaged history's readers exit 3 offering it; it copies what holds into a new
file, names the games left out by id and day, and never writes over the history or an existing file."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from scorer.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BASE_ID = "0b8c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3"


pytestmark = pytest.mark.usefixtures("per_user_default_history")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def damaged(capsys, tmp_path: Path) -> tuple[Path, bytes]:
    """Two games; the base game's "Stone Pit" flipped to "Stone Pht" and the other's summary key "names"
    to "namer" (today: history, stats and export crash with a KeyError)."""
    path = tmp_path / "h.json"
    for example in ("base-3p.json", "leaders-armada-7p.json"):
        assert run(capsys, "--db", str(path), "score", str(EXAMPLES / example), "--save")[0] == 0
    lines = path.read_bytes().split(b"\n")
    game = next(i for i, line in enumerate(lines) if line.startswith(f'"{BASE_ID}"'.encode()))
    summary = next(
        i for i, line in enumerate(lines) if b'"names"' in line and not line.startswith(f'"{BASE_ID}"'.encode())
    )
    lines[game] = lines[game].replace(b"Stone Pit", b"Stone Pht", 1)
    lines[summary] = lines[summary].replace(b'"names"', b'"namer"', 1)
    data = b"\n".join(lines)
    path.write_bytes(data)
    return path, data


@pytest.mark.parametrize("argv", [["history"], ["stats"], ["export"], ["show", "0b8c"]], ids=lambda argv: argv[0])
def test_a_damaged_history_exits_3_untouched_and_offers_the_repair(capsys, damaged, argv):
    path, data = damaged
    code, out, err = run(capsys, "--db", str(path), *argv)
    assert code == 3 and out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
    assert "1 of its 2 games fail their checksum" in err and "the file was not changed" in err
    command = shlex.split(err.rsplit("copy the games that hold into a new file with: ", 1)[1])
    assert command[:4] == ["wonders-scorer", "repair", "--db", str(path)] and not Path(command[5]).exists()
    assert path.read_bytes() == data


def test_repair_copies_the_sound_games_and_lists_the_others_by_id_and_day(capsys, damaged, tmp_path: Path):
    path, data = damaged
    new = tmp_path / "new.json"
    code, out, err = run(capsys, "repair", "--db", str(path), "-o", str(new))
    assert code == 0, err
    assert out.splitlines()[:3] == [
        f"Copied 1 game into {new} (1 left out).",
        "Could not vouch for 1 game (its checksum fails), left out:",
        f"  {BASE_ID}  2026-11-20",
    ]
    assert "1 game's summary failed its checksum and was scored again" in out
    assert path.read_bytes() == data
    code, out, err = run(capsys, "--db", str(new), "history", "--json")
    assert code == 0 and [game["id"][:8] for game in json.loads(out)] == ["7c3b9e21"]


def test_repair_as_json(capsys, damaged, tmp_path: Path):
    path, _ = damaged
    code, out, _ = run(capsys, "repair", "--db", str(path), "-o", str(tmp_path / "new.json"), "--json")
    assert code == 0 and json.loads(out) == {
        "output": str(tmp_path / "new.json"),
        "copied": 1,
        "rescored": 1,
        "lost": [{"id": BASE_ID, "played_on": "2026-11-20"}],
        "lost_settings": [],
        "healthy": False,
    }


def test_repair_refuses_the_history_itself_and_an_existing_file_unless_forced(capsys, damaged, tmp_path: Path):
    path, data = damaged
    taken = tmp_path / "taken.json"
    taken.write_text("mine")
    for argv, field in (
        (["-o", str(path)], "not the history itself"),
        (["-o", str(path), "--force"], "not the history itself"),
        (["-o", str(taken)], "does not exist yet"),
        (["-o", str(tmp_path / "no" / "x.json")], "existing folder"),
    ):
        code, out, err = run(capsys, "repair", "--db", str(path), *argv)
        assert code == 2 and out == "" and field in err and len(err.splitlines()) == 1
    assert path.read_bytes() == data and taken.read_text() == "mine"
    assert run(capsys, "repair", "--db", str(path), "-o", str(taken), "--force")[0] == 0
    assert json.loads(run(capsys, "--db", str(taken), "history", "--json")[1])[0]["id"].startswith("7c3b9e21")


def test_repair_of_a_file_that_is_not_a_history_at_all_exits_3(capsys, tmp_path: Path):
    path = tmp_path / "h.json"
    for content, reason in (
        (b"Saturday: Ann 61, Bob 57\n", "not valid JSON"),
        (b'{"_default": {"1": {"todo": "milk"}}}', "not a wonders-scorer history"),
    ):
        path.write_bytes(content)
        code, _out, err = run(capsys, "repair", "--db", str(path), "-o", str(tmp_path / "new.json"))
        assert code == 3 and reason in err and not (tmp_path / "new.json").exists()


@pytest.mark.parametrize(
    "argv",
    [["history", "--json"], ["stats", "--json"], ["export"], ["show", "7c3b", "--json"]],
    ids=lambda argv: argv[0],
)
def test_a_damaged_summary_does_not_stop_the_readers_and_the_file_is_not_rewritten(capsys, tmp_path: Path, argv):
    path = tmp_path / "h.json"
    for example in ("base-3p.json", "leaders-armada-7p.json"):
        assert run(capsys, "--db", str(path), "score", str(EXAMPLES / example), "--save")[0] == 0
    code, before, _ = run(capsys, "--db", str(path), *argv)
    assert code == 0
    lines = path.read_bytes().split(b"\n")
    summary = next(i for i, line in enumerate(lines) if b'"expansions"' in line and b'"names"' in line)
    lines[summary] = lines[summary].replace(b'"expansions"', b'"expansionr"', 1)  # today: KeyError: 'expansions'
    data = b"\n".join(lines)
    path.write_bytes(data)

    code, out, err = run(capsys, "--db", str(path), *argv)
    assert code == 0, err
    if argv[0] == "history":  # the summary made again is saved now, not when the game was
        out, before = (
            [{k: v for k, v in g.items() if k != "saved_at"} for g in json.loads(text)] for text in (out, before)
        )
    assert out == before
    assert err.startswith(f"note: {path}: 1 game summary fails its checksum") and "wonders-scorer repair" in err
    code, out, err = run(capsys, "--db", str(path), "score", str(EXAMPLES / "leaders-5p.json"), "--save")  # a write
    assert code == 3 and "1 of its 2 game summaries fail their checksum (every game holds)" in err
    assert path.read_bytes() == data
    new = tmp_path / "new.json"
    assert run(capsys, "repair", "--db", str(path), "-o", str(new))[0] == 0
    assert run(capsys, "--db", str(new), *argv)[2] == ""


def test_a_full_disk_says_nothing_was_saved_exits_1_and_leaves_nothing_behind(capsys, damaged, monkeypatch, tmp_path):
    """No `-o is not allowed` (the place was right), no repaired.json, no repaired.json.lock, no temporary file."""
    import errno
    import os

    def no_space(*_: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    path, data = damaged
    new = tmp_path / "repaired.json"
    monkeypatch.setattr("scorer.history.repair.write_file", no_space)
    code, out, err = run(capsys, "repair", "--db", str(path), "-o", str(new))
    assert (code, out) == (1, "") and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert "nothing was saved" in err and os.strerror(errno.ENOSPC) in err and "not allowed" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.json", "h.json.lock"]
    assert path.read_bytes() == data


def test_a_crlf_history_is_read_without_a_note_and_a_rewritten_one_is_not_called_0_summaries(capsys, tmp_path):
    path = tmp_path / "h.json"
    assert run(capsys, "--db", str(path), "import", str(EXAMPLES / "base-3p.json"))[0] == 0
    lf = path.read_bytes()
    path.write_bytes(lf.replace(b"\n", b"\r\n"))  # a Windows editor's copy: the same history
    code, out, err = run(capsys, "--db", str(path), "history")
    assert (code, err) == (0, "") and "0b8c1d2e" in out
    path.write_bytes(json.dumps(json.loads(lf), indent=1).encode())  # every document holds, the file's sum not
    code, out, err = run(capsys, "--db", str(path), "history")
    assert code == 0 and "0b8c1d2e" in out and "0 game summaries" not in err
    assert "though every game and summary in it holds" in " ".join(err.split())


def test_repair_of_a_sound_history_says_there_was_nothing_to_repair(capsys, tmp_path: Path):
    """Issue 31 item 8: it said "The damaged file was not changed" of a history with nothing wrong."""
    from scorer.cli import main

    db, new = tmp_path / "h.json", tmp_path / "copy.json"
    example = Path(__file__).resolve().parents[2] / "examples" / "base-3p.json"
    assert main(["--db", str(db), "import", str(example)]) == 0
    capsys.readouterr()
    assert main(["--db", str(db), "repair", "-o", str(new)]) == 0
    out = capsys.readouterr().out
    assert "nothing to repair" in out and "damaged" not in out and new.exists()
    assert main(["--db", str(db), "repair", "-o", str(tmp_path / "again.json"), "--json"]) == 0
    assert '"healthy": true' in capsys.readouterr().out
