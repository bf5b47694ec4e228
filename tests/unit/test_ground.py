"""Ground Conflicts: neighbours, Incursions (Dock/Quay/Jetty), teams, Tomyris (rules-reference §12)."""

from collections import Counter

import pytest

from scorer.catalog import load_catalog
from scorer.rules.ground import Incursion, neighbours, resolve_ground_conflicts, two_seats_away


def pairs_of(outcome):
    return Counter(frozenset((c.first, c.second)) for c in outcome.conflicts)


def conflicts_of(outcome, name):
    return [c for c in outcome.conflicts if name in (c.first, c.second)]


def rule_ids(outcome):
    return {r.rule_id for r in outcome.rulings}


# --- seating ----------------------------------------------------------------------------------------------


def test_neighbours_left_is_next_seat_clockwise():
    seats = ["A", "B", "C", "D", "E"]
    assert neighbours(seats, "A") == ("B", "E")
    assert neighbours(seats, "E") == ("A", "D")
    assert neighbours(seats, "C") == ("D", "B")


def test_two_seats_away_five_players():
    """Quay (<<) "Targets the player located to the left of their neighbor to the left"; Dock (>>) "Targets the
    player located to the right of their neighbor to the right"."""
    seats = ["A", "B", "C", "D", "E"]
    left2, right2 = two_seats_away(seats, "A")
    assert left2 == neighbours(seats, neighbours(seats, "A")[0])[0] == "C"
    assert right2 == neighbours(seats, neighbours(seats, "A")[1])[1] == "D"


def test_two_seats_away_four_players_both_directions_reach_the_opposite_seat():
    seats = ["A", "B", "C", "D"]
    for i, name in enumerate(seats):
        opposite = seats[(i + 2) % 4]
        assert two_seats_away(seats, name) == (opposite, opposite)


# --- base neighbours --------------------------------------------------------------------------------------


@pytest.mark.parametrize("age, win", [(1, 1), (2, 3), (3, 5)])
def test_neighbour_tokens_per_age(age, win):
    """ "If you have more Shields than a neighbour, you take a Victory token of the Age (+1 in Age I, +3 in Age II,
    +5 in Age III). If you have fewer Shields than a neighbour, you take a Defeat token (-1 VP). If tied, nobody
    takes a token.\""""
    seats = ["A", "B", "C", "D"]
    out = resolve_ground_conflicts(age, seats, {"A": 5, "B": 2, "C": 2, "D": 7})
    # pairs: A-B (A wins), B-C (tie), C-D (D wins), D-A (D wins)
    assert sorted(out.tokens["A"]) == sorted([win, -1])
    assert out.tokens["B"] == [-1]
    assert out.tokens["C"] == [-1]
    assert out.tokens["D"] == [win, win]
    assert out.total == {"A": win - 1, "B": -1, "C": -1, "D": 2 * win}
    assert len(out.conflicts) == 4
    assert {c.decided_by.rule_id for c in out.conflicts} == {"ground.neighbours"}
    assert all(c.kind == "neighbours" for c in out.conflicts)


def test_three_players_each_pair_fights_once():
    out = resolve_ground_conflicts(1, ["A", "B", "C"], {"A": 3, "B": 1, "C": 0})
    assert sorted(out.tokens["B"]) == [-1, 1]
    assert sorted(out.tokens["A"]) == [1, 1]
    assert sorted(out.tokens["C"]) == [-1, -1]
    assert len(out.conflicts) == 3
    assert set(pairs_of(out).values()) == {1}


def test_all_tied_nobody_gets_a_token():
    out = resolve_ground_conflicts(3, ["A", "B", "C", "D"], {"A": 2, "B": 2, "C": 2, "D": 2})
    assert out.tokens == {"A": [], "B": [], "C": [], "D": []}
    assert out.total == {"A": 0, "B": 0, "C": 0, "D": 0}


# --- incursions -------------------------------------------------------------------------------------------


