"""Records are checked where they enter: each problem names the field, the value and what is allowed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.catalog import load_catalog
from scorer.errors import InputError
from scorer.model import AgeEntry
from scorer.validate import load_record
from scorer.validate.rules import _check_deck_limits

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
        (
            lambda d: d["ages"][1]["players"]["Bob"]["cards"].append("Press"),
            "ages[Age II].Bob.cards[5]",
            "two cards of the same name",
        ),
        (
            lambda d: d["ages"][0]["players"]["Bob"]["cards"].append("Baths"),
            "ages[Age I].Bob.cards[6]",
            "all built already",
        ),
        (
            lambda d: d["ages"][2]["players"]["Ann"].update(wonder_stages=2),
            "ages[Age III].Ann.wonder_stages",
            "3 stages",
        ),
        (lambda d: d["ages"][0]["players"].update(Zed={}), "ages[Age I].Zed", "seated players"),
        (lambda d: d["ages"][0]["players"]["Ann"].update(ships={"red": 1}), "ages[Age I].Ann.ships", "Armada"),
        (
            lambda d: d["ages"][0]["players"]["Ann"].update(leaders=[{"name": "Caesar", "use": "recruit"}]),
            "ages[Age I].Ann.leaders[0]",
            "Leaders",
        ),
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
    data["ages"][0]["players"]["Ann"]["cards"].append("Dock")
    data["ages"][0]["players"]["Ann"]["incursions"] = ["Bob"]
    error = refused(data)
    assert error.field == "ages[Age I].Ann.incursions[0]"
    assert "Cid or Dee" in str(error)


def test_one_incursion_for_each_dock_quay_or_jetty_built():
    """Armada rulebook: building one of these cards hands an Incursion token to the player designated; no card,
    no incursion, and none is dropped (audit: a typed list added or lost Ground Conflicts)."""
    data = json.loads((EXAMPLES / "teams-armada-6p.json").read_text(encoding="utf-8"))
    players = data["ages"][0]["players"]
    players["Caz"]["incursions"] = ["Ari", "Eli"]  # Caz built no Dock, Quay or Jetty
    error = refused(data)
    assert error.field == "ages[Age I].Caz.incursions" and "exactly 0" in str(error)
    del players["Caz"]["incursions"]
    players["Ari"]["incursions"] = []  # Ari built the Dock
    assert "exactly 1" in str(refused(data))
    players["Ari"]["incursions"] = ["Eli"]
    assert load_record(data).ages[1]["Ari"].incursions == ["Eli"]


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
    data["ages"][0]["players"]["Ann"]["leaders"] = [
        {"name": "Caesar", "use": "recruit"},
        {"name": "Nero", "use": "discard"},
    ]
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
    assert str(error).startswith(
        "carta 6 de Ann na Era I: 'Mine' não é permitido; não é uma carta da Era I com 3 jogadores"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["players"][1].update(wonder="Gizé"),
            "Maravilha de Bob: 'Gizé' não é permitido; Ann já está com Gizé; cada Maravilha uma vez só",
        ),
        (
            lambda d: d["end"]["Ann"].update(coins=-1),
            "Moedas de Ann no fim da partida: -1 não é permitido; no mínimo 0",
        ),
        (
            lambda d: d["ages"][1]["players"]["Bob"]["cards"].append("Press"),
            "carta 6 de Bob na Era II: 'Press' não é permitido; Bob já construiu Prensa na Era I; "
            "uma cidade nunca tem duas cartas com o mesmo nome",
        ),
        (
            lambda d: d.update(teams=[["Ann", "Bob"]]),
            "equipes: 3 não é permitido; a variante em equipes é jogada com 4, 6 ou 8 jogadores",
        ),
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
    assert str(refused(data)) == (
        "Escudos Terrestres de Ann na Era I: nada foi preenchido; um jogador pontuado por "
        "contagem rápida precisa dos Escudos Terrestres digitados em cada era"
    )


def leaders_game() -> dict:
    return json.loads((EXAMPLES / "leaders-5p.json").read_text(encoding="utf-8"))


def test_the_leaders_box_architects_and_gamers_guilds_join_a_game_without_leaders():
    """Leaders rulebook p. 3: "algumas delas só podem ser usadas juntamente com a expansão Líderes" — only
    the Diplomats and Courtesans Guilds need Leaders in play (rules-reference §4)."""
    data = game()
    data["ages"][2]["players"]["Ann"]["cards"][0] = "Gamers Guild"
    data["ages"][2]["players"]["Bob"]["cards"][0] = "Guilda dos Arquitetos"
    assert load_record(data).ages[3]["Ann"].cards[0] == "Gamers Guild"
    data["ages"][2]["players"]["Bob"]["cards"][0] = "Diplomats Guild"
    assert refused(data).field == "ages[Age III].Bob.cards[0]"


def test_eight_players_play_the_seven_player_deck_with_nine_guilds():
    """rules-reference §1: 8 players use "every base and Armada card of the 7-player game, 9 guilds"."""
    catalog = load_catalog()
    guilds = [card.en for card in catalog.deck(3, 8, leaders=True, armada=True) if card.is_guild]
    names = [f"P{i}" for i in range(8)]
    record = load_record(
        {
            "schema": 1,
            "expansions": ["leaders", "armada"],
            "ages": [],
            "end": {},
            "players": [
                {"name": n, "wonder": w.en, "side": "A", "wonder_fleet": "red"} for n, w in zip(names, catalog.wonders)
            ],
        }
    )
    record.ages[3] = {}
    for i, name in enumerate(names):
        record.ages[3][name] = AgeEntry(cards=guilds[i : i + 1] + (guilds[8:10] if i == 0 else []))
    with pytest.raises(InputError) as caught:
        _check_deck_limits(record, catalog, 3)  # ten different guilds
    assert "at most 9" in str(caught.value)
    record.ages[3][names[0]] = AgeEntry(cards=guilds[0:1] + guilds[8:9])
    _check_deck_limits(record, catalog, 3)  # nine: accepted


def test_a_discarded_leader_goes_back_to_the_box_and_may_be_recruited_later():
    """Leaders rulebook p. 5: "As cartas de Líder descartadas desta maneira voltam para a caixa" — Rome B
    draws new leaders from the box, so a leader discarded in Age II may be recruited in Age III."""
    data = leaders_game()
    data["ages"][2]["players"]["Ana"]["leaders"] = [{"name": "Xenophon", "use": "recruit"}]  # Carla's discard
    assert load_record(data).ages[3]["Ana"].leaders[0].name == "Xenophon"
    data["ages"][2]["players"]["Ana"]["leaders"] = [{"name": "Hannibal", "use": "recruit"}]  # Ana's own recruit
    assert "already played" in str(refused(data))


def test_the_blank_leader_card_cannot_be_played():
    data = leaders_game()
    data["ages"][2]["players"]["Ana"]["leaders"] = [{"name": "Semiramis", "use": "recruit"}]
    error = refused(data)
    assert error.field == "ages[Age III].Ana.leaders[0]" and "blank card" in str(error)


def test_the_courtesans_copy_a_leader_of_a_neighbour_listed_after_them():
    """Carla builds the Courtesans Guild in Age III and copies Davi's Cleopatra, recruited the same age: the
    check must not depend on the order the record lists the players in."""
    data = leaders_game()
    data["ages"][2]["players"]["Davi"]["leaders"] = [{"name": "Cleopatra", "use": "recruit"}]
    carla = data["ages"][2]["players"]["Carla"]
    carla["cards"][0] = "Courtesans Guild"
    carla["courtesans"] = "Cleopatra"
    assert list(data["ages"][2]["players"]).index("Carla") < list(data["ages"][2]["players"]).index("Davi")
    assert load_record(data).ages[3]["Carla"].courtesans == "Cleopatra"
    carla["courtesans"] = "Sappho"  # Elisa's, but used as a wonder stage: not recruited
    assert refused(data).field == "ages[Age III].Carla.courtesans"


def test_quick_counts_guild_vp_respect_armada_s_cap_of_ten_per_guild():
    """Armada rulebook: each Guild card scores at most 10 VP, so a typed guild total passes 10 per purple
    card only by mistake."""
    data = json.loads((EXAMPLES / "leaders-armada-7p.json").read_text(encoding="utf-8"))
    name = data["players"][0]["name"]
    for block in data["ages"]:
        entry = block["players"][name]
        entry["cards"] = []
        entry["ground_strength"] = 0
        entry["naval_strength"] = 0
    data["end"][name]["quick"] = {"colours": {"purple": 2}, "civilian": 0, "commercial": 0, "guilds": 21, "science": {}}
    error = refused(data)
    assert error.field == f"end.{name}.quick.guilds" and "at most 20" in str(error)
    data["end"][name]["quick"]["guilds"] = 20
    assert load_record(data).end[name].quick.guilds == 20


def test_a_refusal_says_where_its_value_sits_as_data():
    """An edge puts the cursor on the refused value from the path, never by reading the field's words."""
    import pytest

    from scorer.errors import InputError
    from scorer.validate import load_record
    from tests.records import example

    data = example("base-3p.json")
    data["players"][2]["name"] = data["players"][0]["name"]
    with pytest.raises(InputError) as refused:
        load_record(data)
    assert refused.value.path == ("players", 2, "name") and refused.value.field == "players[2].name"
    data = example("base-3p.json")
    data["players"][1]["side"] = "C"
    with pytest.raises(InputError) as refused:
        load_record(data)
    assert refused.value.path == ("players", 1, "side")
