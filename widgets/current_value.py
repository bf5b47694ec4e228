"""CurrentValue: the value a dropdown shows, drawn by one widget as Textual's SelectCurrent draws it with four.

Textual's SelectCurrent is a row holding three Statics: the label (the value, or the prompt in a fainter
colour), a down arrow, and an up arrow shown instead while the list is open. Every dropdown made them, styled
them and laid them out: setup has 25 dropdowns, the recruitment screen one a seat, and they were the most
common widgets the TUI tests built (6,702 of 45,800). This one draws the label (wrapped, or cut as its styles
say) and the arrow of the open or shut list in its own cells, and is as tall as the label; its border,
padding, colours and the focus's look are SelectCurrent's own. tests/tui/test_current_value.py checks it
against SelectCurrent cell for cell.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, cast

from rich.segment import Segment
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual, visualize
from textual.widgets import Select

from widgets.compat import SelectCurrent, styled_node

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.app import ComposeResult
    from textual.css.styles import RulesMap
    from textual.geometry import Size
    from textual.widgets._select import NoSelection

ARROW_WIDTH = 2  # SelectCurrent's arrow: padding-left 1, then its one cell
DOWN, UP = "▼", "▲"


class CurrentValue(SelectCurrent):
    DEFAULT_CSS = """
    CurrentValue {
        .current-value--label {
            color: $foreground 50%;
        }
        &.-has-value .current-value--label {
            color: $foreground;
        }
        .current-value--arrow {
            color: $foreground 50%;
        }
    }
    """

    def __init__(self, placeholder: str) -> None:
        super().__init__(placeholder)
        self._visual: Visual | None = None  # the label, made once for each value
        self._styles: tuple[Style, Style] | None = None  # the label's and the arrow's, once for each restyle
        self._lines: tuple[tuple[int, Visual, Style], list[Strip]] | None = None  # the label drawn, and how

    def compose(self) -> ComposeResult:
        return iter(())

    def update(self, label: RenderableType | NoSelection) -> None:
        self.label = label
        self.has_value = label is not Select.NULL
        self._visual = None
        self.refresh(layout=True)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        # -has-value, the focus, a theme, the list opened or shut (Select's -expanded class restyles this box):
        # the parts' colours are worked out again, and the arrow turned
        self._styles = None
        self.refresh()

    @property
    def words(self) -> str:
        """What the box says: the value's label, or the prompt."""
        label = self._label()
        return label.plain if isinstance(label, Content) else str(self.label)

    def _label(self) -> Visual:
        if self._visual is None:
            shown = self.placeholder if self.label is Select.NULL else self.label
            self._visual = visualize(self, shown, markup=True)
        return self._visual

    def _part_styles(self) -> tuple[Style, Style]:
        """The label's and the arrow's visual styles: their colours over this widget's background and text
        style (a part's background is transparent)."""
        if self._styles is None:
            own = self.visual_style
            label, arrow = (
                styled_node(self, part).styles.color for part in ("current-value--label", "current-value--arrow")
            )
            self._styles = (replace(own, foreground=label), replace(own, foreground=arrow))
        return self._styles

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        rules = cast("RulesMap", self.styles)  # read as Widget.get_content_height reads them
        return max(1, self._label().get_height(rules, max(0, width - ARROW_WIDTH)))

    def render_line(self, y: int) -> Strip:
        """The label's line `y` (as a Static 1fr wide draws it), then on the first line the arrow (as a Static
        with a cell of padding on its left draws it); blank cells have this widget's background."""
        label_width = max(0, self.content_region.width - ARROW_WIDTH)
        blank = Style(background=self.visual_style.background).rich_style
        label_style, arrow_style = self._part_styles()
        key = (label_width, self._label(), label_style)
        if self._lines is None or self._lines[0] != key:
            self._lines = (key, Visual.to_strips(self, self._label(), label_width, None, label_style))
        lines = self._lines[1]
        label = (lines[y] if y < len(lines) else Strip.blank(label_width, blank)).adjust_cell_length(label_width, blank)
        if y:
            return Strip.join([label, Strip.blank(ARROW_WIDTH, blank)])
        expanded = isinstance(self.parent, Select) and self.parent.expanded
        arrow = Visual.to_strips(self, visualize(self, UP if expanded else DOWN), 1, 1, arrow_style)[0]
        return Strip.join([label, Strip([Segment(" ", blank)]), arrow.adjust_cell_length(1, blank)])
