"""ItemList: entries listed one per line (the cards built this age, the islands taken), Delete removes one."""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message
from textual.widgets.option_list import Option

from widgets.steady_list import SteadyOptionList
from widgets.text_fit import KeepTail


class ItemList(SteadyOptionList):
    """Entries of this age (built cards, islands gained); Delete removes the highlighted one.

    It only reports the removal asked for (`Removed`, with the entry's index); the screen makes the edit and
    shows the list again from the record, so a refused removal leaves the entry listed."""

    BINDINGS = [Binding("delete,backspace", "remove", "age.keys.remove")]

    class Removed(Message):
        def __init__(self, items: ItemList, index: int) -> None:
            super().__init__()
            self.items = items
            self.index = index

        @property
        def control(self) -> ItemList:
            return self.items

    def show(self, labels: list[str]) -> None:
        keep = self.highlighted
        self.set_options(Option(KeepTail(label)) for label in labels)  # a cut keeps the colour
        if labels:
            self.highlighted = min(keep or 0, len(labels) - 1)

    def action_remove(self) -> None:
        if self.highlighted is not None and self.option_count:
            self.post_message(self.Removed(self, self.highlighted))
