"""Statistics over the games a group has played: who wins, with which wonder, at how many players, and
what the navies were worth. Pure functions over game summaries (summary.py), which carry each finished
game's sheet: rows, totals, places, winners and the naval tokens of each age.

Only finished games with a score sheet count. A shared win (tied on points and coins, or a team's win)
counts as a win for every winner. A team game (the Leaders team variant) counts as a team result: each
partner's win is the team's and their place is the team's place among the teams (1 to 4), never their own
total's place among all the seats; the totals stay each player's own city (a team's sum is not one player's
score), and two partners are not rivals: head to head, the games they played as partners are counted
apart. Players are matched across games by name without case or accents ("Zoë" is "zoe") and shown with
the spelling they used most. An average over a sheet row counts only
the games where that row was in play (Naval only in Armada games, Leaders only with Leaders).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import chain, repeat
from operator import attrgetter
from typing import Any

from scorer.catalog import fold
from scorer.history.summary import GameSummary
from scorer.rules.sheet import ROWS


@dataclass(frozen=True, slots=True)
class GameFilter:
    """Which games a list or a statistic covers. Every criterion left None admits everything."""

    since: str | None = None  # YYYY-MM-DD, inclusive; a game without a date is left out of any range
    until: str | None = None
    expansions: frozenset[str] | None = None  # exactly these expansions; frozenset() = base game only
    player_counts: frozenset[int] | None = None
    player: str | None = None  # someone of this name sat at the table (without case or accents)
    wonder: str | None = None  # this wonder was in play (the catalogue's English name, without case or accents)

    def admits(self, game: GameSummary) -> bool:
        """Whether `game` counts in statistics: finished, scored, and matching every criterion."""
        return game.finished and game.scored and self.matches(game)

    def matches(self, game: GameSummary) -> bool:
        """Whether `game` meets every criterion, whatever its status (the history list shows drafts too)."""
        if self.since is not None or self.until is not None:
            day = game.played_on
            if (
                day is None
                or (self.since is not None and day < self.since)
                or (self.until is not None and day > self.until)
            ):
                return False
        if self.expansions is not None and game.expansions != self.expansions:
            return False
        if self.player_counts is not None and len(game.names) not in self.player_counts:
            return False
        if self.player is not None and fold(self.player) not in map(fold, game.names):
            return False
        return self.wonder is None or fold(self.wonder) in map(fold, game.wonders)

    @property
    def is_empty(self) -> bool:
        """No criterion set: every game."""
        return self == GameFilter()


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    games: int
    wins: int
    win_rate: float
    average_total: float
    best_total: int
    worst_total: int
    average_place: float  # in a team game the team's place among the teams
    average_rows: dict[str, float] = field(default_factory=dict)
    team_games: int = 0  # of `games`, how many they played in a team (the team's win and place counted)


@dataclass(frozen=True, slots=True)
class WonderStats:
    wonder: str
    side: str
    games: int
    wins: int
    win_rate: float
    average_total: float
    average_place: float


@dataclass(frozen=True, slots=True)
class PlayerCountStats:
    players: int
    games: int
    average_total: float
    average_winning_total: float


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two players over the games they played together: who placed ahead of whom, and who won the game, in
    the games they played against each other; the games they played as partners (a team game's two of one
    team) are counted apart, since partners share their win and their place."""

    a: str
    b: str
    games: int  # every game they both played, as rivals or as partners
    a_ahead: int  # these five: the games as rivals only (in a team game, their teams' places)
    b_ahead: int
    level: int  # the same place (a shared place, or their teams tied)
    a_wins: int
    b_wins: int
    a_average_total: float  # each one's own total, over every game they both played
    b_average_total: float
    partners: int = 0  # of `games`, how many they played in the same team
    partner_wins: int = 0  # ...and won together

    @property
    def rivals(self) -> int:
        """The games they played against each other."""
        return self.games - self.partners


@dataclass(frozen=True, slots=True)
class NavalAgeStats:
    """One age's Naval Conflict over Armada games: the average token, and whether leading at sea won games.
    The age's leader is whoever took its largest victory token (several when tied)."""

    age: int
    seats: int  # player-games counted
    average_token: float
    led: int  # of those seats, how many led this age's Naval Conflict
    led_and_won: int  # ...and won the game
    lead_win_rate: float


