"""Checkboxes and radio buttons that show their state in the glyph itself, not only in its colour.

Textual draws every ToggleButton as `▐X▌` (`▐●▌` for a radio) and tells on from off by the colour of the
middle character alone: in a 16-colour terminal, under NO_COLOR or to a colour-blind eye, `▐X▌ Leaders`
looks the same ticked and not. These draw a different character per state (☑/☐, ◉/○), so the state reads
in any terminal; the glyph is in the text's colour, a ticked one in the success colour, with no block behind it.
"""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.widgets import Checkbox, RadioButton


class GlyphCheckbox(Checkbox):
    """A Checkbox drawn `☑ label` when ticked and `☐ label` when not."""

    GLYPHS: ClassVar[tuple[str, str]] = ("☐", "☑")

    DEFAULT_CSS = """
    GlyphCheckbox {
        & > .toggle--button { color: $foreground; background: transparent; }
        &.-on > .toggle--button { color: $text-success; }
    }
    """

    @property
    def _button(self) -> Content:
        """One character whose shape, not only its colour, says whether the box is ticked."""
        return Content.styled(self.GLYPHS[self.value], self.get_visual_style("toggle--button"))


class GlyphRadioButton(RadioButton):
    """A RadioButton drawn `◉ label` when chosen and `○ label` when not."""

    GLYPHS: ClassVar[tuple[str, str]] = ("○", "◉")

    DEFAULT_CSS = """
    GlyphRadioButton {
        & > .toggle--button { color: $foreground; background: transparent; }
        &.-on > .toggle--button { color: $text-success; }
    }
    """

    @property
    def _button(self) -> Content:
        """One character whose shape, not only its colour, says whether this is the chosen option."""
        return Content.styled(self.GLYPHS[self.value], self.get_visual_style("toggle--button"))
