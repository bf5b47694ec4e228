"""The Leaders recruitment phase (scorer.edits.leaders), made on the record without any screen."""

from __future__ import annotations

from scorer.catalog import load_catalog
from scorer.edits.leaders import choose_leader, played_leaders
from tests.edit_games import refused, session


def test_a_leader_tucked_as_a_wonder_stage_is_one_of_the_age_s_stages_and_changing_its_use_takes_it_back():
    played = session(without=(3,))
    assert played.apply(choose_leader(3, "Ana", "Imhotep", "wonder")) is None
    entry = played.record.entry(3, "Ana")
    assert [(p.name, p.use) for p in entry.leaders] == [("Imhotep", "wonder")] and entry.wonder_stages == 1
    assert played.apply(choose_leader(3, "Ana", "Imhotep", "discard")) is None
    assert played.record.entry(3, "Ana").wonder_stages == 0
    assert played.apply(choose_leader(3, "Ana", None, "recruit")) is None
    assert played.record.entry(3, "Ana").leaders == []


def test_a_leader_played_already_is_not_offered_again_except_in_its_own_row():
    played = session(without=(3,))
    catalog = load_catalog()
    nebuchadnezzar = catalog.leader("Nebuchadnezzar")
    assert nebuchadnezzar is not None
    assert nebuchadnezzar.id in played_leaders(played.record, catalog)
    assert nebuchadnezzar.id not in played_leaders(played.record, catalog, skip=(1, "Ana"))
    refused(played, choose_leader(3, "Ben", "Nebuchadnezzar", "recruit"))  # each leader card exists once
