"""The table's game in progress: whole-record validation on every edit, undo, steps, ordered autosave."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

from scorer.autosave import DraftSaver
from scorer.flow import Step
from scorer.session import UNDO_KEPT, GameSession

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def base() -> dict:
    return json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8"))


def test_a_refused_edit_changes_nothing_and_says_why():
    saved = []
    session = GameSession(base(), saved.append)
    before = session.data
    error = session.apply(lambda d: d["ages"][0]["players"]["Ann"]["cards"].append("Mine"))
    assert error is not None and error.field == "ages[Age I].Ann.cards[5]"
    assert session.data == before and saved == []


def test_accepted_edits_are_saved_and_undone_one_at_a_time():
    saved = []
    session = GameSession(base(), saved.append)
    assert session.apply(lambda d: d["end"]["Ann"].update(coins=12)) is None
    assert session.apply(lambda d: d["end"]["Bob"].update(coins=1)) is None
    assert [d.record.end["Ann"].coins for d in saved] == [12, 12]
    assert session.undo() and session.record.end["Bob"].coins == 4
    assert session.undo() and session.record.end["Ann"].coins == 5
    assert not session.undo()
    assert len(saved) == 4


def test_steps_move_and_are_remembered_in_the_record():
    session = GameSession(base(), lambda record: None)
    assert session.step == Step("setup")
    assert session.advance() == Step("age", 1)
    assert session.record.progress == {"step": "age", "age": 1}
    session.go(Step("age", 2), player="Bob")
    assert GameSession(session.data, lambda r: None).step == Step("age", 2)
    assert session.back() == Step("conflicts", 1)


def test_autosave_writes_the_newest_draft_last_and_flushes():
    written: list[int] = []
    gate = threading.Event()

    def slow_save(draft):
        gate.wait(2)
        written.append(draft.record.end["Ann"].coins)

    saver = DraftSaver(slow_save, on_error=lambda e: None)
    session = GameSession(base(), saver.submit)
    for coins in range(10, 20):
        session.apply(lambda d, c=coins: d["end"]["Ann"].update(coins=c))
    gate.set()
    assert saver.flush(5)
    assert written[-1] == 19
    assert written == sorted(written) and len(set(written)) == len(written)
    saver.close()


def test_autosave_starts_its_thread_with_the_first_draft_and_a_saver_given_none_closes_at_once():
    """The table app makes a saver as it opens on home, where nothing is saved: no thread until a draft comes."""
    before = threading.active_count()
    idle = DraftSaver(lambda draft: None, on_error=lambda e: None)
    assert threading.active_count() == before and idle.flush(0) and idle.written(0) and idle.durable
    idle.close()
    written = []
    saver = DraftSaver(lambda draft: written.append(draft.record.end["Ann"].coins), on_error=lambda e: None)
    session = GameSession(base(), saver.submit)
    session.apply(lambda d: d["end"]["Ann"].update(coins=7))
    assert saver.flush(5) and written == [7]
    saver.close()
    assert threading.active_count() == before
    session.apply(lambda d: d["end"]["Ann"].update(coins=8))  # after close: not written, no thread started again
    assert threading.active_count() == before and written == [7]


def test_autosave_reports_errors_and_keeps_going():
    errors: list[Exception] = []
    calls = []

    def failing_then_ok(record):
        calls.append(record)
        if len(calls) == 1:
            raise OSError("disk full")

    saver = DraftSaver(failing_then_ok, errors.append)
    session = GameSession(base(), saver.submit)
    session.apply(lambda d: d["end"]["Ann"].update(coins=1))
    saver.flush(5)
    time.sleep(0.01)
    session.apply(lambda d: d["end"]["Ann"].update(coins=2))
    assert saver.flush(5)
    assert [type(e) for e in errors] == [OSError] and calls[-1].record.end["Ann"].coins == 2
    saver.close()


def test_each_save_carries_the_recent_undo_states_and_a_new_session_undoes_with_them():
    saved = []
    session = GameSession(base(), saved.append)
    session.apply(lambda d: d["end"]["Ann"].update(coins=12))
    session.apply(lambda d: d["end"]["Bob"].update(coins=1))
    assert [state["end"]["Ann"]["coins"] for state in saved[-1].memory["undo"]] == [5, 12]
    resumed = GameSession(saved[-1].record.to_dict(), lambda draft: None, saved[-1].memory)
    assert resumed.undo() and resumed.record.end["Bob"].coins == 4
    assert resumed.undo() and resumed.record.end["Ann"].coins == 5
    assert not resumed.undo()


def test_the_memory_keeps_only_the_last_states_and_only_this_games():
    saved = []
    session = GameSession(base(), saved.append)
    for coins in range(UNDO_KEPT + 10):
        session.apply(lambda d, c=coins: d["end"]["Ann"].update(coins=c))
    memory = saved[-1].memory
    assert len(memory["undo"]) == UNDO_KEPT and memory["undo"][-1]["end"]["Ann"]["coins"] == UNDO_KEPT + 8
    stranger = {**base(), "id": "another-game"}
    foreign = {"undo": [stranger, "not a record", *memory["undo"][-1:]]}
    resumed = GameSession(saved[-1].record.to_dict(), lambda draft: None, foreign)
    assert resumed.undo() and resumed.record.end["Ann"].coins == UNDO_KEPT + 8
    assert not resumed.undo()


def test_a_kept_state_the_rules_refuse_now_ends_the_undo_instead_of_crashing():
    broken = base()
    broken["end"]["Ann"]["coins"] = -3
    session = GameSession(base(), lambda draft: None, {"undo": [broken]})
    assert not session.undo() and session.record.end["Ann"].coins == 5


def test_what_is_set_aside_for_a_player_is_saved_with_the_next_edit_and_recalled():
    saved = []
    session = GameSession(base(), saved.append)
    session.set_aside("Ann", {"1": {"cards": ["Stockade"]}})
    session.apply(lambda d: d["end"]["Ann"].update(coins=12))
    assert saved[-1].memory["aside"] == {"Ann": {"1": {"cards": ["Stockade"]}}}
    resumed = GameSession(saved[-1].record.to_dict(), lambda draft: None, saved[-1].memory)
    assert resumed.aside("Ann") == {"1": {"cards": ["Stockade"]}} and resumed.aside("Bob") == {}


def test_the_cities_are_computed_once_per_record_however_often_they_are_read(monkeypatch):
    import scorer.session

    built = []
    real = scorer.session.city_history
    monkeypatch.setattr(scorer.session, "city_history", lambda *args: built.append(1) or real(*args))
    session = GameSession(base(), lambda draft: None)
    assert session.history is session.history and len(built) == 1
    session.go(Step("age", 2), player="Bob")  # where the table is: the cities stay as they were
    assert session.history[3]["Ann"].name == "Ann" and len(built) == 1
    assert session.apply(lambda d: d["end"]["Ann"].update(coins=12)) is None
    assert session.history is session.history
    assert len(built) == 2


def test_an_edit_that_refuses_by_itself_changes_nothing_and_says_why():
    from scorer.errors import InputError

    def stale(data):
        data["end"]["Ann"]["coins"] = 99
        raise InputError("cards", 9, "one of the 5 listed")

    session = GameSession(base(), lambda draft: None)
    before = session.data
    error = session.apply(stale)
    assert error is not None and error.field == "cards" and session.data == before
