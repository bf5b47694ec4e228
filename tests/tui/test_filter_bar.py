"""The history and stats filter: typed fields become a GameFilter; a wrong field never replaces a valid one."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Input, Label, Select, Static

from scorer.history.stats import GameFilter
from scorer.i18n import set_language
from tests.tui.driver import press, settle
from widgets.filter_bar import FilterBar, parse_day, show_day


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
        await press(pilot, "z", "o", "e")
        await settle(pilot)
        app.query_one("#filter-wonder", Select).value = "Rhodes"
        app.query_one("#filter-expansions", Select).value = 2
        app.query_one("#filter-count", Select).value = 5
        app.query_one("#filter-since", Input).value = "2026-01-01"
        await settle(pilot)
        assert bar.value == GameFilter(
            player="Zoë",
            wonder="Rhodes",
            expansions=frozenset({"armada"}),
            player_counts=frozenset({5}),
            since="2026-01-01",
        )
        assert bar.summary() == "Zoë · Rhodes · Armada · 5 players · from 2026-01-01"
        assert app.seen[-1] == bar.value


async def test_a_half_typed_name_or_day_keeps_the_last_valid_filter_and_names_the_problem():
    app = FilterApp()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(FilterBar)
        app.query_one("#filter-since", Input).value = "2026-01-01"
        await settle(pilot)
        app.query_one("#filter-since", Input).value = "2026-13-01"
        await settle(pilot)
        assert bar.value.since == "2026-01-01"
        assert "“2026-13-01” is not a day as YYYY-MM-DD" in message(app)
        app.query_one("#filter-since", Input).value = "2026-02-01"
        app.query_one("#filter-until", Input).value = "2026-01-15"
        await settle(pilot)
        assert "before From 2026-02-01" in message(app) and bar.value.until is None
        app.query_one("#filter-until", Input).value = ""
        app.query_one("#filter-player", Input).value = "Zed"
        await settle(pilot)
        assert "nobody called “Zed”" in message(app) and bar.value.player is None
        app.query_one("#filter-player", Input).value = ""
        await settle(pilot)
        assert message(app) == "" and bar.value == GameFilter(since="2026-02-01")


# --- in Portuguese -------------------------------------------------------------------------------------


def test_days_are_read_and_written_the_tables_way(portuguese):
    assert parse_day("11/12/2026") == parse_day("2026-12-11") == "2026-12-11"
    assert parse_day(" 1/2/2026 ") == "2026-02-01"
    assert show_day("2026-12-11") == "11/12/2026"
    assert parse_day("31/02/2026") is None and parse_day("12/31/2026") is None
    set_language("en")
    assert parse_day("11/12/2026") is None and show_day("2026-12-11") == "2026-12-11"


async def test_in_portuguese_the_bar_speaks_brazilian_and_fits_80_columns(portuguese):
    app = FilterApp()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(FilterBar)
        assert bar.summary() == "todas as partidas"
        assert [str(label.render()) for label in app.query(Label)] == [
            "Jogador",
            "Maravilha",
            "Jogo",
            "Jogadores",
            "De",
            "Até",
        ]
        assert max(widget.region.right for widget in bar.query("Label, Input, Select")) <= 80 - 1  # the padding
        wonder = app.query_one("#filter-wonder", Select)
        assert [str(prompt) for prompt, _ in wonder._options[1:]] == ["Gizé", "Rodes"]  # the boards' names, in order
        wonder.value = "Rhodes"
        app.query_one("#filter-expansions", Select).value = 3
        app.query_one("#filter-count", Select).value = 5
        app.query_one("#filter-since", Input).value = "01/02/2026"
        app.query_one("#filter-until", Input).value = "2026-12-31"
        await settle(pilot)
        assert bar.value == GameFilter(
            wonder="Rhodes",
            expansions=frozenset({"leaders", "armada"}),
            player_counts=frozenset({5}),
            since="2026-02-01",
            until="2026-12-31",
        )
        assert bar.summary() == "Rodes · Líderes + Armada · 5 jogadores · de 01/02/2026 · até 31/12/2026"
        app.query_one("#filter-since", Input).value = "31/02/2026"
        await settle(pilot)
        assert message(app) == "De: “31/02/2026” não é um dia como DD/MM/AAAA, por exemplo 11/12/2026."
        app.query_one("#filter-since", Input).value = "01/01/2027"
        await settle(pilot)
        assert message(app).startswith("Até: 31/12/2026 vem antes de De (01/01/2027)")
        app.query_one("#filter-since", Input).value = ""
        app.query_one("#filter-player", Input).value = "Zed"
        await settle(pilot)
        assert message(app).startswith("Jogador: ninguém chamado “Zed” jogou ainda")
        assert bar.value.since == "2026-02-01" and bar.value.player is None  # the last valid filter stays
