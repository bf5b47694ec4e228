"""The guild-cap calculator: the counts each guild needs, and its VP before and after Armada's cap (§4)."""

import pytest

from scorer.catalog import load_catalog
from scorer.rules.guild_cap import GuildCount, cap_guild, guild_counts
from scorer.rules.guilds import GUILD_CAP


def guild(name):
    card = load_catalog().card(name, 3)
    assert card is not None and card.is_guild, name
    return card


def guilds():
    return [card for card in load_catalog().cards if card.is_guild]


def test_philosophers_guild_capped_at_10_as_in_the_rulebook():
    """Rulebook: "Romeo gets 10 Victory Points for the Philosophers' Guild (and not 12 as he would otherwise)"."""
    outcome = cap_guild(guild("Philosophers' Guild"), {("left", "green"): 7, ("right", "green"): 5}, armada=True)
    assert (outcome.uncapped, outcome.points) == (12, 10)
    assert [r.rule_id for r in outcome.rulings] == ["guild.cap"]
    assert outcome.rulings[0].summary == "Philosophers' Guild would score 12; with Armada it scores 10."
    assert "limited to a maximum value of 10 Victory Points" in outcome.rulings[0].quote
    assert outcome.account == "Philosophers' Guild: 1 × green (left neighbour 7, right neighbour 5) = 12"


def test_traders_guild_of_the_same_example_is_not_reached():
    outcome = cap_guild(guild("Guilda dos Comerciantes"), {("left", "yellow"): 4, ("right", "yellow"): 2}, armada=True)
    assert (outcome.uncapped, outcome.points) == (6, 6)
    assert outcome.rulings[0].summary == "Traders' Guild scores 6: at most 10, so the cap changes nothing."


def test_without_armada_no_cap_and_the_ruling_says_what_armada_would_do():
    outcome = cap_guild(guild("Philosophers' Guild"), {("left", "green"): 7, ("right", "green"): 5}, armada=False)
    assert (outcome.uncapped, outcome.points) == (12, 12)
    assert outcome.rulings[0].summary == (
        "Without Armada there is no cap: Philosophers' Guild scores 12 (with Armada it would score 10)."
    )


def test_counts_follow_each_guilds_score_spec():
    catalog = load_catalog()
    assert guild_counts(guild("Philosophers' Guild"), catalog) == (
        GuildCount("left", "green", 99),
        GuildCount("right", "green", 99),
    )
    assert [c.label for c in guild_counts(guild("Shipowners Guild"), catalog)] == [
        "your city: brown cards",
        "your city: grey cards",
        "your city: purple cards",
    ]
    builders = guild_counts(guild("Builders Guild"), catalog)
    assert [c.city for c in builders] == ["own", "left", "right"]
    assert {c.most for c in builders} == {4}  # Gizah B has the most stages
    assert guild_counts(guild("Gamers Guild"), catalog) == (GuildCount("own", "coin_set", 999),)


def test_gamers_guild_counts_sets_of_three_coins_typed_as_coins():
    outcome = cap_guild(guild("Gamers Guild"), {("own", "coin_set"): 35}, armada=True)
    assert (outcome.uncapped, outcome.points) == (11, 10)


def test_guilds_without_vp_have_no_counts_and_nothing_to_cap():
    catalog = load_catalog()
    for name in ("Scientists Guild", "Courtesans Guild"):
        assert guild_counts(guild(name), catalog) == ()
        outcome = cap_guild(guild(name), {}, armada=True)
        assert (outcome.uncapped, outcome.points) == (0, 0)
        assert outcome.rulings[0].rule_id == "guild.cap" and "nothing to cap" in outcome.rulings[0].summary


@pytest.mark.parametrize("card", guilds(), ids=lambda card: card.id)
def test_every_guild_scores_from_its_own_counts_and_caps_at_10(card):
    """All 14 guilds: typing each needed count as 9 scores rate × 9 × cities (coins: sets of 3), capped with Armada."""
    counts = {(c.city, c.thing): min(9, c.most) for c in guild_counts(card, load_catalog())}
    capped = cap_guild(card, counts, armada=True)
    uncapped = cap_guild(card, counts, armada=False)
    assert uncapped.points == uncapped.uncapped == capped.uncapped
    assert capped.points == min(capped.uncapped, GUILD_CAP)
    if card.score is not None:
        per_count = [n // 3 if thing == "coin_set" else n for (_, thing), n in counts.items()]
        assert capped.uncapped == card.score.rate * sum(per_count)
    assert capped.rulings and all(r.rule_id == "guild.cap" for r in capped.rulings)


# --- in Portuguese ----------------------------------------------------------------------------------------


def test_romeo_example_in_portuguese(portuguese):
    """Regras do Armada, p. 9: "No final do jogo, Romeo ganha 10 Pontos de Vitória pela Guilda dos Filósofos (e não
    12 como o indicado), e 6 Pontos de Vitória pela Guilda dos Comerciantes\"."""
    philosophers = cap_guild(guild("Guilda dos Filósofos"), {("left", "green"): 7, ("right", "green"): 5}, armada=True)
    assert philosophers.rulings[0].summary == "Guilda dos Filósofos valeria 12; com Armada vale 10."
    assert philosophers.rulings[0].quote == (
        "No final do jogo, cada carta de Guilda é limitada a um valor máximo de 10 Pontos de Vitória."
    )
    assert philosophers.rulings[0].source == "Regras do Armada, p. 9, Guildas de Pontuação"
    assert philosophers.account == (
        "Guilda dos Filósofos: 1 × cartas verdes (vizinho da esquerda 7, vizinho da direita 5) = 12"
    )
    traders = cap_guild(guild("Traders' Guild"), {("left", "yellow"): 4, ("right", "yellow"): 2}, armada=True)
    assert traders.rulings[0].summary == "Guilda dos Comerciantes vale 6: no máximo 10, então o limite não muda nada."


def test_labels_and_no_cap_in_portuguese(portuguese):
    catalog = load_catalog()
    assert [c.label for c in guild_counts(guild("Shipowners Guild"), catalog)] == [
        "sua cidade: cartas marrons",
        "sua cidade: cartas cinza",
        "sua cidade: cartas roxas",
    ]
    assert [c.label for c in guild_counts(guild("Gamers Guild"), catalog)] == ["sua cidade: Moedas"]
    outcome = cap_guild(guild("Philosophers' Guild"), {("left", "green"): 7, ("right", "green"): 5}, armada=False)
    assert (
        outcome.rulings[0].summary == "Sem Armada não há limite: Guilda dos Filósofos vale 12 (com Armada valeria 10)."
    )
    scientists = cap_guild(guild("Scientists Guild"), {}, armada=True)
    assert scientists.rulings[0].summary == "Guilda dos Cientistas não dá PV por si mesma: não há o que limitar."
    assert scientists.account == "Guilda dos Cientistas: não dá PV"
