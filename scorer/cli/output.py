"""Printing: JSON for machines, Rich tables and the rulings (with the rulebook quoted) for people.

Titles and headers arrive already in the chosen language (scorer.i18n); JSON keys stay English.

Names, ids, cards and days come from files another table made, so nothing printed may reach the terminal as
a command: every character a terminal could act on (ESC, the other control characters, bidi overrides) is
shown as its escape (`\x1b`, `\u202e`) by scorer.text.inert, which every way out goes through: `say` for a
line, `console()` for Rich (no markup or emoji codes read from text, each table cell and printed text made
inert before it is laid out, and each rendered piece again before it is written), `json_text` for JSON.

Rich is imported inside the functions so that `wonders-scorer --help` does not pay for it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

from scorer.cli.encoding import can_show
from scorer.i18n import t
from scorer.text import inert

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from rich.text import Text

    from scorer.ruling import Ruling


def say(text: str, stream: IO[str] | None = None, end: str = "\n") -> None:
    """One line of text (standard output by default) that cannot act on the terminal."""
    (stream or sys.stdout).write(inert(text) + end)


def json_text(data: Any) -> str:
    """Indented JSON for standard output, readable (accents as they are) but with every character that is not
    printable escaped (json escapes only those below U+0020, not DEL, C1 controls or bidi overrides), and
    every one standard output's code page cannot write (a Windows console on cp437: "Jo\u00e3o")."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    if not text.isprintable() or not can_show(text, sys.stdout):
        text = _escaped(text)
    return text + "\n"


def write_json_list(items: Iterable[Any]) -> None:
    """`json_text(list(items))` written to standard output an item at a time: a listing of 10,000 games as
    one string (and its list of dicts) took 500 MB. Each item is indented by orjson, whose text is the json
    module's (indent=2, ensure_ascii=False) for everything but floats under 1e-4 and NaN, which a history's
    list never holds (its numbers are whole); one orjson cannot write (a lone surrogate, an integer beyond
    64 bits, a key that is not a string) is written by the json module."""
    import orjson

    out = sys.stdout
    first = True
    for item in items:
        try:
            text = orjson.dumps(item, option=orjson.OPT_INDENT_2).decode("utf-8")
        except (orjson.JSONEncodeError, UnicodeDecodeError):
            text = json.dumps(item, ensure_ascii=False, indent=2)
        if not text.replace("\n", "").isprintable() or not can_show(text, out):
            text = _escaped(text)
        out.write(("[\n  " if first else ",\n  ") + text.replace("\n", "\n  "))
        first = False
    out.write("[]\n" if first else "\n]\n")


def _escaped(text: str) -> str:
    return "".join(ch if _shown_as_is(ch) else json.dumps(ch)[1:-1] for ch in text)


def _shown_as_is(ch: str) -> bool:
    return (ch.isprintable() or ch == "\n") and (ch.isascii() or can_show(ch, sys.stdout))


def text(value: object, style: str = "") -> Text:
    """A Rich Text of `value`, made inert (never read as markup)."""
    from rich.text import Text

    return Text(inert(str(value)), style=style)


def lines(parts: Iterable[str]) -> Any:
    """A table cell of several lines, each part made inert on its own (a line break inside a name shows).
    One Text of lines in a Group (which add_row leaves as it is, so the breaks between parts stay breaks):
    the same cell as a Text per part, at a seventh of the objects in a 10,000-game listing."""
    from rich.console import Group
    from rich.text import Text

    return Group(Text("\n".join(inert(str(part)) for part in parts)))


def unique_rulings(rulings: Iterable[Ruling]) -> list[dict[str, str]]:
    """Rulings as dicts, in order, each distinct ruling once (a general note may also decide a player)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for item in (ruling.to_dict() for ruling in rulings):
        if (item["rule"], item["summary"]) not in seen:  # the same rule saying the same thing: one ruling
            seen.add((item["rule"], item["summary"]))
            out.append(item)
    return out


def print_json(data: dict[str, Any]) -> None:
    sys.stdout.write(json_text(data))


def console() -> Any:
    """The Rich console every CLI table and text is printed through (see the module docstring)."""
    from rich.console import Console
    from rich.segment import Segment

    class InertConsole(Console):
        def print(self, *objects: Any, **options: Any) -> None:
            super().print(*(_inert_renderable(item) for item in objects), **options)

        def render(self, renderable: Any, options: Any = None) -> Iterator[Segment]:
            for segment in super().render(renderable, options):
                if segment.control or segment.text.isprintable():
                    yield segment
                else:
                    yield Segment(inert(segment.text, keep_newlines=True), segment.style)

    return InertConsole(highlight=False, markup=False, emoji=False)


def _inert_renderable(item: Any) -> Any:
    from rich.text import Text

    if isinstance(item, str):
        return text(item)
    return _inert_text(item) if isinstance(item, Text) else item


def _inert_text(item: Text) -> Text:
    """The Text made inert, keeping its styles: each styled run is made inert on its own."""
    from rich.text import Span, Text

    if item.plain.isprintable():
        return item
    cuts = sorted({offset for span in item.spans for offset in (span.start, span.end)})
    out = item.blank_copy()
    for piece in item.divide(cuts):
        shown = inert(piece.plain)
        out.append_text(Text(shown, style=piece.style, spans=[Span(0, len(shown), s.style) for s in piece.spans]))
    return out


def print_rulings(console: Any, rulings: Sequence[dict[str, str]], title: str | None = None) -> None:
    """Each rule once, headed by where its text comes from, with what it decided here and the rulebook text it
    quotes (the rulings are worded in the chosen language, so the source and quote are the chosen edition's);
    the title defaults to "Rulings". The rule's id is the program's own English key, kept to --json."""
    from rich.padding import Padding

    groups: dict[str, list[dict[str, str]]] = {}
    for item in rulings:
        groups.setdefault(item["rule"], []).append(item)
    if not groups:
        return
    console.print()
    console.print(text(title or t("cli.rulings.title"), style="bold underline"))
    for items in groups.values():
        console.print(text(items[0]["source"], style="bold"))
        for item in items:  # a summary names players, whose names may come from a file
            console.print(Padding(text(f"• {item['summary']}"), (0, 0, 0, 2)))
        console.print(Padding(text(f"“{items[0]['quote']}”", style="italic"), (0, 0, 0, 4)))


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def table(title: str, *columns: str, numeric: bool = False) -> Any:
    """A Rich table whose title, headers and cells are made inert (a player called "[b]" or "\x1b[2J" is shown
    as typed); with `numeric`, every column after the first holds numbers and is right-aligned."""
    from rich.table import Table

    class InertTable(Table):
        def add_row(self, *cells: Any, **options: Any) -> None:
            super().add_row(*(_inert_renderable(cell) for cell in cells), **options)

    table = InertTable(title=text(title), title_justify="left")
    for i, column in enumerate(columns):
        table.add_column(text(column), overflow="fold", justify="right" if numeric and i else "left")
    return table
