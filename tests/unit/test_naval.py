"""Naval Conflict (Armada rulebook "2. Naval Conflicts"; rules-reference §11, adopted algorithm)."""

import pytest

from scorer.catalog import load_catalog
from scorer.rules.naval import resolve_naval_conflict


def ids(outcome):
    return {name: r.rule_id for name, r in outcome.decided_by.items()}


# --- the rulebook example ---------------------------------------------------------------------------------


def test_rulebook_example_age_2():
    """ "Example: In Age II, Gabriel and Paula have the weakest Naval Strength with 2 Naval Shields, so they
    each gain a Naval Defeat token of value -2. Ann has the strongest Naval Strength with 8 Naval Shields, so
    she gains a Naval Victory token of value 5. Romeo and Fred are tied for the second-strongest Naval
    Strength with 6 Naval Shields each. [...] These two players thus gain no tokens."
    """
    out = resolve_naval_conflict(2, {"Gabriel": 2, "Paula": 2, "Ann": 8, "Romeo": 6, "Fred": 6})
    assert out.tokens == {"Gabriel": -2, "Paula": -2, "Ann": 5, "Romeo": 0, "Fred": 0}
    assert out.age == 2
    assert ids(out) == {
        "Gabriel": "naval.defeat",
        "Paula": "naval.defeat",
        "Ann": "naval.rank",
        "Romeo": "naval.tie-second",
        "Fred": "naval.tie-second",
    }


def test_rulebook_example_general_ruling_defeated_take_no_victory():
    """ "In a given Age, a player who has gained a Naval Defeat token cannot also gain a Naval Victory token.\""""
    out = resolve_naval_conflict(2, {"Gabriel": 2, "Paula": 2, "Ann": 8, "Romeo": 6, "Fred": 6})
    assert "naval.defeated-no-victory" in {r.rule_id for r in out.rulings}


def test_team_partners_fight_at_sea_and_the_ruling_says_so():
    """Armada team rules: "Naval Conflicts are resolved individually, according to the usual rules. Ties are
    resolved normally, even if the tied players are part of the same team." Partners Ari and Bel tie for
    weakest in Age I: both take the defeat, and the team rule is quoted."""
    out = resolve_naval_conflict(1, {"Ari": 1, "Bel": 1, "Caz": 4, "Dev": 3}, teams=True)
    assert out.tokens == {"Ari": -1, "Bel": -1, "Caz": 3, "Dev": 1}
    team_note = next(r for r in out.rulings if r.rule_id == "naval.teams")
    assert "Ties are resolved normally, even if the tied players are part of the same team" in team_note.quote
    assert "naval.teams" not in {r.rule_id for r in resolve_naval_conflict(1, {"Ari": 1, "Bel": 2}).rulings}


# --- plain ranks ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "age, expected",
    [
        (1, {"A": 3, "B": 1, "C": 0, "D": -1}),
        (2, {"A": 5, "B": 3, "C": 0, "D": -2}),
        (3, {"A": 7, "B": 5, "C": 3, "D": -3}),
    ],
)
def test_distinct_strengths_by_age(age, expected):
    """ "The player with the strongest Naval Strength gains 1 Naval Victory token of value 3, 5, or 7 [...]
    second-strongest [...] 1, 3, or 5 [...] third-strongest [...] 3 only in Age III." Weakest: -1/-2/-3."""
    out = resolve_naval_conflict(age, {"A": 9, "B": 7, "C": 5, "D": 1})
    assert out.tokens == expected
    assert out.decided_by["A"].rule_id == "naval.rank"
    assert out.decided_by["B"].rule_id == "naval.rank"
    assert out.decided_by["D"].rule_id == "naval.defeat"
    if age == 3:
        assert out.decided_by["C"].rule_id == "naval.rank"


def test_two_players_different_strengths():
    out = resolve_naval_conflict(1, {"A": 4, "B": 1})
    assert out.tokens == {"A": 3, "B": -1}


# --- ties -------------------------------------------------------------------------------------------------


