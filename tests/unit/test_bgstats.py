"""Plays for BG Stats (`export --format bgstats`, History's export, a phone's "Add to BG Stats"): the layout
against a fixture, uuids that stay the same from one export to the next, the command's exit codes."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from types import SimpleNamespace

import pytest

from scorer.cli import main
from scorer.history import HistoryStore, export_to
from scorer.history.bgstats import PlayFacts, bgstats_document, facts_of, stable_uuid
from scorer.history.summary import summarise
from scorer.rules.sheet import score_game
from scorer.validate import load_record

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FIXTURE = ROOT / "tests" / "fixtures" / "bgstats" / "three-plays.bgsplay"
UUID = re.compile(r"^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$")

pytestmark = pytest.mark.usefixtures("per_user_default_history")

# Each example with the facts item 5 adds to a record: when it started and ended (naive: the table's clock), a note.
PLAYS = (
    ("base-3p.json", PlayFacts("2026-03-14T20:05:00", "2026-03-14T20:41:30", None)),
    ("leaders-armada-7p.json", PlayFacts("2026-03-14T21:00:00", "2026-03-14T22:15:00", "Ana's birthday")),
    ("teams-armada-6p.json", PlayFacts()),  # an older game: no times, no note
)


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def summary_of(name: str):
    record = load_record(example(name))
    return summarise(record, score_game(record), "2026-03-15T00:30:00", rules="test")


def test_the_plays_match_the_fixture():
    document = bgstats_document((summary_of(name), facts) for name, facts in PLAYS)
    assert document == json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_every_reference_points_into_the_file():
    document = bgstats_document((summary_of(name), facts) for name, facts in PLAYS)
    games = {game["id"]: game for game in document["games"]}
    players = {player["id"] for player in document["players"]}
    assert [g["bggId"] for g in games.values()] == [68448, 92539, 247315]  # base first, then as first met
    for play in document["plays"]:
        assert UUID.match(play["uuid"])
        assert games[play["gameRefId"]]["isBaseGame"] == 1
        for expansion in play["expansionPlays"]:
            assert games[expansion["gameRefId"]]["isExpansion"] == 1
            assert games[expansion["gameRefId"]]["bggId"] == expansion["bggId"]
        assert {score["playerRefId"] for score in play["playerScores"]} <= players
        assert [score["seatOrder"] for score in play["playerScores"]] == list(range(1, len(play["playerScores"]) + 1))
        assert any(score["winner"] for score in play["playerScores"])
    assert len({p["uuid"] for p in document["players"]}) == len(document["players"])


def test_a_shared_name_is_one_player_and_uuids_follow_names_and_game_ids():
    record = load_record(example("base-3p.json"))
    summary = summarise(record, score_game(record), "2026-03-15T00:30:00", rules="test")
    document = bgstats_document([(summary, PlayFacts()), (summary._replace(id="another"), PlayFacts())])
    assert len(document["players"]) == len(summary.names)
    first, second = document["plays"]
    assert first["uuid"] == stable_uuid("play", summary.id) != second["uuid"]
    assert document["players"][0]["uuid"] == stable_uuid("player", summary.names[0])
    assert str(uuid.UUID(first["uuid"])).upper() == first["uuid"]


def test_facts_come_from_a_record_or_a_stored_document_and_bad_times_are_left_out():
    record = SimpleNamespace(started_at="2026-03-14T20:00:00", ended_at="2026-03-14T20:50:00", note=" ")
    assert facts_of(record) == PlayFacts("2026-03-14T20:00:00", "2026-03-14T20:50:00", None)
    assert facts_of(SimpleNamespace()) == PlayFacts()
    assert facts_of({"note": "rematch", "started_at": 5}) == PlayFacts(None, None, "rematch")
    summary = summary_of("base-3p.json")
    (play,) = bgstats_document([(summary, PlayFacts("not a time", "2026-03-14T20:50:00"))])["plays"]
    assert (play["playDate"], play["durationMin"]) == (f"{summary.played_on} 00:00:00", 0)
    (play,) = bgstats_document([(summary, PlayFacts("2026-03-14T21:00:00", "2026-03-14T20:00:00"))])["plays"]
    assert (play["playDate"], play["durationMin"]) == ("2026-03-14 21:00:00", 0)  # ended before it started


def test_the_length_is_the_time_played_when_the_record_counted_it():
    """Issue 30 item 5: a game resumed the next day lasted its play time, not the night in between."""
    record = {
        "started_at": "2026-03-14T21:00:00-03:00",
        "ended_at": "2026-03-15T19:30:00-03:00",
        "played_seconds": 4290,
    }
    facts = facts_of(record)
    assert facts.played_seconds == 4290
    (play,) = bgstats_document([(summary_of("base-3p.json"), facts)])["plays"]
    assert play["durationMin"] == 72
    assert facts_of({"played_seconds": True}).played_seconds is None  # JSON's true is not a number of seconds


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    store = HistoryStore.open(tmp_path / "history.json")
    for name in ("base-3p.json", "leaders-5p.json"):
        store.save(load_record(example(name)))
    draft = example("teams-armada-6p.json")
    store.save(load_record({**draft, "status": "in_progress"}))
    return store


def test_a_second_export_gives_the_same_uuids_even_with_more_games(store: HistoryStore, tmp_path: Path):
    first = tmp_path / "first.bgsplay"
    assert export_to(store, "bgstats", first) == 2  # the draft is no play
    store.save(load_record({**example("leaders-armada-7p.json"), "id": str(uuid.uuid4())}))
    second = tmp_path / "second.bgsplay"
    assert export_to(store, "bgstats", second) == 3
    before, after = (json.loads(path.read_text(encoding="utf-8")) for path in (first, second))
    assert {p["uuid"] for p in before["plays"]} < {p["uuid"] for p in after["plays"]}
    names = {p["name"]: p["uuid"] for p in after["players"]}
    assert all(names[p["name"]] == p["uuid"] for p in before["players"])
    same = {p["uuid"]: p for p in after["plays"]}
    for play in before["plays"]:
        assert play == {**same[play["uuid"]], "gameRefId": play["gameRefId"], "playerScores": play["playerScores"]}


def test_an_export_of_some_games_holds_those_plays_only(store: HistoryStore, tmp_path: Path):
    finished = store.games("finished")
    target = tmp_path / "some.bgsplay"
    assert export_to(store, "bgstats", target, game_ids={finished[0].id}) == 1
    (play,) = json.loads(target.read_text(encoding="utf-8"))["plays"]
    assert play["uuid"] == stable_uuid("play", finished[0].id)
    assert export_to(store, "bgstats", tmp_path / "none.bgsplay", game_ids=set()) == 0


def test_the_command_writes_a_file_or_standard_output_and_refuses_what_it_should(capsys, tmp_path: Path):
    db = str(tmp_path / "h.json")
    assert main(["--db", db, "import", str(EXAMPLES / "base-3p.json")]) == 0
    capsys.readouterr()
    target = tmp_path / "plays.bgsplay"
    assert main(["--db", db, "export", "--format", "bgstats", "-o", str(target)]) == 0
    assert "1 play for BG Stats" in capsys.readouterr().err
    assert len(json.loads(target.read_text(encoding="utf-8"))["plays"]) == 1
    assert main(["--db", db, "export", "--format", "BGStats"]) == 0
    assert json.loads(capsys.readouterr().out)["games"][0]["bggId"] == 68448
    assert main(["--db", db, "export", "--format", "bgstats", "-o", str(target)]) == 2  # exists: --force
    assert "--force" in capsys.readouterr().err
    assert main(["--db", db, "export", "--format", "bgstats", "-o", str(target), "--force"]) == 0
    assert main(["--db", db, "export", "--format", "bgsplay"]) == 2
    assert "bgstats" in capsys.readouterr().err
