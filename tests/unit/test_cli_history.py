"""The history commands: `score --save`, history, show, import, export, stats, delete; --db and exit codes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from scorer.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
BASE = ROOT / "examples" / "base-3p.json"
ARMADA = ROOT / "examples" / "leaders-armada-7p.json"
BASE_ID = "0b8c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3"


pytestmark = pytest.mark.usefixtures("per_user_default_history")


@pytest.fixture
def db(tmp_path) -> str:
    return str(tmp_path / "h.json")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv: str):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def words(text: str) -> str:
    return " ".join(text.split())


def one_line_error(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("wonders-scorer: "), err
    assert "Traceback" not in err
    return lines[0]


def record(path: Path = BASE, **changes) -> dict:
    return {**json.loads(path.read_text(encoding="utf-8")), **changes}


def write(tmp_path: Path, name: str, data: dict) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def renamed(data: dict, old: str, new: str) -> dict:
    """The same game with player `old` called `new` everywhere."""
    data = json.loads(json.dumps(data))
    for seat in data["players"]:
        if seat["name"] == old:
            seat["name"] = new
    for age in data["ages"]:
        age["players"] = {new if k == old else k: v for k, v in age["players"].items()}
    data["end"] = {new if k == old else k: v for k, v in data["end"].items()}
    return data


def draft(data: dict, game_id: str) -> dict:
    return {
        **data,
        "id": game_id,
        "status": "in_progress",
        "ages": data["ages"][:1],
        "end": {},
        "progress": {"step": "age", "age": 2},
    }


# --- score --save, history ---------------------------------------------------------------------------------


def test_score_save_then_history_lists_it(capsys, db):
    code, out, err = run(capsys, "--db", db, "score", str(BASE), "--save")
    assert code == 0, err
    assert "Score sheet" in out and out.rstrip().endswith("saved as new game 0b8c1d2e")
    code, out, err = run(capsys, "--db", db, "history")
    assert code == 0 and err == ""
    text = words(out)
    assert "0b8c1d2e" in text and "2026-11-20" in text and "finished" in text
    assert "Ann · Gizah A · 56" in text and "★ Cid · Babylon A · 57" in text
    [game] = run_json(capsys, "--db", db, "history")
    assert game["id"] == BASE_ID and game["status"] == "finished" and game["winners"] == ["Cid"]
    assert [p["total"] for p in game["players"]] == [56, 39, 57]


def test_saving_twice_stores_one_game(capsys, tmp_path, db):
    no_id = {k: v for k, v in record().items() if k != "id"}
    path = write(tmp_path, "no-id.json", no_id)
    code, out, _ = run(capsys, "score", path, "--save", "--db", db)  # --db after the command too
    assert code == 0 and "saved as new game" in out
    code, out, _ = run(capsys, "score", path, "--save", "--db", db)
    assert code == 0 and out.rstrip().endswith("is already stored as it is; nothing written")
    assert len(run_json(capsys, "--db", db, "history")) == 1
    # the same file imported later is the same game (its id comes from its content)
    assert run(capsys, "--db", db, "import", path)[1] == "added 0, completed 0 drafts, skipped 1 already present\n"


def test_score_save_of_another_game_with_a_stored_finished_id_is_refused(capsys, tmp_path, db):
    """Issue 11: `score b.json --save` reusing a finished game's id used to replace it ("updated game")."""
    assert run(capsys, "--db", db, "score", str(BASE), "--save")[0] == 0
    before = Path(db).read_bytes()
    other = write(tmp_path, "b.json", record(played_on="2026-12-01"))
    code, out, err = run(capsys, "--db", db, "score", other, "--save")
    assert code == 2
    line = one_line_error(err)
    assert line.startswith(f"wonders-scorer: score: {other}: id: '{BASE_ID}' is not allowed; ")
    assert "finished game is stored with this id (played 2026-11-20 by Ann, Bob, Cid)" in line
    assert 'remove the record\'s "id"' in line
    half_done = write(tmp_path, "draft.json", draft(record(), BASE_ID))
    code, _, err = run(capsys, "--db", db, "score", half_done, "--save")
    assert code == 2 and "this game was finished elsewhere" in one_line_error(err)
    assert Path(db).read_bytes() == before
    code, out, _ = run(capsys, "--db", db, "score", str(BASE), "--save")
    assert code == 0 and out.rstrip().endswith("game 0b8c1d2e is already stored as it is; nothing written")
    assert Path(db).read_bytes() == before