def test_dock_incursion_single_tokens_against_player_two_seats_right():
    """Dock: "Targets the player located to the right of their neighbor to the right." "At the end of the current
    Age, the player who triggered the Incursion resolves, following the usual rules, a Ground Conflict with their
    two neighboring players and with the player who has possession of the Incursion token.\""""
    assert load_catalog().card("Dock", 1).incursion == "right2"
    seats = ["A", "B", "C", "D", "E"]
    target = two_seats_away(seats, "A")[1]
    assert target == "D"
    shields = {"A": 5, "B": 0, "C": 0, "D": 0, "E": 0}
    plain = resolve_ground_conflicts(1, seats, shields)
    out = resolve_ground_conflicts(1, seats, shields, incursions=[Incursion("A", target)])
    assert plain.tokens["A"] == [1, 1]
    assert out.tokens["A"] == [1, 1, 1]
    assert out.tokens["D"] == [-1]
    incursion = [c for c in out.conflicts if c.kind == "incursion"]
    assert len(incursion) == 1
    assert incursion[0].decided_by.rule_id == "ground.incursion"
    assert dict(incursion[0].tokens) == {"A": (1,), "D": (-1,)}


def test_incursion_attacker_can_lose():
    """ "Note: Play these cards carefully, as they do not guarantee victory against the targeted player.\""""
    seats = ["A", "B", "C", "D", "E"]
    out = resolve_ground_conflicts(2, seats, {"A": 1, "B": 1, "C": 1, "D": 4, "E": 1}, incursions=[Incursion("A", "D")])
    incursion = next(c for c in out.conflicts if c.kind == "incursion")
    assert dict(incursion.tokens) == {"D": (3,), "A": (-1,)}


def test_dock_and_jetty_same_player_same_age_only_one_extra_conflict():
    """FAQ: "Q: What happens if a player plays the Dock and Jetty cards in the same Age? A: In that situation, they
    resolve only ONE extra Ground Conflict with the target player.\""""
    seats = ["A", "B", "C", "D", "E"]
    shields = {"A": 5, "B": 0, "C": 0, "D": 0, "E": 0}
    out = resolve_ground_conflicts(3, seats, shields, incursions=[Incursion("A", "D"), Incursion("A", "D")])
    assert pairs_of(out)[frozenset(("A", "D"))] == 1
    assert out.tokens["A"] == [5, 5, 5]
    assert out.tokens["D"] == [-1]
    assert "ground.one-per-pair" in rule_ids(out)


def test_player_targeted_by_two_incursions_fights_four_conflicts():
    """FAQ: "A player can be the target of two different players who each played an Incursion card in the same Age
    (>> and <<). In that situation, the player will have to resolve 4 Ground Conflicts at the end of that Age.\""""
    seats = ["A", "B", "C", "D", "E", "F"]
    # D is left2 of B (Quay, <<) and right2 of F (Dock, >>).
    assert two_seats_away(seats, "B")[0] == "D"
    assert two_seats_away(seats, "F")[1] == "D"
    shields = {"A": 0, "B": 1, "C": 0, "D": 3, "E": 0, "F": 1}
    out = resolve_ground_conflicts(2, seats, shields, incursions=[Incursion("B", "D"), Incursion("F", "D")])
    assert len(conflicts_of(out, "D")) == 4
    assert out.tokens["D"] == [3, 3, 3, 3]
    assert out.tokens["B"].count(-1) == 1
    assert out.tokens["F"].count(-1) == 1


def test_incursion_onto_a_neighbour_adds_nothing():
    """§12: "At most one conflict per pair of players per age (a second incursion between the same pair, or an
    incursion onto a neighbour, adds nothing)." FAQ: "A player can resolve only ONE Ground Conflict per Age with
    any other player.\""""
    seats = ["A", "B", "C"]
    shields = {"A": 4, "B": 1, "C": 0}
    plain = resolve_ground_conflicts(1, seats, shields)
    out = resolve_ground_conflicts(1, seats, shields, incursions=[Incursion("A", "B")])
    assert out.tokens == plain.tokens
    assert len(out.conflicts) == 3
    assert "ground.one-per-pair" in rule_ids(out)


