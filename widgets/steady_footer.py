"""SteadyFooter: the screen's keys on one line, drawn by one widget, as Textual's Footer draws them.

Textual's Footer (8.2) is a row of widgets, a FooterKey for each key (a group's keys in a KeyGroup, its words
in a FooterLabel), and it removes and mounts them all again whenever the screen says its bindings may have
changed: on the screen's mount, on every change of focus, on every `refresh_bindings()` (734 times in one
typed 7-player Age I). A key widget costs about a millisecond to make, style and lay out: its six keys were a
third of opening the home screen (18 ms of CPU under the Pilot; 12 ms with this footer).

This footer is one widget. It works out the same entries Footer.compose makes (the first shown binding of each
action, a group of several actions as its keys and its words, the command palette's key on the right) and
draws them in one line, placed as Textual's layout places Footer's widgets: each entry's margins (two
neighbours' margins overlap), paddings and the palette key's left edge. Their colours and spacing come from
the stylesheet, through unseen nodes named like Footer's parts (`.footer-key`, `.footer-key--key`,
`.footer-key--description`, `.key-group`, `.footer-label`; see DEFAULT_CSS): a screen or a theme styles them
as it would style the Footer, and tests/tui/test_steady_footer.py checks that every combination draws what
Footer draws. When the keys change, only this line is drawn again: its size never changes, so the screen is
not laid out again either.

A click on a key presses it (a dimmed key rings the bell), a key under the mouse is highlighted and gives its
tooltip, as a FooterKey does.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.strip import Strip
from textual.widget import Widget

from widgets.compat import styled_node

if TYPE_CHECKING:
    from rich.console import Console
    from textual import events
    from textual.binding import Binding
    from textual.css.styles import RenderStyles
    from textual.dom import DOMNode
    from textual.geometry import Spacing
    from textual.screen import Screen

LEFT_EDGE = {"vkey": "▏"}  # the palette key's left border, as Textual draws a "vkey" border's left side


def _width(cells: list[Segment]) -> int:
    return Segment.get_line_length(cells)


def _offsets(text: Text, console: Console) -> list[Segment]:
    """A widget's text as Textual renders it: each segment's style carries its offset in the text (for
    selecting text), as a FooterKey's and a FooterLabel's do."""
    cells, x = [], 0
    for segment in text.render(console):
        cells.append(Segment(segment.text, (segment.style or Style()) + Style.from_meta({"offset": (x, 0)})))
        x += len(segment.text)
    return cells


@dataclass(frozen=True)
class Entry:
    """One thing the footer shows: a key (its binding's key, what it shows and says, whether it is enabled),
    or a group's words (`key` empty). `grouped`: a key of a group, drawn without words; `palette`: the
    command palette's key, on the right."""

    key: str
    display: str
    words: str
    tooltip: str = ""
    enabled: bool = True
    grouped: bool = False
    palette: bool = False


@dataclass(frozen=True)
class Group:
    """The keys of one group of several actions (its words are the entry after it)."""

    keys: tuple[Entry, ...]
    compact: bool


@dataclass(frozen=True)
class Placed:
    """An entry as drawn: its first cell and its width (the key's whole item, with its padding)."""

    entry: Entry
    x: int
    width: int


class SteadyFooter(Widget, can_focus=False):
    ALLOW_SELECT = False
    DEFAULT_CSS = """
    SteadyFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;

        .footer-key {
            background: $footer-item-background;
            .footer-key--key {
                color: $footer-key-foreground;
                background: $footer-key-background;
                text-style: bold;
                padding: 0 1;
            }
            .footer-key--description {
                padding: 0 1 0 0;
                color: $footer-description-foreground;
                background: $footer-description-background;
            }
            &.-hover {
                color: $footer-key-foreground;
                background: $block-hover-background;
            }
            &.-disabled {
                text-style: dim;
            }
            &.-compact {
                .footer-key--key {
                    padding: 0;
                }
                .footer-key--description {
                    padding: 0 0 0 1;
                }
            }
        }
        .footer-key.-command-palette {
            padding-right: 1;
            border-left: vkey $foreground 20%;
        }
        .footer-key.-grouped {
            margin: 0 1;
        }
        .footer-label {
            margin: 0 1 0 0;
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        &.-compact {
            .footer-label {
                margin: 0;
            }
            .footer-key {
                margin-right: 1;
            }
            .footer-key.-grouped {
                margin: 0 1;
            }
            .footer-key.-command-palette {
                padding-right: 0;
            }
        }
        .key-group.-compact {
            margin: 0 1 0 0;
            padding-left: 1;
            .footer-key.-grouped {
                margin: 0;
            }
        }
    }
    """

    def __init__(self, *, compact: bool = False, show_command_palette: bool = True) -> None:
        super().__init__(classes="-compact" if compact else "")
        self.compact = compact
        self.show_command_palette = show_command_palette
        self._entries: tuple[Entry | Group, ...] = ()  # what is drawn, in order (the palette's key last)
        self._line: tuple[object, tuple[Strip, tuple[Placed, ...]]] | None = None  # the last drawn, and of what
        self._hovered: Entry | None = None
        self._styled: dict[tuple[str, ...], DOMNode] = {}  # the unseen styled nodes, by their classes
        self._theme = ""  # the theme they were styled in
        self._generation = 0  # counts the times they were dropped to be styled anew

    # --- what to draw --------------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        """As Footer: redrawn after the refresh that follows a change (several changes at once, one drawing),
        and not while the app is not focused."""
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_after_refresh(self._show_keys)

    def _show_keys(self) -> None:
        if not self.is_attached or not self.screen.is_current:
            # Its screen was closed meanwhile (its keys may ask about a game the table has left) or is hidden:
            # a screen shown again refreshes its bindings, and this is asked again then.
            return
        entries = self._keys()
        if entries != self._entries:
            self._entries = entries
            self.refresh()

    def _keys(self) -> tuple[Entry | Group, ...]:
        """What Footer.compose makes: the first shown binding of each action, in order; consecutive actions of
        one group are drawn as the group (keys, then its words) when there are several; then the command
        palette's key."""
        bindings = self.screen.active_bindings
        first: dict[str, tuple[Binding, bool, str]] = {}
        for _, binding, enabled, tooltip in bindings.values():
            if binding.show:
                first.setdefault(binding.action, (binding, enabled, tooltip))
        display = self.app.get_key_display
        entries: list[Entry | Group] = []
        for group, members in groupby(first.values(), lambda member: member[0].group):
            keys = list(members)
            if group is not None and len(keys) > 1:
                grouped = tuple(
                    Entry(b.key, display(b), "", tooltip or b.description, enabled, grouped=True)
                    for b, enabled, tooltip in keys
                )
                entries += [Group(grouped, group.compact), Entry("", "", group.description)]
            else:
                entries += [Entry(b.key, display(b), b.description, tooltip, enabled) for b, enabled, tooltip in keys]
        palette = bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if palette is not None and self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            _, binding, enabled, _ = palette
            tooltip = binding.tooltip or binding.description
            entries.append(Entry(binding.key, display(binding), binding.description, tooltip, enabled, palette=True))
        return tuple(entries)

    @property
    def placed(self) -> tuple[Placed, ...]:
        """Each key and group's words where the footer draws them, left to right, the palette's key last (what
        does not fit is under it, or beyond the footer's width)."""
        return self._drawn()[1]

    # --- styles ----------------------------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._restyle()  # the stylesheet or this footer's classes changed
        self.refresh()

    def _restyle(self) -> None:
        """Its parts are styled anew when next drawn."""
        self._styled.clear()
        self._generation += 1

    def _node(self, *chain: str) -> DOMNode:
        """An unseen node under this footer (each name in `chain` a node under the one before, with those
        classes), styled as a widget there would be."""
        node = self._styled.get(chain)
        if node is None:
            parent: DOMNode = self._node(*chain[:-1]) if len(chain) > 1 else self
            node = self._styled[chain] = styled_node(parent, chain[-1])
        return node

    def _item(self, entry: Entry, within: str = "") -> tuple[str, ...]:
        """The chain of a key's item: FooterKey's classes (-compact: bound to the footer's, always on the
        palette's key)."""
        classes = ["footer-key"]
        if self.compact or entry.palette:
            classes.append("-compact")
        if entry.grouped:
            classes.append("-grouped")
        if entry.palette:
            classes.append("-command-palette")
        if not entry.enabled:
            classes.append("-disabled")
        if entry == self._hovered:
            classes.append("-hover")
        return (*((within,) if within else ()), " ".join(classes))

    def _styles(self, *chain: str) -> RenderStyles:
        return self._node(*chain).styles

    # --- drawing ---------------------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """The line as made, segment by segment: Textual's rendering of a text would give the blank between
        keys the footer's colour of words and offsets, which Footer's blank (its own) does not have."""
        return self._drawn()[0]

    def _drawn(self) -> tuple[Strip, tuple[Placed, ...]]:
        """The line and where each entry is on it, worked out once for the same entries, width and styles."""
        if self._theme != self.app.theme:  # a theme with this footer's colours may give its parts others
            self._restyle()
            self._theme = self.app.theme
        key = (self._entries, self.size.width, self._hovered, self._generation)
        if self._line is None or self._line[0] != key:
            self._line = (key, self._draw(self.size.width))
        return self._line[1]

    def _draw(self, width: int) -> tuple[Strip, tuple[Placed, ...]]:
        """Footer's row as Textual lays it out: each entry after the one before, two neighbours' margins
        overlapping; the palette's key docked right, within its margins, drawn over what does not fit."""
        blank = Style(bgcolor=self._background(self).rich_color)
        line: list[Segment] = []
        placed: list[Placed] = []
        before: int | None = None
        palette: Entry | None = None
        for entry in self._entries:
            if isinstance(entry, Entry) and entry.palette:
                palette = entry
                continue
            cells, margin, keys = self._box(entry)
            line.append(Segment(" " * (margin.left if before is None else max(before, margin.left)), blank))
            x = _width(line)
            placed += [Placed(key.entry, x + key.x, key.width) for key in keys]
            line += cells
            before = margin.right
        strip = Strip([cell for cell in line if cell.text]).crop_extend(0, width, blank)
        if palette is not None:
            chain = self._item(palette)
            cells, margin = self._key(palette, chain), self._styles(*chain).margin
            x = max(0, width - _width(cells) - margin.right)
            strip = Strip.join([strip.crop(0, x), Strip(cells), strip.crop(x + _width(cells), width)])
            placed.append(Placed(palette, x, _width(cells)))
        return strip, tuple(placed)

    def _box(self, entry: Entry | Group) -> tuple[list[Segment], Spacing, list[Placed]]:
        """An entry of the footer's row: its cells, its margin, and where its keys or words are in it."""
        if isinstance(entry, Group):
            cells, keys = self._group(entry)
            return cells, self._styles(self._group_chain(entry)).margin, keys
        if entry.key:
            chain = self._item(entry)
            cells = self._key(entry, chain)
            return cells, self._styles(*chain).margin, [Placed(entry, 0, _width(cells))]
        cells = _offsets(Text.assemble((entry.words, self._node("footer-label").rich_style)), self.app.console)
        return cells, self._styles("footer-label").margin, [Placed(entry, 0, _width(cells))]

    def _group_chain(self, group: Group) -> str:
        return "key-group -compact" if group.compact else "key-group"

    def _group(self, group: Group) -> tuple[list[Segment], list[Placed]]:
        """A KeyGroup: its padding and its keys, their margins overlapping; and where each key is in it."""
        within = self._group_chain(group)
        styles = self._styles(within)
        blank = Style(bgcolor=self._background(self._node(within)).rich_color)
        cells = [Segment(" " * styles.padding.left, blank)]
        placed: list[Placed] = []
        before: int | None = None
        for key in group.keys:
            chain = self._item(key, within)
            margin = self._styles(*chain).margin
            cells.append(Segment(" " * (margin.left if before is None else max(before, margin.left)), blank))
            drawn = self._key(key, chain)
            placed.append(Placed(key, _width(cells), _width(drawn)))
            cells += drawn
            before = margin.right
        cells.append(Segment(" " * ((before or 0) + styles.padding.right), blank))
        return [cell for cell in cells if cell.text], placed

    def _key(self, entry: Entry, chain: tuple[str, ...]) -> list[Segment]:
        """What a FooterKey draws: its left border, its padding and its text (FooterKey.render)."""
        item = self._node(*chain)
        styles = item.styles
        key_node, words_node = self._node(*chain, "footer-key--key"), self._node(*chain, "footer-key--description")
        key_style, words_style = key_node.rich_style, words_node.rich_style
        if entry.words:
            pad, words_pad = key_node.styles.padding, words_node.styles.padding
            text = Text.assemble(
                (" " * pad.left + entry.display + " " * pad.right, key_style),
                (" " * words_pad.left + entry.words + " " * words_pad.right, words_style),
                end="",
            )
        else:
            text = Text.assemble((entry.display, key_style), end="")
        text.stylize_before(item.rich_style)
        fill = Style(bgcolor=self._background(item).rich_color)
        cells = [Segment(" " * styles.padding.left, fill), *_offsets(text, self.app.console)]
        cells.append(Segment(" " * styles.padding.right, fill))
        edge, colour = styles.border_left
        if edge in LEFT_EDGE:
            beneath = self._background(self)
            cells.insert(0, Segment(LEFT_EDGE[edge], Style(color=(beneath + colour).rich_color, bgcolor=fill.bgcolor)))
        return [cell for cell in cells if cell.text]

    @staticmethod
    def _background(node: DOMNode) -> Color:
        """The colour a node's blank cells show: its background over those of the nodes it is in."""
        return node.background_colors[1]

    # --- the mouse -------------------------------------------------------------------------------------------

    def _at(self, x: int) -> Entry | None:
        for item in reversed(self.placed):  # the palette's key first: it is drawn over what does not fit
            if item.entry.key and item.x <= x < item.x + item.width:
                return item.entry
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        entry = self._at(event.x)
        if entry != self._hovered:
            self._hovered = entry
            self.tooltip = (entry.tooltip or None) if entry is not None else None
            self.refresh()

    def on_leave(self) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.tooltip = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        entry = self._at(event.x)
        if entry is None:
            return
        if entry.enabled:
            self.app.simulate_key(entry.key)
        else:
            self.app.bell()
