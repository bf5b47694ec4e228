"""The turns of an age (scorer/rules/turns.py): a player's cards and stages from the hand against the age's
turns, and what allows more (a free build from the discard pile, Babylon B's last card), on the example
7-player Leaders + Armada game (7 turns an age)."""

from __future__ import annotations

import copy

import pytest

from scorer.catalog import load_catalog
from scorer.errors import InputError
from scorer.rules.turns import age_turns
from scorer.validate import load_record
from tests.records import example

CATALOG = load_catalog()


def game(change=None):
    data = copy.deepcopy(example("leaders-armada-7p.json"))
    if change is not None:
        change(data)
    return load_record(data)


def players(data, age):
    return next(block for block in data["ages"] if block["age"] == age)["players"]


def test_six_cards_and_a_stage_are_the_seven_turns_of_an_armada_age():
    turns = age_turns(game(), CATALOG, 1, "Ana")
    assert (turns.played, turns.turns, turns.expected, turns.most) == (7, 7, 7, 7)
    assert turns.done and not turns.beyond_turns


def test_a_card_discarded_for_coins_leaves_the_entry_a_turn_short():
    turns = age_turns(game(), CATALOG, 2, "Ben")  # 5 cards and a stage: the 7th card sold, not in the record
    assert (turns.played, turns.expected) == (6, 7) and not turns.done


def test_a_leader_under_the_wonder_is_a_stage_but_not_a_turn_of_the_age():
    turns = age_turns(game(), CATALOG, 3, "Ana")  # 6 cards, 1 stage: Imhotep's, built in the recruitment
    assert turns.played == 6 and not turns.done


def test_halicarnassus_stage_with_a_discard_build_asks_one_play_more():
    turns = age_turns(game(), CATALOG, 3, "Enzo")  # his second stage builds a card from the discard pile
    assert [source.id for source in turns.discard_builds] == ["halicarnassus"]
    assert (turns.played, turns.expected) == (7, 8) and not turns.done


def test_solomon_recruited_this_age_builds_one_from_the_discard_pile():
    def solomon(data):
        flor = players(data, 1)["Flor"]
        flor["leaders"] = [{"name": "Solomon", "use": "recruit"}]
        flor["cards"].append("Baths")  # the card he built from the pile

    turns = age_turns(game(solomon), CATALOG, 1, "Flor")
    assert [source.id for source in turns.discard_builds] == ["solomon"]
    assert (turns.played, turns.expected) == (8, 8) and turns.done and turns.beyond_turns


def test_babylon_b_plays_the_last_card_once_its_second_stage_is_built():
    def babylon_b(data):
        data["players"][1]["side"] = "B"

    record = game(babylon_b)
    assert age_turns(record, CATALOG, 1, "Ben").last_card is None  # one stage built: not yet
    third = age_turns(record, CATALOG, 3, "Ben")
    assert third.last_card is not None and third.last_card.id == "babylon"
    assert third.most == third.expected + 1


def test_an_eighth_play_without_a_reason_is_refused_by_the_validator():
    """The notion's ceiling is the validator's: more than `most` never reaches the age screen."""

    def eight(data):
        players(data, 1)["Flor"]["cards"].append("Baths")  # 7 cards and a stage, no build from the pile

    with pytest.raises(InputError, match="at most 7 plays"):
        game(eight)
