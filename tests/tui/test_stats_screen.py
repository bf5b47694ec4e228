"""The stats screen, driven with the keyboard over a fixed history: the example games and a run of 3-player
games on known days, every tab checked against scorer.history.stats, and 80x24 snapshots of each tab."""

from __future__ import annotations

import gc
import io
import json
import uuid
from typing import Any

from rich.console import Console
from textual.widgets import DataTable, Input, Select, Static, TabbedContent

from scorer.history.stats import (
    GameFilter,
    PlayedTotal,
    head_to_head,
    history_stats,
    player_report,
    select,
)
from scorer.i18n import t
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import footer, press
from tests.tui.driver import settle as handled
from widgets.app import WondersApp
from widgets.charts import ColumnChart, bar, split_bar
from widgets.filter_bar import FilterBar
from widgets.screens.home import HomeScreen
from widgets.screens.stats import EMPTY_HISTORY, StatsScreen
from widgets.screens.stats_panes import (
    SAME_PLAYER,
    UNKNOWN_PLAYER,
    DuelPane,
    FinishedGames,
    KnownNames,
    NavalPane,
    PlayersPane,
    WondersPane,
    one,
    percent,
    totals_chart,
)

SIZE = (80, 24)
EXAMPLES = ("base-3p.json", "leaders-5p.json", "leaders-armada-7p.json", "teams-armada-6p.json")
# Ann, Bob and Cid play base-3p again on eight evenings, ending with other coins (so other totals and winners).
EVENINGS = [
    ("2026-01-08", 5, 4, 9),
    ("2026-02-12", 14, 3, 2),
    ("2026-03-12", 2, 9, 20),
    ("2026-04-09", 20, 2, 1),
    ("2026-05-14", 9, 9, 9),
    ("2026-06-11", 0, 17, 3),
    ("2026-07-09", 17, 1, 0),
    ("2026-09-10", 11, 6, 4),
]


