"""What a player did in an age: cards built, wonder stages, Dockyard ships, islands taken, the targets of
their incursions, the leader their Courtesans Guild copies, staying out of a Naval Conflict.

Each edit changes the player's entry for that age (created when the table first enters it) and keeps the
entry's parts in step (a card removed takes its incursion with it, the Courtesans Guild its copy, the last
Forgotten Port its "stays out"). The choices the table is offered for them are here too, so every edge
offers the same: the islands nobody holds, the incursions' targets, the leaders a Courtesans Guild may copy.
"""

from __future__ import annotations

from typing import Any

from scorer.catalog import FLEETS, Card, Catalog, Island, Leader, fold
from scorer.edits.base import Edit, Game, entry_of, in_entry
from scorer.errors import InputError
from scorer.i18n import local_name, t
from scorer.model import AgeEntry, GameRecord
from scorer.rules.ground import neighbours, two_seats_away


def add_card(game: Game, age: int, player: str, card: Card) -> Edit:
    """`player` built `card` this age (its English name is recorded); a Dock, Quay or Jetty attacks where its
    arrow points until the table says otherwise."""
    left2, right2 = two_seats_away(game.record.names, player)

    def add(entry: dict[str, Any]) -> None:
        entry["cards"].append(card.en)
        if card.incursion and "incursions" in entry:
            entry["incursions"].append(right2 if card.incursion == "right2" else left2)

    return in_entry(game, "add_card", age, player, add)


def remove_card(game: Game, age: int, player: str, index: int) -> Edit:
    """Take back the `index`-th card `player` built this age, with its incursion target and, for the
    Courtesans Guild, the leader its token copies (a copy without the guild is refused)."""
    catalog = game.catalog

    def drop(entry: dict[str, Any]) -> None:
        names = entry["cards"]
        listed(index, names, "cards")
        card = catalog.built(names[index], age)
        if card is not None and card.incursion and "incursions" in entry:
            k = sum(1 for c in names[:index] if (other := catalog.built(c, age)) is not None and other.incursion)
            del entry["incursions"][k : k + 1]
        if card is not None and card.copies_leader:
            entry.pop("courtesans", None)
        del names[index]

    return in_entry(game, "remove_card", age, player, drop)


def set_wonder_stages(game: Game, age: int, player: str, stages: int) -> Edit:
    """The wonder stages `player` built this age (a leader tucked as a stage counts as one of them)."""
    return in_entry(game, "set_wonder_stages", age, player, lambda entry: entry.__setitem__("wonder_stages", stages))


def set_discarded(game: Game, age: int, player: str, discarded: int) -> Edit:
    """How many cards `player` discarded for coins this age (turns that leave nothing else in the record)."""

    def say(entry: dict[str, Any]) -> None:
        if discarded:
            entry["discarded"] = discarded
        else:
            entry.pop("discarded", None)

    return in_entry(game, "set_discarded", age, player, say)


def move_ship(game: Game, age: int, player: str, colour: str, position: int) -> Edit:
    """Where `player`'s `colour` ship stands on the Dockyard at the end of this age (ships only go up: the
    session refuses a move down). The other ships keep the places they had reached."""
    ships = dict(game.history[age][player].ships)

    def move(entry: dict[str, Any]) -> None:
        if colour not in FLEETS:
            raise InputError("ships", colour, t("edits.allowed.fleet", fleets=", ".join(FLEETS)))
        entry["ships"] = {**ships, **entry.get("ships", {}), colour: position}

    return in_entry(game, "move_ship", age, player, move)


def add_island(game: Game, age: int, player: str, island: Island) -> Edit:
    """`player` took `island` this age (each island exists once: the session refuses one already held)."""
    return in_entry(game, "add_island", age, player, lambda entry: entry.setdefault("islands", []).append(island.pt))


def remove_island(game: Game, age: int, player: str, index: int) -> Edit:
    """Give back the `index`-th island `player` took this age; without Forgotten Port the player no longer
    stays out of the Naval Conflict."""
    catalog = game.catalog

    def drop(data: dict[str, Any]) -> None:
        entry = entry_of(data, age, player)
        listed(index, entry.get("islands", []), "islands")
        del entry["islands"][index]
        if not entry["islands"]:
            del entry["islands"]
        if not _holds_opt_out(data, age, player, catalog):
            entry.pop("abstain_naval", None)

    return Edit("remove_island", player, drop)


def stay_out_of_naval(game: Game, age: int, player: str, out: bool) -> Edit:
    """`player` stays out of this age's Naval Conflict (Forgotten Port lets its owner), or takes part again."""

    def choose(entry: dict[str, Any]) -> None:
        if out:
            entry["abstain_naval"] = True
        else:
            entry.pop("abstain_naval", None)

    return in_entry(game, "stay_out_of_naval", age, player, choose)


