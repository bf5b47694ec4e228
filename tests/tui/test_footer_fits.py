"""Every key a screen offers must be readable in the Footer of the table's 80-column terminal, in both
languages: Portuguese words are longer, and a key cut off at the edge ("n Nav") is a key the table never
learns about."""

from __future__ import annotations

import pytest
from textual.widgets import Footer

from scorer.flow import Step
from scorer.i18n import set_language
from tests.tui.conftest import example, start_at

SIZE = (80, 24)
TOOLS = ["n", "u", "h", "s", "o", "d"]  # from home: setup, rulings, history, stats, settings, calibration
STEPS = [Step("recruitment", 1), Step("age", 1), Step("conflicts", 1), Step("end"), Step("sheet")]


def cut_off(app) -> list[str]:
    """The Footer entries (keys, and the labels of grouped keys) that do not fit left of the command
    palette's key, found by their CSS type names (Textual does not export the Footer's parts)."""
    footer = app.screen.query_one(Footer)
    palette = footer.query(".-command-palette")
    edge = palette.first().region.x if palette else footer.region.right
    entries = footer.query("FooterKey, FooterLabel").exclude(".-command-palette")
    return [str(getattr(w, "description", "") or w.render()) for w in entries if w.region.right > edge]


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_every_footer_fits_at_80_columns(make_app, language):
    set_language(language)
    app = make_app()
    problems = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        problems["home"] = cut_off(app)
        for key in TOOLS:
            await pilot.press(key)
            await pilot.pause()
            problems[key] = cut_off(app)
            await pilot.press("escape")
            await pilot.pause()
        data = example("leaders-armada-7p.json")
        for step in STEPS:
            start_at(app, data, step)
            await pilot.pause()
            problems[str(step)] = cut_off(app)
    assert {screen: keys for screen, keys in problems.items() if keys} == {}
