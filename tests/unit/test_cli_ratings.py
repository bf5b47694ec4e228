"""`wonders-scorer stats --ratings [--player NAME] [--json]`: the players' ratings over the games kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.cli import main

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))

pytestmark = pytest.mark.usefixtures("per_user_default_history")


@pytest.fixture
def db(capsys, tmp_path) -> str:
    path = str(tmp_path / "h.json")
    assert main(["--db", path, "import", *map(str, EXAMPLES)]) == 0
    capsys.readouterr()
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def words(text: str) -> str:
    return " ".join(text.split())


def test_ratings_table_and_json(capsys, db):
    code, out, err = run(capsys, "--db", db, "stats", "--ratings")
    assert code == 0 and err == ""
    text = words(out)
    assert "Ratings — 4 finished games" in text and "Plackett–Luce" in text and "μ − 3σ" in text
    code, out, _ = run(capsys, "--db", db, "stats", "--ratings", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 4
    ratings = [p["rating"] for p in data["players"]]
    assert ratings == sorted(ratings, reverse=True)
    assert {"name", "rating", "mu", "sigma", "games", "moved_most"} <= set(data["players"][0])
    assert all("history" not in p for p in data["players"])
    ana = next(p for p in data["players"] if p["name"] == "Ana")
    assert ana["games"] == 2 and len(ana["moved_most"]) == 2


def test_one_players_rating_lists_the_games_that_moved_it(capsys, db):
    code, out, _ = run(capsys, "--db", db, "stats", "--ratings", "--player", "ana")
    text = words(out)
    assert code == 0 and text.startswith("Ana: rating ") and "The games that moved it most" in text
    code, out, _ = run(capsys, "--db", db, "stats", "--ratings", "--player", "Ana", "--json")
    [ana] = json.loads(out)["players"]
    assert ana["name"] == "Ana" and len(ana["history"]) == 2
    assert ana["history"][-1]["rating"] == ana["rating"]


def test_ratings_follow_the_filters_and_the_language(capsys, db):
    code, out, _ = run(capsys, "--db", db, "stats", "--ratings", "--json", "--expansion", "base")
    assert json.loads(out)["games"] == 1
    code, out, _ = run(capsys, "--db", db, "stats", "--ratings", "--players", "4")
    assert code == 0 and "No finished games match these filters" in words(out)
    code, out, _ = run(capsys, "--db", db, "--lang", "pt", "stats", "--ratings")
    assert code == 0 and "Classificação — 4 partidas terminadas" in words(out)


@pytest.mark.parametrize("argv", [["--player", "Zed"], ["--player", "Ana", "--vs", "Ben"]], ids=["unknown", "vs"])
def test_ratings_bad_input_exits_2(capsys, db, argv):
    code, out, err = run(capsys, "--db", db, "stats", "--ratings", *argv)
    assert code == 2 and out == "" and err.startswith("wonders-scorer: stats: ")
