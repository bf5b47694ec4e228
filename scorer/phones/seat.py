"""One seat's view of the game, as data: what a phone shows its player for the step the table is at.

`seat_state` reads it from the game session as it stands (so a correction typed on the laptop shows on the
next poll without any bookkeeping): the step, the seat's own entries for it (cards, wonder stages, ships per
fleet with every Dockyard space's values from the table's track, islands, incursion targets, the Courtesans
Guild's copy, Forgotten Port, the leaders played, the coins at the end), the choices it may make — the same
the table app's screens offer, from the same core calls (scorer.edits.age's choices,
scorer.edits.leaders.recruitable) — and what is still missing. The cards it may add are not listed here:
a phone searches them (PhoneTable.cards, scorer.deck.buildable as the age screen's picker), and working out
the whole deck's copies for every poll of every phone would be most of the state's cost. No words:
scorer.phones.view says it in a phone's language.

`seat_version` is a digest of everything the seat's own state is made of: its entries in the record, every
age's and the end's, and the step. Any change to them, from the laptop or another phone on the same seat,
changes it; an edit of another seat never does. A phone's edit names the version it was made on, and one
made on an older version is refused (scorer.phones.requests), never applied over a newer state.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from scorer.catalog import FLEETS, Card, DockyardSpace, DockyardTrack, Island, Leader, load_catalog
from scorer.edits.age import (
    courtesans_guild,
    free_islands,
    incursion_cards,
    incursion_targets,
    neighbour_leaders,
    unchosen_copy,
)
from scorer.edits.base import scored_quick
from scorer.edits.leaders import recruitable
from scorer.flow import Step
from scorer.model import GameRecord
from scorer.rules.ground import two_seats_away
from scorer.rules.turns import AgeTurns, age_turns
from scorer.session import GameSession

PHONE_STEPS = frozenset({"recruitment", "age", "end", "sheet"})  # the steps a phone enters or reads something at


def seat_version(record: GameRecord, step: Step, player: str) -> str:
    """A digest of `player`'s entries (every age's, the end's) and the step: their state's version."""
    own = {
        "step": step.to_dict(),
        "ages": {str(age): entries[player].to_dict() for age, entries in record.ages.items() if player in entries},
        "end": record.end[player].to_dict() if player in record.end else None,
    }
    text = json.dumps(own, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Fleet:
    """One fleet's ship this age: where it stands, the lowest space it may stand on (where the age began:
    ships only go up), and every space of the track with what it shows."""

    colour: str
    position: int
    lowest: int
    spaces: tuple[DockyardSpace, ...]


@dataclass(frozen=True, slots=True)
class Incursion:
    """The `index`-th Dock, Quay or Jetty built this age and the player it attacks, one of two seats away."""

    index: int
    card: Card
    target: str
    choices: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Courtesans:
    """The Courtesans Guild built this age, the neighbours' leaders it may copy (with their owners), and the
    one it copies (None: not chosen yet)."""

    guild: Card
    choices: tuple[tuple[Leader, str], ...]
    chosen: Leader | None


@dataclass(frozen=True, slots=True)
class Recruitment:
    """The leader `player` played in this recruitment phase (None: none yet), its use, and the leaders on offer."""

    leader: Leader | None
    use: str | None
    choices: tuple[Leader, ...]


ASKING = ("recruitment", "age", "end")  # the steps at which a seat enters something


@dataclass(frozen=True, slots=True)
class SeatState:
    player: str
    step: Step
    version: str
    quick: bool = False  # scored with quick counts: the phone shows the step but the laptop types the counts
    cards: tuple[Card, ...] = ()
    stages: int = 0  # this age's
    stages_most: int = 0  # the most this age may hold (the side's stages not built before it)
    wonder_stages_built: int = 0  # by the end of this age, of `wonder_stages_total`
    wonder_stages_total: int = 0
    leaders: tuple[tuple[Leader, str], ...] = ()  # played this age, with their use
    fleets: tuple[Fleet, ...] = ()  # Armada only
    islands: tuple[Island, ...] = ()
    free_islands: tuple[Island, ...] = ()
    incursions: tuple[Incursion, ...] = ()
    courtesans: Courtesans | None = None
    opt_out: Island | None = None  # Forgotten Port, held: the player may stay out of the Naval Conflict
    abstain_naval: bool = False
    recruitment: Recruitment | None = None
    coins: int | None = None
    turns: AgeTurns | None = None  # the age's plays against its turns (None: quick counts, or not an age)
    missing: tuple[
        str, ...
    ] = ()  # "age" (nothing entered yet), "turns" (fewer than the age's), "courtesans" (copy not chosen), "coins"

    @property
    def done(self) -> bool:
        """Whether the seat has entered all this step asks of it: a step that asks nothing of a seat (the
        conflicts, the sheet) is never "done", so moving the table there announces nobody."""
        return self.step.kind in ASKING and not self.missing


def seat_state(session: GameSession, track: DockyardTrack, player: str) -> SeatState:
    """`player`'s state at the step the table is at, with the Dockyard values `track` (the table's)."""
    record, step = session.record, session.step
    version = seat_version(record, step, player)
    if step.kind == "age" and step.age is not None:
        return _age_state(session, track, player, step.age, version)
    if step.kind == "recruitment" and step.age is not None:
        return _recruitment_state(record, player, step, version)
    if step.kind in ("end", "sheet"):
        coins = record.coins(player)
        missing = ("coins",) if coins is None and step.kind == "end" else ()
        return SeatState(player, step, version, scored_quick(record, player), coins=coins, missing=missing)
    return SeatState(player, step, version)


def _age_state(session: GameSession, track: DockyardTrack, player: str, age: int, version: str) -> SeatState:
    record, catalog = session.record, load_catalog()
    entry = record.entry(age, player)
    city = session.history[age][player]
    before = sum(record.entry(a, player).wonder_stages for a in range(1, age))
    fleets: tuple[Fleet, ...] = ()
    if record.armada:
        start = session.history[age - 1][player].ships if age > 1 else dict.fromkeys(FLEETS, 0)
        fleets = tuple(Fleet(c, city.ships[c], start.get(c, 0), track.spaces) for c in FLEETS)
    targets = incursion_targets(record, catalog, age, player)
    left2, right2 = two_seats_away(record.names, player)
    incursions = tuple(
        Incursion(i, card, target, (left2, right2))
        for i, ((card, _), target) in enumerate(zip(incursion_cards(record, catalog, age, player), targets))
    )
    guild = courtesans_guild(catalog, age, entry.cards)
    courtesans = None
    if guild is not None:
        chosen = catalog.leader(entry.courtesans) if entry.courtesans else None
        courtesans = Courtesans(guild, tuple(neighbour_leaders(record, catalog, age, player)), chosen)
    turns = None if scored_quick(record, player) else age_turns(record, catalog, age, player)
    missing = [] if entry.entered() else ["age"]
    if not missing and turns is not None and not turns.done:
        missing.append("turns")  # the age screen's notion: a seat is entered once every turn is
    if unchosen_copy(record, catalog, age, player) is not None:
        missing.append("courtesans")
    held = [island for name in entry.islands if (island := catalog.island(name)) is not None]
    return SeatState(
        player,
        session.step,
        version,
        quick=scored_quick(record, player),
        cards=tuple(card for name in entry.cards if (card := catalog.built(name, age)) is not None),
        stages=entry.wonder_stages,
        stages_most=len(city.side.stages) - before,
        wonder_stages_built=city.stages,
        wonder_stages_total=len(city.side.stages),
        leaders=tuple(
            (leader, play.use) for play in entry.leaders if (leader := catalog.leader(play.name)) is not None
        ),
        fleets=fleets,
        islands=tuple(held),
        free_islands=tuple(free_islands(record, catalog)) if record.armada else (),
        incursions=incursions,
        courtesans=courtesans,
        opt_out=next((island for island in city.islands if island.naval_opt_out), None),
        abstain_naval=entry.abstain_naval,
        turns=turns,
        missing=tuple(missing),
    )


def _recruitment_state(record: GameRecord, player: str, step: Step, version: str) -> SeatState:
    catalog = load_catalog()
    age = step.age or 1
    plays = record.entry(age, player).leaders
    first = plays[0] if plays else None
    offered = recruitable(record, catalog, age, player)
    leader = catalog.leader(first.name) if first else None
    return SeatState(
        player,
        step,
        version,
        recruitment=Recruitment(leader, first.use if first else None, offered),
        missing=() if first else ("leader",),
    )
