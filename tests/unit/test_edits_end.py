"""The end of the game (scorer.edits.end): coins, a quick-count player's totals, Olympia B's guild."""

from __future__ import annotations

from scorer.catalog import load_catalog
from scorer.edits.end import copy_guild, end_count, forget_coins, forgettable, olympia_guilds, set_end_count
from scorer.session import GameSession
from tests.edit_games import example, refused, session


def test_coins_typed_cleared_and_never_below_zero():
    played = session()
    assert played.apply(set_end_count("Ana", "coins", 12)) is None
    assert end_count(played.record, "Ana", "coins") == 12
    refused(played, set_end_count("Ana", "coins", -1))
    assert forgettable(played.record, "Ana")
    assert played.apply(forget_coins("Ana")) is None
    assert end_count(played.record, "Ana", "coins") is None and "Ana" not in played.record.end


def test_the_quick_count_totals_are_only_for_a_player_scored_with_quick_counts():
    played = session()
    assert end_count(played.record, "Ben", "guilds") is None
    error = refused(played, set_end_count("Ben", "guilds", 3))
    assert "Ben" in str(error)


def olympia_b() -> GameSession:
    """The 7-player example with Flor's Olympia on side B, its guild-copy stage built, a neighbour's guild."""
    data = example("leaders-armada-7p.json")
    data["players"][5]["side"] = "B"
    for block in data["ages"]:
        block["players"]["Flor"]["wonder_stages"] = 1
    return GameSession(data, lambda draft: None)


def test_olympia_b_copies_a_neighbour_s_guild_once_its_coins_are_in():
    played = olympia_b()
    catalog = load_catalog()
    guilds = olympia_guilds(played.record, catalog, played.history[3]["Flor"])
    assert guilds is not None and {owner for _, owner in guilds} <= {"Enzo", "Guto"}
    assert ("Builders Guild", "Guto") in [(card.en, owner) for card, owner in guilds]
    assert played.apply(copy_guild("Flor", "Builders Guild")) is None
    assert played.record.end["Flor"].olympia_copy == "Builders Guild"
    assert not forgettable(played.record, "Flor")  # the choice needs the end entry
    assert played.apply(copy_guild("Flor", None)) is None
    assert played.record.end["Flor"].olympia_copy is None
    assert played.apply(forget_coins("Flor")) is None
    refused(played, copy_guild("Flor", "Builders Guild"))  # coins first


def test_olympia_a_has_no_guild_to_choose():
    played = session()
    assert olympia_guilds(played.record, load_catalog(), played.history[3]["Flor"]) is None
