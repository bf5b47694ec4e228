"""Home in Portuguese: the menu, a draft to resume and the Footer in the table's words."""

from __future__ import annotations

from textual.widgets import OptionList

from scorer.history import HistoryStore
from scorer.validate import load_record
from tests.records import example, without_age
from tests.tui.driver import footer, press, settle, workers_done
from widgets.screens.home import HomeScreen
from widgets.screens.setup import SetupScreen


def menu_lines(app) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def test_home_speaks_portuguese(make_app, db_path, portuguese):
    draft = without_age(example("base-3p.json"), 1, 2, 3) | {"status": "in_progress"}
    with HistoryStore.open(db_path) as store:
        store.save_draft(load_record(draft))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        assert app.title == "Placar da mesa 7 Wonders"
        lines = menu_lines(app)
        assert lines[0].startswith("r  Continuar  ") and "preparação · salva em " in lines[0]
        assert lines[1] == "n  Nova partida" and lines[-1] == "q  Sair"
        assert "livreto de pontuação" in str(app.screen.query_one("#tagline").render())
        words = footer(app.screen)
        assert words["n"] == "Nova" and words["o"] == "Ajustes" and words["ctrl+p"] == "comandos"
        await press(pilot, "n")
        assert isinstance(app.screen, SetupScreen)


async def test_the_command_palette_speaks_portuguese(make_app, portuguese):
    from textual.command import CommandPalette

    from widgets.screens.settings import SettingsScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        names = {command.title for command in app.get_system_commands(app.screen)}
        assert {
            "Tema",
            "Sair",
            "Teclas",
            "Captura de tela",
            "Início",
            "Regras",
            "Histórico",
            "Estatísticas",
            "Ajustes",
            "Calibração do Estaleiro",
        } <= names
        await press(pilot, "ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one("CommandInput").placeholder == "Procurar um comando…"
        for key in "Ajustes":
            await press(pilot, key)
        await settle(pilot)  # the last letter has started the palette's search...
        await workers_done(app)  # ...which runs as a worker (no fixed delay: its outcome)
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, SettingsScreen)
