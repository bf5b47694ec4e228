"""Fitting words to the columns they have: `shorten` cuts a name (the sheet's player columns, the history's
table); `KeepTail` cuts a listed card's name but never its bracketed colour (the age screen's lists, issue 14
item 4: 'Strategists Guild / Guilda dos Estrategis…' had lost '(blue)')."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


def shorten(name: str, width: int) -> str:
    """`name` itself when it fits `width` characters, else its start and an ellipsis, `width` in all."""
    return name if len(name) <= width else name[: max(width - 1, 0)] + "…"


class KeepTail:
    """A one-line label whose end (' (blue)') stays whole: when the label is wider than the columns it is
    drawn in, its start is cut with an ellipsis instead. str() is the whole label, as the table reads it."""

    def __init__(self, label: str) -> None:
        self.label = label
        cut = label.rfind(" (") if label.endswith(")") else -1
        self.head, self.tail = (label[:cut], label[cut:]) if cut > 0 else (label, "")

    def __str__(self) -> str:
        return self.label

    def fit(self, width: int) -> str:
        """The label in at most `width` cells: whole, else its start cut with '…' and its end kept."""
        if cell_len(self.label) <= width:
            return self.label
        room = width - cell_len(self.tail) - 1
        if room < 1:  # too narrow to keep the end: cut the whole label
            return set_cell_size(self.label, max(width - 1, 0)) + "…"
        return set_cell_size(self.head, room).rstrip() + "…" + self.tail

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(self.fit(options.max_width), no_wrap=True)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, cell_len(self.label))