@dataclass(frozen=True, slots=True)
class PlayedTotal:
    """One game of a player's, as a point of their totals over time."""

    played_on: str | None
    total: int
    won: bool


@dataclass(frozen=True, slots=True)
class HistoryStats:
    games: int
    players: tuple[PlayerStats, ...]
    wonders: tuple[WonderStats, ...]
    player_counts: tuple[PlayerCountStats, ...]
    naval: tuple[NavalAgeStats, ...]


@dataclass(frozen=True, slots=True)
class PlayerReport:
    player: PlayerStats
    wonders: tuple[WonderStats, ...]  # this player's results with each wonder and side
    rivals: tuple[HeadToHead, ...]  # against everyone they played with, most games first
    naval: tuple[NavalAgeStats, ...]


def select(games: Iterable[GameSummary], where: GameFilter | None = None) -> list[GameSummary]:
    """The finished, scored games that `where` admits."""
    where = where or GameFilter()
    return [game for game in games if where.admits(game)]


def history_stats(games: Iterable[GameSummary], where: GameFilter | None = None) -> HistoryStats:
    chosen = select(games, where)
    seats = _Seats(chosen)
    everyone = range(len(seats.names))
    return HistoryStats(
        games=len(chosen),
        players=_players(seats, _group(seats.keys, everyone)),
        wonders=_wonders(seats, _group(seats.wonder_sides, everyone)),
        player_counts=_player_counts(chosen),
        naval=_naval_by_age(chosen),
    )


def player_report(games: Iterable[GameSummary], name: str, where: GameFilter | None = None) -> PlayerReport | None:
    """Everything about one player (matched without case or accents); None if they never played."""
    chosen = select(games, where)
    seats = _Seats(chosen)
    key = fold(name)
    mine = [i for i, k in enumerate(seats.keys) if k == key]
    if not mine:
        return None
    return PlayerReport(
        player=_player(seats, mine),
        wonders=_wonders(seats, _group(seats.wonder_sides, mine)),
        rivals=_rivals(chosen, key),
        naval=_naval_by_age(chosen, key),
    )


def most_met(games: Iterable[GameSummary]) -> tuple[str, str] | None:
    """The two players who shared the most games (ties: the pair met most recently among the games as given,
    newest first, then by name): the head-to-head a Stats screen opens on, never two who never met. None
    when no game has two players."""
    from collections import Counter
    from itertools import combinations

    met: Counter[tuple[str, str]] = Counter()
    first_seen: dict[tuple[str, str], int] = {}
    for n, game in enumerate(games):
        for pair in combinations(sorted(game.names, key=fold), 2):
            met[pair] += 1
            first_seen.setdefault(pair, n)
    if not met:
        return None
    return min(met, key=lambda pair: (-met[pair], first_seen[pair], tuple(map(fold, pair))))


def head_to_head(games: Iterable[GameSummary], a: str, b: str, where: GameFilter | None = None) -> HeadToHead:
    """Player `a` against player `b` (names matched without case or accents) in the games they shared."""
    duel = _Duel()
    key_a, key_b = fold(a), fold(b)
    for game in select(games, where):
        keys = [fold(name) for name in game.names]
        if key_a in keys and key_b in keys:
            duel.add(game, keys.index(key_a), keys.index(key_b))
    return duel.result(a, b)


def player_totals(games: Iterable[GameSummary], name: str, where: GameFilter | None = None) -> tuple[PlayedTotal, ...]:
    """A player's total in each game they played (matched without case or accents), oldest first: by the day
    played, games of one day (and undated ones, which come first) in the order they were saved."""
    key = fold(name)
    series = []
    for game in sorted(select(games, where), key=lambda g: (g.played_on or "", g.saved_at)):
        keys = [fold(player) for player in game.names]
        if key in keys:
            seat = keys.index(key)
            series.append(PlayedTotal(game.played_on, game.totals[seat], game.won[seat]))
    return tuple(series)


