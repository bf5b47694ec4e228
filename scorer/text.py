"""Text from a file, shown so that it cannot act on a terminal.

Names, ids, cards and days come from files another table made (an imported bundle, a game record, an old
history). A terminal runs what they hold: ESC starts a command (ESC[2J clears the screen, ESC]0; sets the
window title), C1 controls do the same in one character, bidi overrides reorder what is read. Every edge
that shows such text (the CLI, the table app) shows it through `inert`, which writes each character that is
not printable as its Python escape, as an error message quotes a value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.model import GameRecord


def inert(text: str, *, keep_newlines: bool = False) -> str:
    """`text` with every character that is not printable shown as its escape (ESC as `\\x1b`, a line break
    as `\\n`, U+202E as `\\u202e`); `keep_newlines` keeps line breaks (a rendered table's own)."""
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() or (keep_newlines and ch == "\n") else ch.encode("unicode_escape").decode("ascii")
        for ch in text
    )


def inert_record(record: GameRecord) -> GameRecord:
    """The game with every player's name made inert wherever the record names a player (seats, each age's
    and the end's entries, incursion targets, teams), for a screen to score and show; the same record if
    every name is printable. Scoring it gives the same numbers: only the names differ."""
    if all(name.isprintable() for name in record.names):
        return record
    from scorer.model import GameRecord  # deferred: the CLI's printing needs only inert()

    shown = inert
    data = record.to_dict()
    for seat in data["players"]:
        seat["name"] = shown(seat["name"])
    for age in data["ages"]:
        age["players"] = {shown(name): entry for name, entry in age["players"].items()}
        for entry in age["players"].values():
            if "incursions" in entry:
                entry["incursions"] = [shown(target) for target in entry["incursions"]]
    data["end"] = {shown(name): entry for name, entry in data.get("end", {}).items()}
    if "teams" in data:
        data["teams"] = [[shown(a), shown(b)] for a, b in data["teams"]]
    return GameRecord.from_dict(data)
