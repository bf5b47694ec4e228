"""A Dropdown's open list is made compact like its dropdown, and still follows it when that changes later."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tests.tui.driver import settle
from widgets.in_turn import Dropdown, DropdownList


class TwoDropdowns(App[None]):
    def compose(self) -> ComposeResult:
        yield Dropdown([("Ana", "Ana"), ("Ben", "Ben")], compact=True, id="compact")
        yield Dropdown([("Ana", "Ana"), ("Ben", "Ben")], id="roomy")


async def test_the_open_list_is_as_compact_as_its_dropdown_and_follows_it():
    app = TwoDropdowns()
    async with app.run_test() as pilot:
        await settle(pilot)
        lists = {name: app.query_one(f"#{name}", Dropdown).query_one(DropdownList) for name in ("compact", "roomy")}
        assert [(o.compact, o.has_class("-textual-compact")) for o in lists.values()] == [(True, True), (False, False)]
        app.query_one("#roomy", Dropdown).compact = True
        await settle(pilot)
        assert lists["roomy"].compact and lists["roomy"].has_class("-textual-compact")
