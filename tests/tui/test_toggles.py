"""Tick boxes and radio buttons say their state in their glyph, and the focused one is marked in text
attributes, so both read in a 16-colour terminal and under NO_COLOR, where Textual's colours alone
(`▐X▌` on and off, a 234-against-235 tint for focus) say nothing (issue 14, item 3)."""

from __future__ import annotations

from textual.widgets import Checkbox, RadioButton

from scorer.i18n import set_language
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import SIZE, open_history, press, settle
from widgets.screens.history_dialogs import ExportDialog
from widgets.screens.setup import SetupScreen


def drawn(widget) -> str:
    """The widget's line as the terminal gets it."""
    return str(widget.render())


async def test_a_setup_box_shows_ticked_or_not_in_its_glyph_and_underlines_its_label_when_focused(make_app):
    set_language("en")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "n")
        assert isinstance(app.screen, SetupScreen)
        teams = app.screen.query_one("#teams", Checkbox)
        assert drawn(teams).startswith("☐ Teams")
        teams.focus()
        await press(pilot, "space")
        assert drawn(teams).startswith("☑ Teams")
        label = teams.render().spans[-1].style
        assert "underline" in str(label) and "bold" in str(label)
        await press(pilot, "tab")
        assert not any("underline" in str(span.style) for span in teams.render().spans)


async def test_the_export_dialogs_radios_show_the_chosen_one_in_its_glyph(make_app):
    set_language("en")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.store.save(load_record(example("base-3p.json")))
        await open_history(app, pilot)
        await press(pilot, "x")
        assert isinstance(app.screen, ExportDialog)
        json_choice, csv_choice, _bgstats = list(app.screen.query_one("#export-format").query(RadioButton))
        assert (drawn(json_choice)[0], drawn(csv_choice)[0]) == ("◉", "○")
        await press(pilot, "down", "enter")
        assert (drawn(json_choice)[0], drawn(csv_choice)[0]) == ("○", "◉")
