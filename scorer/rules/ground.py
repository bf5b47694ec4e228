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
    """One fight between two players of an age: their shields, who won (None: a tie) and the tokens the winner and
    the loser took. A NamedTuple, as Ruling: a sheet has a dozen fights an age.

    The ruling that decided it is worded from these figures when a screen asks (`decided_by`), so a sheet's 25
    fights build no words while scoring."""

    first: str
    second: str
    kind: str  # "neighbours" or "incursion"
    age: int
    first_shields: int
    second_shields: int
    winner: str | None
    won: tuple[int, ...]  # the winner's tokens: one Victory token, or `copies` of it (and the loser's Defeats)
    lost: tuple[int, ...]  # the loser's: one Defeat token, `copies` of it, or none when Tomyris sent them on
    copies: int  # 2 for neighbours in a team game (doubled tokens), else 1
    tomyris: bool  # the loser's Tomyris sent their Defeat tokens to the winner

    @property
    def shields(self) -> dict[str, int]:
        """Each player's shields in this fight."""
        return {self.first: self.first_shields, self.second: self.second_shields}

    @property
    def tokens(self) -> dict[str, tuple[int, ...]]:
        """The tokens this fight gave each of its two players (none to either on a tie)."""
        if self.winner is None:
            return {self.first: (), self.second: ()}
        loser = self.second if self.winner == self.first else self.first
        return {self.winner: self.won, loser: self.lost}

    @property
    def decided_by(self) -> Ruling:
        """The rule that decided this fight, with its figures: a tie, a win, or Tomyris sending the Defeats on."""
        first, second, named_age = self.first, self.second, era(self.age)
        kind, copies = self.kind, self.copies
        rule_id = "ground.incursion" if kind == "incursion" else ("ground.teams" if copies > 1 else "ground.neighbours")
        both = (first, second)
        if self.winner is None:
            tie = Words("rules.ground.tie", {"first": first, "second": second, "era": named_age}, self.first_shields)
            return ruling(rule_id, tie, both)
        winner = self.winner
        loser = second if winner == first else first
        victory, defeat = self.won[0], self.lost[0] if self.lost else self.won[-1]
        shields = self.shields
        words: dict[str, object] = {
            "winner": winner,
            "loser": loser,
            "won": shields[winner],
            "lost": shields[loser],
            "era": named_age,
            "victory": Formula("{copies} × {token}", {"copies": copies, "token": victory}) if copies > 1 else victory,
            "defeat": Formula("{copies} × {token}", {"copies": copies, "token": defeat}) if copies > 1 else defeat,
        }
        if self.tomyris:
            words["leader"] = load_catalog().leader("tomyris")
            return ruling("ground.tomyris", Words("rules.ground.tomyris", words), both)
        return ruling(rule_id, Words("rules.ground.beats", words), both)


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
    victory, defeat = table.victory[age - 1], table.defeat
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
        a, b = shields[first], shields[second]
        if a == b:
            conflicts.append(GroundConflict(first, second, kind, age, a, b, None, (), (), copies, False))
            continue
        winner, loser = (first, second) if a > b else (second, first)
        won, lost = (victory,) * copies, (defeat,) * copies
        sent_on = loser in tomyris  # her owner's Defeat tokens go to the winner
        if sent_on:
            won, lost = won + lost, ()
        tokens[winner] += won
        tokens[loser] += lost
        conflicts.append(GroundConflict(first, second, kind, age, a, b, winner, won, lost, copies, sent_on))
    if teams:
        general.append(ruling("ground.teams", Words("rules.ground.team_game")))
        if incursions:
            general.append(ruling("ground.team-incursion", Words("rules.ground.team_incursion")))
    return GroundOutcome(age=age, tokens=tokens, conflicts=tuple(conflicts), rulings=tuple(general))
