"""The history list, driven with the keyboard: games listed, sorted and filtered, a past sheet opened with its
rulings, a game deleted after asking, games exported (JSON, CSV) and imported, bad paths and files refused."""

from __future__ import annotations

import csv
import gc
import json
import threading
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Static

from scorer.errors import InputError
from scorer.history import GameSummary, HistoryStore, import_files
from scorer.history.settings import DOCKYARD, book_rows
from scorer.rules.sheet import score_game
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import column, footer, notifications, open_history, press, settle
from widgets import compat
from widgets.dialogs.confirm import ConfirmDialog
from widgets.screens.cell_detail import CellDetail
from widgets.screens.history import HistoryScreen, row_of
from widgets.screens.history_dialogs import ExportDialog, ImportDialog
from widgets.screens.home import HomeScreen
from widgets.screens.past_game import PastGameScreen

EXAMPLES = ("base-3p.json", "leaders-5p.json", "leaders-armada-7p.json", "teams-armada-6p.json")
NEWEST_FIRST = ["2026-12-18", "2026-12-11", "2026-12-04", "2026-11-20"]


def save_examples(app, *names: str) -> None:
    for name in names or EXAMPLES:
        app.store.save(load_record(example(name)))


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def dialog_text(screen) -> str:
    return "\n".join(str(widget.render()) for widget in screen.query(Static))


async def test_the_list_shows_every_saved_game_newest_first(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        screen = await open_history(app, pilot)
        assert column(screen, "date") == NEWEST_FIRST
        assert column(screen, "players") == ["6", "7", "5", "3"]
        assert column(screen, "winner") == ["★Ari+Bel+Caz+Dev", "★Ben", "★Ana", "★Cid"]  # two teams tied: all four
        assert column(screen, "total") == ["136", "106", "73", "57"]  # a team game: the winning team's total
        assert column(screen, "everyone")[3] == "Cid 57 · Ann 56 · Bob 39"  # everyone, in place order
        assert column(screen, "everyone")[0].startswith("Ari+Bel 136 · Caz+Dev 1")  # teams, as ranked
        assert text(screen, "#history-status") == "4 of 4 games · all games · sorted by date, newest first"
        detail = text(screen, "#history-detail")  # the highlighted game in full
        assert detail.startswith("2026-12-18 · Armada · age by age · 6 players · ★Dev (Babylon A) 86")
        assert "Fay (Alexandria B) 40" in detail
        await press(pilot, "down")
        detail = text(screen, "#history-detail")
        assert detail.startswith("2026-12-11 · Leaders + Armada · age by age · 7 players · ★Ben (")
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)


