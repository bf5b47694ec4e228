"""What a player can still build this age, and why a card named is not among it.

The age's deck at this table (player count, expansions; an 8-player game plays the 7-player deck), the
copies of each card at that count (one card built by one player takes a copy), and the base rule that a
city never holds two cards of the same name. The discard pile is never cleared between ages ("As cartas
descartadas formam uma pilha de descartes no centro da mesa", base rules), so a build from it (a
Halicarnassus stage built that age, Solomon recruited that age) may take an earlier age's card, which takes a
copy of its own age's deck. The age screen offers only what `buildable` returns, and says `why_not_offered`
when the table types a card it does not offer; validation (scorer/validate/rules.py) refuses a record that breaks
the same rules, with `copies_taken` deciding which age's copy each card listed takes.
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
    reason: str  # other_age | discard_only | expansion | leaders | not_at_three | player_count | own | taken
    detail: dict[str, Any]


class Take(NamedTuple):
    """The copy one card listed in a city's age takes: `copy` is that age's card or, built from the discard
    pile, an earlier age's; None when no copy fits, `problem` then says why (not_in_deck: no deck up to that
    age has the name at this table; discard_only: an earlier age's card with no build from the discard pile
    left; built_already: every copy is in a city) and `card` is the card the name means."""

    card: Card | None
    copy: Card | None
    problem: str = ""


class Copies(NamedTuple):
    """Every card listed in the record with the copy it takes (takes[age][player], in the entry's order),
    and the copies of each card (key) still in no city."""

    takes: dict[int, dict[str, list[Take]]]
    left: Counter[str]


def discard_builds(record: GameRecord, catalog: Catalog, age: int, name: str) -> int:
    """How many cards `name` builds free from the discard pile in `age` (see discard_sources)."""
    return len(discard_sources(record, catalog, age, name))


def discard_sources(record: GameRecord, catalog: Catalog, age: int, name: str) -> list[Any]:
    """What gives `name` each free build from the discard pile in `age`: the wonder once per stage built that
    age that says so (Halicarnassus, at the end of the turn it is built), and each leader recruited that age
    who does (Solomon, when he is played)."""
    if name not in record.names:
        return []
    seat = record.players[record.names.index(name)]
    wonder = catalog.wonder(seat.wonder)
    entry = record.entry(age, name)
    before = sum(record.entry(a, name).wonder_stages for a in range(1, age))
    stages = wonder.sides[seat.side].stages[before : before + entry.wonder_stages] if wonder else ()
    leaders = (catalog.leader(play.name) for play in entry.leaders if play.use == "recruit")
    return [wonder for stage in stages if stage.discard_build] + [
        leader for leader in leaders if leader and leader.discard_build
    ]


def copies_taken(record: GameRecord, catalog: Catalog) -> Copies:
    """Which copy each card listed in the record takes, age by age.

    A name of this age's deck takes this age's copy while one is left. A name only of earlier ages (a Pawnshop
    in Age II), or one whose copies of this age are all built (a second Loom in Age II, where Age I has one
    too), takes an earlier age's copy (the nearest age first), and uses one of the player's builds from the
    discard pile that age. Players without such a build take this age's copies first, so the order the
    record lists players in never decides whether a legal game is accepted.
    """
    count = len(record.players)
    left: Counter[str] = Counter(
        {
            card.key: max(card.copies_at(count), 1)
            for a in (1, 2, 3)
            for card in catalog.deck(a, count, leaders=record.leaders, armada=record.armada)
        }
    )
    takes: dict[int, dict[str, list[Take]]] = {}
    for age in sorted(record.ages):
        entries = record.ages[age]
        spare = {name: discard_builds(record, catalog, age, name) for name in entries}
        found: dict[str, list[Take]] = {name: [] for name in entries}
        cards = {name: [_candidates(catalog, c, age, left) for c in entry.cards] for name, entry in entries.items()}
        # Earlier ages' cards first (they need a build from the discard pile), then this age's by players who
        # have no such build to spare, then by the others: a copy goes where nothing else can take its place.
        slots: dict[tuple[str, int], Take] = {}
        for earlier_only in (True, False):
            for name in sorted(entries, key=lambda n: spare[n] > 0):
                for j, candidates in enumerate(cards[name]):
                    if bool(candidates) and (candidates[0].age < age) == earlier_only:
                        slots[name, j] = _take(candidates, age, left, spare, name)
        for name in entries:
            for j in range(len(cards[name])):
                found[name].append(slots.get((name, j)) or Take(None, None, "not_in_deck"))
        takes[age] = found
    return Copies(takes, left)


def _candidates(catalog: Catalog, name: str, age: int, left: Counter[str]) -> list[Card]:
    """The cards `name` may be as built in `age` at this table: this age's first, then earlier ages'."""
    return [card for a in range(age, 0, -1) if (card := catalog.card(name, a)) is not None and card.key in left]


def _take(candidates: list[Card], age: int, left: Counter[str], spare: dict[str, int], name: str) -> Take:
    """`name`'s card (`candidates`, this age's first) takes this age's copy, else an earlier one with a build
    from the discard pile; what it takes is no longer `left`, nor the build `spare`."""
    own = candidates[0] if candidates[0].age == age else None
    if own is not None and left[own.key] > 0:
        left[own.key] -= 1
        return Take(own, own)
    earlier = [card for card in candidates if card.age < age]
    if spare[name] <= 0:
        return Take(own or earlier[0], None, "built_already" if own else "discard_only")
    copy = next((card for card in earlier if left[card.key] > 0), None)
    if copy is None:
        return Take(own or earlier[0], None, "built_already")
    left[copy.key] -= 1
    spare[name] -= 1
    return Take(copy, copy)


def spare_discard_builds(record: GameRecord, catalog: Catalog, age: int, name: str, copies: Copies) -> int:
    """The builds from the discard pile `name` has left in `age` for an earlier age's card (one taken by
    a card of this age's deck cannot be told apart, so it is not counted)."""
    earlier = sum(1 for take in copies.takes.get(age, {}).get(name, []) if take.copy and take.copy.age < age)
    return discard_builds(record, catalog, age, name) - earlier


