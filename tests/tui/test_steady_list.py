"""SteadyOptionList: a height change keeps the rendered options, a width change renders them again."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Region

from widgets.steady_list import SteadyOptionList


class ListApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SteadyOptionList(*(f"option {i}" for i in range(8)), compact=True)

    def on_mount(self) -> None:
        self.query_one(SteadyOptionList).styles.width = 20
        self.query_one(SteadyOptionList).styles.height = 3


def shown(options: SteadyOptionList) -> list[str]:
    lines = options.render_lines(Region(0, 0, options.size.width, options.size.height))
    return [line.text.rstrip() for line in lines]


async def test_a_list_that_grows_or_is_widened_shows_every_option_at_its_width():
    app = ListApp()
    async with app.run_test(size=(40, 12)) as pilot:
        options = app.query_one(SteadyOptionList)
        await pilot.pause()
        assert shown(options) == ["option 0", "option 1", "option 2"]
        options.styles.height = 5
        await pilot.pause()
        assert shown(options) == [f"option {i}" for i in range(5)]
        options.styles.width = 30
        await pilot.pause()
        assert shown(options) == [f"option {i}" for i in range(5)]
        assert {line.cell_length for line in options.render_lines(Region(0, 0, 30, 5))} == {30}
