"""Typed strengths and quick counts (scorer.edits.quick), made on the record without any screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.catalog import load_catalog
from scorer.edits.age import add_card, choose_courtesans_copy, remove_card
from scorer.edits.pad import PadField, pad_fields, pad_most, pad_value, set_pad_value, start_score_pad
from scorer.edits.quick import (
    QUICK_COUNTS,
    StrengthKind,
    quick_count,
    set_quick_count,
    switch_quick,
    type_strength,
)
from scorer.edits.table import Table
from scorer.flow import Step, game_steps, score_pad
from scorer.model import Seat
from scorer.rules.city import ground_strength
from scorer.session import GameSession
from tests.edit_games import game, refused, session
from tests.replay import cli_sheet

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


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


# --- the score pad ---------------------------------------------------------------------------------------


def new_pad(armada: bool = True) -> GameSession:
    """A new 4-player table scored at the end, like the paper pad: every box still 0."""
    seats = tuple(
        Seat(name, wonder, "A")
        for name, wonder in zip(("Ana", "Ben", "Cris", "Dora"), ("gizah", "babylon", "ephesos", "rhodes"))
    )
    table = Table(seats, frozenset({"leaders", *(("armada",) if armada else ())}), False)
    played = GameSession(table.record("2026-12-01"), lambda draft: None)
    assert played.apply(start_score_pad(game(played))) is None
    return played


def test_a_game_switched_to_the_score_pad_keeps_its_sheet_and_goes_setup_pad_sheet():
    """The 7-player example's card names become the pad's boxes (strengths, incursions, Forgotten Port, each
    row's VP, the science symbols, the Blue fleet): the sheet is the one its cards gave, and the game's steps
    are the setup, the pad and the sheet."""
    played = session()
    expected = cli_sheet(played.record)
    assert not score_pad(played.record)
    assert played.apply(start_score_pad(game(played))) is None
    record = played.record
    assert score_pad(record) and game_steps(record) == [Step("setup"), Step("pad"), Step("sheet")]
    assert all(
        not record.entry(age, name).cards and not record.entry(age, name).leaders
        for age in (1, 2, 3)
        for name in record.names
    )
    assert cli_sheet(record) == expected
    assert pad_value(record, "Enzo", PadField("incursion", 1)) == 1  # his Dock
    assert pad_value(record, "Cris", PadField("stays_out", 2)) == 1  # Forgotten Port
    assert pad_value(record, "Ben", PadField("quick", path=("science", "compass"))) == 1  # Euclid's compass
    assert pad_value(record, "Ana", PadField("blue")) == 6
    assert played.undo() and not score_pad(played.record)  # undo gives the card names back


@pytest.mark.parametrize("example", sorted(path.name for path in EXAMPLES.glob("*.json")))
def test_every_example_switched_to_the_pad_keeps_its_sheet(example):
    """The switch keeps what the pad's boxes cannot hold: the 5-player Leaders example has Tomyris (Elisa's
    Defeat tokens go to the neighbours who beat her: 4 VP of military across three players), Aristotle (3 VP
    more per science set: Carla's 57 science, not 48) and Olympia B copying a Scientists Guild (Bruno's extra
    wildcard: 18 science, not 10). Those recruits stay named, the copied wildcard is counted on the pad."""
    played = session(example)
    expected = cli_sheet(played.record)
    assert played.apply(start_score_pad(game(played))) is None
    assert cli_sheet(played.record) == expected
    kept = {
        play.name
        for age in (1, 2, 3)
        for name in played.record.names
        for play in played.record.entry(age, name).leaders
    }
    assert kept == ({"Tomyris", "Aristotle"} if example == "leaders-5p.json" else set())


def test_a_new_table_on_the_pad_starts_at_zero_with_every_box_in_the_pads_order():
    played = new_pad()
    record = played.record
    keys = [field.key for field in pad_fields(record)]
    assert keys[:4] == ["ground-1", "naval-1", "incursion-1", "stays_out-1"] and keys[-1] == "coins"
    assert (
        keys.index("stages") < keys.index("quick-civilian") < keys.index("quick-guilds") < keys.index("quick-leaders")
    )
    assert all(pad_value(record, name, field) == 0 for name in record.names for field in pad_fields(record))
    assert "naval-1" not in [field.key for field in pad_fields(new_pad(armada=False).record)]
    # One-digit boxes (they move on as soon as a digit is typed): stages, guild cards, symbols, the Blue fleet.
    most = {field.key: pad_most(record, field) for field in pad_fields(record)}
    assert most["stages"] == 4 and most["blue"] == 6 and most["quick-colours-purple"] == 6  # 4 players + 2
    assert all(most[f"quick-science-{kind}"] < 10 for kind in ("compass", "gear", "tablet", "wildcards", "most_common"))
    assert most["ground-1"] == most["naval-3"] == 99 and most["coins"] == 999


def test_the_pads_boxes_are_scored_as_the_rules_say():
    """Strengths resolve the conflicts, an incursion fights two seats away by its card's arrow, Forgotten Port
    keeps its player out without an island named, the stages give their VP, coins their Treasury."""
    played = new_pad()
    typed = [
        ("Ana", PadField("ground", 1), 3),
        ("Ana", PadField("incursion", 1), 1),  # a Dock: right of her right neighbour
        ("Ben", PadField("naval", 2), 4),
        ("Cris", PadField("stays_out", 2), 1),
        ("Ana", PadField("stages"), 3),
        ("Ana", PadField("quick", path=("leaders",)), 7),
        ("Ana", PadField("coins"), 10),
    ]
    for name, field, value in typed:
        assert played.apply(set_pad_value(game(played), name, field, value)) is None, field.key
        assert pad_value(played.record, name, field) == value
    record = played.record
    assert record.entry(3, "Ana").wonder_stages == 3 and record.entry(1, "Ana").incursions == ["Cris"]
    sheet = {p["name"]: p for p in cli_sheet(record)["players"]}
    ages = {age["age"]: age for age in cli_sheet(record)["ages"]}
    assert ages[1]["ground"]["Ana"]["tokens"] == [1, 1, 1]  # beats both neighbours and Cris
    assert ages[2]["naval"]["Ben"]["token"] > 0 and "Cris" not in [n for n, v in ages[2]["naval"].items() if v["token"]]
    assert sheet["Ana"]["rows"]["wonder"] == 3 + 5 + 7 and sheet["Ana"]["rows"]["leaders"] == 7
    assert sheet["Ana"]["rows"]["treasury"] == 3


def test_the_pad_refuses_what_the_rules_refuse():
    played = new_pad()
    refused(played, set_pad_value(game(played), "Ana", PadField("quick", path=("guilds",)), 11))  # no guild card
    assert played.apply(set_pad_value(game(played), "Ana", PadField("quick", path=("colours", "purple")), 1)) is None
    refused(played, set_pad_value(game(played), "Ana", PadField("quick", path=("guilds",)), 11))  # 10 at most
    refused(played, set_pad_value(game(played), "Ana", PadField("stages"), 4))  # Gizah A has 3
    refused(played, set_pad_value(game(played), "Ana", PadField("ground", 1), 100))


# --- the pad's leaders: those whose effect no count holds -------------------------------------------------

TOMYRIS = PadField("recruited_in", path=("tomyris",))
ARISTOTLE = PadField("recruited", path=("aristotle",))


def copied(leader: str) -> PadField:
    return PadField("copied", path=(leader,))


def typed(played: GameSession, name: str, *boxes: tuple[PadField, int]) -> None:
    for field, value in boxes:
        assert played.apply(set_pad_value(game(played), name, field, value)) is None, (name, field.key, value)
        assert pad_value(played.record, name, field) == value


def pad_sheet(played: GameSession) -> tuple[dict[int, dict[str, list[int]]], dict[str, dict[str, int]]]:
    """Each age's Ground tokens by player, and each player's rows, as `wonders-scorer score` gives them."""
    sheet = cli_sheet(played.record)
    tokens = {age["age"]: {n: v["tokens"] for n, v in age["ground"].items()} for age in sheet["ages"]}
    return tokens, {p["name"]: p["rows"] for p in sheet["players"]}


def test_the_pad_names_the_leaders_no_count_holds_beside_the_guilds_and_the_leaders_vp():
    keys = [field.key for field in pad_fields(new_pad().record)]
    assert keys.index("quick-guilds") < keys.index("copied-tomyris") < keys.index("quick-science-compass")
    assert keys.index("quick-leaders") < keys.index("recruited_in-tomyris") < keys.index("quick-islands")
    assert {"recruited-aristotle", "copied-aristotle"} <= set(keys)
    assert pad_most(new_pad().record, TOMYRIS) == 3 and pad_most(new_pad().record, ARISTOTLE) == 1
    without = GameSession(
        Table(new_pad().record.players, frozenset({"armada"}), False).record("2026-12-01"), lambda draft: None
    )
    assert without.apply(start_score_pad(game(without))) is None
    assert not [f.key for f in pad_fields(without.record) if f.kind in ("recruited_in", "recruited", "copied")]


def test_tomyris_on_a_new_pad_sends_her_owners_defeats_on_from_the_age_she_was_recruited_in():
    """Ben (1 shield each age) beats Ana (0) every age: with Tomyris recruited in Age II, Ana takes Age I's
    Defeat token, and Ben receives hers in Ages II and III (Leaders rulebook: "as fichas de Derrota recebidas
    pelo jogador […] são dadas para a cidade vitoriosa", none before she is in play)."""
    played = new_pad()
    for age in (1, 2, 3):
        typed(played, "Ben", (PadField("ground", age), 1))
    assert pad_sheet(played)[1]["Ana"]["military"] == -3
    typed(played, "Ana", (TOMYRIS, 2))
    assert [play.name for play in played.record.entry(2, "Ana").leaders] == ["Tomyris"]
    tokens, rows = pad_sheet(played)
    assert tokens[1]["Ana"] == [-1] and tokens[2]["Ana"] == tokens[3]["Ana"] == []
    assert tokens[2]["Ben"].count(-1) == tokens[3]["Ben"].count(-1) == 1 and tokens[1]["Ben"].count(-1) == 0
    assert rows["Ana"]["military"] == -1 and rows["Ben"]["military"] == 2 * (1 + 3 + 5) - 2
    typed(played, "Ana", (TOMYRIS, 3))
    assert pad_sheet(played)[1]["Ana"]["military"] == -2
    typed(played, "Ana", (TOMYRIS, 0))
    assert pad_sheet(played)[1]["Ana"]["military"] == -3 and not played.record.entry(3, "Ana").leaders
    error = refused(played, set_pad_value(game(played), "Ana", TOMYRIS, 4))
    assert "Tomyris" in str(error) and "Ana" in str(error)
    typed(played, "Ana", (TOMYRIS, 1))
    refused(played, set_pad_value(game(played), "Cris", TOMYRIS, 2))  # one Tomyris at the table: Ana's


def test_aristotle_on_a_new_pad_makes_each_science_set_worth_ten_and_makes_way_for_tomyris():
    """One of each symbol: 3 + 7 = 10; with Aristotle 3 + 10 = 13. His Age does not matter (he acts at the
    end): ticked, he takes the first free recruitment, and moves on when Tomyris is typed in his Age."""
    played = new_pad()
    typed(
        played, "Ana", *((PadField("quick", path=("science", symbol)), 1) for symbol in ("compass", "gear", "tablet"))
    )
    assert pad_sheet(played)[1]["Ana"]["science"] == 10
    typed(played, "Ana", (ARISTOTLE, 1))
    assert pad_sheet(played)[1]["Ana"]["science"] == 13
    assert [play.name for play in played.record.entry(1, "Ana").leaders] == ["Aristotle"]
    typed(played, "Ana", (TOMYRIS, 1), (ARISTOTLE, 1))
    assert [[play.name for play in played.record.entry(age, "Ana").leaders] for age in (1, 2, 3)] == [
        ["Tomyris"],
        ["Aristotle"],
        [],
    ]
    assert pad_sheet(played)[1]["Ana"]["science"] == 13
    typed(played, "Ana", (ARISTOTLE, 0))
    assert pad_sheet(played)[1]["Ana"]["science"] == 10 and pad_value(played.record, "Ana", TOMYRIS) == 1


def test_a_courtesans_copy_on_a_new_pad_gives_a_neighbours_tomyris_or_aristotle_to_its_owner():
    """Seats Ana, Ben, Cris, Dora: Ben's Courtesans Guild may copy Ana's leaders (a neighbour's), Cris's may
    not; the copy needs a guild card counted, the game has one Courtesans Guild, and the copy is the guild's:
    Aristotle's sets for Ben, Tomyris in Age III's conflicts only (the guild is an Age III card)."""
    played = new_pad()
    typed(played, "Ana", (TOMYRIS, 1), (ARISTOTLE, 1))
    error = refused(played, set_pad_value(game(played), "Ben", copied("aristotle"), 1))
    assert "Ben" in str(error)  # no guild card counted
    purple = PadField("quick", path=("colours", "purple"))
    typed(
        played,
        "Ben",
        (purple, 1),
        *((PadField("quick", path=("science", s)), 1) for s in ("compass", "gear", "tablet")),
    )
    assert pad_sheet(played)[1]["Ben"]["science"] == 10
    typed(played, "Ben", (copied("aristotle"), 1))
    assert played.record.entry(3, "Ben").courtesans == "Aristotle" and pad_sheet(played)[1]["Ben"]["science"] == 13
    assert pad_sheet(played)[1]["Ana"]["science"] == 0  # no effect on the leader's owner
    typed(played, "Cris", (purple, 1))
    refused(played, set_pad_value(game(played), "Cris", copied("aristotle"), 1))  # Ana is not Cris's neighbour
    typed(played, "Dora", (purple, 1))
    refused(played, set_pad_value(game(played), "Dora", copied("tomyris"), 1))  # Ben holds the only one
    for age in (1, 2, 3):
        typed(played, "Cris", (PadField("ground", age), 1))  # beats Ben every age
    typed(played, "Ben", (copied("tomyris"), 1))
    assert pad_value(played.record, "Ben", copied("aristotle")) == 0 and pad_sheet(played)[1]["Ben"]["science"] == 10
    tokens, _ = pad_sheet(played)
    assert tokens[2]["Ben"] == [-1] and tokens[3]["Ben"] == [] and tokens[3]["Cris"].count(-1) == 1
    refused(played, set_pad_value(game(played), "Ben", purple, 0))  # the copy needs its guild
    typed(played, "Ben", (copied("tomyris"), 0))
    assert played.record.entry(3, "Ben").courtesans is None


def test_a_courtesans_copy_of_aristotle_stays_when_the_game_is_switched_to_the_pad():
    """Bruno's Courtesans Guild copying his neighbour Carla's Aristotle gives him 21 science, not 18: the
    switch keeps the copy, as the pad's Courtesans box shows it."""
    played = session("leaders-5p.json")
    guild = next(c for c in load_catalog().cards if c.copies_leader)
    assert played.apply(remove_card(game(played), 3, "Bruno", 0)) is None  # room for the guild in his turns
    assert played.apply(add_card(game(played), 3, "Bruno", guild)) is None
    assert played.apply(choose_courtesans_copy(game(played), 3, "Bruno", "Aristotle")) is None
    expected = cli_sheet(played.record)
    assert {p["name"]: p["rows"]["science"] for p in expected["players"]}["Bruno"] == 21
    assert played.apply(start_score_pad(game(played))) is None
    assert cli_sheet(played.record) == expected
    assert played.record.entry(3, "Bruno").courtesans == "Aristotle"
    assert pad_value(played.record, "Bruno", copied("aristotle")) == 1
    assert pad_value(played.record, "Carla", ARISTOTLE) == 1 and pad_value(played.record, "Elisa", TOMYRIS) == 2
