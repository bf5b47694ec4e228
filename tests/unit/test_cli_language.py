"""The command line in Portuguese: chosen by --lang (before or after the command), WONDERS_SCORER_LANG, the
language saved in Settings or the system locale; tables, help and refusals in the chosen language."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from scorer.cli import main
from scorer.i18n import current_language

ROOT = Path(__file__).resolve().parents[2]
NAVAL = ("naval", "--age", "2", "Gabriel=2", "Paula=2", "Ann=8", "Romeo=6", "Fred=6")


@pytest.fixture
def no_language_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither the environment nor the system says Portuguese: what decides is the source under test."""
    monkeypatch.delenv("WONDERS_SCORER_LANG", raising=False)
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.setenv(variable, "C.UTF-8" if variable == "LANG" else "")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, " ".join(out.split()), err


def test_lang_pt_naval_prints_the_table_and_the_ruling_in_portuguese(capsys):
    code, out, err = run(capsys, "--lang", "pt", *NAVAL)
    assert code == 0 and err == ""
    assert "Por quê" in out and "--explain cita o livro de regras" in out
    code, out, err = run(capsys, "--lang", "pt", *NAVAL, "--explain")
    assert code == 0 and err == ""
    assert "Conflito Naval, Era II" in out
    for header in ("Jogador", "Força", "Ficha"):
        assert header in out
    assert "Regras aplicadas" in out
    assert "Regras do Armada, p. 9, Conflitos Navais — Empates" in out  # the Brazilian rulebook quoted
    assert "segunda força naval mais forte" in out
    assert "Naval Conflict" not in out and "Strength" not in out
    assert "naval." not in out  # no English rule id under "Regras aplicadas": the source heads each rule
    assert current_language() == "pt"


def test_lang_after_the_command_and_with_equals(capsys):
    for argv in ((*NAVAL, "--lang", "pt"), ("naval", "--lang=pt", *NAVAL[1:])):
        code, out, _ = run(capsys, *argv)
        assert code == 0 and "Conflito Naval, Era II" in out


def test_lang_wins_over_the_environment(capsys, monkeypatch):
    monkeypatch.setenv("WONDERS_SCORER_LANG", "pt")
    _, out, _ = run(capsys, "--lang", "en", *NAVAL)
    assert "Naval Conflict, Age II" in out


def test_environment_variable_chooses_portuguese(capsys, monkeypatch):
    monkeypatch.setenv("WONDERS_SCORER_LANG", "pt")
    _, out, _ = run(capsys, "ground", "--age", "1", "Ann=3", "Bob=1", "Cid=2", "Dee=0", "--incursion", "Ann=Cid")
    assert "Conflitos Terrestres, Era I" in out and "Escudos" in out and "Fichas" in out


def test_the_language_saved_in_settings_is_used(capsys, no_language_chosen):
    from scorer.preferences import save_preferences

    save_preferences({"language": "pt"})
    _, out, _ = run(capsys, "coins", "Paula=3", "Art=2", "Romeo=0", "--tax", "Paula=4", "--tax", "Art=2")
    assert "Moedas perdidas neste turno" in out and "Nível Comercial" in out and "Taxa" in out


def test_the_system_locale_decides_last(capsys, no_language_chosen, monkeypatch):
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    _, out, _ = run(capsys, *NAVAL)
    assert "Conflito Naval, Era II" in out


