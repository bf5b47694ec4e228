"""The final sheet: rows, places and the coin tie-break (base rulebook, End of the game; rules-reference §2)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from scorer.errors import InputError
from scorer.rules.sheet import score_game, sheet_to_dict
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def base_game() -> dict:
    return json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8"))


def totals(data: dict) -> dict[str, int]:
    return {p["name"]: p["total"] for p in sheet_to_dict(score_game(load_record(data)))["players"]}


def test_base_example_matches_the_hand_count():
    sheet = sheet_to_dict(score_game(load_record(base_game())))
    assert sheet["rows"] == ["military", "treasury", "wonder", "civilian", "commercial", "guilds", "science"]
    rows = {p["name"]: p["rows"] for p in sheet["players"]}
    # Ann: tokens -1 +1 -1 +3 -1 +5; Gizah A 3+5+7; Baths 3 + Aqueduct 5 + Palace 8 + Senate 6; Haven 3 brown.
    assert rows["Ann"] == {
        "military": 6,
        "treasury": 1,
        "wonder": 15,
        "civilian": 22,
        "commercial": 3,
        "guilds": 0,
        "science": 9,
    }
    # Cid: 4 compass, 4 gear, 1 tablet + Scientists wildcard -> tablet: 16 + 16 + 4 + 7 x 2 = 50.
    assert rows["Cid"]["science"] == 50
    assert sheet["winners"] == ["Cid"]
    assert [p["rank"] for p in sheet["players"]] == [2, 3, 1]


def test_tie_on_points_goes_to_most_coins():
    """'In case of a tie, the player with the most Coins in their treasury wins.'"""
    data = base_game()
    data["end"]["Ann"]["coins"] = 8  # treasury 2: Ann 57 with 8 coins, Cid 57 with 9 coins
    sheet = score_game(load_record(data))
    assert {p.name: p.total for p in sheet.players}["Ann"] == 57
    assert sheet.winners == ("Cid",)
    assert [r.rule_id for r in sheet.rulings] == ["final.tie-break"]
    assert "Cid wins" in sheet.rulings[0].summary


def test_tie_on_points_and_coins_is_a_shared_place():
    """'A tie on Coins stands.'"""
    data = base_game()
    data["ages"][0]["players"]["Ann"]["cards"].remove("Lumber Yard")  # Haven: 2 brown cards
    data["end"]["Ann"]["coins"] = 7  # treasury 2: Ann 56 - 1 + 1 = 56 with 7 coins
    data["end"]["Cid"]["coins"] = 7  # treasury 2: Cid 57 - 1 = 56 with 7 coins
    sheet = score_game(load_record(data))
    assert {p.name: p.total for p in sheet.players} == {"Ann": 56, "Bob": 39, "Cid": 56}
    assert set(sheet.winners) == {"Ann", "Cid"}
    assert {p.name: p.rank for p in sheet.players} == {"Ann": 1, "Bob": 3, "Cid": 1}
    assert "share the win" in sheet.rulings[0].summary


def test_typed_ground_strength_replaces_the_derived_one_and_is_marked():
    data = base_game()
    data["ages"][0]["players"]["Cid"]["ground_strength"] = 5  # Cid now beats both neighbours in Age I
    sheet = score_game(load_record(data))
    strength = sheet.ages[0].ground_strength["Cid"]
    assert (strength.value, strength.derived, strength.typed) == (5, 0, True)
    assert "typed by the table: 5" in strength.account()
    assert sheet.ages[0].ground.tokens["Cid"] == [1, 1]


def test_quick_counts_player_scores_from_counts():
    data = base_game()
    for age in data["ages"]:
        age["players"]["Bob"] = {
            "wonder_stages": age["players"]["Bob"].get("wonder_stages", 0),
            "ground_strength": {1: 2, 2: 6, 3: 14}[age["age"]],
        }
    data["end"]["Bob"]["quick"] = {
        "colours": {"brown": 2, "grey": 1, "blue": 3, "yellow": 2, "green": 0, "red": 6, "purple": 1},
        "civilian": 12,
        "commercial": 2,
        "guilds": 3,
        "science": {},
    }
    assert totals(data) == totals(base_game())


def test_quick_counts_without_typed_strength_is_refused():
    data = base_game()
    data["ages"][0]["players"]["Bob"] = {}
    data["end"]["Bob"]["quick"] = {"colours": {"red": 2}}
    with pytest.raises(InputError, match="Bob's Ground strength in Age I: nothing entered") as refused:
        load_record(data)
    assert refused.value.field == "ages[Age I].Bob.ground_strength"


def armada_game() -> dict:
    data = base_game()
    data["expansions"] = ["armada"]
    return data


def test_rows_follow_the_score_pad_and_hide_expansions_not_in_play():
    sheet = score_game(load_record(armada_game()))
    assert sheet.rows == (
        "military",
        "naval",
        "treasury",
        "wonder",
        "civilian",
        "commercial",
        "guilds",
        "science",
        "islands",
        "dockyard",
    )


def test_guild_cap_applies_to_a_guild_in_a_sheet():
    data = armada_game()
    # Ann's Philosophers' Guild sees Bob (0 green) and Cid (9 green cards, plus Scientists Guild is purple): 9.
    data["ages"][2]["players"]["Ann"]["cards"].append("Philosophers' Guild")
    data["ages"][1]["players"]["Bob"]["cards"].remove("Foundry")  # keep Bob within his 6 plays
    data["ages"][1]["players"]["Bob"]["cards"].append("Library")
    data["ages"][1]["players"]["Ann"]["cards"].remove("Library")
    data["ages"][2]["players"]["Ann"]["cards"].remove("Senate")
    data["ages"][2]["players"]["Ann"]["cards"].remove("University")
    data["ages"][2]["players"]["Bob"]["cards"].remove("Siege Workshop")
    data["ages"][2]["players"]["Bob"]["cards"].append("University")
    sheet = score_game(load_record(data))
    guilds = {p.name: p.rows["guilds"] for p in sheet.players}
    assert guilds["Ann"].value == 10  # Bob 2 green + Cid 9 green = 11 -> 10
    assert [r.rule_id for r in guilds["Ann"].rulings] == ["guild.cap"]
    data["expansions"] = []
    sheet = score_game(load_record(data))
    assert {p.name: p.rows["guilds"].value for p in sheet.players}["Ann"] == 11


def test_olympia_b_copies_the_best_neighbour_guild_unless_the_table_chose():
    data = base_game()
    data["players"][0] = {"name": "Ann", "wonder": "Olympia", "side": "B"}
    data["ages"][0]["players"]["Ann"]["wonder_stages"] = 1
    # Olympia B: 5 VP (stage 2) + copy (stage 3). Bob has Spies (Ann 3 red + Cid 0 from Bob's seat),
    # Cid has Scientists (a wildcard: Ann's 3 tablets + 1 = 16 instead of 9, so +7).
    sheet = score_game(load_record(data))
    ann = next(p for p in sheet.players if p.name == "Ann")
    assert ann.rows["science"].value == 16
    assert ann.rows["guilds"].value == 0
    data["end"]["Ann"]["olympia_copy"] = "Spies Guild"
    sheet = score_game(load_record(data))
    ann = next(p for p in sheet.players if p.name == "Ann")
    # Copied Spies counts Ann's neighbours' red cards: Bob 6 (Barracks, Guard Tower, Stables, Archery Range,
    # Arsenal, Siege Workshop) + Cid 0.
    assert (ann.rows["guilds"].value, ann.rows["science"].value) == (6, 9)
    assert ann.rows["guilds"].rulings[0].rule_id == "guild.olympia-copy"


def test_olympia_copy_of_a_guild_no_neighbour_built_is_refused():
    data = base_game()
    data["players"][0] = {"name": "Ann", "wonder": "Olympia", "side": "B"}
    data["end"]["Ann"]["olympia_copy"] = "Workers Guild"
    with pytest.raises(InputError, match="built by a neighbour"):
        load_record(data)


def test_record_round_trips_to_the_same_sheet():
    from scorer.model import GameRecord

    record = load_record(base_game())
    again = load_record(copy.deepcopy(record.to_dict()))
    assert sheet_to_dict(score_game(again)) == sheet_to_dict(score_game(record))
    assert GameRecord.from_dict(record.to_dict()).to_dict() == record.to_dict()


# --- in Portuguese ----------------------------------------------------------------------------------------


def example(name: str):
    return load_record(json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8")))


def test_every_cell_is_accounted_for_in_portuguese(portuguese):
    """The same numbers as in English, told with the Brazilian cards' names and words."""
    sheet = score_game(example("base-3p"))
    ann = sheet.players[0].rows
    assert ann["military"].account == ("fichas: -1, +1, -1, +3, -1, +5",)
    assert [r.summary for r in ann["treasury"].rulings] == ["5 Moedas: 1 PV."]
    assert ann["treasury"].rulings[0].source == "Regras do 7 Wonders, Conteúdo do Tesouro"
    assert ann["wonder"].account[0] == "Gizé A estágio 1: 3 PV"
    assert ann["civilian"].account == ("Banhos: 3 PV", "Aqueduto: 5 PV", "Palácio: 8 PV", "Senado: 6 PV")
    assert ann["commercial"].account == ("Porto: 1 × cartas marrons (Ann 3) = 3",)
    assert ann["science"].account == ("símbolos: 0 compassos, 0 engrenagens, 3 tábuas",)
    assert sheet.ages[-1].ground_strength["Ann"].account() == "Paliçada 1 + Muralhas 2 + Fortificações 3 = 6"


