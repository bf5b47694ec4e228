"""A Dropdown's parts are made as they will be shown, and still follow it when it changes later: its open list
compact like the dropdown, its current value shown as a value (not as the prompt) when it starts with one."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tests.tui.driver import restyles, settle
from widgets.compat import SelectCurrent
from widgets.in_turn import Dropdown, DropdownList


class TwoDropdowns(App[None]):
    def compose(self) -> ComposeResult:
        yield Dropdown([("Ana", "Ana"), ("Ben", "Ben")], compact=True, id="compact")
        yield Dropdown([("Ana", "Ana"), ("Ben", "Ben")], id="roomy")


async def test_the_open_list_is_as_compact_as_its_dropdown_and_follows_it():
    app = TwoDropdowns()
    async with app.run_test() as pilot:
        await settle(pilot)
        boxes = [app.query_one(f"#{name}", Dropdown) for name in ("compact", "roomy")]
        assert not any(box.query(DropdownList) for box in boxes)  # made when first opened
        for box in boxes:
            box.action_show_overlay()
        await settle(pilot)
        lists = {box.id: box.query_one(DropdownList) for box in boxes}
        assert [(o.compact, o.has_class("-textual-compact")) for o in lists.values()] == [(True, True), (False, False)]
        app.query_one("#roomy", Dropdown).compact = True
        await settle(pilot)
        assert lists["roomy"].compact and lists["roomy"].has_class("-textual-compact")


SIDES = [("A", "A"), ("B", "B")]


class ValuedDropdowns(App[None]):
    def compose(self) -> ComposeResult:
        yield Dropdown(SIDES, allow_blank=False, id="first")  # cannot be blank: its first option
        yield Dropdown(SIDES, value="B", id="given")
        yield Dropdown(SIDES, id="blank")


async def test_a_dropdown_starting_with_a_value_shows_it_without_being_restyled_and_follows_it(monkeypatch):
    """Select gives a box its value once mounted, and its current value's -has-value class then restyled the
    box and its parts against the whole stylesheet (9 boxes each time setup is built): made with it, the value
    is shown as before and nothing is restyled."""
    restyled = restyles(monkeypatch)
    app = ValuedDropdowns()
    async with app.run_test() as pilot:
        await settle(pilot)
        current = {box.id: box.query_one(SelectCurrent) for box in app.query(Dropdown)}
        shown = {name: (part.has_value, part.has_class("-has-value")) for name, part in current.items()}
        assert shown == {"first": (True, True), "given": (True, True), "blank": (False, False)}
        assert [node for node in restyled if isinstance(node, SelectCurrent)] == []
        app.query_one("#given", Dropdown).clear()
        app.query_one("#blank", Dropdown).value = "A"
        await settle(pilot)
        assert not current["given"].has_class("-has-value") and current["blank"].has_class("-has-value")
