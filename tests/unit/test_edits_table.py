"""The table of a game (scorer.edits.table): a new game's record, and the table of a game in progress."""

from __future__ import annotations

from scorer.edits.table import Table, set_table
from scorer.model import Seat
from scorer.validate import load_record
from tests.edit_games import refused, session

SEATS = (
    Seat("Ann", "Gizah", "A"),
    Seat("Bob", "Rhodes", "B"),
    Seat("Cid", "Babylon", "A"),
    Seat("Dee", "Ephesos", "A"),
)


def test_a_new_game_starts_from_the_table_with_no_age_entered():
    record = load_record(Table(SEATS, frozenset({"leaders"}), teams=True).record("2026-11-27"))
    assert record.names == ["Ann", "Bob", "Cid", "Dee"] and record.leaders and not record.armada
    assert record.teams == [("Ann", "Bob"), ("Cid", "Dee")] and record.ages == {} and record.status == "in_progress"
    assert Table.of(record) == Table(SEATS, frozenset({"leaders"}), teams=True)


def test_a_player_renamed_at_setup_keeps_every_entry_of_their_seat():
    played = session("base-3p.json")
    seats = (Seat("Anna", "Gizah", "A"), *played.record.players[1:])
    assert played.apply(set_table(Table(seats))) is None
    record = played.record
    assert record.names == ["Anna", "Bob", "Cid"] and "Ann" not in record.ages[1]
    assert record.entry(1, "Anna").cards[0] == "Stone Pit" and record.end["Anna"].coins == 5


def test_a_table_the_rules_refuse_changes_nothing():
    played = session("base-3p.json")
    seats = (Seat("Ann", "Gizah", "A"), Seat("Ann", "Rhodes", "A"), played.record.players[2])
    refused(played, set_table(Table(seats)))  # a name twice
