"""One test per private Textual hook in widgets/compat.py: a Textual upgrade that moves or changes one turns
exactly one of these red, and widgets/compat.py is the one file to change."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import DataTable, Input, Select, Static

from widgets import compat


class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Input(id="box")
        yield Select([("one", 1), ("two", 2)], id="menu")
        yield DataTable(id="table")


async def test_the_pump_handling_a_message_is_the_active_one():
    seen = []

    class Box(Input):
        def on_key(self) -> None:
            seen.append(compat.active_message_pump.get(None))

    class WithBox(App[None]):
        def compose(self) -> ComposeResult:
            yield Box()

    app = WithBox()
    async with app.run_test() as pilot:
        await pilot.press("a")
        assert seen and seen[0] is app.query_one(Box)


class Nested(App[None]):
    CSS = """
    Static { background: red 50%; .outer { background: blue 50%; .inner { color: green; text-style: bold; } } }
    Static .inner { padding: 0 2; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="host")


async def test_a_styled_node_is_styled_by_the_rules_that_reach_it_through_its_parents():
    app = Nested()
    async with app.run_test():
        host = app.query_one("#host")
        inner = compat.styled_node(compat.styled_node(host, "outer"), "inner")
        assert inner.styles.padding.left == 2 and inner.rich_style.bold
        assert inner.rich_style.color.triplet.hex == "#008000"  # green, its parents' backgrounds beneath
        assert inner.background_colors[1] == host.background_colors[1] + inner.parent.styles.background


async def test_a_select_is_made_of_its_current_value_and_its_overlay():
    app = Bare()
    async with app.run_test():
        menu = app.query_one("#menu", Select)
        assert menu.query_one(compat.SelectCurrent) and menu.query_one(compat.SelectOverlay)


class Chosen(App[None]):
    """A list made when opened, its value given before: Select's three hooks on the list (fill, highlight,
    show) must still do what Select does."""

    def __init__(self) -> None:
        super().__init__()
        self.changes: list[object] = []

    def compose(self) -> ComposeResult:
        yield compat.ListMadeWhenOpened([("one", 1), ("two", 2)], id="menu")
        yield compat.ListMadeWhenOpened([("one", 1), ("two", 2)], value=2, id="valued")

    def on_select_changed(self, event: Select.Changed) -> None:
        self.changes.append(event.value)


async def test_a_list_made_when_opened_is_filled_highlights_the_value_and_chooses():
    app = Chosen()
    async with app.run_test() as pilot:
        menu = app.query_one("#menu", compat.ListMadeWhenOpened)
        await pilot.pause()
        assert not menu.query(compat.SelectOverlay)
        valued = app.query_one("#valued", compat.ListMadeWhenOpened).query_one(compat.SelectCurrent)
        assert valued.has_value and valued.has_class("-has-value") and str(valued.label) == "two"
        menu.value = 2  # before the list exists: shown, and reported
        menu.set_options([("one", 1), ("two", 2), ("three", 3)])  # Select then clears the value
        menu.value = 3
        await pilot.pause()
        assert str(menu.query_one(compat.SelectCurrent).label) == "three"
        assert app.changes[-1] == 3
        menu.action_show_overlay()
        await pilot.pause()
        listed = menu.query_one(compat.SelectOverlay)
        assert listed.option_count == 4 and listed.highlighted == 3 and menu.expanded  # the blank first
        listed.action_cursor_up()
        listed.action_select()
        await pilot.pause()
        assert menu.value == 2 and not menu.expanded and app.changes[-1] == 2
        menu.clear()
        await pilot.pause()
        current = menu.query_one(compat.SelectCurrent)
        assert current.label is Select.NULL and not current.has_value and app.changes[-1] == Select.NULL


async def test_a_toast_is_listed_then_withdrawn():
    app = Bare()
    async with app.run_test() as pilot:
        app.notify("first", timeout=30)
        app.notify("second", timeout=30)
        await pilot.pause()
        said = compat.notifications(app)
        assert [note.message for note in said] == ["first", "second"]
        compat.withdraw(app, said[0])
        await pilot.pause()
        assert [note.message for note in compat.notifications(app)] == ["second"]


async def test_a_widget_is_registered_once_mounted():
    app = Bare()
    async with app.run_test() as pilot:
        later = Static("later")
        assert not compat.is_registered(app, later)
        await app.mount(later)
        await pilot.pause()
        assert compat.is_registered(app, later) and compat.is_registered(app, app.query_one("#box"))


async def test_rows_added_at_once_are_the_rows_add_row_would_give():
    app = Bare()
    async with app.run_test(size=(40, 10)) as pilot:
        table = app.query_one("#table", DataTable)
        a, b = table.add_column("a", width=4), table.add_column("b", width=4)
        compat.add_rows_at_once(table, ({a: f"a{n}", b: f"b{n}"} for n in range(50)))
        await pilot.pause()
        assert table.row_count == 50 and table.get_row_at(49) == ["a49", "b49"]
        assert table.virtual_size.height == 51  # the header and one line a row: measured from the row count
        assert table.cursor_coordinate.row == 0
        compat.add_rows_at_once(table, [{a: "more", b: "rows"}])
        await pilot.pause()
        assert table.row_count == 51 and table.get_row_at(50) == ["more", "rows"]


async def test_a_new_screen_is_not_restyled_when_first_shown_and_is_when_shown_again(monkeypatch):
    from textual.screen import Screen

    class Shown(compat.StyledAtMount, Screen[None]):
        def compose(self) -> ComposeResult:
            yield Static("x")

    restyled: list[Screen[None]] = []
    update = Screen.update_node_styles

    def counted(self: Screen[None], animate: bool = True) -> None:
        restyled.append(self)
        update(self, animate)

    monkeypatch.setattr(Screen, "update_node_styles", counted)
    app = Bare()
    async with app.run_test() as pilot:
        shown = Shown()
        await app.push_screen(shown)
        await pilot.pause()
        assert shown not in restyled  # styled as it mounted, not again as it is first shown
        shown.post_message(events.ScreenResume())  # shown again later (Textual sends it at a push over it)
        await pilot.pause()
        assert restyled.count(shown) == 1
