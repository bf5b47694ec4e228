"""What every step screen shares, in Portuguese: the steps as the table calls them (Era II · conflitos), the
command palette going there, and undo's words."""

from __future__ import annotations

from scorer.flow import Step
from tests.tui.conftest import example, start_at
from widgets.screens.conflicts import ConflictsScreen
from widgets.screens.steps import step_title


def test_step_titles_in_english():
    assert [
        step_title(step)
        for step in (
            Step("setup"),
            Step("recruitment", 1),
            Step("age", 2),
            Step("conflicts", 3),
            Step("end"),
            Step("sheet"),
        )
    ] == [
        "Table setup",
        "Age I · Leaders recruitment",
        "Age II · end of age",
        "Age III · conflicts",
        "End of the game",
        "Score sheet",
    ]


def test_step_titles_in_portuguese(portuguese):
    assert [
        step_title(step)
        for step in (
            Step("setup"),
            Step("recruitment", 1),
            Step("age", 2),
            Step("conflicts", 3),
            Step("end"),
            Step("sheet"),
        )
    ] == [
        "Preparação da mesa",
        "Era I · recrutamento de Líderes",
        "Era II · fim da Era",
        "Era III · conflitos",
        "Fim da partida",
        "Folha de pontuação",
    ]


async def test_the_palette_goes_to_a_step_named_in_portuguese_and_undo_speaks_it(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        start_at(app, example("base-3p.json"), Step("age", 1))
        await pilot.pause()
        footer = {key: active.binding.description for key, active in app.screen.active_bindings.items()}
        assert footer["escape"] == "Voltar" and footer["ctrl+n"] == "Avançar" and footer["ctrl+z"] == "Desfazer"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Nada a desfazer nesta partida." in [n.message for n in app._notifications]
        await pilot.press("ctrl+p")
        await pilot.pause()
        for key in "Ir para Era II · conflitos":
            await pilot.press("space" if key == " " else key)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConflictsScreen)
        assert app.session.step == Step("conflicts", 2)
