"""Dockyard calibration, driven with the keyboard: pre-filled, unconfirmed cells marked, values checked,
saved in the history and used by every later sheet."""

from __future__ import annotations

import re

from textual.widgets import DataTable, Label, Static

from scorer.flow import Step
from scorer.history.settings import DOCKYARD, calibration_rows, dockyard_track
from tests.records import example
from tests.tui.driver import footer, press, settle, start_at
from widgets import compat
from widgets.dialogs.confirm import ConfirmDialog
from widgets.screens.calibration import CalibrationScreen, ValueCell, open_calibration
from widgets.screens.home import HomeScreen
from widgets.screens.sheet import SheetScreen


def cell(app, key: str, position: int) -> ValueCell:
    return app.screen.query_one(f"#cell-{key}-{position}", ValueCell)


def mark(app, key: str, position: int) -> str:
    """What the cell shows in front of its value: "?" while unconfirmed."""
    return str(cell(app, key, position).render()).strip().rstrip("0123456789")


def status(app) -> str:
    return str(app.screen.query_one("#dock-status", Static).render())


async def type_into(pilot, key: str, position: int, text: str) -> None:
    """Focus a cell (the first digit typed replaces its value) and type."""
    cell(pilot.app, key, position).focus()
    await settle(pilot)
    await press(pilot, *text)


async def open_it(pilot) -> None:
    open_calibration(pilot.app)
    await settle(pilot)
    assert isinstance(pilot.app.screen, CalibrationScreen)


def with_blue_ship_on(data: dict, name: str, space: int) -> dict:
    for age in data["ages"]:
        ships = age["players"][name]["ships"]
        ships["blue"] = min(ships["blue"], space)
    return data


async def test_the_grid_is_prefilled_with_the_book_and_marks_what_is_unconfirmed(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_it(pilot)
        assert cell(app, "blue_vp", 6).text == "10" and mark(app, "blue_vp", 6) == ""
        assert cell(app, "blue_vp", 5).text == "8" and mark(app, "blue_vp", 5) == "?"
        assert cell(app, "blue_vp", 5).has_class("-unconfirmed")
        assert "17 values still marked ?" in status(app)
        assert "never calibrated" in status(app)


async def test_change_blue_vp_on_5_save_and_a_later_sheet_uses_it(make_app):
    data = with_blue_ship_on(example("leaders-armada-7p.json"), "Ana", 5)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_it(pilot)
        await type_into(pilot, "blue_vp", 5, "9")
        assert mark(app, "blue_vp", 5) == ""  # typed: the table has checked it
        assert "not saved yet" in status(app)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, HomeScreen)
        assert calibration_rows(app.store)[4]["blue_vp"] == 9
        assert "blue_vp" not in calibration_rows(app.store)[4]["unconfirmed"]
        assert dockyard_track(app.store).at(5).blue_vp == 9

        start_at(app, data, Step("sheet"))
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        assert app.screen.query_one(DataTable).get_cell("dockyard", "Ana").plain == "9"


async def test_a_value_the_board_cannot_show_is_refused_with_a_message(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_it(pilot)
        await type_into(pilot, "blue_vp", 5, "25")
        assert cell(app, "blue_vp", 5).has_class("-invalid")
        assert "Blue VP, space 5: 25 is not accepted; a whole number from 0 to 20." in status(app)
        await type_into(pilot, "yellow_commercial_level", 2, "4")
        assert "from 0 to 3" in status(app)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, CalibrationScreen)
        assert status(app).startswith("Not saved: Yellow Commercial Level, space 2: 4 is not accepted")
        assert app.focused is cell(app, "yellow_commercial_level", 2)  # the first wrong cell, to fix it
        assert app.store.setting(DOCKYARD) is None


