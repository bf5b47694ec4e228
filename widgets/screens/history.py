"""The history list: every game night the group played, to look back, settle "who won in March?", tidy up and
share with another table.

One line per game, newest first: the day (played, else saved), how many played, the winner(s) ★ with the
winning total, and everyone's total in place order; under the table, the highlighted game in full. Games in
progress are listed too, marked so (they are resumed from home; here they can only be discarded).

Keys: Enter opens a finished game's sheet (read-only, Enter on a cell for its rulings); s cycles the sort (date,
winning total, player count, winner) and r reverses it, as does clicking a column's header; f goes to the
filter bar (Escape comes back); d or Delete removes a game after asking; x exports the games shown (or all)
as JSON or CSV; i imports another table's file; Escape goes back where the table was.

Ten thousand games must be on screen within a second: the summaries are read off the UI thread while the
screen says "Loading N games…" (and kept for the next opening while the history is unchanged, which then shows
them as it mounts: widgets.history_reads), and the table is a DataTable whose columns all have a fixed width,
so it skips measuring every cell of every row, and whose rows are worded only as they scroll into view
(GameTable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from itertools import chain
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.widgets.data_table import ColumnKey

from scorer.catalog import fold, load_catalog
from scorer.errors import InputError
from scorer.history.errors import HistoryError
from scorer.history.stats import GameFilter
from scorer.history.store import DOCKYARD_SETTING as DOCKYARD
from scorer.history.summary import GameSummary
from scorer.i18n import local_name, t, tn, whole
from scorer.play_words import mode_words, short_when, when_words
from scorer.ruling import age_name
from scorer.text import inert
from widgets import history_reads, long_lived
from widgets.compat import StyledAtMount, add_rows_at_once
from widgets.dialogs.confirm import ConfirmDialog
from widgets.filter_bar import EXPANSION_CHOICES, FilterBar, show_day
from widgets.localised import LocalisedBindings, RebuiltInNewLanguage
from widgets.steady_footer import SteadyFooter
from widgets.text_fit import shorten
from widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from scorer.history.store import HistoryStore, ImportReport
    from widgets.app import WondersApp
    from widgets.screens.history_dialogs import Exported

# + padding: 80 columns. "when": the start time and the length, which tell two games of one evening apart
WIDTHS = {"date": 10, "when": 10, "players": 2, "winner": 16, "total": 3, "everyone": 24}


@dataclass(frozen=True, slots=True)
class Sort:
    """One order of the list: its name (a catalogue key), the column it belongs to, and its natural direction."""

    name: str
    column: str
    key: Callable[[GameSummary], Any]
    descending: bool
    sorts_all: bool = True  # False: games without the value (not scored) always go last
    # Games ordered after the others, among themselves: a team game's winning total is its two partners'
    # sum (136), which does not compare with one player's total.
    apart: Callable[[GameSummary], bool] | None = None


def game_day(game: GameSummary) -> str:
    """The day the game was played, else the local day it was saved."""
    return game.played_on or datetime.fromisoformat(game.saved_at).astimezone().date().isoformat()


SORTS: tuple[Sort, ...] = (
    Sort("history_screen.sorts.date", "date", lambda g: (game_day(g), g.started_at or "", g.saved_at), True),
    Sort(
        "history_screen.sorts.total",
        "total",
        lambda g: g.winning_total,
        True,
        sorts_all=False,
        apart=lambda g: bool(g.teams),
    ),
    Sort("history_screen.sorts.players", "players", lambda g: len(g.names), True),
    Sort("history_screen.sorts.winner", "winner", lambda g: fold(g.winners[0]), False, sorts_all=False),
)
SORT_COLUMNS = {sort.column: i for i, sort in enumerate(SORTS)}


def sorted_games(games: Sequence[GameSummary], sort: Sort, reverse: bool = False) -> list[GameSummary]:
    """`games` (newest first) in this order; ties stay newest first, games the sort sets apart (team games by
    winning total) come after the others, and games without the value last."""
    with_value = [g for g in games if sort.sorts_all or g.scored]
    without = [g for g in games if not (sort.sorts_all or g.scored)]
    apart = sort.apart
    if apart is None:
        return sorted(with_value, key=sort.key, reverse=sort.descending != reverse) + without
    alone = [g for g in with_value if not apart(g)]
    set_apart = [g for g in with_value if apart(g)]
    ordered = (sorted(group, key=sort.key, reverse=sort.descending != reverse) for group in (alone, set_apart))
    return [*chain.from_iterable(ordered), *without]


def boxes(game: GameSummary) -> str:
    """'Leaders + Armada', 'Base game only': the filter bar's words for the game's expansions."""
    return next(
        (label for label, chosen in EXPANSION_CHOICES if chosen == game.expansions), " + ".join(sorted(game.expansions))
    )


def progress(game: GameSummary) -> str:
    return age_name(game.ages) if game.ages else t("history_screen.game.setup")


def wonder_name(name: str) -> str:
    """A stored wonder (the catalogue's English name) as the table's boards name it: 'Babylon' / 'Babilônia'."""
    wonder = load_catalog().wonder(name)
    return local_name(wonder) if wonder is not None else name


def names_of(games: Iterable[GameSummary]) -> tuple[set[str], set[str]]:
    """The players and the wonders of these games: what the filter bar offers."""
    return set(chain.from_iterable(g.names for g in games)), set(chain.from_iterable(g.wonders for g in games))


def in_place_order(game: GameSummary) -> list[int]:
    return sorted(range(len(game.names)), key=lambda i: (game.ranks[i], i))


def row_of(game: GameSummary) -> tuple[Text, ...]:
    """The game's line in the table, each cell a Text: DataTable reads a str cell as markup ("[b]Ann")."""
    return tuple(cell if isinstance(cell, Text) else Text(cell) for cell in _cells(game))


def _cells(game: GameSummary) -> tuple[str | Text, ...]:
    day, when, count = show_day(game_day(game)), short_when(game.started_at, game.played_seconds), str(len(game.names))
    if not game.finished:
        names = t("history_screen.game.draft_line", names=", ".join(game.names), where=progress(game))
        return (
            day,
            when,
            count,
            Text(t("history_screen.game.in_progress"), style="italic"),
            "",
            shorten(names, WIDTHS["everyone"]),
        )
    if not game.scored:
        return (
            day,
            when,
            count,
            Text(t("history_screen.game.not_scored"), style="italic"),
            "",
            shorten(", ".join(game.names), WIDTHS["everyone"]),
        )
    if game.teams:  # the teams as the sheet ranks them: partners' totals added
        teams = sorted(game.teams, key=lambda pair: -(game.totals[pair[0]] + game.totals[pair[1]]))
        everyone = " · ".join(f"{game.names[a]}+{game.names[b]} {game.totals[a] + game.totals[b]}" for a, b in teams)
    else:
        everyone = " · ".join(f"{game.names[i]} {game.totals[i]}" for i in in_place_order(game))
    return (
        day,
        when,
        count,
        winners_cell(game.winners, WIDTHS["winner"]),
        str(game.winning_total),
        shorten(everyone, WIDTHS["everyone"]),
    )


def winners_cell(winners: Sequence[str], width: int) -> str:
    """'★' and every winner in `width` columns: when a shared win (a team, two teams tied) does not fit whole,
    each name is shortened to an equal share, so the column names every winner rather than losing the last
    ones behind one ellipsis (the line under the table gives the names in full)."""
    whole = "★" + "+".join(winners)
    if len(whole) <= width:
        return whole
    share = max((width - len(winners)) // len(winners), 2)
    return shorten("★" + "+".join(shorten(name, share) for name in winners), width)


def detail_of(game: GameSummary) -> Text:
    """The highlighted game in full: day, expansions, every player with wonder, side and total."""
    when = when_words(game.started_at, game.played_seconds)
    head = tn(
        "history_screen.game.head",
        len(game.names),
        day=" ".join(filter(None, (show_day(game_day(game)), when))),
        boxes=boxes(game),
        mode=mode_words(game.score_pad),
        number=whole(len(game.names)),
    )
    # the note before the players: the detail has three lines, and a long table fills them
    note: list[str | tuple[str, str]] = [(f"“{game.note}”", "italic"), " · "] if game.note else []
    seats = ", ".join(
        t("history_screen.game.seat", name=name, wonder=wonder_name(wonder), side=side)
        for name, wonder, side in zip(game.names, game.wonders, game.sides)
    )
    if not game.finished:
        draft = t("history_screen.game.draft_detail", where=progress(game), seats=seats)
        return Text.assemble((head, "bold"), *note, draft)
    if not game.scored:
        problem = t("history_screen.game.problem_detail", problem=game.problem, seats=seats)
        return Text.assemble((head, "bold"), *note, problem)
    parts: list[str | tuple[str, str]] = [(head, "bold"), *note]
    for n, i in enumerate(in_place_order(game)):
        won = game.won[i]
        parts += [
            " · " if n else "",
            (f"{'★' if won else ''}{game.names[i]}", "bold" if won else ""),
            f" ({wonder_name(game.wonders[i])} {game.sides[i]}) {game.totals[i]}",
        ]
    return Text.assemble(*parts)


def ask_to_correct(app: Any, game: GameSummary, cell: tuple[str, str] | None = None) -> None:
    """History's `e` (on the list, or on a game's sheet with `cell` under the cursor): a finished game, asked
    first, reopens at its sheet (or at the step of `cell`) to be corrected; see WondersApp.correct_game."""
    if not game.finished:
        app.notify(t("history_screen.correct.unfinished"), severity="warning", timeout=6)
        return
    if app.session is not None:
        app.notify(t("history_screen.correct.being_played"), severity="warning", timeout=6)
        return

    def correct(yes: bool | None) -> None:
        if not yes:
            return
        try:
            record = app.store.load(game.id)
        except (HistoryError, InputError) as error:  # deleted meanwhile in another window
            app.notify(inert(str(error)), severity="error", timeout=10, markup=False)
            return
        app.correct_game(record, cell)

    question = t("history_screen.correct.question", day=show_day(game_day(game)), who=who(game))
    app.push_screen(ConfirmDialog(question, t("history_screen.correct.yes"), t("history_screen.correct.keep")), correct)


def who(game: GameSummary) -> str:
    """'★Ben 106; Ana, Ben, Cris' — the game named in a question, recognisable at a glance."""
    names = ", ".join(game.names)
    return f"★{'+'.join(game.winners)} {game.winning_total}; {names}" if game.scored else names


class GameRow(Mapping[Any, Text]):
    """A game's cells by column, as DataTable keeps a row's data: worded (row_of) the first time the table
    draws the row or reads a cell of it, so a list of ten thousand games words only the rows scrolled into view."""

    __slots__ = ("_cells", "_columns", "game")

    def __init__(self, game: GameSummary, columns: Sequence[ColumnKey]) -> None:
        self.game = game
        self._columns = columns
        self._cells: dict[ColumnKey, Text] | None = None

    def _built(self) -> dict[ColumnKey, Text]:
        if self._cells is None:
            self._cells = dict(zip(self._columns, row_of(self.game)))
        return self._cells

    def __getitem__(self, column: ColumnKey) -> Text:
        return self._built()[column]

    def __iter__(self) -> Iterator[ColumnKey]:
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)


class GameTable(DataTable[Any]):
    """The list of games: a DataTable whose rows are worded as they scroll into view (GameRow), filled in one
    go (show_games). Every column has a fixed width and every row one line, so there is nothing to measure:
    DataTable (Textual 8.2) would otherwise render and measure each cell of every new row when idle, 0.6-0.8 s
    for ten thousand games. show_games gives it no new rows to measure then (its private _new_rows); it still
    sets the scrollable size from the row count."""

    BINDINGS = [Binding("enter", "select_cursor", "history_screen.keys.sheet", show=True)]

    def __init__(self) -> None:
        super().__init__(cursor_type="row", id="history-table")

    def show_games(self, games: Iterable[GameSummary]) -> None:
        """Add a row for each game, worded only when drawn. DataTable.add_row (Textual 8.2) words every cell
        up front and sets the cursor again after each row, running its watchers: 2 s for ten thousand games.
        widgets.compat.add_rows_at_once fills what add_row fills for all the rows, then does once what add_row
        does after each."""
        columns = [column.key for column in self.ordered_columns]
        add_rows_at_once(self, (GameRow(game, columns) for game in games))


# One short Footer entry for both keys: s sorts, r flips the order.
SORT_KEYS = Binding.Group("history_screen.keys.sort_group")


class HistoryScreen(LocalisedBindings, RebuiltInNewLanguage, StyledAtMount, Screen[None]):
    """Pushed over any screen (home, or mid-game from the palette); Escape returns there."""

    DEFAULT_CSS = """
    HistoryScreen #history-status { height: 1; padding: 0 1; color: $text-muted; }
    HistoryScreen #history-table { height: 1fr; margin: 0 1; scrollbar-size-vertical: 1; }
    HistoryScreen #history-detail { height: 4; padding: 0 1; border-top: solid $foreground 30%; }
    HistoryScreen SteadyFooter.-compact .footer-label { margin-right: 1; }
    """

    BINDINGS = [
        Binding("escape", "back", "history_screen.keys.back"),
        Binding("s", "sort", "history_screen.keys.sort", group=SORT_KEYS),
        Binding("r", "reverse", "history_screen.keys.reverse", group=SORT_KEYS),
        Binding("f", "filter", "history_screen.keys.filter"),
        Binding("d,delete", "delete", "history_screen.keys.delete"),
        Binding("e", "correct", "history_screen.keys.correct", show=False),  # shown on the game's sheet (Enter)
        Binding("n", "note", "note.keys.note", show=False),  # shown on the game's sheet (Enter)
        Binding("x", "export", "history_screen.keys.export"),
        Binding("i", "import", "history_screen.keys.import"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[GameSummary] = []  # every stored game, newest first
        self.shown: list[GameSummary] = []  # the table's rows, in order
        self.sort_index = 0
        self.reverse = False
        self.where = GameFilter()
        self.loaded = False  # the games were read once: the keys that act on them work
        self.reading = False
        self.known: tuple[set[str], set[str]] | None = None  # the players and wonders the filter bar offers
        self.calibration: dict[str, Any] | None = None  # the Dockyard calibration the totals were scored with

    @property
    def wonders(self) -> WondersApp:
        return self.app  # type: ignore[return-value]

    @property
    def store(self) -> HistoryStore | None:
        return self.wonders.store

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static("", id="history-status")
        yield GameTable()
        yield Static("", id="history-detail")
        yield SteadyFooter(compact=True)  # eight keys and the palette fit 80 columns only without the padding

    def on_mount(self) -> None:
        self.sub_title = t("history_screen.title")
        table = self.query_one(GameTable)
        for key, width in WIDTHS.items():
            table.add_column(t(f"history_screen.columns.{key}"), key=key, width=width)
        table.focus()
        self.load()

    # --- loading -------------------------------------------------------------------------------------

    @property
    def is_ready(self) -> bool:
        """The games are on screen, the first (or the kept) one highlighted, the filter bar mounted (it is
        mounted with the rows, a frame or so after them), nothing left loading (benchmarks/screens.py waits
        for it: without the bar, it timed a frame the bar was still missing from)."""
        bars = self.query(FilterBar)
        return self.loaded and not self.reading and bool(bars) and bars.first().is_mounted

    def load(self) -> None:
        """Show the games: at once when they were read before and the history has not changed since
        (widgets.history_reads), else read off the UI thread while the status line says how many are coming."""
        store = self.store
        if store is None:
            self.say(t("history_screen.not_open"))
            return
        try:
            games = history_reads.kept(store)
            if games is None:
                count = store.count()
                self.say(tn("history_screen.loading", count, number=whole(count)))
            self.calibration = store.setting(DOCKYARD)
        except HistoryError as error:
            self.say(t("history_screen.cannot_read", error=error))
            return
        self.reading = True
        long_lived.freeze(self)  # what the app holds now is not walked again by collections while reading
        if games is None:
            self._read_games(store)
            return
        known = names_of(games)
        if known != self.known and self.query(FilterBar):
            self.call_later(self._loaded, games)  # the old bar goes first
        else:
            self._show(games, known)  # on opening: filled before the screen is first drawn

    @work(thread=True, exclusive=True, group="history-load")
    def _read_games(self, store: HistoryStore) -> None:
        """store.games() scores again any game whose summary predates the current rules or calibration."""
        try:
            games = history_reads.read(store)
        except HistoryError as error:
            self.app.call_from_thread(self._unreadable, error)
        else:
            self.app.call_from_thread(self._loaded, games)  # type: ignore[arg-type]  # Textual awaits a coroutine

    def _unreadable(self, error: HistoryError) -> None:
        self.reading = False
        self.say(t("history_screen.cannot_read", error=error))

    async def _loaded(self, games: list[GameSummary]) -> None:
        if not self.is_attached:
            return  # closed (Escape) while the games were being read
        known = names_of(games)
        if known != self.known:
            old = self.query(FilterBar)
            if old:
                await old.remove()  # a new bar offers the players and wonders stored now (say after an import)
        self._show(games, known)

    def _show(self, games: list[GameSummary], known: tuple[set[str], set[str]]) -> None:
        """The games in the table, and a filter bar offering their players and wonders (a new one, the filter
        starting over, when those changed)."""
        self.games = games
        if known != self.known:
            self.known = known
            self.where = GameFilter()
            # Not awaited: the bar is composed with the table's rows, in one layout pass instead of two.
            self.mount(FilterBar(*known, id="history-filter"), before="#history-status")
        self.fill()
        self.loaded, self.reading = True, False
        long_lived.freeze(self)  # nor the games and their rows, while the screen is open
        self.refresh_bindings()

    def on_unmount(self) -> None:
        long_lived.release(self)

    # --- the table -----------------------------------------------------------------------------------

    def fill(self, keep: str | None = None) -> None:
        """Show the games the filter admits, in the chosen order, keeping the cursor on `keep` (a game id)
        or near where it was."""
        table = self.query_one(GameTable)
        row = table.cursor_row
        keep = keep or (self.highlighted.id if self.highlighted is not None else None)
        sort = SORTS[self.sort_index]
        where = self.where
        chosen = self.games if where.is_empty else [g for g in self.games if where.matches(g)]
        self.shown = sorted_games(chosen, sort, self.reverse)
        table.clear()
        for key in WIDTHS:
            arrow = (" ▲" if sort.descending == self.reverse else " ▼") if key == sort.column else ""
            table.columns[key].label = Text(t(f"history_screen.columns.{key}") + arrow)  # type: ignore[index]
        table.show_games(self.shown)
        if self.shown:
            ids = [g.id for g in self.shown]
            target = ids.index(keep) if keep in ids else min(row, len(ids) - 1)
            table.move_cursor(row=target, animate=False)
        table.refresh()
        order = t("history_screen.reversed", sort=t(sort.name)) if self.reverse else t(sort.name)
        self.say(
            tn(
                "history_screen.status",
                len(self.games),
                shown=whole(len(self.shown)),
                number=whole(len(self.games)),
                filter=self.filter_text(),
                sort=order,
            )
        )
        self.show_detail()

    def filter_text(self) -> str:
        return self.query_one(FilterBar).summary()

    @property
    def highlighted(self) -> GameSummary | None:
        table = self.query_one(GameTable)
        row = table.cursor_row
        return self.shown[row] if self.shown and 0 <= row < len(self.shown) else None

    def show_detail(self) -> None:
        game = self.highlighted
        if game is not None:
            text = detail_of(game)
        else:
            text = Text(t("history_screen.none_match" if self.games else "history_screen.empty"), style="italic")
        self.query_one("#history-detail", Static).update(text, layout=False)  # its height is fixed (CSS)

    def say(self, text: str) -> None:
        self.query_one("#history-status", Static).update(Text(text), layout=False)  # one line, always

    def on_screen_resume(self) -> None:
        """Back from a past game's sheet: if the Dockyard calibration changed there, the totals did too."""
        store = self.store
        if self.loaded and store is not None and store.setting(DOCKYARD) != self.calibration:
            self.load()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_detail()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        """Clicking a column sorts by it; clicking the sorted column again reverses the order."""
        index = SORT_COLUMNS.get(str(event.column_key.value))
        if index is None:
            return
        self.reverse = not self.reverse if index == self.sort_index else False
        self.sort_index = index
        self.fill()

    @on(FilterBar.Changed)
    def _filter_changed(self, event: FilterBar.Changed) -> None:
        self.where = event.where
        self.fill()

    @on(FilterBar.Applied)
    def _filter_applied(self) -> None:
        self.query_one(GameTable).focus()

    # --- actions -------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("sort", "reverse", "filter", "delete", "correct", "export"):
            return self.loaded or None
        if action == "import":
            return self.store is not None or None
        return True

    def action_back(self) -> None:
        bars = self.query(FilterBar)
        if bars and bars.first().has_focus_within:
            self.query_one(GameTable).focus()  # Escape in the filter comes back to the list first
        else:
            self.dismiss()

    def action_sort(self) -> None:
        self.sort_index = (self.sort_index + 1) % len(SORTS)
        self.reverse = False
        self.fill()

    def action_reverse(self) -> None:
        self.reverse = not self.reverse
        self.fill()

    def action_filter(self) -> None:
        self.query_one(FilterBar).focus_first()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        game = self.highlighted
        if game is None:
            return
        if not game.finished:
            self.notify(t("history_screen.delete.resume_from_home"), timeout=5)
            return
        from widgets.screens.past_game import open_past_game

        open_past_game(self.app, game, t("history_screen.sheet_title", day=show_day(game_day(game)), boxes=boxes(game)))

    def action_delete(self) -> None:
        game = self.highlighted
        if game is None:
            return
        session = self.wonders.session
        if not game.finished and session is not None and session.record.id == game.id:
            self.notify(t("history_screen.delete.being_played"), severity="warning", timeout=6)
            return
        day = show_day(game_day(game))
        keep = t("history_screen.delete.keep")
        if game.finished:
            question = ConfirmDialog(
                t("history_screen.delete.question", day=day, who=who(game)), t("history_screen.delete.yes"), keep
            )
        else:
            question = ConfirmDialog(
                t("history_screen.delete.discard_question", day=day, who=who(game)),
                t("history_screen.delete.discard_yes"),
                keep,
            )
        self.app.push_screen(question, partial(self._remove_if, game))

    def action_correct(self) -> None:
        """Reopen the highlighted finished game at its sheet to correct it, once the table says so."""
        if self.highlighted is not None:
            ask_to_correct(self.app, self.highlighted)

    def action_note(self) -> None:
        """The highlighted saved game's one-line note (widgets.dialogs.note)."""
        from widgets.dialogs.note import note_saved_game  # the dialogs load when opened, not with the list

        if self.highlighted is not None:
            note_saved_game(self, self.highlighted, self._noted)

    def _noted(self, summary: GameSummary) -> None:
        """The game's new note in the list and its detail line."""
        self.games = [summary if g.id == summary.id else g for g in self.games]
        self.fill(keep=summary.id)

    def _remove_if(self, game: GameSummary, yes: bool | None) -> None:
        if yes:
            self._remove(game)

    @work(thread=True, exclusive=True, group="history-write")
    def _remove(self, game: GameSummary) -> None:
        """Remove the game from the file (a whole-file atomic write: off the UI thread), then from the list."""
        store = self.store
        assert store is not None
        try:
            if game.finished:
                store.delete(game.id)
            else:
                store.discard(game.id)
        except (HistoryError, InputError) as error:  # busy, disk full; already gone (another window)
            self.app.call_from_thread(self.notify, inert(str(error)), severity="error", timeout=10, markup=False)
        else:
            self.app.call_from_thread(self._removed, game)

    def _removed(self, game: GameSummary) -> None:
        """Off the list too; the cursor goes to the next game (the previous one at the bottom)."""
        if not self.is_attached:
            return  # closed meanwhile: the next opening reads the history as it is
        self.games = [g for g in self.games if g.id != game.id]
        ids = [g.id for g in self.shown]
        at = ids.index(game.id) if game.id in ids else -1
        neighbours = ids[at + 1 : at + 2] or ids[max(at - 1, 0) : at]
        self.fill(keep=neighbours[0] if neighbours and at >= 0 else None)
        said = "history_screen.delete.deleted" if game.finished else "history_screen.delete.discarded"
        self.notify(t(said, day=show_day(game_day(game))), timeout=5)

    def action_export(self) -> None:
        from widgets.screens.history_dialogs import ExportDialog

        self.app.push_screen(
            ExportDialog([g.id for g in self.shown], len(self.games), self.filter_text()), self._exported
        )

    def _exported(self, done: Exported | None) -> None:
        if done is not None:
            self.notify(
                tn(
                    "history_screen.exported",
                    done.games,
                    number=whole(done.games),
                    path=done.path,
                    format="BG Stats" if done.fmt == "bgstats" else done.fmt.upper(),
                ),
                timeout=8,
                markup=False,
            )

    def action_import(self) -> None:
        from widgets.screens.history_dialogs import ImportDialog

        self.app.push_screen(ImportDialog(), self._imported)

    def _imported(self, report: ImportReport | None) -> None:
        if report is None:
            return
        words = [
            t(
                "history_screen.imported.report",
                added=whole(len(report.added)),
                completed=whole(len(report.completed)),
                skipped=whole(len(report.skipped)),
            )
        ]
        if report.kept_apart:
            words.append(
                tn("history_screen.imported.kept_apart", len(report.kept_apart), number=whole(len(report.kept_apart)))
            )
        if report.repeated:
            words.append(
                tn("history_screen.imported.repeated", len(report.repeated), number=whole(len(report.repeated)))
            )
        self.notify(" ".join(words), timeout=8)
        self.load()