async def test_the_rows_filled_in_one_go_are_in_order_the_cursor_reaches_the_last_and_again_after_a_sort(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        screen = await open_history(app, pilot)
        table = screen.query_one(DataTable)
        assert [row.key for row in table.ordered_rows] == [table.coordinate_to_cell_key((i, 0))[0] for i in range(4)]
        assert table.virtual_size.height == 4 + 1  # every row one line, and the header
        await press(pilot, "down", "down", "down", "down")  # the last row, and no further
        assert table.cursor_row == 3
        assert text(screen, "#history-detail").startswith("2026-11-20 · ")
        await press(pilot, "r")  # oldest first: the rows again, in the new order
        assert column(screen, "date") == NEWEST_FIRST[::-1]
        assert [row.key for row in table.ordered_rows] == [table.coordinate_to_cell_key((i, 0))[0] for i in range(4)]
        assert table.virtual_size.height == 4 + 1


async def test_the_heap_is_frozen_while_the_list_is_open_and_given_back_when_it_closes(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        await open_history(app, pilot)
        assert gc.get_freeze_count() > 0  # the games read are not walked by every full collection
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert gc.get_freeze_count() == 0  # what became garbage meanwhile is collected again


async def test_while_the_games_are_read_the_screen_says_so_and_escape_leaves(make_app, monkeypatch):
    """The status line says how many games are coming, under nothing (the screen once called its state
    `loading`, which is Textual's own: it covered the whole screen with an animated loading indicator), and
    Escape goes back home before the games arrive."""
    app = make_app()
    release = threading.Event()
    read = HistoryStore.games

    def slow_games(store, *args, **kwargs):
        release.wait(10)
        return read(store, *args, **kwargs)

    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app, "base-3p.json")
        monkeypatch.setattr(HistoryStore, "games", slow_games)
        app.push_screen(HistoryScreen())
        await pilot.pause()  # not settle: it would wait for the reading held back
        screen = app.screen
        assert isinstance(screen, HistoryScreen) and not screen.is_ready
        assert not screen.loading and not screen.query("LoadingIndicator")
        assert text(screen, "#history-status") == "Loading 1 game…"
        await pilot.press("escape")
        release.set()
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


async def test_opened_again_over_an_unchanged_history_the_list_is_shown_without_reading_it_again(make_app, monkeypatch):
    """The games read at the first opening are kept while the history is unchanged (widgets.history_reads):
    the next opening shows them filled before its first frame, with no worker and no "Loading" line; a game
    saved or deleted meanwhile moves the history on, and the opening after reads it again."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        first = await open_history(app, pilot)
        shown = column(first, "date"), text(first, "#history-status"), text(first, "#history-detail")
        await press(pilot, "escape")
        await settle(pilot)
        read = HistoryStore.games

        def unread(store, *args, **kwargs):
            raise AssertionError("the games were read again")

        monkeypatch.setattr(HistoryStore, "games", unread)
        again = HistoryScreen()
        await app.push_screen(again)  # mounted: nothing waited for on another thread
        assert again.loaded and not again.reading and not again.workers
        await settle(pilot)
        assert again.is_ready
        assert (column(again, "date"), text(again, "#history-status"), text(again, "#history-detail")) == shown
        await press(pilot, "down", "d", "y")  # the second game deleted, after asking
        await settle(pilot)
        assert column(again, "date") == [NEWEST_FIRST[0], *NEWEST_FIRST[2:]]
        await press(pilot, "escape")
        await settle(pilot)
        monkeypatch.setattr(HistoryStore, "games", read)
        save_examples(app, "leaders-armada-7p.json")  # the deleted game, saved again: the history changed twice
        screen = await open_history(app, pilot)
        assert column(screen, "date") == NEWEST_FIRST


async def test_a_game_in_progress_is_listed_but_opened_from_home(make_app):
    draft = example("base-3p.json") | {"status": "in_progress", "id": "5d1c0f9e-0000-4000-8000-000000000001"}
    draft["ages"] = draft["ages"][:2]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app, "leaders-5p.json")
        app.store.save(load_record(draft))
        screen = await open_history(app, pilot)
        assert column(screen, "winner") == ["★Ana", "in progress"]
        assert column(screen, "everyone")[1] == "Ann, Bob, Cid · Age II"
        await press(pilot, "down")
        assert "In progress, Age II entered: resume it from the home screen." in text(screen, "#history-detail")
        await press(pilot, "enter")
        assert app.screen is screen  # no sheet for a game still being played
        await press(pilot, "d")
        assert isinstance(app.screen, ConfirmDialog)
        assert "Discard the game in progress of 2026-11-20 (Ann, Bob, Cid)?" in dialog_text(app.screen)
        await press(pilot, "y")
        await settle(pilot)
        assert [g.status for g in app.store.games()] == ["finished"]
        assert screen.query_one(DataTable).row_count == 1


async def test_s_cycles_the_sort_r_reverses_it_and_a_header_click_chooses_it(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        screen = await open_history(app, pilot)
        await press(pilot, "s")
        # the team game's 136 is Ari and Bel's sum, not one player's total: it comes after the single games
        assert column(screen, "total") == ["106", "73", "57", "136"]
        assert "sorted by winning total (teams last)" in text(screen, "#history-status")
        assert str(screen.query_one(DataTable).columns["total"].label) == "VP ▼"
        await press(pilot, "s")
        assert column(screen, "players") == ["7", "6", "5", "3"]
        await press(pilot, "s")
        assert [w.split("+")[0] for w in column(screen, "winner")] == ["★Ana", "★Ari", "★Ben", "★Cid"]
        await press(pilot, "r")
        assert [w.split("+")[0] for w in column(screen, "winner")] == ["★Cid", "★Ben", "★Ari", "★Ana"]
        assert "sorted by winner, A to Z, reversed" in text(screen, "#history-status")
        await press(pilot, "s")  # back to the date, newest first
        assert column(screen, "date") == NEWEST_FIRST
        await pilot.click(DataTable, offset=(2, 0))  # the Date header: already the sort, so it reverses
        assert column(screen, "date") == NEWEST_FIRST[::-1]
        assert str(screen.query_one(DataTable).columns["date"].label) == "Date ▲"


async def test_the_filter_narrows_the_list_and_says_how_many(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        screen = await open_history(app, pilot)
        await press(pilot, "f")
        await press(pilot, *"ana")
        await settle(pilot)
        assert column(screen, "date") == ["2026-12-11", "2026-12-04"]  # the two games Ana played
        assert text(screen, "#history-status").startswith("2 of 4 games · Ana · sorted by date")
        await press(pilot, "escape")  # out of the filter, back to the list (the filter stays)
        assert isinstance(app.screen, HistoryScreen) and screen.query_one(DataTable).has_focus
        assert screen.query_one(DataTable).row_count == 2


async def test_enter_in_the_filter_applies_it_and_gives_the_keys_back_to_the_list(make_app):
    """f, Ana, Enter, x exports the two games Ana played: the x is not typed into the filter (Anax)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        screen = await open_history(app, pilot)
        await press(pilot, "f", *"Ana", "enter", "x")
        await settle(pilot)
        assert screen.query_one("#filter-player", Input).value == "Ana"
        assert isinstance(app.screen, ExportDialog)
        assert "the 2 shown (Ana)" in dialog_text(app.screen)


async def test_enter_opens_the_past_games_sheet_and_a_cells_rulings(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        screen = await open_history(app, pilot)
        await press(pilot, "down", "enter")  # the 7-player Leaders + Armada game
        assert isinstance(app.screen, PastGameScreen)
        table = app.screen.query_one(DataTable)
        assert table.get_cell("total", "Ben").plain == "106"
        assert table.columns["Ben"].label.plain == "★Ben"
        assert "★ Ben wins with 106 VP, 19 ahead." in dialog_text(app.screen)
        assert "Enter: how" in dialog_text(app.screen) and "e: edit" not in dialog_text(app.screen)
        await press(pilot, "enter")  # Ana's Military
        assert isinstance(app.screen, CellDetail)
        assert "Ana (1) beats Ben (0) in Age I" in dialog_text(app.screen)
        assert "“If you have more Shields than a neighbour" in dialog_text(app.screen)
        await press(pilot, "e")  # a past game is read-only: nothing to edit
        assert isinstance(app.screen, CellDetail)
        await press(pilot, "escape", "escape")
        assert app.screen is screen


async def test_the_past_sheet_scores_with_the_tables_dockyard_calibration(make_app):
    data = example("leaders-armada-7p.json")
    for age in data["ages"]:  # Ana's Blue ship stops on space 5
        age["players"]["Ana"]["ships"]["blue"] = min(age["players"]["Ana"]["ships"]["blue"], 5)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rows = book_rows()
        rows[4]["blue_vp"] = 9  # the book says 8
        app.store.put_setting(DOCKYARD, {"spaces": rows, "saved_at": "2026-11-27T20:00:00+00:00"})
        app.store.save(load_record(data))
        screen = await open_history(app, pilot)
        book = next(p.total for p in score_game(load_record(data)).players if p.name == "Ana")
        assert f"Ana (Gizah A) {book + 1}" in text(screen, "#history-detail")  # the list's totals agree
        await press(pilot, "enter")
        assert app.screen.query_one(DataTable).get_cell("dockyard", "Ana").plain == "9"


async def test_a_new_calibration_from_the_past_sheet_rescores_it_and_the_list(make_app):
    data = example("leaders-armada-7p.json")
    for age in data["ages"]:
        age["players"]["Ana"]["ships"]["blue"] = min(age["players"]["Ana"]["ships"]["blue"], 5)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.store.save(load_record(data))
        screen = await open_history(app, pilot)
        before = text(screen, "#history-detail")
        await press(pilot, "enter", "d")  # the sheet's Dockyard key opens the calibration
        assert type(app.screen).__name__ == "CalibrationScreen"
        rows = book_rows()
        rows[4]["blue_vp"] = 9
        app.store.put_setting(DOCKYARD, {"spaces": rows, "saved_at": "2026-11-27T20:00:00+00:00"})  # as if typed
        await press(pilot, "escape")
        assert isinstance(app.screen, PastGameScreen)
        assert app.screen.query_one(DataTable).get_cell("dockyard", "Ana").plain == "9"
        await press(pilot, "escape")
        await settle(pilot)
        assert app.screen is screen and text(screen, "#history-detail") != before


async def test_a_game_the_rules_cannot_score_says_why_instead_of_opening(make_app, monkeypatch):
    def refuse(record, track=None):
        raise KeyError("Stone Pit")

    monkeypatch.setattr("widgets.screens.past_game.score_game", refuse)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app, "base-3p.json")
        screen = await open_history(app, pilot)
        await press(pilot, "enter")
        assert app.screen is screen
        [message] = notifications(app)
        assert message == "This game's sheet cannot be shown: cannot score it with these rules ('Stone Pit')"


async def test_delete_asks_first_then_removes_the_game_and_keeps_the_cursor_near(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        screen = await open_history(app, pilot)
        await press(pilot, "down", "delete")
        assert isinstance(app.screen, ConfirmDialog)
        assert "Delete the game of 2026-12-11 (★Ben 106; Ana, Ben, Cris, Dora, Enzo, Flor, Guto) for good?" in (
            dialog_text(app.screen)
        )
        await press(pilot, "n")
        assert app.screen is screen and len(app.store.games()) == 4
        await press(pilot, "d", "y")
        await settle(pilot)
        assert column(screen, "date") == ["2026-12-18", "2026-12-04", "2026-11-20"]
        assert screen.query_one(DataTable).cursor_row == 1  # on the next game, 2026-12-04
        assert "2026-12-11" not in {g.played_on for g in app.store.games()}
        assert text(screen, "#history-status").startswith("3 of 3 games")


async def export_with(
    app, pilot, path: Path, *, csv_format: bool = False, bgstats: bool = False, all_games: bool = False
) -> None:
    await press(pilot, "x")
    dialog = app.screen
    assert isinstance(dialog, ExportDialog)
    dialog.query_one(Input).value = str(path)
    if csv_format:
        await press(pilot, "down", "enter")  # the format is focused first
    if bgstats:
        await press(pilot, "down", "down", "enter")
    if all_games:
        await press(pilot, "tab", "down", "enter")
    await settle(pilot)
    await press(pilot, "ctrl+s")
    await settle(pilot)


async def test_json_export_of_the_filtered_games_imports_into_a_fresh_history(make_app, tmp_path):
    target = tmp_path / "night.json"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        await open_history(app, pilot)
        await press(pilot, "f", *"ana", "escape")
        await settle(pilot)
        await press(pilot, "x")
        assert "the 2 shown (Ana)" in dialog_text(app.screen) and "all 4 stored" in dialog_text(app.screen)
        assert app.screen.query_one(Input).value == "~/wonders-history-2026-11-27.json"
        await press(pilot, "escape")
        await export_with(app, pilot, target)
        assert isinstance(app.screen, HistoryScreen)
        assert notifications(app)[-1] == f"2 games written to {target} (JSON)."

    fresh = make_app()
    fresh.db_path = tmp_path / "other-table.json"
    async with fresh.run_test(size=(80, 24)) as pilot:
        screen = await open_history(fresh, pilot)
        await press(pilot, "i")
        assert isinstance(fresh.screen, ImportDialog)
        fresh.screen.query_one(Input).value = str(target)  # a long path typed key by key only slows the test
        await press(pilot, "enter")
        await settle(pilot)
        assert fresh.screen is screen
        assert [n.message for n in compat.notifications(fresh)][-1] == "Added 2, completed 0, skipped 0 (already here)."
        await settle(pilot)
        assert column(screen, "date") == ["2026-12-11", "2026-12-04"]


async def test_csv_export_of_all_games_has_a_row_per_player(make_app, tmp_path):
    target = tmp_path / "games.csv"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        await open_history(app, pilot)
        await press(pilot, "f", *"ana", "escape")
        await export_with(app, pilot, tmp_path / "games.json", csv_format=True, all_games=True)
        assert not (tmp_path / "games.json").exists()  # the extension followed the format
        rows = list(csv.DictReader(target.open(encoding="utf-8-sig")))
        assert len(rows) == 3 + 5 + 7 + 6
        assert {row["game_id"] for row in rows} == {example(name)["id"] for name in EXAMPLES}


async def test_bgstats_export_of_the_filtered_games_has_their_plays(make_app, tmp_path):
    target = tmp_path / "night.bgsplay"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        await open_history(app, pilot)
        await press(pilot, "f", *"ana", "escape")
        await export_with(app, pilot, tmp_path / "night.json", bgstats=True)
        assert not (tmp_path / "night.json").exists()  # the extension followed the format
        assert notifications(app)[-1] == f"2 games written to {target} (BG Stats)."
        shown = {g.id for g in app.store.games() if "Ana" in g.names}
    plays = json.loads(target.read_text(encoding="utf-8"))["plays"]
    from scorer.history.bgstats import stable_uuid

    assert {play["uuid"] for play in plays} == {stable_uuid("play", game_id) for game_id in shown}


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "type a file path, e.g. ~/wonders-history-2026-11-27.json"),
        ("{tmp}/no/such/folder/games.json", "the folder {tmp}/no/such/folder does not exist"),
        ("{tmp}", "{tmp} is a folder; add a file name, e.g. {tmp}/wonders-history-2026-11-27.json"),
        ("{db}", "{db} is the history file itself, or a history offered beside it; choose another file"),
        ("{db}.lock", "{db}.lock is the history's lock file (it keeps two writers apart); choose another file"),
        ("{link}", "{link} is not a regular file (a link, a folder, a pipe or a device); choose a new file"),
        ("/dev/null", "/dev/null is not a regular file"),
    ],
)
async def test_an_export_path_that_cannot_be_written_is_refused_with_the_reason(make_app, tmp_path, typed, message):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app, "base-3p.json")
        await open_history(app, pilot)
        await press(pilot, "x")
        dialog = app.screen
        link = tmp_path / "link.json"
        link.symlink_to(tmp_path / "elsewhere.json")
        lock = app.db_path.with_name(app.db_path.name + ".lock")
        lock_before = lock.read_bytes() if lock.exists() else None
        dialog.query_one(Input).value = typed.format(tmp=tmp_path, db=app.db_path, link=link)
        await settle(pilot)
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert app.screen is dialog  # not written, still asking
        assert " ".join(message.format(tmp=tmp_path, db=app.db_path, link=link).split()) in dialog_text(dialog)
        assert link.is_symlink() and (lock.read_bytes() if lock.exists() else None) == lock_before
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".json") == ["history.json", "link.json"]


