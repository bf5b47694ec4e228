"""Text from a file, shown so that it cannot act on a terminal.

Names, ids, cards and days come from files another table made (an imported bundle, a game record, an old
history). A terminal runs what they hold: ESC starts a command (ESC[2J clears the screen, ESC]0; sets the
window title), C1 controls do the same in one character, bidi overrides reorder what is read. Every edge
that shows such text (the CLI, the table app) shows it through `inert`, which writes each character that is
not printable as its Python escape, as an error message quotes a value.
"""

from __future__ import annotations


def inert(text: str, *, keep_newlines: bool = False) -> str:
    """`text` with every character that is not printable shown as its escape (ESC as `\\x1b`, a line break
    as `\\n`, U+202E as `\\u202e`); `keep_newlines` keeps line breaks (a rendered table's own)."""
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() or (keep_newlines and ch == "\n") else ch.encode("unicode_escape").decode("ascii")
        for ch in text
    )
