"""The tabs of the stats screen. Each says what it needs for a filter (`wanted`), computes it from the finished
games off the UI thread (`compute`, pure: it reads nothing from the widgets) and lays the result out (`show`).

Nothing here counts anything itself: the numbers are scorer.history.stats's, over the games the FilterBar
admits, and the charts are widgets.charts's drawings of them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.suggester import Suggester
from textual.validation import Function
from textual.widgets import DataTable, Input, Label, Static, TabPane

from scorer.catalog import fold
from scorer.history.ratings import PlayerRating, Ratings, rate_games
from scorer.history.stats import (
    GameFilter,
    HeadToHead,
    HistoryStats,
    NavalAgeStats,
    PlayedTotal,
    PlayerReport,
    PlayerStats,
    WonderStats,
    head_to_head,
    history_stats,
    player_report,
    player_totals,
    select,
)
from scorer.history.summary import GameSummary
from scorer.i18n import decimal, percent, t, tn, whole
from scorer.ruling import age_name
from widgets.charts import ColumnChart, bar, bar_list, split_bar
from widgets.filter_bar import show_day, wonder_name

# --- what the tabs say (catalogue keys: scorer/locales/<language>/stats.toml) ----------------------------
NO_MATCH = "stats.panes.no_match"
UNKNOWN_PLAYER = "stats.panes.unknown_player"
SAME_PLAYER = "stats.panes.same_player"
TEAM_NOTE = "stats.panes.team_note"
NAVAL_TITLE = "stats.naval.title"

WONDER_COLUMNS = ("wonder", "side", "games", "wins", "win_rate", "average_total", "average_place")
RIVAL_COLUMNS = ("opponent", "rival_games", "ahead", "behind", "level", "won", "they_won", "average", "their_average")
NAVAL_COLUMNS = ("age", "seats", "average_token", "", "led", "won_when_leading")

# Card colours for the sheet's rows, in names a 16-colour terminal has.
ROW_STYLES = {
    "military": "red",
    "naval": "cyan",
    "treasury": "yellow",
    "wonder": "white",
    "civilian": "blue",
    "commercial": "bright_yellow",
    "guilds": "bright_magenta",
    "science": "green",
    "leaders": "bright_white",
    "islands": "bright_green",
    "dockyard": "bright_cyan",
}
TOTAL_STYLE, WON_STYLE = "cyan", "yellow"
CHART_WIDTH, ROWS_WIDTH = 42, 30  # side by side in 80 columns, with the tab's padding and scroll bar
A_STYLE, B_STYLE, LEVEL_STYLE = "cyan", "magenta", "white"


def count(number: int, thing: str) -> str:
    """'1 game', '10,000 games' ('10.000 partidas'): `thing` is "games" or "wins"."""
    return tn(f"stats.count.{thing}", number, number=whole(number))


def one(value: float) -> str:
    """An average with one decimal: 57.6 (57,6 in Portuguese)."""
    return decimal(value, 1)


def right(text: str) -> Text:
    return Text(text, justify="right")


# --- what the tabs share -------------------------------------------------------------------------------


class FinishedGames:
    """The finished games, read once when the screen opens, and the statistics over them for each filter:
    one history_stats serves the Players, Wonders and Naval tabs. Used from worker threads; two racing for
    the same filter only compute it twice."""

    def __init__(self, games: Sequence[GameSummary]) -> None:
        self.games = games
        self._stats: dict[GameFilter, HistoryStats] = {}
        self._ratings: dict[GameFilter, Ratings] = {}

    def stats(self, where: GameFilter) -> HistoryStats:
        if where not in self._stats:
            self._stats[where] = history_stats(self.games, where)
        return self._stats[where]

    def ratings(self, where: GameFilter) -> Ratings:
        """The players' ratings over the games `where` admits, kept with the games (so per history revision:
        widgets.history_reads)."""
        if where not in self._ratings:
            self._ratings[where] = rate_games(self.games, where)
        return self._ratings[where]

    def rated(self, where: GameFilter) -> bool:
        return where in self._ratings

    def counted(self, where: GameFilter) -> bool:
        """The statistics under `where` are at hand: reading them costs nothing."""
        return where in self._stats

    def count(self, where: GameFilter) -> int:
        """How many games `where` admits."""
        known = self._stats.get(where)
        return known.games if known is not None else len(select(self.games, where))


class KnownNames(Suggester):
    """Completes a player's name from its first letters, without case or accents ('zo' → 'Zoë'), as the
    stats match names."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(case_sensitive=True)
        self.names = {fold(name): name for name in names}

    def find(self, text: str) -> str | None:
        """The known spelling of the name typed in full, or None."""
        return self.names.get(fold(text))

    async def get_suggestion(self, value: str) -> str | None:
        key = fold(value)
        return next((name for folded, name in self.names.items() if folded.startswith(key)), None) if key else None


