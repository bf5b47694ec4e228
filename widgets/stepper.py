"""Stepper: a small number changed with +/- (or ←/→, or a digit), such as wonder stages or a ship's place."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Stepper(Widget, can_focus=True):
    """A small number changed with +/- (or ←/→, or a digit): wonder stages, a ship's position.

    It proposes values; the screen applies them to the record and sets `value` back from it, so a refused
    value (a ship moving down, a stage the wonder does not have) never shows as accepted.
    """

    DEFAULT_CSS = """
    Stepper { height: 1; width: 1fr; }
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

    def render(self) -> Text:
        return Text.assemble(
            f"{self.label:<{self.label_width}}",
            ("◂ ", "dim"),
            (str(self.value), "bold"),
            (" ▸", "dim"),
            f"  {self.note}",
            no_wrap=True,
            overflow="ellipsis",
        )

    def action_step(self, delta: int) -> None:
        self._propose(self.value + delta)

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            event.stop()
            event.prevent_default()
            self._propose(int(event.character))

    def _propose(self, value: int) -> None:
        if 0 <= value <= self.high and value != self.value:
            self.post_message(self.Changed(self, value))
        else:
            self.app.bell()
