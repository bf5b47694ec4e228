"""One seat's view of the game, as values: what a player may enter at the step the table is at, and what
the app shows them of it. The table app's screens (age, recruitment) and the phones' page both render it;
neither works an offer out on its own, so the two doors cannot drift apart.

`seat_view(session, player)` reads it from the game session as it stands (so a correction typed on the laptop
shows on a phone's next poll without any bookkeeping), once per session version (GameSession.derived): the
step; the seat's own entries for it (cards, wonder stages, ships per fleet with every Dockyard space of the
table's track, islands, incursion targets, the Courtesans Guild's copy, Forgotten Port, the leaders played,
the coins at the end); every choice it may make (the leaders recruitable, the free islands, the two seats an
incursion may attack, the neighbours' leaders to copy); the figures derived from them (Ground and Naval
strengths with their parts, the age's turns, the islands' free moves); and what is still `missing`. The cards
it may add are `card_choices`: the whole deck's copies are worked out only when a picker or a phone's search
asks, not for every poll of every phone. No words: a screen or scorer.phones.view says it in its language.

`seat_version` is a digest of everything the seat's own state is made of: its entries in the record, every
age's and the end's, and the step. Any change to them, from the laptop or another phone on the same seat,
changes it; an edit of another seat never does. A phone's edit names the version it was made on, and one
made on an older version is refused (scorer.phones.requests), never applied over a newer state.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from scorer.catalog import FLEETS, Card, DockyardSpace, Island, Leader, Wonder, load_catalog
from scorer.deck import buildable
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
from scorer.rules.city import Strength, ground_strength, naval_strength
from scorer.rules.free_moves import IslandMoves, island_free_moves
from scorer.rules.ground import neighbours, two_seats_away
from scorer.rules.turns import AgeTurns, age_turns
from scorer.session import GameSession

ASKING = ("recruitment", "age", "end")  # the steps at which a seat enters something


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

    @property
    def moved(self) -> int:
        """Spaces the ship went up this age."""
        return self.position - self.lowest

    @property
    def reached(self) -> bool:
        """Whether the space it stands on did something this age: the green ship explores only when it
        reaches a space, so in a later age a green ship still there did nothing; every other space's values
        count wherever the ship stands."""
        return self.moved > 0 or self.colour != "green"


@dataclass(frozen=True, slots=True)
class Incursion:
    """The `index`-th Dock, Quay or Jetty built this age and the player it attacks, one of two seats away."""

    index: int
    card: Card
    target: str
    choices: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Courtesans:
    """The Courtesans Guild built this age, the neighbours' leaders it may copy (with their owners; none: the
    neighbours `left` and `right` have recruited none), and the one it copies (None: not chosen yet)."""

    guild: Card
    choices: tuple[tuple[Leader, str], ...]
    chosen: Leader | None
    left: str
    right: str


@dataclass(frozen=True, slots=True)
class Recruitment:
    """The leader `player` played in this recruitment phase (None: none yet), its use, and the leaders on offer."""

    leader: Leader | None
    use: str | None
    choices: tuple[Leader, ...]


@dataclass(frozen=True, slots=True)
class SeatView:
    player: str
    step: Step
    version: str
    quick: bool = False  # scored with quick counts: the phone shows the step but the laptop types the counts
    cards: tuple[Card, ...] = ()  # built this age (an earlier age's card: built from the discard pile)
    stages: int = 0  # this age's
    discarded: int = 0  # cards discarded for coins this age, as the player said
    stages_most: int = 0  # the most this age may hold (the side's stages not built before it)
    wonder: Wonder | None = None  # at an age: the seat's wonder, and its side
    side: str = ""
    wonder_stages_built: int = 0  # by the end of this age, of `wonder_stages_total`
    wonder_stages_total: int = 0
    leaders: tuple[tuple[Leader, str], ...] = ()  # played this age, with their use
    fleets: tuple[Fleet, ...] = ()  # Armada only
    islands: tuple[Island, ...] = ()
    free_islands: tuple[Island, ...] = ()  # Armada only: the islands nobody holds, to explore
    island_moves: IslandMoves | None = None  # Armada only: this age's islands' free moves against the ships
    incursions: tuple[Incursion, ...] = ()
    courtesans: Courtesans | None = None
    opt_out: Island | None = None  # Forgotten Port, held: the player may stay out of the Naval Conflict
    abstain_naval: bool = False
    ground: Strength | None = None  # this age's, the typed value kept beside the derived one
    naval: Strength | None = None  # Armada only
    recruitment: Recruitment | None = None
    coins: int | None = None
    turns: AgeTurns | None = None  # the age's plays against its turns (None: quick counts, or not an age)
    # "age" (nothing entered yet), "turns" (fewer than the age's), "courtesans" (copy not chosen), "coins",
    # "leader" (none chosen at a recruitment)
    missing: tuple[str, ...] = ()

    @property
    def done(self) -> bool:
        """Whether the seat has entered all this step asks of it: a step that asks nothing of a seat (the
        conflicts, the sheet) is never "done", so moving the table there announces nobody."""
        return self.step.kind in ASKING and not self.missing

    @property
    def entered(self) -> bool:
        """Whether the age is entered: every turn accounted for (for a seat on quick counts, anything typed);
        a Courtesans copy still to choose does not make it unentered, the table is asked about it apart."""
        return "age" not in self.missing and "turns" not in self.missing


def seat_view(session: GameSession, player: str) -> SeatView:
    """`player`'s view at the step the table is at, with the table's Dockyard values (computed once per
    session version)."""
    return session.derived(("seat", player), lambda: _seat_view(session, player))


def _seat_view(session: GameSession, player: str) -> SeatView:
    record, step = session.record, session.step
    version = seat_version(record, step, player)
    if step.kind == "age" and step.age is not None:
        return _age_view(session, player, step.age, version)
    if step.kind == "recruitment" and step.age is not None:
        return _recruitment_view(record, player, step, version)
    if step.kind in ("end", "sheet"):
        coins = record.coins(player)
        missing = ("coins",) if coins is None and step.kind == "end" else ()
        return SeatView(player, step, version, scored_quick(record, player), coins=coins, missing=missing)
    return SeatView(player, step, version)


def card_choices(session: GameSession, player: str) -> tuple[Card, ...]:
    """The cards `player` may add at this age (the deck's copies left, and the discard pile's earlier-age cards
    while the seat may build from it: scorer.deck.buildable); none outside an age. Once per version."""
    step = session.step
    if step.kind != "age" or step.age is None:
        return ()
    age = step.age
    return session.derived(("cards", player), lambda: tuple(buildable(session.record, load_catalog(), age, player)))


def _age_view(session: GameSession, player: str, age: int, version: str) -> SeatView:
    record, catalog, track = session.record, load_catalog(), session.track
    entry = record.entry(age, player)
    city = session.history[age][player]
    before = sum(record.entry(a, player).wonder_stages for a in range(1, age))
    quick = scored_quick(record, player)
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
        left, right = neighbours(record.names, player)
        choices = tuple(neighbour_leaders(record, catalog, age, player))
        courtesans = Courtesans(guild, choices, chosen, left, right)
    turns = None if quick else age_turns(record, catalog, age, player)
    missing = [] if entry.entered() else ["age"]
    if not missing and turns is not None and not turns.done:
        missing.append("turns")  # a seat is entered once every turn is
    if unchosen_copy(record, catalog, age, player) is not None:
        missing.append("courtesans")
    return SeatView(
        player,
        session.step,
        version,
        quick=quick,
        cards=catalog.built_all(entry.cards, age),
        stages=entry.wonder_stages,
        discarded=entry.discarded,
        stages_most=len(city.side.stages) - before,
        wonder=city.wonder,
        side=city.side.side,
        wonder_stages_built=city.stages,
        wonder_stages_total=len(city.side.stages),
        leaders=tuple(
            (leader, play.use) for play in entry.leaders if (leader := catalog.leader(play.name)) is not None
        ),
        fleets=fleets,
        islands=tuple(island for name in entry.islands if (island := catalog.island(name)) is not None),
        free_islands=tuple(free_islands(record, catalog)) if record.armada else (),
        island_moves=island_free_moves(record, catalog, age, player) if record.armada else None,
        incursions=incursions,
        courtesans=courtesans,
        opt_out=next((island for island in city.islands if island.naval_opt_out), None),
        abstain_naval=entry.abstain_naval,
        ground=ground_strength(city, entry.ground_strength),
        naval=naval_strength(city, track, entry.naval_strength) if record.armada else None,
        turns=turns,
        missing=tuple(missing),
    )


def _recruitment_view(record: GameRecord, player: str, step: Step, version: str) -> SeatView:
    catalog = load_catalog()
    age = step.age or 1
    plays = record.entry(age, player).leaders
    first = plays[0] if plays else None
    offered = recruitable(record, catalog, age, player)
    leader = catalog.leader(first.name) if first else None
    return SeatView(
        player,
        step,
        version,
        recruitment=Recruitment(leader, first.use if first else None, offered),
        missing=() if first else ("leader",),
    )
