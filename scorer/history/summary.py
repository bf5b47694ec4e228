"""What the list of games and the statistics need from each game, kept beside the game in the history.

Scoring a 7-player game takes about a millisecond, and a parsed record takes tens of kilobytes of Python
objects: listing or summing up ten thousand games cannot re-score or even hold every record each time.
So each stored game has a summary: its table (names, wonders, sides) and, once finished, every player's
sheet row values, total, coins and place, the winners, and the naval tokens of each age.

A summary is derived data. It records the fingerprint of the rules that computed it (the rules data, the
scoring code and this module); when they change, HistoryStore scores the game again.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from functools import cache
from itertools import chain
from operator import attrgetter
from sys import intern
from typing import TYPE_CHECKING, Any, NamedTuple

from scorer import __version__
from scorer.text import inert

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from scorer.catalog import Catalog
    from scorer.model import GameRecord
    from scorer.rules.sheet import Sheet


class SeatSummary(NamedTuple):
    """One player's line of a GameSummary, for display (GameSummary keeps its seats as columns)."""

    name: str
    wonder: str
    side: str
    rows: tuple[int, ...]
    total: int
    coins: int
    rank: int
    naval: tuple[int, ...]
    won: bool


class GameSummary(NamedTuple):
    """One game as the list and the stats read it, its seats (clockwise) kept as columns of a score sheet.

    Plain tuples of numbers and strings, not objects per seat: ten thousand games are built for every
    stats call, and tuples of atomic values are cheap to make and leave CPython's cycle collector nothing
    to traverse again and again (objects per seat made listing and stats several times slower).
    """

    id: str
    status: str  # "in_progress" | "finished"
    played_on: str | None
    saved_at: str  # UTC, ISO 8601: when this version of the game was stored
    expansions: frozenset[str]
    names: tuple[str, ...]
    wonders: tuple[str, ...]  # the catalogue's English names, whatever language the table typed
    sides: tuple[str, ...]
    ages: int  # ages entered so far
    # Once the game is finished and scored (all empty before, or when `problem` says why not):
    rows: tuple[str, ...] = ()  # the sheet's rows in play, in sheet order
    scores: tuple[tuple[int, ...], ...] = ()  # per seat, each row's value aligned with `rows`
    totals: tuple[int, ...] = ()
    coins: tuple[int, ...] = ()
    ranks: tuple[int, ...] = ()
    won: tuple[bool, ...] = ()  # a shared win, or the winning team, counts for each winner
    naval: tuple[tuple[int, ...], ...] = ()  # per age (Armada), each seat's Naval Conflict token, 0 for none
    rules: str | None = None  # rules_fingerprint() of the scoring, for finished games
    problem: str | None = None  # why a finished game could not be scored with the current rules
    teams: tuple[tuple[int, int], ...] = ()  # a team game's partners, as pairs of seat indices
    started_at: str | None = None  # local ISO 8601 time the game started (scorer.play_time), None if not known
    played_seconds: int | None = None  # its length (scorer.play_time.play_length), None if not known
    score_pad: bool = False  # its scoring mode: scored at the end like the paper pad, else age by age
    note: str | None = None  # the table's one line about it

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def scored(self) -> bool:
        return bool(self.rows)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(name for name, won in zip(self.names, self.won) if won)

    @property
    def winning_total(self) -> int:
        """The total that won: the best winner's, or in a team game the winning team's (its partners' totals
        added, as the sheet ranks teams). Only for a scored game."""
        if self.teams:
            return max(self.totals[a] + self.totals[b] for a, b in self.teams if self.won[a])
        return max(total for total, won in zip(self.totals, self.won) if won)

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place in the game's result: its place in a single game, its team's place among the
        teams in a team game (partners' totals added, then their coins, as the sheet ranks teams; a tie on
        both is a shared place). Only for a scored game."""
        if not self.teams:
            return self.ranks
        sums = {(a, b): (self.totals[a] + self.totals[b], self.coins[a] + self.coins[b]) for a, b in self.teams}
        places = [0] * len(self.names)
        for pair in self.teams:
            place = 1 + sum(other > sums[pair] for other in sums.values())
            places[pair[0]] = places[pair[1]] = place
        return tuple(places)

    @property
    def partner(self) -> tuple[int | None, ...]:
        """Each seat's partner in a team game (a seat index), None for everyone in a single game."""
        partners: list[int | None] = [None] * len(self.names)
        for a, b in self.teams:
            partners[a], partners[b] = b, a
        return tuple(partners)

    @property
    def seats(self) -> tuple[SeatSummary, ...]:
        """Each scored seat as one line (empty until the game is scored)."""
        naval = tuple(zip(*self.naval)) if self.naval else ((),) * len(self.scores)
        return tuple(
            map(
                SeatSummary,
                self.names,
                self.wonders,
                self.sides,
                self.scores,
                self.totals,
                self.coins,
                self.ranks,
                naval,
                self.won,
            )
        )

    def to_doc(self) -> dict[str, Any]:
        """The stored form: the same columns as JSON arrays."""
        doc: dict[str, Any] = {"status": self.status}
        if self.played_on:
            doc["played_on"] = self.played_on
        doc.update(
            saved_at=self.saved_at,
            expansions=sorted(self.expansions),
            ages=self.ages,
            names=list(self.names),
            wonders=list(self.wonders),
            sides=list(self.sides),
        )
        if self.rows:
            doc.update(
                rows=list(self.rows),
                scores=[list(s) for s in self.scores],
                totals=list(self.totals),
                coins=list(self.coins),
                ranks=list(self.ranks),
                won=list(self.won),
                naval=[list(n) for n in self.naval],
            )
        if self.rules is not None:
            doc["rules"] = self.rules
        if self.problem is not None:
            doc["problem"] = self.problem
        if self.teams:
            doc["teams"] = [list(pair) for pair in self.teams]
        for name in ("started_at", "played_seconds", "note"):
            if getattr(self, name) is not None:
                doc[name] = getattr(self, name)
        if self.score_pad:
            doc["score_pad"] = True
        return doc

    @classmethod
    def from_doc(cls, game_id: str, doc: dict[str, Any]) -> GameSummary:
        """Names, wonders, dates, row layouts and expansion sets repeat across thousands of games: each is
        kept once (interned) rather than once per game, which halves the memory of a long history."""
        get = doc.get
        rows = tuple(get("rows", ()))
        expansions = frozenset(doc["expansions"])
        played_on = get("played_on")
        rules = get("rules")
        return cls(
            game_id,
            intern(doc["status"]),
            played_on and intern(played_on),
            doc["saved_at"],
            _SHARED.setdefault(expansions, expansions),
            tuple(map(intern, doc["names"])),
            tuple(map(intern, doc["wonders"])),
            tuple(map(intern, doc["sides"])),
            doc["ages"],
            _SHARED.setdefault(rows, rows),
            tuple(map(tuple, get("scores", ()))),
            tuple(get("totals", ())),
            tuple(get("coins", ())),
            tuple(get("ranks", ())),
            tuple(get("won", ())),
            tuple(map(tuple, get("naval", ()))),
            rules and intern(rules),
            get("problem"),
            tuple(map(tuple, get("teams", ()))),
            get("started_at"),
            get("played_seconds"),
            get("score_pad", False),
            get("note"),
        )