@pytest.mark.parametrize("direction", [0, 1])
def test_four_players_incursion_reaches_the_opposite_seat(direction):
    """At 4 players >> and << both reach the opposite seat, who is not a neighbour: one extra conflict."""
    seats = ["A", "B", "C", "D"]
    target = two_seats_away(seats, "A")[direction]
    assert target == "C"
    assert target not in neighbours(seats, "A")
    out = resolve_ground_conflicts(1, seats, {"A": 2, "B": 0, "C": 0, "D": 0}, incursions=[Incursion("A", target)])
    assert pairs_of(out)[frozenset(("A", "C"))] == 1
    assert out.tokens["A"] == [1, 1, 1]
    assert out.tokens["C"] == [-1]


def test_four_players_two_opposite_incursions_between_same_pair():
    """A (Dock) targets C and C (Quay) targets A in the same age: still one conflict between them."""
    seats = ["A", "B", "C", "D"]
    out = resolve_ground_conflicts(
        2, seats, {"A": 2, "B": 0, "C": 1, "D": 0}, incursions=[Incursion("A", "C"), Incursion("C", "A")]
    )
    assert pairs_of(out)[frozenset(("A", "C"))] == 1
    assert len(out.conflicts) == 5


def test_incursion_tie_gives_nothing():
    seats = ["A", "B", "C", "D", "E"]
    out = resolve_ground_conflicts(3, seats, {"A": 2, "B": 0, "C": 0, "D": 2, "E": 0}, incursions=[Incursion("A", "D")])
    incursion = next(c for c in out.conflicts if c.kind == "incursion")
    assert dict(incursion.tokens) == {"A": (), "D": ()}


# --- teams ------------------------------------------------------------------------------------------------

# Clockwise: Paula sits between Gabriel (to her right) and Romeo (to her left).
TEAM_SEATS = ["Gabriel", "Paula", "Romeo", "Ann", "Fred", "Art"]
TEAMS = (("Gabriel", "Paula"), ("Romeo", "Ann"), ("Fred", "Art"))


def test_team_seating_matches_the_rulebook():
    assert neighbours(TEAM_SEATS, "Paula") == ("Romeo", "Gabriel")


def test_teammates_never_fight_and_opposing_neighbours_give_double_tokens():
    """ "In team games, teammates do not fight each other. Each player faces off only against their opposing
    neighboring City. During the resolution of Ground Conflicts, DOUBLE the usual number of tokens are given
    out: defeats all earn 2 Defeat tokens worth -1 point [...] a victory in Age II is worth 2 Victory tokens
    worth 3 points each\""""
    shields = {"Gabriel": 9, "Paula": 0, "Romeo": 5, "Ann": 1, "Fred": 2, "Art": 3}
    out = resolve_ground_conflicts(2, TEAM_SEATS, shields, teams=TEAMS)
    for a, b in TEAMS:
        assert frozenset((a, b)) not in pairs_of(out)
    assert len(out.conflicts) == 3
    assert set(pairs_of(out)) == {
        frozenset(("Paula", "Romeo")),
        frozenset(("Ann", "Fred")),
        frozenset(("Art", "Gabriel")),
    }
    assert out.tokens["Paula"] == [-1, -1]
    assert out.tokens["Romeo"] == [3, 3]
    assert out.tokens["Ann"] == [-1, -1]
    assert out.tokens["Fred"] == [3, 3]
    assert out.tokens["Gabriel"] == [3, 3]
    assert out.tokens["Art"] == [-1, -1]
    assert {c.decided_by.rule_id for c in out.conflicts} == {"ground.teams"}


@pytest.mark.parametrize("age, win", [(1, 1), (2, 3), (3, 5)])
def test_team_doubled_values_per_age(age, win):
    """ "a victory in Age I is worth 2 Victory tokens worth 1 point each [...] Age III [...] 2 Victory tokens worth
    5 points each\" (the Portuguese book's "3 fichas" in Age III is a misprint: §12 adopts 2 ×)."""
    seats = ["A", "B", "C", "D"]
    out = resolve_ground_conflicts(age, seats, {"A": 1, "B": 1, "C": 0, "D": 0}, teams=(("A", "B"), ("C", "D")))
    assert out.tokens == {"A": [win, win], "B": [win, win], "C": [-1, -1], "D": [-1, -1]}