def name_input(names: KnownNames, value: str, id: str) -> Input:
    """A compact field for a player's name: completes known names, and marks any other."""
    known = Function(lambda text: names.find(text) is not None, t("stats.panes.not_a_player"))
    return Input(value, id=id, compact=True, suggester=names, validators=[known], classes="stats-name")


class PlayerChosen(Message):
    """Enter on a player of the Players tab: show their page."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name


Wanted = TypeVar("Wanted", bound=Hashable)


class StatsPane(TabPane, Generic[Wanted]):
    """One tab. `shown` is the `wanted` value it last showed, so the screen computes it again only when the
    filter or a choice in the tab changed."""

    DEFAULT_CSS = """
    StatsPane { height: 1fr; padding: 0 1; }
    StatsPane .stats-empty { display: none; padding: 1 0; }
    StatsPane.-empty .stats-empty { display: block; }
    StatsPane.-empty .stats-body { display: none; }
    StatsPane .stats-choice { height: 1; }
    StatsPane .stats-choice Label { width: auto; padding: 0 1 0 0; color: $text-muted; }
    StatsPane .stats-name { width: 18; margin: 0 2 0 0; }
    StatsPane .stats-problem { color: $error; display: none; }
    """

    class Stale(Message):
        """A choice in the tab changed: compute it again."""

    shown: Wanted | None = None
    opened = False  # its fields and tables are composed (parts): the tab is on screen, or was once
    _composing: asyncio.Future[None] | None = None

    def compose(self) -> ComposeResult:
        """The tab's parts once it has been shown: the screen opens the first tab with the screen, each other
        the first time it is shown, so a tab never looked at costs no widgets to style, lay out and draw."""
        if self.opened:
            yield from self.parts()

    def parts(self) -> ComposeResult:
        """The tab's fields, tables and lines."""
        raise NotImplementedError

    async def open(self) -> None:
        """Compose the tab's parts if not yet, and wait until they are (a second caller waits for the same)."""
        if self.opened and self._composing is None:
            return  # composed with the screen, or already
        if self._composing is None:
            self.opened = True
            self._composing = asyncio.ensure_future(self._compose_parts())
        await self._composing

    async def _compose_parts(self) -> None:
        await self.recompose()
        self.opening()

    def on_mount(self) -> None:
        if self.opened:
            self.opening()

    def opening(self) -> None:
        """Set up the parts just composed."""

    def wanted(self, where: GameFilter) -> Wanted:
        """What to compute under `where` (with the tab's own choices)."""
        raise NotImplementedError

    def compute(self, games: FinishedGames, wanted: Wanted) -> Any:
        """The tab's numbers (runs in a worker thread, unless at_hand)."""
        raise NotImplementedError

    def at_hand(self, games: FinishedGames, wanted: Wanted) -> bool:
        """compute() would only read numbers already counted, so the screen needs no worker for them."""
        return False

    def show(self, result: Any) -> None:
        """Lay out what compute() returned."""
        raise NotImplementedError

    def focus_content(self) -> None:
        self.query_one(".stats-focus").focus()

    def empty(self, empty: bool) -> None:
        self.set_class(empty, "-empty")

    def problem(self, problem: str) -> None:
        """Say under the fields why a name is not taken (nothing: the line goes away)."""
        line = self.query_one(".stats-problem", Static)
        line.update(Text(problem))
        line.display = bool(problem)


@dataclass(frozen=True, slots=True)
class Column:
    name: str  # its heading's key in stats.toml's [columns]
    attribute: str
    shown: Callable[[Any], str]
    descending: bool = True  # which way "sorted by" this column reads best

    @property
    def label(self) -> str:
        return t(f"stats.columns.{self.name}")