def test_leaders_guilds_and_dockyard_in_portuguese(portuguese):
    sheet = score_game(example("leaders-armada-7p"))
    ana = sheet.players[0].rows
    assert ana["leaders"].account == ("Nabucodonosor: 1 × cartas azuis (Ana 11) = 11", "Cleópatra: 5 PV")
    assert ana["guilds"].account == ("Guilda dos Estrategistas: 1 × fichas de Derrota (Ben 3, Guto 0) = 3",)
    assert ana["naval"].account == ("fichas: nenhuma",)
    assert [r.summary for r in ana["dockyard"].rulings] == ["Frota Azul no espaço 6: 10 PV."]
    assert sheet.ages[-1].naval_strength["Ana"].account() == "Frota Vermelha (espaço 2) 2 + Frota Azul (espaço 6) 1 = 3"


def test_team_tie_break_in_portuguese(portuguese):
    """Regras do 7 Wonders: "Em caso de empate, o jogador com mais Moedas no tesouro é o vencedor. Um empate em
    Moedas não é desfeito." — here between two teams with 9 coins each."""
    sheet = score_game(example("teams-armada-6p"))
    assert [r.summary for r in sheet.rulings] == [
        "Partida em equipes: cada equipe soma os pontos de seus dois jogadores.",
        "Empate com 136 PV (Ari+Bel 9 Moedas, Caz+Dev 9 Moedas): Ari+Bel e Caz+Dev dividem a vitória.",
    ]
    assert sheet.rulings[1].quote.endswith("Um empate em Moedas não é desfeito.")
    assert sheet.rulings[0].source == "Regras do Armada, p. 17, Regras para jogo em equipe — Final do Jogo"


