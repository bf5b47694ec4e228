"""TitleBar draws, in one widget, exactly what Textual's Header draws with four: the icon, the title and
sub-title centred (cut with an ellipsis when too long), the clock's space; tall or not, the icon under the
mouse or not, in every theme. A click on the icon opens the command palette, elsewhere it makes the bar tall;
the title follows the screen's."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Static

from tests.tui.driver import screen_lines, settle
from widgets.title_bar import TitleBar

LONG = "Era III · recrutamento de Líderes, um título longo demais para caber na linha"


class TitledScreen(Screen[None]):
    def __init__(self, bar: type[Widget]) -> None:
        super().__init__()
        self.bar = bar

    def compose(self) -> ComposeResult:
        yield self.bar()
        yield Static("below")


class TitledApp(App[None]):
    def __init__(self, bar: type[Widget]) -> None:
        super().__init__()
        self.bar = bar

    def on_mount(self) -> None:
        self.title = "Wonders scorer"
        self.push_screen(TitledScreen(self.bar))


async def shown(bar: type[Widget], width: int = 80) -> list[str]:
    """Screenshots of an app with `bar` (this one or Textual's), one app at a time (a node finds its app
    through the running app's context): each sub-title, short then tall, the mouse over the icon or not, in
    every theme."""
    app = TitledApp(bar)
    screenshots = []
    async with app.run_test(size=(width, 6)) as pilot:
        await settle(pilot)
        for theme in sorted(app.available_themes):
            app.theme = theme
            for sub_title in ("Age I · end of age", "", LONG):
                app.screen.sub_title = sub_title
                await settle(pilot)
                screenshots.append(app.export_screenshot())
        for tall in (False, True):
            for x in (3, 30):  # on the icon, on the title
                await pilot.hover(offset=(x, 1 if tall else 0))
                await settle(pilot)
                screenshots.append(app.export_screenshot())
            await pilot.click(offset=(30, 0))  # tall, then short again
            await settle(pilot)
    return screenshots


async def test_the_bar_draws_what_textual_s_header_draws_in_every_theme_tall_lit_and_cut():
    assert await shown(TitleBar) == await shown(Header)


async def test_a_narrow_bar_draws_what_textual_s_header_draws():
    assert await shown(TitleBar, 40) == await shown(Header, 40)


async def test_a_click_on_the_icon_opens_the_palette_and_elsewhere_makes_the_bar_tall_and_short():
    app = TitledApp(TitleBar)
    async with app.run_test(size=(80, 6)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one(TitleBar)
        await pilot.click(bar, offset=(30, 0))
        await settle(pilot)
        assert bar.has_class("-tall") and bar.region.height == 3
        await pilot.hover(bar, offset=(3, 1))
        assert bar.tooltip == "Open the command palette"
        await pilot.click(bar, offset=(3, 1))
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette) and bar.has_class("-tall")


async def test_the_title_follows_the_app_s_and_the_screen_s():
    app = TitledApp(TitleBar)
    async with app.run_test(size=(80, 6)) as pilot:
        await settle(pilot)
        assert screen_lines(app)[0].split() == ["⭘", "Wonders", "scorer"]
        app.screen.sub_title = "History"
        await settle(pilot)
        assert "Wonders scorer — History" in screen_lines(app)[0]
        app.title = "Placar"
        await settle(pilot)
        assert "Placar — History" in screen_lines(app)[0]
        app.screen.title = "Histórico"
        await settle(pilot)
        assert "Histórico — History" in screen_lines(app)[0]
