"""Games to make core edits on in unit tests: an example record in a session, some ages not entered yet."""

from __future__ import annotations

from scorer.edits import Edit, Game
from scorer.errors import InputError
from scorer.session import GameSession
from tests.records import example, without_age


def session(name: str = "leaders-armada-7p.json", *, without: tuple[int, ...] = ()) -> GameSession:
    """The example `name` in progress in a session that saves nothing, the ages `without` not entered yet."""
    return GameSession(without_age(example(name), *without) | {"status": "in_progress"}, lambda draft: None)


def game(played: GameSession) -> Game:
    """The game as an edit finds it, with the rulebook's Dockyard values."""
    return played.game()


def refused(played: GameSession, edit: Edit) -> InputError:
    """Apply `edit`, which must be refused without changing anything; the refusal."""
    before = played.data
    error = played.apply(edit)
    assert error is not None, f"{edit.kind} was accepted"
    assert played.data == before
    return error