_SHARED: dict[Any, Any] = {}  # one shared row layout or expansion set for every game that has it


def summarise(
    record: GameRecord,
    sheet: Sheet | None,
    saved_at: str,
    *,
    rules: str,
    catalog: Catalog | None = None,
    problem: str | None = None,
) -> GameSummary:
    """The summary of `record`; `sheet` is its score_game() for a finished game, None for a draft.
    `rules` is the scoring_fingerprint() the sheet was computed under."""
    from scorer.catalog import load_catalog  # deferred: listing drafts at start-up does not need the rules
    from scorer.flow import score_pad
    from scorer.play_time import play_length

    catalog = catalog or load_catalog()
    wonders = tuple(w.en if (w := catalog.wonder(seat.wonder)) else seat.wonder for seat in record.players)
    scored: dict[str, Any] = {}
    if sheet is not None:
        by_name = {p.name: p for p in sheet.players}
        players = [by_name[name] for name in record.names]
        naval_ages = [age.naval for age in sheet.ages if age.naval]
        scored = {
            "rows": sheet.rows,
            "scores": tuple(tuple(cell.value for cell in p.rows.values()) for p in players),
            "totals": tuple(p.total for p in players),
            "coins": tuple(p.coins for p in players),
            "ranks": tuple(p.rank for p in players),
            "won": tuple(p.name in sheet.winners for p in players),
            "naval": tuple(tuple(naval.tokens.get(p.name, 0) for p in players) for naval in naval_ages),
        }
    index = {name: i for i, name in enumerate(record.names)}
    return GameSummary(
        record.id,
        record.status,
        record.played_on,
        saved_at,
        frozenset(record.expansions),
        tuple(record.names),
        wonders,
        tuple(seat.side for seat in record.players),
        len(record.ages),
        **scored,
        rules=rules if record.status == "finished" else None,
        problem=problem,
        teams=tuple((index[a], index[b]) for a, b in record.teams),
        started_at=record.started_at,
        played_seconds=play_length(record.started_at, record.ended_at, record.played_seconds),
        score_pad=score_pad(record),
        note=record.note,
    )


