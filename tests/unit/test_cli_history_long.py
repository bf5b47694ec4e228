"""`history` of many games: the listing written a row at a time lists every game, laid out as Rich's one table
printed it; `history --json` written an item at a time is the JSON text it was when built whole."""

from __future__ import annotations

import json
import uuid
from datetime import date, timedelta
from pathlib import Path

import pytest

from scorer.cli import main, output, rows
from scorer.history import HistoryStore, summary_to_dict

ROOT = Path(__file__).resolve().parents[2]
GAMES = [ROOT / "examples" / name for name in ("base-3p.json", "leaders-5p.json", "leaders-armada-7p.json")]

pytestmark = pytest.mark.usefixtures("per_user_default_history")


def renamed(data: dict, names: dict[str, str]) -> dict:
    """The same game with its players renamed everywhere (every string equal to an old name)."""

    def rename(value):
        if isinstance(value, dict):
            return {names.get(k, k): rename(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rename(v) for v in value]
        return names.get(value, value) if isinstance(value, str) else value

    return rename(data)


def bundle(tmp_path: Path, count: int) -> str:
    """An export bundle of `count` games: the examples with fresh ids over as many days, every fifth a draft
    of its first age, names with accents, wide characters, quotes and a backslash, and one long name."""
    games = []
    odd = ["Zoë", "王小明", 'Ana "A" \\ B', "José", "Maria Aparecida dos Santos Figueiredo"]
    for i in range(count):
        data = json.loads(GAMES[i % len(GAMES)].read_text(encoding="utf-8"))
        names = [seat["name"] for seat in data["players"]]
        data = renamed(data, {names[0]: odd[i % len(odd)]})
        data.update(id=str(uuid.UUID(int=i + 1, version=4)), played_on=str(date(2026, 1, 1) + timedelta(days=i)))
        if i % 5 == 4:
            data.update(status="in_progress", ages=data["ages"][:1], end={})
        games.append(data)
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps({"format": "wonders-scorer-export", "version": 1, "games": games}), encoding="utf-8")
    return str(path)


def run(capsys, *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.fixture
def many(tmp_path, capsys) -> str:
    db = str(tmp_path / "h.json")
    run(capsys, "--db", db, "import", bundle(tmp_path, rows.SHORT + 30))
    return db


def test_history_json_is_the_json_it_was(capsys, tmp_path):
    db = str(tmp_path / "h.json")
    run(capsys, "--db", db, "import", bundle(tmp_path, 7))
    with HistoryStore.open(Path(db)) as store:
        whole = output.json_text([summary_to_dict(game) for game in store.games()])  # as `history --json` wrote it
    assert run(capsys, "--db", db, "history", "--json") == whole
    assert len(json.loads(whole)) == 7 and "王小明" in whole and '\\"A\\" \\\\ B' in whole


def test_history_json_of_no_games_is_an_empty_list(capsys, tmp_path):
    assert run(capsys, "--db", str(tmp_path / "h.json"), "history", "--json") == output.json_text([])


@pytest.mark.parametrize(
    "items",
    [
        [],
        [{}],
        [{"name": "Ann\x1b[2J", "bidi": "\u202eevil", "del": "\x7f", "line": "a\nb", "tab": "\t"}],
        [{"name": "Zoë 王 🇧🇷", "n": [1, -2, 0], "ok": True, "none": None, "nested": {"a": [{"b": []}]}}],
        [{"lone": "\ud800"}, {"big": 2**70}, {1: "a key that is not a string"}],  # orjson refuses: json writes them
    ],
)
def test_json_written_an_item_at_a_time_is_the_text_built_whole(capsys, items):
    output.write_json_list(iter(items))
    assert capsys.readouterr().out == output.json_text(items)


def test_a_long_listing_lists_every_game_as_one_table_printed(capsys, monkeypatch, many):
    listing = run(capsys, "--db", many, "history")
    with HistoryStore.open(Path(many)) as store:
        ids = [game.id[:8] for game in store.games()]
    assert len(ids) == rows.SHORT + 30
    first_cells = [line.split()[1] for line in listing.splitlines() if line.startswith("│ ")]
    assert [cell for cell in first_cells if cell != "│"] == ids  # each game once, newest first
    assert listing.splitlines()[0].startswith(f"History: {len(ids)} games (104 finished, 26 in progress)")
    assert "王小明" in listing and "Figueiredo" in listing and "1 age entered" in listing
    monkeypatch.setattr(rows, "SHORT", 10**6)  # every listing printed by Rich as one table, as before
    assert run(capsys, "--db", many, "history") == listing


def test_a_long_listing_at_a_narrow_terminal_is_rich_s_layout(capsys, monkeypatch, many):
    """At 60 columns the long name is wrapped (Rich renders those rows); the rest is still Rich's table."""
    monkeypatch.setenv("COLUMNS", "60")
    listing = run(capsys, "--db", many, "history")
    assert max(map(len, listing.splitlines())) <= 60 and "dos Santos Figueiredo" not in listing
    monkeypatch.setattr(rows, "SHORT", 10**6)
    assert run(capsys, "--db", many, "history") == listing
