"""The score sheet, driven with the keyboard: the same numbers as `wonders-scorer score`, cells explained,
inputs edited at their step, the game saved to history."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from scorer.flow import Step
from scorer.history.settings import DOCKYARD, book_rows
from scorer.validate import load_record
from tests.records import example
from tests.replay import cli_sheet
from tests.tui.driver import (
    check_sheet_screen,
    footer,
    leave_result,
    notifications,
    press,
    settle,
    start_at,
    type_keys,
    workers_done,
)
from widgets.dialogs.confirm import ConfirmDialog
from widgets.screens import steps
from widgets.screens.base import StepScreen
from widgets.screens.cell_detail import CellDetail, PickAge
from widgets.screens.sheet import SheetScreen, column_width, short_names


class StandIn(StepScreen):
    """Where `e` lands: the other step screens are not under test here (and are built alongside)."""


@pytest.fixture(autouse=True)
def stand_in_steps(monkeypatch):
    for kind in ("age", "end", "recruitment", "conflicts"):
        monkeypatch.setitem(steps.SCREENS, kind, f"{__name__}:StandIn")


def text_of(screen) -> str:
    return "\n".join(str(widget.render()) for widget in screen.query(Static))


@pytest.mark.parametrize("name", ["leaders-armada-7p.json", "base-3p.json", "teams-armada-6p.json"])
async def test_the_sheet_is_the_cli_sheet_cell_by_cell(make_app, name):
    data = example(name)
    expected = cli_sheet(load_record(data))
    app = make_app(data, Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SheetScreen)
        check_sheet_screen(app.screen, expected)


async def test_winner_and_tie_break_are_said_in_words(make_app):
    app = make_app(example("teams-armada-6p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = text_of(app.screen)
        assert "Tie-break: Tied at 136 VP (Ari+Bel 9 coins, Caz+Dev 9 coins)" in text
        assert "1st ★Ari+Bel 136" in text and "3rd Eli+Fay 104" in text

    app = make_app(example("leaders-armada-7p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "★ Ben wins with 106 VP, 19 ahead." in text_of(app.screen)


async def test_enter_opens_how_a_cell_was_computed(make_app):
    app = make_app(example("leaders-armada-7p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # Ana's Military, where the cursor starts
        assert isinstance(app.screen, CellDetail)
        text = text_of(app.screen)
        assert "Ana · Military" in text and "-4 VP" in text
        assert "tokens: +1, -1, -1, -1, -1, -1" in text  # the account
        assert "Ana (1) beats Ben (0) in Age I" in text  # the conflict that gave her +1
        assert "“If you have more Shields than a neighbour" in text  # the rulebook quote
        assert "— 7 Wonders rulebook" in text  # and where it is printed
        await press(pilot, "escape")
        assert isinstance(app.screen, SheetScreen)


async def test_a_naval_cell_shows_each_ages_conflict(make_app):
    app = make_app(example("leaders-armada-7p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "down", "right", "enter")  # Ben's Naval
        text = text_of(app.screen)
        assert "Ben · Naval" in text and "-6 VP" in text
        assert "Age I — naval strength 0" in text and "Naval Defeat token -3" in text
        assert "— Armada rulebook" in text


async def test_e_on_military_asks_the_age_and_opens_it_for_that_player(make_app):
    app = make_app(example("leaders-armada-7p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "right", "e")  # Ben's Military
        assert isinstance(app.screen, PickAge)
        assert "Ben's Military" in text_of(app.screen)
        await press(pilot, "2")
        assert isinstance(app.screen, StandIn)
        assert app.session.step == Step("age", 2)
        assert app.session.record.progress == {"step": "age", "age": 2, "player": "Ben"}


@pytest.mark.parametrize(
    ("keys", "step"),
    [
        (("down", "down"), Step("end")),  # Treasury
        (("down", "down", "down"), Step("age", 3)),  # Wonder: entered with the age's cards
        (("down",) * 12, Step("end")),  # Coins
    ],
)
async def test_e_goes_where_the_input_is_entered(make_app, keys, step):
    app = make_app(example("leaders-armada-7p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "right", "right", *keys, "e")
        assert app.session.step == step
        assert app.session.record.progress["player"] == "Cris"


async def test_e_from_the_cell_detail_edits_that_cell(make_app):
    app = make_app(example("base-3p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "down", "enter", "e")  # Ann's Treasury
        assert app.session.step == Step("end")
        assert app.session.record.progress["player"] == "Ann"


async def test_an_edit_shows_on_the_sheet_when_the_table_comes_back(make_app):
    app = make_app(example("base-3p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "down", "e")  # Ann's Treasury → the end of the game
        assert app.session.apply(lambda data: data["end"]["Ann"].update(coins=30)) is None
        app.session.go(Step("sheet"))
        app.show_step()
        await settle(pilot)
        table = app.screen.query_one(DataTable)
        assert table.get_cell("treasury", "Ann").plain == "10"
        assert table.get_cell("total", "Ann").plain == "65"
        assert table.columns["Ann"].label.plain == "★Ann"
        await press(pilot, "ctrl+z")  # undo on the sheet recomputes too
        assert table.get_cell("treasury", "Ann").plain == "1"


async def test_s_saves_the_game_as_finished_and_goes_home(make_app):
    data = example("leaders-armada-7p.json")
    app = make_app(data, Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        await leave_result(pilot)
        [game] = app.store.games()
        assert (game.id, game.status, game.winners) == (data["id"], "finished", ("Ben",))
        assert app.store.load(data["id"]).status == "finished"


async def test_saving_without_everyones_coins_asks_first(make_app):
    data = example("base-3p.json")
    del data["end"]["Bob"]
    app = make_app(data, Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "No coins for Bob (counted 0)." in text_of(app.screen)
        await press(pilot, "s")
        assert isinstance(app.screen, ConfirmDialog)
        assert "no coins entered for Bob" in text_of(app.screen)
        await press(pilot, "n")
        assert isinstance(app.screen, SheetScreen)
        app._saver.flush()
        assert app.store.games("finished") == []
        await press(pilot, "s", "y")
        await leave_result(pilot)
        assert [g.status for g in app.store.games()] == ["finished"]


async def test_escape_goes_back_to_the_end_of_the_game(make_app):
    app = make_app(example("base-3p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "escape")  # said first, so one Escape too many does not walk the game back
        assert app.session.step == Step("sheet")
        assert notifications(app)[-1] == "Escape again goes back to End of the game."
        await press(pilot, "escape")
        assert app.session.step == Step("end")


async def test_the_sheet_scores_with_the_tables_dockyard_calibration(make_app):
    data = example("leaders-armada-7p.json")
    for age in data["ages"]:  # Ana's Blue ship stops on space 5
        age["players"]["Ana"]["ships"]["blue"] = min(age["players"]["Ana"]["ships"]["blue"], 5)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rows = book_rows()
        rows[4]["blue_vp"] = 9
        app.store.put_setting(DOCKYARD, {"spaces": rows, "saved_at": "2026-11-27T20:00:00+00:00"})
        start_at(app, data, Step("sheet"))
        await settle(pilot)
        table = app.screen.query_one(DataTable)
        assert table.get_cell("dockyard", "Ana").plain == "9"
        assert cli_sheet(load_record(data))["players"][0]["rows"]["dockyard"] == 8  # the book's value, for contrast
        assert "Dockyard: book values" not in text_of(app.screen)


EIGHT = {
    "schema": 1,
    "played_on": "2026-11-27",
    "expansions": ["armada", "leaders"],
    "players": [
        {"name": name, "wonder": wonder, "side": "A", "wonder_fleet": fleet}
        for name, wonder, fleet in [
            ("Alexandre", "Gizah", "blue"),
            ("Alexandra", "Babylon", "green"),
            ("Bernadette", "Ephesos", "yellow"),
            ("Cristóvão", "Alexandria", "green"),
            ("Dora", "Halicarnassus", "red"),
            ("Florentina", "Olympia", "red"),
            ("Guto", "Rhodes", "yellow"),
            ("Maximiliano", "Rome", "blue"),
        ]
    ],
    "teams": [["Alexandre", "Alexandra"], ["Bernadette", "Cristóvão"], ["Dora", "Florentina"], ["Guto", "Maximiliano"]],
    "ages": [],
    "end": {},
}


async def test_eight_long_names_in_teams_fit_80x24_with_every_note(make_app):
    """The worst case: 8 players, all rows, a four-way team tie, nothing entered (every note shows)."""
    app = make_app(EIGHT, Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.max_scroll_y == 0  # nothing pushed below the Footer
        table = screen.query_one(DataTable)
        assert table.virtual_size.width <= 78 and table.max_scroll_x == 0
        headers = [column.label.plain for column in table.columns.values()][1:]
        assert headers == ["★Ale…e", "★Ale…a", "★Bern…", "★Cris…", "★Dora", "★Flor…", "★Guto", "★Maxi…"]
        text = text_of(screen)
        assert "4 teams share the win" in text and "No coins for 8 players" in text
        assert "assumed values (not in the rulebook; d: check your board)" in text
        await press(pilot, "left")  # the row names are not a cell: the cursor stays on the first player
        assert "Alexandre · Military" in text_of(screen)
        await press(pilot, "right")
        assert "Alexandra · Military" in text_of(screen)  # the full name of the highlighted column


def test_eight_players_fit_80_columns():
    width = column_width(8)
    assert 12 + 8 * (width + 2) <= 78
    names = ["Alexandre", "Alexandra", "Bernadette", "Bob"]
    short = short_names(names, dict.fromkeys(names, 6))
    assert short == {"Alexandre": "Alex…e", "Alexandra": "Alex…a", "Bernadette": "Berna…", "Bob": "Bob"}


# --- snapshots (80x24) ------------------------------------------------------------------------------------


def at_sheet(name: str, *keys: str):
    async def run_before(pilot) -> None:
        start_at(pilot.app, example(name), Step("sheet"))
        await settle(pilot)
        if keys:
            await press(pilot, *keys)
            await settle(pilot)

    return run_before


def test_snapshot_sheet_base_3_players(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=at_sheet("base-3p.json"))


def test_snapshot_sheet_leaders_armada_7_players(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=at_sheet("leaders-armada-7p.json"))


def test_snapshot_cell_detail(snap_compare, make_app):
    assert snap_compare(
        make_app(), terminal_size=(80, 24), run_before=at_sheet("leaders-armada-7p.json", "right", "enter")
    )


# --- in Portuguese ----------------------------------------------------------------------------------------


async def test_the_sheet_speaks_portuguese(make_app, portuguese):
    app = make_app(example("leaders-armada-7p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen.query_one(DataTable)
        labels = [table.get_cell(row, "__row__") for row in table.rows]
        assert [str(label) for label in labels] == [
            "Militar",
            "Naval",
            "Tesouro",
            "Maravilha",
            "Civil",
            "Comercial",
            "Guildas",
            "Ciência",
            "Líderes",
            "Ilhas",
            "Estaleiro",
            "Total",
            "Moedas",
            "Colocação",
        ]
        assert table.get_cell("place", "Ben").plain == "1º"
        text = text_of(app.screen)
        assert "★ Ben vence com 106 PV, 19 à frente." in text
        assert "Ana · Militar -4   Enter: ver o cálculo · e: corrigir" in text
        words = footer(app.screen)
        assert (words["enter"], words["e"], words["s"], words["d"]) == ("Ver", "Corrigir", "Salvar", "Estaleiro")

        await press(pilot, "enter")  # Ana's Military
        assert isinstance(app.screen, CellDetail)
        text = text_of(app.screen)
        assert "Ana · Militar" in text and "-4 PV" in text and "Era I — Escudos 1:" in text
        assert "As regras" in text
        await press(pilot, "escape", "right", "e")  # Ben's Military: which age?
        assert isinstance(app.screen, PickAge)
        assert "Militar de Ben: qual Era corrigir?" in text_of(app.screen)
        assert "Era II: " in text_of(app.screen) and "Escudos, fichas" in text_of(app.screen)
        await press(pilot, "escape")
        await press(pilot, *["down"] * 13, "enter")  # Ben's Place
        text = text_of(app.screen)
        assert "Ben · Colocação" in text and "1º ★ venceu" in text
        assert "Ben — 106 PV, 3 Moedas" in text


async def test_a_tie_and_missing_coins_are_said_in_portuguese(make_app, portuguese):
    app = make_app(example("teams-armada-6p.json"), Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = text_of(app.screen)
        assert "Equipes 1º ★Ari+Bel 136" in text and "3º Eli+Fay 104" in text
        assert "Desempate: " in text

    data = example("base-3p.json")
    del data["end"]["Bob"]
    app = make_app(data, Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Sem Moedas para Bob (contam 0)." in text_of(app.screen)
        await press(pilot, "s")
        assert isinstance(app.screen, ConfirmDialog)
        assert "sem Moedas digitadas para Bob" in text_of(app.screen)
        assert "salvar assim mesmo" in text_of(app.screen)
        words = footer(app.screen)
        assert (words["s"], words["n"]) == ("Sim", "Não") and "y" not in words  # s de Sim (issue 31 item 7)
        await press(pilot, "y")  # the English key answers nothing in Portuguese
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "n", "right", *["down"] * 8, "enter")  # Bob's Coins
        assert "Nenhuma Moeda digitada para este jogador" in text_of(app.screen)


async def test_eight_long_names_in_teams_fit_80x24_in_portuguese(make_app, portuguese):
    app = make_app(EIGHT, Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.max_scroll_y == 0
        table = screen.query_one(DataTable)
        assert table.virtual_size.width <= 78 and table.max_scroll_x == 0
        text = text_of(screen)
        assert "4 equipes dividem a vitória" in text and "Sem Moedas para 8 jogadores" in text
        assert "Falta registrar: Era I, Era II, Era III." in text
        assert "valores presumidos, não impressos no livro (d: confira)" in text


def test_snapshot_sheet_leaders_armada_7_players_in_portuguese(snap_compare, make_app, portuguese):
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=at_sheet("leaders-armada-7p.json"))


async def test_n_gives_the_game_a_note_that_stays_with_it_and_its_times_are_kept_when_saved(make_app):
    """Issue 30 item 5: a one-line note typed on the sheet is shown there, saved with the game and changed on
    the result that stays; the saved game has its start, end and play time."""
    from widgets.dialogs.note import NoteDialog
    from widgets.screens.past_game import PastGameScreen

    data = example("base-3p.json")
    app = make_app(data, Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "n")
        assert isinstance(app.screen, NoteDialog)
        await type_keys(pilot, *"Cid's  first win", "enter")
        assert isinstance(app.screen, SheetScreen) and "“Cid's first win”" in text_of(app.screen)
        await press(pilot, "ctrl+z")  # undo takes the note back, as any edit
        assert "“" not in text_of(app.screen)
        await press(pilot, "n")
        await type_keys(pilot, *"Cid's revenge", "enter")
        await press(pilot, "s")
        assert isinstance(app.screen, PastGameScreen) and "“Cid's revenge”" in text_of(app.screen)
        stored = app.store.load(data["id"])
        assert stored.note == "Cid's revenge" and stored.started_at is not None and stored.played_seconds is not None
        assert stored.ended_at is not None and stored.ended_at >= stored.started_at
        await press(pilot, "n")  # the note as it is, selected: typing replaces it, End goes on from it
        await press(pilot, "end", *["backspace"] * 7)
        await type_keys(pilot, *"second win", "enter")
        await settle(pilot)
        assert "“Cid's second win”" in text_of(app.screen)
        assert app.store.load(data["id"]).note == "Cid's second win"
        assert app.store.summary(data["id"]).note == "Cid's second win" and not app.store.load(data["id"]).corrections
        await press(pilot, "n", "escape")  # Escape leaves the note as it was
        assert app.store.load(data["id"]).note == "Cid's second win"


async def test_i_saves_the_sheet_as_a_picture_beside_the_history_on_the_sheet_and_the_result(make_app):
    """Issue 30 item 2: the picture for the group chat, from the sheet in game and from the result that stays
    after s; a second one never replaces the first."""
    from PIL import Image

    data = example("base-3p.json")
    app = make_app(data, Step("sheet"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "i")
        await workers_done(app)
        await settle(pilot)
        folder = app.db_path.parent / "pictures"
        first = folder / "2026-11-20-0b8c1d2e.png"
        assert Image.open(first).width == 1080
        assert any(f"Picture saved: {first}" in said for said in notifications(app))
        await press(pilot, "s", "i")  # the result, after saving
        await workers_done(app)
        await settle(pilot)
        assert sorted(path.name for path in folder.iterdir()) == [
            "2026-11-20-0b8c1d2e-2.png",
            "2026-11-20-0b8c1d2e.png",
        ]
