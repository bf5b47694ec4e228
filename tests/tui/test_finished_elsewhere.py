"""The table's window meets its game finished elsewhere (issue 11, item 2): a CLI `import` or another window
stored it finished while the table was still typing. The next autosave used to turn it back into a draft
with its ages gone; now the finished game is kept, the table is told plainly, nothing more is saved over it,
and what the table typed can go on as a new game."""

from __future__ import annotations

import asyncio
import dataclasses

from textual.widgets import Static

from scorer.flow import Step
from scorer.history import HistoryStore
from scorer.validate import load_record
from tests.records import example, without_age
from tests.tui.driver import notifications, open_history, press, settle, start_at, workers_done
from widgets.dialogs.confirm import ConfirmDialog


async def saved(app) -> None:
    """Wait, off the event loop, until the autosaver has written (or refused) every draft submitted."""
    await asyncio.to_thread(app._saver.flush)


def question(app) -> str:
    return str(app.screen.query_one("#confirm").query(Static).first().render())


async def test_an_autosave_after_an_import_finished_the_game_keeps_it_and_offers_a_new_game(make_app, db_path):
    finished = load_record(example("base-3p.json"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        start_at(app, without_age(example("base-3p.json"), 3), Step("age", 3))
        app.session.go(Step("age", 3), player="Bob")  # the table types on: saved as a draft
        await saved(app)
        with HistoryStore.open(db_path) as terminal:  # `wonders-scorer import done.json` in a terminal
            assert terminal.add_games([finished]).completed == (finished.id,)
        app.session.go(Step("age", 3), player="Cid")
        await saved(app)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert question(app).startswith(
            "This game was finished in another window or imported (played 2026-11-20 by Ann, Bob, Cid)."
        )
        app.session.go(Step("age", 3), player="Ann")  # typing on while the question shows saves nothing over it
        await saved(app)
        with HistoryStore.open(db_path) as history:
            assert history.load(finished.id).to_dict() == finished.to_dict()
        await press(pilot, "y")
        await saved(app)
        kept = app.session.record
        assert kept.id != finished.id and kept.progress == {"step": "age", "age": 3, "player": "Ann"}
        with HistoryStore.open(db_path) as history:
            assert history.load(finished.id).to_dict() == finished.to_dict()
            assert history.load(kept.id).to_dict() == {**kept.to_dict(), "status": "in_progress"}
            assert [g.id for g in history.drafts()] == [kept.id]


async def test_saving_a_sheet_whose_game_was_finished_differently_elsewhere_keeps_the_stored_one(make_app, db_path):
    data = example("base-3p.json")
    elsewhere = dataclasses.replace(load_record(data), played_on="2026-11-21")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        start_at(app, data, Step("sheet"))
        with HistoryStore.open(db_path) as terminal:
            terminal.finalise(elsewhere)
        await press(pilot, "s")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "(played 2026-11-21 by Ann, Bob, Cid)" in question(app)
        await press(pilot, "n")
        await settle(pilot)
        assert app.session is not None and app.session.record.id == elsewhere.id  # still on the sheet
        with HistoryStore.open(db_path) as history:
            assert history.load(elsewhere.id).to_dict() == elsewhere.to_dict()
            assert history.drafts() == []


async def test_the_history_screen_says_what_an_import_kept_apart_and_found_repeated(make_app, tmp_path):
    import json

    from textual.widgets import Input

    from widgets.screens.history_dialogs import ImportDialog

    base = example("base-3p.json")
    other = {**base, "played_on": "2026-12-01"}  # another game night that reused the id
    path = tmp_path / "night.json"
    path.write_text(json.dumps({"format": "wonders-scorer-export", "version": 1, "games": [other, other]}))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.store.save(load_record(base))
        await open_history(app, pilot)
        await press(pilot, "i")
        assert isinstance(app.screen, ImportDialog)
        app.screen.query_one(Input).value = str(path)
        await press(pilot, "enter")
        await workers_done(app)
        await settle(pilot)
        assert notifications(app)[-1] == (
            "Added 0, completed 0, skipped 0 (already here). 1 game reused the id of a different finished game"
            " here: kept beside it as a new game. 1 game was in the file more than once: stored once."
        )
        assert app.store.count() == 2 and app.store.load(base["id"]).played_on == "2026-11-20"


async def test_a_draft_refused_as_the_table_goes_home_is_still_offered_as_a_new_game(make_app, db_path):
    """The refusal may come while the UI waits for that very save (going home flushes the autosaver): it is
    handed over without waiting for the UI, so going home does not hang, and the table is still asked."""
    finished = load_record(example("base-3p.json"))
    app = make_app(without_age(example("base-3p.json"), 3), Step("age", 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        with HistoryStore.open(db_path) as terminal:
            terminal.finalise(finished)
        app.session.go(Step("age", 3), player="Bob")
        app.go_home()  # waits for the autosaver on the UI thread, which the refusal must not need
        assert app.session is None
        await settle(pilot)  # the refusal handled and its question shown, however busy the machine
        assert isinstance(app.screen, ConfirmDialog) and "(played 2026-11-20 by Ann, Bob, Cid)" in question(app)
        await press(pilot, "y")
        await saved(app)
        with HistoryStore.open(db_path) as history:
            [draft] = history.drafts()
            assert draft.id != finished.id and draft.ages == 2
            assert history.load(finished.id).to_dict() == finished.to_dict()