def test_import_reports_games_kept_apart_and_repeated(capsys, tmp_path, db):
    assert run(capsys, "--db", db, "score", str(BASE), "--save")[0] == 0
    other = record(played_on="2026-12-01")
    bundle = {"format": "wonders-scorer-export", "version": 1, "games": [other, record(ARMADA, id=None)] * 2}
    code, out, err = run(capsys, "--db", db, "import", write(tmp_path, "in.json", bundle))
    assert code == 0, err
    done, kept, repeated = out.splitlines()
    assert done == "added 1, completed 0 drafts, skipped 0 already present"
    assert kept.startswith("kept as new game ") and kept.endswith(
        ": it reuses the id of finished game 0b8c1d2e (played 2026-11-20 by Ann, Bob, Cid) with different content"
    )
    assert repeated.startswith("repeated in the import: 0b8c1d2e, ") and repeated.endswith("(2 ids, each stored once)")
    assert len(run_json(capsys, "--db", db, "history")) == 3


def test_score_save_json_keeps_stdout_pure(capsys, db):
    code, out, err = run(capsys, f"--db={db}", "score", str(BASE), "--save", "--json")
    assert code == 0
    assert json.loads(out)["winners"] == ["Cid"]
    assert err == "saved as new game 0b8c1d2e\n"


def test_empty_history_says_how_to_add_a_game(capsys, db):
    code, out, err = run(capsys, "--db", db, "history")
    assert code == 0 and err == ""
    text = words(out)
    assert "No games in the history yet" in text and "score GAME.json --save" in text and "import FILE" in text
    assert run_json(capsys, "--db", db, "history") == []


# --- where the history lives ---------------------------------------------------------------------------------


def test_env_variable_names_the_history(capsys, monkeypatch, tmp_path):
    path = tmp_path / "from-env.json"
    monkeypatch.setenv("WONDERS_SCORER_DB", str(path))
    assert run(capsys, "import", str(BASE))[0] == 0
    assert path.exists()
    assert [g["id"] for g in run_json(capsys, "history")] == [BASE_ID]
    assert run_json(capsys, "--db", str(tmp_path / "other.json"), "history") == []  # --db wins over the env


def test_default_history_is_in_the_per_user_data_folder(capsys, tmp_path):
    assert run(capsys, "import", str(BASE))[0] == 0
    assert (tmp_path / "user-data" / "wonders-scorer" / "history.json").exists()
    assert [g["id"] for g in run_json(capsys, "history")] == [BASE_ID]


# --- show --------------------------------------------------------------------------------------------------


def test_show_by_prefix(capsys, db):
    run(capsys, "--db", db, "import", *map(str, EXAMPLES))
    code, out, err = run(capsys, "--db", db, "show", "0B8C")
    assert code == 0 and err == ""
    text = words(out)
    assert "Game 0b8c1d2e " in text and "Ann (Gizah A)" in text and "Score sheet" in text and "Winner: Cid" in text
    data = run_json(capsys, "--db", db, "show", "0b8c1d")
    assert set(data) == {"record", "sheet"}
    assert data["record"]["id"] == BASE_ID and data["sheet"]["winners"] == ["Cid"]


def test_show_a_draft_lists_its_entries(capsys, tmp_path, db):
    path = write(tmp_path, "draft.json", draft(record(), "d7af7000-0000-4000-8000-000000000000"))
    assert run(capsys, "--db", db, "import", path)[0] == 0
    code, out, _ = run(capsys, "--db", db, "show", "d7af")
    text = words(out)
    assert code == 0 and "In progress (at step: entering Age II)" in text and "Age I" in text and "Stone Pit" in text
    assert "Score sheet" not in text
    data = run_json(capsys, "--db", db, "show", "d7af")
    assert data["sheet"] is None and data["record"]["status"] == "in_progress"
    listing = run(capsys, "--db", db, "history")[1]
    assert "in progress" in words(listing) and "1 age entered" in words(listing)
    assert "\\n" not in listing  # the status is two lines of its cell, not one with the break escaped


