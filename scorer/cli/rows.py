"""A table of thousands of rows (`history` at 10,000 games), printed as Rich prints it, a row at a time.

Rich lays a table out whole: it measures every cell, then renders every row through its layout engine, some
half a millisecond a row (`history` took 5 s at 10,000 games, 93 % of it Rich). A listing's rows are plain
text, each row its own section (a rule under it), and nearly every line fits its column, so:

- the column widths are Rich's own, from a table of the few rows that set them (for each column the cell
  with the widest line and the one with the widest word: Rich's widths depend on nothing else);
- the title, header and first row, and the last row, rule and caption, are rendered by Rich (with those
  widths), so every style and box character there is Rich's;
- each row between is written as the text Rich would write: each line padded to its column, between the
  box's verticals, a rule under it. A row with a line wider than its column (a long name on a narrow
  terminal, which Rich wraps) is rendered by Rich, alone, with the same widths.

A listing of up to SHORT rows is simply printed by Rich. tests/unit/test_cli_long_output.py checks that a long
one reads exactly as Rich's one print of it, at several widths, with wrapped rows, wide characters and an
ASCII-only console.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorer.cli import output
from scorer.text import inert

SHORT = 100  # rows printed by Rich as one table (some 50 ms)
CHUNK = 200  # rows written at a time

Cell = str | tuple[str, ...]  # one line, or the lines of a cell (each made inert on its own, as output.lines)


def _measuring_box() -> Any:
    """A box whose top edge says where each column ends (`+---#---+`): ASCII, so no console replaces it."""
    from rich.box import Box

    return Box("+-#+\n| ||\n|-+|\n| ||\n|-+|\n|-+|\n| ||\n+--+\n", ascii=True)


def print_rows(console: Any, title: str, columns: Sequence[str], rows: Sequence[Sequence[Cell]], caption: str) -> None:
    """`output.table(title, *columns)` with each row added as its own section (`end_section=True`) and the
    caption under it, left-justified, printed as `console.print` prints it."""
    if len(rows) <= SHORT:
        console.print(_table(title, columns, rows, caption))
        return
    shown = [[(inert(cell),) if isinstance(cell, str) else tuple(map(inert, cell)) for cell in row] for row in rows]
    sizes, chosen = _measure(shown)
    widths = _widths(console, title, columns, [rows[number] for number in chosen])
    head = _table(title, columns, rows[:1], None, widths)
    box = head.box.substitute(console.options, safe=console.safe_box if head.safe_box is None else head.safe_box)
    rule = box.get_row(widths, "row", edge=True) + "\n"
    _print_lines(console, head, drop_last=True)  # the title, the header and the first row: not the bottom
    written: list[str] = []
    for number in range(1, len(rows) - 1):
        written.append(rule)
        if not _write_row(written, shown[number], sizes[number], widths, box):
            _flush(console, written)
            alone = _table(None, columns, rows[number : number + 1], None, widths)
            _print_lines(console, alone, drop_first=True, drop_last=True)  # its lines, not its edges
        elif len(written) >= CHUNK:
            _flush(console, written)
    written.append(rule)
    _flush(console, written)
    _print_lines(console, _table(None, columns, rows[-1:], caption, widths), drop_first=True)


def _table(
    title: str | None,
    columns: Sequence[str],
    rows: Sequence[Sequence[Cell]],
    caption: str | None,
    widths: Sequence[int] | None = None,
) -> Any:
    """The Rich table of these rows; with `widths` (a column's, padding included) fixed to them; without a
    title, headless (a run of rows after the first)."""
    table = output.table(title or "", *columns)
    if title is None:
        table.title, table.show_header = None, False
    for row in rows:
        table.add_row(*(output.lines(cell) if isinstance(cell, tuple) else cell for cell in row), end_section=True)
    if caption is not None:
        table.caption = output.text(caption)
        table.caption_justify = "left"
    if widths is not None:
        for column, width in zip(table.columns, widths):
            column.width = width - 2  # its padding, a space each side
    return table


def _measure(shown: list[list[tuple[str, ...]]]) -> tuple[list[list[tuple[int, ...]]], list[int]]:
    """Each line's width in cells, and the rows that set the columns' widths: Rich measures a cell's text by its
    widest line (its most) and its widest word (its least), and a column by the largest of each."""
    from rich.cells import cell_len

    words: dict[str, int] = {}  # a listing's words repeat: names, wonders, sides, totals
    sizes = []
    most: list[tuple[int, int]] = [(-1, 0)] * len(shown[0])
    least: list[tuple[int, int]] = [(-1, 0)] * len(shown[0])
    for number, row in enumerate(shown):
        row_sizes = []
        for index, lines in enumerate(row):
            line_sizes = tuple(map(cell_len, lines))
            row_sizes.append(line_sizes)
            widest = max(line_sizes)
            split = " ".join(lines).split()
            word = max((words[w] if w in words else words.setdefault(w, cell_len(w)) for w in split), default=widest)
            if widest > most[index][0]:
                most[index] = (widest, number)
            if word > least[index][0]:
                least[index] = (word, number)
        sizes.append(row_sizes)
    return sizes, sorted({number for _, number in most + least})


def _widths(console: Any, title: str, columns: Sequence[str], rows: Sequence[Sequence[Cell]]) -> list[int]:
    """The columns' widths (padding included) of a table of these rows, read off its top edge."""
    measured = _table(title, columns, rows, None)
    measured.title, measured.box = None, _measuring_box()  # the widths are the same in any box: this one's top is read
    top = "".join(segment.text for segment in console.render_lines(measured, pad=False)[0])
    return [len(part) for part in top[1:-1].split("#")]


def _write_row(
    written: list[str], cells: list[tuple[str, ...]], sizes: list[tuple[int, ...]], widths: Sequence[int], box: Any
) -> bool:
    """The row's lines as Rich writes them (each cell's lines at the top of the row, padded to its width),
    added to `written`; False, adding nothing, when a line is wider than its column (Rich wraps it)."""
    padded: list[list[str]] = []
    for lines, line_sizes, width in zip(cells, sizes, widths):
        room = width - 2
        if max(line_sizes) > room:
            return False
        padded.append([f" {line}{' ' * (room - size)} " for line, size in zip(lines, line_sizes)])
    height = max(len(cell) for cell in padded)
    left, middle, right = box.mid_left, box.mid_vertical, box.mid_right
    for number in range(height):
        parts = (cell[number] if number < len(cell) else " " * width for cell, width in zip(padded, widths))
        written.append(f"{left}{middle.join(parts)}{right}\n")
    return True


def _flush(console: Any, written: list[str]) -> None:
    console.file.write("".join(written))
    written.clear()


def _print_lines(console: Any, table: Any, *, drop_first: bool = False, drop_last: bool = False) -> None:
    """The lines Rich prints for `table`, but its first (a top edge) or its last (a bottom edge)."""
    from rich.segment import Segment, Segments

    lines = list(Segment.split_and_crop_lines(console.render(table), console.width, pad=False))
    lines = lines[1 if drop_first else 0 : len(lines) - 1 if drop_last else len(lines)]
    console.print(Segments([segment for line in lines for segment in line]), end="")
