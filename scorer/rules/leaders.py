"""Leaders' end-game effects (Leaders rulebook, rules-reference §6): flat VP, VP per thing, VP per set.

Shields (Caesar, Hannibal) count in Ground strength, science symbols and Aristotle in Science; the leaders
whose effects are about costs or coins during the game change nothing at the end and score 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.catalog import Leader, load_catalog
from scorer.rules.counting import CityFacts, evaluate, evaluate_sets, flat_vp, named
from scorer.words import Wording, Words


def score_leader(leader: Leader, own: CityFacts, left: CityFacts, right: CityFacts) -> tuple[int, Wording] | None:
    """VP and account for one leader, or None when the leader gives no end-game VP."""
    if leader.vp:
        return leader.vp, flat_vp(leader, leader.vp)
    if leader.score is not None:
        points, account = evaluate(leader.score, own, left, right)
        return points, named(leader, account)
    if leader.sets is not None:
        points, sets = evaluate_sets(leader.sets, own)
        return points, named(leader, sets)
    return None


def score_leaders(
    leaders: Sequence[Leader], own: CityFacts, left: CityFacts, right: CityFacts, copied: Leader | None = None
) -> tuple[int, list[Wording]]:
    """The Leaders row: recruited leaders, plus the one copied with the Courtesans Guild."""
    total, accounts = 0, list[Wording]()
    for leader in leaders:
        scored = score_leader(leader, own, left, right)
        if scored:
            total += scored[0]
            accounts.append(scored[1])
    if copied is not None:
        scored = score_leader(copied, own, left, right)
        if scored:
            total += scored[0]
            guild = load_catalog().card("courtesans_guild", 3)
            accounts.append(Words("rules.leaders.courtesans_copy", {"guild": guild, "account": scored[1]}))
    return total, accounts
