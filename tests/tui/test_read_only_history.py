"""The table app on a read-only history (issue 11, item 4): it opens and lists the games, and a save is
refused with a plain message instead of rewriting the file through its folder (or stopping the app)."""

from __future__ import annotations

import stat

from scorer.flow import Step
from scorer.history import HistoryStore
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import column, notifications, open_history, press, settle, start_at
from widgets.screens.sheet import SheetScreen


async def test_saving_the_sheet_to_a_read_only_history_is_refused_and_the_sheet_stays(make_app, db_path):
    with HistoryStore.open(db_path) as store:
        store.save(load_record(example("leaders-5p.json")))
    db_path.chmod(stat.S_IMODE(db_path.stat().st_mode) & ~0o222)
    before = db_path.read_bytes()
    app = make_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_history(app, pilot)
            assert column(screen, "date") != []  # the stored game is listed
            await press(pilot, "escape")
            start_at(app, example("base-3p.json"), Step("sheet"))
            await settle(pilot)
            await press(pilot, "s")
            await settle(pilot)
            assert isinstance(app.screen, SheetScreen) and app.session is not None
            message = notifications(app)[-1]
            assert message.startswith(
                f"The game was not saved: {db_path} is read-only (the file has no write "
                "permission): nothing was written;"
            )
    finally:
        db_path.chmod(0o644)
    assert db_path.read_bytes() == before
