"""A malformed data file is reported with the file, the entry and what is allowed, in the interface's language."""

from __future__ import annotations

import pytest

from scorer.catalog import CatalogError, dockyard_from_rows


def test_a_dockyard_row_with_an_unknown_field_names_the_space():
    with pytest.raises(CatalogError, match=r"^dockyard space 1: unknown field 'colour'$"):
        dockyard_from_rows([{"position": 1, "colour": "red"}])


def test_dockyard_rows_with_a_gap_are_refused_in_portuguese(portuguese):
    with pytest.raises(CatalogError, match=r"^dockyard: as posições devem seguir 1, 2, \.\.\. sem lacunas$"):
        dockyard_from_rows([{"position": 1}, {"position": 3}])
    with pytest.raises(CatalogError, match=r"^espaço 1 do Estaleiro: campo desconhecido 'colour'$"):
        dockyard_from_rows([{"position": 1, "colour": "red"}])


# --- rules_data/rulings.toml (scorer/ruling.py) ----------------------------------------------------------

RULE = {"source": "Armada rulebook", "source_pt": "Regras do Armada", "quote": "Text.", "quote_pt": "Texto."}


def test_a_ruling_with_an_unknown_field_or_a_missing_text_is_refused():
    from scorer.ruling import checked_rulings

    with pytest.raises(CatalogError, match=r"^rulings.toml naval.x: unknown field 'own'$"):
        checked_rulings({"naval.x": {**RULE, "own": True}})
    with pytest.raises(CatalogError, match=r"^rulings.toml naval.x: no quote_pt$"):
        checked_rulings({"naval.x": {k: v for k, v in RULE.items() if k != "quote_pt"}})
    with pytest.raises(CatalogError, match=r"^rulings.toml naval.x: adopted must be true or false$"):
        checked_rulings({"naval.x": {**RULE, "adopted": "yes"}})
    assert checked_rulings({"naval.x": {**RULE, "adopted": True}})["naval.x"]["adopted"] is True


def test_an_adopted_ruling_says_it_is_the_apps_own_and_a_rulebook_one_does_not(portuguese):
    """Issue 14 item 10: the app's own rulings are labelled as such wherever their source is shown."""
    from scorer.i18n import speaking
    from scorer.ruling import ruling

    assert ruling("naval.too-few", "").source.startswith("Referência de regras §11: decisão do próprio app")
    assert ruling("naval.rank", "").source == "Regras do Armada, p. 8, Conflitos Navais"
    with speaking("en"):
        assert ruling("coins.floor", "").source.startswith("rules-reference §10: the app's own ruling")


# --- rules_data/islands.toml: aliases -------------------------------------------------------------------

ISLAND = {"level": 1, "effect": "", "effect_pt": ""}


def test_an_island_alias_that_is_another_islands_name_or_alias_is_refused(portuguese):
    """A saved island must read as one island only: an old name naming another island is a data error."""
    from scorer.catalog import checked_islands
    from scorer.i18n import speaking

    bronze = {"id": "bronze", "en": "Bronze Island", "pt": "Ilha de Bronze", **ISLAND}
    old = {"id": "harbor", "en": "Pirate Harbor", "pt": "Porto Pirata", "aliases": ["Pirate Port"], **ISLAND}
    assert checked_islands([bronze, old])[1].aliases == ("Pirate Port",)
    with (
        speaking("en"),
        pytest.raises(
            CatalogError,
            match=r"^islands.toml Pirate Harbor: the alias 'ilha de bronze' is already the name of Bronze Island$",
        ),
    ):
        checked_islands([bronze, {**old, "aliases": ["ilha de bronze"]}])
    with pytest.raises(
        CatalogError, match=r"^islands.toml Sand: o nome antigo 'Pirate Port' já é o nome de Porto Pirata$"
    ):
        checked_islands([old, {"id": "sand", "en": "Sand", "pt": "Areia", "aliases": ["Pirate Port"], **ISLAND}])
