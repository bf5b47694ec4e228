"""Islands' end-game VP (Armada, rules-reference §8): printed VP, VP per thing, and Rainbow Archipelago.

All island VP go in the Islands row. Island shields are counted in Ground and Naval strength, wildcard and
most-common symbols in Science.

An account holds the island itself (scorer.catalog.Named), not a name: it is named in the language the
account is read in (an English sheet says Bronze Island, a Portuguese one Ilha de Bronze), like every card.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.catalog import Island
from scorer.rules.counting import CityFacts, evaluate, flat_vp, named
from scorer.words import Wording, Words


def score_islands(islands: Sequence[Island], own: CityFacts) -> tuple[int, list[Wording]]:
    total, accounts = 0, list[Wording]()
    for island in islands:
        if island.vp:
            total += island.vp
            accounts.append(flat_vp(island, island.vp))
        if island.score is not None:
            points, account = evaluate(island.score, own, own, own)
            total += points
            accounts.append(named(island, account))
        if island.best_colour:
            colour, count = max(own.colours.items(), key=lambda item: item[1])
            total += count
            accounts.append(
                named(
                    island,
                    Words(
                        "rules.islands.best_colour",
                        {"cards": Words(f"rules.counting.cards.{colour}"), "count": count},
                    ),
                )
            )
    return total, accounts