class SortedTable(StatsPane[GameFilter]):
    """A table of one kind of statistic (players, or wonders and sides), s sorts it by the next column."""

    BINDINGS = [Binding("s", "sort", "stats.keys.sort")]
    COLUMNS: tuple[Column, ...] = ()
    SORTS: tuple[int, ...] = ()  # the columns s goes through, the first being the order history_stats gives
    TEXT_COLUMNS = 1  # the first columns hold words (left), the others numbers (right)
    TABLE: type[DataTable[Any]] = DataTable

    rows: Sequence[Any] = ()
    sort = 0

    def parts(self) -> ComposeResult:
        yield Static(t(NO_MATCH), classes="stats-empty")
        yield Static("", classes="stats-body stats-hint")
        yield self.TABLE(cursor_type="row", zebra_stripes=True, classes="stats-body stats-focus")

    def opening(self) -> None:
        table = self.query_one(DataTable)
        for i, column in enumerate(self.COLUMNS):
            table.add_column(Text(column.label, justify="left" if i < self.TEXT_COLUMNS else "right"), key=str(i))

    def wanted(self, where: GameFilter) -> GameFilter:
        return where

    def at_hand(self, games: FinishedGames, wanted: GameFilter) -> bool:
        return games.counted(wanted)  # both tables are a part of history_stats

    def show(self, result: Sequence[Any]) -> None:
        self.rows = result
        self._show_rows()

    def action_sort(self) -> None:
        self.sort = (self.sort + 1) % len(self.SORTS)
        self._show_rows()

    def _show_rows(self) -> None:
        column = self.COLUMNS[self.SORTS[self.sort]]
        words = self.SORTS[self.sort] < self.TEXT_COLUMNS  # sorted as shown: a wonder by its name here
        rows = list(self.rows)
        if self.sort:  # the first sort is history_stats's own order
            rows.sort(
                key=lambda row: _sort_key(
                    column.shown(getattr(row, column.attribute)) if words else getattr(row, column.attribute)
                ),
                reverse=column.descending,
            )
        table = self.query_one(DataTable)
        table.clear()
        for row in rows:
            cells = [column.shown(getattr(row, column.attribute)) for column in self.COLUMNS]
            table.add_row(
                *(Text(cell) if i < self.TEXT_COLUMNS else right(cell) for i, cell in enumerate(cells)),
                key=self.row_key(row),
            )
        self.query_one(".stats-hint", Static).update(Text(self.hint(column.label)))

    def hint(self, column: str) -> str:
        return t("stats.panes.sorted_by", column=column)

    def row_key(self, row: Any) -> str:
        """The row's key in the table."""
        raise NotImplementedError


def _sort_key(value: Any) -> Any:
    return fold(value) if isinstance(value, str) else value


class PlayerTable(DataTable[Any]):
    """The players' table: Enter opens the highlighted player's page (shown in the Footer, unlike DataTable's)."""

    BINDINGS = [Binding("enter", "select_cursor", "stats.keys.open_player")]


