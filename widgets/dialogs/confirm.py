"""ConfirmDialog: the yes/no question the sheet, the history, the calibration and the app ask before an act
that cannot be taken back (saving over, deleting, leaving unsaved values, keeping a game finished elsewhere)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from scorer.i18n import t
from widgets.compat import StyledAtMount
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter


def yes_key() -> str:
    """The key that says yes in the table's language: y(es) in English, s(im) in Portuguese."""
    return t("sheet.keys.yes_key")


class ConfirmDialog(LocalisedBindings, StyledAtMount, ModalScreen[bool]):
    """A yes/no question; y (s in Portuguese: "s Sim / n Não") answers yes, n or Escape answers no (nothing
    is done by default). Only the current language's yes key answers: in English an s typed twice after the
    sheet's s must not save a game the table was asked about."""

    DEFAULT_CSS = "ConfirmDialog { align: center middle; }"

    BINDINGS = [
        Binding("y", "yes('y')", "sheet.keys.yes"),
        Binding("s", "yes('s')", "sheet.keys.yes"),
        Binding("n", "answer(False)", "sheet.keys.no"),
        Binding("escape", "answer(False)", "sheet.keys.no", show=False),
    ]

    def __init__(self, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="sheet-dialog"):
            yield Static(Text(self.question))
            yes = Text.assemble((f" {yes_key()} ", "reverse"), f" {self.yes}    ")
            yield Static(Text.assemble(yes, (" n ", "reverse"), f" {self.no}"))
        yield SteadyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "yes":
            return parameters[0] == yes_key()  # the other language's key: neither acts nor shows
        return True

    def action_yes(self, key: str) -> None:
        self.dismiss(True)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
