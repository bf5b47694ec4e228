"""Table setup in Portuguese: the wonders as the Brazilian boards name them, refusals in the table's words,
a game started from it, and the screen at 80x24."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, Select

from scorer.flow import Step
from tests.tui.test_home_setup import fill_seat
from widgets.screens.setup import SetupScreen

SIZE = (80, 24)


def status(app) -> str:
    return str(app.screen.query_one("#status").render())


async def test_setup_names_wonders_and_boxes_in_portuguese(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.sub_title == "Preparação da mesa"
        wonders = app.screen.query_one("#wonder-0", Select)
        assert [str(prompt) for prompt, _ in wonders._options[1:]] == [
            "Alexandria",
            "Babilônia",
            "Éfeso",
            "Gizé",
            "Halicarnasso",
            "Olímpia",
            "Rodes",
            "Roma",
        ]
        assert str(app.screen.query_one("#leaders", Checkbox).label) == "Líderes"
        assert app.screen.query_one("#name-0", Input).placeholder == "nome"
        app.screen.query_one("#teams", Checkbox).value = True
        app.screen.query_one("#armada", Checkbox).value = True
        await pilot.pause()
        assert str(app.screen.query_one("#team-3").render()) == "equipe 2"
        fleets = app.screen.query_one("#fleet-0", Select)
        assert [str(prompt) for prompt, _ in fleets._options[1:]] == ["vermelha", "amarela", "azul", "verde"]
        footer = {key: active.binding.description for key, active in app.screen.active_bindings.items()}
        assert footer["ctrl+n"] == "Começar" and footer["escape"] == "Voltar"


async def test_setup_refuses_in_portuguese_then_starts_the_game(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await fill_seat(pilot, 0, "Ana", "gizah")
        app.screen.query_one("#wonder-1", Select).value = "gizah"
        await pilot.pause()
        assert status(app) == "Gizé já está no lugar 1: cada Maravilha uma vez só."
        app.screen.query_one("#wonder-1", Select).value = "rome"
        await pilot.pause()
        assert status(app) == "Roma vem com Líderes: marque Líderes para jogar com ela."
        app.screen.query_one("#name-1", Input).value = "ana"
        await pilot.pause()
        assert status(app) == "'ana' já está no lugar 1: os nomes não podem se repetir."
        app.screen.query_one("#armada", Checkbox).value = True
        await fill_seat(pilot, 1, "Bruno", "rhodes", "B")
        await fill_seat(pilot, 2, "Carla", "babylon")
        await pilot.press("ctrl+n")
        assert app.session is None
        assert status(app).startswith("frota do lugar 1: nada foi preenchido; escolha a frota com o ícone de Maravilha")
        for seat in range(3):
            app.screen.query_one(f"#fleet-{seat}", Select).value = "blue"
        await pilot.press("ctrl+n")
        assert app.session is not None and app.session.step == Step("age", 1)
        assert app.session.record.players[0].wonder == "gizah"  # records keep ids, not the shown names


def test_snapshot_setup_in_portuguese(make_app, snap_compare, portuguese):
    app = make_app()

    async def run_before(pilot) -> None:
        await pilot.press("n")
        app.screen.query_one("#leaders", Checkbox).value = True
        app.screen.query_one("#armada", Checkbox).value = True
        for seat, (name, wonder) in enumerate([("Ana", "gizah"), ("Bruno", "halicarnassus"), ("Carla", "rome")]):
            await fill_seat(pilot, seat, name, wonder)
            app.screen.query_one(f"#fleet-{seat}", Select).value = "yellow"
        app.screen.query_one("#wonder-3", Select).value = "gizah"
        app.screen.query_one("#name-3", Input).focus()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def test_wonders_are_found_typed_without_accents_in_the_open_list(make_app, portuguese):
    from tests.tui.conftest import burst, settle

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        burst(app, *"Ana", "tab", "enter", *"efe", "enter", "tab", "tab", *"Bruno", "tab", "enter", *"olim", "enter")
        await settle(pilot)
        assert [app.screen.query_one(f"#wonder-{seat}", Select).value for seat in (0, 1)] == ["ephesos", "olympia"]
