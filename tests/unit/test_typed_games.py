"""Each example game entered edit by edit through the game session, as the table types it (tests/replay.py),
gives exactly the sheet `wonders-scorer score` gives for the example file, in either language, and is stored
as finished with no draft left. The Pilot games in tests/tui/test_full_games.py prove once per expansion mix
that the keys reach these edits; here every example is checked in a second or two, without Textual."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from scorer.history import HistoryStore
from scorer.i18n import set_language
from scorer.session import Draft
from scorer.validate import load_record
from tests.replay import cli_sheet, content, replay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TODAY = date(2026, 11, 27)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_a_game_entered_edit_by_edit_gives_the_cli_sheet_and_is_stored_finished(name, language, tmp_path):
    set_language(language)
    data = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    original = load_record(data)
    expected = cli_sheet(original)
    drafts: list[Draft] = []
    session, walked = replay(data, TODAY, drafts.append)
    record = session.record
    assert walked == session.steps  # ctrl+n from each step reached the next, the sheet last
    assert record.played_on == TODAY.isoformat() and record.id != original.id
    assert content(record) == content(original)
    assert cli_sheet(record) == expected

    # The autosaver writes the newest draft it was handed (scorer/autosave.py), then the sheet's s finishes it.
    assert drafts[-1].record == record
    store = HistoryStore.open(tmp_path / "history.json")
    store.save_draft_with_memory(drafts[-1].record, drafts[-1].memory)
    assert [draft.id for draft in store.drafts()] == [record.id]
    store.finalise(record)
    [game] = store.games()
    assert (game.id, game.status, list(game.winners)) == (record.id, "finished", expected["winners"])
    stored = store.load(record.id)
    assert stored.status == "finished"
    assert content(stored) == content(original)
    assert cli_sheet(stored) == expected
    assert store.drafts() == []
