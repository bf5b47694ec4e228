"""Science (base rulebook "Scientific Structures"; Armada most-common symbols; rules-reference §13)."""

import pytest

from scorer.catalog import load_catalog
from scorer.rules.science import best_science, science_points

# --- plain sets -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "counts, points",
    [
        ((0, 0, 0), 0),
        ((1, 0, 0), 1),
        ((1, 1, 1), 3 + 7),
        ((2, 2, 2), 12 + 14),
        ((3, 3, 2), 9 + 9 + 4 + 14),
        ((4, 1, 0), 17),
        ((3, 2, 1), 9 + 4 + 1 + 7),
        ((5, 5, 5), 75 + 35),
    ],
)
def test_plain_sets(counts, points):
    """ "For each kind of science symbol you score the number of symbols squared; for each group of 3 different
    symbols you score 7 Victory Points. Both methods are cumulative.\""""
    assert science_points(counts) == points
    out = best_science(counts)
    assert out.points == points
    assert out.counts == counts
    assert out.fixed == counts
    assert out.wildcards == (0, 0, 0)
    assert out.most_common == (0, 0, 0)
    assert [r.rule_id for r in out.rulings] == ["science.sets"]


# --- wildcards --------------------------------------------------------------------------------------------


def test_three_compasses_plus_wildcard_is_16_not_10():
    """§13: "Greedy rules are wrong: 3/0/0 + 1 wildcard = 16 (4/0/0), not 10\"."""
    out = best_science((3, 0, 0), wildcards=1)
    assert out.points == 16
    assert out.counts == (4, 0, 0)
    assert out.wildcards == (1, 0, 0)
    assert "science.wildcard" in {r.rule_id for r in out.rulings}


def test_332_plus_wildcard_is_48():
    """§13: "3/3/2 + 1 = 48\"."""
    out = best_science((3, 3, 2), wildcards=1)
    assert out.points == 48
    assert out.counts == (3, 3, 3)


def test_two_wildcards_complete_a_set_or_stack():
    # 1/1/0 + 2: (1,1,2) = 1+1+4+7 = 13 vs (3,1,0) = 10 vs (2,2,0)=8 → 13
    assert best_science((1, 1, 0), wildcards=2).points == 13
    # 0/0/0 + 3: (3,0,0)=9 vs (1,1,1)=10 → 10
    assert best_science((0, 0, 0), wildcards=3).points == 10
    # 0/0/0 + 4: (4,0,0)=16 vs (2,1,1)=13 → 16
    assert best_science((0, 0, 0), wildcards=4).points == 16


def test_babylon_scientists_guild_golden_archipelago_are_wildcards():
    """§13 "Wildcards (chosen at the end): Babylon A2/B3, Scientists Guild [...], Golden Archipelago\"."""
    catalog = load_catalog()
    assert catalog.card("Scientists Guild", 3).science_wildcard
    assert catalog.island("Arquipélago Dourado").science_wildcard
    babylon = catalog.wonder("Babilônia")
    assert babylon.sides["A"].stages[1].science_wildcard
    assert babylon.sides["B"].stages[2].science_wildcard


# --- Aristotle --------------------------------------------------------------------------------------------


def test_aristotle_set_bonus_10():
    """Aristotle: "adds 3 Victory Points for each set of different symbols (the bonus per set goes from 7 VP to
    10 VP).\""""
    assert load_catalog().leader("Aristotle").science_set_bonus == 3
    assert science_points((2, 2, 2), set_bonus=10) == 12 + 20
    out = best_science((2, 2, 1), set_bonus=10)
    assert out.points == 4 + 4 + 1 + 10
    assert "science.aristotle" in {r.rule_id for r in out.rulings}


def test_aristotle_changes_the_best_wildcard_split():
    # 4/1/1 + 1: with 7 → (5,1,1) = 27+7 = 34 vs (4,2,1) = 21+7 = 28 → stack.
    assert best_science((4, 1, 1), wildcards=1).counts == (5, 1, 1)
    # 2/1/0 + 1 with 10: (2,1,1) = 6+10 = 16 vs (3,1,0) = 10 → complete the set.
    out = best_science((2, 1, 0), wildcards=1, set_bonus=10)
    assert out.points == 16


# --- "most common" symbols --------------------------------------------------------------------------------


def test_most_common_goes_to_the_most_numerous_type():
    """Explorer's Office: "These cards grant a scientific symbol matching the one the player has the most of.\"
    It can not complete a set the player lacks: 2/2/1 + most-common is 21, not 26."""
    out = best_science((2, 2, 1), most_common=1)
    assert out.points == 9 + 4 + 1 + 7
    assert out.counts in ((3, 2, 1), (2, 3, 1))
    assert out.most_common[2] == 0
    assert "science.most-common" in {r.rule_id for r in out.rulings}


