"""Guilds and the Armada cap of 10 VP per Guild card (Armada rulebook "4. Scoring Guilds"; rules-reference §4)."""

import pytest

from scorer.catalog import COLOURS, load_catalog
from scorer.rules.counting import CityFacts
from scorer.rules.guilds import GUILD_CAP, score_guild
from scorer.words import said


def city(
    name="City",
    wonder_stage=0,
    victory_token=0,
    defeat_token=0,
    leader=0,
    coins=0,
    commercial_level=0,
    island=0,
    **colours,
):
    return CityFacts(
        name=name,
        colours={c: colours.get(c, 0) for c in COLOURS},
        wonder_stage=wonder_stage,
        victory_token=victory_token,
        defeat_token=defeat_token,
        leader=leader,
        coins=coins,
        commercial_level=commercial_level,
        island=island,
    )


def guild(name):
    card = load_catalog().card(name, 3)
    assert card is not None and card.is_guild, name
    return card


ROMEO = city("Romeo", purple=2)
LEFT = city("Left", green=7, yellow=4)
RIGHT = city("Right", green=5, yellow=2)


def test_romeo_example_with_armada():
    """ "Example: Romeo played the Philosophers' Guild and the Traders' Guild. The player to his left has 7 Green
    cards and 4 Yellow cards, and the player to his right has 5 Green cards and 2 Yellow cards. Romeo gets 10
    Victory Points for the Philosophers' Guild (and not 12 as he would otherwise), and 6 Victory Points for the
    Traders' Guild at the end of the game, which gives him a total of 16 Victory Points for his two Guilds.\""""
    philosophers = score_guild(guild("Philosophers' Guild"), ROMEO, LEFT, RIGHT, armada=True)
    traders = score_guild(guild("Guilda dos Comerciantes"), ROMEO, LEFT, RIGHT, armada=True)
    assert philosophers.points == 10
    assert philosophers.uncapped == 12
    assert traders.points == 6
    assert philosophers.points + traders.points == 16
    assert [r.rule_id for r in philosophers.rulings] == ["guild.cap"]
    assert traders.rulings == ()


def test_romeo_example_without_armada_is_12():
    """Without Armada there is no cap: "and not 12 as he would otherwise\"."""
    philosophers = score_guild(guild("Guilda dos Filósofos"), ROMEO, LEFT, RIGHT, armada=False)
    assert philosophers.points == 12
    assert philosophers.rulings == ()


def test_cap_is_exactly_10_and_not_below():
    assert GUILD_CAP == 10
    own = city("Own")
    exactly = score_guild(guild("Spies Guild"), own, city(red=6), city(red=4), armada=True)
    assert exactly.points == 10 and exactly.rulings == ()
    over = score_guild(guild("Spies Guild"), own, city(red=6), city(red=5), armada=True)
    assert over.points == 10 and over.uncapped == 11


@pytest.mark.parametrize(
    "name, own, left, right, uncapped",
    [
        # Shipowners: brown + grey + purple, own city only (counts itself).
        ("Shipowners Guild", city(brown=6, grey=4, purple=3), city(brown=9), city(grey=9), 13),
        # Craftsmens: 2 VP per grey card of both neighbours.
        ("Craftsmens Guild", city(grey=9), city(grey=3), city(grey=3), 12),
        # Workers: brown of both neighbours (not self).
        ("Workers Guild", city(brown=9), city(brown=7), city(brown=5), 12),
        # Builders: wonder stages, own and both neighbours.
        ("Builders Guild", city(wonder_stage=4), city(wonder_stage=3), city(wonder_stage=4), 11),
        # Magistrates: blue of both neighbours.
        ("Magistrates Guild", city(), city(blue=8), city(blue=7), 15),
        # Strategists: ground defeat tokens of both neighbours.
        ("Strategists Guild", city(defeat_token=5), city(defeat_token=6), city(defeat_token=6), 12),
        # Architects (Leaders box): 3 VP per purple card of both neighbours.
        ("Architects Guild", city(purple=1), city(purple=2), city(purple=2), 12),
        # Gamers (Leaders box): 1 VP per 3 coins in own treasury.
        ("Gamers Guild", city(coins=40), city(coins=99), city(coins=99), 13),
        # Diplomats (Leaders box): recruited leaders of both neighbours.
        ("Diplomats Guild", city(leader=4), city(leader=6), city(leader=5), 11),
    ],
)
def test_cap_applies_to_every_vp_guild(name, own, left, right, uncapped):
    """ "At the end of the game, each Guild card is limited to a maximum value of 10 Victory Points.\""""
    card = guild(name)
    free = score_guild(card, own, left, right, armada=False)
    capped = score_guild(card, own, left, right, armada=True)
    assert free.points == free.uncapped == uncapped
    assert capped.uncapped == uncapped
    assert capped.points == 10
    assert "guild.cap" in {r.rule_id for r in capped.rulings}


