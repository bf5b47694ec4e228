"""SteadyFooter: the same keys are not composed again, keys enabled otherwise are dimmed or lit in place, other
keys are composed anew; whatever the path, the screen looks as a plain Footer draws the same keys."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Footer
from textual.widgets._footer import FooterKey

from tests.tui.driver import settle
from widgets.steady_footer import SteadyFooter

GROUP = Binding.Group("sort")


class FooterApp(App[None]):
    """`ready` lights s, r and x (as the History screen does once its games are read), `more` shows m."""

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("s", "sort", "Sort", group=GROUP),
        Binding("r", "reverse", "Reverse", group=GROUP),
        Binding("x", "export", "Export"),
        Binding("m", "more", "More"),
    ]

    def __init__(self, footer: type[Footer], *, ready: bool = False, more: bool = False) -> None:
        super().__init__()
        self.footer, self.ready, self.more = footer, ready, more

    def compose(self) -> ComposeResult:
        yield Button("one")
        yield Button("two", id="two")
        yield self.footer(compact=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "more":
            return self.more
        return self.ready or None if action in ("sort", "reverse", "export") else True

    def action_more(self) -> None:
        pass


def keys(app: App[None]) -> list[tuple[str, bool]]:
    return [(key.key, key.has_class("-disabled")) for key in app.query(FooterKey)]


DIMMED = [("escape", False), ("s", True), ("r", True), ("x", True), ("ctrl+p", False)]
LIT = [("escape", False), ("s", False), ("r", False), ("x", False), ("ctrl+p", False)]
MORE = [*LIT[:4], ("m", False), LIT[4]]


async def shown(pilot, expected: list[tuple[str, bool]]) -> None:
    """Wait until the footer shows `expected` (see `until`)."""
    await until(pilot, lambda: keys(pilot.app) == expected, lambda: keys(pilot.app))


async def until(pilot, done: Callable[[], bool], found: Callable[[], object], seconds: float = 60.0) -> None:
    """Wait until every message is handled (settle) and `done()`: a Footer draws its keys after the refresh
    that follows a change of bindings, which Pilot's pause() did not always wait for on a busy machine (its
    "the process looks idle" is also what a process starved of the CPU looks like: the footer was found still
    empty, 1 run in 4 with six busy processes on two cores). Bounded; what was `found` is in the failure."""
    deadline = time.monotonic() + seconds
    await settle(pilot)
    while not done():
        assert time.monotonic() < deadline, found()
        await asyncio.sleep(0.01)
        await settle(pilot)


async def screenshot(footer: type[Footer], expected: list[tuple[str, bool]], **state: bool) -> str:
    app = FooterApp(footer, **state)
    async with app.run_test(size=(60, 6)) as pilot:
        app.query_one("#two").focus()
        await shown(pilot, expected)
        return app.export_screenshot()


async def test_the_same_keys_stay_keys_lit_in_place_and_new_keys_composed_draw_as_a_plain_footer():
    app = FooterApp(SteadyFooter)
    async with app.run_test(size=(60, 6)) as pilot:
        await shown(pilot, DIMMED)
        first = list(app.query(FooterKey))

        app.query_one("#two").focus()  # the screen says its bindings may have changed: they did not
        app.refresh_bindings()
        await shown(pilot, DIMMED)
        assert list(app.query(FooterKey)) == first

        app.ready = True
        app.refresh_bindings()
        await shown(pilot, LIT)
        assert list(app.query(FooterKey)) == first  # the same widgets, no longer dimmed
        assert app.export_screenshot() == await screenshot(Footer, LIT, ready=True)

        app.more = True
        app.refresh_bindings()
        await shown(pilot, MORE)
        assert app.export_screenshot() == await screenshot(Footer, MORE, ready=True, more=True)


class SearchApp(FooterApp):
    """Escape goes back, or clears the search while there is one (as the card picker's Escape does)."""

    BINDINGS = [Binding("escape", "clear", "Clear search"), *FooterApp.BINDINGS]
    searching = False

    def action_clear(self) -> None:
        pass

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("back", "clear"):
            return (action == "clear") == self.searching
        return super().check_action(action, parameters)


async def test_a_key_whose_words_change_is_reworded_in_place_and_draws_as_a_plain_footer():
    """The card search's Escape: 'Back' while the search is empty, 'Clear search' once a letter is typed. The
    key is given its new words and action where it stands; nothing is composed again."""
    app = SearchApp(SteadyFooter)
    async with app.run_test(size=(60, 6)) as pilot:
        app.query_one("#two").focus()
        await shown(pilot, DIMMED)
        first = list(app.query(FooterKey))
        for searching, words, action in ((True, "Clear search", "clear"), (False, "Back", "back")):
            app.searching = searching
            app.refresh_bindings()
            await until(pilot, lambda w=words: first[0].description == w, lambda: first[0].description)
            assert list(app.query(FooterKey)) == first and first[0].action == action
            plain = SearchApp(Footer)
            plain.searching = searching
            async with plain.run_test(size=(60, 6)) as other:
                plain.query_one("#two").focus()
                await shown(other, DIMMED)
                assert app.export_screenshot() == plain.export_screenshot()


class KeysScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield SteadyFooter()


async def test_a_footer_asked_to_draw_again_after_its_screen_closed_does_nothing():
    """Footer schedules its rebuild after the next refresh: by then a dismissed screen has taken it away."""
    app = App[None]()
    async with app.run_test(size=(60, 6)) as pilot:
        await app.push_screen(KeysScreen())
        await settle(pilot)
        footer = app.screen.query_one(SteadyFooter)
        await pilot.press("escape")
        await until(pilot, lambda: not footer.is_attached, lambda: app.screen)
        await footer.recompose()
        assert not footer.is_attached and not footer.children


async def test_the_home_screens_keys_are_composed_once_while_it_opens_and_its_menu_takes_the_focus(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(app.screen.query(FooterKey)), lambda: app.screen)
        first = list(app.screen.query(FooterKey))
        assert isinstance(app.screen.query_one(Footer), SteadyFooter)
        app.screen.query_one("#menu").focus()
        app.screen.refresh_bindings()
        await settle(pilot)
        assert list(app.screen.query(FooterKey)) == first