def test_age3_one_strongest_two_tied_second():
    """ "In case of a tie for the second-strongest [...] In Age III, they gain one Naval Victory token of value 3
    if only ONE player has the strongest Naval Strength\" → 7, 3, 3."""
    out = resolve_naval_conflict(3, {"Top": 10, "S1": 8, "S2": 8, "Low": 2})
    assert out.tokens == {"Top": 7, "S1": 3, "S2": 3, "Low": -3}
    assert ids(out) == {"Top": "naval.rank", "S1": "naval.tie-second", "S2": "naval.tie-second", "Low": "naval.defeat"}


def test_age3_two_tied_strongest_then_one():
    """ "In case of a tie for the strongest Naval Strength, all tied players take the reward for the next lower
    rank [...] the player with the second-strongest Naval Strength gains no token in Age I and Age II, but
    gains a Naval Victory token of value 3 in Age III.\" → 5, 5, 3."""
    out = resolve_naval_conflict(3, {"T1": 10, "T2": 10, "Next": 8, "Low": 2})
    assert out.tokens == {"T1": 5, "T2": 5, "Next": 3, "Low": -3}
    assert ids(out) == {
        "T1": "naval.tie-strongest",
        "T2": "naval.tie-strongest",
        "Next": "naval.tie-strongest",
        "Low": "naval.defeat",
    }


@pytest.mark.parametrize("age, tied_reward", [(1, 1), (2, 3)])
def test_age1_2_two_tied_strongest_then_one(age, tied_reward):
    """Same paragraph: the tied strongest take the rank-2 reward; "the player with the second-strongest Naval
    Strength gains no token in Age I and Age II"."""
    out = resolve_naval_conflict(age, {"T1": 10, "T2": 10, "Next": 8, "Low": 2})
    assert out.tokens == {"T1": tied_reward, "T2": tied_reward, "Next": 0, "Low": -age}
    assert out.decided_by["Next"].rule_id == "naval.tie-strongest"


@pytest.mark.parametrize("age", [1, 2])
def test_age1_2_tie_for_second_gets_nothing(age):
    """ "In case of a tie for the second-strongest Naval Strength, tied players gain no tokens in Age I and Age II.\""""
    out = resolve_naval_conflict(age, {"Top": 10, "S1": 8, "S2": 8, "Low": 2})
    assert out.tokens == {"Top": (3, 5)[age - 1], "S1": 0, "S2": 0, "Low": -age}
    assert out.decided_by["S1"].rule_id == "naval.tie-second"
    assert out.decided_by["S2"].rule_id == "naval.tie-second"


def test_age3_tie_for_second_with_two_strongest_gets_nothing():
    """The rulebook: "In Age III, they gain [...] 3 if only ONE player has the strongest Naval Strength, otherwise
    they gain nothing.\""""
    out = resolve_naval_conflict(3, {"T1": 10, "T2": 10, "S1": 8, "S2": 8, "Low": 2})
    assert out.tokens == {"T1": 5, "T2": 5, "S1": 0, "S2": 0, "Low": -3}
    assert out.decided_by["S1"].rule_id == "naval.tie-second"


def test_age3_tie_for_third_gets_nothing():
    """ "In case of a tie for third-strongest Naval Strength, tied players gain no tokens in Age III.\""""
    out = resolve_naval_conflict(3, {"A": 10, "B": 9, "C1": 8, "C2": 8, "Low": 2})
    assert out.tokens == {"A": 7, "B": 5, "C1": 0, "C2": 0, "Low": -3}
    assert out.decided_by["C1"].rule_id == "naval.tie-third"
    assert out.decided_by["C2"].rule_id == "naval.tie-third"


def test_tie_for_weakest_all_take_defeat():
    """ "In case of a tie for the weakest Naval Strength, all tied players take a Naval Defeat token of the value
    corresponding to the current Age.\""""
    out = resolve_naval_conflict(3, {"A": 5, "B": 1, "C": 1, "D": 1})
    assert out.tokens == {"A": 7, "B": -3, "C": -3, "D": -3}


def test_third_alone_in_age_2_gets_nothing():
    """Rank 3 exists "only in Age III"; "It's possible that some players will receive no tokens"."""
    out = resolve_naval_conflict(2, {"A": 9, "B": 7, "C": 5, "D": 1})
    assert out.tokens["C"] == 0
    assert out.decided_by["C"].rule_id == "naval.no-token"


