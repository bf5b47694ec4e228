"""When a game was played and for how long: what a group that logs its plays (BG Stats, the chat) asks of it,
and what tells two games of one table on one evening apart.

The app sees the table only when someone types, so play time is counted from activity: every change the
session keeps (an edit from the laptop or a phone, a move to another step) is a moment the game was being
played. The time between two such moments counts when it is at most IDLE_LIMIT, long enough for a whole age
played at the table between two entries; a longer gap (a dinner, the night a game was left open) does not.
Opening a session counts as activity too, so a resumed game counts from the moment it is resumed, never the
time since the last session ended. The clock starts at the first step after setup (the game begins when the
table has sat down, not while names are typed) and stops when the sheet is saved (`ended`); a saved game
reopened to correct it keeps its times. A score pad game typed at the end has only its entry time: the app
cannot know more, and says nothing it does not know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from scorer.model import GameRecord

IDLE_LIMIT = timedelta(minutes=60)


def local_now() -> datetime:
    """The laptop's local time with its UTC offset, to the second (as the record writes it)."""
    return datetime.now().astimezone().replace(microsecond=0)


def written(moment: datetime) -> str:
    """A moment as the record keeps it: YYYY-MM-DDTHH:MM:SS+HH:MM (scorer.validate checks that form)."""
    return moment.replace(microsecond=0).isoformat()


class PlayClock:
    """The play time of one session of a game, kept apart from the record's undo (undoing an edit does not
    take back the time spent on it): every record the session keeps is stamped with the clock's times.
    `now` is injectable so the counting is tested with a clock."""

    def __init__(self, record: GameRecord, now: Callable[[], datetime] = local_now) -> None:
        self._now = now
        self.started_at, self.ended_at = record.started_at, record.ended_at
        self.played_seconds = record.played_seconds
        self._last = now()  # a session opened is a table at the game: its first change counts from here

    def stamped(self, record: GameRecord, *, playing: bool) -> GameRecord:
        """`record` with the game's start and play time brought up to now (`playing`: the table is past
        setup). A saved game (one with `ended_at`) keeps its times: a correction is not play."""
        self._tick(self._now(), playing=playing)
        return self._times(record, self.ended_at)

    def ended(self, record: GameRecord) -> GameRecord:
        """`record` as it is saved finished: its play time up to now and its end (a game saved once and
        corrected keeps the end it had). The clock itself goes on: a save refused leaves the game open."""
        now = self._now()
        self._tick(now, playing=True)
        return self._times(record, self.ended_at or written(now))

    def _tick(self, now: datetime, *, playing: bool) -> None:
        gap, self._last = now - self._last, now
        if not playing or self.ended_at is not None:
            return
        if self.started_at is None:
            self.started_at, self.played_seconds = written(now), 0
            return
        counted = int(gap.total_seconds()) if timedelta(0) <= gap <= IDLE_LIMIT else 0
        self.played_seconds = (self.played_seconds or 0) + counted

    def _times(self, record: GameRecord, ended_at: str | None) -> GameRecord:
        return replace(record, started_at=self.started_at, played_seconds=self.played_seconds, ended_at=ended_at)


def play_length(started_at: str | None, ended_at: str | None, played_seconds: int | None) -> int | None:
    """A game's length in seconds as a log of plays shows it: the counted play time, else the time from start
    to end (a game from a file that has only those), else None (not known)."""
    if played_seconds is not None:
        return played_seconds
    if started_at is None or ended_at is None:
        return None
    seconds = (datetime.fromisoformat(ended_at) - datetime.fromisoformat(started_at)).total_seconds()
    return int(seconds) if seconds >= 0 else None
