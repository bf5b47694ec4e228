"""Results as data: the engine's outcomes carry their figures and players, and are worded only when shown."""

from __future__ import annotations

import pytest

from scorer import i18n
from scorer.catalog import load_catalog
from scorer.rules.coins import resolve_coin_losses
from scorer.rules.ground import resolve_ground_conflicts
from scorer.rules.naval import resolve_naval_conflict, tie_case
from scorer.rules.science import Symbols, best_science
from scorer.rules.sheet import score_game
from scorer.ruling import ruling
from scorer.validate import load_record
from scorer.words import Formula, Joined, Words, said
from tests.records import example

# --- words ------------------------------------------------------------------------------------------------


def test_words_are_worded_in_the_language_current_when_shown():
    made_in_english = Words("rules.sheet.treasury", {"vp": 2}, 7)
    assert str(made_in_english) == "7 coins: 2 VP."
    i18n.set_language("pt")
    assert str(made_in_english) == "7 Moedas: 2 PV."


def test_words_nest_and_join():
    """A value may be words itself, a card (its name), or parts joined with a format ('+d' signs tokens)."""
    baths = load_catalog().card("Baths", 1)
    line = Words("rules.counting.flat_vp", {"name": baths, "vp": 3})
    tokens = Words("rules.sheet.tokens", {"tokens": Joined((3, -1), ", ", "+d")})
    assert said((line, tokens, Formula("{name}: {account}", {"name": "Ann", "account": line}))) == (
        "Baths: 3 VP",
        "tokens: +3, -1",
        "Ann: Baths: 3 VP",
    )


def test_a_catalogue_item_shown_is_its_name_in_the_current_language(portuguese):
    catalog = load_catalog()
    assert [str(item) for item in (catalog.card("Baths", 1), catalog.leader("Ramses"))] == ["Banhos", "Ramsés"]


def test_a_ruling_is_quoted_in_the_language_current_when_shown():
    note = ruling("treasury", Words("rules.sheet.treasury", {"vp": 1}, 3), ("Ann",))
    english = (note.summary, note.quote, note.source)
    i18n.set_language("pt")
    assert (note.summary, note.players) == ("3 Moedas: 1 PV.", ("Ann",))
    assert note.quote != english[1] and note.source != english[2]


def test_an_unknown_rule_is_refused_when_applied():
    with pytest.raises(KeyError):
        ruling("no.such-rule", "")


def test_scoring_a_sheet_words_nothing_until_a_cell_is_shown(monkeypatch):
    """Words are built only when shown: scoring a whole Leaders + Armada sheet looks up no catalogue text."""
    record = load_record(example("leaders-armada-7p.json"))
    looked_up = []
    lookup = i18n._lookup
    monkeypatch.setattr(i18n, "_lookup", lambda language, key: looked_up.append(key) or lookup(language, key))
    sheet = score_game(record)
    assert looked_up == []
    cell = sheet.players[0].rows["science"]
    assert cell.account and [r.summary for r in cell.rulings]
    assert looked_up


# --- the figures an outcome carries ------------------------------------------------------------------------


def test_science_outcome_carries_the_counts_and_the_chosen_split():
    """3 tablets + 1 wildcard: the wildcard goes to tablet (16), not to a set (10)."""
    outcome = best_science((0, 0, 3), wildcards=1)
    assert (outcome.points, outcome.counts, outcome.fixed, outcome.wildcards) == (16, (0, 0, 4), (0, 0, 3), (0, 0, 1))
    assert (outcome.most_common, outcome.set_bonus) == ((0, 0, 0), 7)
    assert str(Symbols(outcome.wildcards, every=False)) == "1 tablet"
    assert str(Symbols(outcome.counts)) == "0 compasses, 0 gears, 4 tablets"
    assert str(Symbols((0, 0, 0), every=False)) == "nothing"


def test_a_sheet_cell_carries_its_science_and_olympias_copy():
    """Olympia B copying Cid's Scientists Guild: the Guilds cell holds the copy, the Science cell the wildcard."""
    data = example("base-3p.json")
    data["players"][0] = {"name": "Ann", "wonder": "Olympia", "side": "B"}
    data["ages"][0]["players"]["Ann"]["wonder_stages"] = 1
    ann = next(p for p in score_game(load_record(data)).players if p.name == "Ann")
    science, guilds = ann.rows["science"], ann.rows["guilds"]
    assert science.science is not None and science.science.points == science.value == 16
    assert (science.science.fixed, science.science.wildcards) == ((0, 0, 3), (0, 0, 1))
    assert guilds.copied is not None and guilds.copied.guild.id == "scientists_guild"
    assert guilds.copied.account == "Scientists Guild: no VP"
    assert ann.rows["civilian"].copied is None and ann.rows["civilian"].science is None