def finished(data: dict[str, Any], number: int, **changes: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    data.update(status="finished", id=str(uuid.UUID(int=number)), **changes)
    return data


def save_night(app: WondersApp, *, zoe: bool = False) -> None:
    """The four examples and eight evenings of base-3p; with zoe, one more evening where Zoë sits for Ann."""
    assert app.store is not None
    for number, name in enumerate(EXAMPLES, start=1):
        app.store.save(load_record(finished(example(name), number)))
    for number, (day, ann, bob, cid) in enumerate(EVENINGS, start=10):
        end = {"Ann": {"coins": ann}, "Bob": {"coins": bob}, "Cid": {"coins": cid}}
        app.store.save(load_record(finished(example("base-3p.json"), number, played_on=day, end=end)))
    if zoe:
        renamed = json.loads(json.dumps(example("base-3p.json")).replace('"Ann"', '"Zoë"'))
        app.store.save(load_record(finished(renamed, 99, played_on="2026-10-08")))


def status(app: WondersApp) -> str:
    return str(app.screen.query_one("#stats-status", Static).render())


async def settle(pilot) -> None:
    """Wait until the screen has read, counted and shown what it is asked."""
    for _ in range(20):
        await handled(pilot)  # every message handled and every worker ended, then the next frame drawn
        if not status(pilot.app).startswith(("Reading", "Counting", "Lendo", "Contando")):
            return
    raise AssertionError(f"still counting: {status(pilot.app)}")


async def open_stats(pilot, *, zoe: bool = False, save: bool = True) -> None:
    if save:
        save_night(pilot.app, zoe=zoe)
    pilot.app.push_screen(StatsScreen())
    await settle(pilot)


def overall(app: WondersApp, where: GameFilter | None = None):
    assert app.store is not None
    return history_stats(app.store.games("finished"), where)


def table_rows(app: WondersApp, tab: str) -> list[list[str]]:
    table = app.screen.query_one(f"#{tab} DataTable", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def text(app: WondersApp, selector: str) -> str:
    """What a Static shows, as plain lines at its width on screen."""
    widget = app.screen.query_one(selector, Static)
    console = Console(width=widget.size.width or SIZE[0], file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text().rstrip("\n")


def said(app: WondersApp, selector: str) -> str:
    """A message, as one line however it wraps on screen."""
    return " ".join(text(app, selector).split())


def active(app: WondersApp) -> str:
    return app.screen.query_one(TabbedContent).active


async def type_name(pilot, selector: str, name: str) -> None:
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    field.value = ""
    await press(pilot, *name)
    await settle(pilot)


# --- flows ---------------------------------------------------------------------------------------------


async def test_an_empty_history_says_how_numbers_appear(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot, save=False)
        assert str(app.screen.query_one("#stats-empty-history", Static).render()) == t(EMPTY_HISTORY)
        assert not app.screen.query(TabbedContent) and not app.screen.query(DataTable)


async def test_the_heap_is_frozen_while_the_stats_are_open_and_given_back_when_they_close(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        assert gc.get_freeze_count() > 0  # the games read are not walked by every full collection
        await press(pilot, "escape")
        await handled(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert gc.get_freeze_count() == 0  # what became garbage meanwhile is collected again


async def test_opened_again_over_an_unchanged_history_the_counts_are_shown_without_reading_again(make_app, monkeypatch):
    """The games read and counted at the first opening are kept while the history is unchanged (and the
    History screen's reading serves Stats too): the next opening lays out its tabs as it mounts, with no
    worker; a game saved meanwhile moves the history on, and the opening after reads and counts again."""
    from scorer.history import HistoryStore

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        shown = table_rows(app, "players"), status(app)
        await press(pilot, "escape")
        await handled(pilot)
        read = HistoryStore.games

        def unread(store, *args, **kwargs):
            raise AssertionError("the games were read again")

        monkeypatch.setattr(HistoryStore, "games", unread)
        again = StatsScreen()
        await app.push_screen(again)
        assert again.games is not None and again.laid_out and not again.workers
        await settle(pilot)
        assert again.is_ready and (table_rows(app, "players"), status(app)) == shown
        await press(pilot, "escape")
        await handled(pilot)
        monkeypatch.setattr(HistoryStore, "games", read)
        app.store.save(load_record(finished(example("base-3p.json"), 98, played_on="2026-10-01")))
        await open_stats(pilot, save=False)
        assert status(app) == f"{overall(app).games} games · all games" != shown[1]
        assert table_rows(app, "players") != shown[0]


def test_a_tab_made_of_counted_numbers_is_at_hand_once_its_filter_is_counted():
    games = FinishedGames([])
    where = GameFilter(player="Ann")
    tables = [PlayersPane("1", id="players"), WondersPane("3", id="wonders"), NavalPane("5", id="naval")]
    duel = DuelPane("4", KnownNames(["Ann", "Bob"]), "Ann", "Bob", id="duel")
    assert not any(pane.at_hand(games, where) for pane in tables)
    games.stats(where)
    assert all(pane.at_hand(games, where) for pane in tables)
    assert not any(pane.at_hand(games, GameFilter()) for pane in tables)  # another filter is counted anew
    assert not duel.at_hand(games, duel.wanted(where))  # a duel is counted for its two players, in a worker


async def test_a_tab_is_composed_the_first_time_it_is_shown(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        assert app.screen.query_one("#players DataTable", DataTable)
        assert all(not app.screen.query_one(f"#{tab}").children for tab in ("player", "wonders", "duel", "naval"))
        await press(pilot, "3")
        await settle(pilot)
        assert app.screen.focused is app.screen.query_one("#wonders DataTable", DataTable)
        assert table_rows(app, "wonders")  # counted and laid out as when composed with the screen
        assert all(not app.screen.query_one(f"#{tab}").children for tab in ("player", "duel", "naval"))


async def test_the_players_tab_shows_each_players_numbers(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        stats = overall(app)
        assert status(app) == f"{stats.games} games · all games"
        assert active(app) == "players"
        expected = [
            [
                p.name,
                str(p.games),
                str(p.wins),
                percent(p.win_rate),
                one(p.average_total),
                str(p.best_total),
                str(p.worst_total),
                one(p.average_place),
            ]
            for p in stats.players
        ]
        assert table_rows(app, "players") == expected
        ann = next(row for row in expected if row[0] == "Ann")
        assert ann[1:3] == ["9", str(next(p.wins for p in stats.players if p.name == "Ann"))]


async def test_s_sorts_the_players_by_the_next_column(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        await press(pilot, "s")
        assert text(app, "#players .stats-hint").startswith("Sorted by Win %")
        rates = [p.win_rate for p in sorted(overall(app).players, key=lambda p: -p.win_rate)]
        assert [row[3] for row in table_rows(app, "players")] == [percent(rate) for rate in rates]
        await press(pilot, "s", "s", "s")
        assert text(app, "#players .stats-hint").startswith("Sorted by Avg place")
        places = [row[7] for row in table_rows(app, "players")]
        assert places == sorted(places, key=float)  # the best place first


async def test_enter_on_a_player_opens_their_page_with_their_charts(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        table = app.screen.query_one("#players DataTable", DataTable)
        table.move_cursor(row=[row[0] for row in table_rows(app, "players")].index("Ann"))
        await press(pilot, "enter")
        await settle(pilot)
        assert active(app) == "player"
        assert app.screen.query_one("#player-name", Input).value == "Ann"
        report = player_report(app.store.games("finished"), "Ann")
        numbers = text(app, "#player-numbers")
        assert numbers.startswith(f"9 games · {report.player.wins} wins")
        assert f"avg total {one(report.player.average_total)}" in numbers
        chart = text(app, "#player-chart")
        assert "2026-01-08" in chart and "2026-11-20" in chart  # the first and the last evening on the time axis
        rows = text(app, "#player-rows")
        assert "Average per row" in rows and "Military" in rows and "Dockyard" not in rows  # base game rows only
        assert "Bob" in text(app, "#player-more") and "Gizah" in text(app, "#player-more")


async def test_a_player_is_chosen_by_typing_without_case_or_accents(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot, zoe=True)
        await press(pilot, "2")
        await settle(pilot)
        await press(pilot, "p")
        assert app.screen.focused is app.screen.query_one("#player-name", Input)
        await type_name(pilot, "#player-name", "zoe")
        assert text(app, "#player-numbers").startswith("1 game · ")
        assert "2026-10-08" in text(app, "#player-chart")
        await type_name(pilot, "#player-name", "Zed")
        assert said(app, "#player .stats-problem") == t(UNKNOWN_PLAYER, name="Zed")
        assert text(app, "#player-numbers").startswith("1 game · ")  # Zoë's page stays until a known name


async def test_head_to_head_of_two_chosen_players(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        await press(pilot, "4")
        await settle(pilot)
        await type_name(pilot, "#duel-a", "ANN")
        await type_name(pilot, "#duel-b", "bob")
        duel = head_to_head(app.store.games("finished"), "Ann", "Bob")
        body = text(app, "#duel-body")
        assert duel.games == 9
        for line, a, b in (
            ("Placed ahead", duel.a_ahead, duel.b_ahead),
            ("Won the game", duel.a_wins, duel.b_wins),
            ("Average total", one(duel.a_average_total), one(duel.b_average_total)),
        ):
            row = next(row for row in body.splitlines() if row.startswith(line))
            assert row[len(line) :].split()[:2] == [str(a), str(b)], line
        await type_name(pilot, "#duel-b", "ann")
        assert said(app, "#duel .stats-problem") == t(SAME_PLAYER)


async def test_head_to_head_opens_on_two_partners_and_says_what_it_counts(make_app):
    """Ari and Bel were partners in the team game (their team won): the tab says so instead of setting them
    against each other; once they also meet as rivals (base-3p, as Ann and Bob), the table counts that game
    and a line says how many they played as partners."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        ari = next(p for p in overall(app).players if p.name == "Ari")
        assert (ari.wins, ari.team_games, ari.average_place) == (1, 1, 1.0)  # their team's place, not their 4th
        assert table_rows(app, "players")[[p.name for p in overall(app).players].index("Ari")][-1] == "1.0"
        assert said(app, "#players-team-note") == t("stats.panes.team_note")
        await press(pilot, "4")
        await settle(pilot)
        await type_name(pilot, "#duel-a", "ari")
        await type_name(pilot, "#duel-b", "Bel")
        assert said(app, "#duel .stats-problem") == ""
        assert said(app, "#duel-body") == "Ari and Bel only played as partners: 1 game, won together: 1."
        renamed = json.dumps(example("base-3p.json")).replace('"Ann"', '"Ari"').replace('"Bob"', '"Bel"')
        app.store.save(load_record(finished(json.loads(renamed), 98)))
    async with make_app().run_test(size=SIZE) as pilot:
        await open_stats(pilot, save=False)
        await press(pilot, "4")
        await settle(pilot)
        await type_name(pilot, "#duel-a", "Ari")
        await type_name(pilot, "#duel-b", "Bel")
        duel = head_to_head(pilot.app.store.games("finished"), "Ari", "Bel")
        assert (duel.games, duel.partners, duel.rivals) == (2, 1, 1)
        body = text(pilot.app, "#duel-body")
        ahead = next(row for row in body.splitlines() if row.startswith("Placed ahead"))
        assert ahead[len("Placed ahead") :].split()[:2] == [str(duel.a_ahead), str(duel.b_ahead)]
        assert duel.a_ahead + duel.b_ahead + duel.level == 1  # the game as rivals only
        assert said(pilot.app, "#duel-body").endswith(
            "Partners in 1 game (won together: 1); the table counts the games as rivals."
        )


async def test_wonders_and_naval_tabs(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        stats = overall(app)
        await press(pilot, "3")
        await settle(pilot)
        assert table_rows(app, "wonders") == [
            [
                w.wonder,
                w.side,
                str(w.games),
                str(w.wins),
                percent(w.win_rate),
                one(w.average_total),
                one(w.average_place),
            ]
            for w in stats.wonders
        ]
        await press(pilot, "5")
        await settle(pilot)
        naval = text(app, "#naval-ages")
        for age, name in zip(stats.naval, ("Age I ", "Age II ", "Age III ")):
            line = next(row for row in naval.splitlines() if row.startswith(name))
            assert line.split()[2:4] == [str(age.seats), one(age.average_token)]
            assert line.split()[-3:] == [str(age.led), str(age.led_and_won), f"({percent(age.lead_win_rate)})"]


async def test_the_filter_narrows_every_count(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        total = overall(app).games
        app.screen.query_one("#filter-count", Select).value = 3
        await settle(pilot)
        where = GameFilter(player_counts=frozenset({3}))
        narrowed = overall(app, where)
        assert narrowed.games == 9 < total
        assert status(app) == f"9 of {total} games · 3 players"
        assert [row[0] for row in table_rows(app, "players")] == [p.name for p in narrowed.players]
        assert {p.name for p in narrowed.players} == {"Ann", "Bob", "Cid"}
        await press(pilot, "5")
        await settle(pilot)
        assert "None of these games was played with Armada" in text(app, "#naval-ages")
        app.screen.query_one("#filter-since", Input).value = "2027-01-01"
        await settle(pilot)
        assert status(app).startswith(f"0 of {total} games")
        assert app.screen.query_one("#naval").has_class("-empty")
        assert len(select(app.store.games("finished"), GameFilter(since="2027-01-01"))) == 0


async def test_escape_leaves_a_field_then_goes_back_where_the_table_was(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, HomeScreen)
        await open_stats(pilot)
        await press(pilot, "f")
        assert app.screen.focused is app.screen.query_one("#filter-player", Input)
        await press(pilot, "escape")
        assert app.screen.focused is app.screen.query_one("#players DataTable")
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)


async def test_enter_in_the_filter_gives_the_keys_back_to_the_tab(make_app):
    """f, Ann, Enter: the filter stays Ann and the players' table has the keys (the next key is not typed)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        await press(pilot, "f", *"Ann", "enter")
        await settle(pilot)
        assert app.screen.focused is app.screen.query_one("#players DataTable")
        await press(pilot, "x")
        assert app.screen.query_one("#filter-player", Input).value == "Ann"
        assert app.screen.query_one(FilterBar).value == GameFilter(player="Ann")


# --- the charts ----------------------------------------------------------------------------------------


def test_a_long_run_of_games_is_averaged_into_the_columns_the_chart_has():
    totals = [40 + i % 30 for i in range(100)]
    days = [f"2026-{1 + i // 28:02d}-{1 + i % 28:02d}" for i in range(100)]
    chart = ColumnChart(totals, [False] * 100, days, width=42, height=8, style="cyan", marked_style="yellow")
    assert chart.per_column == 3 and len(chart.columns) == 34  # 38 columns of room, 100 games
    assert chart.columns[0].value == 41 and chart.columns[0].label == "2026-01-01"
    lines = chart.render().plain.splitlines()
    assert len(lines) == 8 + 2
    assert lines[0].startswith("70 ┤") and lines[4].startswith("55 ┤") and lines[8].startswith("40 └")
    assert lines[9].split() == ["2026-01-01", days[99]]
    title = totals_chart([PlayedTotal(day, total, False) for day, total in zip(days, totals)]).renderables[0]
    assert title.plain == "Average total of every 3 games, oldest first"


def test_bars_are_drawn_to_an_eighth_of_a_cell():
    assert bar(10, 10, 4) == "████"
    assert bar(5, 10, 3) == "█▌"
    assert bar(0.01, 10, 4) == "▏"  # any positive value shows
    assert bar(-2, 10, 4) == bar(0, 10, 4) == ""
    assert split_bar([(3, "cyan"), (0, "white"), (1, "magenta")], 8).plain == "█" * 8


# --- 80x24 snapshots -----------------------------------------------------------------------------------


def at_tab(*keys: str):
    async def run_before(pilot) -> None:
        await open_stats(pilot)
        for key in keys:
            await press(pilot, key)
        await settle(pilot)

    return run_before


def test_snapshot_players_tab(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=at_tab())


def test_snapshot_player_tab_with_charts(snap_compare, make_app):
    async def run_before(pilot) -> None:
        await at_tab("2")(pilot)
        await type_name(pilot, "#player-name", "Ann")
        pilot.app.screen.query_one("#player").focus_content()
        await handled(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_snapshot_wonders_tab(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=at_tab("3"))


def test_snapshot_head_to_head_tab(snap_compare, make_app):
    async def run_before(pilot) -> None:
        await at_tab("4")(pilot)
        await type_name(pilot, "#duel-a", "Ann")
        await type_name(pilot, "#duel-b", "Cid")
        pilot.app.screen.query_one("#duel").focus_content()
        await handled(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def test_snapshot_naval_tab(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=at_tab("5"))


# --- in Portuguese -------------------------------------------------------------------------------------


def headings(app: WondersApp, tab: str) -> list[str]:
    return [str(column.label) for column in app.screen.query_one(f"#{tab} DataTable", DataTable).ordered_columns]


async def test_every_tab_in_portuguese_with_decimal_commas_and_brazilian_days(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot)
        stats = overall(app)
        assert status(app) == f"{stats.games} partidas · todas as partidas"
        assert app.screen.sub_title == "Estatísticas"
        assert [str(tab.label) for tab in app.screen.query("Tab")] == [
            "1 Jogadores",
            "2 Jogador",
            "3 Maravilhas",
            "4 Confronto",
            "5 Naval",
            "6 Classificação",
        ]
        words = footer(app.screen)
        assert words["escape"] == "Voltar" and words["s"] == "Ordenar" and words["enter"] == "Abrir jogador"
        assert headings(app, "players") == [
            "Jogador",
            "Partidas",
            "Vitórias",
            "% vit.",
            "Média",
            "Melhor",
            "Pior",
            "Coloc. média",
        ]
        hint = text(app, "#players .stats-hint")
        assert hint == "Ordenado por Vitórias · s: próxima coluna · Enter abre o jogador"
        ann = next(row for row in table_rows(app, "players") if row[0] == "Ann")
        assert ann[4] == "57,6" and "," in ann[7]  # averages with the decimal comma

        await press(pilot, "2")
        await type_name(pilot, "#player-name", "Ann")
        report = player_report(app.store.games("finished"), "Ann")
        assert text(app, "#player-numbers").startswith(f"9 partidas · {report.player.wins} vitórias (")
        assert "total médio 57,6 · melhor " in said(app, "#player-numbers")
        chart = text(app, "#player-chart")
        assert chart.startswith("Total por partida, por data · █ vitória")
        assert "08/01/2026" in chart and "20/11/2026" in chart  # the first and the last evening, as Brazil writes them
        rows = text(app, "#player-rows")
        assert "Média por categoria" in rows and "Militar" in rows and "Tesouro" in rows and "Military" not in rows
        more = text(app, "#player-more")
        assert "Maravilhas e lados de Ann" in more and "Gizé" in more and "Contra cada adversário" in more
        await press(pilot, "escape")  # from the name field to the page, where 3 is a tab again

        await press(pilot, "3")
        await settle(pilot)
        assert headings(app, "wonders")[:2] == ["Maravilha", "Lado"]
        names = {row[0] for row in table_rows(app, "wonders")}
        assert {"Gizé", "Rodes", "Babilônia", "Éfeso"} <= names and "Rhodes" not in names

        await press(pilot, "4")
        await settle(pilot)
        await type_name(pilot, "#duel-a", "ann")
        await type_name(pilot, "#duel-b", "bob")
        body = text(app, "#duel-body")
        assert "Partidas juntos" in body and "Ficou à frente" in body and "Venceu a partida" in body
        assert said(app, "#duel-body").endswith("Empatados (mesma colocação, ou as equipes empatadas): 0 partidas.")
        await type_name(pilot, "#duel-b", "Ann")
        assert said(app, "#duel .stats-problem") == "Escolha dois jogadores diferentes."
        await press(pilot, "escape")

        await press(pilot, "5")
        await settle(pilot)
        naval = text(app, "#naval-ages")
        assert naval.startswith("Fichas de Conflito Naval por Era, só partidas com Armada")
        assert naval.splitlines()[1].split()[:3] == ["Era", "Jogadores", "Ficha"]
        assert [line.split()[:2] for line in naval.splitlines()[3:6]] == [["Era", "I"], ["Era", "II"], ["Era", "III"]]

        app.screen.query_one("#filter-count", Select).value = 3
        await settle(pilot)
        assert status(app) == f"9 de {stats.games} partidas · 3 jogadores"
        assert "Nenhuma destas partidas foi jogada com Armada" in text(app, "#naval-ages")


async def test_an_empty_history_in_portuguese(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_stats(pilot, save=False)
        assert str(app.screen.query_one("#stats-empty-history", Static).render()).startswith(
            "Nenhuma partida encerrada ainda"
        )


def test_snapshot_players_tab_in_portuguese(snap_compare, make_app, portuguese):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=at_tab())


def test_snapshot_player_tab_in_portuguese(snap_compare, make_app, portuguese):
    async def run_before(pilot) -> None:
        await at_tab("2")(pilot)
        await type_name(pilot, "#player-name", "Ann")
        pilot.app.screen.query_one("#player").focus_content()
        await handled(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)
