"""GroundConflict: each player against each neighbour at the end of an age, plus Incursions (§12).

At most one conflict per pair of players per age; teammates never fight and, in the team variant,
neighbour conflicts give doubled tokens while incursions give single ones; Tomyris sends her owner's
defeat tokens to the winner.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scorer.catalog import GroundRewards, load_catalog
from scorer.ruling import Ruling, era, ruling
from scorer.words import Formula, Words


@dataclass(frozen=True, slots=True)
class Incursion:
    """A Dock, Quay or Jetty built this age: `attacker` also fights `target` at the end of the age."""

    attacker: str
    target: str


class GroundConflict(NamedTuple):
    """One fight between two players: their shields, who won (None: a tie) and the tokens it gave each. A
    NamedTuple, as Ruling: a sheet has a dozen fights an age."""

    first: str
    second: str
    kind: str  # "neighbours" or "incursion"
    tokens: Mapping[str, tuple[int, ...]]
    decided_by: Ruling
    shields: Mapping[str, int]
    winner: str | None


@dataclass(frozen=True, slots=True)
class GroundOutcome:
    age: int
    tokens: dict[str, list[int]]
    conflicts: tuple[GroundConflict, ...]
    rulings: tuple[Ruling, ...]

    @property
    def total(self) -> dict[str, int]:
        return {name: sum(values) for name, values in self.tokens.items()}


def neighbours(seats: Sequence[str], name: str) -> tuple[str, str]:
    """(left, right) of `name`: left is the next player clockwise, right the previous one."""
    i = seats.index(name)
    return seats[(i + 1) % len(seats)], seats[(i - 1) % len(seats)]


def two_seats_away(seats: Sequence[str], name: str) -> tuple[str, str]:
    """(left of the left neighbour, right of the right neighbour): the possible Incursion targets."""
    i = seats.index(name)
    return seats[(i + 2) % len(seats)], seats[(i - 2) % len(seats)]


def resolve_ground_conflicts(
    age: int,
    seats: Sequence[str],
    shields: Mapping[str, int],
    incursions: Sequence[Incursion] = (),
    teams: Sequence[tuple[str, str]] = (),
    tomyris: Collection[str] = (),
    rewards: GroundRewards | None = None,
) -> GroundOutcome:
    """Every Ground Conflict of `age` at a table seated clockwise as `seats`."""
    table = rewards or load_catalog().ground
    teammate = dict(teams) | {b: a for a, b in teams}
    tokens: dict[str, list[int]] = {name: [] for name in seats}
    fought: set[frozenset[str]] = set()
    conflicts: list[GroundConflict] = []
    general: list[Ruling] = []
    named_age = era(age)

    pairs = [(seats[i], seats[(i + 1) % len(seats)], "neighbours") for i in range(len(seats))]
    pairs += [(inc.attacker, inc.target, "incursion") for inc in incursions]
    for first, second, kind in pairs:
        pair = frozenset((first, second))
        if pair in fought:
            if kind == "incursion":
                words = Words("rules.ground.one_per_pair", {"first": first, "second": second, "era": named_age})
                general.append(ruling("ground.one-per-pair", words, (first, second)))
            continue
        fought.add(pair)
        if teammate.get(first) == second:
            words = Words("rules.ground.teammates", {"first": first, "second": second})
            general.append(ruling("ground.teams", words, (first, second)))
            continue
        copies = table.team_multiplier if teams and kind == "neighbours" else 1
        conflicts.append(_fight(first, second, kind, shields, copies, tomyris, table, age, named_age))
        for name, given in conflicts[-1].tokens.items():
            tokens[name].extend(given)
    if teams:
        general.append(ruling("ground.teams", Words("rules.ground.team_game")))
        if incursions:
            general.append(ruling("ground.team-incursion", Words("rules.ground.team_incursion")))
    return GroundOutcome(age=age, tokens=tokens, conflicts=tuple(conflicts), rulings=tuple(general))


def _fight(
    first: str,
    second: str,
    kind: str,
    shields: Mapping[str, int],
    copies: int,
    tomyris: Collection[str],
    table: GroundRewards,
    age: int,
    named_age: Words,
) -> GroundConflict:
    """One conflict; `copies` is 2 for neighbours in a team game (doubled tokens), else 1; `named_age` names
    the age."""
    rule_id = "ground.incursion" if kind == "incursion" else ("ground.teams" if copies > 1 else "ground.neighbours")
    a, b = shields[first], shields[second]
    both = (first, second)
    compared = {first: a, second: b}
    if a == b:
        tie = Words("rules.ground.tie", {"first": first, "second": second, "era": named_age}, a)
        return GroundConflict(first, second, kind, {first: (), second: ()}, ruling(rule_id, tie, both), compared, None)
    winner, loser = (first, second) if a > b else (second, first)
    win = (table.victory[age - 1],) * copies
    lose = (table.defeat,) * copies
    victory, defeat = (
        (Formula("{copies} × {token}", {"copies": copies, "token": token}) for token in (win[0], table.defeat))
        if copies > 1
        else (win[0], table.defeat)
    )
    words: dict[str, object] = {
        "winner": winner,
        "loser": loser,
        "won": shields[winner],
        "lost": shields[loser],
        "era": named_age,
        "victory": victory,
        "defeat": defeat,
    }
    if loser in tomyris:
        given = {winner: win + lose, loser: ()}
        words["leader"] = load_catalog().leader("tomyris")
        decided = ruling("ground.tomyris", Words("rules.ground.tomyris", words), both)
        return GroundConflict(first, second, kind, given, decided, compared, winner)
    given = {winner: win, loser: lose}
    return GroundConflict(
        first, second, kind, given, ruling(rule_id, Words("rules.ground.beats", words), both), compared, winner
    )
