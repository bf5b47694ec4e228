"""The score pad's line under the boxes (issue 14 item 4): what the box with the cursor means, then the keys
that move between boxes, each on one line of #pad-help at the table's 80 columns. One column too many and the
help wraps onto the keys' line and pushes it off the 80×24 screen (Portuguese "fica fora" in Age II did).
Every box of a 7-player Leaders + Armada table, in both languages, filled in with what the screen fills in
(Age III, the leaders' names), is held to the room the screen's own CSS leaves it."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.app import App
from textual.css.stylesheet import Stylesheet

from scorer.edits.pad import pad_fields
from scorer.i18n import catalogue, set_language, t
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import SIZE
from widgets.screens.pad import PadScreen, help_of, name_of

FIELDS = pad_fields(load_record(example("leaders-armada-7p.json")))


def help_room() -> int:
    """The columns #pad-help gives its lines at 80: the terminal's width less its padding and border, as
    PadScreen's CSS sets them."""
    sheet = Stylesheet(variables=App().get_css_variables())
    sheet.add_source(PadScreen.DEFAULT_CSS)
    sheet.parse()
    (rule,) = [rule for rule in sheet.rules if "#pad-help" in rule.selector_names]
    return SIZE[0] - rule.styles.gutter.width


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_help_line_of_the_pad_fits_its_line(language: str) -> None:
    set_language(language)
    lines = {help_of(field) for field in FIELDS} | {t("pad.keys_hint")}
    room = help_room()
    assert sorted(f"{cell_len(line)}: {line}" for line in lines if cell_len(line) > room) == []


def test_every_help_text_is_a_box_of_the_table_checked() -> None:
    """A help key no box of the 7-player Leaders + Armada pad shows would go unchecked above."""
    for language in ("en", "pt"):
        assert {name_of(field) for field in FIELDS} == set(catalogue(language, "pad")["help"])


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_wonders_own_wildcard_lines_fit_where_they_are_shown(language: str) -> None:
    """Issue 31 item 1: the "any" box's help for a Babylon player, and the flag beside the total while the box
    repeats the wonder's symbol (after the longest total line a 7-player table shows)."""
    set_language(language)
    assert cell_len(t("pad.twice.wildcards_here", count=1)) <= help_room()
    total = t("pad.total", player="Guto", total=106)
    assert cell_len(f"{total}  ⚠ {t('pad.twice.wildcards', wonder='Babilônia', count=1)}") <= help_room()