# --- nobody gets a token ----------------------------------------------------------------------------------


@pytest.mark.parametrize("age", [1, 2, 3])
def test_all_equal_nobody_gets_a_token(age):
    """FAQ: "If all players have the same Naval Strength, none of them receives victory or defeat tokens.\""""
    out = resolve_naval_conflict(age, {"A": 4, "B": 4, "C": 4, "D": 4})
    assert out.tokens == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert set(ids(out).values()) == {"naval.all-equal"}
    assert [r.rule_id for r in out.rulings] == ["naval.all-equal"]


def test_all_equal_at_zero():
    out = resolve_naval_conflict(1, {"A": 0, "B": 0, "C": 0})
    assert out.tokens == {"A": 0, "B": 0, "C": 0}


@pytest.mark.parametrize("strengths", [{}, {"Solo": 5}])
def test_fewer_than_two_participants(strengths):
    """§11: "With fewer than 2 participants [...] nobody gets a token.\""""
    out = resolve_naval_conflict(3, strengths)
    assert out.tokens == dict.fromkeys(strengths, 0)
    assert [r.rule_id for r in out.rulings] == ["naval.too-few"]


def test_one_participant_left_after_abstentions():
    out = resolve_naval_conflict(2, {"A": 9, "B": 1, "C": 3}, abstaining=("B", "C"))
    assert out.tokens == {"A": 0, "B": 0, "C": 0}
    assert out.decided_by["A"].rule_id == "naval.too-few"
    assert out.decided_by["B"].rule_id == "naval.forgotten-port"


# --- Forgotten Port ---------------------------------------------------------------------------------------


def test_forgotten_port_abstainer_gets_nothing_and_is_ignored():
    """Forgotten Port: "the player may choose not to take part in Naval Conflicts. If they choose not to take
    part, their Naval Strength is simply ignored during the resolution of Naval Conflicts.\""""
    strengths = {"Weak": 0, "A": 6, "B": 4, "C": 2}
    out = resolve_naval_conflict(2, strengths, abstaining=("Weak",))
    # Without Weak, C (2) is the weakest, A first, B second.
    assert out.tokens == {"Weak": 0, "A": 5, "B": 3, "C": -2}
    assert out.decided_by["Weak"].rule_id == "naval.forgotten-port"
    assert out.decided_by["C"].rule_id == "naval.defeat"
    # Had Weak taken part, C would have been second (no token in Age II: rank 3).
    assert resolve_naval_conflict(2, strengths).tokens == {"Weak": -2, "A": 5, "B": 3, "C": 0}


def test_forgotten_port_strongest_abstains():
    out = resolve_naval_conflict(1, {"Big": 20, "A": 6, "B": 4, "C": 2}, abstaining={"Big"})
    assert out.tokens == {"Big": 0, "A": 3, "B": 1, "C": -1}


def test_forgotten_port_abstention_leaves_the_rest_all_equal():
    out = resolve_naval_conflict(3, {"Big": 20, "A": 4, "B": 4}, abstaining=["Big"])
    assert out.tokens == {"Big": 0, "A": 0, "B": 0}
    assert out.decided_by["A"].rule_id == "naval.all-equal"
    assert out.decided_by["Big"].rule_id == "naval.forgotten-port"


# --- Naval Strength from the Dockyard and an island -------------------------------------------------------


def test_gabriel_naval_strength_is_5():
    """ "Example: Gabriel's Red fleet is located on the third upgrade space of his Dockyard board, granting him
    3 Naval Shields. In addition, he has an Island card which gives him 2 Naval Shields. His Naval Strength
    thus is 5.\""""
    catalog = load_catalog()
    red = catalog.dockyard.at(3).red_naval_shields
    island = catalog.island("Port of Winds")
    assert island is catalog.island("Porto dos Ventos")
    assert red == 3
    assert island.naval_shields == 2
    assert red + island.naval_shields == 5


