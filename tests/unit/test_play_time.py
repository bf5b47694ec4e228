"""When a game was played and for how long (scorer.play_time): a resumed game counts its play time, not the
night in between; undo does not take time back; a saved game keeps its times when corrected."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.errors import InputError
from scorer.flow import Step
from scorer.play_time import IDLE_LIMIT, PlayClock, play_length
from scorer.play_words import length_words, when_words
from scorer.session import GameSession
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BRASILIA = timezone(timedelta(hours=-3))


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 4, 20, 0, tzinfo=BRASILIA)

    def __call__(self) -> datetime:
        return self.now

    def wait(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def fresh() -> dict:
    data = json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8"))
    return data | {"status": "in_progress", "progress": {"step": "setup"}}


def session(clock: Clock, data: dict | None = None, saved: list | None = None) -> GameSession:
    keep = saved.append if saved is not None else (lambda draft: None)
    return GameSession(data or fresh(), keep, clock=partial(PlayClock, now=clock))


def coins(name: str, value: int):
    return lambda d: d["end"][name].update(coins=value)


def test_the_clock_starts_when_the_table_leaves_setup_not_while_names_are_typed():
    clock = Clock()
    game = session(clock)
    clock.wait(minutes=4)
    assert game.apply(coins("Ann", 6)) is None  # an edit during setup
    assert game.record.started_at is None and game.record.played_seconds is None
    clock.wait(minutes=1)
    game.advance()
    assert game.record.started_at == "2026-12-04T20:05:00-03:00" and game.record.played_seconds == 0


def test_an_age_played_between_two_entries_counts_a_dinner_does_not():
    clock = Clock()
    game = session(clock)
    game.advance()
    clock.wait(minutes=25)  # Age I played at the table, then entered
    game.apply(coins("Ann", 6))
    assert game.record.played_seconds == 25 * 60
    clock.wait(minutes=95)  # a dinner: longer than IDLE_LIMIT
    game.apply(coins("Bob", 2))
    assert game.record.played_seconds == 25 * 60
    clock.wait(seconds=IDLE_LIMIT.total_seconds())
    game.go(Step("age", 2))
    assert game.record.played_seconds == 25 * 60 + IDLE_LIMIT.total_seconds()


def test_a_resumed_game_counts_from_its_resumption_not_the_night_in_between():
    clock, saved = Clock(), []
    game = session(clock, saved=saved)
    game.advance()
    clock.wait(minutes=30)
    game.apply(coins("Ann", 6))
    clock.wait(hours=14)  # the laptop closed overnight; the game resumed from its draft the next day
    resumed = session(clock, saved[-1].record.to_dict())
    clock.wait(minutes=10)
    resumed.apply(coins("Bob", 3))
    assert resumed.record.started_at == "2026-12-04T20:00:00-03:00"
    assert resumed.record.played_seconds == 40 * 60


def test_undo_takes_back_the_edit_not_the_time_spent_on_it():
    clock = Clock()
    game = session(clock)
    game.advance()
    clock.wait(minutes=10)
    game.apply(coins("Ann", 6))
    clock.wait(minutes=5)
    assert game.undo()
    assert game.record.end["Ann"].coins == 5 and game.record.played_seconds == 15 * 60


def test_the_end_is_the_save_and_a_correction_keeps_the_games_times():
    clock = Clock()
    game = session(clock)
    game.advance()
    clock.wait(minutes=50)
    ended = game.ended()
    assert (ended.ended_at, ended.played_seconds) == ("2026-12-04T20:50:00-03:00", 50 * 60)
    assert game.record.ended_at is None  # a save refused leaves the game open, its clock going on
    clock.wait(days=3)  # History's e: the saved game reopened to correct Ann's coins
    correcting = session(clock, replace(ended, progress=Step("sheet").to_dict()).to_dict())
    clock.wait(minutes=7)
    correcting.apply(coins("Ann", 9))
    again = correcting.ended()
    assert (again.started_at, again.ended_at, again.played_seconds) == (
        ended.started_at,
        ended.ended_at,
        ended.played_seconds,
    )


def test_the_length_shown_is_the_play_time_else_start_to_end():
    assert play_length("2026-12-04T20:00:00-03:00", "2026-12-04T21:30:00-03:00", 4000) == 4000
    assert play_length("2026-12-04T20:00:00-03:00", "2026-12-04T21:30:00-03:00", None) == 5400
    assert play_length("2026-12-04T20:00:00-03:00", None, None) is None
    assert play_length("2026-12-04T22:00:00-03:00", "2026-12-04T21:30:00-03:00", None) is None


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(None, ""), (30, "under 1 min"), (52 * 60 + 59, "52 min"), (3600 + 5 * 60, "1 h 05 min"), (4320, "1 h 12 min")],
)
def test_a_length_in_words(seconds, words):
    assert length_words(seconds) == words


def test_the_history_column_says_under_a_minute_not_zero():
    from scorer.play_words import short_when

    assert short_when("2026-12-04T20:15:00-03:00", 30) == "20:15 <1m"
    assert short_when("2026-12-04T20:15:00-03:00", 52 * 60) == "20:15 52m"


def test_when_words_say_what_is_known():
    assert when_words("2026-12-04T20:15:00-03:00", 4320) == "20:15 · 1 h 12 min"
    assert when_words(None, 4320) == "1 h 12 min"
    assert when_words(None, None) == ""


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("started_at", "2026-12-04 20:15", "YYYY-MM-DDTHH:MM:SS"),
        ("ended_at", "2026-02-30T20:15:00Z", "YYYY-MM-DDTHH:MM:SS"),
        ("played_seconds", -1, "at least 0"),
        ("note", "two\nlines", "printable"),
        ("note", "", "at least 1 character"),
        ("note", "x" * 121, "at most 120 characters"),
    ],
)
def test_a_record_with_a_bad_time_or_note_is_refused_with_what_is_allowed(field, value, says):
    with pytest.raises(InputError) as refused:
        load_record(fresh() | {field: value})
    assert says in str(refused.value)


@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=30))
def test_play_time_never_exceeds_the_wall_time_and_never_goes_back(gaps):
    clock = Clock()
    game = session(clock)
    game.advance()
    start, seen = clock.now, 0
    for i, gap in enumerate(gaps):
        clock.wait(seconds=gap)
        game.apply(coins("Ann", i % 9)) if i % 3 else game.go(Step("age", 1 + i % 3))
        played = game.record.played_seconds or 0
        assert seen <= played <= (clock.now - start).total_seconds()
        seen = played
