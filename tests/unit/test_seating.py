"""The next game's table (scorer.seating): the last table played, never an imported game's, and the deal."""

from __future__ import annotations

import dataclasses
import random
import uuid
from datetime import date, timedelta
from pathlib import Path

from scorer.catalog import load_catalog
from scorer.history import HistoryStore, import_files
from scorer.history.summary import GameSummary
from scorer.seating import SetupSeat, SetupTable, deal_wonders, last_game, setup_table
from scorer.validate import load_record
from tests.records import example, old_bundle

TODAY = date(2026, 11, 27)


def summary(game_id: str, played_on: str | None, saved_at: str, status: str = "finished") -> GameSummary:
    return GameSummary(
        game_id, status, played_on, saved_at, frozenset(), ("Ann", "Bob"), ("Gizah", "Rhodes"), ("A", "A"), 3
    )


def test_the_last_game_is_the_latest_day_played_then_the_latest_stored_that_day():
    games = [
        summary("tuesday", "2026-11-24", "2026-11-24T22:00:00+00:00"),
        summary("thursday-early", "2026-11-26", "2026-11-26T20:00:00+00:00"),
        summary("thursday-late", "2026-11-26", "2026-11-26T23:30:00+00:00"),
        summary("tonight-draft", "2026-11-27", "2026-11-27T21:00:00+00:00", status="in_progress"),
    ]
    found = last_game(games, TODAY)
    assert found is not None and found.id == "thursday-late"


def test_a_game_stored_days_after_its_day_was_imported_and_is_never_the_last_table():
    games = [
        summary("played-here", "2026-11-20", "2026-11-21T00:40:00+00:00"),  # finished past midnight, UTC
        summary("imported-tonight", "2026-11-23", "2026-11-27T21:00:00+00:00"),
    ]
    found = last_game(games, TODAY)
    assert found is not None and found.id == "played-here"


def test_a_game_dated_after_today_has_not_been_played_and_no_game_is_no_last_table():
    assert last_game([summary("ahead", "2026-12-18", "2026-12-18T21:00:00+00:00")], TODAY) is None
    assert last_game([summary("undated", None, "2026-11-27T21:00:00+00:00")], TODAY) is None
    assert last_game([], TODAY) is None


def test_in_a_history_the_game_finished_here_is_the_last_table_not_the_examples_imported_after_it(tmp_path: Path):
    store = HistoryStore.open(tmp_path / "history.json")
    today = date.today()  # the history stamps games with the real clock
    data = example("leaders-armada-7p.json")
    played = load_record({**data, "id": str(uuid.uuid4()), "played_on": (today - timedelta(days=1)).isoformat()})
    store.finalise(played)
    import_files(store, old_bundle(tmp_path, today))  # an import is stored now, after the game: not "last"
    found = last_game(store.games(), today)
    assert found is not None and found.id == played.id
    table = setup_table(store.load(found.id))
    assert [seat.name for seat in table.seats] == [player["name"] for player in data["players"]]
    assert table.seats[0] == SetupSeat("Ana", "gizah", "A", "blue")
    assert table.expansions == frozenset({"leaders", "armada"}) and not table.teams


def test_the_setup_table_of_a_game_has_each_seat_as_the_record_holds_it_with_wonder_ids():
    record = load_record(example("teams-armada-6p.json"))
    table = setup_table(record)
    assert table.teams and table.expansions == frozenset({"armada"})
    assert table.seats[:2] == (SetupSeat("Ari", "rhodes", "B", "red"), SetupSeat("Bel", "gizah", "A", "blue"))
    assert len(table.seats) == 6


def test_a_deal_keeps_what_is_chosen_and_gives_the_others_free_wonders_of_the_boxes_played():
    table = SetupTable(
        (SetupSeat("Ann", "gizah", "B"), SetupSeat("Bob"), SetupSeat("Cid", "rhodes"), SetupSeat("Dee", side="B"))
    )
    dealt = deal_wonders(table, random.Random(7))
    assert dealt.seats[0] == SetupSeat("Ann", "gizah", "B")
    assert dealt.seats[2].wonder == "rhodes" and dealt.seats[2].side in {"A", "B"}
    assert dealt.seats[3].side == "B"
    base = {w.id for w in load_catalog().wonders if w.box == "base"}
    assert {dealt.seats[1].wonder, dealt.seats[3].wonder} <= base - {"gizah", "rhodes"}
    assert dealt.seats[1].wonder != dealt.seats[3].wonder


def test_without_leaders_an_eighth_player_is_left_without_a_wonder_and_with_leaders_gets_rome():
    names = [SetupSeat(f"P{i}") for i in range(8)]
    base_only = deal_wonders(SetupTable(tuple(names)), random.Random(1))
    assert [seat.wonder is None for seat in base_only.seats] == [False] * 7 + [True]
    with_leaders = deal_wonders(SetupTable(tuple(names), frozenset({"leaders"})), random.Random(1))
    assert {seat.wonder for seat in with_leaders.seats} == {w.id for w in load_catalog().wonders}


def test_the_same_seed_deals_the_same_table_and_another_seed_can_deal_another():
    table = SetupTable(tuple(SetupSeat(name) for name in ("Ann", "Bob", "Cid", "Dee", "Eve")))
    assert deal_wonders(table, random.Random(42)) == deal_wonders(table, random.Random(42))
    deals = {deal_wonders(table, random.Random(seed)).seats for seed in range(20)}
    assert len(deals) > 1


def test_a_deal_changes_nothing_but_the_seats_wonders_and_sides():
    table = SetupTable((SetupSeat("Ann", fleet="red"), SetupSeat("Bob")), frozenset({"armada"}), teams=True)
    dealt = deal_wonders(table, random.Random(3))
    assert dealt.expansions == table.expansions and dealt.teams
    assert [dataclasses.replace(seat, wonder=None, side=None) for seat in dealt.seats] == list(table.seats)