@pytest.mark.parametrize("game_id", ["aaaa", "ffff", ""], ids=["ambiguous", "unknown", "empty"])
def test_ambiguous_or_unknown_id_exits_2(capsys, tmp_path, db, game_id):
    one = write(tmp_path, "a1.json", record(id="aaaa1111-0000-4000-8000-000000000000"))
    two = write(tmp_path, "a2.json", record(id="aaaa2222-0000-4000-8000-000000000000", played_on="2026-11-21"))
    run(capsys, "--db", db, "import", one, two)
    for command in ("show", "delete"):
        code, out, err = run(capsys, "--db", db, command, game_id, *(["--yes"] if command == "delete" else []))
        assert code == 2 and out == ""
        line = one_line_error(err)
        assert f"{command}: GAME_ID: {game_id!r} is not allowed" in line
    assert "2 stored games start with it" in err or game_id != "aaaa"
    assert len(run_json(capsys, "--db", db, "history")) == 2


# --- import / export ---------------------------------------------------------------------------------------


def test_import_examples_then_again_skips_all(capsys, db):
    code, out, err = run(capsys, "--db", db, "import", *map(str, EXAMPLES))
    assert (code, out, err) == (0, "added 4, completed 0 drafts, skipped 0 already present\n", "")
    code, out, _ = run(capsys, "--db", db, "import", *map(str, EXAMPLES))
    assert (code, out) == (0, "added 0, completed 0 drafts, skipped 4 already present\n")
    games = run_json(capsys, "--db", db, "history")
    assert [g["played_on"] for g in games] == sorted((g["played_on"] for g in games), reverse=True)  # newest first


def test_import_completes_a_draft(capsys, tmp_path, db):
    run(capsys, "--db", db, "import", write(tmp_path, "draft.json", draft(record(), BASE_ID)))
    code, out, _ = run(capsys, "--db", db, "import", str(BASE))
    assert (code, out) == (0, "added 0, completed 1 draft, skipped 0 already present\n")


