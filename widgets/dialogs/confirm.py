"""ConfirmDialog: the yes/no question the sheet, the history, the calibration and the app ask before an act
that cannot be taken back (saving over, deleting, leaving unsaved values, keeping a game finished elsewhere)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter


class ConfirmDialog(LocalisedBindings, ModalScreen[bool]):
    """A yes/no question; y answers yes, n or Escape answers no (nothing is done by default)."""

    DEFAULT_CSS = "ConfirmDialog { align: center middle; }"

    BINDINGS = [
        Binding("y", "answer(True)", "sheet.keys.yes"),
        Binding("n", "answer(False)", "sheet.keys.no"),
        Binding("escape", "answer(False)", "sheet.keys.no", show=False),
    ]

    def __init__(self, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="sheet-dialog"):
            yield Static(Text(self.question))
            yield Static(Text.assemble((" y ", "reverse"), f" {self.yes}    ", (" n ", "reverse"), f" {self.no}"))
        yield SteadyFooter()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