def buildable(record: GameRecord, catalog: Catalog, age: int, name: str) -> list[Card]:
    """Cards `name` could still add this age: in this age's deck at this table, a copy not yet built by
    someone else, and not a name their city already holds (a city never has two of a card); with a build
    from the discard pile left this age, earlier ages' cards too (a copy of their own age left)."""
    count = len(record.players)
    copies = copies_taken(record, catalog)
    own = _own(record, catalog, name)
    offered = [
        card
        for card in catalog.deck(age, count, leaders=record.leaders, armada=record.armada)
        if copies.left[card.key] > 0 and card.id not in own
    ]
    if spare_discard_builds(record, catalog, age, name, copies) > 0:
        ids = {card.id for card in offered} | own
        for earlier in range(age - 1, 0, -1):
            for card in catalog.deck(earlier, count, leaders=record.leaders, armada=record.armada):
                if copies.left[card.key] > 0 and card.id not in ids:
                    offered.append(card)
                    ids.add(card.id)
    return offered


def why_not_offered(record: GameRecord, catalog: Catalog, age: int, name: str, text: str) -> NotOffered | None:
    """Why the card whose name starts with `text` (English or Portuguese, any case or accents) is not
    buildable by `name` this age: "doca" at a 3-player table is the Dock, left out of 3-player games. None
    when the text starts no card's name, or several (then "nothing by that name" is the honest answer)."""
    key = fold(text)
    named: dict[str, Card] = {}
    for card in catalog.cards:  # a card of several ages (Glassworks, Loom) is named by this age's, if any
        named_here = key and (fold(card.en).startswith(key) or fold(card.pt).startswith(key))
        if named_here and (card.id not in named or card.age == age):
            named[card.id] = card
    if len(named) != 1:
        return None
    card = next(iter(named.values()))
    count = len(record.players)
    if card.age > age:
        return NotOffered(card, "other_age", {"age": card.age})
    copies = copies_taken(record, catalog)
    if card.age < age and spare_discard_builds(record, catalog, age, name, copies) <= 0:
        return NotOffered(card, "discard_only", {"age": card.age})
    if card not in catalog.deck(card.age, count, leaders=record.leaders, armada=record.armada):
        if card.expansion == "armada":
            return NotOffered(card, "not_at_three" if record.armada else "expansion", {})
        if card.needs_leaders and not record.leaders:
            return NotOffered(card, "leaders", {})
        return NotOffered(card, "player_count", {"count": count, "least": min(card.players)})
    if card.id in _own(record, catalog, name):
        return NotOffered(card, "own", {})
    holders = [
        n
        for entries in copies.takes.values()
        for n, found in entries.items()
        if any(take.copy == card for take in found)
    ]
    return NotOffered(card, "taken", {"players": list(dict.fromkeys(holders))})


def _own(record: GameRecord, catalog: Catalog, name: str) -> set[str]:
    """The cards (ids) `name`'s city holds, every age."""
    return {
        card.id
        for a, entries in record.ages.items()
        if name in entries
        for c in entries[name].cards
        if (card := catalog.built(c, a)) is not None
    }