def test_a_bad_import_file_exits_2_naming_the_file_and_stores_nothing(capsys, tmp_path, db):
    bad = write(tmp_path, "bad.json", record(id="b0000000-0000-4000-8000-000000000000", expansions=["pirates"]))
    code, out, err = run(capsys, "--db", db, "import", str(BASE), bad)
    assert code == 2 and out == ""
    assert "bad.json" in one_line_error(err)
    code, out, err = run(capsys, "--db", db, "import", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json" in one_line_error(err)
    assert run_json(capsys, "--db", db, "history") == []


def test_export_json_imports_into_a_second_history(capsys, tmp_path, db):
    run(capsys, "--db", db, "import", *map(str, EXAMPLES))
    bundle = tmp_path / "bundle.json"
    code, out, err = run(capsys, "--db", db, "export", "-o", str(bundle))
    assert code == 0 and out == "" and err == f"exported 4 games to {bundle}\n"
    code, out, _ = run(capsys, "export", "--db", db)  # without -o: only the data, on stdout
    assert code == 0 and json.loads(out) == json.loads(bundle.read_text(encoding="utf-8"))

    second = str(tmp_path / "second.json")
    assert run(capsys, "--db", second, "import", str(bundle))[1].startswith("added 4,")

    def games(path: str) -> list:
        return [{k: v for k, v in g.items() if k != "saved_at"} for g in run_json(capsys, "--db", path, "history")]

    assert games(second) == games(db)
    for game_id in (p["id"] for p in run_json(capsys, "--db", db, "history")):
        assert run_json(capsys, "--db", second, "show", game_id) == run_json(capsys, "--db", db, "show", game_id)


def test_export_csv_escapes_formula_like_names(capsys, tmp_path, db):
    path = write(tmp_path, "formula.json", renamed(record(), "Ann", "=SUM(A1)"))
    assert run(capsys, "--db", db, "import", path)[0] == 0
    code, out, err = run(capsys, "--db", db, "export", "--format", "csv")
    assert code == 0 and err == ""
    rows = list(csv.DictReader(io.StringIO(out.lstrip("\ufeff"))))
    assert [row["player"] for row in rows] == ["'=SUM(A1)", "Bob", "Cid"]
    assert [row["total"] for row in rows] == ["56", "39", "57"]
    target = tmp_path / "out.csv"
    code, out, err = run(capsys, "--db", db, "export", "--format", "csv", "-o", str(target))
    assert (code, out, err) == (0, "", f"exported 1 finished game to {target}\n")
    assert "'=SUM(A1)" in target.read_text(encoding="utf-8-sig")


@pytest.mark.parametrize("argv", [["export", "--format", "xml"], ["export", "-o", "/no/such/folder/x.json"]])
def test_export_bad_format_or_path_exits_2(capsys, db, argv):
    code, out, err = run(capsys, "--db", db, *argv)
    assert code == 2 and out == ""
    one_line_error(err)


# --- stats -------------------------------------------------------------------------------------------------


@pytest.fixture
def examples_db(capsys, db) -> str:
    assert run(capsys, "--db", db, "import", *map(str, EXAMPLES))[0] == 0
    return db


def test_stats_overall(capsys, examples_db):
    code, out, err = run(capsys, "--db", examples_db, "stats")
    assert code == 0 and err == ""
    text = words(out)
    for title in ("Players — 4 finished games", "Wonders and sides", "Player counts", "Naval Conflict tokens per age"):
        assert title in text
    data = run_json(capsys, "--db", examples_db, "stats")
    assert set(data) == {"games", "players", "wonders", "player_counts", "naval"}
    assert data["games"] == 4
    ana = next(p for p in data["players"] if p["name"] == "Ana")
    assert (ana["games"], ana["wins"], ana["win_rate"], ana["best_total"]) == (2, 1, 0.5, 87)
    assert set(ana) >= {"average_total", "worst_total", "average_place", "average_rows"}
    assert [c["players"] for c in data["player_counts"]] == [3, 5, 6, 7]
    assert [a["age"] for a in data["naval"]] == [1, 2, 3]


def test_stats_player_report(capsys, examples_db):
    code, out, _ = run(capsys, "--db", examples_db, "stats", "--player", "ana")  # names match without case
    text = words(out)
    assert code == 0 and "Ana — 2 finished games" in text and "Average per row" in text and "Leaders" in text
    assert "Against each opponent" in text and "Ben" in text
    data = run_json(capsys, "--db", examples_db, "stats", "--player", "Ana")
    assert set(data) == {"player", "wonders", "rivals", "naval"}
    assert data["player"]["name"] == "Ana" and data["player"]["average_rows"]["leaders"] == 13.5


def test_stats_head_to_head(capsys, examples_db):
    code, out, _ = run(capsys, "--db", examples_db, "stats", "--player", "Ana", "--vs", "Ben")
    assert code == 0 and "Ana vs Ben — 1 game together" in words(out)
    data = run_json(capsys, "--db", examples_db, "stats", "--player", "Ana", "--vs", "ben")
    assert (data["a"], data["b"], data["games"], data["b_ahead"], data["b_wins"]) == ("Ana", "Ben", 1, 1, 1)
    code, out, _ = run(capsys, "--db", examples_db, "stats", "--player", "Ana", "--vs", "Ann")
    assert code == 0 and "no finished game together" in words(out)


def test_stats_head_to_head_of_two_partners(capsys, examples_db):
    """Ari and Bel won the team game together: counted as partners, not placed against each other."""
    code, out, _ = run(capsys, "--db", examples_db, "stats", "--player", "Ari", "--vs", "Bel")
    assert code == 0 and "As partners: 1 game, won together: 1 (the table counts the games as rivals)." in words(out)
    data = run_json(capsys, "--db", examples_db, "stats", "--player", "Ari", "--vs", "Bel")
    assert (data["games"], data["partners"], data["partner_wins"], data["a_ahead"], data["level"]) == (1, 1, 1, 0, 0)


def test_stats_filters(capsys, examples_db):
    def games(*argv: str) -> int:
        return run_json(capsys, "--db", examples_db, "stats", *argv)["games"]

    assert games("--since", "2026-12-01") == 3
    assert games("--since", "2026-12-01", "--until", "2026-12-11") == 2
    assert games("--players", "5", "--players", "7") == 2
    assert games("--expansion", "armada") == 1
    assert games("--expansion", "leaders", "--expansion", "armada") == 1
    assert games("--expansion", "base") == 1
    assert games("--until", "2020-01-01") == 0
    code, out, _ = run(capsys, "--db", examples_db, "stats", "--players", "4")
    assert code == 0 and "No finished games match these filters" in words(out)
    code, out, _ = run(capsys, "--db", examples_db, "stats", "--player", "Ben", "--expansion", "base")
    assert code == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["--player", "Zed"],
        ["--player", "Ana", "--vs", "Zed"],
        ["--vs", "Ana"],
        ["--player", "Ana", "--vs", "ANA"],
        ["--since", "2026-13-01"],
        ["--since", "yesterday"],
        ["--since", "2026-12-12", "--until", "2026-12-01"],
        ["--players", "two"],
        ["--players", "9"],
        ["--expansion", "cities"],
        ["--expansion", "base", "--expansion", "leaders"],
    ],
    ids=[
        "unknown player",
        "unknown rival",
        "vs alone",
        "vs self",
        "bad month",
        "not a date",
        "until before since",
        "players not a number",
        "too many players",
        "unknown expansion",
        "base with an expansion",
    ],
)
def test_stats_bad_input_exits_2(capsys, examples_db, argv):
    code, out, err = run(capsys, "--db", examples_db, "stats", *argv)
    assert code == 2 and out == ""
    line = one_line_error(err)
    assert line.startswith("wonders-scorer: stats: ")
    if argv[:2] == ["--player", "Zed"]:
        assert "known players: Ana, Ann, Ari," in line


