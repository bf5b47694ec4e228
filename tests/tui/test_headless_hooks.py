"""The two hooks of tests/tui/headless.py still take hold of Textual, and spare only what nobody sees: a
Textual upgrade that moves Compositor.render_update or Stylesheet._parse_rules turns one of these red."""

from __future__ import annotations

import pytest
import textual.css.stylesheet
from textual.app import App, ComposeResult
from textual.css.stylesheet import StylesheetParseError
from textual.widgets import Static

from tests.tui.driver import settle


class Counted(Static):
    """A Static that counts the lines it renders."""

    DEFAULT_CSS = "Counted { height: 3; }"
    rendered = 0

    def render_line(self, y: int):  # type: ignore[no-untyped-def]
        Counted.rendered += 1
        return super().render_line(y)


class Shown(App[None]):
    def compose(self) -> ComposeResult:
        yield Counted("before", id="text")


async def changed_text() -> tuple[int, str]:
    """Lines rendered by the frames of a change of text, and the text a screenshot reads afterwards."""
    app = Shown()
    async with app.run_test(size=(40, 5)) as pilot:
        await settle(pilot)
        Counted.rendered = 0
        app.query_one(Counted).update("after")
        await settle(pilot)
        during = Counted.rendered
        return during, app.export_screenshot()


async def test_a_frame_nobody_sees_renders_no_line_but_a_screenshot_shows_the_screen_as_it_is():
    during, screenshot = await changed_text()
    assert during == 0
    assert "after" in screenshot and "before" not in screenshot


@pytest.mark.frames
async def test_a_test_marked_frames_renders_every_frame():
    during, screenshot = await changed_text()
    assert during > 0
    assert "after" in screenshot


async def test_a_second_app_parses_no_css_and_a_css_error_still_fails_every_app(monkeypatch):
    parses: list[str] = []
    parse = textual.css.stylesheet.parse

    def counted(scope, css, *args, **kwargs):  # type: ignore[no-untyped-def]
        parses.append(css)
        return parse(scope, css, *args, **kwargs)

    monkeypatch.setattr(textual.css.stylesheet, "parse", counted)

    class Fresh(App[None]):
        CSS = "Static { width: 17; }"  # CSS no other test has, so the first app of this test parses it

        def compose(self) -> ComposeResult:
            yield Static("x")

    for expected_parses in (True, False):
        parses.clear()
        async with Fresh().run_test() as pilot:
            await settle(pilot)
        assert any("width: 17" in css for css in parses) == expected_parses

    class Broken(App[None]):
        CSS = "Static { width: seventeen; }"

    for _ in range(2):  # the second app takes the rules kept, errors and all
        with pytest.raises(StylesheetParseError):
            async with Broken().run_test():
                pass


async def test_an_app_is_given_the_colours_of_its_own_theme_not_those_kept_from_another():
    class Themed(App[None]):
        CSS = "Static { color: $primary; }"  # the theme's variable, substituted when the CSS is parsed

        def compose(self) -> ComposeResult:
            yield Static("x")

    colours = []
    for theme in ("textual-dark", "nord", "textual-dark"):
        app = Themed()
        async with app.run_test() as pilot:
            app.theme = theme
            await settle(pilot)
            colours.append(app.query_one(Static).styles.color)
    assert colours[0] != colours[1]
    assert colours[0] == colours[2]
