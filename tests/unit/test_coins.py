"""Coin losses: Taxes (Yellow fleet), Pirates, Foggy Island (Armada rulebook; rules-reference §10)."""

from scorer.catalog import load_catalog
from scorer.rules.coins import CoinLoss, resolve_coin_losses
from scorer.rules.dockyard import commercial_level


def level_at(space):
    """The Commercial Level shown on the Yellow fleet's space `space` of the catalogue's Dockyard track."""
    return commercial_level(load_catalog().dockyard, space)


def lost(outcome):
    return {name: loss.lost for name, loss in outcome.losses.items()}


def rule_ids(outcome, name):
    return [r.rule_id for r in outcome.decided_by[name]]


# --- Taxes ------------------------------------------------------------------------------------------------


def test_english_tax_example():
    """ "Example: Paula's Yellow fleet reaches the second upgrade space of her Dockyard board. She immediately gains
    2 Coins and levies a Tax of 1 at the end of the turn. Art's Yellow fleet is located on the first upgrade
    space; he loses no Coins (Tax of 1 - Commercial Level of 1) Romeo's Yellow fleet is still on the Start space
    of his Dockyard board; he thus loses 1 Coin as his Commercial Level is a 0.\""""
    track = load_catalog().dockyard
    assert track.at(2).yellow_tax == 1
    levels = {"Paula": level_at(2), "Art": level_at(1), "Romeo": level_at(0)}
    assert levels == {"Paula": 1, "Art": 1, "Romeo": 0}
    out = resolve_coin_losses(levels, taxes={"Paula": track.at(2).yellow_tax})
    assert lost(out) == {"Paula": 0, "Art": 0, "Romeo": 1}
    assert out.losses["Romeo"] == CoinLoss(tax=1, piracy=0, owed=1, lost=1)
    assert "coins.tax" in rule_ids(out, "Romeo")
    assert "coins.own-tax" in rule_ids(out, "Paula")


def test_portuguese_tax_example_two_taxes():
    """PT rulebook: "A frota Amarela de Paula alcança o espaço final [...] ela cobra uma Taxa de 4. A frota Amarela
    de Art foi melhorada quatro vezes; ele recebe 4 Moedas imediatamente e cobra uma Taxa de 2. No final do
    turno, apenas a taxa de 4 é aplicada (a maior). Paula não perde Moedas. Art perde 2 Moedas (Taxa de 4 -
    Nível Comercial 2). [...] Romeo [...] perde 4 Moedas (Taxa de 4 - Nível Comercial 0).\""""
    track = load_catalog().dockyard
    taxes = {"Paula": track.at(6).yellow_tax, "Art": track.at(4).yellow_tax}
    assert taxes == {"Paula": 4, "Art": 2}
    levels = {"Paula": level_at(6), "Art": level_at(4), "Romeo": level_at(0)}
    assert levels["Art"] == 2 and levels["Romeo"] == 0
    out = resolve_coin_losses(levels, taxes=taxes)
    assert lost(out) == {"Paula": 0, "Art": 2, "Romeo": 4}
    assert "coins.highest-tax" in {r.rule_id for r in out.rulings}


def test_portuguese_example_with_paula_on_level_0_still_pays_only_others_tax():
    """§10: "T is the highest tax levied that turn **by another player**. A player never pays their own tax."
    With a (hypothetical) Commercial Level 0, Paula would pay Art's 2, not her own 4."""
    out = resolve_coin_losses({"Paula": 0, "Art": 2, "Romeo": 0}, taxes={"Paula": 4, "Art": 2})
    assert lost(out) == {"Paula": 2, "Art": 2, "Romeo": 4}


def test_player_never_pays_own_tax():
    """The rulebook: "When this happens, all of the other players lose the number of Coins indicated MINUS their
    Commercial Level.\""""
    out = resolve_coin_losses({"Paula": 0, "Art": 0}, taxes={"Paula": 4})
    assert lost(out) == {"Paula": 0, "Art": 4}
    assert out.losses["Paula"].owed == 0


def test_commercial_level_above_tax_gains_nothing():
    """ "A player whose Commercial Level is higher than the Tax levied does not gain Coins from Taxation.\""""
    out = resolve_coin_losses({"Paula": 1, "Art": 3}, taxes={"Paula": 1})
    assert out.losses["Art"] == CoinLoss(tax=0, piracy=0, owed=0, lost=0)


