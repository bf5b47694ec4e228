"""Stepper: a small number changed with +/- (or ←/→, or a digit), such as wonder stages or a ship's place."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Stepper(Widget, can_focus=True):
    """A small number changed with +/- (or ←/→, or a digit): wonder stages, a ship's position.

    It proposes values; the screen applies them to the record and sets `value` back from it, so a refused
    value (a ship moving down, a stage the wonder does not have) never shows as accepted.
    """

    DEFAULT_CSS = """
    Stepper { height: auto; width: 1fr; }
    Stepper:focus { text-style: bold reverse; }
    """
    BINDINGS = [
        Binding("plus,right", "step(1)", "+1"),
        Binding("minus,left", "step(-1)", "−1"),
    ]

    value = reactive(0)
    note = reactive("")

    class Changed(Message):
        def __init__(self, stepper: Stepper, value: int) -> None:
            super().__init__()
            self.stepper = stepper
            self.value = value

        @property
        def control(self) -> Stepper:
            return self.stepper

    def __init__(self, label: str, *, high: int, label_width: int = 8, id: str | None = None) -> None:
        """`label_width`: the columns the label takes, the same for steppers shown one above the other."""
        super().__init__(id=id)
        self.label = label
        self.high = high
        self.label_width = label_width
        self._back: Widget | None = None  # where the next digit hands the focus (see hand_back)
        self._handed_on: Widget | None = None  # where it did, while the focus stays there

    def hand_back(self, widget: Widget) -> None:
        """Give the focus to `widget` after the next digit: a stepper reached with its own key is set with one
        digit, and the keys typed after it (in the same read too) go on to `widget`."""
        self._back = widget

    def _on_focus(self, event: events.Focus) -> None:
        self._handed_on = None

    def _on_blur(self, event: events.Blur) -> None:
        self._back = None

    def _head(self) -> Text:
        return Text.assemble(
            f"{self.label:<{self.label_width}}", ("◂ ", "dim"), (str(self.value), "bold"), (" ▸", "dim"), "  "
        )

    def _note_lines(self, note: str, head: Text, width: int | None = None) -> list[str]:
        """The note's lines beside `head` in `width` columns, or in the width the last layout gave the stepper.
        That width is read from the stepper itself: asking the screen where the stepper is (`size`) laid the
        whole screen out again whenever a layout was due, from inside the render that layout asked for."""
        if width is None:
            width = self.outer_size.width - self.styles.gutter.width
        return textwrap.wrap(note, max(width - head.cell_len, 8)) or [""]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the note takes in the width the layout offers."""
        return len(self._note_lines(self.note, self._head(), width))

    def watch_note(self, old: str, new: str) -> None:
        """A note that now takes more or fewer lines (another player's stages, a ship moved) makes the stepper
        taller or shorter: lay the screen out again, else its last lines would not show (or a blank one)."""
        head = self._head()
        if len(self._note_lines(old, head)) != len(self._note_lines(new, head)):
            self.refresh(layout=True)

    def render(self) -> Text:
        """Label, value and note on one line; a note too long for the line goes on under itself, broken
        between words, so no word of it is cut ('10 VP · 1 naval shield', a move's '(+2)')."""
        head = self._head()
        lines = self._note_lines(self.note, head)
        indent = " " * head.cell_len
        return Text("\n").join([head + lines[0], *(Text(indent + line) for line in lines[1:])])

    def action_step(self, delta: int) -> None:
        self._propose(self.value + delta)

    def on_key(self, event: events.Key) -> None:
        if self._handed_on is not None and self.screen.focused is not self:
            event.stop()
            event.prevent_default()
            self._handed_on._forward_event(events.Key(event.key, event.character))
            return
        if event.character and event.character.isdigit():
            event.stop()
            event.prevent_default()
            self._propose(int(event.character))
            if self._back is not None:
                self._handed_on, self._back = self._back, None
                self.screen.set_focus(self._handed_on)

    def _propose(self, value: int) -> None:
        if 0 <= value <= self.high and value != self.value:
            self.post_message(self.Changed(self, value))
        else:
            self.app.bell()
