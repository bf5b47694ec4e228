"""Stats: what a year of game nights adds up to — every player, one player with charts, wonders and sides,
two players head to head, the navies of each age, and each player's rating with its trend.

Pushed over whatever is showing (home, or a game in progress) and dismissed with Escape. Every number is
scorer.history.stats's over the finished games the FilterBar admits; the tabs (stats_panes.py) only lay them
out. Ten thousand games take a few hundred milliseconds to read and count, so that happens in a worker
thread behind a "Counting N games…" line, and only the tab on screen is computed: again when the filter or a
choice in it changes, and for another tab when it is shown. The games read and what was counted are kept while
the history is unchanged (widgets.history_reads): opened again, the screen lays out its first tab as it mounts.

Keys: 1-6 switch tabs, f goes to the filter, s sorts a table, p chooses the player(s), Enter on a player
opens their page, Escape leaves a field (then the screen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Static, TabbedContent
from textual.worker import get_current_worker

from scorer.history.errors import HistoryError
from scorer.history.stats import GameFilter, HistoryStats, most_met
from scorer.i18n import t, tn, whole
from widgets import history_reads, long_lived
from widgets.compat import StyledAtMount
from widgets.filter_bar import FilterBar
from widgets.localised import LocalisedBindings, RebuiltInNewLanguage
from widgets.screens.stats_panes import (
    DuelPane,
    FinishedGames,
    KnownNames,
    NavalPane,
    PlayerChosen,
    PlayerPane,
    PlayersPane,
    RatingsPane,
    StatsPane,
    WondersPane,
)
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from textual.widget import AwaitMount

    from scorer.history.store import HistoryStore
    from scorer.history.summary import GameSummary
    from widgets.app import WondersApp

TABS = ("players", "player", "wonders", "duel", "naval", "ratings")  # in key order: 1 shows the first
EMPTY_HISTORY = "stats.status.empty_history"

TAB_KEYS = Binding.Group("stats.keys.tab", compact=True)


def tab_title(tab: str) -> str:
    """'1 Players', '3 Maravilhas': the key, then the tab's name."""
    return f"{TABS.index(tab) + 1} {t(f'stats.tabs.{tab}')}"


def finished_games(store: HistoryStore, games: list[GameSummary]) -> FinishedGames:
    """The finished ones of the games read (widgets.history_reads), with their counts: kept with them, so a
    screen opened again over an unchanged history has its first tab counted already."""
    return history_reads.derived(store, games, "stats", lambda read: FinishedGames([g for g in read if g.finished]))


def counting(games: int) -> str:
    """'Counting 10,000 games…' while a worker counts."""
    return tn("stats.status.counting", games, number=whole(games))