class PlayersPane(SortedTable):
    TABLE = PlayerTable
    COLUMNS = (
        Column("player", "name", str, descending=False),
        Column("games", "games", whole),
        Column("wins", "wins", whole),
        Column("win_rate", "win_rate", percent),
        Column("average", "average_total", one),
        Column("best", "best_total", str),
        Column("worst", "worst_total", str),
        Column("average_place", "average_place", one, descending=False),
    )
    SORTS = (2, 3, 4, 5, 7, 1, 0)

    def compute(self, games: FinishedGames, wanted: GameFilter) -> tuple[PlayerStats, ...]:
        return games.stats(wanted).players

    def parts(self) -> ComposeResult:
        yield from super().parts()
        # Said only when team games were counted: their wins and places are the team's, not the seat's.
        yield Static(Text(t(TEAM_NOTE)), id="players-team-note", classes="stats-body stats-hint")

    def show(self, result: Sequence[PlayerStats]) -> None:
        super().show(result)
        self.query_one("#players-team-note").display = any(p.team_games for p in result)

    def hint(self, column: str) -> str:
        return t("stats.panes.sorted_by_open", column=column)

    def row_key(self, row: PlayerStats) -> str:
        return row.name

    @on(DataTable.RowSelected)
    def _open(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.post_message(PlayerChosen(event.row_key.value))


class WondersPane(SortedTable):
    COLUMNS = (
        Column("wonder", "wonder", wonder_name, descending=False),
        Column("side", "side", str, descending=False),
        Column("games", "games", whole),
        Column("wins", "wins", whole),
        Column("win_rate", "win_rate", percent),
        Column("average_total", "average_total", one),
        Column("average_place", "average_place", one, descending=False),
    )
    SORTS = (2, 3, 4, 5, 6, 0)
    TEXT_COLUMNS = 2

    def compute(self, games: FinishedGames, wanted: GameFilter) -> tuple[WonderStats, ...]:
        return games.stats(wanted).wonders

    def row_key(self, row: WonderStats) -> str:
        return f"{row.wonder} {row.side}"


class NavalPane(StatsPane[GameFilter]):
    def parts(self) -> ComposeResult:
        yield Static(t(NO_MATCH), classes="stats-empty")
        with VerticalScroll(classes="stats-body stats-focus"):
            yield Static(id="naval-ages")

    def wanted(self, where: GameFilter) -> GameFilter:
        return where

    def compute(self, games: FinishedGames, wanted: GameFilter) -> tuple[NavalAgeStats, ...]:
        return games.stats(wanted).naval

    def at_hand(self, games: FinishedGames, wanted: GameFilter) -> bool:
        return games.counted(wanted)

    def show(self, result: tuple[NavalAgeStats, ...]) -> None:
        naval = result
        body: RenderableType = Text(t("stats.naval.no_armada"))
        if naval:
            body = Group(Text(t(NAVAL_TITLE), style="bold"), naval_table(naval), Text(t("stats.naval.note")))
        self.query_one("#naval-ages", Static).update(body)


def naval_table(naval: Sequence[NavalAgeStats]) -> Table:
    """Each age: seats counted, the average token (with a bar), how often its leader went on to win."""
    table = _table(*headings(NAVAL_COLUMNS))
    table.columns[3].justify = "left"
    scale = max(age.average_token for age in naval)
    for age in naval:
        table.add_row(
            age_name(age.age),
            whole(age.seats),
            one(age.average_token),
            Text(bar(age.average_token, scale, 12), ROW_STYLES["naval"]),
            whole(age.led),
            f"{whole(age.led_and_won)} ({percent(age.lead_win_rate)})",
        )
    return table


def headings(names: Sequence[str]) -> list[str]:
    """Column headings for a rich Table, in the table's language ("" stays a column without one)."""
    return [t(f"stats.columns.{name}") if name else "" for name in names]


def _table(*columns: str, title: str | None = None) -> Table:
    """A plain table for the tabs: first column left, numbers right; title and headers (players' names) as
    Text, never read as markup."""
    table = Table(
        box=box.SIMPLE_HEAD,
        title=None if title is None else Text(title, style="bold"),
        title_justify="left",
        pad_edge=False,
        show_edge=False,
    )
    for i, column in enumerate(columns):
        table.add_column(Text(column), justify="right" if i else "left")
    return table


# --- one player ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerPage:
    name: str
    report: PlayerReport | None  # None: they played none of the games admitted
    totals: tuple[PlayedTotal, ...]


class PlayerPane(StatsPane[tuple[GameFilter, str]]):
    """One player: their numbers, their totals over time, their average per row, wonders, rivals, navy."""

    BINDINGS = [Binding("p", "choose", "stats.keys.choose_player")]
    DEFAULT_CSS = """
    PlayerPane #player-charts { height: auto; margin: 1 0 0 0; }
    PlayerPane #player-chart { width: 42; margin: 0 2 0 0; }
    PlayerPane #player-rows { width: 30; }
    PlayerPane #player-more { margin: 1 0 0 0; }
    """

    def __init__(self, title: str, names: KnownNames, player: str, *, id: str) -> None:
        super().__init__(title, id=id)
        self.names = names
        self.player = player

    def parts(self) -> ComposeResult:
        with Horizontal(classes="stats-choice"):
            yield Label(t("stats.panes.player"))
            yield name_input(self.names, self.player, "player-name")
        yield Static("", classes="stats-problem")
        yield Static(t(NO_MATCH), classes="stats-empty")
        with VerticalScroll(classes="stats-body stats-focus"):
            yield Static(id="player-numbers")
            with Horizontal(id="player-charts"):
                yield Static(id="player-chart")
                yield Static(id="player-rows")
            yield Static(id="player-more")

    def wanted(self, where: GameFilter) -> tuple[GameFilter, str]:
        return where, self.player

    def compute(self, games: FinishedGames, wanted: tuple[GameFilter, str]) -> PlayerPage:
        where, name = wanted
        return PlayerPage(name, player_report(games.games, name, where), player_totals(games.games, name, where))

    def show(self, result: PlayerPage) -> None:
        report = result.report
        numbers = self.query_one("#player-numbers", Static)
        parts = [self.query_one(f"#player-{part}", Static) for part in ("chart", "rows", "more")]
        if report is None:
            numbers.update(Text(t("stats.player.not_in_these", name=result.name)))
            for part in parts:
                part.update("")
            return
        p = report.player
        games = count(p.games, "games")
        if p.team_games:
            games = t("stats.player.games_in_teams", games=games, teams=whole(p.team_games))
        numbers.update(
            Text(
                t(
                    "stats.player.numbers",
                    games=games,
                    wins=count(p.wins, "wins"),
                    rate=percent(p.win_rate),
                    average=one(p.average_total),
                    best=p.best_total,
                    worst=p.worst_total,
                    place=one(p.average_place),
                )
            )
        )
        chart, rows, more = parts
        chart.update(totals_chart(result.totals))
        rows.update(
            Group(
                Text(t("stats.player.rows_title"), style="bold"),
                bar_list(
                    [(t(f"stats.rows.{row}"), average, ROW_STYLES[row]) for row, average in p.average_rows.items()],
                    ROWS_WIDTH,
                ),
            )
        )
        more.update(Group(*player_tables(report)))

    def action_choose(self) -> None:
        self.query_one("#player-name", Input).focus()

    @on(Input.Changed, "#player-name")
    def _typed(self, event: Input.Changed) -> None:
        event.stop()
        name = self.names.find(event.value)
        problem = "" if name is not None or not event.value.strip() else t(UNKNOWN_PLAYER, name=event.value.strip())
        self.problem(problem)
        if name is not None and name != self.player:
            self.player = name
            self.post_message(self.Stale())

    @on(Input.Submitted, "#player-name")
    def _chosen(self, event: Input.Submitted) -> None:
        event.stop()
        if self.names.find(event.value) is not None:
            self.focus_content()

    def choose(self, name: str) -> None:
        """Show this player (a known name), as if typed."""
        self.query_one("#player-name", Input).value = name


def totals_chart(totals: Sequence[PlayedTotal]) -> Group:
    chart = ColumnChart(
        [game.total for game in totals],
        [game.won for game in totals],
        [show_day(game.played_on) if game.played_on else t("stats.player.undated") for game in totals],
        width=CHART_WIDTH,
        height=8,
        style=TOTAL_STYLE,
        marked_style=WON_STYLE,
    )
    if chart.per_column == 1:
        legend = Text(t("stats.player.chart_won", mark="█"))
        legend.highlight_words(["█"], WON_STYLE)
        title = Text.assemble((t("stats.player.chart_title") + " · ", "bold"), legend)
    else:
        title = Text(t("stats.player.chart_averaged", number=whole(chart.per_column)), style="bold")
    return Group(title, chart.render())


def player_tables(report: PlayerReport) -> list[RenderableType]:
    name = report.player.name
    wonders = _table(*headings(WONDER_COLUMNS), title=t("stats.player.wonders_title", name=name))
    wonders.columns[1].justify = "left"
    for w in report.wonders:
        wonders.add_row(
            Text(wonder_name(w.wonder)),
            Text(w.side),
            whole(w.games),
            whole(w.wins),
            percent(w.win_rate),
            one(w.average_total),
            one(w.average_place),
        )
    rivals = _table(*headings(RIVAL_COLUMNS), title=t("stats.player.rivals_title"))
    for d in report.rivals:
        rivals.add_row(
            Text(d.b),
            whole(d.games),
            whole(d.a_ahead),
            whole(d.b_ahead),
            whole(d.level),
            whole(d.a_wins),
            whole(d.b_wins),
            one(d.a_average_total),
            one(d.b_average_total),
        )
    out: list[RenderableType] = [wonders, Text(), rivals]
    if report.naval:
        out += [Text(), Text(t("stats.player.naval_title", name=name), style="bold"), naval_table(report.naval)]
    return out


# --- two players ---------------------------------------------------------------------------------------


class DuelPane(StatsPane[tuple[GameFilter, str, str]]):
    """Two players over the games they shared: who placed ahead, who won, their average totals."""

    BINDINGS = [Binding("p", "choose", "stats.keys.choose_players")]
    DEFAULT_CSS = """
    DuelPane #duel-body { margin: 1 0 0 0; }
    """

    def __init__(self, title: str, names: KnownNames, a: str, b: str, *, id: str) -> None:
        super().__init__(title, id=id)
        self.names = names
        self.a, self.b = a, b

    def parts(self) -> ComposeResult:
        with Horizontal(classes="stats-choice"):
            yield Label(t("stats.panes.player"))
            yield name_input(self.names, self.a, "duel-a")
            yield Label(t("stats.panes.against"))
            yield name_input(self.names, self.b, "duel-b")
        yield Static("", classes="stats-problem")
        yield Static(t(NO_MATCH), classes="stats-empty")
        with VerticalScroll(classes="stats-body stats-focus"):
            yield Static(id="duel-body")

    def wanted(self, where: GameFilter) -> tuple[GameFilter, str, str]:
        return where, self.a, self.b

    def compute(self, games: FinishedGames, wanted: tuple[GameFilter, str, str]) -> HeadToHead:
        where, a, b = wanted
        return head_to_head(games.games, a, b, where)

    def show(self, result: HeadToHead) -> None:
        self.query_one("#duel-body", Static).update(duel_view(result))

    def action_choose(self) -> None:
        self.query_one("#duel-a", Input).focus()

    @on(Input.Changed, ".stats-name")
    def _typed(self, event: Input.Changed) -> None:
        event.stop()
        a, b = (self.query_one(f"#duel-{side}", Input).value for side in "ab")
        found_a, found_b = self.names.find(a), self.names.find(b)
        problem = ""
        for typed, found in ((a, found_a), (b, found_b)):
            if found is None and typed.strip():
                problem = t(UNKNOWN_PLAYER, name=typed.strip())
                break
        if found_a is not None and found_b is not None and fold(found_a) == fold(found_b):
            problem = t(SAME_PLAYER)
        self.problem(problem)
        if not problem and found_a is not None and found_b is not None and (found_a, found_b) != (self.a, self.b):
            self.a, self.b = found_a, found_b
            self.post_message(self.Stale())

    @on(Input.Submitted, ".stats-name")
    def _chosen(self, event: Input.Submitted) -> None:
        event.stop()
        if self.names.find(event.value) is None:
            return
        if event.input.id == "duel-a":
            self.query_one("#duel-b", Input).focus()
        else:
            self.focus_content()


def duel_view(duel: HeadToHead) -> RenderableType:
    if not duel.games:
        return Text(t("stats.duel.never_together", a=duel.a, b=duel.b))
    partners = {"games": count(duel.partners, "games"), "wins": whole(duel.partner_wins)}
    if not duel.rivals:  # partners in every game they played: nothing to set against each other
        return Text(t("stats.duel.only_partners", a=duel.a, b=duel.b, **partners))
    table = _table("", duel.a, duel.b, "")
    table.columns[1].header_style = A_STYLE
    table.columns[2].header_style = B_STYLE
    width = 24
    table.add_row(t("stats.duel.games"), whole(duel.games), "", "")
    table.add_row(
        t("stats.duel.ahead"),
        whole(duel.a_ahead),
        whole(duel.b_ahead),
        split_bar([(duel.a_ahead, A_STYLE), (duel.level, LEVEL_STYLE), (duel.b_ahead, B_STYLE)], width),
    )
    table.add_row(
        t("stats.duel.won"),
        whole(duel.a_wins),
        whole(duel.b_wins),
        split_bar([(duel.a_wins, A_STYLE), (duel.b_wins, B_STYLE)], width),
    )
    table.add_row(t("stats.duel.average"), one(duel.a_average_total), one(duel.b_average_total), "")
    lines: list[RenderableType] = [table, Text(t("stats.duel.level", games=count(duel.level, "games")))]
    if duel.partners:
        lines.append(Text(t("stats.duel.partners", **partners)))
    return Group(*lines)


# --- ratings -------------------------------------------------------------------------------------------

RATING_STYLE = "green"
RATING_CHART_WIDTH = 38  # beside the 34 columns of the ratings' table at 80 columns, with its scroll bar


class RatingsPane(StatsPane[GameFilter]):
    """Every player's rating (openskill's Plackett–Luce over the places, scorer.history.ratings), best first;
    the highlighted player's rating game after game as a chart, and the games that moved it most."""

    DEFAULT_CSS = """
    RatingsPane #ratings-body { height: 1fr; }
    RatingsPane #ratings-table { width: 34; height: 1fr; margin: 0 1 0 0; }
    RatingsPane #ratings-detail { width: 1fr; height: 1fr; }
    """

    ratings: Ratings | None = None

    def parts(self) -> ComposeResult:
        yield Static(t(NO_MATCH), classes="stats-empty")
        yield Static(Text(t("stats.ratings.hint")), classes="stats-body stats-hint")
        with Horizontal(id="ratings-body", classes="stats-body"):
            yield DataTable(cursor_type="row", zebra_stripes=True, id="ratings-table", classes="stats-focus")
            with VerticalScroll(id="ratings-detail"):
                yield Static(id="ratings-chart")
                yield Static(id="ratings-moved")

    def opening(self) -> None:
        table = self.query_one("#ratings-table", DataTable)
        for i, name in enumerate(("rank", "player", "rating", "games")):
            label = t(f"stats.ratings.{name}") if name in ("rank", "rating") else t(f"stats.columns.{name}")
            table.add_column(Text(label, justify="left" if i == 1 else "right"), key=name)

    def wanted(self, where: GameFilter) -> GameFilter:
        return where

    def compute(self, games: FinishedGames, wanted: GameFilter) -> Ratings:
        return games.ratings(wanted)

    def at_hand(self, games: FinishedGames, wanted: GameFilter) -> bool:
        return games.rated(wanted)

    def show(self, result: Ratings) -> None:
        self.ratings = result
        table = self.query_one("#ratings-table", DataTable)
        table.clear()
        for place, player in enumerate(result.players, start=1):
            table.add_row(
                right(whole(place)),
                Text(player.name),
                right(one(player.rating)),
                right(whole(player.games)),
                key=player.name,
            )
        self._detail(result.players[0] if result.players else None)

    @on(DataTable.RowHighlighted, "#ratings-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if self.ratings is not None and event.row_key.value is not None:
            self._detail(self.ratings.player(event.row_key.value))

    def _detail(self, player: PlayerRating | None) -> None:
        chart, moved = self.query_one("#ratings-chart", Static), self.query_one("#ratings-moved", Static)
        if player is None:
            chart.update("")
            moved.update("")
            return
        chart.update(rating_chart(player))
        moved.update(moved_table(player))


def rating_chart(player: PlayerRating) -> Group:
    """The player's rating after each game, oldest first (a game they won marked)."""
    history = player.history
    chart = ColumnChart(
        [game.rating for game in history],
        [game.won for game in history],
        [show_day(game.played_on) if game.played_on else t("stats.player.undated") for game in history],
        width=RATING_CHART_WIDTH,
        height=6,
        style=RATING_STYLE,
        marked_style=WON_STYLE,
    )
    if chart.per_column == 1:
        title = Text(t("stats.ratings.chart_title", name=player.name), style="bold")
    else:
        title = Text(t("stats.ratings.chart_averaged", name=player.name, number=whole(chart.per_column)), style="bold")
    return Group(title, chart.render())


def moved_table(player: PlayerRating) -> Table:
    """The games that moved the player's rating most: the day, their place among how many, the change."""
    table = _table(*(t(f"stats.ratings.{name}") for name in ("day", "place", "change")), title=t("stats.ratings.moved"))
    for game in player.moved_most:
        sign = "+" if game.change >= 0 else "−"
        table.add_row(
            Text(show_day(game.played_on) if game.played_on else t("stats.player.undated")),
            t("stats.ratings.place_of", place=game.place, players=game.players),
            Text(sign + one(abs(game.change)), style=RATING_STYLE if game.change >= 0 else "red"),
        )
    return table