def stats_to_dict(stats: HistoryStats | PlayerReport) -> dict[str, Any]:
    """The machine form (`stats --json`), averages rounded to 2 decimals."""
    return _rounded(asdict(stats))


class _Seats:
    """Every seat of the chosen games as parallel columns, one entry per player per game: CPython filters
    and sums whole columns many times faster than it walks games and seats one object at a time."""

    def __init__(self, games: Sequence[GameSummary]) -> None:
        def column(attribute: str) -> list[Any]:
            return list(chain.from_iterable(map(attrgetter(attribute), games)))

        self.names: list[str] = column("names")
        self.keys: list[str] = list(map(fold, self.names))
        self.wonders: list[str] = column("wonders")
        self.sides: list[str] = column("sides")
        pairs: dict[tuple[str, str], tuple[str, str]] = {}  # one tuple per wonder and side, not one per seat
        self.wonder_sides: list[tuple[str, str]] = [
            pairs.setdefault(pair, pair) for pair in zip(self.wonders, self.sides)
        ]
        self.totals: list[int] = column("totals")
        self.ranks: list[int] = column("places")  # a team game's seats: the team's place among the teams
        self.teamed: list[bool] = (
            [partner is not None for partner in column("partner")]
            if any(map(attrgetter("teams"), games))
            else [False] * len(self.names)
        )
        self.won: list[bool] = column("won")
        self.scores: list[tuple[int, ...]] = column("scores")
        self.layouts: list[tuple[str, ...]] = list(chain.from_iterable(repeat(g.rows, len(g.names)) for g in games))


def _group(keys: Sequence[Hashable], seats: Iterable[int]) -> dict[Any, list[int]]:
    """The seats (indices into _Seats) under each key; `keys` holds every seat's key."""
    groups: dict[Any, list[int]] = defaultdict(list)
    for i in seats:
        groups[keys[i]].append(i)
    return groups


def _players(seats: _Seats, groups: dict[Any, list[int]]) -> tuple[PlayerStats, ...]:
    """Every player, most wins first; equal records by the better average place (then average total), so a
    table reads as a ranking rather than falling back on names."""
    players = [_player(seats, indices) for indices in groups.values()]
    return tuple(
        sorted(
            players,
            key=lambda p: (-p.wins, -p.win_rate, -p.games, p.average_place, -p.average_total, p.name.casefold()),
        )
    )


def _player(seats: _Seats, indices: list[int]) -> PlayerStats:
    totals = [seats.totals[i] for i in indices]
    wins = sum([seats.won[i] for i in indices])
    return PlayerStats(
        name=_spelling([seats.names[i] for i in indices]),
        games=len(indices),
        wins=wins,
        win_rate=wins / len(indices),
        average_total=_mean(totals),
        best_total=max(totals),
        worst_total=min(totals),
        average_place=_mean([seats.ranks[i] for i in indices]),
        average_rows=_average_rows(seats, indices),
        team_games=sum([seats.teamed[i] for i in indices]),
    )


def _average_rows(seats: _Seats, indices: list[int]) -> dict[str, float]:
    """Each row's average over the games where it was in play, in sheet order."""
    sums: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for layout, group in _group(seats.layouts, indices).items():
        for row, column in zip(layout, zip(*[seats.scores[i] for i in group])):
            sums[row] += sum(column)
            counts[row] += len(column)
    return {row: sums[row] / counts[row] for row in ROWS if counts[row]}


def _wonders(seats: _Seats, groups: dict[Any, list[int]]) -> tuple[WonderStats, ...]:
    """Each wonder and side, most games first."""
    out = []
    for (wonder, side), indices in groups.items():
        wins = sum([seats.won[i] for i in indices])
        out.append(
            WonderStats(
                wonder,
                side,
                len(indices),
                wins,
                wins / len(indices),
                _mean([seats.totals[i] for i in indices]),
                _mean([seats.ranks[i] for i in indices]),
            )
        )
    return tuple(sorted(out, key=lambda w: (-w.games, w.wonder, w.side)))


