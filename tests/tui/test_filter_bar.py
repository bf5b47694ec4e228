"""The history and stats filter: typed fields become a GameFilter; a wrong field never replaces a valid one."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Input, Select, Static

from scorer.history.stats import GameFilter
from widgets.filter_bar import FilterBar


class FilterApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[GameFilter] = []

    def compose(self) -> ComposeResult:
        yield FilterBar(["Ann", "Zoë", "Bob"], ["Rhodes", "Gizah"])

    def on_filter_bar_changed(self, event: FilterBar.Changed) -> None:
        self.seen.append(event.where)


def message(app: App[None]) -> str:
    return str(app.query_one("#filter-message", Static).render())


async def test_each_field_narrows_the_filter_and_says_so():
    app = FilterApp()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(FilterBar)
        assert bar.value.is_empty and bar.summary() == "all games"
        bar.focus_first()
        await pilot.press("z", "o", "e")
        await pilot.pause()
        app.query_one("#filter-wonder", Select).value = "Rhodes"
        app.query_one("#filter-expansions", Select).value = 2
        app.query_one("#filter-count", Select).value = 5
        app.query_one("#filter-since", Input).value = "2026-01-01"
        await pilot.pause()
        assert bar.value == GameFilter(player="Zoë", wonder="Rhodes", expansions=frozenset({"armada"}),
                                       player_counts=frozenset({5}), since="2026-01-01")
        assert bar.summary() == "Zoë · Rhodes · Armada · 5 players · from 2026-01-01"
        assert app.seen[-1] == bar.value


async def test_a_half_typed_name_or_day_keeps_the_last_valid_filter_and_names_the_problem():
    app = FilterApp()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(FilterBar)
        app.query_one("#filter-since", Input).value = "2026-01-01"
        await pilot.pause()
        app.query_one("#filter-since", Input).value = "2026-13-01"
        await pilot.pause()
        assert bar.value.since == "2026-01-01"
        assert "“2026-13-01” is not a day as YYYY-MM-DD" in message(app)
        app.query_one("#filter-since", Input).value = "2026-02-01"
        app.query_one("#filter-until", Input).value = "2026-01-15"
        await pilot.pause()
        assert "before From 2026-02-01" in message(app) and bar.value.until is None
        app.query_one("#filter-until", Input).value = ""
        app.query_one("#filter-player", Input).value = "Zed"
        await pilot.pause()
        assert "nobody called “Zed”" in message(app) and bar.value.player is None
        app.query_one("#filter-player", Input).value = ""
        await pilot.pause()
        assert message(app) == "" and bar.value == GameFilter(since="2026-02-01")
