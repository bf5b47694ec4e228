"""A dropdown and a tick box that handle the keys typed in one read exactly as if they were typed slowly.

Textual runs a widget's key bindings only once the key has bubbled up to the app, against the focus as it
is by then, and Tab (a priority binding, widgets.app) moves the focus the moment the app reads it. A burst
(a fast typist on a busy machine, a paste) is read whole before any widget handles its first key, so with
Textual's own widgets `Tab Enter r h o Enter Tab` on a seat's wonder opened the list on the side box, the
letters were lost while the list was taking the focus a turn later, and a space behind shift+Tab ticked the
box the focus had reached since, not the one it was typed at.

So the `Dropdown`'s list never takes the focus: the dropdown itself handles, in turn, every key that reached
it (open, move, search, choose, close), whatever has the focus now. And the `Tickbox` ticks when the app
reads the key, like Tab, so what a tick shows or hides (Armada's fleet boxes) is in the focus chain of the
Tab read right behind it.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widgets import OptionList, Select

from scorer.catalog import fold
from widgets.compat import ListMadeWhenOpened, SelectOverlay
from widgets.toggles import GlyphCheckbox

# A pause longer than this between two letters starts a new search, as in Textual's own open list.
SEARCH_PAUSE = 0.7


class FoldingOverlay(SelectOverlay):
    """A Select's open list where typing finds an option ignoring case and accents ("filo" finds "Filósofos",
    "comerciantes" either name, "efe" finds "Éfeso"). Textual's own search is a case-insensitive substring
    only; this overrides its private `_find_search_match` with the same contract (the option whose match
    starts earliest)."""

    def _find_search_match(self, query: str) -> int | None:
        wanted = fold(query)
        found: tuple[int, int] | None = None  # (where the match starts, option index)
        for index, option in enumerate(self._options):
            prompt = option.prompt
            text = prompt.plain if isinstance(prompt, Text) else str(prompt)
            start = fold(text).find(wanted)
            if start != -1 and (found is None or start < found[0]):
                found = (start, index)
        return found[1] if found else None


class DropdownList(FoldingOverlay, can_focus=False):
    """The Dropdown's open list: shown, never focused (the dropdown moves its highlight), drawn as Textual
    draws a focused list."""

    DEFAULT_CSS = """
    DropdownList {
        background-tint: $foreground 5%;
        & > .option-list--option-highlighted {
            color: $block-cursor-foreground;
            background: $block-cursor-background;
            text-style: $block-cursor-text-style;
        }
    }
    """


class Dropdown(ListMadeWhenOpened[str]):
    """A Select that handles every key it receives itself, in the order they came (see the module); its list
    is made the first time it opens."""

    OPEN_KEYS = frozenset({"enter", "space", "down", "up"})  # Select's own binding to show the list
    LIST_KEYS = {
        "up": "cursor_up",
        "down": "cursor_down",
        "home": "first",
        "end": "last",
        "pageup": "page_up",
        "pagedown": "page_down",
    }

    _search = ""  # the letters typed since the list opened (or since a pause)
    _last_letter = 0.0  # when the last of them was read
    # letters that choose an option without opening the list (a side's a/b, a fleet's r/y/b/g): letter → value
    letters: Mapping[str, str] = {}

    def new_list(self) -> DropdownList:
        # Made with this dropdown's `compact` already set, and its class: else the list is mounted with its
        # default (not compact), then its binding sets it and restyles it against the whole stylesheet.
        listed = DropdownList(type_to_search=self._type_to_search)
        listed.set_reactive(OptionList.compact, self.compact)
        listed.set_class(self.compact, "-textual-compact", update=False)
        return listed.data_bind(compact=Select.compact)

    def _on_key(self, event: events.Key) -> None:  # type: ignore[override]  # sync: handled within its dispatch
        if not self.expanded:
            chosen = self.letters.get((event.character or "").lower())
            if chosen is not None and not self.disabled:
                self._take(event)
                self.value = chosen
                return
            if event.key in self.OPEN_KEYS:
                self._take(event)
                self._search = ""
                self.action_show_overlay()
            return
        listed = self.made_list()
        if event.key == "enter":
            self._take(event)
            if listed.highlighted is not None:
                self.value = self._options[listed.highlighted][1]
            self.expanded = False
        elif event.key == "escape":
            self._take(event)
            self.expanded = False
        elif event.key in self.LIST_KEYS:
            self._take(event)
            getattr(listed, f"action_{self.LIST_KEYS[event.key]}")()
        elif self._type_to_search and event.is_printable and event.character is not None:
            self._take(event)
            if event.time - self._last_letter > SEARCH_PAUSE:
                self._search = ""
            self._search, self._last_letter = self._search + event.character, event.time
            found = listed._find_search_match(self._search)
            if found is not None:
                listed.select(found)

    def move_highlight(self, step: int) -> None:
        """Move the open list's highlight a row down (up): an ↓/↑ a screen's binding took when it read the key,
        before the key that opened the list had reached this dropdown (a burst), handed on."""
        listed = self.made_list()
        listed.action_cursor_down() if step > 0 else listed.action_cursor_up()

    def _on_blur(self, event: events.Blur) -> None:
        """Leaving the dropdown closes its list unchosen, as leaving Textual's focused list does."""
        self.expanded = False

    @staticmethod
    def _take(event: events.Key) -> None:
        """The key is this dropdown's: not Select's binding, nor the screen's, when it bubbles up late."""
        event.prevent_default()
        event.stop()


class Tickbox(GlyphCheckbox):
    """A Checkbox ticked (Enter, space) when the app reads the key, before the keys read behind it."""

    BINDINGS = [Binding("enter,space", "toggle_button", show=False, priority=True)]
