"""SteadyFooter draws, in one widget, exactly what Textual's Footer draws with its widgets: every kind of entry
(keys, dimmed keys, groups compact or not, a group of one, the palette's key), a compact footer or not, in every
theme, under the mouse too; a click presses the key; and the line is drawn again only when the keys change."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer

from tests.tui.driver import settle
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


async def plain_screenshot(size: tuple[int, int], hover: tuple[int, int] | None = None, **state: Any) -> str:
    """What Textual's Footer draws for the same keys."""
    app = FooterApp(Footer, **state)
    async with app.run_test(size=size) as pilot:
        app.query_one("#two").focus()
        await until(pilot, lambda: all(f.children for f in app.query(Footer)), lambda: app.screen)
        if hover is not None:
            await pilot.hover(offset=hover)
            await settle(pilot)
        return app.export_screenshot()


async def steady(pilot, app: FooterApp) -> None:
    app.query_one("#two").focus()
    await until(pilot, lambda: all(f._entries for f in app.query(SteadyFooter)), lambda: drawn(app))


THEMES = sorted(App().available_themes)


@pytest.mark.parametrize("theme", THEMES)
async def test_every_kind_of_entry_is_drawn_as_textual_s_footer_draws_it_in_every_theme(theme):
    app = FooterApp(SteadyFooter, theme=theme)
    async with app.run_test(size=(100, 8)) as pilot:
        await steady(pilot, app)
        assert app.export_screenshot() == await plain_screenshot((100, 8), theme=theme)


def cells(app: App[Any]) -> list[list[tuple[str, str]]]:
    """Each cell of the screen: its character and its style (colours, bold, dim...)."""
    update = app.screen._compositor.render_full_update()
    return [
        [(char, str(cell.style)) for strip in line for cell in strip if not cell.control for char in cell.text]
        for line in update.strips
    ]


async def test_keys_that_do_not_fit_go_under_the_palette_s_key_as_in_textual_s_footer():
    """Cell for cell: where keys overflow, Footer's row is split into segments where its widgets overlap, which
    changes nothing on screen."""
    app = FooterApp(SteadyFooter, ready=True, more=True)
    async with app.run_test(size=(44, 8)) as pilot:
        await steady(pilot, app)
        mine = cells(app)
    plain = FooterApp(Footer, ready=True, more=True)
    async with plain.run_test(size=(44, 8)) as pilot:
        plain.query_one("#two").focus()
        await until(pilot, lambda: all(f.children for f in plain.query(Footer)), lambda: plain.screen)
        assert mine == cells(plain)
        assert "".join(char for char, _ in mine[5]).endswith("▏^p palettem")  # More's m, under its margin


@pytest.mark.parametrize("x", [1, 8, 13, 25, 31, 40, 95])
async def test_a_key_under_the_mouse_is_lit_as_textual_s_footer_lights_it(x):
    app = FooterApp(SteadyFooter, ready=True)
    async with app.run_test(size=(100, 8)) as pilot:
        await steady(pilot, app)
        await pilot.hover(offset=(x, 7))
        await settle(pilot)
        assert app.export_screenshot() == await plain_screenshot((100, 8), hover=(x, 7), ready=True)


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
        shown = footer._entries
        redrawn: list[None] = []
        refresh = footer.refresh
        footer.refresh = lambda *a, **k: (redrawn.append(None), refresh(*a, **k))[1]  # type: ignore[method-assign]

        app.query_one(Button).focus()  # the screen says its bindings may have changed: they did not
        app.refresh_bindings()
        await settle(pilot)
        assert footer._entries is shown and not redrawn

        app.query_one("#two").focus()
        app.ready, app.more = True, True
        app.refresh_bindings()
        await until(pilot, lambda: "More" in drawn(app)[0], lambda: drawn(app))
        assert redrawn and footer.region.height == 1
        assert app.export_screenshot() == await plain_screenshot((100, 8), ready=True, more=True)


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
        shown = footer._entries
        app.screen.query_one("#menu").focus()
        app.screen.refresh_bindings()
        await settle(pilot)
        assert footer._entries is shown
