"""SeatRequestLine: the one line a step screen shows while a phone asks for a seat with the table link.

Issue 29: a request waited unseen on the age screen until the host opened ctrl+o. Now every step screen shows
the oldest request — the seat, the 4-digit code the phone shows, how many more wait — above its Footer, with
the keys that answer it there (StepScreen's ctrl+f and ctrl+k). The line is mounted the first time a request
waits (a screen never shared draws as before) and hidden when none does. A long name is shortened so the
code and the keys always fit in one line.
"""

from __future__ import annotations

from textual.widgets import Static

from scorer.i18n import t


class SeatRequestLine(Static):
    DEFAULT_CSS = """
    SeatRequestLine {
        dock: bottom;
        height: 1;
        margin-bottom: 1;  /* above the Footer, docked at the bottom too (docks on one edge overlap) */
        padding: 0 1;
        background: $warning;
        color: $text;
        text-style: bold;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self) -> None:
        super().__init__(markup=False)
        self._shown: tuple[str, str, int, int] | None = None

    def show(self, seat: str, code: str, more: int, width: int) -> None:
        """The request for `seat` with its `code` (and `more` others waiting), in `width` cells."""
        if self._shown == (seat, code, more, width):
            return
        self._shown = (seat, code, more, width)
        self.update(asking_line(seat, code, more, width - 2))  # less the padding


def asking_line(seat: str, code: str, more: int, width: int) -> str:
    """The line's words, the seat's name shortened with "…" when the whole would not fit in `width` cells."""
    waiting = t("phones.tui.more_waiting", count=more) if more else ""
    text = t("phones.tui.asks", seat=seat, code=code, more=waiting)
    over = len(text) - width
    if over > 0 and len(seat) > 1:
        shortened = seat[: max(1, len(seat) - over - 1)] + "…"
        text = t("phones.tui.asks", seat=shortened, code=code, more=waiting)
    return text
