"""The score sheet as a picture (scorer/picture.py, `show ID --image`): one layout, drawn as PNG and SVG, in
the table's language, readable on a phone."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image

from scorer.cli import main
from scorer.i18n import speaking
from scorer.picture import WIDTH, Star, Words, fits, png_bytes, sheet_picture, svg_text
from scorer.rules.sheet import score_game
from scorer.validate import load_record
from tests.records import example

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"  # pictures to look at


def picture_of(name: str, language: str = "en", **extra):
    record = load_record(example(name) | extra)
    with speaking(language):
        return record, score_game(record), sheet_picture(record, score_game(record))


def texts(picture) -> list[str]:
    return [mark.text for mark in picture.marks if isinstance(mark, Words)]


@pytest.mark.parametrize("name", ["base-3p.json", "leaders-armada-7p.json", "teams-armada-6p.json"])
def test_the_svg_holds_every_name_total_and_a_star_for_each_winner(name):
    _, sheet, picture = picture_of(name)
    svg = svg_text(picture)
    shown = re.findall(r">([^<]*)</text>", svg)
    for player in sheet.players:
        assert player.name in shown and str(player.total) in shown
    assert svg.count("<polygon") == len(sheet.winners) == sum(isinstance(m, Star) for m in picture.marks)
    assert f"{WIDTH}" in svg.split(">", 1)[0]


def test_the_png_is_a_phone_wide_picture_and_pillow_reads_it_back():
    _, _, picture = picture_of("leaders-armada-7p.json", "pt", note="Primeira partida da Ana com Armada")
    data = png_bytes(picture)
    image = Image.open(io.BytesIO(data))
    assert (image.format, image.width, image.height) == ("PNG", 1080, picture.height)
    assert 800 < image.height < 1400 and len(data) < 400_000
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "sheet-picture-pt.png").write_bytes(data)
    (ARTIFACTS / "sheet-picture-teams.png").write_bytes(png_bytes(picture_of("teams-armada-6p.json")[2]))


def test_the_picture_speaks_the_tables_language_with_the_editions_names():
    _, _, picture = picture_of(
        "leaders-armada-7p.json", "pt", started_at="2026-12-11T20:15:00-03:00", played_seconds=4320, note="Revanche"
    )
    words = texts(picture)
    for label in ("Militar", "Ciência", "Líderes", "Estaleiro", "Moedas", "Colocação", "1º"):
        assert label in words
    assert "11/12/2026 · 20:15 · 1 h 12 min · Era a Era" in words and "“Revanche”" in words
    assert any(word.startswith("Gizé") for word in words)  # Gizah as the Brazilian edition names it
    assert "★ Ben vence com 106 PV, 19 à frente." in words


def test_a_team_game_says_its_teams_and_the_tie_break():
    words = texts(picture_of("teams-armada-6p.json")[2])
    assert any(word.startswith("Teams: 1st Ari+Bel 136") for word in words)
    assert any(word.startswith("Tie-break:") for word in words)


def test_long_names_are_shortened_to_their_column_and_eight_players_fit():
    long = "Maximiliano Bartolomeu"
    record = load_record(json.loads(json.dumps(example("leaders-armada-7p.json")).replace('"Ana"', f'"{long}"')))
    picture = sheet_picture(record, score_game(record))
    names = [m for m in picture.marks if isinstance(m, Words) and m.text.startswith("Maxim")]
    assert names and names[0].text.endswith("…") and len(names[0].text) < len(long)
    assert fits("Halicarnassus", 20, 1000) == "Halicarnassus"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path, capsys) -> str:
    path = str(tmp_path / "h.json")
    assert (
        run(capsys, "--db", path, "import", str(Path(__file__).resolve().parents[2] / "examples" / "base-3p.json"))[0]
        == 0
    )
    return path


def test_show_image_writes_png_or_svg_by_the_files_name(capsys, db, tmp_path):
    code, out, err = run(capsys, "--db", db, "show", "0b8c", "--image", str(tmp_path / "night.png"))
    assert code == 0 and err == "" and out == f"The sheet of game 0b8c1d2e is in {tmp_path / 'night.png'}.\n"
    assert Image.open(tmp_path / "night.png").width == WIDTH
    assert run(capsys, "--db", db, "--lang", "pt", "show", "0b8c", "--image", str(tmp_path / "noite.svg"))[0] == 0
    assert "Colocação" in (tmp_path / "noite.svg").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--image", "night.gif"], "a file name ending in .png or .svg"),
        (["--image", "night.png", "--json"], "either --image or --json"),
        (["--force"], "--force only with --image"),
        (["--image", "exists.png"], "this one exists: --force replaces it"),
        (["--image", "missing/night.png"], "a file in a writable folder"),
        (["--image", "h.json.png"], None),  # a name beside the history's is fine
    ],
)
def test_show_image_refuses_a_bad_file_with_exit_2_and_writes_nothing(capsys, db, tmp_path, monkeypatch, args, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "exists.png").write_bytes(b"mine")
    code, out, err = run(capsys, "--db", db, "show", "0b8c", *args)
    if says is None:
        assert code == 0
        return
    assert code == 2 and out == "" and says in err and "Traceback" not in err
    assert (tmp_path / "exists.png").read_bytes() == b"mine"
    assert not (tmp_path / "night.png").exists() and not (tmp_path / "night.gif").exists()


def test_show_image_refuses_a_game_in_progress_and_the_historys_own_file(capsys, db, tmp_path):
    code, _, err = run(capsys, "--db", db, "show", "0b8c", "--image", db)
    assert code == 2 and "png or .svg" in err
    draft = example("leaders-5p.json") | {"status": "in_progress", "progress": {"step": "age", "age": 1}}
    (tmp_path / "draft.json").write_text(json.dumps(draft), encoding="utf-8")
    assert run(capsys, "--db", db, "import", str(tmp_path / "draft.json"))[0] == 0
    code, _, err = run(capsys, "--db", db, "show", draft["id"][:8], "--image", str(tmp_path / "d.png"))
    assert code == 2 and "a finished game" in err and not (tmp_path / "d.png").exists()
