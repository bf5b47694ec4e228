"""Records are checked where they enter: each problem names the field, the value and what is allowed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.errors import InputError
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def game(expansions: list[str] | None = None) -> dict:
    data = json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8"))
    if expansions is not None:
        data["expansions"] = expansions
    return data


def refused(data: dict) -> InputError:
    with pytest.raises(InputError) as caught:
        load_record(data)
    return caught.value


def test_portuguese_and_unaccented_names_are_accepted():
    data = game()
    data["ages"][0]["players"]["Ann"]["cards"] = ["pedreira", "Banhos", "Scriptorium", "Stockade"]
    data["ages"][2]["players"]["Ann"]["cards"] = ["Palace", "Senate", "University", "Fortifications", "Haven"]
    # 'Pedreira' is Quarry (Age II), not an Age I card: refused with the age in the message
    error = refused(data)
    assert error.field == "ages[Age I].Ann.cards[0]"
    data["ages"][0]["players"]["Ann"]["cards"][0] = "Jazida de Pedra"
    assert load_record(data).ages[1]["Ann"].cards[0] == "Jazida de Pedra"


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda d: d["players"][1].update(name="ann"), "players[1].name", "unique"),
        (lambda d: d["players"][1].update(wonder="Gizé"), "players[1].wonder", "each wonder once"),
        (lambda d: d["players"][1].update(wonder="Atlantis"), "players[1].wonder", "allowed"),
        (lambda d: d["players"][1].update(wonder="Rome"), "players[1].wonder", "allowed"),
        (lambda d: d["ages"][0]["players"]["Ann"]["cards"].append("Mine"), "ages[Age I].Ann.cards[5]", "3 players"),
        (lambda d: d["ages"][1]["players"]["Bob"]["cards"].append("Press"), "ages[Age II].Bob.cards[5]", "two cards of the same name"),
        (lambda d: d["ages"][0]["players"]["Bob"]["cards"].append("Baths"), "ages[Age I].Bob.cards[6]", "all built already"),
        (lambda d: d["ages"][2]["players"]["Ann"].update(wonder_stages=2), "ages[Age III].Ann.wonder_stages", "3 stages"),
        (lambda d: d["ages"][0]["players"].update(Zed={}), "ages[Age I].Zed", "seated players"),
        (lambda d: d["ages"][0]["players"]["Ann"].update(ships={"red": 1}), "ages[Age I].Ann.ships", "Armada"),
        (lambda d: d["ages"][0]["players"]["Ann"].update(leaders=[{"name": "Caesar", "use": "recruit"}]), "ages[Age I].Ann.leaders[0]", "Leaders"),
        (lambda d: d["end"]["Ann"].update(coins=-1), "end.Ann.coins", "at least 0"),
        (lambda d: d.update(schema=2), "schema", "update the app"),
        (lambda d: d["players"].pop(), "players", "at least 3 entries"),
        (lambda d: d.update(teams=[["Ann", "Bob"]]), "teams", "4, 6 or 8"),
    ],
)
def test_bad_records_name_field_value_and_allowed(change, field, words):
    data = game()
    change(data)
    error = refused(data)
    assert error.field == field
    assert words in str(error)


def test_ships_never_move_down():
    data = game(["armada"])
    data["ages"][0]["players"]["Ann"]["ships"] = {"red": 3, "yellow": 1, "blue": 0, "green": 0}
    data["ages"][1]["players"]["Ann"]["ships"] = {"red": 2, "yellow": 1, "blue": 0, "green": 0}
    error = refused(data)
    assert error.field == "ages[Age II].Ann.ships.red"
    assert "at least 3" in str(error)


def test_each_island_once_and_forgotten_port_needed_to_abstain():
    data = game(["armada"])
    data["ages"][0]["players"]["Ann"]["islands"] = ["Ilha Nebulosa"]
    data["ages"][1]["players"]["Bob"]["islands"] = ["foggy island"]
    assert "each island once" in str(refused(data))
    data["ages"][1]["players"]["Bob"] = {"cards": [], "abstain_naval": True}
    assert refused(data).field == "ages[Age II].Bob.abstain_naval"
    data["ages"][0]["players"]["Bob"]["islands"] = ["Porto Esquecido"]
    assert load_record(data).ages[2]["Bob"].abstain_naval


def test_incursion_targets_are_two_seats_away():
    data = game(["armada"])
    for name in ("Dee", "Eve"):
        data["players"].append({"name": name, "wonder": {"Dee": "Olympia", "Eve": "Ephesos"}[name], "side": "A"})
    data["ages"][0]["players"]["Ann"]["incursions"] = ["Bob"]
    error = refused(data)
    assert error.field == "ages[Age I].Ann.incursions[0]"
    assert "Cid or Dee" in str(error)


def test_team_members_must_sit_side_by_side():
    data = game()
    data["players"].append({"name": "Dee", "wonder": "Olympia", "side": "A"})
    data["teams"] = [["Ann", "Cid"], ["Bob", "Dee"]]
    assert "side by side" in str(refused(data))
    data["teams"] = [["Ann", "Bob"], ["Cid", "Dee"]]
    assert load_record(data).teams == [("Ann", "Bob"), ("Cid", "Dee")]


def test_more_plays_than_turns_is_refused_but_discard_builds_and_leader_stages_are_allowed():
    data = game()
    data["ages"][0]["players"]["Bob"]["cards"].append("Theater")  # 7 cards in 6 turns
    error = refused(data)
    assert error.field == "ages[Age I].Bob.cards" and "at most 6 plays" in str(error)
    data = game(["leaders"])
    data["players"][1] = {"name": "Bob", "wonder": "Halicarnassus", "side": "B"}
    data["ages"][0]["players"]["Bob"]["wonder_stages"] = 1  # stage 1: build from the discard pile
    data["ages"][0]["players"]["Bob"]["cards"].remove("Press")  # 5 cards + 1 stage from the hand
    data["ages"][0]["players"]["Bob"]["cards"].append("Theater")
    data["ages"][0]["players"]["Bob"]["leaders"] = [{"name": "Solomon", "use": "recruit"}]
    data["ages"][0]["players"]["Bob"]["cards"].append("Marketplace")
    assert load_record(data).ages[1]["Bob"].wonder_stages == 1


def test_a_leader_used_as_a_wonder_stage_counts_in_wonder_stages():
    data = game(["leaders"])
    data["ages"][1]["players"]["Ann"]["leaders"] = [{"name": "Caesar", "use": "wonder"}]
    data["ages"][1]["players"]["Ann"]["wonder_stages"] = 0
    assert refused(data).field == "ages[Age II].Ann.wonder_stages"


def test_one_leader_per_recruitment_phase():
    data = game(["leaders"])
    data["ages"][0]["players"]["Ann"]["leaders"] = [{"name": "Caesar", "use": "recruit"}, {"name": "Nero", "use": "discard"}]
    error = refused(data)
    assert error.field == "ages[Age I].Ann.leaders" and "at most 1" in str(error)


@pytest.mark.parametrize(
    ("change", "label"),
    [
        (lambda d: d["players"][1].update(name="ann"), "seat 2 name"),
        (lambda d: d["players"][1].update(wonder="Atlantis"), "Bob's wonder"),
        (lambda d: d["ages"][0]["players"]["Ann"]["cards"].append("Mine"), "Ann's card 6 in Age I"),
        (lambda d: d["ages"][2]["players"]["Ann"].update(wonder_stages=2), "Ann's wonder stages in Age III"),
        (lambda d: d["end"]["Ann"].update(coins=-1), "Ann's coins at the end"),
        (lambda d: d["players"][2].update(side="C"), "seat 3 wonder side"),
        (lambda d: d["ages"][1]["players"]["Bob"].update(wonder_stages="two"), "Bob's wonder stages in Age II"),
        (lambda d: d.update(teams=[["Ann", "Bob"]]), "teams"),
    ],
)
def test_the_message_names_the_field_in_words_and_keeps_the_record_path(change, label):
    data = game()
    change(data)
    error = refused(data)
    assert error.label == label and str(error).startswith(f"{label}: ")


def test_a_schema_refusal_says_what_the_schema_allows_in_words():
    data = game()
    data["players"][2]["side"] = "C"
    assert str(refused(data)) == "seat 3 wonder side: 'C' is not allowed; one of 'A', 'B'"
    data = game()
    data["end"]["Ann"]["tip"] = 3
    assert "'tip' is not a field here; allowed: coins" in str(refused(data))


def test_close_names_are_suggested_in_either_language():
    data = game()
    data["ages"][0]["players"]["Ann"]["cards"].append("jazida de pedrs")
    assert "(did you mean 'Jazida de Pedra'" in str(refused(data))


def test_a_refused_card_is_explained_in_portuguese(portuguese):
    data = game()
    data["ages"][0]["players"]["Ann"]["cards"].append("Mine")
    error = refused(data)
    assert error.field == "ages[Age I].Ann.cards[5]"  # the path into the file stays the same in any language
    assert str(error).startswith("carta 6 de Ann na Era I: 'Mine' não é permitido; não é uma carta da Era I com 3 jogadores")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["players"][1].update(wonder="Gizé"),
         "Maravilha de Bob: 'Gizé' não é permitido; Ann já está com Gizé; cada Maravilha uma vez só"),
        (lambda d: d["end"]["Ann"].update(coins=-1), "moedas de Ann no fim da partida: -1 não é permitido; no mínimo 0"),
        (lambda d: d["ages"][1]["players"]["Bob"]["cards"].append("Press"),
         "carta 6 de Bob na Era II: 'Press' não é permitido; Bob já construiu Prensa na Era I; "
         "uma cidade nunca tem duas cartas com o mesmo nome"),
        (lambda d: d.update(teams=[["Ann", "Bob"]]),
         "equipes: 3 não é permitido; a variante em equipes é jogada com 4, 6 ou 8 jogadores"),
    ],
)
def test_refusals_in_portuguese_use_the_brazilian_edition_s_words(portuguese, change, message):
    data = game()
    change(data)
    assert str(refused(data)) == message


def test_quick_counts_without_a_strength_say_nothing_was_entered_in_portuguese(portuguese):
    data = game()
    data["ages"][0]["players"]["Ann"]["cards"] = []
    data["end"]["Ann"]["quick"] = {"colours": {}}
    assert str(refused(data)) == ("Força Militar de Ann na Era I: nada foi preenchido; um jogador pontuado por "
                                  "contagem rápida precisa da Força Militar digitada em cada era")
