"""A player's name, checked the same way whichever way it comes in: a command line's NAME=VALUE, a game
file's or an import bundle's seats, the setup screen's rows.

A name is what the table would write on a score pad: NFC-normalised (so 'José' typed with a combining accent
and 'José' typed precomposed are one player), stripped, 1 to `name_length` characters (rules_data/table.toml),
and printable. str.isprintable() refuses every control, format and separator character but the space: escape
sequences, newlines and tabs, bidi overrides, zero-width characters. Shown on a terminal they would rewrite
the screen or hide how a name is really spelled.
"""

from __future__ import annotations

import unicodedata

from scorer.catalog import load_limits
from scorer.errors import InputError
from scorer.i18n import t, tn


def normal_form(text: str) -> str:
    """The one spelling a name is kept and compared by: NFC, without surrounding spaces."""
    return unicodedata.normalize("NFC", text).strip()


def player_name(text: str, field: str, *, label: str | None = None, path: tuple[str | int, ...] = ()) -> str:
    """`text` as the name it is kept by, or an InputError saying what a name may be."""
    name = normal_form(text)
    if not name:
        raise InputError(field, text, t("names.empty"), label=label, path=path)
    if not name.isprintable():
        raise InputError(field, text, t("names.printable"), label=label, path=path)
    most = load_limits().name_length
    if len(name) > most:
        raise InputError(field, text, tn("names.length", most), label=label, path=path)
    return name