# --- delete ------------------------------------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_delete_with_yes(capsys, examples_db):
    code, out, err = run(capsys, "--db", examples_db, "delete", "0b8c", "--yes")
    assert code == 0 and err == ""
    assert out == "Deleted game 0b8c1d2e (2026-11-20, finished: Ann, Bob, Cid; won by Cid).\n"
    assert BASE_ID not in [g["id"] for g in run_json(capsys, "--db", examples_db, "history")]


def test_delete_refuses_without_a_terminal_or_yes(capsys, examples_db):
    code, out, err = run(capsys, "--db", examples_db, "delete", "0b8c")
    assert code == 2 and out == ""
    assert "--yes is needed when not at a terminal" in one_line_error(err)
    assert len(run_json(capsys, "--db", examples_db, "history")) == 4


@pytest.mark.parametrize("answer, deleted", [("y\n", True), ("n\n", False), ("", False)])
def test_delete_asks_at_a_terminal(capsys, monkeypatch, examples_db, answer, deleted):
    monkeypatch.setattr("sys.stdin", _Terminal(answer))
    code, out, err = run(capsys, "--db", examples_db, "delete", "0b8c")
    assert code == 0
    assert err.startswith("Delete game 0b8c1d2e (2026-11-20, finished: Ann, Bob, Cid; won by Cid)? [y/N] ")
    assert out.startswith("Deleted game 0b8c1d2e") if deleted else out == "Nothing deleted.\n"
    assert len(run_json(capsys, "--db", examples_db, "history")) == (3 if deleted else 4)


def test_note_gives_a_saved_game_its_line_shown_by_history_and_show_and_taken_away(capsys, examples_db):
    """Issue 30 item 5: a one-line note on a saved game, without a correction (the score is not changed)."""
    assert run(capsys, "--db", examples_db, "note", "0b8c") == (0, "Game 0b8c1d2e has no note.\n", "")
    code, out, err = run(capsys, "--db", examples_db, "note", "0b8c", "Cid's   first  win")
    assert (code, out, err) == (0, "Game 0b8c1d2e: note saved: “Cid's first win”\n", "")
    listed = next(g for g in run_json(capsys, "--db", examples_db, "history") if g["id"] == BASE_ID)
    assert listed["note"] == "Cid's first win" and listed["mode"] == "age_by_age"
    assert "“Cid's first win”" in run(capsys, "--db", examples_db, "show", "0b8c")[1]
    shown = run_json(capsys, "--db", examples_db, "show", "0b8c")["record"]
    assert shown["note"] == "Cid's first win" and "corrections" not in shown
    assert run(capsys, "--db", examples_db, "note", "0b8c", "--clear")[1] == "Game 0b8c1d2e: note taken away.\n"
    assert "note" not in run_json(capsys, "--db", examples_db, "show", "0b8c")["record"]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["x" * 121], "at most 120 characters"),
        (["   "], "a note with some text"),
        (["hi", "--clear"], "either a note or --clear"),
        (["\u202ehidden"], "printable"),
    ],
)
def test_a_note_the_record_refuses_exits_2_and_changes_nothing(capsys, examples_db, argv, says):
    code, out, err = run(capsys, "--db", examples_db, "note", "0b8c", *argv)
    assert code == 2 and out == "" and says in one_line_error(err)
    assert run(capsys, "--db", examples_db, "note", "0b8c")[1] == "Game 0b8c1d2e has no note.\n"


