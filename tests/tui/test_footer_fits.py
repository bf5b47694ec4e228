"""Every key a screen offers must be readable in the Footer of the table's 80-column terminal, in both
languages: Portuguese words are longer, and a key cut off at the edge ("n Nav") is a key the table never
learns about. The Phones key (ctrl+o) is one of them on every step (issue 13), and the home screen with a
game to resume (r) is the fullest of all."""

from __future__ import annotations

import pytest

from scorer.flow import Step
from scorer.i18n import set_language
from tests.records import example
from tests.tui.driver import cut_off, footer, press, settle, start_at
from widgets.screens.pad import PadScreen

SIZE = (80, 24)
TOOLS = ["n", "u", "h", "s", "o", "d"]  # from home: setup, rulings, history, stats, settings, calibration
STEPS = [Step("recruitment", 1), Step("age", 1), Step("conflicts", 1), Step("end"), Step("sheet")]


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_every_footer_fits_at_80_columns(make_app, language):
    set_language(language)
    app = make_app()
    problems = {}
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        problems["home"] = cut_off(app)
        for key in TOOLS:
            await press(pilot, key)
            problems[key] = cut_off(app)
            await press(pilot, "escape")
        data = example("leaders-armada-7p.json")
        for step in STEPS:
            start_at(app, data, step)
            await settle(pilot)
            problems[str(step)] = cut_off(app)
            phones = app.screen.active_bindings.get("ctrl+o")
            if phones is None or not phones.binding.show:
                problems[str(step)].append("ctrl+o not shown")
        start_at(app, data, Step("age", 1))
        await settle(pilot)
        await press(pilot, "ctrl+t")  # the score pad, as a table reaches it from an age
        assert isinstance(app.screen, PadScreen)
        problems["score pad"] = cut_off(app)
        app.go_home()  # the game is kept: r resumes it
        await settle(pilot)
        assert "r" in footer(app.screen)
        problems["home with a game to resume"] = cut_off(app)
    assert {screen: keys for screen, keys in problems.items() if keys} == {}
