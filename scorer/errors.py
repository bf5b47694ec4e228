"""InputError: a value from a user, a file or the command line that the rules cannot accept.

It always names the field, the value and what is allowed, so the message alone tells a person what to fix.
The message is written in the interface's language when the error is raised (scorer.i18n): the `allowed`
text given by the caller is already in that language, and so is `label`, the field in a person's words.
"""

from __future__ import annotations

from typing import Any

from scorer.i18n import t

SHOWN = 240  # characters of a refused value shown: a 5,000-character name is refused in one line a person can read


def shown(value: Any) -> str:
    """`value` as a refusal shows it: its repr, a long text cut to its first SHOWN characters and '…'."""
    if isinstance(value, str) and len(value) > SHOWN:
        return repr(value[:SHOWN] + "…")
    text = repr(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


class InputError(ValueError):
    """`field` is where the value sits as its source names it (a record's JSON path such as
    "ages[Age I].Ann.cards[5]", a CLI option, a form's field): the same in every language, so a file can be
    searched for it. `label` is that field in the reader's words ("Ann's card 6 in Age I"), shown in the
    message; without one the message shows `field`. `path` is where the value sits as data, for an edge that
    puts the cursor on it (("players", 1, "name") for "players[1].name"): empty when the field is not in the
    record (an option, a form's own box)."""

    def __init__(
        self, field: str, value: Any, allowed: str, *, label: str | None = None, path: tuple[str | int, ...] = ()
    ) -> None:
        self.field = field
        self.path = path
        self.value = value
        self.allowed = allowed
        self.label = label or field
        if value is None:
            message = t("errors.input.nothing", field=self.label, allowed=allowed)
        else:
            message = t("errors.input.refused", field=self.label, value=shown(value), allowed=allowed)
        super().__init__(message)
