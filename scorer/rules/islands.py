"""Islands' end-game VP (Armada, rules-reference §8): printed VP, VP per thing, and Rainbow Archipelago.

All island VP go in the Islands row. Island shields are counted in Ground and Naval strength, wildcard and
most-common symbols in Science.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.catalog import Island
from scorer.rules.counting import CityFacts, evaluate


def score_islands(islands: Sequence[Island], own: CityFacts) -> tuple[int, list[str]]:
    total, accounts = 0, []
    for island in islands:
        if island.vp:
            total += island.vp
            accounts.append(f"{island.pt}: {island.vp} VP")
        if island.score is not None:
            points, account = evaluate(island.score, own, own, own)
            total += points
            accounts.append(f"{island.pt}: {account}")
        if island.best_colour:
            colour, count = max(own.colours.items(), key=lambda item: item[1])
            total += count
            accounts.append(f"{island.pt}: 1 × {colour} cards (the best colour) = {count}")
    return total, accounts
