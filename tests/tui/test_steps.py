"""What every step screen shares, in either language: the steps as the table calls them (Age II · conflicts,
Era II · conflitos), the command palette going there, the keys' and undo's words."""

from __future__ import annotations

import pytest

from scorer.flow import Step
from scorer.i18n import set_language
from tests.records import example
from tests.tui.driver import footer, notifications, press, settle
from widgets.screens.conflicts import ConflictsScreen
from widgets.screens.home import HomeScreen
from widgets.screens.steps import step_title

STEPS = [Step("setup"), Step("recruitment", 1), Step("age", 2), Step("conflicts", 3), Step("end"), Step("sheet")]
WORDS = {
    "en": {
        "titles": [
            "Table setup",
            "Age I · Leaders recruitment",
            "Age II · end of age",
            "Age III · conflicts",
            "End of the game",
            "Score sheet",
        ],
        "keys": {"escape": "Back", "ctrl+n": "Next", "ctrl+z": "Undo"},
        "nothing_to_undo": "Nothing to undo on this game.",
        "palette": "Age II · conflicts",
    },
    "pt": {
        "titles": [
            "Preparação da mesa",
            "Era I · recrutamento de Líderes",
            "Era II · fim da Era",
            "Era III · conflitos",
            "Fim da partida",
            "Folha de pontuação",
        ],
        "keys": {"escape": "Voltar", "ctrl+n": "Avançar", "ctrl+z": "Desfazer"},
        "nothing_to_undo": "Nada a desfazer nesta partida.",
        "palette": "Ir para Era II · conflitos",
    },
}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_step_titles(language):
    set_language(language)
    assert [step_title(step) for step in STEPS] == WORDS[language]["titles"]


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_the_palette_reaches_a_step_by_its_name_and_undo_speaks_the_tables_language(make_app, language):
    set_language(language)
    words = WORDS[language]
    app = make_app(example("base-3p.json"), Step("age", 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert {key: footer(app.screen)[key] for key in words["keys"]} == words["keys"]
        await press(pilot, "ctrl+z")
        await settle(pilot)
        assert words["nothing_to_undo"] in notifications(app)
        await press(pilot, "ctrl+p")
        await settle(pilot)
        for key in words["palette"]:
            await press(pilot, "space" if key == " " else key)
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, ConflictsScreen)
        assert app.session.step == Step("conflicts", 2)


async def test_an_app_opened_at_a_step_makes_home_only_when_the_table_goes_there(make_app, monkeypatch):
    made: list[HomeScreen] = []
    mounted = HomeScreen.on_mount
    monkeypatch.setattr(HomeScreen, "on_mount", lambda screen: (made.append(screen), mounted(screen))[1])
    app = make_app(example("leaders-armada-7p.json"), Step("conflicts", 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConflictsScreen) and len(app.screen_stack) == 2 and made == []
        app.go_home()
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and made == [app.screen]
