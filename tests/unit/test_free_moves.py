"""Free moves (scorer/rules/free_moves.py): an island that moves a ship for free against the Dockyard's
positions at the end of the age, on the example 7-player Leaders + Armada game. The rulebook: Topaz and Amber
Islands move "o Navio da cor indicada gratuitamente um espaço para cima", Sparkling Port "dois Navios
diferentes", Stormy Archipelago "três"; a ship on the last space of its line moves no more."""

from __future__ import annotations

import copy

from scorer.catalog import load_catalog
from scorer.rules.free_moves import island_free_moves
from scorer.validate import load_record
from tests.records import example

CATALOG = load_catalog()


def game(age: int, name: str, islands: list[str], ships: dict[str, int] | None, earlier: dict[str, int] | None = None):
    """The example game with `name` taking `islands` in `age`, their ships then at `ships` (None: not typed
    this age), and at `earlier` in the age before (when given)."""
    data = copy.deepcopy(example("leaders-armada-7p.json"))
    blocks = {block["age"]: block["players"] for block in data["ages"]}
    for later in range(age, 4):  # the example's later ages must not take the ships down again
        blocks[later][name].pop("ships", None)
    if earlier is not None:
        blocks[age - 1][name]["ships"] = earlier
    entry = blocks[age][name]
    entry["islands"] = islands
    if ships is not None:
        entry["ships"] = ships
    return load_record(data)


def moves(record, age, name):
    found = island_free_moves(record, CATALOG, age, name)
    return [island.en for island in found.islands], found.due, found.shown, found.missing


def test_topaz_island_with_the_blue_ship_moved_this_age_is_shown():
    record = game(1, "Ben", ["Topaz Island"], {"red": 0, "yellow": 0, "blue": 1, "green": 1})
    assert moves(record, 1, "Ben") == (["Topaz Island"], 1, 1, 0)


def test_topaz_island_with_the_blue_ship_where_it_was_is_a_move_missing():
    record = game(1, "Ben", ["Topaz Island"], {"red": 0, "yellow": 0, "blue": 0, "green": 1})
    assert moves(record, 1, "Ben") == (["Topaz Island"], 1, 0, 1)


def test_another_fleet_moved_does_not_show_amber_islands_yellow_move():
    record = game(1, "Ben", ["Amber Island"], {"red": 2, "yellow": 0, "blue": 1, "green": 1})
    assert moves(record, 1, "Ben")[1:] == (1, 0, 1)


def test_no_ships_typed_this_age_show_no_move():
    record = game(2, "Ben", ["Amber Island"], None, earlier={"red": 0, "yellow": 1, "blue": 0, "green": 1})
    assert moves(record, 2, "Ben")[1:] == (1, 0, 1)  # yellow still on space 1 from Age I


def test_a_ship_already_at_the_end_of_its_line_owes_no_move():
    record = game(2, "Ben", ["Topaz Island"], None, earlier={"red": 0, "yellow": 0, "blue": 6, "green": 1})
    assert moves(record, 2, "Ben")[1:] == (0, 0, 0)


def test_a_ship_that_reached_the_end_this_age_may_have_been_there_before_the_island():
    record = game(2, "Ben", ["Topaz Island"], {"blue": 6}, earlier={"red": 0, "yellow": 0, "blue": 5, "green": 1})
    assert moves(record, 2, "Ben")[3] == 0


def test_sparkling_port_needs_two_different_ships_moved():
    one = game(1, "Ben", ["Sparkling Port"], {"red": 0, "yellow": 2, "blue": 0, "green": 1})
    assert moves(one, 1, "Ben")[1:] == (2, 2, 0)  # yellow and green
    same = game(1, "Ben", ["Sparkling Port"], {"red": 0, "yellow": 2, "blue": 0, "green": 0})
    assert moves(same, 1, "Ben")[1:] == (2, 1, 1)  # two spaces on one fleet are one of its moves


def test_stormy_archipelago_with_two_ships_at_the_end_moves_the_two_others():
    earlier = {"red": 6, "yellow": 6, "blue": 0, "green": 1}
    record = game(2, "Ben", ["Stormy Archipelago"], {"blue": 1}, earlier=earlier)
    assert moves(record, 2, "Ben")[1:] == (2, 1, 1)  # blue moved, green did not


def test_two_islands_in_one_age_each_need_their_move():
    both = {"red": 0, "yellow": 1, "blue": 1, "green": 1}
    record = game(1, "Ben", ["Topaz Island", "Amber Island"], both)
    assert moves(record, 1, "Ben")[1:] == (2, 2, 0)
    record = game(1, "Ben", ["Topaz Island", "Sparkling Port"], {"red": 0, "yellow": 0, "blue": 1, "green": 2})
    assert moves(record, 1, "Ben")[1:] == (3, 2, 1)  # blue for Topaz; Sparkling Port needs two besides


def test_islands_that_move_no_ship_are_not_counted():
    record = game(1, "Ben", ["Bronze Island", "Foggy Island"], {"red": 0, "yellow": 0, "blue": 0, "green": 1})
    assert moves(record, 1, "Ben") == ([], 0, 0, 0)


def test_the_catalogue_reads_each_islands_moves():
    found = {island.id: island.ship_moves for island in CATALOG.islands if island.ship_moves is not None}
    assert {key: (m.count, m.colour) for key, m in found.items()} == {
        "topaz_island": (1, "blue"),
        "amber_island": (1, "yellow"),
        "sparkling_port": (2, None),
        "stormy_archipelago": (3, None),
    }
