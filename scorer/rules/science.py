"""Science: c² + g² + t² + bonus × complete sets, with wildcards and "most common" symbols (§13).

Wildcards (Babylon, Scientists Guild, Golden Archipelago) are chosen at the end of the game; each "most
common" symbol (Explorer's Office, Society of Navigators, Captain's Circle, Emerald Archipelago) then goes
to a type the player has most of, the player picking among tied types. Greedy choices are wrong
(3/0/0 + 1 wildcard is 16, not 10), so every split and every tied choice is tried: the counts are tiny.
"""

from __future__ import annotations

from typing import NamedTuple

from scorer.catalog import SYMBOLS, load_catalog
from scorer.i18n import t, tn
from scorer.ruling import Ruling, ruling
from scorer.words import Formula, Words

Counts = tuple[int, int, int]  # compass, gear, tablet


def science_points(counts: Counts, set_bonus: int = 7) -> int:
    """Points for fixed symbol counts: each type squared plus `set_bonus` per complete set."""
    compass, gear, tablet = counts
    return compass * compass + gear * gear + tablet * tablet + set_bonus * min(counts)


class ScienceOutcome(NamedTuple):
    """The best science total and how it was reached, as figures a screen words itself: the symbols counted
    (`counts`, after every choice), those the city holds outright (`fixed`), the chosen split of the wildcards
    and of the "most common" symbols per type, and the VP per complete set (7, or Aristotle's). A NamedTuple,
    as Ruling: one per city of a sheet. Its rulings are worded from these figures when read."""

    points: int
    counts: Counts
    fixed: Counts
    wildcards: Counts
    most_common: Counts
    set_bonus: int

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        """The rules behind the total: where the wildcards and "most common" symbols went, Aristotle, the sets."""
        return tuple(_explain(self.counts, self.wildcards, self.most_common, self.set_bonus, self.points))


def _most_common_choices(counts: Counts, remaining: int) -> list[tuple[Counts, Counts]]:
    """Every way of adding `remaining` most-common symbols one by one: (final counts, added per type)."""
    if remaining == 0:
        return [(counts, (0, 0, 0))]
    top = max(counts)
    results = []
    for i, n in enumerate(counts):
        if n == top:
            for final, added in _most_common_choices(_plus_one(counts, i), remaining - 1):
                results.append((final, _plus_one(added, i)))
    return results


def _plus_one(counts: Counts, i: int) -> Counts:
    """`counts` with one more symbol of type `i`."""
    compass, gear, tablet = counts
    return (compass + (i == 0), gear + (i == 1), tablet + (i == 2))


def _splits(wildcards: int) -> list[Counts]:
    """Every way of sharing `wildcards` among compass, gear and tablet, in lexicographic order."""
    return [(a, b, wildcards - a - b) for a in range(wildcards + 1) for b in range(wildcards + 1 - a)]


def _best(fixed: Counts, wildcards: int, most_common: int, set_bonus: int) -> tuple[int, Counts, Counts, Counts]:
    """(points, final counts, wildcard split, most-common split) of the best choice; the first best one wins."""
    if not wildcards and not most_common:  # most cities: nothing to choose
        return science_points(fixed, set_bonus), fixed, (0, 0, 0), (0, 0, 0)
    best: tuple[int, Counts, Counts, Counts] | None = None
    for split in _splits(wildcards):
        with_wild = (fixed[0] + split[0], fixed[1] + split[1], fixed[2] + split[2])
        for final, added in _most_common_choices(with_wild, most_common):
            points = science_points(final, set_bonus)
            if best is None or points > best[0]:
                best = (points, final, split, added)
    assert best is not None  # the empty split always exists
    return best


def best_points(fixed: Counts, wildcards: int = 0, most_common: int = 0, set_bonus: int = 7) -> int:
    """The best science total alone (what a choice elsewhere, Olympia B's copy, is weighed by)."""
    return _best(fixed, wildcards, most_common, set_bonus)[0]


def best_science(fixed: Counts, wildcards: int = 0, most_common: int = 0, set_bonus: int = 7) -> ScienceOutcome:
    """The best science score over every wildcard split and every tied "most common" choice."""
    points, final, split, added = _best(fixed, wildcards, most_common, set_bonus)
    return ScienceOutcome(points, final, fixed, split, added, set_bonus)


class Symbols(NamedTuple):
    """Science symbol counts as words when shown: '0 compass, 1 gear, 3 tablet' (`every` type), or only the types
    a choice went to ('1 gear, 1 tablet'; 'nothing' when none)."""

    counts: Counts
    every: bool = True

    def __str__(self) -> str:
        shown = [(symbol, n) for symbol, n in zip(SYMBOLS, self.counts) if n or self.every]
        if not shown:
            return t("rules.science.nothing")
        return ", ".join(tn(f"rules.science.symbol.{symbol}", n) for symbol, n in shown)


def _explain(final: Counts, split: Counts, added: Counts, set_bonus: int, points: int) -> list[Ruling]:
    notes = []
    if any(split):
        notes.append(
            ruling("science.wildcard", Words("rules.science.wildcard", {"symbols": Symbols(split, every=False)}))
        )
    if any(added):
        notes.append(
            ruling("science.most-common", Words("rules.science.most_common", {"symbols": Symbols(added, every=False)}))
        )
    if set_bonus != 7:
        leader = load_catalog().leader("aristotle")
        notes.append(
            ruling("science.aristotle", Words("rules.science.aristotle", {"leader": leader, "bonus": set_bonus}))
        )
    squares = Formula("{compass}² + {gear}² + {tablet}²", dict(zip(SYMBOLS, final)))
    notes.append(
        ruling(
            "science.sets",
            Words("rules.science.sets", {"squares": squares, "bonus": set_bonus, "points": points}, min(final)),
        )
    )
    return notes