@pytest.mark.parametrize(
    "argv", [("--lang", "fr", *NAVAL), (*NAVAL, "--lang"), ("--lang=", "history")], ids=["unknown", "no value", "empty"]
)
def test_a_bad_lang_exits_2_saying_what_is_allowed(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("wonders-scorer: --lang: ")
    assert "en (English) or pt (Português)" in err


def test_a_bad_lang_is_refused_in_the_language_the_environment_chose(capsys, monkeypatch):
    monkeypatch.setenv("WONDERS_SCORER_LANG", "pt")
    code, _, err = run(capsys, "--lang", "de", *NAVAL)
    assert code == 2
    assert err == "wonders-scorer: --lang: 'de' não é permitido; en (English) ou pt (Português)\n"


def test_help_in_portuguese(capsys):
    code, out, _ = run(capsys, "--lang", "pt", "--help")
    assert code == 0
    assert "Companheiro de pontuação" in out and "comandos:" in out and "opções:" in out and "uso:" in out
    assert "resolve um Conflito Naval (Armada)" in out
    code, out, _ = run(capsys, "--lang", "pt", "ground", "--help")
    assert code == 0
    assert "NOME=ESCUDOS" in out and "Doca/Cais/Molhe" in out and "Tômiris" in out and "Exemplo:" in out
    assert "--lang {en,pt}" in out


def test_refusals_in_portuguese(capsys):
    _, _, err = run(capsys, "--lang", "pt", "naval", "--age", "2", "Ann=x", "Bob=2")
    assert err == "wonders-scorer: naval: Força Naval de 'Ann': 'x' não é permitido; um número inteiro de 0 a 99\n"
    _, _, err = run(capsys, "--lang", "pt", "naval", "--age", "4", "Ann=1", "Bob=2")
    assert "1, 2 ou 3 (Era I, II ou III)" in err
    _, _, err = run(capsys, "--lang", "pt", "coins", "Ann=1", "Bob=1", "--tax", "Ann=3")
    assert "Taxa de 'Ann': 3 não é permitido; uma Taxa da trilha do Estaleiro: 1, 2, 4" in err
    _, _, err = run(
        capsys, "--lang", "pt", "ground", "--age", "1", "A=1", "B=2", "C=3", "D=4", "E=5", "--incursion", "A=B"
    )
    assert "um jogador a dois lugares de A: C ou D" in err
    _, _, err = run(capsys, "--lang", "pt", "naval", "--age", "1", "Ann=1")
    assert "número de jogadores: 1 não é permitido; de 2 a 8 jogadores num Conflito Naval" in err


def test_score_sheet_in_portuguese(capsys):
    code, out, err = run(capsys, "--lang", "pt", "score", str(ROOT / "examples" / "base-3p.json"))
    assert code == 0 and err == ""
    assert "Folha de pontuação" in out and "Militar" in out and "Maravilha" in out and "Colocação" in out
    assert "1º" in out and "Vencedor: Cid ★" in out


def test_json_keys_stay_english_and_summaries_follow_the_language(capsys):
    code, out, _ = run(capsys, "--lang", "pt", *NAVAL, "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"tokens", "rulings"}
    assert data["rulings"][0]["source"].startswith("Regras do Armada")


def test_a_refused_record_names_the_field_in_words_beside_its_path(capsys, tmp_path):
    game = json.loads((ROOT / "examples" / "base-3p.json").read_text(encoding="utf-8"))
    game["players"][0]["name"] = ""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    code, _, err = run(capsys, "--lang", "pt", "score", str(path))
    assert code == 2
    assert f"{path}: " in err and "(players[0].name)" in err and "não é permitido" in err


def test_the_table_app_starts_in_the_chosen_language(capsys, monkeypatch, tmp_path):
    import widgets.app
    from widgets.launcher import main as wonders_scorer

    started = []
    monkeypatch.setattr(widgets.app, "run", lambda *where: started.append((*where, current_language())))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert wonders_scorer(["--lang", "pt", "--db", str(tmp_path / "h.json")]) == 0
    assert started == [(tmp_path / "h.json", "--db", "--lang", "pt")]


@pytest.mark.parametrize(
    "argv, expected",
    [
        (("naval", "A=1"), "wonders-scorer: naval: faltam os argumentos obrigatórios: --age"),
        (
            ("naval", "--age", "1", "A=1", "B=2", "--bogus"),
            "wonders-scorer: naval: argumentos não reconhecidos: --bogus",
        ),
        (("navl",), "wonders-scorer: argumento COMANDO: 'navl' não é uma opção válida (escolha entre 'naval', "),
        (("naval", "--age"), "wonders-scorer: naval: argumento --age: falta o valor"),
    ],
    ids=["required", "unrecognized", "unknown command", "no value"],
)
def test_argparse_refusals_in_portuguese(capsys, argv, expected):
    code, out, err = run(capsys, "--lang", "pt", *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(expected)