def choose_incursion(game: Game, age: int, player: str, index: int, target: str) -> Edit:
    """The player the `index`-th Dock, Quay or Jetty `player` built this age attacks (two seats away, on
    either side); the others keep their targets."""
    targets = incursion_targets(game.record, game.catalog, age, player)

    def choose(entry: dict[str, Any]) -> None:
        listed(index, targets, "incursions")
        entry["incursions"] = [*targets[:index], target, *targets[index + 1 :]]

    return in_entry(game, "choose_incursion", age, player, choose)


def choose_courtesans_copy(game: Game, age: int, player: str, leader: str | None) -> Edit:
    """The leader (English name) the token of `player`'s Courtesans Guild copies this age; None takes it off."""

    def choose(entry: dict[str, Any]) -> None:
        if leader:
            entry["courtesans"] = leader
        else:
            entry.pop("courtesans", None)

    return in_entry(game, "choose_courtesans_copy", age, player, choose)


def listed(index: int, items: list[Any], what: str) -> None:
    """Refuse an index that points at nothing listed (a request made on a screen shown before the card or
    island went, say): a phone's stale request must be refused, not remove another one."""
    if not 0 <= index < len(items):
        raise InputError(what, index + 1, t("edits.allowed.listed", count=len(items)))


# --- what the table may choose ----------------------------------------------------------------------------


def _holds_opt_out(data: dict[str, Any], age: int, name: str, catalog: Catalog) -> bool:
    """Whether `name` holds Forgotten Port (an island that lets its owner stay out) by the end of `age`."""
    return any(
        (island := catalog.island(i)) is not None and island.naval_opt_out
        for block in data["ages"]
        if block["age"] <= age
        for i in block["players"].get(name, {}).get("islands", [])
    )


def free_islands(record: GameRecord, catalog: Catalog) -> list[Island]:
    """Islands nobody holds yet (each island exists once), by level then name (in the table's language)."""
    owned = {
        island.id
        for entries in record.ages.values()
        for e in entries.values()
        for i in e.islands
        if (island := catalog.island(i)) is not None
    }
    return sorted((i for i in catalog.islands if i.id not in owned), key=lambda i: (i.level, fold(local_name(i))))


def incursion_cards(record: GameRecord, catalog: Catalog, age: int, name: str) -> list[tuple[Card, str]]:
    """This age's Dock/Quay/Jetty of `name`, each with the target its arrow points at (two seats away)."""
    left2, right2 = two_seats_away(record.names, name)
    cards = (catalog.built(c, age) for c in record.entry(age, name).cards)
    return [(card, right2 if card.incursion == "right2" else left2) for card in cards if card and card.incursion]


def incursion_targets(record: GameRecord, catalog: Catalog, age: int, name: str) -> list[str]:
    """The targets of `name`'s incursions this age: as the table chose them, else where each arrow points."""
    typed = record.entry(age, name).incursions or []
    cards = incursion_cards(record, catalog, age, name)
    return [typed[i] if i < len(typed) else derived for i, (_, derived) in enumerate(cards)]


def courtesans_guild(catalog: Catalog, age: int, cards: list[str]) -> Card | None:
    """The Courtesans Guild among these cards of `age` (the guild whose token copies a leader), or None."""
    return next((card for name in cards if (card := catalog.built(name, age)) and card.copies_leader), None)


def neighbour_leaders(record: GameRecord, catalog: Catalog, age: int, name: str) -> list[tuple[Leader, str]]:
    """The leaders the Courtesans Guild of `name` may copy, each with its owner: "one of the Leaders present in
    a neighbouring city" (Leaders rulebook), i.e. recruited by the left or right neighbour by the end of `age`
    (a leader used as a wonder stage or discarded is not in the city)."""
    return [
        (leader, neighbour)
        for neighbour in neighbours(record.names, name)
        for a in range(1, age + 1)
        for play in record.entry(a, neighbour).leaders
        if play.use == "recruit" and (leader := catalog.leader(play.name)) is not None
    ]


def unchosen_copy(record: GameRecord, catalog: Catalog, age: int, name: str) -> Card | None:
    """The Courtesans Guild `name` built this age when it copies no leader yet though a neighbour has one
    (the token must go on a leader when the guild is built), else None."""
    entry: AgeEntry = record.entry(age, name)
    guild = courtesans_guild(catalog, age, entry.cards)
    if guild is None or entry.courtesans is not None or not neighbour_leaders(record, catalog, age, name):
        return None
    return guild