def test_gabriel_strength_through_dockyard_helper():
    from scorer.rules.dockyard import dockyard_naval_shields

    catalog = load_catalog()
    red = dockyard_naval_shields(catalog.dockyard, {"red": 3})
    assert red + catalog.island("porto dos ventos").naval_shields == 5


# --- rulings carry their quotes ---------------------------------------------------------------------------


def test_every_decided_ruling_quotes_the_rule():
    out = resolve_naval_conflict(3, {"A": 10, "B": 10, "C": 8, "D": 8, "E": 1, "F": 1}, abstaining=("F",))
    for r in out.decided_by.values():
        assert r.quote and r.source and r.summary


def test_custom_rewards_table_is_used():
    from scorer.catalog import NavalRewards

    table = NavalRewards(defeat=(-10, -20, -30), victory={1: (100, 50), 2: (100, 50), 3: (100, 50, 25)})
    out = resolve_naval_conflict(1, {"A": 3, "B": 2, "C": 1}, rewards=table)
    assert out.tokens == {"A": 100, "B": 50, "C": -10}


def test_three_tied_strongest_push_the_next_player_to_fourth_by_the_adopted_position_rule():
    """rules-reference §11: 'position p = 1 + number of remaining players strictly stronger'. The rulebook's
    tie paragraph describes two tied strongest; with three, the next player is 4th and takes nothing, and the
    ruling shown is the position rule rather than a paragraph whose text would promise 3."""
    outcome = resolve_naval_conflict(3, {"A": 4, "B": 4, "C": 4, "D": 3, "E": 0})
    assert outcome.tokens == {"A": 5, "B": 5, "C": 5, "D": 0, "E": -3}
    assert outcome.decided_by["D"].rule_id == "naval.position"


# --- in Portuguese ----------------------------------------------------------------------------------------


def test_rulebook_example_in_portuguese(portuguese):
    """Regras do Armada, p. 9: "Exemplo: Na Era II, Gabriel e Paula têm a força naval mais fraca com 2 Escudos
    Navais, cada um deles recebe uma ficha de Derrota Naval de valor -2. Ann tem a força naval mais forte com 8
    Escudos Navais, ela recebe uma ficha de Vitória Naval de valor 5. Romeo e Fred estão empatados com a segunda
    força naval mais forte com 6 Escudos Navais cada. [...] Portanto, nenhum desses dois jogadores recebe fichas.\""""
    out = resolve_naval_conflict(2, {"Gabriel": 2, "Paula": 2, "Ann": 8, "Romeo": 6, "Fred": 6})
    assert out.tokens == {"Gabriel": -2, "Paula": -2, "Ann": 5, "Romeo": 0, "Fred": 0}
    summary = {name: r.summary for name, r in out.decided_by.items()}
    assert summary["Gabriel"] == "Gabriel: menor Força Naval (2), empatado com 1 outro: Derrota Naval -2."
    assert summary["Ann"] == "Ann: força naval mais forte (8), sem empate: ficha de Vitória Naval 5."
    assert summary["Romeo"] == "Romeo: empate na 2ª força naval mais forte na Era II (6), um só acima: nada."
    tie = out.decided_by["Fred"]
    assert tie.source == "Regras do Armada, p. 9, Conflitos Navais — Empates"
    assert tie.quote.startswith("No caso de um empate da segunda força naval mais forte, os jogadores empatados")
    assert [r.summary for r in out.rulings] == [
        "A menor Força Naval (Gabriel, Paula) não recebe ficha de Vitória Naval na Era II."
    ]


def test_forgotten_port_and_global_tie_in_portuguese(portuguese):
    """Porto Esquecido is named as printed on the Brazilian card; the FAQ on global ties is quoted in Portuguese."""
    out = resolve_naval_conflict(3, {"Ana": 9, "Bia": 4, "Caio": 4}, abstaining=["Ana"])
    assert out.decided_by["Ana"].summary == "Ana fica fora do Conflito Naval da Era III (Porto Esquecido)."
    assert out.decided_by["Ana"].source == "Regras do Armada, p. 15, cartas de Ilha — Porto Esquecido"
    assert out.decided_by["Bia"].summary == "Todos os participantes têm 4: ninguém recebe ficha naval."
    assert out.decided_by["Bia"].quote.startswith("Q: Durante um Conflito Naval, o que acontece se todos")


