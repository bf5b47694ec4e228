"""The history commands in Portuguese: lists, sheets, drafts, stats, imports, exports and deletions worded in
Brazilian Portuguese, days written DD/MM/AAAA (and read that way too), wonders and cards as the Brazilian
edition prints them."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scorer.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
BASE = ROOT / "examples" / "base-3p.json"


@pytest.fixture(autouse=True)
def portuguese_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI chooses its language at start: WONDERS_SCORER_LANG=pt is how a table would ask for Portuguese."""
    monkeypatch.setenv("WONDERS_SCORER_LANG", "pt")


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "h.json")


@pytest.fixture
def examples_db(capsys: pytest.CaptureFixture[str], db: str) -> str:
    assert run(capsys, "--db", db, "import", *map(str, EXAMPLES))[0] == 0
    return db


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def words(text: str) -> str:
    return " ".join(text.split())


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_score_save_and_history_in_portuguese(capsys, db):
    code, out, _ = run(capsys, "--db", db, "score", str(BASE), "--save")
    assert code == 0 and out.rstrip().endswith("salva como nova partida 0b8c1d2e")
    code, out, _ = run(capsys, "--db", db, "history")
    text = words(out)
    assert code == 0 and "Histórico: 1 partida (terminadas: 1; em andamento: 0)" in text
    assert "Jogada em" in text and "20/11/2026" in text and "terminada" in text
    assert "Ann · Gizé A · 56" in text and "★ Cid · Babilônia A · 57" in text


def test_show_a_draft_in_portuguese(capsys, tmp_path, db):
    data = json.loads(BASE.read_text(encoding="utf-8"))
    data.update(
        id="d7af7000-0000-4000-8000-000000000000",
        status="in_progress",
        ages=data["ages"][:1],
        end={},
        progress={"step": "age", "age": 2},
    )
    path = tmp_path / "draft.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run(capsys, "--db", db, "import", str(path))[1] == (
        "adicionadas: 1; rascunhos completados: 0; ignoradas por já estarem salvas: 0\n"
    )
    code, out, _ = run(capsys, "--db", db, "show", "d7af")
    text = words(out)
    assert code == 0 and "Em andamento (na etapa: digitando a Era II). O que já foi digitado:" in text
    assert "Partida d7af7000" in text and "jogada em 20/11/2026, em andamento, jogo base" in text
    assert "Mesa: Ann (Gizé A)" in text and "Era I" in text and "Cartas" in text and "Estágios" in text
    assert "Jazida de Pedra" in text and "Stone Pit" not in text  # the card as the Brazilian deck prints it


def test_stats_in_portuguese_with_brazilian_days(capsys, examples_db):
    code, out, err = run(
        capsys, "--db", examples_db, "stats", "--since", "01/12/2026", "--players", "5", "--players", "7"
    )
    text = words(out)
    assert code == 0 and err == ""
    assert "Jogadores — 2 partidas terminadas (01/12/2026 a …, 5 ou 7 jogadores)" in text
    assert "% vit." in text and "Coloc. média" in text and "Maravilhas e lados" in text and "Babilônia" in text
    assert "80,0" in text  # Ana's average total, with the decimal comma
    code, out, _ = run(capsys, "--db", examples_db, "stats", "--player", "ana")
    text = words(out)
    assert "Ana — 2 partidas terminadas" in text and "Média por linha" in text and "Líderes" in text
    assert "Contra cada adversário" in text


def test_head_to_head_in_portuguese(capsys, examples_db):
    code, out, _ = run(capsys, "--db", examples_db, "stats", "--player", "Ana", "--vs", "Ben")
    text = words(out)
    assert code == 0 and "Ana x Ben — 1 partida juntos" in text and "Ficou à frente" in text


@pytest.mark.parametrize(
    "argv, expected",
    [
        (("stats", "--since", "31/02/2026"), "um dia como DD/MM/AAAA, por exemplo 11/12/2026"),
        (("stats", "--players", "9"), "um número de jogadores, de 3 a 8"),
        (("stats", "--player", "Zed"), "jogadores conhecidos: Ana, Ann"),
        (("stats", "--vs", "Ben"), "só junto com --player"),
        (("export", "--format", "xml"), "'xml' não é permitido; json, csv ou bgstats"),
    ],
    ids=["day", "player count", "unknown player", "vs alone", "format"],
)
def test_stats_and_export_refusals_in_portuguese(capsys, examples_db, argv, expected):
    code, out, err = run(capsys, "--db", examples_db, *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and expected in err


def test_export_says_what_it_wrote(capsys, examples_db, tmp_path):
    target = tmp_path / "games.csv"
    code, _, err = run(capsys, "--db", examples_db, "export", "--format", "csv", "-o", str(target))
    assert code == 0 and err == f"4 partidas terminadas exportadas para {target}\n"


@pytest.mark.parametrize("answer, deleted", [("s\n", True), ("sim\n", True), ("n\n", False)])
def test_delete_asks_in_portuguese(capsys, monkeypatch, examples_db, answer, deleted):
    monkeypatch.setattr("sys.stdin", _Terminal(answer))
    code, out, err = run(capsys, "--db", examples_db, "delete", "0b8c")
    assert code == 0
    assert err.startswith("Apagar partida 0b8c1d2e (20/11/2026, terminada: Ann, Bob, Cid; vencida por Cid)? [s/N] ")
    assert out.startswith("Apagada: partida 0b8c1d2e") if deleted else out == "Nada foi apagado.\n"


def test_delete_without_a_terminal_says_why_in_portuguese(capsys, examples_db):
    code, _, err = run(capsys, "--db", examples_db, "delete", "0b8c")
    assert code == 2 and "--yes é necessário fora de um terminal; nada foi apagado" in err


def test_history_help_in_portuguese(capsys):
    code, out, _ = run(capsys, "stats", "--help")
    assert code == 0 and "--since DD/MM/AAAA" in out and "só partidas com N jogadores" in out
    assert "o arquivo de histórico" in out  # --db
