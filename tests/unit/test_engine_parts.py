"""The sheet's building blocks scored the cheap way give what the plain way gives: strengths summed with their
parts read when shown, a city's cards sorted in one pass, the history a session already holds, the places by
bisection."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.catalog import load_catalog, present
from scorer.rules.city import city_history, ground_strength, naval_strength
from scorer.rules.counting import CityFacts
from scorer.rules.sheet import _hand, _rank, score_game, sheet_to_dict
from scorer.validate import load_record
from tests.records import example

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))


def record_of(path: Path):
    return load_record(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_strength_adds_up_its_parts_read_off_the_city_when_shown(path):
    """A strength's figure is summed while scoring; its parts are read off its City when shown: they add up to
    it, each gives something, and the typed value replaces the derived one without changing the parts."""
    record = record_of(path)
    catalog = load_catalog()
    for cities in city_history(record, catalog).values():
        for city in cities.values():
            for strength in (ground_strength(city), naval_strength(city, catalog.dockyard)):
                assert strength.derived == strength.value == sum(n for _, n in strength.parts)
                assert all(n > 0 for _, n in strength.parts) and not strength.typed
            typed = ground_strength(city, 4)
            assert (typed.value, typed.typed, typed.parts) == (4, True, ground_strength(city).parts)


def test_a_leader_copied_with_the_courtesans_guild_counts_in_the_ground_strength():
    """Elisa's Courtesans Guild copies Caesar, her neighbour Davi's: his 2 shields count in her Age III strength,
    listed after the leaders she recruited (none with shields) and before her islands."""
    data = example("leaders-5p.json")
    elisa = data["ages"][2]["players"]["Elisa"]
    elisa["cards"][-1], elisa["courtesans"] = "Courtesans Guild", "Caesar"
    strengths = [age.ground_strength["Elisa"] for age in score_game(load_record(data)).ages]
    assert [s.value for s in strengths] == [1, 3, 8]
    assert strengths[-1].account() == "Barracks 1 + Stables 2 + Fortifications 3 + Caesar 2 = 8"


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
