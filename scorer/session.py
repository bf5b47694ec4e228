"""The game being entered at the table: its record, the step the table is at, undo, and autosave.

Pure Python (no Textual), so the flow is testable without a terminal. Every edit (scorer.edits) is applied
to a fresh copy of the record's JSON form and validated whole before it replaces the current record: a
refused edit changes nothing and says why, an accepted one is pushed on the undo stack and handed to the
autosaver with the session's memory (its recent undo states, and what a switch to quick counts set aside),
so a game resumed after a quit or a crash can still be undone and switched back.

The session also owns the table's context, so no screen, phone or command fetches it on its own: the Dockyard
calibration the table plays with (its `track`), and what is derived from the record with it — the cities
(scorer.rules.city), each age's conflicts, the score sheet, each seat's view (scorer.seat) — computed once per
`version` of the record and calibration, when first asked, however many screens, phones and edits read them.
`version` counts every change (an edit, undo, a move to another step, a new calibration): an edge that shows
derived values compares it with the one it last showed instead of redrawing on every message.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from scorer import quick_aside
from scorer.catalog import DockyardTrack, load_catalog
from scorer.edits import Game
from scorer.edits.base import Change
from scorer.errors import InputError
from scorer.flow import Step, game_steps, next_step, previous_step
from scorer.model import GameRecord
from scorer.play_time import PlayClock
from scorer.rules.city import City, city_history
from scorer.validate import load_record

if TYPE_CHECKING:
    from scorer.history.settings import Calibration
    from scorer.rules.sheet import AgeConflicts, Sheet

T = TypeVar("T")
UNDO_KEPT = 50  # the undo states kept with the draft: the last few minutes of typing, not the whole game


@dataclass(frozen=True, slots=True)
class Draft:
    """What the autosaver writes after each change: the record, and the session's memory beside it (the
    history store keeps the memory in its own table, never in the record, so exports stay as they are)."""

    record: GameRecord
    memory: dict[str, Any]


class GameSession:
    def __init__(
        self,
        data: dict[str, Any],
        save: Callable[[Draft], None],
        memory: Mapping[str, Any] | None = None,
        calibration: Calibration | None = None,
        clock: Callable[[GameRecord], PlayClock] = PlayClock,
    ) -> None:
        """`memory` is what an earlier session of this game left beside its draft (see `memory()`);
        `calibration` the table's Dockyard calibration from its history (None: no history, the book's values);
        `clock` counts the game's play time from this session's changes (scorer.play_time)."""
        self._save = save
        self.record = load_record(data)
        self._clock = clock(self.record)
        self.data = self.record.to_dict()
        self._history: dict[int, dict[str, City]] | None = None
        self._calibration = calibration
        self._track: DockyardTrack | None = None
        self._derived: dict[Hashable, Any] = {}  # what was computed for this version (see `derived`)
        self.version = 0
        self._undo: list[dict[str, Any]] = recalled_undo(memory, self.record.id)
        aside = memory.get("aside") if memory is not None else None
        self._aside: dict[str, Any] = dict(aside) if isinstance(aside, dict) else {}
        phones = memory.get("phones") if memory is not None else None
        self._phones: dict[str, Any] = dict(phones) if isinstance(phones, dict) else {}

    @property
    def step(self) -> Step:
        return Step.from_dict(self.record.progress) if self.record.progress else Step("setup")

    @property
    def steps(self) -> list[Step]:
        return game_steps(self.record)

    @property
    def history(self) -> dict[int, dict[str, City]]:
        """Every player's city at the end of each age, for the record as it stands: computed once per
        record, when first asked, however many screens and edits read it."""
        if self._history is None:
            self._history = city_history(self.record, load_catalog())
        return self._history

    @property
    def calibration(self) -> Calibration | None:
        """The table's Dockyard calibration (None: the session has no history, and plays with the book's)."""
        return self._calibration

    @property
    def track(self) -> DockyardTrack:
        """The Dockyard values the table plays with: its calibration's, else the rulebook's."""
        if self._track is None:
            self._track = self._calibration.track() if self._calibration is not None else load_catalog().dockyard
        return self._track

    def recalibrate(self, calibration: Calibration | None) -> None:
        """The table saved another calibration: every value derived with the old one is dropped."""
        self._calibration, self._track = calibration, None
        self._changed()

    def game(self) -> Game:
        """The game as an edit finds it, with the Dockyard values the table plays with."""
        return Game(self.record, self.history, load_catalog(), self.track)

    def derived(self, key: Hashable, compute: Callable[[], T]) -> T:
        """`compute()`'s value for this version, computed the first time `key` is asked for (scorer.seat keeps
        each seat's view here): every reader of one version shares one computation."""
        if key not in self._derived:
            self._derived[key] = compute()
        value: T = self._derived[key]
        return value

    def conflicts(self, age: int) -> AgeConflicts:
        """`age`'s Ground and Naval Conflicts as the sheet will score them (an age with no entries yet fights
        as it stands: every city as the age before left it)."""
        return self.derived(("conflicts", age), lambda: self._conflicts(age))

    def _conflicts(self, age: int) -> AgeConflicts:
        from scorer.rules.sheet import play_conflicts

        record, history, catalog = self.record, self.history, load_catalog()
        if age not in record.ages:
            record = replace(record, ages={**record.ages, age: {}})
            history = city_history(record, catalog)
        return next(c for c in play_conflicts(record, catalog, self.track, history) if c.age == age)

    def sheet(self) -> Sheet:
        """The record scored with the table's Dockyard values."""
        from scorer.rules.sheet import score_game

        return self.derived("sheet", lambda: score_game(self.record, track=self.track, history=self.history))

    def memory(self) -> dict[str, Any]:
        """What is kept beside the draft: the last UNDO_KEPT records before each accepted edit, and what was
        set aside for each player."""
        kept = {"undo": self._undo[-UNDO_KEPT:], "aside": self._aside}
        return kept | {"phones": self._phones} if self._phones else kept

    @property
    def phones(self) -> dict[str, Any]:
        """What the phones' sharing of this game keeps beside the draft (scorer.phones.tokens: its links'
        keyed digests, never a link), as the last session left it ({} if nothing)."""
        return self._phones

    def remember_phones(self, kept: dict[str, Any]) -> None:
        """Keep the sharing's links beside the draft, saved now (no edit is made): a laptop restarted and the
        game shared again answers the links the phones hold."""
        self._phones = kept
        self._save(Draft(self.record, self.memory()))

    def set_aside(self, player: str, kept: dict[str, Any]) -> None:
        """Keep what the record cannot hold for `player` now (the card names a switch to quick counts takes
        out), to give it back later; saved with the next edit, so a restart keeps it too."""
        self._aside = {**self._aside, player: kept}

    def set_aside_cards(self, player: str) -> None:
        """Keep aside what a switch to quick counts is about to take out of `player`'s age entries (their
        card names, with what goes with them), for the switch back (scorer.edits.quick.switch_quick)."""
        self.set_aside(player, quick_aside.set_aside(self.data, player))

    def aside(self, player: str) -> dict[str, Any]:
        """What was last set aside for `player` (empty if nothing)."""
        kept = self._aside.get(player)
        return kept if isinstance(kept, dict) else {}

    def apply(self, edit: Change) -> InputError | None:
        """Apply `edit` (a scorer.edits.Edit) to a copy of the record; keep it only if the whole record is still
        valid (an edit may also refuse by itself, when what it names is not there)."""
        candidate = self.record.to_dict()  # a fresh copy of `data`, built faster than a deep copy
        try:
            edit(candidate)
            record = load_record(candidate)
        except InputError as error:
            return error
        self._undo.append(self.data)
        self._commit(record)
        return None

    def undo(self) -> bool:
        """Go back to the record before the last accepted edit (False when there is nothing to undo). A state
        recalled from an earlier session that the rules no longer accept is dropped, with those before it."""
        if not self._undo:
            return False
        try:
            record = load_record(self._undo.pop())
        except InputError:
            self._undo.clear()
            return False
        self._commit(record)
        return True

    def go(self, step: Step, player: str | None = None) -> None:
        """Move the table to `step` (saved, so a restart resumes there). Not an undoable edit.

        Only where the table is changes, to a step of the game's own flow and one of its seated players: the
        record, already valid, is not checked again (PgDn paid a whole validation), and its cities stay."""
        progress: dict[str, object] = step.to_dict() | ({"player": player} if player else {})
        self._commit(replace(self.record, progress=progress), self._history)

    def advance(self) -> Step:
        self.go(next_step(self.record, self.step))
        return self.step

    def back(self) -> Step:
        self.go(previous_step(self.record, self.step))
        return self.step

    def keep_as_new_game(self, game_id: str) -> None:
        """Go on under a new id (the game was finished elsewhere, and the table keeps what it typed as another
        game): the record and every undo step take the new id, so undo never brings the old one back."""
        self._undo = [{**data, "id": game_id} for data in self._undo]
        self._commit(load_record({**self.data, "id": game_id}))

    def ended(self) -> GameRecord:
        """The record as it is saved finished: with its play time and its end (scorer.play_time)."""
        return self._clock.ended(self.record)

    def _commit(self, record: GameRecord, history: dict[int, dict[str, City]] | None = None) -> None:
        playing = record.progress is not None and record.progress.get("step") != "setup"
        record = self._clock.stamped(record, playing=playing)
        self.record = record
        self.data = record.to_dict()
        self._history = history
        self._changed()
        self._save(Draft(record, self.memory()))

    def _changed(self) -> None:
        self.version += 1
        self._derived = {}


def recalled_undo(memory: Mapping[str, Any] | None, game_id: str) -> list[dict[str, Any]]:
    """The undo states an earlier session kept for this game: records of this game only (a file edited by
    hand or another version may hold anything), oldest first."""
    states = memory.get("undo") if memory is not None else None
    if not isinstance(states, list):
        return []
    return [state for state in states[-UNDO_KEPT:] if isinstance(state, dict) and state.get("id") == game_id]
