"""`?` and F1: each screen's keys and marks (issue 31 item 4), made from the screen's own bindings so they
never drift from its Footer; the command palette's "Keys" opens the same help."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from scorer.flow import Step
from scorer.i18n import t
from tests.records import example
from tests.tui.driver import SIZE, open_history, press, settle, start_at
from widgets.screens.help import SHARED, HelpScreen


def help_text(app) -> str:
    words = [str(widget.render()) for widget in app.screen.query(Static) if widget.id != "help-text"]
    return "\n".join([*words, *(f"{key} {does}" for key, does in app.screen.rows())])


async def check_help(pilot, key: str = "f1") -> None:
    """The help of the screen on top lists every key its Footer shows, with the same words, then closes."""
    app = pilot.app
    under = app.screen
    shown = {
        key: active.binding.description
        for key, active in under.active_bindings.items()
        if active.binding.show and active.enabled and key not in SHARED
    }
    await press(pilot, key)
    assert isinstance(app.screen, HelpScreen)
    text = help_text(app)
    for words in shown.values():
        assert words in text, (type(under).__name__, words)
    assert t("help.marks.assumed.mark") in text
    await press(pilot, "escape")
    assert app.screen is under


@pytest.mark.parametrize(
    "step", [Step("setup"), Step("recruitment", 1), Step("age", 2), Step("conflicts", 2), Step("end"), Step("sheet")]
)
async def test_every_step_has_its_help_with_each_key_of_its_footer(make_app, step):
    app = make_app(example("leaders-armada-7p.json"), step)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await check_help(pilot)


async def test_home_history_and_a_saved_games_sheet_have_their_help_and_question_mark_opens_it(make_app):
    from scorer.validate import load_record

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.store.save(load_record(example("base-3p.json")))
        await check_help(pilot, "question_mark")
        await open_history(app, pilot)
        await check_help(pilot)
        await press(pilot, "enter")
        await check_help(pilot, "question_mark")


async def test_the_palettes_keys_opens_this_help_not_textuals_panel(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        (keys,) = [c for c in app.get_system_commands(app.screen) if c.title == t("app.commands.keys")]
        keys.callback()
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and not app.screen.query("HelpPanel")


def test_snapshot_help_of_the_age_screen(snap_compare, make_app):
    app = make_app()

    async def run_before(pilot) -> None:
        start_at(app, example("leaders-armada-7p.json"), Step("age", 2), "Cris")
        await settle(pilot)
        await press(pilot, "f1")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
