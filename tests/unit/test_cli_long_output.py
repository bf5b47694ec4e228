"""A long listing is written a few lines at a time (output.print_long) and reads exactly as one print of it."""

from __future__ import annotations

import io

import pytest

from scorer.cli import output


def printed(write, width: int) -> str:
    console = output.console()
    console.file = io.StringIO()
    console.width = width
    write(console)
    return console.file.getvalue()


def listing():
    table = output.table("History: 120 games", "Game", "Played", "Players (★ won)")
    for i in range(120):
        seats = [
            f"{'★ ' if i % 7 == 0 else ''}Player {i} · Babylon A · {i}",
            "Zoë · Rhodes B · 61",
            "\x1b[2J · Gizah A",
        ]
        table.add_row(f"{i:08x}", "2026-12-18", output.lines(seats), end_section=True)
    table.caption = output.text("/tmp/history.json")
    table.caption_justify = "left"
    return table


@pytest.mark.parametrize("width", [30, 80, 120])
@pytest.mark.parametrize("lines", [1, 7, 100, 10_000])
def test_a_table_written_in_pieces_reads_as_one_print(width, lines):
    whole = printed(lambda console: console.print(listing()), width)
    pieces = printed(lambda console: output.print_long(console, listing(), lines=lines), width)
    assert pieces == whole and "\\x1b[2J" in whole and "\x1b" not in whole


def test_a_cell_of_lines_is_the_same_as_a_text_per_line():
    from rich.console import Group

    parts = ["Ana · Babylon A · 50", "a name\nwith a break", "[b]Ben[/b] · Gizah B · 61"]
    one = printed(lambda console: console.print(output.lines(parts)), 12)
    each = printed(lambda console: console.print(Group(*(output.text(part) for part in parts))), 12)
    assert one == each and "a name\\nwith" in one  # the break inside a name shows, the others break
