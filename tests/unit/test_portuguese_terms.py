"""Issue 14 item 10: the Portuguese texts say what the Brazilian rulebooks (/work/shared/seeds/) and the
interface's own choices say. Each wrong term a translation tends to bring back is listed beside the right one,
and no Portuguese text of the catalogue (scorer/locales/pt) or of the game data (rules_data: names, effects,
sources) may use it. The rulebook quotes (`quote_pt`) are left out: they are the rulebooks' own words."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorer.i18n import LOCALES, catalogue, catalogue_files

RULES_DATA = Path(__file__).resolve().parents[2] / "rules_data"

# (the wrong term as a pattern, a text that used it, the word the Brazilian edition or the interface uses)
DENIED = [
    (r"\bLeaders\b", "só com a expansão Leaders", "Líderes"),
    (r"\b[Gg]uard(?:ar|ada|adas|ado|ados|e|á-l[oa])\b", "partidas já guardadas", "salvar"),
    (r"\bcalibragem\b", "calibragem do Estaleiro", "calibração"),  # issue 31: the word a Brazilian table says
    # seed 000 says "espaço Inicial", "Espaço 1…6" (the card "Casa de Penhores" is a name, and capitalised)
    (r"\bcasas?\b", "a casa da frota Azul", "espaço"),
    (r"\bCartas Guilda\b", "Cartas Guilda construídas", "Cartas de Guilda"),
    (r"\bempate com mais\b", "empate com mais {count}", "empatado com outros"),
    (r"(?i)\betapa da maravilha\b", "Etapa da maravilha", "estágio de uma Maravilha"),
    (r"\bIlhas exploradas nesta Era\b", "Ilhas exploradas nesta Era", "Ilhas obtidas"),  # draws are not Exploration
    (r"^Terra$", "Terra", "Terrestres"),  # the conflicts screen's key
    (r"\b[Cc]onfigurações\b", "escolhida nas Configurações", "Ajustes"),
    (r"\bPosição\b|\bposição média\b|\b[Mm]esma posição\b|\bPos\. média", "posição média {place}", "Colocação"),
    (r"\btimes?\b", "os dois no time vencedor", "equipe"),
    (r"(?i)\btaxa de vitórias?\b", "vitórias, taxa de vitória, totais", "percentual de vitórias"),
    (r"\bEl[ea] venceu\b|\bMédia del[ea]\b", "Ele venceu", "Rival venceu"),
    (r"\bnem \{\w+\} nem \{\w+\} recrutou\b", "nem {left} nem {right} recrutou um Líder", "recrutaram"),
    (r"\bForça Militar\b", "Força Militar {value}", "Escudos Terrestres"),
    (r"(?<!pilha de )\bdescartes\b", "construção dos descartes", "pilha de descarte"),
    (r"\bbloco de pontos\b", "o bloco de pontos que conhece as regras", "livreto de pontuação"),
    (r"(?i)\bcaderneta\b", "no fim, como na caderneta de pontuação", "no livreto de pontuação"),
]


def _strings(value: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every string in a TOML value, with where it is ('age.courtesans.none')."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield from _strings(inner, f"{where}.{key}")
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _strings(inner, f"{where}[{i}]")


def _portuguese_texts() -> Iterator[tuple[str, str]]:
    for module in catalogue_files("pt"):
        yield from _strings(catalogue("pt", module), module)
        # comments too: they tell the next translator which word the screen uses
        path = LOCALES / "pt" / f"{module}.toml"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("#"):
                yield f"{path.name}:{number}", line
    for path in sorted(RULES_DATA.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for where, text in _strings(data, path.stem):
            field = where.rsplit(".", 1)[-1].split("[")[0]
            if field in ("pt", "effect_pt", "source_pt"):
                yield where, text


TEXTS = list(_portuguese_texts())


@pytest.mark.parametrize(("pattern", "example", "right"), DENIED, ids=[right for _, _, right in DENIED])
def test_no_portuguese_text_uses_a_denied_term(pattern: str, example: str, right: str) -> None:
    wrong = [f"{where}: {text}" for where, text in TEXTS if re.search(pattern, text)]
    assert not wrong, f"say {right!r} instead:\n" + "\n".join(wrong)


@pytest.mark.parametrize(("pattern", "example", "right"), DENIED, ids=[right for _, _, right in DENIED])
def test_each_pattern_catches_the_wrong_term_and_not_the_right_one(pattern: str, example: str, right: str) -> None:
    """A pattern that misses its own example would let the wrong word back unseen."""
    assert re.search(pattern, example)
    assert not re.search(pattern, right)


def test_the_scan_reads_the_catalogue_and_the_game_data() -> None:
    """Both the interface's texts and the cards' Portuguese names are scanned."""
    assert any(where.startswith("age.") for where, _ in TEXTS)
    assert any(text == "Ilha de Bronze" for _, text in TEXTS)
