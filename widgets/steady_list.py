"""SteadyOptionList: an OptionList that keeps its rendered options when only its height changes.

OptionList renders every option again on any resize (their lines depend on the width). The age screen's
lists change height as the table types, never width: the card search's matches grow and shrink under the
input, and the cards built this age take the room left above it. Rendering them again then only repeated,
one frame later, the paint of the layout pass that had resized them; a width change still renders them anew.
"""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList


class SteadyOptionList(OptionList):
    _width = 0  # the width the options were rendered at (0: not yet shown)

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width == self._width:
            event.prevent_default()  # OptionList's own resize handler would render the options again
        self._width = event.size.width
