"""Commercial row (yellow cards): Age III yellow cards' end-game VP, Customs Office, Pirate Brotherhood.

Coins yellow cards give when built are already in the treasury the table counts at the end, so only
their end-game VP are scored here (rules-reference §3, §7).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.catalog import Card
from scorer.rules.counting import CityFacts, evaluate, flat_vp, named
from scorer.words import Wording


def score_commercial(cards: Sequence[Card], own: CityFacts) -> tuple[int, list[Wording]]:
    total, accounts = 0, list[Wording]()
    for card in cards:
        if card.colour != "yellow":
            continue
        if card.vp:
            total += card.vp
            accounts.append(flat_vp(card, card.vp))
        if card.end_vp is not None:
            points, account = evaluate(card.end_vp, own, own, own)
            total += points
            accounts.append(named(card, account))
    return total, accounts
