"""A draft kept by an older version that today's checks refuse is not resumed into a crash: the table stays
on the home screen, told why, and the draft is left in the history as it was."""

from __future__ import annotations

from scorer.history import HistoryStore
from scorer.model import GameRecord
from tests.records import example
from tests.tui.driver import press, settle
from widgets import compat
from widgets.screens.home import HomeScreen


async def test_a_draft_past_todays_bounds_is_refused_on_resume_and_kept(make_app, db_path):
    data = example("base-3p.json") | {"status": "in_progress", "progress": {"step": "end"}}
    data["end"] = {"Ann": {"coins": 5000}, "Bob": {"coins": 4}, "Cid": {"coins": 9}}  # older end boxes took 4 digits
    with HistoryStore.open(db_path) as store:
        store.save(GameRecord.from_dict(data))  # stored as an older version did, without today's bounds
    before = db_path.read_bytes()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "r")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and app.session is None
        [note] = [n for n in compat.notifications(app) if "cannot be resumed" in n.title]
        assert "5000" in note.message and "999" in note.message
    assert db_path.read_bytes() == before
