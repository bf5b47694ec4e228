"""Leaders' end-game effects (Leaders rulebook, rules-reference §6): flat VP, VP per thing, VP per set.

Shields (Caesar, Hannibal) count in Ground strength, science symbols and Aristotle in Science; the leaders
whose effects are about costs or coins during the game change nothing at the end and score 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorer.catalog import Leader, load_catalog
from scorer.i18n import local_name, t
from scorer.rules.counting import CityFacts, evaluate, evaluate_sets, flat_vp, named


def score_leader(leader: Leader, own: CityFacts, left: CityFacts, right: CityFacts) -> tuple[int, str] | None:
    """VP and account for one leader, or None when the leader gives no end-game VP."""
    if leader.vp:
        return leader.vp, flat_vp(local_name(leader), leader.vp)
    if leader.score is not None:
        points, account = evaluate(leader.score, own, left, right)
        return points, named(local_name(leader), account)
    if leader.sets is not None:
        points, account = evaluate_sets(leader.sets, own)
        return points, named(local_name(leader), account)
    return None


def score_leaders(
    leaders: Sequence[Leader], own: CityFacts, left: CityFacts, right: CityFacts, copied: Leader | None = None
) -> tuple[int, list[str]]:
    """The Leaders row: recruited leaders, plus the one copied with the Courtesans Guild."""
    total, accounts = 0, []
    for leader in leaders:
        scored = score_leader(leader, own, left, right)
        if scored:
            total += scored[0]
            accounts.append(scored[1])
    if copied is not None:
        scored = score_leader(copied, own, left, right)
        if scored:
            total += scored[0]
            guild = local_name(load_catalog().card("courtesans_guild", 3))
            accounts.append(t("rules.leaders.courtesans_copy", guild=guild, account=scored[1]))
    return total, accounts
