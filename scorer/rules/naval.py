"""NavalConflict: the end-of-age comparison of every player's Naval Strength (Armada rulebook, §11 adopted).

The rulebook's tie paragraphs all follow from one rule, which this module applies and then explains with
the paragraph that covers the case:

1. Players who opt out with Forgotten Port take no part. With fewer than 2 participants, or all
   participants equal, nobody gets a token.
2. Every participant with the lowest strength takes the age's defeat token, and no victory.
3. Every other player's position p = 1 + the number of remaining players strictly stronger; alone at
   their strength they take the rank-p reward, tied they each take the rank-(p+1) reward.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate
from typing import NamedTuple

from scorer.catalog import NavalRewards, load_islands, load_naval_rewards
from scorer.ruling import Ruling, era, ruling
from scorer.words import Words

# The places the rulebook names in words; further places are numbered (`place.other`).
NAMED_PLACES = (1, 2, 3)
# A tie's ruling reads "Name: tie for …": the row of a table that already names the player shows the case alone.
SAID_OF = "rules.naval.said_of"


@dataclass(frozen=True)
class NavalOutcome:
    """Tokens of one Naval Conflict (0 = no token) and the rank whose Victory token each player beyond the weakest
    was given (their position, one lower when tied: rule 3 above), from these strengths.

    Per player the ruling that decided (`decided_by`) and the rulings about the whole conflict (`rulings`) are
    worded from these figures the first time a screen asks, so resolving a sheet's conflicts builds no words."""

    age: int
    tokens: dict[str, int]
    ranks: dict[str, int]
    strengths: Mapping[str, int]
    abstaining: tuple[str, ...] = ()
    teams: bool = False

    @cached_property
    def decided_by(self) -> dict[str, Ruling]:
        return self._explained[0]

    @cached_property
    def rulings(self) -> tuple[Ruling, ...]:
        return self._explained[1]

    @cached_property
    def _explained(self) -> tuple[dict[str, Ruling], tuple[Ruling, ...]]:
        return _explain_conflict(self)


def tie_case(decided: Ruling) -> Words | None:
    """What a tie's ruling says after 'Name: ' ('tie for strongest in Age II at 2: 3 each.'), for a row that
    names the player already; None for the rulings that read as a sentence about the player."""
    words = decided.words
    return words.params["case"] if isinstance(words, Words) and words.key == SAID_OF else None


class _Standing(NamedTuple):
    """Where the participants stand: the weakest strength, the others, how many share each of their strengths,
    those strengths strongest first, and how many players are stronger than each."""

    weakest: int
    remaining: dict[str, int]
    per_strength: Counter[int]
    levels: list[int]
    stronger: dict[int, int]


def _standing(participants: Mapping[str, int]) -> _Standing | None:
    """None when nobody takes a token (rule 1: fewer than 2 participants, or all equal)."""
    if len(participants) < 2 or len(set(participants.values())) == 1:
        return None
    weakest = min(participants.values())
    remaining = {name: s for name, s in participants.items() if s != weakest}
    per_strength = Counter(remaining.values())
    levels = sorted(per_strength, reverse=True)  # the distinct strengths, strongest first
    stronger = dict(zip(levels, accumulate((per_strength[s] for s in levels), initial=0)))
    return _Standing(weakest, remaining, per_strength, levels, stronger)


def resolve_naval_conflict(
    age: int,
    strengths: Mapping[str, int],
    abstaining: Collection[str] = (),
    rewards: NavalRewards | None = None,
    teams: bool = False,
) -> NavalOutcome:
    """Resolve the Naval Conflict of `age` between players with these Naval Strengths.

    `abstaining` are Forgotten Port owners who chose to stay out this age: their strength is ignored.
    `teams`: a team game, where partners still fight each other at sea; the rule is said so nobody wonders why
    two partners tied for weakest both take the defeat.
    """
    table = rewards or load_naval_rewards()
    tokens = dict.fromkeys(strengths, 0)
    ranks: dict[str, int] = {}
    outcome = NavalOutcome(age, tokens, ranks, dict(strengths), tuple(abstaining), teams)
    participants = _participants(outcome)
    standing = _standing(participants)
    if standing is None:
        return outcome
    defeat = table.defeat[age - 1]
    for name, strength in participants.items():
        if strength == standing.weakest:
            tokens[name] = defeat
    victories = table.victory[age]
    for name, strength in standing.remaining.items():
        position = 1 + standing.stronger[strength]
        rank = position + 1 if standing.per_strength[strength] > 1 else position
        tokens[name] = victories[rank - 1] if rank <= len(victories) else 0
        ranks[name] = rank
    return outcome


def _participants(outcome: NavalOutcome) -> dict[str, int]:
    """The players who take part (Forgotten Port owners who stay out do not) and their strengths."""
    return {name: s for name, s in outcome.strengths.items() if name not in outcome.abstaining}


