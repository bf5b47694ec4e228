"""A long listing is written a row at a time (scorer.cli.rows) and reads exactly as Rich's one print of it."""

from __future__ import annotations

import io

import pytest

from scorer.cli import output
from scorer.cli.rows import SHORT, print_rows

COLUMNS = ("Game", "Played", "Status", "Players (★ won)")


class Cp437(io.StringIO):
    """A stream whose code page is not UTF-8 (a Windows console): Rich draws its boxes in ASCII there."""

    encoding = "cp437"


def printed(write, width: int, stream: io.StringIO | None = None) -> str:
    console = output.console()
    console.file = stream or io.StringIO()
    console.width = width
    write(console)
    return console.file.getvalue()


def games(count: int, long_name: str = "", problems: bool = False) -> list[list]:
    """Rows like `history` prints: ids, days, a status of one or two lines, a line per player; names with
    wide characters, combining accents, markup and an escape sequence, and (every 37th game) `long_name`."""
    rows = []
    for i in range(count):
        seats = [
            f"{'★ ' if i % 7 == 0 else ''}Player {i} · Babylon A · {i}",
            "Zoë · Rhodes B · 61",
            "José · Gizah A · 40",  # an e and a combining acute
            "王小明 · Olympia B · 7",
            "[b]Ben[/b] · 🇧🇷 · \x1b[2J",
        ]
        if long_name and i % 37 == 5:
            seats.append(f"{long_name} · Ephesos A · 99")
        status = "finished" if i % 3 else ("in progress", f"{i % 3 + 1} age entered")
        row = [f"{i:08x}", "2026-12-18" if i % 11 else "—", status, tuple(seats[: 2 + i % 4] + seats[4:])]
        if problems:
            row.append("scored again: the rules changed" if i % 13 == 0 else "")
        rows.append(row)
    return rows


def rich_print(rows: list[list], columns=COLUMNS):
    """What `history` printed before it wrote rows itself: one Rich table, printed whole."""

    def write(console) -> None:
        table = output.table(f"History: {len(rows)} games", *columns)
        for row in rows:
            table.add_row(*(output.lines(cell) if isinstance(cell, tuple) else cell for cell in row), end_section=True)
        table.caption = output.text("/tmp/history.json")
        table.caption_justify = "left"
        console.print(table)

    return write


def streamed(rows: list[list], columns=COLUMNS):
    return lambda console: print_rows(console, f"History: {len(rows)} games", columns, rows, "/tmp/history.json")


@pytest.mark.parametrize("width", [30, 80, 200])
@pytest.mark.parametrize("count", [1, 2, SHORT, SHORT + 1, SHORT + 57])
def test_a_listing_written_row_by_row_reads_as_one_print(width, count):
    rows = games(count)
    whole = printed(rich_print(rows), width)
    assert printed(streamed(rows), width) == whole
    assert "\x1b" not in whole
    assert width < 80 or ("\\x1b[2J" in whole and "[b]Ben[/b]" in whole)


@pytest.mark.parametrize("width", [40, 80, 120])
def test_rows_rich_wraps_are_rendered_by_rich(width):
    """A name wider than its column (on a narrow terminal) is wrapped as Rich wraps it, a note column too."""
    rows = games(SHORT + 80, long_name="Maria Aparecida dos Santos Figueiredo-Albuquerque", problems=True)
    columns = (*COLUMNS, "Note")
    whole = printed(rich_print(rows, columns), width)
    assert printed(streamed(rows, columns), width) == whole
    wrapped = [line for line in whole.splitlines() if "Maria" in line]
    assert width < 80 or (wrapped and all("Albuquerque" not in line for line in wrapped))  # Rich wrapped them


def test_an_ascii_console_gets_rich_s_ascii_boxes():
    rows = games(SHORT + 20)
    whole = printed(rich_print(rows), 80, Cp437())
    assert printed(streamed(rows), 80, Cp437()) == whole
    assert "+--" in whole and "│" not in whole


def test_a_cell_of_lines_is_the_same_as_a_text_per_line():
    from rich.console import Group

    parts = ["Ana · Babylon A · 50", "a name\nwith a break", "[b]Ben[/b] · Gizah B · 61"]
    one = printed(lambda console: console.print(output.lines(parts)), 12)
    each = printed(lambda console: console.print(Group(*(output.text(part) for part in parts))), 12)
    assert one == each and "a name\\nwith" in one  # the break inside a name shows, the others break
