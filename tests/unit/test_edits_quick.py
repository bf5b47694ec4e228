"""Typed strengths and quick counts (scorer.edits.quick), made on the record without any screen."""

from __future__ import annotations

from scorer.catalog import load_catalog
from scorer.edits.age import add_card, choose_courtesans_copy
from scorer.edits.quick import (
    QUICK_COUNTS,
    StrengthKind,
    quick_count,
    set_quick_count,
    switch_quick,
    type_strength,
)
from scorer.rules.city import ground_strength
from tests.edit_games import game, refused, session


def test_a_typed_strength_replaces_the_derived_one_until_cleared():
    played = session(without=(3,))
    assert StrengthKind.NAVAL.field == "naval_strength"
    assert played.apply(type_strength(game(played), 2, "Ana", StrengthKind.GROUND, 9)) is None
    entry = played.record.entry(2, "Ana")
    assert StrengthKind.GROUND.typed(entry) == 9 and StrengthKind.NAVAL.typed(entry) is None
    assert ground_strength(played.history[2]["Ana"], entry.ground_strength).value == 9
    assert played.apply(type_strength(game(played), 2, "Ana", StrengthKind.GROUND, None)) is None
    assert played.record.entry(2, "Ana").ground_strength is None
    refused(played, type_strength(game(played), 2, "Ana", StrengthKind.NAVAL, 100))  # 0 to 99


def test_switching_to_quick_counts_keeps_what_was_countable_and_switching_back_loses_nothing():
    played = session(without=(3,))
    before = played.data
    cities = played.history
    played.set_aside_cards("Ana")
    assert played.apply(switch_quick(game(played), 2, "Ana", True, played.aside("Ana"))) is None
    quick = played.record.end["Ana"].quick
    assert quick is not None and quick_count(quick, ("colours", "brown")) == 3  # Stone Pit, Lumber Yard, Quarry
    for age in (1, 2):
        entry = played.record.entry(age, "Ana")
        assert entry.cards == [] and entry.ground_strength == ground_strength(cities[age]["Ana"]).value
    assert played.apply(switch_quick(game(played), 2, "Ana", False, played.aside("Ana"))) is None
    assert played.data["ages"] == before["ages"]
    assert played.record.end.get("Ana") is None or played.record.end["Ana"].quick is None


def test_a_new_entry_of_a_quick_counts_player_carries_the_strengths_the_table_must_type():
    played = session(without=(3,))
    played.set_aside_cards("Ben")
    assert played.apply(switch_quick(game(played), 2, "Ben", True, played.aside("Ben"))) is None
    assert played.apply(type_strength(game(played), 3, "Ben", StrengthKind.GROUND, 4)) is None
    entry = played.record.entry(3, "Ben")
    assert entry.ground_strength == 4 and entry.naval_strength is not None


def test_a_quick_count_is_typed_only_for_a_player_scored_with_quick_counts():
    played = session(without=(3,))
    path = ("science", "gear")
    assert path in QUICK_COUNTS
    error = refused(played, set_quick_count("Cris", path, 2))
    assert "Cris" in str(error)
    played.set_aside_cards("Cris")
    assert played.apply(switch_quick(game(played), 2, "Cris", True, played.aside("Cris"))) is None
    assert played.apply(set_quick_count("Cris", path, 2)) is None
    quick = played.record.end["Cris"].quick
    assert quick is not None and quick_count(quick, path) == 2
    refused(played, set_quick_count("Cris", path, 1000))  # 0 to 999


def test_switching_to_quick_counts_drops_the_courtesans_copy_with_the_guilds_name():
    """Quick counts name no cards, so no Courtesans Guild is left to hold the token: the switch is accepted and
    takes the copy with it (on the age screen: tests/tui/test_age.py checks the box reaches this edit)."""
    played = session(without=(3,))
    guild = next(c for c in load_catalog().cards if c.copies_leader)
    assert played.apply(add_card(game(played), 3, "Ben", guild)) is None
    assert played.apply(choose_courtesans_copy(game(played), 3, "Ben", "Varro")) is None
    played.set_aside_cards("Ben")
    assert played.apply(switch_quick(game(played), 3, "Ben", True, played.aside("Ben"))) is None
    assert played.record.end["Ben"].quick is not None
    assert played.record.entry(3, "Ben").courtesans is None and played.record.entry(3, "Ben").cards == []
