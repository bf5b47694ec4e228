"""Coin losses during a turn: Tax (Yellow fleet), Piracy (pirate cards, Pirate Harbor), Foggy Island (§10).

Resolved at step 6 of the Armada turn, after every ship has moved, so each player's Commercial Level is the
level on the space of their Yellow ship after this turn's moves.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from scorer.catalog import load_catalog
from scorer.ruling import Ruling, ruling
from scorer.words import Words


@dataclass(frozen=True, slots=True)
class CoinLoss:
    """One player's loss this turn, split by cause, before and after the floor at zero."""

    tax: int
    piracy: int
    owed: int
    lost: int


@dataclass(frozen=True, slots=True)
class CoinLossOutcome:
    losses: dict[str, CoinLoss]
    decided_by: dict[str, tuple[Ruling, ...]]
    rulings: tuple[Ruling, ...]


def resolve_coin_losses(
    commercial_levels: Mapping[str, int],
    taxes: Mapping[str, int] | None = None,
    pirates: Sequence[str] = (),
    immune: Collection[str] = (),
    coins: Mapping[str, int] | None = None,
) -> CoinLossOutcome:
    """Each player's coin loss this turn.

    `taxes`: the Tax levied this turn by each player whose Yellow ship reached a Tax space.
    `pirates`: one entry per pirate effect triggered this turn, naming who triggered it (repeatable).
    `immune`: owners of Foggy Island. `coins`: coins held, which caps the loss (what cannot be paid is lost);
    a player missing from it is not capped.
    """
    taxes = {who: amount for who, amount in (taxes or {}).items() if amount}
    losses: dict[str, CoinLoss] = {}
    decided: dict[str, tuple[Ruling, ...]] = {}
    general: list[Ruling] = []
    if len(taxes) > 1:
        general.append(ruling("coins.highest-tax", Words("rules.coins.highest_tax")))
    for name, level in commercial_levels.items():
        notes: list[Ruling] = []
        levied_by_others = {who: amount for who, amount in taxes.items() if who != name}
        tax = 0
        if levied_by_others:
            highest_by, highest = max(levied_by_others.items(), key=lambda item: item[1])
            tax = max(0, highest - level)
            words = {"name": name, "levied": highest, "by": highest_by, "level": level, "tax": tax}
            notes.append(ruling("coins.tax", Words("rules.coins.tax", words), (name, highest_by)))
        if name in taxes:
            words = {"name": name, "tax": taxes[name]}
            notes.append(ruling("coins.own-tax", Words("rules.coins.own_tax", words), (name,)))
        raids = [who for who in pirates if who != name]
        piracy = level * len(raids)
        if raids:
            words = {"name": name, "level": level, "piracy": piracy}
            notes.append(ruling("coins.pirates", Words("rules.coins.pirates", words, len(raids)), (name,)))
        owed = tax + piracy
        if name in immune and owed:
            words = {"name": name, "island": load_catalog().island("foggy_island"), "owed": owed}
            notes.append(ruling("coins.foggy-island", Words("rules.coins.foggy_island", words), (name,)))
            lost = 0
        else:
            lost = owed
        if coins is not None and name in coins and lost > coins[name]:
            words = {"name": name, "lost": lost}
            notes.append(ruling("coins.floor", Words("rules.coins.floor", words, coins[name]), (name,)))
            lost = coins[name]
        losses[name] = CoinLoss(tax=tax, piracy=piracy, owed=owed, lost=lost)
        decided[name] = tuple(notes)
    return CoinLossOutcome(losses=losses, decided_by=decided, rulings=tuple(general))
