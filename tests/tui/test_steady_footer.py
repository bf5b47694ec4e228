"""SteadyFooter draws, in one widget, exactly what Textual's Footer draws with its widgets: every kind of entry
(keys, dimmed keys, groups compact or not, a group of one, the palette's key), a compact footer or not, in every
theme, under the mouse too; a click presses the key; and the line is drawn again only when the keys change."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer

from scorer.flow import Step
from tests.records import example
from tests.tui.driver import screen_cells, settle, step_shown
from widgets.screens.home import HomeScreen
from widgets.steady_footer import SteadyFooter

SORT = Binding.Group("Sort")
TABS = Binding.Group("Tabs", compact=True)
ALONE = Binding.Group("Alone")


class FooterApp(App[None]):
    """Every kind of entry, in footers compact and not, with and without the palette's key, one above the
    other (not docked: docked, they would all be the bottom line): x is dimmed until `ready`, m is shown only
    with `more`."""

    CSS = "Footer, SteadyFooter { dock: none; } Button { height: 1; border: none; }"

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("s", "sort", "Sort", group=SORT),
        Binding("r", "reverse", "Reverse", group=SORT),
        Binding("x", "export", "Export"),
        Binding("1", "tab(1)", "One", group=TABS),
        Binding("2", "tab(2)", "Two", group=TABS),
        Binding("l", "alone", "Alone", group=ALONE, tooltip="One key of its group"),
        Binding("m", "more", "More"),
    ]

    def __init__(self, footer: type[Widget], *, ready: bool = False, more: bool = False, theme: str = "") -> None:
        super().__init__()
        self.footer, self.ready, self.more = footer, ready, more
        self.pressed: list[str] = []
        if theme:
            self.theme = theme

    def compose(self) -> ComposeResult:
        yield Button("one")
        yield Button("two", id="two")
        for compact in (False, True):
            for palette in (False, True):
                yield self.footer(compact=compact, show_command_palette=palette)  # type: ignore[call-arg]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "more":
            return self.more
        return (self.ready or None) if action == "export" else True

    def action_back(self) -> None:
        self.pressed.append("back")

    def action_export(self) -> None:
        self.pressed.append("export")

    def action_tab(self, number: int) -> None:
        self.pressed.append(f"tab {number}")

    def action_alone(self) -> None:
        self.pressed.append("alone")


def drawn(app: App[Any]) -> list[str]:
    return [" ".join(entry.entry.words or entry.entry.key for entry in f.placed) for f in app.query(SteadyFooter)]


async def until(pilot, done: Callable[[], bool], found: Callable[[], object], seconds: float = 60.0) -> None:
    """Wait until every message is handled (settle) and `done()`: a footer draws its keys after the refresh
    that follows a change of bindings. Bounded; what was `found` is in the failure."""
    deadline = time.monotonic() + seconds
    await settle(pilot)
    while not done():
        assert time.monotonic() < deadline, found()
        await asyncio.sleep(0.01)
        await settle(pilot)


async def steady(pilot, app: FooterApp) -> None:
    app.query_one("#two").focus()
    await until(pilot, lambda: all(f._entries for f in app.query(SteadyFooter)), lambda: drawn(app))


async def shown(footer: type[Widget], size: tuple[int, int], *, themes=(), hovers=(), **state: Any) -> list[Any]:
    """What an app with `footer` (this one or Textual's) shows: a screenshot in each of `themes`, then with the
    mouse at each of `hovers` (x, y), else once; and its cells. One app at a time: a node finds
    its app through the running app's context, which two apps running at once in one test would share."""
    app = FooterApp(footer, **state)
    async with app.run_test(size=size) as pilot:
        if footer is SteadyFooter:
            await steady(pilot, app)
        else:
            app.query_one("#two").focus()
            await until(pilot, lambda: all(f.children for f in app.query(Footer)), lambda: app.screen)
        screenshots = []
        for theme in themes:
            app.theme = theme
            await settle(pilot)
            screenshots.append(app.export_screenshot())
        for x, y in hovers:
            await pilot.hover(offset=(x, y))
            await settle(pilot)
            screenshots.append(app.export_screenshot())
        return screenshots or [app.export_screenshot(), screen_cells(app)]


async def test_every_kind_of_entry_is_drawn_as_textual_s_footer_draws_it_in_every_theme():
    themes = sorted(FooterApp(Footer).available_themes)
    assert await shown(SteadyFooter, (100, 8), themes=themes) == await shown(Footer, (100, 8), themes=themes)


async def test_a_key_under_the_mouse_is_lit_as_textual_s_footer_lights_it():
    hovers = [(x, y) for y in (2, 5) for x in (1, 8, 13, 25, 31, 40, 50, 95)]  # footers not compact, compact
    mine = await shown(SteadyFooter, (100, 8), hovers=hovers, ready=True)
    assert mine == await shown(Footer, (100, 8), hovers=hovers, ready=True)


async def test_keys_that_do_not_fit_go_under_the_palette_s_key_as_in_textual_s_footer():
    """Cell for cell: where keys overflow, Footer's row is split into segments where its widgets overlap, which
    changes nothing on screen."""
    mine = (await shown(SteadyFooter, (44, 8), ready=True, more=True))[1]
    assert mine == (await shown(Footer, (44, 8), ready=True, more=True))[1]
    assert "".join(char for char, _ in mine[5]).endswith("▏^p palettem")  # More's m, under the margin


async def test_a_click_presses_the_key_under_it_and_a_dimmed_key_only_rings():
    app = FooterApp(SteadyFooter)
    bells: list[None] = []
    app.bell = lambda: bells.append(None)  # type: ignore[method-assign]
    async with app.run_test(size=(100, 8)) as pilot:
        await steady(pilot, app)
        footer = list(app.query(SteadyFooter))[-1]
        where = {item.entry.key or item.entry.words: item.x for item in footer.placed}
        for key in ("escape", "2", "l", "x", "Sort"):
            await pilot.click(footer, offset=(where[key], 0))
            await settle(pilot)
        assert app.pressed == ["back", "tab 2", "alone"] and len(bells) == 1  # x dimmed; a group's words: nothing


async def test_a_key_under_the_mouse_gives_its_tooltip():
    app = FooterApp(SteadyFooter)
    async with app.run_test(size=(100, 8)) as pilot:
        await steady(pilot, app)
        footer = app.query(SteadyFooter).first()
        where = {item.entry.key: item.x for item in footer.placed}
        await pilot.hover(footer, offset=(where["l"], 0))
        assert footer.tooltip == "One key of its group"
        await pilot.hover(footer, offset=(where["s"], 0))
        assert footer.tooltip == "Sort"  # a group's key: its binding's words
        await pilot.hover(footer, offset=(where["escape"], 0))
        assert footer.tooltip is None


async def test_keys_changed_or_lit_are_drawn_again_and_the_same_keys_are_not():
    app = FooterApp(SteadyFooter)
    async with app.run_test(size=(100, 8)) as pilot:
        await steady(pilot, app)
        footer = app.query_one(SteadyFooter)
        before = footer._entries
        redrawn: list[None] = []
        refresh = footer.refresh
        footer.refresh = lambda *a, **k: (redrawn.append(None), refresh(*a, **k))[1]  # type: ignore[method-assign]

        app.query_one(Button).focus()  # the screen says its bindings may have changed: they did not
        app.refresh_bindings()
        await settle(pilot)
        assert footer._entries is before and not redrawn

        app.query_one("#two").focus()
        app.ready, app.more = True, True
        app.refresh_bindings()
        await until(pilot, lambda: "More" in drawn(app)[0], lambda: drawn(app))
        assert redrawn and footer.region.height == 1
        screenshot = app.export_screenshot()
    assert screenshot == (await shown(Footer, (100, 8), ready=True, more=True))[0]


class KeysScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield SteadyFooter()


async def test_a_footer_asked_to_draw_after_its_screen_closed_does_nothing():
    """A footer draws after the refresh that follows a change: by then a dismissed screen has taken it away."""
    app = App[None]()
    async with app.run_test(size=(60, 6)) as pilot:
        await app.push_screen(KeysScreen())
        await settle(pilot)
        footer = app.screen.query_one(SteadyFooter)
        await pilot.press("escape")
        await until(pilot, lambda: not footer.is_attached, lambda: app.screen)
        footer._show_keys()
        assert not footer.is_attached


async def test_the_home_screen_s_footer_is_one_widget_drawn_once_while_it_opens(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        footer = app.screen.query_one(SteadyFooter)
        await until(pilot, lambda: bool(footer.placed), lambda: app.screen)
        assert not footer.children
        before = footer._entries
        app.screen.query_one("#menu").focus()
        app.screen.refresh_bindings()
        await settle(pilot)
        assert footer._entries is before


async def test_a_footer_whose_step_is_closing_does_not_ask_the_step_for_its_keys(make_app):
    """A step's keys ask the game in progress what they may do. Going home drops the game, then closes the
    screen, whose focus leaves as it goes; a drawing of the keys still due after the next refresh must not ask
    them then (it crashed the app, now and then: 'a step screen is shown only while a game is in progress')."""
    app = make_app(example("leaders-armada-7p.json"), Step("age", 1))
    async with app.run_test(size=(80, 24)) as pilot:
        step = await step_shown(pilot)
        footer = step.query_one(SteadyFooter)
        app.go_home()
        footer._show_keys()  # as the refresh after the focus left would
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
