"""Printing: JSON for machines, Rich tables and the rulings (with the rulebook quoted) for people.

Titles and headers arrive already in the chosen language (scorer.i18n); JSON keys stay English.

Rich is imported inside the functions so that `wonders-scorer --help` does not pay for it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from scorer.i18n import t

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.ruling import Ruling


def unique_rulings(rulings: Iterable[Ruling]) -> list[dict[str, str]]:
    """Rulings as dicts, in order, each distinct ruling once (a general note may also decide a player)."""
    seen: set[Ruling] = set()
    out = []
    for item in rulings:
        if item not in seen:
            seen.add(item)
            out.append(item.to_dict())
    return out


def print_json(data: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def console() -> Any:
    from rich.console import Console

    return Console(highlight=False)


def print_rulings(console: Any, rulings: Sequence[dict[str, str]], title: str | None = None) -> None:
    """Each rule once, with what it decided here and the rulebook text it quotes (the rulings are made in
    the chosen language, so the quote is the chosen edition's); the title defaults to "Rulings"."""
    from rich.padding import Padding
    from rich.text import Text

    groups: dict[str, list[dict[str, str]]] = {}
    for item in rulings:
        groups.setdefault(item["rule"], []).append(item)
    if not groups:
        return
    console.print()
    console.print(Text(title or t("cli.rulings.title"), style="bold underline"))
    for rule, items in groups.items():
        console.print(Text.assemble((rule, "bold"), f"  ({items[0]['source']})"))
        for item in items:
            console.print(Padding(Text(f"• {item['summary']}"), (0, 0, 0, 2)))
        console.print(Padding(Text(f"“{items[0]['quote']}”", style="italic"), (0, 0, 0, 4)))


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def table(title: str, *columns: str, numeric: bool = False) -> Any:
    """A Rich table; with `numeric`, every column after the first holds numbers and is right-aligned."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(title), title_justify="left")
    for i, column in enumerate(columns):
        justify = "right" if numeric and i else "left"
        table.add_column(Text(column), overflow="fold", justify=justify)  # Text: a player called "[b]" is not markup
    return table