async def test_an_existing_file_is_replaced_only_after_asking(make_app, tmp_path):
    target = tmp_path / "keep.json"
    target.write_text("mine", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app, "base-3p.json")
        await open_history(app, pilot)
        await export_with(app, pilot, target)
        assert isinstance(app.screen, ConfirmDialog)
        assert f"{target} already exists. Replace it with this export?" in dialog_text(app.screen)
        await press(pilot, "n")
        assert isinstance(app.screen, ExportDialog) and target.read_text(encoding="utf-8") == "mine"
        await press(pilot, "ctrl+s", "y")
        await settle(pilot)
        assert json.loads(target.read_text(encoding="utf-8"))["format"] == "wonders-scorer-export"


async def test_a_bad_import_file_shows_the_whole_message_and_changes_nothing(make_app, tmp_path):
    bad = example("leaders-5p.json") | {"id": "9e0a7c55-0000-4000-8000-000000000002"}
    bad["players"][0]["wonder"] = "Atlantis"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app, "base-3p.json")
        before = app.db_path.read_bytes()
        await open_history(app, pilot)
        await press(pilot, "i")
        app.screen.query_one(Input).value = str(tmp_path / "nothing.json")
        await press(pilot, "enter")
        assert f"no file at {tmp_path / 'nothing.json'}" in dialog_text(app.screen)
        dialog = app.screen
        dialog.query_one(Input).value = str(tmp_path)
        await press(pilot, "enter")
        assert f"{tmp_path} is not a file" in dialog_text(dialog)
        dialog.query_one(Input).value = str(path)
        await press(pilot, "enter")
        await settle(pilot)
        assert app.screen is dialog
        shown = dialog_text(dialog)
        with pytest.raises(InputError) as refused:
            import_files(HistoryStore.open(tmp_path / "scratch.json"), [path])
        assert f"Nothing imported: {refused.value}" in shown  # the whole message
        assert f"{path} games" not in shown and f"{path}: players[0].wonder: 'Atlantis' is not allowed" in shown
        assert app.db_path.read_bytes() == before
        await press(pilot, "escape")
        assert isinstance(app.screen, HistoryScreen)
    assert len(HistoryStore.open(app.db_path).games()) == 1


