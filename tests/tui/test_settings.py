"""Settings: the language and what chose it, switching it; which history file is open and why, switching to
another (checked first), the Dockyard values."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static

from scorer.flow import Step
from scorer.history import HistoryStore
from scorer.i18n import choose_language, current_language
from scorer.preferences import read_preferences
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import TODAY, footer, press, settle
from widgets import compat
from widgets.app import WondersApp
from widgets.screens.calibration import CalibrationScreen
from widgets.screens.home import HomeScreen
from widgets.screens.settings import ChooseHistoryFile, SettingsScreen

SIZE = (80, 24)


def text(app: WondersApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_settings_say_which_file_is_open_what_chose_it_and_what_it_holds(make_app, db_path: Path):
    with HistoryStore.open(db_path) as store:
        store.save(load_record(example("base-3p.json")))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "o")
        assert isinstance(app.screen, SettingsScreen)
        history = text(app, "#settings-history")
        assert str(db_path) in history and "the default file for this user" in history
        assert "Finished games: 1 · in progress: 0" in history
        assert "rulebook's values" in text(app, "#settings-dockyard")
        await press(pilot, "d")
        assert isinstance(app.screen, CalibrationScreen)
        await press(pilot, "escape")
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)


async def test_another_file_is_opened_remembered_and_used_by_the_next_start(make_app, tmp_path: Path):
    club = tmp_path / "club"
    club.mkdir()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "o", "c")
        assert isinstance(app.screen, ChooseHistoryFile)
        app.screen.query_one(Input).value = str(club)  # a folder: history.json inside it
        await press(pilot, "enter")
        assert isinstance(app.screen, SettingsScreen)
        assert app.db_path == club / "history.json" and app.store is not None
        assert str(club / "history.json") in text(app, "#settings-history")
        assert "chosen here in Settings" in text(app, "#settings-history")
    assert read_preferences()[0].history == str(club / "history.json")


async def test_a_path_that_cannot_hold_a_history_is_refused_in_the_dialog(make_app, tmp_path: Path, db_path: Path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "o", "c")
        app.screen.query_one(Input).value = str(tmp_path / "no-such-folder" / "h.json")
        await press(pilot, "enter")
        assert isinstance(app.screen, ChooseHistoryFile)
        assert "does not exist" in text(app, "#choose-message")
        await press(pilot, "escape")
        assert app.db_path == db_path


async def test_a_damaged_file_is_refused_untouched_and_the_current_history_stays_open(
    make_app, tmp_path: Path, db_path: Path
):
    damaged = tmp_path / "damaged.json"
    damaged.write_bytes(b"{ not a history")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "o", "c")
        app.screen.query_one(Input).value = str(damaged)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
        assert app.db_path == db_path and app.store is not None
        assert damaged.read_bytes() == b"{ not a history"
    assert read_preferences()[0].history is None


async def test_the_file_does_not_change_under_a_game_being_entered(make_app, db_path: Path):
    app = make_app(example("base-3p.json"), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_open_tool("settings")
        await settle(pilot)
        await press(pilot, "c")
        assert isinstance(app.screen, SettingsScreen)
        assert app.db_path == db_path
        await press(pilot, "escape")
        assert app.session is not None  # back to the game where it was


def test_snapshot_settings(snap_compare, monkeypatch):
    """Fixed paths: the screen shows them."""
    folder = Path("/tmp/wonders-scorer-snapshot-settings")
    folder.mkdir(exist_ok=True)
    for name in ("history.json", "settings.json"):
        (folder / name).unlink(missing_ok=True)
    monkeypatch.setenv("WONDERS_SCORER_CONFIG", str(folder / "settings.json"))
    assert snap_compare(WondersApp(folder / "history.json", today=TODAY), terminal_size=SIZE, press=["o"])


async def test_l_switches_to_portuguese_at_once_and_keeps_it_for_the_next_start(make_app, monkeypatch):
    monkeypatch.delenv("WONDERS_SCORER_LANG")  # nothing at start chooses: the saved setting decides next time
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "o")
        assert "English" in text(app, "#settings-language")
        await press(pilot, "l")
        assert current_language() == "pt" and app.title == "Placar da mesa 7 Wonders"
        language = text(app, "#settings-language")
        assert "Português (Brasil) · escolhido aqui nos Ajustes" in language and "l: mudar para English" in language
        assert text(app, "#settings-history-heading") == "Arquivo do histórico" and app.screen.sub_title == "Ajustes"
        assert "Partidas terminadas: 0 · em andamento: 0 · 0,0 MB" in text(app, "#settings-history")
        assert "não vêm impressos nas regras" in text(app, "#settings-dockyard")
        words = footer(app.screen)
        assert words["escape"] == "Voltar" and words["l"] == "Idioma" and words["c"] == "Outro arquivo"
        await press(pilot, "escape")  # home, built in English, follows
        assert isinstance(app.screen, HomeScreen)
        assert str(app.screen.query_one("#menu", OptionList).get_option_at_index(0).prompt) == "n  Nova partida"
    assert read_preferences()[0].language == "pt"
    assert choose_language(None, read_preferences()[0].language) == ("pt", "settings")


async def test_a_game_in_progress_speaks_the_new_language_back_from_settings(make_app):
    """Mid-game, ctrl+p → Settings → l: back on the age screen everything is Portuguese at once, on the same
    player, with nothing typed lost."""
    app = make_app(example("leaders-armada-7p.json"), Step("age", 2), "Ben")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = app.session.record
        app.action_open_tool("settings")
        await settle(pilot)
        await press(pilot, "l", "escape")
        await settle(pilot)
        screen = app.screen
        assert screen.sub_title == "Era II · fim da Era" and screen.player == "Ben"
        assert text(app, "#age-cards-title").startswith("Na Era II:")
        assert (app.session.record.ages, app.session.record.end) == (before.ages, before.end)


@pytest.mark.parametrize(("key", "title"), [("h", "Histórico"), ("s", "Estatísticas"), ("u", "Regras")])
async def test_a_tool_screen_speaks_the_new_language_back_from_settings(make_app, key, title):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, key)
        depth = len(app.screen_stack)
        app.action_open_tool("settings")
        await settle(pilot)
        await press(pilot, "l", "escape")
        await settle(pilot)
        assert app.screen.sub_title == title and len(app.screen_stack) == depth


async def test_a_language_given_at_start_is_named_and_said_to_win_next_time(make_app):
    app = make_app()  # the tests' WONDERS_SCORER_LANG=en chose English
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "o")
        assert "chosen by the WONDERS_SCORER_LANG environment variable" in text(app, "#settings-language")
        await press(pilot, "l")
        await settle(pilot)
        assert current_language() == "pt"
        messages = [notice.message for notice in compat.notifications(app)]
        assert any("Quando WONDERS_SCORER_LANG for usado de novo" in message for message in messages)
    assert read_preferences()[0].language == "pt"


async def test_a_path_that_cannot_hold_a_history_is_refused_in_portuguese(make_app, tmp_path: Path, portuguese):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "o", "c")
        app.screen.query_one(Input).value = str(tmp_path / "no-such-folder" / "h.json")
        await press(pilot, "enter")
        assert "não existe; crie-a primeiro ou escolha outra" in text(app, "#choose-message")
