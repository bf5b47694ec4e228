"""What the history says when it refuses something, in Brazilian Portuguese: a damaged or newer file, a busy
one, a game id, an import, the Dockyard calibration and the settings file. The files stay untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.errors import InputError
from scorer.history import GameNotFound, HistoryLocked, HistoryStore, HistoryTooNew, HistoryUnreadable, import_files
from scorer.history.settings import FIELDS, book_rows, save_calibration
from scorer.preferences import preferences_path, read_preferences, save_preferences

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


pytestmark = pytest.mark.usefixtures("portuguese")


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "o arquivo está vazio"),
        ("Sábado: Ana 61, Bia 57\n".encode(), "não é um JSON válido"),
        (b"[]", "não é um arquivo de histórico: esperava tabelas JSON de documentos"),
        (b'{"_default": {"1": {"todo": "leite"}}}', "não é um histórico do wonders-scorer (falta _meta"),
    ],
)
def test_a_damaged_history_is_refused_in_portuguese_and_left_as_it_is(tmp_path: Path, content: bytes, reason: str):
    path = tmp_path / "history.json"
    path.write_bytes(content)
    with pytest.raises(HistoryUnreadable) as refused:
        HistoryStore.open(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: {reason}") and message.endswith("; o arquivo não foi alterado")
    assert path.read_bytes() == content


def test_a_newer_history_says_to_update_the_app():
    message = str(HistoryTooNew(Path("h.json"), 3, 2))
    assert message == (
        "h.json: o formato de histórico 3 é mais novo do que esta versão lê (2); atualize o aplicativo; "
        "o arquivo não foi alterado"
    )


def test_a_busy_history_says_how_long_it_waited_with_a_decimal_comma():
    assert str(HistoryLocked(Path("h.json"), 2.5)) == (
        "h.json está em uso por outro wonders-scorer (após esperar 2,5 s); feche-o ou tente de novo"
    )
    assert "(após esperar 5 s)" in str(HistoryLocked(Path("h.json"), 5.0))


def test_an_unknown_game_id_names_the_command_that_lists_them():
    assert str(GameNotFound("abc")) == (
        "GAME_ID: 'abc' não é permitido; nenhuma partida salva tem este id; `wonders-scorer history` lista todas"
    )


def test_an_import_names_the_file_and_the_refused_value_in_portuguese(tmp_path: Path):
    data = json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8"))
    data["players"][0]["wonder"] = "Atlântida"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "garbage.json").write_bytes(b"{ not json")
    store = HistoryStore.open(tmp_path / "history.json")
    with pytest.raises(InputError) as refused:
        import_files(store, [bad])
    assert str(refused.value).startswith(
        f"{bad}: players[0].wonder: 'Atlântida' não é permitido; permitidas: Alexandria, Babilônia, Éfeso, Gizé"
    )
    with pytest.raises(InputError, match="não é um registro de partida JSON nem um pacote de exportação"):
        import_files(store, [tmp_path / "garbage.json"])
    assert store.games() == []


def test_a_calibration_value_the_board_cannot_show_is_named_as_the_board_reads(tmp_path: Path):
    rows = book_rows()
    rows[4]["blue_vp"] = 25
    with pytest.raises(InputError) as refused:
        save_calibration(HistoryStore.open(tmp_path / "history.json"), rows)
    assert str(refused.value) == "PV da frota Azul, espaço 5: 25 não é permitido; um número inteiro de 0 a 20"
    assert [(field.fleet_label, field.label) for field in FIELDS[:2]] == [
        ("Vermelha", "Escudos Navais"),
        ("Amarela", "Nível Comercial"),
    ]


def test_a_damaged_settings_file_is_explained_and_kept():
    path = preferences_path()
    path.write_text('{"version": 9}')
    assert read_preferences()[1] == (
        f"Arquivo de ajustes {path} não usado: foi gravado por uma versão mais nova (versão de ajustes 9)"
    )
    with pytest.raises(InputError, match="tire-o do lugar para começar do zero"):
        save_preferences({"language": "pt"})
    assert path.read_text() == '{"version": 9}'