async def test_letters_never_land_in_a_cell(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_it(pilot)
        await type_into(pilot, "red_naval_shields", 3, "x")
        assert cell(app, "red_naval_shields", 3).text == "3"


async def test_enter_confirms_a_value_as_shown_and_moves_on(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_it(pilot)
        cell(app, "blue_vp", 5).focus()
        await press(pilot, "enter")
        assert mark(app, "blue_vp", 5) == ""
        assert app.focused is cell(app, "blue_vp", 6)
        await press(pilot, "up")
        assert app.focused is cell(app, "yellow_naval_shields", 6)
        await press(pilot, "ctrl+s")
        assert "blue_vp" not in calibration_rows(app.store)[4]["unconfirmed"]
        assert calibration_rows(app.store)[4]["blue_vp"] == 8


async def test_r_puts_the_book_values_back(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_it(pilot)
        await type_into(pilot, "blue_vp", 5, "25")
        await press(pilot, "r")
        assert cell(app, "blue_vp", 5).text == "8"
        assert mark(app, "blue_vp", 5) == "?"
        assert not cell(app, "blue_vp", 5).has_class("-invalid")


async def test_escape_with_unsaved_changes_asks_first(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_it(pilot)
        await type_into(pilot, "blue_vp", 1, "3")
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "n")
        assert isinstance(app.screen, CalibrationScreen) and cell(app, "blue_vp", 1).text == "3"
        await press(pilot, "escape", "y")
        assert isinstance(app.screen, HomeScreen)
        assert app.store.setting(DOCKYARD) is None


async def test_the_calibration_survives_reopening_the_history(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_it(pilot)
        await type_into(pilot, "blue_vp", 5, "9")
        await press(pilot, "ctrl+s")
    app = make_app()  # the same history file, opened again
    async with app.run_test(size=(80, 24)) as pilot:
        await open_it(pilot)
        assert cell(app, "blue_vp", 5).text == "9" and mark(app, "blue_vp", 5) == ""
        assert "Your board's values, saved" in status(app)
        await press(pilot, "escape")  # nothing changed: no question
        assert isinstance(app.screen, HomeScreen)


async def test_the_sheet_recomputes_when_the_table_calibrates_from_it(make_app):
    data = with_blue_ship_on(example("leaders-armada-7p.json"), "Ana", 5)
    app = make_app(data, Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(DataTable).get_cell("dockyard", "Ana").plain == "8"
        await press(pilot, "d")
        assert isinstance(app.screen, CalibrationScreen)
        await type_into(pilot, "blue_vp", 5, "7")
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, SheetScreen)
        assert app.screen.query_one(DataTable).get_cell("dockyard", "Ana").plain == "7"


def test_snapshot_calibration(snap_compare, make_app):
    async def run_before(pilot) -> None:
        await open_it(pilot)

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)


async def test_calibration_in_portuguese(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_it(pilot)
        screen = app.screen
        assert "Marcado com ?: não confirmado pelas regras" in str(screen.query_one("#dock-intro", Static).render())
        labels = [str(label.render()) for label in screen.query(".dock-label").results(Label)]
        assert labels[:3] == ["Espaço", "Vermelha Escudos Navais", "Amarela  Nível Comercial"]
        assert labels[-1] == "Verde    nível de Exploração"
        assert status(app) == "Os valores das regras (nunca calibrado) · 17 valores ainda marcados com ?."
        words = footer(screen)
        assert (words["ctrl+s"], words["r"], words["escape"]) == ("Salvar", "Valores das regras", "Voltar")
        await type_into(pilot, "blue_vp", 5, "25")
        assert status(app) == "PV da frota Azul, espaço 5: 25 não é aceito; um número inteiro de 0 a 20."
        await press(pilot, "ctrl+s")
        assert status(app).startswith("Não salvo: PV da frota Azul, espaço 5: 25 não é aceito")
        assert [(n.title, n.message) for n in compat.notifications(app)][-1] == (
            "Não salvo",
            "PV da frota Azul, espaço 5: um número inteiro de 0 a 20.",
        )
        await press(pilot, "escape")
        assert isinstance(app.screen, ConfirmDialog)
        assert "Sair da calibração do Estaleiro sem salvar" in str(app.screen.query(Static).first().render())
        await press(pilot, "n")
        await type_into(pilot, "blue_vp", 5, "9")
        assert status(app).endswith("16 valores ainda marcados com ? · ainda não salvo (ctrl+s).")
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, HomeScreen)
        assert any(
            n.message.startswith("Calibração do Estaleiro salva (16 valores ainda não conferidos): ")
            for n in compat.notifications(app)
        )
        await open_it(pilot)
        assert re.match(r"Os valores do seu tabuleiro, salvos em \d\d/\d\d/\d{4} · 16 valores", status(app))