def _player_counts(games: Sequence[GameSummary]) -> tuple[PlayerCountStats, ...]:
    totals: dict[int, list[int]] = defaultdict(list)
    winning: dict[int, list[int]] = defaultdict(list)  # the winners' total (the best total among the winners)
    for game in games:
        count = len(game.names)
        totals[count] += game.totals
        winning[count].append(max(total for total, won in zip(game.totals, game.won) if won))
    return tuple(
        PlayerCountStats(count, len(winning[count]), _mean(values), _mean(winning[count]))
        for count, values in sorted(totals.items())
    )


def _rivals(games: Sequence[GameSummary], player: str) -> tuple[HeadToHead, ...]:
    """`player` (a folded name) against each opponent they met, most shared games first."""
    duels: dict[str, _Duel] = defaultdict(_Duel)
    for game in games:
        keys = [fold(name) for name in game.names]
        if player not in keys:
            continue
        mine = keys.index(player)
        for theirs, key in enumerate(keys):
            if theirs != mine:
                duels[key].add(game, mine, theirs)
    results = [duel.result(player, key) for key, duel in duels.items()]
    return tuple(sorted(results, key=lambda d: (-d.games, d.b.casefold())))


def _naval_by_age(games: Sequence[GameSummary], player: str | None = None) -> tuple[NavalAgeStats, ...]:
    """Naval tokens per age over Armada games: every seat's, or only `player`'s (a folded name)."""
    tokens: dict[int, list[int]] = defaultdict(list)
    led: dict[int, list[bool]] = defaultdict(list)  # for each seat that led the age: did it win the game?
    for game in games:
        seat = None
        if player is not None:
            keys = [fold(name) for name in game.names]
            if player not in keys:
                continue
            seat = keys.index(player)
        for age, column in enumerate(game.naval, start=1):
            top = max(column)
            if seat is None:
                tokens[age] += column
                if top > 0:
                    led[age] += [won for token, won in zip(column, game.won) if token == top]
            else:
                tokens[age].append(column[seat])
                if 0 < top == column[seat]:
                    led[age].append(game.won[seat])
    return tuple(
        NavalAgeStats(age, len(values), _mean(values), len(led[age]), sum(led[age]), _mean(led[age]))
        for age, values in sorted(tokens.items())
    )


class _Duel:
    """Two players over the games they shared, seen from the first."""

    __slots__ = (
        "ahead",
        "behind",
        "level",
        "names_a",
        "names_b",
        "partner_wins",
        "partners",
        "totals_a",
        "totals_b",
        "wins_a",
        "wins_b",
    )

    def __init__(self) -> None:
        self.names_a: list[str] = []
        self.names_b: list[str] = []
        self.totals_a: list[int] = []
        self.totals_b: list[int] = []
        self.ahead = self.behind = self.level = self.wins_a = self.wins_b = self.partners = self.partner_wins = 0

    def add(self, game: GameSummary, a: int, b: int) -> None:
        self.names_a.append(game.names[a])
        self.names_b.append(game.names[b])
        self.totals_a.append(game.totals[a])
        self.totals_b.append(game.totals[b])
        if game.teams and game.partner[a] == b:  # one team: one win and one place for both
            self.partners += 1
            self.partner_wins += game.won[a]
            return
        places = game.places
        rank_a, rank_b = places[a], places[b]
        self.ahead += rank_a < rank_b
        self.behind += rank_b < rank_a
        self.level += rank_a == rank_b
        self.wins_a += game.won[a]
        self.wins_b += game.won[b]

    def result(self, a: str, b: str) -> HeadToHead:
        return HeadToHead(
            _spelling(self.names_a) or a,
            _spelling(self.names_b) or b,
            len(self.totals_a),
            self.ahead,
            self.behind,
            self.level,
            self.wins_a,
            self.wins_b,
            _mean(self.totals_a),
            _mean(self.totals_b),
            self.partners,
            self.partner_wins,
        )


def _spelling(names: Sequence[str]) -> str:
    """The spelling of a name used most (the first seen among equals)."""
    return Counter(names).most_common(1)[0][0] if names else ""


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _rounded(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 2)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_rounded(v) for v in value]
    return value
