"""What an undo took back, as words: "Undone: Ana's Coins back to 5" tells the table what moved, where "Last
change undone" once silently took back a switch to the score pad.

The session's undo restores a whole earlier record, so what it took back is the difference between the
record before and after it, found here part by part in the order a table reads a game (the scoring mode, the
table, each age's entries, the end, the note). At most SHOWN differences are named; more are counted.
"""

from __future__ import annotations

from scorer.catalog import load_catalog
from scorer.flow import score_pad
from scorer.i18n import local_name
from scorer.model import AgeEntry, GameRecord
from scorer.ruling import age_name
from scorer.words import Words

SHOWN = 2
# An age entry's parts, each named by its own words (undone.part.<name>) when it alone changed.
PARTS = ("cards", "wonder_stages", "leaders", "ships", "islands", "incursions", "courtesans", "discarded")


def undone(before: GameRecord, after: GameRecord) -> tuple[Words, ...]:
    """What going from `before` back to `after` changed, most telling first."""
    found: list[Words] = []
    if score_pad(before) != score_pad(after):
        found.append(Words("undone.score_pad" if score_pad(before) else "undone.age_by_age"))
    elif (before.players, before.expansions, before.teams) != (after.players, after.expansions, after.teams):
        found.append(Words("undone.table"))
    else:
        found += _ages(before, after)
        found += _end(before, after)
    if before.note != after.note:
        found.append(Words("undone.note"))
    if len(found) > SHOWN:
        return (*found[:SHOWN], Words("undone.more", number=len(found) - SHOWN))
    return tuple(found)


def _ages(before: GameRecord, after: GameRecord) -> list[Words]:
    found = []
    for age in sorted(set(before.ages) | set(after.ages)):
        for name in after.names:
            was, now = before.entry(age, name), after.entry(age, name)
            if was == now:
                continue
            parts = [part for part in PARTS if getattr(was, part) != getattr(now, part)]
            where = {"player": name, "age": age_name(age)}
            if parts == ["cards"]:
                found += _cards(was, now, where, age)
            elif len(parts) == 1:
                found.append(Words(f"undone.part.{parts[0]}", where))
            else:
                found.append(Words("undone.entry", where))
    return found


def _cards(was: AgeEntry, now: AgeEntry, where: dict[str, str], age: int) -> list[Words]:
    """The cards an undo took out of an entry, and those it put back."""
    taken = [card for card in was.cards if card not in now.cards]
    back = [card for card in now.cards if card not in was.cards]
    found = [Words("undone.card_out", {**where, "cards": _named(taken, age)})] if taken else []
    return found + ([Words("undone.card_back", {**where, "cards": _named(back, age)})] if back else [])


def _named(cards: list[str], age: int) -> str:
    """Cards as the table's edition names them."""
    catalog = load_catalog()
    return ", ".join(local_name(card) if (card := catalog.card(name, age)) else name for name in cards)


def _end(before: GameRecord, after: GameRecord) -> list[Words]:
    found = []
    for name in after.names:
        was, now = before.end.get(name), after.end.get(name)
        if was == now:
            continue
        coins = (was.coins if was else None, now.coins if now else None)
        if coins[0] != coins[1] and (was and was.quick) == (now and now.quick):
            key = "undone.coins" if coins[1] is not None else "undone.coins_none"
            found.append(Words(key, {"player": name, "coins": coins[1] if coins[1] is not None else 0}))
        else:
            found.append(Words("undone.end", {"player": name}))
    return found