def test_tie_won_on_coins_and_a_typed_strength_in_portuguese(portuguese):
    data = base_game()
    data["end"]["Ann"]["coins"] = 8  # Ann 57 with 8 coins, Cid 57 with 9 coins
    sheet = score_game(load_record(data))
    assert sheet.rulings[0].summary == "Empate com 57 PV (Ann 8 Moedas, Cid 9 Moedas): Cid vence no desempate."
    data = base_game()
    data["ages"][0]["players"]["Ann"]["ground_strength"] = 4
    strength = score_game(load_record(data)).ages[0].ground_strength["Ann"]
    assert strength.account() == "Paliçada 1 = 1; digitado pela mesa: 4"


def test_a_count_of_commercial_levels_says_where_the_level_was_read():
    """rules-reference §9: a value read off an unconfirmed Dockyard space is shown beside the position, so the
    table checks its board. Caz's Customs Office counts the level of the Yellow fleet's space 6."""
    sheet = score_game(load_record(json.loads((EXAMPLES / "teams-armada-6p.json").read_text(encoding="utf-8"))))
    caz = next(p for p in sheet.players if p.name == "Caz")
    assert (
        "Customs Office: 2 × commercial level (Caz 3) = 6 (Yellow fleet on space 6: value not confirmed, "
        "check your board in Dockyard calibration)"
    ) in caz.rows["commercial"].account
