"""Player ratings over the games a group has played: who is really the best, game after game.

Each finished, scored game is rated in the order it was played (by its day, then as it was saved; undated games
first, as player_totals orders them) with openskill's Plackett–Luce model, which rates a free-for-all of any
size from the places alone: a shared place (a tie on points and coins) is an equal rank, and a team game (the
Leaders team variant) is rated as its teams, each team's place among the teams. A player's rating is the
model's ordinal (mu - 3 sigma: the skill they have at least, almost surely), 0 before their first game.

Nothing is stored: the ratings are computed again from the stored summaries each time, so a game imported, a
game corrected (its places changed) or deleted moves them at once. Players are matched by name without case or
accents, as the other statistics match them. Ten thousand games take a fraction of a second
(benchmarks/ratings.py); openskill is imported on the first call, never at start-up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.catalog import fold
from scorer.history.stats import GameFilter, select
from scorer.history.summary import GameSummary

MOVED_MOST = 5  # how many of a player's games the "moved it most" list keeps


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game of a player's, as it moved their rating."""

    game: str  # the game's id
    played_on: str | None
    place: int  # their place (their team's place among the teams in a team game)
    players: int  # seats at the table
    won: bool
    rating: float  # their ordinal after the game
    change: float  # what the game added to it (negative: taken away)


@dataclass(frozen=True, slots=True)
class PlayerRating:
    name: str  # the spelling used most
    rating: float  # the ordinal: mu - 3 sigma
    mu: float
    sigma: float
    games: int
    history: tuple[RatedGame, ...]  # every game rated, oldest first
    moved_most: tuple[RatedGame, ...]  # the games that changed the rating most (up or down), largest first

    @property
    def trend(self) -> float:
        """What the last game did to the rating (0 before any)."""
        return self.history[-1].change if self.history else 0.0


@dataclass(frozen=True, slots=True)
class Ratings:
    games: int  # games rated
    players: tuple[PlayerRating, ...]  # best rating first

    def player(self, name: str) -> PlayerRating | None:
        """The player of this name (without case or accents), or None."""
        key = fold(name)
        return next((p for p in self.players if fold(p.name) == key), None)


def played_order(game: GameSummary) -> tuple[str, str, str]:
    """The order games are rated in: by day (undated first), then as they were saved."""
    return (game.played_on or "", game.saved_at, game.id)


def rate_games(games: Iterable[GameSummary], where: GameFilter | None = None) -> Ratings:
    """Every player's rating over the finished, scored games `where` admits (all of them by default)."""
    from openskill.models import PlackettLuce  # deferred: ~10 ms, and only the ratings need it

    model = PlackettLuce()
    chosen = sorted(select(games, where), key=played_order)
    current: dict[str, Any] = {}  # folded name -> its PlackettLuceRating
    spellings: dict[str, list[str]] = {}
    histories: dict[str, list[RatedGame]] = {}
    rated = 0
    for game in chosen:
        keys = [fold(name) for name in game.names]
        if len(set(keys)) != len(keys):  # two seats one name: nobody to tell apart, the game is left out
            continue
        rated += 1
        places = game.places
        teams = _teams(game)
        for key in keys:
            if key not in current:
                current[key] = model.rating()
        before = [current[key].ordinal() for key in keys]
        new = model.rate(
            [[current[keys[seat]] for seat in team] for team in teams], ranks=[places[t[0]] for t in teams]
        )
        for team, ratings in zip(teams, new):
            for seat, rating in zip(team, ratings):
                current[keys[seat]] = rating
        for seat, key in enumerate(keys):
            after = current[key].ordinal()
            spellings.setdefault(key, []).append(game.names[seat])
            histories.setdefault(key, []).append(
                RatedGame(
                    game.id,
                    game.played_on,
                    places[seat],
                    len(keys),
                    game.won[seat],
                    after,
                    after - before[seat],
                )
            )
    players = [
        PlayerRating(
            _spelling(spellings[key]),
            rating.ordinal(),
            rating.mu,
            rating.sigma,
            len(histories[key]),
            tuple(histories[key]),
            tuple(sorted(histories[key], key=lambda g: -abs(g.change))[:MOVED_MOST]),
        )
        for key, rating in current.items()
    ]
    players.sort(key=lambda p: (-p.rating, -p.games, p.name.casefold()))
    return Ratings(rated, tuple(players))


def _teams(game: GameSummary) -> list[tuple[int, ...]]:
    """The sides rated against each other: each seat alone, or a team game's teams (a seat without a partner
    on its own)."""
    if not game.teams:
        return [(seat,) for seat in range(len(game.names))]
    partnered = {seat for pair in game.teams for seat in pair}
    return [*game.teams, *((seat,) for seat in range(len(game.names)) if seat not in partnered)]


def _spelling(names: Sequence[str]) -> str:
    return Counter(names).most_common(1)[0][0]


def ratings_to_dict(ratings: Ratings, *, history: bool = False) -> dict[str, Any]:
    """The machine form (`stats --ratings --json`), ratings rounded to 2 decimals; each player's every game
    only with `history` (ten thousand games would be tens of thousands of entries)."""

    def game(g: RatedGame) -> dict[str, Any]:
        return {
            "game": g.game,
            "played_on": g.played_on,
            "place": g.place,
            "players": g.players,
            "won": g.won,
            "rating": round(g.rating, 2),
            "change": round(g.change, 2),
        }

    players = []
    for p in ratings.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "rating": round(p.rating, 2),
            "mu": round(p.mu, 2),
            "sigma": round(p.sigma, 2),
            "games": p.games,
            "moved_most": [game(g) for g in p.moved_most],
        }
        if history:
            entry["history"] = [game(g) for g in p.history]
        players.append(entry)
    return {"games": ratings.games, "model": "openskill Plackett-Luce, ordinal mu - 3 sigma", "players": players}
