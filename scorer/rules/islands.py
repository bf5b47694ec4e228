"""Islands' end-game VP (Armada, rules-reference §8): printed VP, VP per thing, and Rainbow Archipelago.

All island VP go in the Islands row. Island shields are counted in Ground and Naval strength, wildcard and
most-common symbols in Science.

An island is named in every account as printed on the Brazilian card, whatever the language: the table
reads that name off the card, and the English names in rules_data/islands.toml are our own translations.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.catalog import Island
from scorer.rules.counting import CityFacts, evaluate, flat_vp, named
from scorer.words import Wording, Words


def printed_name(island: Island) -> str:
    """The island's name as printed on the card (Portuguese), the name every account gives it."""
    return island.pt


def score_islands(islands: Sequence[Island], own: CityFacts) -> tuple[int, list[Wording]]:
    total, accounts = 0, list[Wording]()
    for island in islands:
        if island.vp:
            total += island.vp
            accounts.append(flat_vp(printed_name(island), island.vp))
        if island.score is not None:
            points, account = evaluate(island.score, own, own, own)
            total += points
            accounts.append(named(printed_name(island), account))
        if island.best_colour:
            colour, count = max(own.colours.items(), key=lambda item: item[1])
            total += count
            accounts.append(
                named(
                    printed_name(island),
                    Words(
                        "rules.islands.best_colour",
                        {"cards": Words(f"rules.counting.cards.{colour}"), "count": count},
                    ),
                )
            )
    return total, accounts
