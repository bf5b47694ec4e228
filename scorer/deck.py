"""What a player can still build this age, and why a card named is not among it.

The age's deck at this table (player count, expansions; an 8-player game plays the 7-player deck), the
copies of each card at that count (one card built by one player takes a copy), and the base rule that a
city never holds two cards of the same name. The age screen offers only what `buildable` returns, and says
`why_not_offered` when the table types a card it does not offer; validation (scorer/validate.py) refuses
a record that breaks the same rules.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from scorer.catalog import Card, Catalog, fold
from scorer.model import GameRecord


class NotOffered(NamedTuple):
    """Why `card` cannot be added: `reason` names the rule (a catalogue key's last part for the words),
    `detail` the figures the words need."""

    card: Card
    reason: str  # other_age | expansion | leaders | not_at_three | player_count | own | taken
    detail: dict[str, Any]


def buildable(record: GameRecord, catalog: Catalog, age: int, name: str) -> list[Card]:
    """Cards `name` could still add this age: in this age's deck at this table, a copy not yet built by
    someone else this age, and not a name their city already holds (a city never has two of a card)."""
    count = len(record.players)
    deck = catalog.deck(age, count, leaders=record.leaders, armada=record.armada)
    taken = Counter(catalog.card(c, age).key for entry in record.ages.get(age, {}).values() for c in entry.cards)
    own = _own(record, catalog, name)
    return [card for card in deck if taken[card.key] < max(card.copies_at(count), 1) and card.id not in own]


def why_not_offered(record: GameRecord, catalog: Catalog, age: int, name: str, text: str) -> NotOffered | None:
    """Why the card whose name starts with `text` (English or Portuguese, any case or accents) is not
    buildable by `name` this age: "doca" at a 3-player table is the Dock, left out of 3-player games. None
    when the text starts no card's name, or several (then "nothing by that name" is the honest answer)."""
    key = fold(text)
    named: dict[str, Card] = {}
    for card in catalog.cards:  # a card of several ages (Glassworks, Loom) is named by this age's, if any
        if key and (fold(card.en).startswith(key) or fold(card.pt).startswith(key)):
            if card.id not in named or card.age == age:
                named[card.id] = card
    if len(named) != 1:
        return None
    card = next(iter(named.values()))
    count = len(record.players)
    if card.age != age:
        return NotOffered(card, "other_age", {"age": card.age})
    if card not in catalog.deck(age, count, leaders=record.leaders, armada=record.armada):
        if card.expansion == "armada":
            return NotOffered(card, "not_at_three" if record.armada else "expansion", {})
        if card.needs_leaders and not record.leaders:
            return NotOffered(card, "leaders", {})
        return NotOffered(card, "player_count", {"count": count, "least": min(card.players)})
    if card.id in _own(record, catalog, name):
        return NotOffered(card, "own", {})
    holders = [n for n, entry in record.ages.get(age, {}).items() if any(catalog.card(c, age) == card for c in entry.cards)]
    return NotOffered(card, "taken", {"players": holders})


def _own(record: GameRecord, catalog: Catalog, name: str) -> set[str]:
    """The cards (ids) `name`'s city holds, every age."""
    return {catalog.card(c, a).id for a, entries in record.ages.items() if name in entries for c in entries[name].cards}