def test_only_the_highest_tax_applies():
    """ "If multiple Taxes are levied at the end of a given turn, only the highest Tax is applied.\""""
    out = resolve_coin_losses({"A": 0, "B": 0, "C": 0, "D": 0}, taxes={"A": 1, "B": 2, "C": 4})
    assert lost(out) == {"A": 4, "B": 4, "C": 2, "D": 4}


def test_no_tax_no_pirates_no_loss():
    out = resolve_coin_losses({"A": 0, "B": 3})
    assert lost(out) == {"A": 0, "B": 0}
    assert out.decided_by == {"A": (), "B": ()}


# --- Pirates ----------------------------------------------------------------------------------------------


def test_pirates_example():
    """ "Moreover, all other players lose 1 Coin per Commercial Level reached by their Yellow fleet. Example:
    Gabriel's Yellow fleet is on the third upgrade space of his Dockyard; he thus loses 2 Coins. Paula's Yellow
    fleet is still on her Start space; she therefore loses no Coins.\""""
    levels = {"Gabriel": level_at(3), "Paula": level_at(0), "Pirate": level_at(5)}
    assert levels["Gabriel"] == 2 and levels["Paula"] == 0
    out = resolve_coin_losses(levels, pirates=["Pirate"])
    assert out.losses["Gabriel"] == CoinLoss(tax=0, piracy=2, owed=2, lost=2)
    assert out.losses["Paula"].lost == 0
    assert out.losses["Pirate"].lost == 0
    assert "coins.pirates" in rule_ids(out, "Gabriel")


def test_tax_and_pirates_same_turn_both_apply():
    """§10: "Each pirate effect applies; taxes and pirates of the same turn both apply.\""""
    out = resolve_coin_losses({"Taxer": 1, "Pirate": 1, "Victim": 1}, taxes={"Taxer": 4}, pirates=["Pirate"])
    assert out.losses["Victim"] == CoinLoss(tax=3, piracy=1, owed=4, lost=4)
    assert out.losses["Taxer"] == CoinLoss(tax=0, piracy=1, owed=1, lost=1)
    assert out.losses["Pirate"] == CoinLoss(tax=3, piracy=0, owed=3, lost=3)


def test_same_player_levies_tax_and_pirates():
    out = resolve_coin_losses({"P": 2, "V": 2}, taxes={"P": 4}, pirates=["P"])
    assert lost(out) == {"P": 0, "V": 2 + 2}


def test_two_pirate_effects_by_same_player_both_apply():
    """§10: "Each pirate effect applies" (e.g. Pirate Lair built while exploring Pirate Harbor)."""
    out = resolve_coin_losses({"Pirate": 2, "V": 2, "W": 0}, pirates=["Pirate", "Pirate"])
    assert lost(out) == {"Pirate": 0, "V": 4, "W": 0}
    assert out.losses["V"].piracy == 4


def test_pirates_by_two_players():
    out = resolve_coin_losses({"P1": 1, "P2": 2, "V": 3}, pirates=["P1", "P2"])
    assert lost(out) == {"P1": 1, "P2": 2, "V": 6}


def test_player_never_loses_to_own_pirates():
    out = resolve_coin_losses({"Pirate": 3}, pirates=["Pirate", "Pirate"])
    assert lost(out) == {"Pirate": 0}
    assert rule_ids(out, "Pirate") == []


# --- Foggy Island, floor, teams ---------------------------------------------------------------------------


def test_foggy_island_owner_loses_nothing():
    """Foggy Island: "Once this island card is in play, the player no longer suffers coin losses from Taxes or
    Pirate cards.\""""
    assert load_catalog().island("Ilha Nebulosa").immune_coin_losses
    out = resolve_coin_losses(
        {"Foggy": 0, "Other": 0, "Taxer": 2}, taxes={"Taxer": 4}, pirates=["Taxer"], immune=("Foggy",)
    )
    assert out.losses["Foggy"].lost == 0
    assert out.losses["Other"].lost == 4
    assert "coins.foggy-island" in rule_ids(out, "Foggy")


def test_foggy_island_owner_still_levies_tax():
    out = resolve_coin_losses({"Foggy": 2, "Other": 0}, taxes={"Foggy": 2}, immune={"Foggy"})
    assert lost(out) == {"Foggy": 0, "Other": 2}