def test_most_common_unique_max():
    out = best_science((1, 3, 2), most_common=1)
    assert out.counts == (1, 4, 2)
    assert out.points == 1 + 16 + 4 + 7


def test_most_common_picks_best_among_tied_types():
    """ "In case of a tie between multiple scientific symbols, the player chooses one from among the tied symbols.\"
    All choices among tied types give the same counts up to order, so check several most-common symbols: the
    second goes where the first made a unique maximum."""
    out = best_science((2, 2, 0), most_common=2)
    assert sorted(out.counts) == [0, 2, 4]
    assert out.points == 16 + 4


def test_most_common_cards_and_island_in_catalogue():
    catalog = load_catalog()
    for name, age in (("Explorer's Office", 1), ("Society of Navigators", 2), ("Captain's Circle", 3)):
        assert catalog.card(name, age).science_most_common, name
    assert catalog.island("Arquipélago Esmeralda").science_most_common


def test_wildcard_and_most_common_together():
    """§13: "Compute the best total over every wildcard split, then add each "most common" symbol to a type that
    is then most numerous.\" 3/3/2 + 1 wildcard (→ 3/3/3) + 1 most-common (→ 4/3/3) = 16+9+9+21 = 55."""
    out = best_science((3, 3, 2), wildcards=1, most_common=1)
    assert out.points == 55
    assert sorted(out.counts) == [3, 3, 4]
    assert sum(out.wildcards) == 1
    assert sum(out.most_common) == 1


def test_wildcard_makes_a_type_most_numerous_for_the_most_common_symbol():
    # 2/2/1 + 1 wildcard + 1 most-common: wildcard on compass (3,2,1) then most-common → (4,2,1) = 21+7 = 28;
    # wildcard on tablet (2,2,2) then most-common → (3,2,2) = 17+14 = 31 → 31.
    out = best_science((2, 2, 1), wildcards=1, most_common=1)
    assert out.points == 31
    assert sorted(out.counts) == [2, 2, 3]


def test_most_common_with_no_symbols_may_go_anywhere():
    out = best_science((0, 0, 0), most_common=1)
    assert out.points == 1


def test_outcome_counts_add_up():
    out = best_science((1, 0, 2), wildcards=2, most_common=2, set_bonus=10)
    assert tuple(f + w + m for f, w, m in zip(out.fixed, out.wildcards, out.most_common)) == out.counts
    assert out.points == science_points(out.counts, 10)


# --- in Portuguese ----------------------------------------------------------------------------------------


def test_sets_and_wildcards_in_portuguese(portuguese):
    """Regras do 7 Wonders: "Para cada grupo de 3 símbolos científicos diferentes, você ganha 7 Pontos de Vitória.
    Os pontos dos dois métodos são cumulativos!" — 3/0/0 plus 1 symbol of choice: 4² is 16, better than a set."""
    out = best_science((3, 0, 0), wildcards=1)
    assert [r.summary for r in out.rulings] == [
        "Símbolos à escolha tomados como 1 compasso (a melhor divisão).",
        "4² + 0² + 0² + 7 × 0 conjuntos = 16.",
    ]
    sets = out.rulings[-1]
    assert sets.source == "Regras do 7 Wonders, Estruturas Científicas"
    assert sets.quote.endswith("Os pontos dos dois métodos são cumulativos!")
    two = best_science((1, 1, 0), wildcards=2)
    assert two.rulings[0].summary == "Símbolos à escolha tomados como 2 tábuas (a melhor divisão)."
    assert two.rulings[-1].summary == "1² + 1² + 2² + 7 × 1 conjunto = 13."


def test_aristotle_and_most_common_in_portuguese(portuguese):
    """Regras do Líderes, p. 6: "No final do jogo, Aristóteles soma 3 Pontos de Vitória (PV) para cada conjunto de
    símbolos diferentes (o que significa que o bônus passa de 7 PV para 10 PV por conjunto).\""""
    out = best_science((2, 2, 1), most_common=2, set_bonus=10)
    summaries = [r.summary for r in out.rulings]
    assert summaries[0].startswith("Símbolos do tipo que o jogador mais tem tomados como 2 ")
    assert "Aristóteles: 10 PV por conjunto completo em vez de 7." in summaries
    aristotle = next(r for r in out.rulings if r.rule_id == "science.aristotle")
    assert aristotle.source == "Regras do Líderes, p. 6, Descrição dos Líderes — Aristóteles"