# --- a history the app cannot read; usage errors -----------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["history"],
        ["stats"],
        ["import", str(BASE)],
        ["delete", "0b8c", "--yes"],
        ["score", str(BASE), "--save"],
    ],
    ids=lambda argv: argv[0],
)
def test_a_corrupt_history_exits_3_and_is_left_untouched(capsys, tmp_path, argv):
    path = tmp_path / "garbage.json"
    garbage = b"\x00\x9f\xffnot a history\x81" * 7
    path.write_bytes(garbage)
    code, out, err = run(capsys, "--db", str(path), *argv)
    assert code == 3
    line = one_line_error(err)
    assert str(path) in line and "the file was not changed" in line
    fresh = line.rsplit("start a fresh history with --db ", 1)[1]
    assert fresh.startswith(str(tmp_path / "garbage.fresh-")) and fresh.endswith(".json")
    assert not Path(fresh).exists()
    assert path.read_bytes() == garbage
    if argv[0] != "score":
        assert out == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["history", "--bogus"],
        ["show"],
        ["stats", "--player"],
        ["import"],
        ["delete", "0b8c", "--force"],
        ["--db"],
    ],
    ids=[
        "unknown option",
        "show without id",
        "player without name",
        "import without file",
        "delete --force",
        "--db without path",
    ],
)
def test_usage_errors_exit_2(capsys, db, argv):
    code, out, err = run(capsys, "--db", db, *argv) if argv != ["--db"] else run(capsys, *argv)
    assert code == 2 and out == ""
    one_line_error(err)


def test_help_lists_every_command(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("naval", "coins", "ground", "score", "history", "show", "import", "export", "stats", "delete"):
        assert command in out
    assert "--db PATH" in out
    for command in ("history", "show", "import", "export", "stats", "delete"):
        code, out, _ = run(capsys, command, "--help")
        assert code == 0 and "Example" in out and "--db" in out


def test_score_uses_the_table_dockyard_calibration_from_the_history(tmp_path, capsys):
    """rules-reference §9: the table's calibration is used for every later game, by the CLI too."""
    from scorer.history import HistoryStore
    from scorer.history.settings import book_rows, save_calibration

    db = tmp_path / "calibrated.json"
    with HistoryStore.open(db) as store:
        rows = book_rows()
        rows[5]["blue_vp"] = 12  # this table's board shows 12 on the Blue fleet's last space
        save_calibration(store, rows)
    example = str(Path(__file__).resolve().parents[2] / "examples" / "leaders-armada-7p.json")
    assert main(["--db", str(db), "score", example, "--json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    ana = next(p for p in sheet["players"] if p["name"] == "Ana")
    assert ana["rows"]["dockyard"] == 12


def test_coins_takes_the_tax_values_of_the_table_s_own_boards(tmp_path, capsys):
    """A table whose last Yellow space levies a Tax of 3 types 3: refused with the book's values (1, 2, 4),
    accepted with the table's calibration, which `coins` reads from the history like `score` does."""
    from scorer.history import HistoryStore
    from scorer.history.settings import book_rows, save_calibration

    db = tmp_path / "calibrated.json"
    assert main(["--db", str(db), "coins", "Paula=3", "Art=1", "--tax", "Paula=3"]) != 0
    capsys.readouterr()
    with HistoryStore.open(db) as store:
        rows = book_rows()
        rows[5]["yellow_tax"] = 3
        save_calibration(store, rows)
    assert main(["--db", str(db), "coins", "Paula=3", "Art=1", "--tax", "Paula=3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["losses"]["Art"] == 2  # Tax 3 less Art's Commercial Level 1


def test_show_breaks_lines_between_phrases_at_80_columns(capsys, db, monkeypatch):
    """Issue 31 item 8: `show` broke "Dora (Alexandria A)" from "· Enzo" and "Armada +" from "Leaders"."""
    monkeypatch.setenv("COLUMNS", "80")
    run(capsys, "--db", db, "import", str(ARMADA))
    code, out, _ = run(capsys, "--db", db, "show", "7c3b")
    assert code == 0
    head = out.splitlines()[:4]
    assert head[0] == "Game 7c3b9e21 (played 2026-12-11, finished, Leaders + Armada)"
    assert head[1].startswith("Table: Ana (Gizah A) · ") and head[1].endswith(" ·")
    assert head[2].startswith("       Dora (Alexandria A) · ") and all(len(line) <= 80 for line in head)