def test_team_tie_gives_nothing():
    seats = ["A", "B", "C", "D"]
    out = resolve_ground_conflicts(3, seats, {"A": 1, "B": 1, "C": 1, "D": 1}, teams=(("A", "B"), ("C", "D")))
    assert out.total == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_team_quay_example_incursion_gives_single_tokens():
    """ "Example: Paula and Gabriel form a team. Paula is sitting between Gabriel (to her right) and Romeo (to her
    left). In Age II, Gabriel plays the Quay card. This causes a new Ground Conflict and gives an Incursion token
    to the player to the left of his left neighbor, meaning Romeo. The Dock, Quay, and Jetty cards trigger an
    extra Ground Conflict, but only give 1 Defeat token or 1 Victory token to the players involved.\""""
    assert load_catalog().card("Quay", 2).incursion == "left2"
    target = two_seats_away(TEAM_SEATS, "Gabriel")[0]
    assert target == "Romeo"
    shields = {"Gabriel": 6, "Paula": 2, "Romeo": 1, "Ann": 1, "Fred": 1, "Art": 1}
    out = resolve_ground_conflicts(2, TEAM_SEATS, shields, incursions=[Incursion("Gabriel", target)], teams=TEAMS)
    incursion = [c for c in out.conflicts if c.kind == "incursion"]
    assert len(incursion) == 1
    assert dict(incursion[0].tokens) == {"Gabriel": (3,), "Romeo": (-1,)}
    assert incursion[0].decided_by.rule_id == "ground.incursion"
    # Gabriel: 2 × 3 against Art (opposing neighbour), 1 × 3 against Romeo (incursion); nothing against Paula.
    assert sorted(out.tokens["Gabriel"]) == [3, 3, 3]
    # Romeo: 2 × -1 against Paula, 1 × -1 from the incursion; Romeo-Ann are teammates.
    assert out.tokens["Romeo"] == [-1, -1, -1]
    assert "ground.team-incursion" in rule_ids(out)


# --- Tomyris ----------------------------------------------------------------------------------------------


def test_tomyris_defeat_token_goes_to_the_winner_who_keeps_their_victory():
    """Tomyris: "the Defeat tokens the player receives during the resolution of Conflicts are given to the
    victorious city.\" The winner keeps their Victory token too (§6 adopted)."""
    assert load_catalog().leader("Tomiris").tomyris
    seats = ["T", "W", "X"]
    out = resolve_ground_conflicts(3, seats, {"T": 1, "W": 4, "X": 0}, tomyris=("T",))
    # T loses to W (defeat goes to W), T beats X (normal).
    assert sorted(out.tokens["W"]) == sorted([5, -1, 5])  # beats T (5 + T's -1), beats X (5)
    assert out.tokens["T"] == [5]
    assert out.tokens["X"] == [-1, -1]
    t_vs_w = next(c for c in out.conflicts if {c.first, c.second} == {"T", "W"})
    assert t_vs_w.decided_by.rule_id == "ground.tomyris"
    assert sorted(t_vs_w.tokens["W"]) == [-1, 5]
    assert t_vs_w.tokens["T"] == ()


def test_tomyris_no_effect_when_her_city_wins_or_ties():
    """ "Tomyris has no effect if her own city is victorious\"."""
    seats = ["T", "A", "B"]
    out = resolve_ground_conflicts(2, seats, {"T": 3, "A": 1, "B": 3}, tomyris={"T"})
    assert out.tokens["T"] == [3]
    assert out.tokens["A"] == [-1, -1]
    assert out.tokens["B"] == [3]
    assert "ground.tomyris" not in {c.decided_by.rule_id for c in out.conflicts}


def test_tomyris_in_a_team_game_doubles_and_redirects():
    seats = ["T", "M", "C", "D"]
    out = resolve_ground_conflicts(
        1, seats, {"T": 0, "M": 0, "C": 0, "D": 2}, teams=(("T", "M"), ("C", "D")), tomyris={"T"}
    )
    assert out.tokens["T"] == []
    assert sorted(out.tokens["D"]) == [-1, -1, 1, 1]


