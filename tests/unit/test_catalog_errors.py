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
