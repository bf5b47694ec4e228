"""The table's one-line note on a game ("Ana's first game"): the game's own, not a player's."""

from __future__ import annotations

from typing import Any

from scorer.edits.base import Edit


def one_line(text: str) -> str | None:
    """A note as typed, made one line (runs of spaces, tabs and breaks become one space); None when blank."""
    return " ".join(text.split()) or None


def set_note(text: str | None) -> Edit:
    """The game's note is `text` (None: it has none). The record refuses a note over 120 characters."""

    def change(data: dict[str, Any]) -> None:
        data.pop("note", None)
        if text is not None:
            data["note"] = text

    return Edit("set_note", None, change)
