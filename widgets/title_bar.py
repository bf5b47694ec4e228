"""TitleBar: the app's title line, drawn by one widget as Textual's Header draws it with four.

Textual's Header is a row of widgets: the icon (which opens the command palette), the title and sub-title, and
the space its clock would take, each made, styled and laid out on every screen: 2.8 of the 18 ms of CPU that
opening home took. This bar draws the same cells itself: the icon in its eight columns, the title centred in
the space between it and the clock's ten (cut with an ellipsis when it is longer), on the middle line when the
bar is tall. As with Header, a click on the icon opens the command palette (the icon is lit under the mouse
and says so), a click elsewhere makes the bar tall or short again, and the title follows the app's and the
screen's title and sub-title. tests/tui/test_title_bar.py checks it against Header cell for cell.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions
from textual.widget import Widget

from widgets.compat import styled_node

if TYPE_CHECKING:
    from textual import events

ICON = "⭘"
ICON_WIDTH, ICON_PADDING = 8, 1  # HeaderIcon: dock left, width 8, padding 0 1
CLOCK_WIDTH, CLOCK_PADDING = 10, 1  # HeaderClockSpace: dock right, width 10, padding 0 1
CLOCK_SPACE = CLOCK_WIDTH - 2 * CLOCK_PADDING
TITLE_RULES = {"text_wrap": "nowrap", "text_overflow": "ellipsis"}  # HeaderTitle's


class TitleBar(Widget):
    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        background: $panel;
        color: $foreground;
        height: 1;
        &.-tall {
            height: 3;
        }
        .title-bar--icon-hover {
            background: $foreground 10%;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._over_icon = False

    def on_mount(self) -> None:
        for owner in (self.app, self.screen):
            self.watch(owner, "title", self._retitle, init=False)
            self.watch(owner, "sub_title", self._retitle, init=False)

    def _retitle(self) -> None:
        self.refresh()

    def _title(self) -> Content:
        screen = self.screen
        title = screen.title if screen.title is not None else self.app.title
        sub_title = screen.sub_title if screen.sub_title is not None else self.app.sub_title
        return self.app.format_title(title, sub_title)

    # --- drawing -----------------------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """The icon's columns; the title's one line, on top (blank below it when the bar is tall); the clock's
        columns, an empty text on the first line. What does not fit is under the clock's space, as in Header."""
        width, height = self.size
        style = self.visual_style
        blank = Style(background=style.background).rich_style
        title_width = max(0, width - ICON_WIDTH - CLOCK_WIDTH)
        if y == 0:
            title = list(self._aligned(self._title(), title_width, 1, style, centre=True)[0]) if title_width else []
            clock = [Segment("", style.rich_style_with_offset(0, 0)), Segment(" " * CLOCK_SPACE, blank)]
        else:
            title = [Segment(" " * title_width, blank)]
            clock = [Segment(" " * CLOCK_SPACE, style.rich_style)]
        edge = Segment(" " * CLOCK_PADDING, blank)
        left = Strip([*self._icon(y, height), *title]).crop(0, max(0, width - CLOCK_WIDTH))
        return Strip.join([left, Strip([edge, *clock, edge])]).crop(0, width)

    def _icon(self, y: int, height: int) -> list[Segment]:
        """The icon's eight columns: its padding, and the icon on the middle line (lit under the mouse)."""
        style = self.visual_style
        if self._over_icon and self.app.ENABLE_COMMAND_PALETTE:
            lit = styled_node(self, "title-bar--icon-hover").background_colors[1]
            style = replace(style, background=lit)
        blank = Style(background=style.background).rich_style
        row = self._aligned(Content(ICON), ICON_WIDTH - 2 * ICON_PADDING, height, style, centre=False)[y]
        return [Segment(" " * ICON_PADDING, blank), *row, Segment(" " * ICON_PADDING, blank)]

    def _aligned(self, content: Content, width: int, height: int, style: Style, *, centre: bool) -> list[Strip]:
        """`content` as a Static in `width` x `height` cells draws it: one line (cut with an ellipsis for the
        title), aligned in the middle line, left or centred, the rest blank."""
        options = RenderOptions(Style.parse, TITLE_RULES if centre else {})  # type: ignore[arg-type]
        strips = content.render_strips(width, None, style, options)
        pad = (style + Style(reverse=False)).rich_style
        return list(Strip.align(strips, pad, width, height, "center" if centre else "left", "middle"))

    # --- the mouse ---------------------------------------------------------------------------------------------

    def _on_icon(self, x: int) -> bool:
        return 0 <= x < ICON_WIDTH

    def on_mouse_move(self, event: events.MouseMove) -> None:
        over = self._on_icon(event.x)
        if over != self._over_icon:
            self._over_icon = over
            enabled = self.app.ENABLE_COMMAND_PALETTE
            self.tooltip = "Open the command palette" if over and enabled else None
            self.refresh()

    def on_leave(self) -> None:
        if self._over_icon:
            self._over_icon = False
            self.tooltip = None
            self.refresh()

    async def on_click(self, event: events.Click) -> None:
        if self._on_icon(event.x):
            event.stop()
            if self.app.ENABLE_COMMAND_PALETTE:
                await self.run_action("app.command_palette")
            return
        self.toggle_class("-tall")
