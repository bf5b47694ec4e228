"""The stats screen's Ratings tab (6): each player's rating over the games the filter admits, best first, as
scorer.history.ratings rates them; the highlighted player's rating chart and the games that moved it most."""

from __future__ import annotations

from textual.widgets import DataTable, Select

from scorer.history.ratings import rate_games
from scorer.history.stats import GameFilter
from tests.tui.driver import press
from tests.tui.test_stats_screen import SIZE, active, at_tab, open_stats, said, settle, table_rows, text
from widgets.app import WondersApp


def ratings(app: WondersApp, where: GameFilter | None = None):
    assert app.store is not None
    return rate_games(app.store.games("finished"), where)


async def test_the_ratings_tab_lists_every_player_best_first_with_their_chart(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        await press(pilot, "6")
        await settle(pilot)
        assert active(app) == "ratings"
        expected = ratings(app)
        rows = table_rows(app, "ratings")
        assert [row[1] for row in rows] == [p.name for p in expected.players]
        assert rows[0][0] == "1" and rows[0][3] == str(expected.players[0].games)
        first = expected.players[0]
        assert said(app, "#ratings-chart").startswith(f"{first.name}'s rating")
        assert "The games that moved it most" in said(app, "#ratings-moved")
        # the cursor on another player shows theirs
        table = app.screen.query_one("#ratings-table", DataTable)
        table.focus()
        await press(pilot, "down")
        await settle(pilot)
        second = expected.players[1]
        assert said(app, "#ratings-chart").startswith(f"{second.name}'s rating")
        assert text(app, "#ratings-moved").count("of ") == len(second.moved_most)


async def test_the_ratings_follow_the_filter(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        await press(pilot, "6")
        await settle(pilot)
        app.screen.query_one("#filter-count", Select).value = 3
        await settle(pilot)
        where = GameFilter(player_counts=frozenset({3}))
        assert {p.name for p in ratings(app, where).players} == {"Ann", "Bob", "Cid"}
        assert [row[1] for row in table_rows(app, "ratings")] == [p.name for p in ratings(app, where).players]


def test_snapshot_ratings_tab(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=at_tab("6"))
