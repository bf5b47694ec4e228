"""The sheet's building blocks scored the cheap way give what the plain way gives: strengths grown age by age,
a city's cards sorted in one pass, the history a session already holds, the places by bisection."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.catalog import load_catalog, present
from scorer.rules.city import NO_SHIELDS, city_history, ground_strength, naval_strength
from scorer.rules.counting import CityFacts
from scorer.rules.sheet import _hand, _rank, score_game, sheet_to_dict
from scorer.validate import load_record

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))


def record_of(path: Path):
    return load_record(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_strengths_grown_age_by_age_equal_those_read_from_the_whole_city(path):
    record = record_of(path)
    catalog = load_catalog()
    history = city_history(record, catalog)
    for name in record.names:
        shields = NO_SHIELDS
        for age in (1, 2, 3):
            city = history[age][name]
            shields = shields.grown(city)
            assert shields.ground(4) == ground_strength(city, 4)
            assert shields.ground() == NO_SHIELDS.grown(city).ground()
            assert shields.naval(catalog.dockyard) == naval_strength(city, catalog.dockyard)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_sheet_scored_from_the_sessions_history_is_the_sheet(path):
    record = record_of(path)
    history = city_history(record, load_catalog())
    assert sheet_to_dict(score_game(record, history=history)) == sheet_to_dict(score_game(record))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_hand_sorts_the_cards_as_the_rows_read_them(path):
    record = record_of(path)
    for city in city_history(record, load_catalog())[3].values():
        hand = _hand(city)
        assert hand.colours == city.colours()
        assert hand.civilian == [c for c in city.cards if c.colour == "blue" and c.vp]
        assert hand.commercial == [c for c in city.cards if c.colour == "yellow"]
        assert hand.guilds == [c for c in city.cards if c.is_guild]
        assert sum(hand.symbols.values()) == sum(1 for c in city.cards if c.science)


def test_places_go_by_total_then_coins_and_a_full_tie_shares_the_place():
    entries = [("A", 50, 3), ("B", 50, 5), ("C", 61, 0), ("D", 50, 5), ("E", 12, 9)]
    assert _rank(entries) == {"C": 1, "B": 2, "D": 2, "A": 4, "E": 5}


def test_city_facts_count_colours_coin_sets_and_fields():
    facts = CityFacts("Ann", {"green": 3}, 2, 4, 1, 2, 10, 1, 0)
    assert [facts.counted(thing) for thing in ("green", "coin_set", "wonder_stage", "defeat_token")] == [3, 3, 2, 1]


def test_a_name_known_to_be_present_is_found_or_raises():
    catalog = load_catalog()
    assert present(catalog.wonder("Rhodes"), "Rhodes").id == "rhodes"
    with pytest.raises(KeyError):
        present(catalog.wonder("Atlantis"), "Atlantis")
    with pytest.raises(KeyError):
        catalog.built_all(["No Such Card"], 1)