def test_long_names_are_cut_to_their_column_with_an_ellipsis():
    names = tuple(f"{name} the Magnificent" for name in ("Ana", "Ben", "Cris"))
    game = GameSummary(
        "id",
        "finished",
        "2026-12-11",
        "2026-12-11T22:00:00+00:00",
        frozenset(),
        names,
        ("Gizah",) * 3,
        ("A",) * 3,
        3,
        rows=("civilian",),
        scores=((50,), (61,), (40,)),
        totals=(50, 61, 40),
        coins=(3, 4, 5),
        ranks=(2, 1, 3),
        won=(False, True, False),
        naval=(),
    )
    day, when, count, winner, total, everyone = (cell.plain for cell in row_of(game))  # Text cells: never markup
    assert (day, when, count, total) == ("2026-12-11", "", "3", "61")
    assert winner == "★Ben the Magnif…" and len(everyone) == 24
    assert everyone == "Ben the Magnificent 61 …"


def test_a_shared_win_names_every_winner_in_the_winner_column():
    """Two teams tied (four winners) fit whole in the 16 columns; longer names are each cut to a share, so
    the last winners are never lost behind one ellipsis (issue 14: '★Ari+Bel+Ca…')."""
    from widgets.screens.history import WIDTHS, winners_cell

    assert winners_cell(("Ari", "Bel", "Caz", "Dev"), WIDTHS["winner"]) == "★Ari+Bel+Caz+Dev"
    assert winners_cell(("Ana",), WIDTHS["winner"]) == "★Ana"
    shared = winners_cell(("Ariadne", "Belmiro", "Cazuza", "Devanir"), WIDTHS["winner"])
    assert shared == "★Ar…+Be…+Ca…+De…" and len(shared) <= WIDTHS["winner"]
    pair = winners_cell(("Ariadne Souza", "Belmiro Lima"), WIDTHS["winner"])
    assert pair == "★Ariadn…+Belmir…" and len(pair) <= WIDTHS["winner"]