def test_coins_cap_loss():
    """§10: "Coins never go below 0; what cannot be paid is lost without penalty (no debt tokens)\":
    holds 1, owes 4 → loses 1."""
    out = resolve_coin_losses({"Poor": 0, "Taxer": 3}, taxes={"Taxer": 4}, coins={"Poor": 1, "Taxer": 10})
    assert out.losses["Poor"] == CoinLoss(tax=4, piracy=0, owed=4, lost=1)
    assert "coins.floor" in rule_ids(out, "Poor")


def test_coins_cap_zero_coins():
    out = resolve_coin_losses({"Broke": 2, "P": 0}, pirates=["P"], coins={"Broke": 0, "P": 0})
    assert out.losses["Broke"].owed == 2
    assert out.losses["Broke"].lost == 0


def test_coins_enough_to_pay_in_full():
    out = resolve_coin_losses({"Rich": 0, "T": 3}, taxes={"T": 4}, coins={"Rich": 20, "T": 0})
    assert out.losses["Rich"].lost == 4
    assert "coins.floor" not in rule_ids(out, "Rich")


def test_team_play_changes_nothing():
    """ "When a player causes a loss of money (Taxes or Pirates), their teammate must still pay that loss." and
    "Taxes [...] as well as Coin losses triggered by the Pirate Cache [...] are applied to all players, without
    taking teams into account.\" The function takes no team argument: a teammate pays like anyone else."""
    levels = {"Paula": 0, "Gabriel": 1, "Romeo": 0, "Ann": 1}  # teams: Paula+Gabriel, Romeo+Ann
    out = resolve_coin_losses(levels, taxes={"Gabriel": 2}, pirates=["Gabriel"])
    assert lost(out) == {"Paula": 2, "Gabriel": 0, "Romeo": 2, "Ann": 1 + 1}


# --- in Portuguese ----------------------------------------------------------------------------------------


def test_portuguese_tax_example_explained_in_portuguese(portuguese):
    """Regras do Armada, p. 10: "No final do turno, apenas a taxa de 4 é aplicada (a maior). Paula não perde
    Moedas. Art perde 2 Moedas (Taxa de 4 - Nível Comercial 2). [...] portanto ele perde 4 Moedas (Taxa de 4 -
    Nível Comercial 0).\""""
    out = resolve_coin_losses({"Paula": 3, "Art": 2, "Romeo": 0}, taxes={"Paula": 4, "Art": 2})
    assert [r.summary for r in out.decided_by["Art"]] == [
        "Art: Taxa de 4 (cobrada por Paula) menos Nível Comercial 2 = 2.",
        "Art nunca paga a própria Taxa de 2.",
    ]
    assert out.decided_by["Romeo"][0].summary == "Romeo: Taxa de 4 (cobrada por Paula) menos Nível Comercial 0 = 4."
    assert out.decided_by["Romeo"][0].source == "Regras do Armada, p. 10, Frota Amarela"
    assert out.decided_by["Romeo"][0].quote.startswith("No final de um turno em que a frota Amarela de um jogador")
    highest = out.rulings[0]
    assert (
        highest.summary == "Várias Taxas neste turno: cada jogador paga apenas a mais alta cobrada por outro jogador."
    )
    assert highest.quote.startswith("Se mais de uma Taxa for cobrada no final de um turno")


def test_pirates_foggy_island_and_the_floor_in_portuguese(portuguese):
    """Pirate effects counted in the plural, Ilha Nebulosa named as printed, and a purse that runs dry."""
    out = resolve_coin_losses(
        {"Ana": 2, "Bia": 3, "Caio": 1}, pirates=["Ana", "Ana"], immune=["Bia"], coins={"Caio": 1}
    )
    assert [r.summary for r in out.decided_by["Bia"]] == [
        "Bia: 2 efeitos piratas × Nível Comercial 3 = 6.",
        "Bia tem a Ilha Nebulosa: não perde nada (perderia 6).",
    ]
    assert out.decided_by["Caio"][-1].summary == "Caio tem só 1 Moeda: perde 1, não 2."
    assert out.decided_by["Bia"][-1].source == "Regras do Armada, p. 15, cartas de Ilha — Ilha Nebulosa"
    single = resolve_coin_losses({"Ana": 0, "Bia": 2}, pirates=["Ana"])
    assert single.decided_by["Bia"][0].summary == "Bia: 1 efeito pirata × Nível Comercial 2 = 2."
