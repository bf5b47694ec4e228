"""GroundConflict: each player against each neighbour at the end of an age, plus Incursions (§12).

At most one conflict per pair of players per age; teammates never fight and, in the team variant,
neighbour conflicts give doubled tokens while incursions give single ones; Tomyris sends her owner's
defeat tokens to the winner.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from scorer.catalog import GroundRewards, load_catalog
from scorer.i18n import local_name, t, tn
from scorer.ruling import Ruling, age_name, ruling


@dataclass(frozen=True, slots=True)
class Incursion:
    """A Dock, Quay or Jetty built this age: `attacker` also fights `target` at the end of the age."""

    attacker: str
    target: str


@dataclass(frozen=True, slots=True)
class GroundConflict:
    """One fight between two players and the tokens it gave each of them."""

    first: str
    second: str
    kind: str  # "neighbours" or "incursion"
    tokens: Mapping[str, tuple[int, ...]]
    decided_by: Ruling


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
    era = age_name(age)

    pairs = [(seats[i], seats[(i + 1) % len(seats)], "neighbours") for i in range(len(seats))]
    pairs += [(inc.attacker, inc.target, "incursion") for inc in incursions]
    for first, second, kind in pairs:
        pair = frozenset((first, second))
        if pair in fought:
            if kind == "incursion":
                general.append(
                    ruling("ground.one-per-pair", t("rules.ground.one_per_pair", first=first, second=second, era=era))
                )
            continue
        fought.add(pair)
        if teammate.get(first) == second:
            general.append(ruling("ground.teams", t("rules.ground.teammates", first=first, second=second)))
            continue
        copies = table.team_multiplier if teams and kind == "neighbours" else 1
        conflicts.append(_fight(first, second, kind, shields, copies, tomyris, table, age, era))
        for name, given in conflicts[-1].tokens.items():
            tokens[name].extend(given)
    if teams:
        general.append(ruling("ground.teams", t("rules.ground.team_game")))
        if incursions:
            general.append(ruling("ground.team-incursion", t("rules.ground.team_incursion")))
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
    era: str,
) -> GroundConflict:
    """One conflict; `copies` is 2 for neighbours in a team game (doubled tokens), else 1; `era` names the age."""
    rule_id = "ground.incursion" if kind == "incursion" else ("ground.teams" if copies > 1 else "ground.neighbours")
    a, b = shields[first], shields[second]
    if a == b:
        return GroundConflict(
            first,
            second,
            kind,
            {first: (), second: ()},
            ruling(rule_id, tn("rules.ground.tie", a, first=first, second=second, era=era)),
        )
    winner, loser = (first, second) if a > b else (second, first)
    win = (table.victory[age - 1],) * copies
    lose = (table.defeat,) * copies
    times = f"{copies} × " if copies > 1 else ""
    words = {
        "winner": winner,
        "loser": loser,
        "won": shields[winner],
        "lost": shields[loser],
        "era": era,
        "victory": f"{times}{win[0]}",
        "defeat": f"{times}{table.defeat}",
    }
    if loser in tomyris:
        given = {winner: win + lose, loser: ()}
        leader = local_name(load_catalog().leader("tomyris"))
        return GroundConflict(
            first, second, kind, given, ruling("ground.tomyris", t("rules.ground.tomyris", leader=leader, **words))
        )
    given = {winner: win, loser: lose}
    return GroundConflict(first, second, kind, given, ruling(rule_id, t("rules.ground.beats", **words)))