def summary_to_dict(summary: GameSummary) -> dict[str, Any]:
    """The machine form of a listed game (`history --json`): one entry per player, like sheet_to_dict."""
    if summary.scored:
        players = [
            {
                "name": seat.name,
                "wonder": seat.wonder,
                "side": seat.side,
                "rows": dict(zip(summary.rows, seat.rows)),
                "total": seat.total,
                "coins": seat.coins,
                "rank": seat.rank,
                "winner": seat.won,
                "naval": list(seat.naval),
            }
            for seat in summary.seats
        ]
    else:
        players = [
            {"name": n, "wonder": w, "side": s} for n, w, s in zip(summary.names, summary.wonders, summary.sides)
        ]
    out: dict[str, Any] = {
        "id": summary.id,
        "status": summary.status,
        "played_on": summary.played_on,
        "saved_at": summary.saved_at,
        "expansions": sorted(summary.expansions),
        "ages": summary.ages,
        "players": players,
        "winners": list(summary.winners),
        "started_at": summary.started_at,
        "played_seconds": summary.played_seconds,
        "mode": "score_pad" if summary.score_pad else "age_by_age",
        "note": summary.note,
    }
    if summary.teams:
        out["teams"] = [[summary.names[a], summary.names[b]] for a, b in summary.teams]
    if summary.problem is not None:
        out["problem"] = summary.problem
    return out


def needs_scoring(doc: dict[str, Any], fingerprint: str) -> bool:
    """A stored summary of a finished game computed by other rules, or another Dockyard calibration."""
    return doc.get("status") == "finished" and doc.get("rules") != fingerprint


def scoring_fingerprint(calibration_rows: Any) -> str:
    """rules_fingerprint() plus the table's Dockyard calibration (None: the book's values), so saving a new
    calibration makes every finished game's summary be scored again with it."""
    import hashlib  # with importlib.resources below, only for a fingerprint: the first screen lists no finished game

    if calibration_rows is None:
        return rules_fingerprint()
    rows = json.dumps(calibration_rows, sort_keys=True).encode()
    return f"{rules_fingerprint()}+{hashlib.sha256(rows).hexdigest()[:8]}"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@cache
def rules_fingerprint() -> str:
    """A hash of everything a summary's numbers depend on: the version, the rules data and code."""
    import hashlib

    digest = hashlib.sha256(__version__.encode())
    for source in _scoring_sources():
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:16]


def _scoring_sources() -> Iterator[Traversable]:
    from importlib.resources import files

    data = [f for f in files("rules_data").iterdir() if f.name.endswith((".toml", ".json"))]
    code = [f for f in files("scorer.rules").iterdir() if f.name.endswith(".py")]
    yield from sorted(data, key=lambda f: f.name)
    yield from sorted(code, key=lambda f: f.name)
    yield files("scorer") / "catalog.py"
    yield files("scorer") / "model.py"
    yield files("scorer.history") / "summary.py"


def inert_summary(game: GameSummary) -> GameSummary:
    """The summary as a screen shows it: names, wonders, sides, day and problem made inert (scorer.text), so
    a name from an imported file cannot act on the terminal. The id is kept: the screen finds the game by it."""
    texts = (*game.names, *game.wonders, *game.sides, game.played_on or "", game.problem or "", game.note or "")
    if all(text.isprintable() for text in texts):
        return game
    return game._replace(
        names=tuple(map(inert, game.names)),
        wonders=tuple(map(inert, game.wonders)),
        sides=tuple(map(inert, game.sides)),
        played_on=game.played_on and inert(game.played_on),
        problem=game.problem and inert(game.problem),
        note=game.note and inert(game.note),
    )


def inert_summaries(games: Sequence[GameSummary]) -> list[GameSummary]:
    """inert_summary of each game, as a list. Nearly every history holds only printable texts: those are
    checked column by column in loops that run in C (joined, then one isprintable), instead of a call per
    game, which cost the History and Stats screens 40 ms for ten thousand games; only a history with some
    other text is made inert game by game."""
    texts = chain(
        *(chain.from_iterable(map(attrgetter(column), games)) for column in ("names", "wonders", "sides")),
        *(filter(None, map(attrgetter(column), games)) for column in ("played_on", "problem", "note")),
    )
    if "".join(texts).isprintable():
        return list(games)
    return [inert_summary(game) for game in games]