class StatsScreen(LocalisedBindings, RebuiltInNewLanguage, StyledAtMount, Screen[None]):
    BINDINGS = [
        Binding("escape", "back", "stats.keys.back"),
        Binding("f", "filter", "stats.keys.filter"),
        *(
            Binding(str(number), f"tab('{tab}')", f"stats.tabs.{tab}", group=TAB_KEYS)
            for number, tab in enumerate(TABS, start=1)
        ),
    ]
    DEFAULT_CSS = """
    StatsScreen #stats-status { height: 1; padding: 0 1; color: $text-muted; }
    StatsScreen #stats-empty-history { padding: 1 2; }
    StatsScreen TabbedContent { height: 1fr; }
    StatsScreen TabbedContent > ContentSwitcher { height: 1fr; }
    StatsScreen DataTable { height: 1fr; }
    StatsScreen .stats-hint { height: 1; color: $text-muted; }
    """

    games: FinishedGames | None = None
    laid_out = False  # the filter and the tabs are mounted: their keys work
    _asked: tuple[StatsPane[Any], Any] | None = None  # the tab being computed, and for what

    @property
    def wonders(self) -> WondersApp:
        return self.app  # type: ignore[return-value]

    @property
    def is_ready(self) -> bool:
        """The games are counted and the tab on screen shows its numbers (benchmarks/screens.py waits for it)."""
        pane = self._pane()
        return self.games is not None and self._asked is None and (pane is None or pane.shown is not None)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(t("stats.status.reading"), id="stats-status")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.sub_title = t("stats.status.title")
        store = self.wonders.store
        if store is None:
            self._say(t("stats.status.no_history"))
            return
        long_lived.freeze(self)  # what the app holds now is not walked again by collections while counting
        try:
            kept = history_reads.kept(store)
        except HistoryError:
            kept = None  # the worker reads, and meets the same error
        games = None if kept is None else finished_games(store, kept)
        if games is not None and games.counted(GameFilter()):
            self._lay_out(games, games.stats(GameFilter()))  # read and counted before, unchanged since: at once
        else:
            self._read()

    def on_unmount(self) -> None:
        long_lived.release(self)

    # --- reading and counting, off the UI thread -------------------------------------------------------

    @work(thread=True, exclusive=True, group="stats")
    def _read(self) -> None:
        """Read the finished games once and count them all (the Players tab's numbers, and the names the
        filter and the player fields offer)."""
        store = self.wonders.store
        assert store is not None
        read = history_reads.kept(store)
        games = finished_games(store, history_reads.read(store) if read is None else read)
        self.app.call_from_thread(self._say, counting(len(games.games)))
        overall = games.stats(GameFilter())
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._lay_out, games, overall)

    def _lay_out(self, games: FinishedGames, overall: HistoryStats) -> None:
        """The filter and the tabs, once the games are read (the filter offers the names found in them)."""
        if not self.is_attached:  # dismissed while counting
            return
        self.games = games
        long_lived.freeze(self)  # nor the games read, which every tab counts again while the screen is open
        if not overall.games:
            self._say("")
            self.mount(Static(t(EMPTY_HISTORY), id="stats-empty-history"), after="#stats-status")
            return
        names = KnownNames([p.name for p in overall.players])
        first = overall.players[0].name
        # the head-to-head opens on the two who met most (never two who never played together)
        pair = most_met(games.games) or (first, overall.players[1].name)
        wonders = sorted({w.wonder for w in overall.wonders})
        tabs = TabbedContent()
        panes: tuple[StatsPane[Any], ...] = (
            PlayersPane(tab_title("players"), id="players"),
            PlayerPane(tab_title("player"), names, first, id="player"),
            WondersPane(tab_title("wonders"), id="wonders"),
            DuelPane(tab_title("duel"), names, *pair, id="duel"),
            NavalPane(tab_title("naval"), id="naval"),
            RatingsPane(tab_title("ratings"), id="ratings"),
        )
        panes[0].opened = True  # the tab shown first; the others are composed when first shown
        for pane in panes:
            tabs.compose_add_child(pane)  # as `with TabbedContent():` does in compose()
        bar = self.mount(FilterBar(list(names.names.values()), wonders, id="stats-filter"), before="#stats-status")
        shown = self.mount(tabs, after="#stats-status")
        self.laid_out = True
        # Once both are mounted, not after a refresh: the Players tab is filled before the first frame that
        # shows it (it was drawn empty first, then again with its numbers). Not here: the worker that read the
        # games waits for this call, and filling the tab cancels it.
        self.call_later(self._start, bar, shown)

    async def _start(self, *mounting: AwaitMount) -> None:
        for widgets in mounting:
            await widgets
        await self._update()
        self.query_one(PlayersPane).focus_content()

    async def _update(self) -> None:
        """Compute the tab on screen if what it shows is not what the filter and its choices ask for."""
        pane = self._pane()
        if self.games is None or pane is None:
            return
        await pane.open()
        where = self._where()
        wanted = pane.wanted(where)
        if pane.shown == wanted or self._asked == (pane, wanted):
            return
        if pane.at_hand(self.games, wanted):  # the Players tab on opening: counted with the names, shown now
            self.workers.cancel_group(self, "stats")
            self._show(pane, wanted, pane.compute(self.games, wanted), self.games.count(where))
            return
        self._asked = (pane, wanted)
        self._say(counting(len(self.games.games)))
        self._compute(self.games, pane, wanted, where)

    @work(thread=True, exclusive=True, group="stats")
    def _compute(self, games: FinishedGames, pane: StatsPane[Any], wanted: Any, where: GameFilter) -> None:
        result = pane.compute(games, wanted)
        shown = games.count(where)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show, pane, wanted, result, shown)

    def _show(self, pane: StatsPane[Any], wanted: Any, result: Any, shown: int) -> None:
        if not self.is_attached:  # dismissed while counting
            return
        pane.shown, self._asked = wanted, None
        pane.empty(not shown)
        pane.show(result)
        self._count_line(shown)

    def _count_line(self, shown: int) -> None:
        assert self.games is not None
        games = len(self.games.games)
        bar = self.query_one(FilterBar)
        if bar.value.is_empty:
            self._say(tn("stats.status.counted", games, number=whole(games), filters=bar.summary()))
        else:
            self._say(
                tn("stats.status.counted_of", games, shown=whole(shown), number=whole(games), filters=bar.summary())
            )

    def _where(self) -> GameFilter:
        bars = self.query(FilterBar)
        return bars.first().value if bars else GameFilter()

    def _pane(self) -> StatsPane[Any] | None:
        tabs = self.query(TabbedContent)
        if not tabs:
            return None
        active = tabs.first().active
        return self.query_one(f"#{active}", StatsPane) if active else None

    def _say(self, line: str) -> None:
        self.query_one("#stats-status", Static).update(Text(line))

    # --- events ----------------------------------------------------------------------------------------

    @on(FilterBar.Changed)
    async def _filtered(self) -> None:
        await self._update()

    @on(FilterBar.Applied)
    def _filter_applied(self) -> None:
        pane = self._pane()
        if pane is not None:
            pane.focus_content()

    @on(TabbedContent.TabActivated)
    async def _tab_shown(self) -> None:
        await self._update()

    @on(StatsPane.Stale)
    async def _choice_changed(self) -> None:
        await self._update()

    @on(PlayerChosen)
    async def _open_player(self, event: PlayerChosen) -> None:
        pane = self.query_one(PlayerPane)
        await pane.open()
        pane.choose(event.name)
        await self.action_tab("player")

    # --- keys ------------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("tab", "filter"):
            return self.laid_out  # a flag, not a query: the Footer asks for every key each time it draws
        return True

    async def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
        pane = self.query_one(f"#{tab}", StatsPane)
        await pane.open()
        pane.focus_content()

    def action_filter(self) -> None:
        self.query_one(FilterBar).focus_first()

    def action_back(self) -> None:
        """Leave a field for the tab's content; otherwise leave the screen."""
        pane = self._pane()
        if isinstance(self.focused, Input) and pane is not None:
            pane.focus_content()
        else:
            self.dismiss()
