"""The order in which a table plays a game, as steps the companion walks through (and resumes at).

Setup, then for each age: the Leaders recruitment phase (with Leaders), the age's play (what each player
built), the end-of-age conflicts; then the end of the game and the score sheet. A table that scores at the
end, like the paper score pad, has one step instead of the ages and the end: the pad, each player's whole
game (scorer.edits.pad.start_score_pad). A game in progress records its step, so a restart resumes exactly
where the table was.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.model import GameRecord

KINDS = ("setup", "recruitment", "age", "conflicts", "pad", "end", "sheet")
AGED = frozenset({"recruitment", "age", "conflicts"})


@dataclass(frozen=True, slots=True)
class Step:
    kind: str
    age: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {"step": self.kind} | ({"age": self.age} if self.age is not None else {})

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Step:
        return cls(str(data["step"]), data.get("age"))  # type: ignore[arg-type]


def score_pad(record: GameRecord) -> bool:
    """Whether the table scores this game at the end, like the paper pad: every player's counts are a pad's."""
    return bool(record.players) and all(
        (end := record.end.get(name)) is not None and end.quick is not None and end.quick.pad for name in record.names
    )


def game_steps(record: GameRecord) -> list[Step]:
    """Every step of this game, in play order."""
    if score_pad(record):
        return [Step("setup"), Step("pad"), Step("sheet")]
    steps = [Step("setup")]
    for age in (1, 2, 3):
        if record.leaders:
            steps.append(Step("recruitment", age))
        steps += [Step("age", age), Step("conflicts", age)]
    return [*steps, Step("end"), Step("sheet")]


def next_step(record: GameRecord, step: Step) -> Step:
    """The step after `step` (the sheet is the last step)."""
    steps = game_steps(record)
    return steps[min(steps.index(step) + 1, len(steps) - 1)]


def previous_step(record: GameRecord, step: Step) -> Step:
    steps = game_steps(record)
    return steps[max(steps.index(step) - 1, 0)]