def _explain_conflict(outcome: NavalOutcome) -> tuple[dict[str, Ruling], tuple[Ruling, ...]]:
    """The ruling behind each player's token, and those about the whole conflict, from its figures."""
    age, tokens = outcome.age, outcome.tokens
    decided: dict[str, Ruling] = {}
    general: list[Ruling] = [ruling("naval.teams", Words("rules.naval.teams"))] if outcome.teams else []
    if outcome.abstaining:
        port = next(island for island in load_islands() if island.id == "forgotten_port")
    for name in outcome.abstaining:
        stays_out = Words("rules.naval.forgotten_port", {"name": name, "era": era(age), "island": port})
        decided[name] = ruling("naval.forgotten-port", stays_out, (name,))
    participants = _participants(outcome)
    standing = _standing(participants)
    if standing is None:
        if len(participants) < 2:
            note = ruling("naval.too-few", Words("rules.naval.too_few", number=len(participants)))
        else:
            strength = next(iter(participants.values()))
            note = ruling("naval.all-equal", Words("rules.naval.all_equal", {"strength": strength}))
        general.append(note)
        decided.update(dict.fromkeys(participants, note))
        return decided, tuple(general)

    weakest = standing.weakest
    defeated = [name for name, s in participants.items() if s == weakest]
    for name in defeated:
        facts = {"name": name, "strength": weakest, "token": tokens[name]}
        summary = (
            Words("rules.naval.defeat_tied", facts, len(defeated) - 1)
            if len(defeated) > 1
            else Words("rules.naval.defeat", facts)
        )
        decided[name] = ruling("naval.defeat", summary, (name,))
    general.append(
        ruling(
            "naval.defeated-no-victory",
            Words("rules.naval.defeated_no_victory", {"names": ", ".join(defeated), "era": era(age)}),
            tuple(defeated),
        )
    )
    levels = standing.levels
    top_tied = standing.per_strength[levels[0]] > 1
    for name, strength in standing.remaining.items():
        position = 1 + standing.stronger[strength]
        tied = standing.per_strength[strength] > 1
        level = levels.index(strength) + 1
        decided[name] = _explain(name, age, strength, position, tied, tokens[name], level, top_tied)
    return decided, tuple(general)


def _place(rank: int) -> Words:
    """A rank of Naval Strength as the rulebook words it: strongest, second-strongest, third-strongest…"""
    named = f"rules.naval.place.{rank}" if rank in NAMED_PLACES else "rules.naval.place.other"
    return Words(named, {"position": rank})


def _explain(
    name: str, age: int, strength: int, position: int, tied: bool, reward: int, level: int, top_tied: bool
) -> Ruling:
    """Pick the rulebook paragraph that covers this player's case and say the result in plain words.

    The rulebook speaks of "second-strongest" as the second distinct strength (`level`), while the reward
    follows the player's position; both are needed to name the right paragraph. `top_tied`: two or more
    players share the strongest strength.
    """
    players = (name,)
    if not tied:
        got = Words("rules.naval.victory_token", {"token": reward}) if reward else Words("rules.naval.no_token")
        if position > level and level == 2 and position == 3:
            # Two tied strongest above: the rulebook's paragraph names this player by their strength's rank
            # ("the player with the second-strongest Naval Strength"), so the ruling does too.
            words = {"name": name, "place": _place(level), "strength": strength, "got": got}
            return ruling("naval.tie-strongest", Words("rules.naval.after_tie_strongest", words), players)
        if position > level:
            # Any other tie above: the adopted position rule settles it, and the ruling speaks of positions.
            words = {"name": name, "position": position, "strength": strength, "got": got}
            return ruling("naval.position", Words("rules.naval.after_ties", words), players)
        words = {"name": name, "place": _place(position), "strength": strength, "got": got}
        return ruling("naval.rank" if reward else "naval.no-token", Words("rules.naval.alone", words), players)
    each = Words("rules.naval.each", {"reward": reward}) if reward else Words("rules.naval.nothing")
    words = {"strength": strength, "era": era(age), "each": each}
    if level == 1:
        rule_id, case = "naval.tie-strongest", Words("rules.naval.tie_strongest", words)
    elif level == 2:
        key = "rules.naval.tie_second_many_above" if top_tied else "rules.naval.tie_second_one_above"
        rule_id, case = "naval.tie-second", Words(key, words)
    elif level == 3:
        rule_id, case = "naval.tie-third", Words("rules.naval.tie_third", words)
    else:  # the rulebook stops at third-strongest: the adopted position rule settles lower ties
        rule_id, case = "naval.position", Words("rules.naval.tie_lower", {"level": level, **words})
    return ruling(rule_id, Words(SAID_OF, {"name": name, "case": case}), players)
