"""Charts drawn as Rich text for the stats screen: values over time as columns with a labelled axis, and
averages as horizontal bars.

Numbers are written the table's way (57,6 in Portuguese); the labels are the caller's, already in its
language. Block characters in named ANSI colours read the same in a 16-colour terminal and at 80x24, and cost no
import at start-up. textual-plotext was tried: it works with this Textual, but takes ~160 ms to import, pins
plotext < 6, and picks its own ticks ("2.8" games, "65.8" VP) that would need setting by hand anyway.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from scorer.i18n import decimal

UP = " ▁▂▃▄▅▆▇█"  # a column's top, in eighths of a cell
ACROSS = " ▏▎▍▌▋▊▉█"  # a bar's end, in eighths of a cell


def bar(value: float, scale: float, width: int) -> str:
    """A horizontal bar, `width` cells long at `scale`, drawn to an eighth of a cell; nothing for value <= 0
    (any positive value shows at least a sliver)."""
    if value <= 0 or scale <= 0:
        return ""
    eighths = max(1, round(min(value, scale) / scale * width * 8))
    full, part = divmod(eighths, 8)
    return "█" * full + (ACROSS[part] if part else "")


def bar_list(items: Sequence[tuple[str, float, str]], width: int) -> Text:
    """One line per (label, value, style): the label, a bar on a scale shared by all lines, the value."""
    if not items:
        return Text()
    label_width = max(len(label) for label, _, _ in items)
    values = [decimal(value, 1) for _, value, _ in items]  # 57.6, or 57,6 in Portuguese
    value_width = max(map(len, values))
    room = max(1, width - label_width - value_width - 2)
    scale = max(value for _, value, _ in items)
    lines = Text()
    for (label, value, style), shown in zip(items, values):
        drawn = bar(value, scale, room)
        lines.append(f"{label:<{label_width}} ")
        lines.append(drawn, style)
        lines.append(f"{'':<{room - len(drawn)}} {shown:>{value_width}}\n")
    lines.rstrip()
    return lines


def split_bar(parts: Sequence[tuple[int, str]], width: int) -> Text:
    """One bar `width` cells long shared out between counts, each part in its style (a count of 0 gets no cell,
    any other at least one)."""
    total = sum(count for count, _ in parts)
    line = Text()
    if total <= 0:
        return line
    cells = [max(1, round(count / total * width)) if count else 0 for count, _ in parts]
    widest = cells.index(max(cells))
    cells[widest] += width - sum(cells)  # rounding: the largest part absorbs the difference
    for cell, (_, style) in zip(cells, parts):
        line.append("█" * cell, style)
    return line


@dataclass(frozen=True, slots=True)
class Column:
    value: float
    marked: bool  # drawn in the chart's second style (a game won); never for a column averaging several
    label: str  # where it starts on the time axis: a day, or a game's number


class ColumnChart:
    """Values in order (oldest first) as columns rising from a baseline, with the value axis on the left and
    the first and last labels under the time axis. More values than the chart has room for are averaged
    in equal runs, one column each (`per_column` says how many)."""

    def __init__(
        self,
        values: Sequence[float],
        marked: Sequence[bool],
        labels: Sequence[str],
        *,
        width: int,
        height: int,
        style: str,
        marked_style: str,
    ) -> None:
        self.height = height
        self.style, self.marked_style = style, marked_style
        self.axis_width = max(map(len, map(_number, value_range(values))))  # averages stay inside this range
        room = max(1, width - self.axis_width - 2)
        self.per_column = max(1, math.ceil(len(values) / room))
        self.columns = [
            Column(
                sum(values[i : i + self.per_column]) / len(values[i : i + self.per_column]),
                self.per_column == 1 and marked[i],
                labels[i],
            )
            for i in range(0, len(values), self.per_column)
        ]
        self.low, self.high = value_range([column.value for column in self.columns])  # the axis fits what is drawn
        count = len(self.columns)
        self.gap = 1 if 2 * count - 1 <= room else 0  # a space between columns when they fit
        self.column_width = min(3, (room + 1) // count - 1) if self.gap else 1  # few values: wider columns
        self.plot_width = room

    def render(self) -> Text:
        rows = self.height
        span = self.high - self.low
        heights = [round((column.value - self.low) / span * rows * 8) for column in self.columns]
        labelled = {0: self.high, rows // 2: self.high - span * (rows // 2) / rows}
        out = Text()
        for row in range(rows):
            floor = (rows - 1 - row) * 8  # eighths below this line of text
            label = _number(labelled[row]) if row in labelled else ""
            out.append(f"{label:>{self.axis_width}} {'┤' if row in labelled else '│'}")
            for i, (column, eighths) in enumerate(zip(self.columns, heights)):
                if i and self.gap:
                    out.append(" ")
                cell = UP[min(8, max(0, eighths - floor))] * self.column_width
                out.append(cell, self.marked_style if column.marked else self.style)
            out.append("\n")
        out.append(f"{_number(self.low):>{self.axis_width}} └{'─' * self.plot_width}\n")
        out.append(" " * (self.axis_width + 2) + self._time_labels())
        return out

    def _time_labels(self) -> str:
        """The first column's label under it and the last one's ending under it; 'first → last' when the
        columns are too few to hold both apart."""
        first, last = self.columns[0].label, self.columns[-1].label
        if len(self.columns) == 1:
            return first
        drawn = len(self.columns) * (self.column_width + self.gap) - self.gap
        if len(first) + len(last) + 1 > drawn:
            return f"{first} → {last}"
        return f"{first}{last:>{drawn - len(first)}}"


def value_range(values: Sequence[float]) -> tuple[int, int]:
    """The value axis: from a round ten below the lowest value (so it still shows a column; zero at the
    lowest for positive values) to the round ten at or above the highest."""
    low = (math.floor(min(values)) - 1) // 10 * 10
    if min(values) >= 0:
        low = max(low, 0)
    high = max(low + 10, math.ceil(max(values) / 10) * 10)
    return low, high


def _number(value: float) -> str:
    return str(round(value))
