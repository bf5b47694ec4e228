"""What a player can still build this age, and which rule keeps a named card out (scorer/deck.py)."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.catalog import load_catalog
from scorer.deck import buildable, why_not_offered
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def record(name: str, *, drop: tuple[int, ...] = (), armada: bool = False):
    data = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    data["ages"] = [block for block in data["ages"] if block["age"] not in drop]
    if 3 in drop:
        data["end"] = {}
    if armada:
        data["expansions"] = ["armada"]
        for seat, fleet in zip(data["players"], ("red", "yellow", "blue")):
            seat["wonder_fleet"] = fleet
    return load_record(data)


def reason(game, age: int, player: str, text: str) -> tuple[str, str, dict] | None:
    why = why_not_offered(game, load_catalog(), age, player, text)
    return (why.card.en, why.reason, why.detail) if why else None


def test_a_card_typed_but_not_offered_names_the_rule_that_keeps_it_out():
    base = record("base-3p.json", drop=(2, 3))
    built = base.entry(1, "Ann").cards[0]
    assert reason(base, 2, "Ann", "tavern") == ("Tavern", "discard_only", {"age": 1})  # no build from the discard
    assert reason(base, 2, "Ann", "pantheon") == ("Pantheon", "other_age", {"age": 3})
    assert reason(base, 1, "Ann", "taver") == ("Tavern", "player_count", {"count": 3, "least": 4})  # a 4-player card
    assert reason(base, 1, "Ann", "doca") == ("Dock", "expansion", {})
    assert reason(base, 1, "Ann", built) == (built, "own", {})  # a city never holds two of a card
    assert reason(base, 1, "Bob", built) == (built, "taken", {"players": ["Ann"]})  # one copy at 3 players
    assert reason(record("base-3p.json", drop=(1, 2, 3), armada=True), 1, "Ann", "DOCA") == ("Dock", "not_at_three", {})
    assert reason(base, 3, "Ann", "guilda dos diplo") == ("Diplomats Guild", "leaders", {})


def test_a_text_naming_no_card_or_several_gives_no_reason():
    base = record("base-3p.json", drop=(2, 3))
    assert reason(base, 1, "Ann", "e") is None  # many names start with e
    assert reason(base, 1, "Ann", "zzz") is None
    assert reason(base, 1, "Ann", "") is None


def test_buildable_is_the_deck_less_what_is_taken_or_already_owned():
    base = record("base-3p.json", drop=(2, 3))
    catalog = load_catalog()
    free = {card.en for card in buildable(base, catalog, 1, "Bob")}
    assert "Tavern" not in free  # not at 3 players
    assert not free & set(base.entry(1, "Ann").cards)  # Ann built the only copies
    assert free == {card.en for card in catalog.deck(1, 3)} - {c for e in base.ages[1].values() for c in e.cards}


def halicarnassus(*, theater: bool) -> object:
    """base-3p up to Age II with Bob on Halicarnassus B, whose stage 1 (built in Age II) builds from the
    discard pile; with `theater`, the Age I Theater he took from it."""
    data = json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8"))
    data["players"][1] = {"name": "Bob", "wonder": "Halicarnassus", "side": "B"}
    data["ages"] = data["ages"][:2]
    data["end"] = {}
    if theater:
        data["ages"][1]["players"]["Bob"]["cards"].append("Theater")
    return load_record(data)


def test_a_build_from_the_discard_pile_offers_earlier_ages_cards_still_in_no_city():
    """The discard pile keeps every age's discards: Bob's stage lets him take an Age I card nobody built."""
    catalog, game = load_catalog(), halicarnassus(theater=False)
    offered = {(card.en, card.age) for card in buildable(game, catalog, 2, "Bob")}
    assert ("Theater", 1) in offered and ("Marketplace", 1) in offered
    assert ("Baths", 1) not in offered  # Ann built the only copy in Age I: it never reached the pile
    assert ("Loom", 1) not in offered and ("Loom", 2) in offered  # this age's Loom, offered once
    assert {card.age for card in buildable(game, catalog, 2, "Ann")} == {2}  # Ann builds nothing from the pile
    assert reason(game, 2, "Ann", "theater") == ("Theater", "discard_only", {"age": 1})
    assert reason(game, 2, "Bob", "baths") == ("Baths", "taken", {"players": ["Ann"]})


def test_the_build_from_the_discard_pile_used_earlier_cards_are_offered_no_more():
    catalog, game = load_catalog(), halicarnassus(theater=True)
    assert {card.age for card in buildable(game, catalog, 2, "Bob")} == {2}
    assert reason(game, 2, "Bob", "marketplace") == ("Marketplace", "discard_only", {"age": 1})
    assert reason(game, 2, "Cid", "theater") == ("Theater", "discard_only", {"age": 1})


def test_a_card_of_two_ages_is_explained_by_this_ages_copy():
    """Glassworks and Loom are in Age I and Age II decks: typed in Age I, the reason is Age I's (Cid built
    the one copy), not 'a card of Age II'."""
    base = record("base-3p.json", drop=(2, 3))
    assert reason(base, 1, "Ann", "glassw") == ("Glassworks", "taken", {"players": ["Cid"]})
    assert reason(base, 1, "Cid", "loom") == ("Loom", "own", {})
