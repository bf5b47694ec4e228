"""Edits of what a player did in an age (scorer.edits.age), made on the record without any screen."""

from __future__ import annotations

from scorer.catalog import load_catalog
from scorer.edits.age import (
    add_card,
    add_island,
    choose_courtesans_copy,
    choose_incursion,
    free_islands,
    incursion_cards,
    incursion_targets,
    move_ship,
    neighbour_leaders,
    remove_card,
    remove_island,
    set_wonder_stages,
    stay_out_of_naval,
    unchosen_copy,
)
from tests.edit_games import game, refused, session


def card(name: str, age: int):
    found = load_catalog().card(name, age)
    assert found is not None
    return found


def test_a_card_added_is_recorded_by_its_english_name_in_a_new_entry_of_the_age():
    played = session(without=(2, 3))
    assert played.apply(add_card(game(played), 2, "Ana", card("Biblioteca", 2))) is None
    entry = played.record.entry(2, "Ana")
    assert entry.cards == ["Library"] and entry.wonder_stages == 0


def test_a_card_the_city_holds_already_is_refused_and_changes_nothing():
    played = session(without=(3,))
    error = refused(played, add_card(game(played), 2, "Enzo", card("Library", 2)))
    assert "Library" in str(error)


def test_a_card_removed_takes_its_incursion_target_with_it():
    played = session(without=(2, 3))
    dock = incursion_cards(played.record, load_catalog(), 1, "Enzo")
    assert [c.en for c, _ in dock] == ["Dock"]
    target = "Guto" if dock[0][1] == "Cris" else "Cris"  # the other player two seats away from Enzo
    assert played.apply(choose_incursion(game(played), 1, "Enzo", 0, target)) is None
    assert played.record.entry(1, "Enzo").incursions == [target]
    cards = played.record.entry(1, "Enzo").cards
    assert played.apply(remove_card(game(played), 1, "Enzo", cards.index("Dock"))) is None
    entry = played.record.entry(1, "Enzo")
    assert "Dock" not in entry.cards and entry.incursions == []


def test_an_incursion_aimed_at_a_player_not_two_seats_away_is_refused():
    played = session(without=(2, 3))
    assert incursion_targets(played.record, load_catalog(), 1, "Enzo") in (["Cris"], ["Guto"])
    refused(played, choose_incursion(game(played), 1, "Enzo", 0, "Flor"))  # Flor sits beside Enzo


def test_removing_a_card_that_is_no_longer_listed_is_refused_not_another_one():
    played = session(without=(3,))
    count = len(played.record.entry(2, "Ana").cards)
    error = refused(played, remove_card(game(played), 2, "Ana", count))
    assert error.field == "cards" and error.value == count + 1


def test_wonder_stages_the_wonder_does_not_have_are_refused():
    played = session(without=(3,))
    assert played.apply(set_wonder_stages(game(played), 2, "Guto", 1)) is None
    assert played.record.entry(2, "Guto").wonder_stages == 1
    refused(played, set_wonder_stages(game(played), 2, "Guto", 4))  # Rhodes A has three stages


def test_a_ship_moves_up_keeping_the_others_where_they_were_and_never_down():
    played = session(without=(2, 3))
    assert played.apply(move_ship(game(played), 2, "Ana", "red", 2)) is None
    assert played.record.entry(2, "Ana").ships == {"red": 2, "yellow": 0, "blue": 3, "green": 0}
    error = refused(played, move_ship(game(played), 2, "Ana", "blue", 1))
    assert error.field.endswith("ships.blue")
    refused(played, move_ship(game(played), 2, "Ana", "purple", 1))


def test_giving_back_forgotten_port_ends_staying_out_of_the_naval_conflict():
    played = session(without=(3,))
    assert played.record.entry(2, "Cris").abstain_naval
    assert played.apply(remove_island(game(played), 2, "Cris", 0)) is None
    entry = played.record.entry(2, "Cris")
    assert entry.islands == [] and not entry.abstain_naval
    refused(played, stay_out_of_naval(game(played), 2, "Cris", True))
    refused(played, remove_island(game(played), 2, "Cris", 0))


def test_an_island_is_taken_once_and_offered_only_while_free():
    played = session(without=(3,))
    catalog = load_catalog()
    free = free_islands(played.record, catalog)
    assert "Porto Esquecido" not in [island.pt for island in free]
    assert played.apply(add_island(game(played), 2, "Ana", free[0])) is None
    assert played.record.entry(2, "Ana").islands == [free[0].pt]
    assert free[0] not in free_islands(played.record, catalog)
    refused(played, add_island(game(played), 2, "Ben", free[0]))


def test_the_courtesans_guild_copies_a_leader_a_neighbour_recruited():
    played = session(without=(3,))
    catalog = load_catalog()
    guild = next(c for c in catalog.cards if c.copies_leader)
    assert played.apply(add_card(game(played), 3, "Ben", guild)) is None
    offered = neighbour_leaders(played.record, catalog, 3, "Ben")  # Ana and Cris, Ages I-II
    assert sorted(leader.en for leader, _ in offered) == ["Cleopatra", "Croesus", "Nebuchadnezzar", "Varro"]
    assert unchosen_copy(played.record, catalog, 3, "Ben") == guild
    assert played.apply(choose_courtesans_copy(game(played), 3, "Ben", "Varro")) is None
    assert played.record.entry(3, "Ben").courtesans == "Varro"
    assert unchosen_copy(played.record, catalog, 3, "Ben") is None
    refused(played, choose_courtesans_copy(game(played), 3, "Ben", "Ramses"))  # Dora's: not a neighbour
    index = played.record.entry(3, "Ben").cards.index(guild.en)
    assert played.apply(remove_card(game(played), 3, "Ben", index)) is None  # the copy goes with the guild
    assert played.record.entry(3, "Ben").courtesans is None
