"""A link as a QR code drawn with half blocks, for a terminal: the Phones screen's and `host`'s.

Two modules per character cell (▀ ▄ █ and space), dark modules drawn in the foreground: shown black on
white (the Phones screen's colours, and `host`'s on a terminal) a seat's link is 37×19 cells, so two fit
side by side in 80 columns. segno is imported only when a code is drawn (a table shares its game).
"""

from __future__ import annotations

QR_BORDER = 2  # modules of light margin round the code: enough for a phone's camera on a dark terminal
_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def qr_lines(text: str) -> list[str]:
    """`text` as a QR code, two modules a character cell, dark modules in the foreground (every line as wide)."""
    import segno  # only when a table shares its game

    rows = [[bool(module) for module in row] for row in segno.make(text, error="l").matrix_iter(border=QR_BORDER)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return ["".join(_BLOCKS[pair] for pair in zip(top, bottom)) for top, bottom in zip(rows[::2], rows[1::2])]