def test_plurals_in_portuguese(portuguese):
    alone = resolve_naval_conflict(1, {"Ana": 3}).rulings[0]
    assert alone.summary == "Só 1 jogador participa: ninguém recebe ficha naval."
    out = resolve_naval_conflict(1, {"Ana": 3, "Bia": 1, "Caio": 1, "Davi": 1})
    assert out.decided_by["Bia"].summary == ("Bia: menor Força Naval (1), empatado com outros 2: Derrota Naval -1.")


def test_every_rule_is_quoted_in_both_languages():
    """Every rule in rules_data/rulings.toml has the Brazilian edition's text and where it comes from."""
    from scorer.ruling import _quotes

    for rule_id, entry in _quotes().items():
        for field in ("quote", "quote_pt", "source", "source_pt"):
            assert entry.get(field, "").strip(), f"{rule_id}: no {field}"


def test_ties_and_places_in_portuguese(portuguese):
    """Regras do Armada, p. 9: "No caso de empate da força naval mais forte, cada jogador empatado recebe a
    recompensa correspondente à próxima posição abaixo da Era atual." (7 players, Age III: 5, 5, then 3)."""
    out = resolve_naval_conflict(3, {"A": 10, "B": 10, "C": 8, "D": 7, "E": 7, "F": 1, "G": 5, "H": 5})
    summary = {name: r.summary for name, r in out.decided_by.items()}
    assert summary["A"] == "A: empate na força naval mais forte na Era III (10): 5 para cada um."
    assert summary["C"] == (
        "C: 2ª força naval mais forte (8), após um empate na força naval mais forte: ficha de Vitória Naval 3."
    )
    assert summary["D"] == "D: empate na 3ª força naval mais forte na Era III (7): nada."
    assert summary["G"] == "G: empate na 4ª força naval mais forte na Era III (5): nada."
    second = resolve_naval_conflict(3, {"A": 10, "B": 10, "C": 8, "D": 8, "E": 1}).decided_by["C"].summary
    assert second == "C: empate na 2ª força naval mais forte na Era III (8), dois ou mais acima: nada."


def test_each_rank_quotes_the_rule_that_speaks_of_it():
    """Issue 31 item 6: the player behind two tied strongest is named as the rulebook names them ("the player
    with the second-strongest Naval Strength") and that paragraph is quoted; a tie below third-strongest,
    which no rulebook paragraph covers, quotes the adopted position rule, never the "third-strongest" one."""
    out = resolve_naval_conflict(3, {"A": 10, "B": 10, "C": 8, "D": 7, "E": 7, "F": 1, "G": 5, "H": 5})
    c, g = out.decided_by["C"], out.decided_by["G"]
    assert (
        c.summary == "C has the second-strongest Naval Strength (8), after a tie for strongest: Naval Victory token 3."
    )
    assert c.rule_id == "naval.tie-strongest" and "second-strongest Naval Strength gains no token" in c.quote
    assert g.summary == "G: tie for 4th-strongest in Age III at 5: nothing." and g.rule_id == "naval.position"
    assert out.decided_by["D"].rule_id == "naval.tie-third"
    lower = resolve_naval_conflict(3, {"A": 9, "B": 9, "C": 9, "D": 5, "E": 1})
    assert lower.decided_by["D"].summary == "D is in position 4 with 5, after ties above: no token."
    assert lower.decided_by["D"].rule_id == "naval.position"


def test_counts_of_one_are_worded_in_the_singular():
    """Issue 31 item 6: "tied with 1 other(s)", "1 player(s)" read as a person would write them."""
    assert (
        resolve_naval_conflict(1, {"Ana": 3}).rulings[0].summary
        == "Only 1 player takes part: nobody gets a naval token."
    )
    tied = resolve_naval_conflict(1, {"Ana": 3, "Bia": 1, "Caio": 1}).decided_by["Bia"].summary
    assert tied == "Bia is weakest with 1, tied with 1 other: Naval Defeat token -1."
