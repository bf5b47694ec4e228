"""The game being entered at the table: its record, the step the table is at, undo, and autosave.

Pure Python (no Textual), so the flow is testable without a terminal. Every edit is applied to a copy of
the record's JSON form and validated whole before it replaces the current record: a refused edit changes
nothing and says why, an accepted one is pushed on the undo stack and handed to the autosaver.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from scorer.errors import InputError
from scorer.flow import Step, game_steps, next_step, previous_step
from scorer.model import GameRecord
from scorer.validate import load_record

Edit = Callable[[dict[str, Any]], None]


class GameSession:
    def __init__(self, data: dict[str, Any], save: Callable[[GameRecord], None]) -> None:
        self._save = save
        self.record = load_record(data)
        self.data = self.record.to_dict()
        self._undo: list[dict[str, Any]] = []

    @property
    def step(self) -> Step:
        return Step.from_dict(self.record.progress) if self.record.progress else Step("setup")

    @property
    def steps(self) -> list[Step]:
        return game_steps(self.record)

    def apply(self, edit: Edit) -> InputError | None:
        """Apply `edit` to a copy of the record; keep it only if the whole record is still valid."""
        candidate = copy.deepcopy(self.data)
        edit(candidate)
        try:
            record = load_record(candidate)
        except InputError as error:
            return error
        self._undo.append(self.data)
        self._commit(record)
        return None

    def undo(self) -> bool:
        """Go back to the record before the last accepted edit (False when there is nothing to undo)."""
        if not self._undo:
            return False
        self._commit(load_record(self._undo.pop()))
        return True

    def go(self, step: Step, player: str | None = None) -> None:
        """Move the table to `step` (saved, so a restart resumes there). Not an undoable edit."""
        progress: dict[str, Any] = step.to_dict() | ({"player": player} if player else {})
        data = copy.deepcopy(self.data)
        data["progress"] = progress
        self._commit(load_record(data))

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

    def _commit(self, record: GameRecord) -> None:
        self.record = record
        self.data = record.to_dict()
        self._save(record)