def test_shipowners_counts_own_city_only():
    out = score_guild(
        guild("Shipowners Guild"), city(brown=2, grey=1, purple=1), city(brown=9), city(grey=9), armada=True
    )
    assert out.points == 4


def test_scientists_guild_gives_no_vp():
    """§4: "The Scientists Guild gives a symbol, not VP: uncapped." (the symbol is scored by science)."""
    card = guild("Scientists Guild")
    assert card.science_wildcard
    rich = city(green=20)
    for armada in (True, False):
        out = score_guild(card, rich, rich, rich, armada=armada)
        assert out.points == 0
        assert out.uncapped == 0
        assert out.rulings == ()


def test_courtesans_guild_gives_no_vp():
    out = score_guild(guild("Courtesans Guild"), city(leader=5), city(leader=5), city(leader=5), armada=True)
    assert out.points == 0


def test_olympia_copy_is_capped_too():
    """§4: "The cap applies per card, including a guild copied by Olympia B.\""""
    out = score_guild(guild("Philosophers' Guild"), ROMEO, LEFT, RIGHT, armada=True, copied=True)
    assert out.points == 10
    assert out.copied
    assert {r.rule_id for r in out.rulings} == {"guild.olympia-copy", "guild.cap"}


def test_guild_uses_left_and_right_symmetrically():
    card = guild("Traders' Guild")
    a = score_guild(card, ROMEO, LEFT, RIGHT, armada=True)
    b = score_guild(card, ROMEO, RIGHT, LEFT, armada=True)
    assert a.points == b.points == 6


# --- in Portuguese ----------------------------------------------------------------------------------------


def test_romeo_example_and_olympia_copy_in_portuguese(portuguese):
    """Regras do Armada, p. 9: "Romeo ganha 10 Pontos de Vitória pela Guilda dos Filósofos (e não 12 como o
    indicado)\"."""
    philosophers = score_guild(guild("Philosophers' Guild"), ROMEO, LEFT, RIGHT, armada=True)
    assert philosophers.account == "Guilda dos Filósofos: 1 × cartas verdes (Left 7, Right 5) = 12"
    assert [r.summary for r in philosophers.rulings] == ["Guilda dos Filósofos valeria 12; com Armada vale 10."]
    copied = score_guild(guild("Traders' Guild"), ROMEO, LEFT, RIGHT, armada=True, copied=True)
    assert copied.rulings[0].summary == (
        "Romeo copia a Guilda dos Comerciantes com Olímpia B: 1 × cartas amarelas (Left 4, Right 2) = 6."
    )
    assert copied.rulings[0].source == (
        "Referência de regras §5 (Olímpia B, terceiro estágio): decisão do próprio app, onde os livros de regras"
        " não dizem nada (não é texto de livro de regras)"
    )


def test_leaders_and_islands_in_portuguese(portuguese):
    from scorer.rules.islands import score_islands
    from scorer.rules.leaders import score_leaders

    catalog = load_catalog()
    own = city("Ana", blue=4, red=2, green=3, brown=5)
    total, accounts = score_leaders([catalog.leader("Justinian")], own, LEFT, RIGHT, copied=catalog.leader("Cleopatra"))
    assert said(accounts) == (
        "Justiniano: 3 × 2 conjuntos de cartas (azul, vermelha, verde) = 6",
        "Guilda das Cortesãs copia Cleópatra: 5 PV",
    )
    total, accounts = score_islands([catalog.island("Rainbow Archipelago")], own)
    assert (total, said(accounts)) == (5, ("Arquipélago Arco-Íris: 1 × cartas marrons (a cor com mais cartas) = 5",))
