"""SteadyFooter: a Footer rebuilt only when the keys it shows change, not when the screen asks.

Textual's Footer (8.2) removes and mounts all its keys again whenever the screen says its bindings may have
changed: on the screen's mount, on every change of focus, on every `refresh_bindings()`. Opening the History
screen rebuilt it four times, three of them with the very same keys (mounted, the list focused, the filter bar
mounted), and the fourth only to show the keys that work once the games are read no longer dimmed: each time
a dozen widgets styled and laid out again while ten thousand games waited to be shown. This Footer remembers
what it drew: the same keys are left as they are, the same keys enabled otherwise are dimmed or lit in place
(Footer marks a disabled key with its `-disabled` class), a key that only says and does something else is
given its new words where it stands (the card search's Escape, 'Back' or 'Clear search'), and only other keys
are composed again.

Every screen and dialog uses it. On the age screen each Tab, each Enter that moves to the next box, each pick
from a list changes the focus, and a plain Footer mounted its dozen keys again every time: 734 rebuilds in one
typed 7-player Age I, 38% of that test's time (17.8 s, 11.0 s with this Footer), on the table the same cost
behind every key.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer

from widgets.compat import FooterKey

Key = tuple[Binding, str]  # a key as drawn: its binding (key, words, group, action) and its tooltip


class SteadyFooter(Footer):
    _drawn: tuple[Key, ...] | None = None  # the keys last composed, in the order drawn (None: none yet)

    def _keys(self) -> tuple[tuple[Key, ...], tuple[bool, ...]]:
        """What Footer.compose reads: the first shown binding of each action, in order, then the command
        palette's; and whether each is enabled."""
        bindings = self.screen.active_bindings
        first: dict[str, tuple[Binding, bool, str]] = {}
        for _, binding, enabled, tooltip in bindings.values():
            if binding.show:
                first.setdefault(binding.action, (binding, enabled, tooltip))
        drawn = list(first.values())
        palette = bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if palette is not None and self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            drawn.append(palette[1:])
        return tuple((binding, tooltip) for binding, _, tooltip in drawn), tuple(enabled for _, enabled, _ in drawn)

    def compose(self) -> ComposeResult:
        self._drawn = self._keys()[0] if self._bindings_ready else None
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # What the key's own `compact` watcher sets once it is mounted, set now and unstyled, so the key
                # is styled once, not again against the whole stylesheet for each class its watchers change: a
                # key is made compact (its default), its watcher adds -compact, then its binding to this
                # Footer's `compact` takes it away again (two restyles a key, a dozen keys each time a Footer
                # is composed). The palette's key is not bound to the Footer and keeps its own default.
                compact = self.compact or widget.has_class("-command-palette")
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    async def recompose(self) -> None:
        if not self.is_attached or self._pruning:
            return  # removed meanwhile (its screen closed): nothing to draw, as Footer.recompose does
        keys, enabled = self._keys()
        shown = list(self.query(FooterKey))
        if keys != self._drawn and self._reworded(shown, keys):
            self._drawn = keys
        elif keys != self._drawn or len(shown) != len(keys):
            await super().recompose()
            return
        for key, on in zip(shown, enabled):  # the same keys: only their dimming may differ
            key._disabled = not on
            key.set_class(not on, "-disabled")

    def _reworded(self, shown: list[FooterKey], keys: tuple[Key, ...]) -> bool:
        """Give the keys drawn the words and actions of `keys` in place, when only ungrouped keys changed (the
        card search's Escape: 'Back' while it is empty, 'Clear search' once a letter is typed), so the Footer
        is laid out again, not composed again: composing mounted and styled its dozen keys anew, three layout
        passes for the first letter of every card's name, and as many when the search is cleared by a pick.
        False (nothing changed) when anything else differs: grouped keys, their number, the palette's key."""
        drawn = self._drawn
        if drawn is None or len(drawn) != len(keys) or len(shown) != len(keys):
            return False
        changed = [
            (widget, old, binding, tooltip)
            for widget, (old, was), (binding, tooltip) in zip(shown, drawn, keys)
            if (old, was) != (binding, tooltip)
        ]
        if any(
            old.group is not None
            or binding.group is not None
            or widget.has_class("-grouped")
            or widget.has_class("-command-palette")
            for widget, old, binding, _ in changed
        ):
            return False
        for widget, _, binding, tooltip in changed:  # as Footer.compose makes an ungrouped key
            widget.key, widget.key_display = binding.key, self.app.get_key_display(binding)
            widget.description, widget.action = binding.description, binding.action
            widget.tooltip = tooltip or None
            widget.refresh(layout=True)  # its width follows its words
        return True
