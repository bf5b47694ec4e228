"""CurrentValue draws, in one widget, exactly what Textual's SelectCurrent draws with four: the prompt faint,
a value plain, a long value wrapped (or cut, where its styles say), the arrow down or up as the list is shut or
open, the focus's look; compact or not, in every theme."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Input, Select, Static

from tests.tui.driver import screen_cells, settle
from widgets.compat import SelectOverlay
from widgets.current_value import CurrentValue

LONG = "Babylon, a name too long for its box, so that it wraps onto a second line"
OPTIONS = [("Gizah", 1), (LONG, 2), ("Rhodos", 3)]


class Drawn(Select[int]):
    """A plain Select, its current value drawn by CurrentValue."""

    def compose(self) -> ComposeResult:
        yield CurrentValue(self.prompt)
        yield SelectOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)


class Boxes(App[None]):
    CSS_PATH = "../../widgets/app.tcss"  # the table's own focus look (reversed) too
    CSS = "#cut > SelectCurrent, #cut Static#label { text-wrap: nowrap; text-overflow: ellipsis; }"  # theirs, ours

    def __init__(self, kind: type[Select[int]]) -> None:
        super().__init__()
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield Input(id="first")
        for compact in (False, True):
            yield self.kind(OPTIONS, prompt="Wonder", compact=compact, id=f"box-{compact}".lower())
        yield self.kind(OPTIONS, prompt="Wonder", value=2, compact=True, id="cut")
        yield Static("below")


async def shown(kind: type[Select[int]]) -> list[Any]:
    """Screenshots of the boxes in each state, one app at a time: nothing chosen, each value, focused, open
    (its cells: an open list is drawn over the box, and Textual cuts the list's line where the widgets under
    it start, which the screenshot's text keeps and the screen does not show); then in every theme."""
    app = Boxes(kind)
    screenshots = []
    async with app.run_test(size=(40, 24)) as pilot:
        await settle(pilot)
        for box in ("#box-false", "#box-true"):
            for value in (Select.NULL, 1, 2):
                app.query_one(box, Select).value = value
                await settle(pilot)
                screenshots.append(app.export_screenshot())
            app.query_one(box).focus()
            await settle(pilot)
            screenshots.append(app.export_screenshot())
            await pilot.press("enter")  # open
            await settle(pilot)
            screenshots.append(screen_cells(app))
            await pilot.press("escape")
            await settle(pilot)
        heights = [box.region.height for box in app.query(Select)]
        for theme in sorted(app.available_themes):
            app.theme = theme
            await settle(pilot)
            screenshots.append(app.export_screenshot())
    return [heights, *screenshots]


async def test_every_state_is_drawn_as_textual_s_select_current_draws_it():
    mine = await shown(Drawn)
    assert mine[0] == [5, 2, 1]  # a long value wraps (3 lines in a border, 2 compact); one told to cut it: 1
    assert mine == await shown(Select)