# --- snapshots (80x24) ------------------------------------------------------------------------------------


def at_history(*keys: str):
    async def run_before(pilot) -> None:
        save_examples(pilot.app)
        await open_history(pilot.app, pilot)
        if keys:
            await press(pilot, *keys)
            await settle(pilot)

    return run_before


def test_snapshot_history_list(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=at_history("down"))


def test_snapshot_past_game_sheet(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=at_history("down", "enter"))


async def test_the_game_table_still_sizes_itself_without_measuring_cells(make_app):
    """GameTable overrides DataTable._update_dimensions (private, Textual 8.2): if an upgrade renames or
    reshapes it, the override would silently stop working or break scrolling: the table must still know its
    height and move to its last game."""
    import inspect

    from widgets.screens.history import GameTable

    assert list(inspect.signature(DataTable._update_dimensions).parameters) == ["self", "new_rows"]
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        screen = await open_history(app, pilot)
        table = screen.query_one(GameTable)
        assert table.virtual_size.height >= table.row_count == 4
        table.focus()
        await press(pilot, "down", "down", "down")
        assert table.cursor_row == 3 and table.is_valid_row_index(3)


async def test_the_game_table_words_only_the_rows_it_draws(make_app):
    """GameTable.show_games fills DataTable's private row structures (Textual 8.2) with rows worded when drawn:
    each row still reads as row_of words it, the cursor reaches the last game, and rows never scrolled to are
    never worded."""
    from textual.app import App

    from widgets.screens.history import WIDTHS, GameRow, GameTable

    games = [
        GameSummary(
            f"id{i}",
            "finished",
            f"2026-01-{i % 28 + 1:02d}",
            "2026-01-01T22:00:00+00:00",
            frozenset(),
            ("Ana", "Ben", "Cris"),
            ("Gizah",) * 3,
            ("A",) * 3,
            3,
            rows=("civilian",),
            scores=((50,), (61,), (40 + i,)),
            totals=(50, 61, 40 + i),
            coins=(3, 4, 5),
            ranks=(2, 1, 3),
            won=(False, True, False),
            naval=(),
        )
        for i in range(500)
    ]

    class Table(App[None]):
        def compose(self):
            yield GameTable()

        def on_mount(self) -> None:
            table = self.query_one(GameTable)
            for key, width in WIDTHS.items():
                table.add_column(key, key=key, width=width)
            table.show_games(games)

    app = Table()
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(GameTable)
        await settle(pilot)
        assert table.row_count == 500 and table.virtual_size.height >= 500
        rows = list(table._data.values())
        assert all(isinstance(row, GameRow) for row in rows)
        assert [str(cell) for cell in table.get_row_at(499)] == [str(cell) for cell in row_of(games[499])]
        assert sum(row._cells is not None for row in rows[:300]) < 60  # the rows on screen, and 499 read above
        table.focus()
        await press(pilot, "ctrl+end")
        assert table.cursor_row == 499
        await press(pilot, "up")
        assert table.cursor_row == 498