def test_tomyris_on_an_incursion():
    """§6: "Tomyris applies to every ground conflict after she is recruited\" — incursions included."""
    seats = ["A", "B", "C", "T", "E"]
    out = resolve_ground_conflicts(
        1, seats, {"A": 5, "B": 5, "C": 5, "T": 0, "E": 5}, incursions=[Incursion("A", "T")], tomyris={"T"}
    )
    assert out.tokens["T"] == []
    assert sorted(out.tokens["A"]) == [-1, 1]


# --- in Portuguese ----------------------------------------------------------------------------------------


def summaries(outcome):
    return [c.decided_by.summary for c in outcome.conflicts] + [r.summary for r in outcome.rulings]


def test_team_quay_example_in_portuguese(portuguese):
    """Regras do Armada, p. 17: "Exemplo: Paula e Gabriel formam uma equipe. [...] Na Era II, Gabriel joga a carta
    Cais. [...] As cartas Doca, Cais e Molhe ativam um Conflito Terrestre extra, mas dá apenas 1 ficha de Derrota
    ou de Vitória aos jogadores envolvidos.\""""
    shields = {"Gabriel": 6, "Paula": 2, "Romeo": 1, "Ann": 1, "Fred": 1, "Art": 1}
    out = resolve_ground_conflicts(2, TEAM_SEATS, shields, incursions=[Incursion("Gabriel", "Romeo")], teams=TEAMS)
    text = summaries(out)
    assert "Gabriel (6) vence Art (1) na Era II: Gabriel 2 × 3, Art 2 × -1." in text
    assert "Gabriel (6) vence Romeo (1) na Era II: Gabriel 3, Romeo -1." in text
    assert "Gabriel e Paula são da mesma equipe: não lutam entre si." in text
    assert "Partida em equipes: os conflitos entre vizinhos dão fichas em dobro." in text
    assert "Incursões dão apenas 1 ficha, mesmo em partida em equipes." in text
    team_incursion = next(r for r in out.rulings if r.rule_id == "ground.team-incursion")
    assert team_incursion.quote.startswith("As cartas Doca, Cais e Molhe ativam um Conflito Terrestre extra")
    assert team_incursion.source == "Regras do Armada, p. 17, Regras para jogo em equipe"


def test_one_conflict_per_pair_and_ties_in_portuguese(portuguese):
    """Dúvidas Frequentes: "Um jogador pode resolver apenas UM Conflito Terrestre por Era com qualquer outro
    jogador.\""""
    out = resolve_ground_conflicts(1, ["A", "B", "C"], {"A": 1, "B": 1, "C": 0}, incursions=[Incursion("A", "B")])
    text = summaries(out)
    assert "A e B empatam com 1 Escudo na Era I: ninguém recebe ficha." in text
    assert "A e B já se enfrentam na Era I: a Incursão não cria um segundo Conflito Terrestre." in text
    per_pair = next(r for r in out.rulings if r.rule_id == "ground.one-per-pair")
    assert per_pair.source == "Regras do Armada, p. 18, Dúvidas Frequentes — Fichas de Incursão"
    tied = resolve_ground_conflicts(3, ["A", "B", "C"], {"A": 0, "B": 0, "C": 0})
    assert tied.conflicts[0].decided_by.summary == "A e B empatam com 0 Escudos na Era III: ninguém recebe ficha."


def test_tomyris_in_portuguese(portuguese):
    """Regras do Líderes, p. 7: "Assim que Tômiris entra em jogo, as fichas de Derrota recebidas pelo jogador
    durante a resolução de Conflitos são dadas para a cidade vitoriosa.\""""
    out = resolve_ground_conflicts(3, ["T", "W", "X"], {"T": 1, "W": 4, "X": 0}, tomyris=("T",))
    t_vs_w = next(c for c in out.conflicts if {c.first, c.second} == {"T", "W"})
    assert t_vs_w.decided_by.summary == (
        "W (4) vence T (1) na Era III: 5 e, por causa de Tômiris, a Derrota -1 de T vai para W."
    )
    assert t_vs_w.decided_by.quote.startswith("Assim que Tômiris entra em jogo")
    assert t_vs_w.decided_by.source == "Regras do Líderes, p. 7, Descrição dos Líderes — Tômiris"
