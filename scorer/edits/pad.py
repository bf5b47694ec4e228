"""The score pad: the whole game typed at the end, box by box in the pad's order, and the edits each box makes.

A table that keeps the paper pad types each player's boxes (each age's strengths, Dock/Quay/Jetty, the
Forgotten Port, wonder stages, the quick counts, the leaders no count holds, the Blue fleet, coins): this is
the form's model — which boxes a record has (`pad_fields`), what each holds and may hold, and the edit a typed
value makes — over the quick counts of scorer.edits.quick, which the pad's counts are.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorer.catalog import SYMBOLS, Catalog, Leader, load_catalog, load_limits
from scorer.edits.base import Edit, Game, end_of, entry_of, scored_quick
from scorer.edits.quick import quick_count, quick_counts, set_quick_count
from scorer.errors import InputError
from scorer.i18n import local_name, t
from scorer.model import FLEET_ORDER, GameRecord
from scorer.rules.city import City, ground_strength, incursions_of, naval_strength
from scorer.rules.ground import two_seats_away


@dataclass(frozen=True, slots=True)
class PadField:
    """One box of the score pad: `kind` says what it holds ("ground", "naval", "incursion", "stays_out" for
    one age; "stages", "blue", "coins"; "quick" for one of the quick counts at `path`; for one of the
    `pad_leaders` at `path` (its id), "recruited_in" the Age it was recruited in, "recruited" whether it was,
    "copied" whether this player's Courtesans Guild copies it)."""

    kind: str
    age: int | None = None
    path: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The box's name, unique on the pad ("ground-1", "quick-civilian", "coins")."""
        return "-".join((self.kind, *((str(self.age),) if self.age else ()), *self.path))


AGES = (1, 2, 3)
COURTESANS_AGE = 3  # the Courtesans Guild is an Age III card: its copy is in the Age III entry


def pad_leaders(catalog: Catalog) -> tuple[Leader, ...]:
    """The leaders whose effect no count of the pad holds: they act on how the app resolves the rest, the
    conflicts (Tomyris sending her owner's Defeat tokens to the winner) or the science sets (Aristotle's 3 VP
    more per set). The pad names them instead: recruited (in which Age, when it acts on conflicts), or copied
    by the player's Courtesans Guild. Every other leader's effect is in a box (Leaders VP, a symbol, shields)."""
    return tuple(leader for leader in catalog.leaders if leader.tomyris or leader.science_set_bonus > 0)


def _pad_leader(catalog: Catalog, field: PadField) -> Leader:
    """The leader a leader box of the pad is about."""
    leader = catalog.leader(field.path[-1])
    assert leader is not None and leader in pad_leaders(catalog), field
    return leader


def pad_most(record: GameRecord, field: PadField) -> int:
    """The largest value a box of the pad takes, from the catalogue where it bounds it (so a box of one digit
    moves on as soon as it is typed): 1 for a yes/no, the most stages a wonder side has, the track's last space
    for the Blue fleet, the guilds in the deck, the cards, leaders (one more copied) and islands that give a
    science symbol; the strengths', coins' and quick counts' limits for the others."""
    catalog = load_catalog()
    name = field.path[-1] if field.path else field.kind
    if field.kind in ("incursion", "stays_out", "recruited", "copied"):
        return 1
    if field.kind == "recruited_in":
        return len(AGES)
    if name == "stages":
        return max(len(side.stages) for wonder in catalog.wonders for side in wonder.sides.values())
    if name == "blue":
        return catalog.dockyard.last
    if name == "purple":
        return min(len(record.players), 7) + catalog.table.guilds_extra
    if name in SYMBOLS:
        cards = {card.id for card in catalog.cards if card.science == name}
        return len(cards) + sum(1 for leader in catalog.leaders if leader.science == name) + 1
    if name in ("wildcards", "most_common"):
        flag = f"science_{name.removesuffix('s')}"
        cards = {card.id for card in catalog.cards if getattr(card, flag)}
        return len(cards) + sum(1 for island in catalog.islands if getattr(island, flag)) + 1
    limits = load_limits()
    if field.kind in ("ground", "naval"):
        return limits.strength
    if field.kind == "coins":
        return limits.coins
    return limits.quick_count


def wonder_wildcards(game: Game, player: str) -> int:
    """The science symbols of any kind `player`'s built wonder stages give (Babylon A's second stage): the
    app adds them itself, so a pad's "any" box that counted them too would count them twice."""
    if not game.history:
        return 0
    city = game.history[max(game.history)].get(player)
    return sum(stage.science_wildcard for stage in city.built_stages) if city is not None else 0


def pad_fields(record: GameRecord) -> tuple[PadField, ...]:
    """The pad's boxes for this table, in the paper pad's order: each age's strengths (the conflicts are
    resolved from them), then the rows the pad adds up, coins last. Incursions and Forgotten Port, rare, are
    boxes of their own beside each age's strengths; so are, with Leaders, the `pad_leaders` a Courtesans Guild
    copies (beside the guilds) and those recruited (beside the Leaders VP)."""
    fields: list[PadField] = []
    for age in AGES:
        fields.append(PadField("ground", age))
        if record.armada:
            fields += [PadField("naval", age), PadField("incursion", age), PadField("stays_out", age)]
    fields += [
        PadField("stages"),
        PadField("quick", path=("civilian",)),
        PadField("quick", path=("commercial",)),
        PadField("quick", path=("colours", "purple")),
        PadField("quick", path=("guilds",)),
    ]
    leaders = pad_leaders(load_catalog()) if record.leaders else ()
    fields += [PadField("copied", path=(leader.id,)) for leader in leaders]
    fields += [PadField("quick", path=("science", symbol)) for symbol in (*SYMBOLS, "wildcards", "most_common")]
    if record.leaders:
        fields.append(PadField("quick", path=("leaders",)))
        fields += [
            PadField("recruited_in" if _age_matters(leader) else "recruited", path=(leader.id,)) for leader in leaders
        ]
    if record.armada:
        fields += [PadField("quick", path=("islands",)), PadField("blue")]
    return (*fields, PadField("coins"))


def pad_value(record: GameRecord, player: str, field: PadField) -> int:
    """What `player`'s box of the pad holds in the record (0 where nothing is typed)."""
    if field.kind == "quick":
        quick = record.end[player].quick if player in record.end else None
        return quick_count(quick, field.path) if quick is not None else 0
    if field.kind == "coins":
        return record.coins(player) or 0
    if field.kind == "stages":
        return sum(record.entry(age, player).wonder_stages for age in AGES)
    if field.kind == "blue":
        ships = record.entry(3, player).ships
        return ships.get("blue", 0) if ships else 0
    if field.kind in ("recruited_in", "recruited", "copied"):
        return _leader_value(record, player, field)
    entry = record.entry(field.age or 1, player)
    if field.kind == "incursion":
        return len(entry.incursions or ())
    if field.kind == "stays_out":
        return int(entry.abstain_naval)
    typed = entry.ground_strength if field.kind == "ground" else entry.naval_strength
    return typed or 0


def _leader_value(record: GameRecord, player: str, field: PadField) -> int:
    """A leader box's value: the Age the leader was recruited in (0: not), whether it was, or whether the
    player's Courtesans Guild copies it."""
    catalog = load_catalog()
    leader = _pad_leader(catalog, field)
    if field.kind == "copied":
        copy = record.entry(COURTESANS_AGE, player).courtesans
        return int(copy is not None and catalog.leader(copy) == leader)
    age = next(
        (
            age
            for age in AGES
            for play in record.entry(age, player).leaders
            if play.use == "recruit" and catalog.leader(play.name) == leader
        ),
        0,
    )
    return age if field.kind == "recruited_in" else int(age > 0)


def _set_leader(
    catalog: Catalog, player: str, entries: Mapping[int, dict[str, Any]], field: PadField, value: int
) -> None:
    """A leader box typed into the player's age entries. A copy is the Age III entry's Courtesans token. A
    recruit goes in its Age's recruitment when its Age matters (Tomyris acts from that Age's conflicts on),
    else where it was or in the first recruitment still free (Aristotle acts at the end); one whose Age does
    not matter makes way to another free recruitment, so the pad never puts two recruits in one."""
    leader = _pad_leader(catalog, field)
    if field.kind == "copied":
        entry = entries[COURTESANS_AGE]
        if value:
            entry["courtesans"] = leader.en
        elif (copy := entry.get("courtesans")) is not None and catalog.leader(copy) == leader:
            del entry["courtesans"]
        return
    if field.kind == "recruited_in" and value not in (0, *AGES):
        label = t("edits.field.recruited_in", player=player, leader=local_name(leader))
        raise InputError(f"pad.{player}.{field.key}", value, t("edits.allowed.recruited_in"), label=label)
    was = next((age for age, entry in entries.items() if _recruit(catalog, entry, leader)), 0)
    for entry in entries.values():
        if (play := _recruit(catalog, entry, leader)) is not None:
            entry["leaders"].remove(play)
    if not value:
        return
    free = [age for age, entry in entries.items() if not _recruits(entry)]
    age = value if field.kind == "recruited_in" else was or next(iter(free), AGES[-1])
    room = [a for a in free if a != age]
    for play in _recruits(entries[age]):
        moved = catalog.leader(play["name"])
        if moved is not None and moved in pad_leaders(catalog) and not _age_matters(moved) and room:
            entries[age]["leaders"].remove(play)
            entries[room.pop(0)].setdefault("leaders", []).append(play)
    entries[age].setdefault("leaders", []).append({"name": leader.en, "use": "recruit"})


def _age_matters(leader: Leader) -> bool:
    """Whether a leader of the pad acts from the Age it is recruited in on (Tomyris, on conflicts), not at the
    end of the game."""
    return leader.tomyris


def _recruits(entry: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The leaders recruited in an age entry (the record's JSON form)."""
    return [play for play in entry.get("leaders", []) if play["use"] == "recruit"]


def _recruit(catalog: Catalog, entry: Mapping[str, Any], leader: Leader) -> dict[str, Any] | None:
    """The play recruiting `leader` in an age entry, or None."""
    return next((play for play in _recruits(entry) if catalog.leader(play["name"]) == leader), None)


def _incursion_target(game: Game, age: int, player: str) -> str:
    """Whom the age's Dock, Quay or Jetty attacks, by its arrow (two seats away, left or right)."""
    left2, right2 = two_seats_away(game.record.names, player)
    arrows = {card.incursion for card in game.catalog.cards if card.age == age and card.incursion}
    return left2 if arrows == {"left2"} else right2


def set_pad_value(game: Game, player: str, field: PadField, value: int) -> Edit:
    """One box of `player`'s pad as the table typed it."""
    if field.kind == "quick":
        return set_quick_count(player, field.path, value)
    target = _incursion_target(game, field.age, player) if field.kind == "incursion" and field.age else ""

    def set_value(data: dict[str, Any]) -> None:
        if field.kind == "coins":
            end_of(data, player)["coins"] = value
            return
        entries = {age: entry_of(data, age, player, _pad_fresh(game.record)) for age in AGES}
        if field.kind in ("recruited_in", "recruited", "copied"):
            _set_leader(game.catalog, player, entries, field, value)
        elif field.kind == "stages":
            for age, entry in entries.items():
                entry["wonder_stages"] = value if age == 3 else 0
        elif field.kind == "blue":
            entries[3]["ships"] = dict.fromkeys(FLEET_ORDER, 0) | entries[3].get("ships", {}) | {"blue": value}
        elif field.kind == "incursion":
            entries[field.age or 1]["incursions"] = [target] * value
        elif field.kind == "stays_out":
            entries[field.age or 1]["abstain_naval"] = bool(value)
        else:
            entries[field.age or 1][f"{field.kind}_strength"] = value

    return Edit(f"set_pad_{field.kind}", player, set_value)


def _pad_fresh(record: GameRecord) -> dict[str, Any]:
    """What an age entry of the pad starts with: strengths typed as 0 until the table types them."""
    return {"ground_strength": 0} | ({"naval_strength": 0} if record.armada else {})


def start_score_pad(game: Game) -> Edit:
    """The whole table scored at the end, like the paper pad, starting from what is entered so far: each
    age's strengths and incursions as they stand, the wonder's stages, the Blue fleet's space, and each row the
    pad adds up (Civilian, Commercial, Guilds, Leaders, Islands VP, the science symbols, the wildcard of a
    Scientists Guild Olympia B copies) as the sheet scores it now; card, leader and island names are taken out
    (undo brings them back). A new table starts at 0.

    A leader whose effect changes how the app resolves the rest (Tomyris sending Defeat tokens on, Aristotle's
    VP per science set: pad_leaders) stays named, recruited in its Age or copied by a Courtesans Guild, as the
    pad's leader boxes name it: the sheet is the same before and after the switch."""
    from scorer.rules.sheet import score_game  # the sheet scores the rows the pad starts from

    record, history, catalog = game.record, game.history, game.catalog
    sheet = score_game(record, catalog, game.track, history) if record.ages else None
    rows = {p.name: p.rows for p in sheet.players} if sheet else {}
    fights = {age.age: age for age in sheet.ages} if sheet else {}
    attacks: dict[tuple[int, str], list[str]] = {}
    for age in record.ages:
        built = {n: history[age][n].cards[len(history[age - 1][n].cards) if age > 1 else 0 :] for n in record.names}
        for incursion in incursions_of(record, age, built):
            attacks.setdefault((age, incursion.attacker), []).append(incursion.target)

    def start(data: dict[str, Any]) -> None:
        for name in record.names:
            city = history[3][name]
            entries = {age: entry_of(data, age, name, _pad_fresh(record)) for age in AGES}
            for age, entry in entries.items():
                was = record.entry(age, name)
                conflicts = fights.get(age)
                if conflicts is not None:
                    entry["ground_strength"] = conflicts.ground_strength[name].value
                    if conflicts.naval_strength is not None:
                        entry["naval_strength"] = conflicts.naval_strength[name].value
                else:  # an age not entered yet: the strengths its cities stand at, as a new entry starts
                    entry.update(
                        game.fresh_entry(age, name) if scored_quick(record, name) else _derived(game, age, name)
                    )
                if (age, name) in attacks:
                    entry["incursions"] = attacks[age, name]
                for key in ("cards", "leaders", "islands", "courtesans", "ships"):
                    entry.pop(key, None)
                entry["cards"] = []
                kept = [play for play in was.leaders if play.use == "recruit" and _no_pad_box(catalog, play.name)]
                if kept:
                    entry["leaders"] = [{"name": play.name, "use": play.use} for play in kept]
                if was.courtesans is not None and _no_pad_box(catalog, was.courtesans):
                    entry["courtesans"] = was.courtesans
                entry["wonder_stages"] = city.stages if age == 3 else 0
                if was.abstain_naval:
                    entry["abstain_naval"] = True
            if record.armada:
                entries[3]["ships"] = dict(city.ships)
            end = end_of(data, name)
            end.pop("olympia_copy", None)
            end["quick"] = _pad_counts(city, rows.get(name, {}))

    return Edit("start_score_pad", None, start)


def _no_pad_box(catalog: Catalog, name: str) -> bool:
    """Whether the leader called `name` is one of the pad_leaders, named on the pad rather than counted."""
    return catalog.leader(name) in pad_leaders(catalog)


def _derived(game: Game, age: int, name: str) -> dict[str, Any]:
    """The strengths `name`'s city stands at in `age`, from what is entered."""
    city = game.history[age][name]
    derived = {"ground_strength": ground_strength(city).value}
    if game.record.armada:
        derived["naval_strength"] = naval_strength(city, game.track).value
    return derived


def _pad_counts(city: City, rows: Mapping[str, Any]) -> dict[str, Any]:
    """A pad's counts from a city and its sheet's rows: the VP the pad adds up, the colours, and the science
    symbols from cards, leaders and islands (the wonder's own symbols stay the app's to count)."""
    counts = quick_counts(city.cards) if city.quick is None else city.quick.to_dict()
    science = dict(counts["science"])
    for leader in city.active_leaders:
        if leader.science:
            science[leader.science] = science.get(leader.science, 0) + 1
    for island in city.islands:
        science["wildcards"] = science.get("wildcards", 0) + island.science_wildcard
        science["most_common"] = science.get("most_common", 0) + island.science_most_common
    copied = rows["guilds"].copied if "guilds" in rows else None
    if copied is not None and copied.guild.science_wildcard:  # Olympia B's copy of a Scientists Guild
        science["wildcards"] = science.get("wildcards", 0) + 1
    vp = {
        row: rows[row].value if row in rows else 0 for row in ("civilian", "commercial", "guilds", "leaders", "islands")
    }
    return counts | {"colours": city.colours(), "science": science} | vp