# --- in Portuguese ----------------------------------------------------------------------------------------


async def test_the_history_speaks_portuguese(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        screen = await open_history(app, pilot)
        assert screen.sub_title == "Histórico"
        table = screen.query_one(DataTable)
        assert [str(c.label) for c in table.columns.values()] == ["Data ▼", "Início", "Jg", "Vencedor", "PV", "Todos"]
        assert column(screen, "date") == ["18/12/2026", "11/12/2026", "04/12/2026", "20/11/2026"]
        assert column(screen, "winner")[0] == "★Ari+Bel+Caz+Dev"  # every winner of the shared win, whole
        assert text(screen, "#history-status") == (
            "4 de 4 partidas · todas as partidas · ordem: data, mais recente primeiro"
        )
        detail = text(screen, "#history-detail")
        assert detail.startswith("18/12/2026 · Armada · Era a Era · 6 jogadores · ★Dev (Babilônia A) 86")
        words = footer(screen)
        assert (words["escape"], words["f"], words["d"], words["x"], words["i"]) == (
            "Voltar",
            "Filtro",
            "Apagar",
            "Exportar",
            "Importar",
        )
        assert words["enter"] == "Ver" and words["s"] == "Ordenar"
        await press(pilot, "s", "r")
        assert "ordem: total do vencedor (equipes por último), invertida" in text(screen, "#history-status")
        assert column(screen, "total") == ["57", "73", "106", "136"]  # reversed, the team game still last
        assert str(table.columns["total"].label) == "PV ▲"

        await press(pilot, "d")
        assert isinstance(app.screen, ConfirmDialog)
        question = dialog_text(app.screen)
        assert "Apagar para sempre a partida de 18/12/2026 (★Ari+Bel+Caz+Dev 136; Ari, Bel," in question
        assert "apagar" in question and "manter" in question
        await press(pilot, "n")

        await press(pilot, "x")
        assert isinstance(app.screen, ExportDialog)
        said = dialog_text(app.screen)
        assert "Exportar partidas para um arquivo" in said and "JSON: as partidas completas" in said
        app.screen.query_one(Input).value = ""
        await press(pilot, "ctrl+s")
        said = dialog_text(app.screen)
        assert "digite o caminho de um arquivo, por exemplo ~/wonders-history-2026-11-27.json" in said
        await press(pilot, "escape")

        await press(pilot, "i")
        assert isinstance(app.screen, ImportDialog)
        assert app.screen.query_one(Input).placeholder == "~/outra-mesa.json"
        app.screen.query_one(Input).value = "/no/such/file.json"
        await press(pilot, "enter")
        assert "não há arquivo em /no/such/file.json" in dialog_text(app.screen)


async def test_a_past_game_opens_in_portuguese(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app)
        await open_history(app, pilot)
        await press(pilot, "down", "enter")
        assert isinstance(app.screen, PastGameScreen)
        assert app.screen.sub_title == "Partida de 11/12/2026 · Líderes + Armada"
        assert "★ Ben vence com 106 PV, 19 à frente." in dialog_text(app.screen)
        words = footer(app.screen)
        assert (words["escape"], words["d"], words["enter"]) == ("Voltar", "Estaleiro", "Ver")
        await press(pilot, "enter")
        assert isinstance(app.screen, CellDetail)
        assert "Ana · Militar" in dialog_text(app.screen) and "e" not in app.screen.active_bindings


def test_snapshot_history_list_in_portuguese(snap_compare, make_app, portuguese):
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=at_history("down"))


