"""Printing on a console whose code page cannot show every character: a Windows console on cp437, cp850 or
cp1252, or output redirected to a file there (Python then writes the ANSI code page, not UTF-8).

Without this, the first name with an accent the code page lacks ("João" on cp437), a star of the score
sheet or a ✓ of a ruling ends the command in a UnicodeEncodeError. `legible_streams` has standard output and
standard error write each such character as the nearest ASCII a reader recognises instead: the letter
without its accent, x for ×, - for a dash, a box drawn in - | +; a single character for a single
character wherever one exists, so Rich's columns stay aligned (Rich itself draws ASCII boxes on a stream
that is not UTF-8). A UTF-8 console (macOS Terminal, Windows Terminal, Linux) is left as it is, and so is
an error handling a person chose (PYTHONIOENCODING=cp437:replace). JSON is not shortened this way: it
escapes such characters as \\u00e3, the same text for a program (output.json_text).
"""

from __future__ import annotations

import codecs
import io
import sys
from typing import Any

HANDLER = "wonders-scorer-legible"
DEFAULT_ERRORS = ("strict", "backslashreplace")  # Python's own for standard output and standard error
SIMILAR = {
    "×": "x",
    "·": ".",
    "•": "*",
    "★": "*",
    "☆": "*",
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "–": "-",
    "—": "-",
    "−": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "«": '"',
    "»": '"',
    "→": ">",
    "←": "<",
    "↑": "^",
    "↓": "v",
    "…": ".",
    "≥": ">",
    "≤": "<",
    "\u00a0": " ",
    "ø": "o",  # letters Unicode does not write as a base letter and an accent
    "Ø": "O",
    "đ": "d",
    "Đ": "D",
    "ł": "l",
    "Ł": "L",
    "ı": "i",
    "ß": "ss",
    "æ": "ae",
    "Æ": "AE",
    "œ": "oe",
    "Œ": "OE",
}


def legible_streams() -> None:
    """Standard output and standard error write what their encoding cannot as its nearest ASCII."""
    codecs.register_error(HANDLER, _nearest)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and _needs_fallback(stream):
            stream.reconfigure(errors=HANDLER)


def can_show(text: str, stream: Any) -> bool:
    """Whether `stream` writes `text` (printable: no lone surrogate) as it is; a UTF one (or a stream without
    an encoding) writes anything, without a pass over a long text to find out."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        if codecs.lookup(encoding).name.startswith("utf"):
            return True
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _needs_fallback(stream: io.TextIOWrapper) -> bool:
    """Not UTF-8 (or -16, -32), and still failing or escaping as Python does unless a person chose otherwise."""
    return stream.errors in DEFAULT_ERRORS and not codecs.lookup(stream.encoding).name.startswith("utf")


def _nearest(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(_ascii(ch) for ch in error.object[error.start : error.end]), error.end


def _ascii(ch: str) -> str:
    """One character as ASCII: from SIMILAR, a box-drawing piece as - | +, a letter without its accents
    (ã a, Ç C), else ?."""
    import unicodedata

    if ch in SIMILAR:
        return SIMILAR[ch]
    name = unicodedata.name(ch, "")
    if name.startswith("BOX DRAWINGS"):
        horizontal, vertical = "HORIZONTAL" in name, "VERTICAL" in name
        return "-" if horizontal and not vertical else "|" if vertical and not horizontal else "+"
    plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
    return plain or "?"
