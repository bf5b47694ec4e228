"""Science: c² + g² + t² + bonus × complete sets, with wildcards and "most common" symbols (§13).

Wildcards (Babylon, Scientists Guild, Golden Archipelago) are chosen at the end of the game; each "most
common" symbol (Explorer's Office, Society of Navigators, Captain's Circle, Emerald Archipelago) then goes
to a type the player has most of, the player picking among tied types. Greedy choices are wrong
(3/0/0 + 1 wildcard is 16, not 10), so every split and every tied choice is tried: the counts are tiny.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from scorer.catalog import SYMBOLS, load_catalog
from scorer.i18n import local_name, t, tn
from scorer.ruling import Ruling, ruling

Counts = tuple[int, int, int]  # compass, gear, tablet


def science_points(counts: Counts, set_bonus: int = 7) -> int:
    """Points for fixed symbol counts: each type squared plus `set_bonus` per complete set."""
    return sum(n * n for n in counts) + set_bonus * min(counts)


@dataclass(frozen=True, slots=True)
class ScienceOutcome:
    points: int
    counts: Counts
    fixed: Counts
    wildcards: Counts
    most_common: Counts
    rulings: tuple[Ruling, ...]


def _most_common_choices(counts: Counts, remaining: int) -> list[tuple[Counts, Counts]]:
    """Every way of adding `remaining` most-common symbols one by one: (final counts, added per type)."""
    if remaining == 0:
        return [(counts, (0, 0, 0))]
    top = max(counts)
    results = []
    for i, n in enumerate(counts):
        if n == top:
            grown = tuple(c + (1 if j == i else 0) for j, c in enumerate(counts))
            for final, added in _most_common_choices(grown, remaining - 1):
                results.append((final, tuple(a + (1 if j == i else 0) for j, a in enumerate(added))))
    return results


def best_science(fixed: Counts, wildcards: int = 0, most_common: int = 0, set_bonus: int = 7) -> ScienceOutcome:
    """The best science score over every wildcard split and every tied "most common" choice."""
    best: tuple[int, Counts, Counts, Counts] | None = None
    for split in product(range(wildcards + 1), repeat=3):
        if sum(split) != wildcards:
            continue
        with_wild = tuple(f + w for f, w in zip(fixed, split))
        for final, added in _most_common_choices(with_wild, most_common):
            points = science_points(final, set_bonus)
            if best is None or points > best[0]:
                best = (points, final, split, added)
    assert best is not None  # the empty split always exists
    points, final, split, added = best
    return ScienceOutcome(points, final, fixed, split, added, tuple(_explain(final, split, added, set_bonus, points)))


def symbol_count(symbol: str, n: int) -> str:
    """'2 gear' / '2 engrenagens': a count of one kind of science symbol in the current language."""
    return tn(f"rules.science.symbol.{symbol}", n)


def _describe(counts: Counts) -> str:
    return ", ".join(symbol_count(symbol, n) for symbol, n in zip(SYMBOLS, counts) if n) or t("rules.science.nothing")


def _explain(final: Counts, split: Counts, added: Counts, set_bonus: int, points: int) -> list[Ruling]:
    notes = []
    if any(split):
        notes.append(ruling("science.wildcard", t("rules.science.wildcard", symbols=_describe(split))))
    if any(added):
        notes.append(ruling("science.most-common", t("rules.science.most_common", symbols=_describe(added))))
    if set_bonus != 7:
        leader = local_name(load_catalog().leader("aristotle"))
        notes.append(ruling("science.aristotle", t("rules.science.aristotle", leader=leader, bonus=set_bonus)))
    squares = " + ".join(f"{n}²" for n in final)
    notes.append(
        ruling("science.sets", tn("rules.science.sets", min(final), squares=squares, bonus=set_bonus, points=points))
    )
    return notes