async def test_two_games_of_one_evening_are_told_apart_by_their_start_length_mode_and_note(make_app):
    """Issue 30 item 5: History shows when each game started and how long it lasted, and the highlighted
    game's scoring mode and note; on one day the later game comes first."""
    app = make_app()
    early = example("base-3p.json") | {
        "id": "e" * 8,
        "started_at": "2026-11-20T19:05:00-03:00",
        "ended_at": "2026-11-20T19:57:00-03:00",
        "played_seconds": 52 * 60,
    }
    late = example("base-3p.json") | {
        "id": "f" * 8,
        "started_at": "2026-11-20T21:10:00-03:00",
        "played_seconds": 3600 + 5 * 60,
        "note": "Cid's revenge",
    }
    async with app.run_test(size=(80, 24)) as pilot:
        for data in (early, late):
            app.store.save(load_record(data))
        screen = await open_history(app, pilot)
        assert column(screen, "when") == ["21:10 1h05", "19:05 52m"]
        detail = text(screen, "#history-detail")
        assert detail.startswith(
            "2026-11-20 21:10 · 1 h 05 min · Base game only · age by age · 3 players · “Cid's revenge” · ★Cid"
        )


async def test_n_on_the_list_notes_the_highlighted_saved_game_and_a_draft_is_told_where(make_app):
    from tests.tui.driver import type_keys
    from widgets.dialogs.note import NoteDialog

    app = make_app()
    draft = example("leaders-5p.json") | {"status": "in_progress", "progress": {"step": "age", "age": 2}}
    async with app.run_test(size=(80, 24)) as pilot:
        save_examples(app, "base-3p.json")
        app.store.save(load_record(draft))
        screen = await open_history(app, pilot)
        await press(pilot, "down")  # the saved game (the draft, of a later day, is first)
        await press(pilot, "n")
        assert isinstance(app.screen, NoteDialog)
        await type_keys(pilot, *"Cid's first win", "enter")
        await settle(pilot)
        assert "3 players · “Cid's first win” · ★Cid" in text(screen, "#history-detail")
        assert app.store.load(example("base-3p.json")["id"]).note == "Cid's first win"
        await press(pilot, "up", "n")
        await type_keys(pilot, *"too soon", "enter")
        await settle(pilot)
        assert any("still being entered" in said for said in notifications(app))
        assert app.store.load(draft["id"]).note is None