def test_naval_outcome_carries_ranks_and_the_tie_apart_from_the_name():
    """Armada's Age II example: Ann alone strongest (rank 1), Romeo and Fred tied second take the rank-3 token."""
    outcome = resolve_naval_conflict(2, {"Gabriel": 2, "Paula": 2, "Ann": 8, "Romeo": 6, "Fred": 6})
    assert outcome.ranks == {"Ann": 1, "Romeo": 3, "Fred": 3}
    assert outcome.tokens == {"Gabriel": -2, "Paula": -2, "Ann": 5, "Romeo": 0, "Fred": 0}
    romeo = outcome.decided_by["Romeo"]
    assert romeo.players == ("Romeo",) and romeo.summary.startswith("Romeo: tie for second-strongest in Age II")
    assert romeo.summary == f"Romeo: {tie_case(romeo)}"
    assert tie_case(outcome.decided_by["Ann"]) is None
    assert set(outcome.rulings[0].players) == {"Gabriel", "Paula"}  # weakest: no victory this age


def test_ground_conflicts_carry_shields_winner_and_players():
    outcome = resolve_ground_conflicts(1, ["A", "B", "C", "D"], {"A": 3, "B": 1, "C": 1, "D": 0}, teams=[("A", "C")])
    fights = {(f.first, f.second): f for f in outcome.conflicts}
    assert (fights["A", "B"].shields, fights["A", "B"].winner) == ({"A": 3, "B": 1}, "A")
    assert fights["B", "C"].winner is None
    assert fights["A", "B"].decided_by.players == ("A", "B")
    assert [r.rule_id for r in outcome.rulings] == ["ground.teams"]  # the team game's: about no one in particular
    assert outcome.rulings[0].players == ()


def test_teammates_ruling_names_both_partners():
    outcome = resolve_ground_conflicts(1, ["A", "B", "C"], {"A": 1, "B": 2, "C": 3}, teams=[("A", "B")])
    assert [r.players for r in outcome.rulings if r.rule_id == "ground.teams" and r.players] == [("A", "B")]


def test_coin_rulings_name_who_pays_and_who_levied():
    outcome = resolve_coin_losses({"Paula": 3, "Art": 2}, taxes={"Paula": 4})
    assert [r.players for r in outcome.decided_by["Art"]] == [("Art", "Paula")]
    assert [r.players for r in outcome.decided_by["Paula"]] == [("Paula",)]


def test_built_all_is_built_for_each_name_and_remembered():
    catalog = load_catalog()
    names = ["Baths", "Stone Pit"]
    cards = catalog.built_all(names, 2)
    assert cards == tuple(catalog.built(name, 2) for name in names)
    assert catalog.built_all(list(names), 2) is cards


# --- worded when read -------------------------------------------------------------------------------------


def test_a_fights_ruling_is_worded_from_its_figures_when_read():
    """A Ground Conflict keeps shields, winner and tokens; its ruling is made from them, in the language then."""
    outcome = resolve_ground_conflicts(2, ["A", "B", "C"], {"A": 4, "B": 1, "C": 4}, tomyris=["B"])
    fights = {(f.first, f.second): f for f in outcome.conflicts}
    beaten = fights["A", "B"]
    assert (beaten.winner, beaten.won, beaten.lost, beaten.tomyris) == ("A", (3, -1), (), True)
    assert beaten.tokens == {"A": (3, -1), "B": ()} and outcome.tokens["A"] == [3, -1]
    assert beaten.decided_by.rule_id == "ground.tomyris" and beaten.decided_by == beaten.decided_by
    assert fights["C", "A"].tokens == {"C": (), "A": ()} and fights["C", "A"].decided_by.rule_id == "ground.neighbours"
    english = beaten.decided_by.summary
    i18n.set_language("pt")
    assert beaten.decided_by.summary != english


def test_a_naval_outcome_words_its_rulings_once_when_first_read():
    outcome = resolve_naval_conflict(1, {"A": 3, "B": 1, "C": 3, "D": 0}, abstaining=("D",))
    assert outcome.tokens == {"A": 1, "B": -1, "C": 1, "D": 0} and outcome.ranks == {"A": 2, "C": 2}
    assert outcome.decided_by is outcome.decided_by  # made once
    assert [outcome.decided_by[n].rule_id for n in "ABCD"] == [
        "naval.tie-strongest",
        "naval.defeat",
        "naval.tie-strongest",
        "naval.forgotten-port",
    ]
    assert [r.rule_id for r in outcome.rulings] == ["naval.defeated-no-victory"]


def test_a_cell_words_its_account_from_the_values_its_row_was_scored_from():
    """Each read words the cell anew from its basis: the same lines, in the language current then."""
    sheet = score_game(load_record(example("leaders-armada-7p.json")))
    cells = sheet.players[0].rows
    english = {row: (cell.account, [r.summary for r in cell.rulings]) for row, cell in cells.items()}
    assert english == {row: (cell.account, [r.summary for r in cell.rulings]) for row, cell in cells.items()}
    i18n.set_language("pt")
    assert cells["treasury"].rulings[0].summary != english["treasury"][1][0]
    assert cells["military"].account[0].startswith("fichas")
