"""A whole game entered as the table enters it, edit by edit through the core's GameSession, without Textual.

The setup's `Table`, then for every step of the flow the named edits (scorer/edits/) the screens make when
the table types each leader, card, wonder stage, ship, island, Forgotten Port, incursion target, coins and
Olympia's copy, each made on the game as the session holds it then (`GameSession.game`) and applied (and
validated whole) the moment it is made, then ctrl+n's advance. So "the typed game gives the CLI's sheet" is
proved on the record in a second or two; the Pilot games in tests/tui/test_full_games.py prove once per
expansion mix that the keys reach these edits.

`content` and `cli_sheet` compare two records through the catalogue, for the Pilot games as well.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

from scorer.catalog import FLEETS, load_catalog
from scorer.edits import Edit
from scorer.edits.age import (
    add_card,
    add_island,
    choose_incursion,
    incursion_targets,
    move_ship,
    set_wonder_stages,
    stay_out_of_naval,
)
from scorer.edits.end import copy_guild, set_end_count
from scorer.edits.leaders import choose_leader
from scorer.edits.table import Table
from scorer.flow import Step
from scorer.model import GameRecord, Seat
from scorer.rules.sheet import score_game, sheet_to_dict
from scorer.session import Draft, GameSession

NO_SHIPS = dict.fromkeys(FLEETS, 0)
# What the replay knows how to type for a player's age; an example holding more fails loudly, not silently.
TYPED = {"cards", "wonder_stages", "leaders", "ships", "islands", "abstain_naval", "incursions"}


# --- comparing records through the catalogue ------------------------------------------------------------


def content(record: GameRecord) -> dict[str, Any]:
    """What the table entered, with names resolved to catalogue ids (language and case do not matter) and
    ships as the positions on the Dockyard at the end of each age (an age where no ship moved may or may
    not repeat them). Ids, dates, status and progress are left out."""
    catalog = load_catalog()
    ages: dict[int, dict[str, Any]] = {}
    ships = {name: dict(NO_SHIPS) for name in record.names}
    for age in (1, 2, 3):
        ages[age] = {}
        for name, entry in record.ages.get(age, {}).items():
            if entry.ships is not None:
                ships[name] = {colour: entry.ships.get(colour, 0) for colour in FLEETS}
            ages[age][name] = {
                "cards": [catalog.card(card, age).id for card in entry.cards],
                "wonder_stages": entry.wonder_stages,
                "leaders": [(catalog.leader(play.name).id, play.use) for play in entry.leaders],
                "ships": dict(ships[name]) if record.armada else None,
                "islands": [catalog.island(island).id for island in entry.islands],
                "incursions": targets(record, age, name),
                "abstain_naval": entry.abstain_naval,
                "courtesans": entry.courtesans,
                "ground_strength": entry.ground_strength,
                "naval_strength": entry.naval_strength,
            }
    return {
        "expansions": sorted(record.expansions),
        "teams": [list(pair) for pair in record.teams],
        "players": [
            (seat.name, catalog.wonder(seat.wonder).id, seat.side, seat.wonder_fleet) for seat in record.players
        ],
        "ages": ages,
        "end": {
            name: {
                "coins": end.coins,
                "olympia_copy": catalog.card(end.olympia_copy, 3).id if end.olympia_copy else None,
                "quick": end.quick.to_dict() if end.quick else None,
            }
            for name, end in record.end.items()
        },
    }


def targets(record: GameRecord, age: int, name: str) -> list[str]:
    """Whom each Dock/Quay/Jetty of this age attacks: as the table chose, else where its arrow points (an
    example may spell out the default; the UI writes a target only when the table changes it)."""
    return incursion_targets(record, load_catalog(), age, name)


def cli_sheet(record: GameRecord) -> dict[str, Any]:
    """What `wonders-scorer score --json` prints for this record."""
    return sheet_to_dict(score_game(record))


# --- the table's setup ------------------------------------------------------------------------------------


def table(data: dict[str, Any]) -> Table:
    """The table the setup screen describes for `data`: the seats as chosen (wonders by id), the expansions
    ticked, Teams ticked when the game has teams."""
    catalog = load_catalog()
    armada = "armada" in data["expansions"]
    seats = tuple(
        Seat(seat["name"], catalog.wonder(seat["wonder"]).id, seat["side"], seat["wonder_fleet"] if armada else None)
        for seat in data["players"]
    )
    return Table(seats, frozenset(data["expansions"]), bool(data.get("teams")))


# --- a whole game ----------------------------------------------------------------------------------------


def replay(data: dict[str, Any], today: date, save: Callable[[Draft], None]) -> tuple[GameSession, list[Step]]:
    """Enter the game `data` holds from the setup to the sheet, each edit accepted where it is made; the
    session and the steps the table walked (ctrl+n from each)."""
    session = GameSession(table(data).record(today.isoformat()), save)
    session.advance()  # the setup's ctrl+n
    walked = [Step("setup")]
    while session.step != Step("sheet"):
        step = session.step
        walked.append(step)
        for edit in edits_at(session, data, step):
            error = session.apply(edit)
            assert error is None, f"{step} {edit.kind} {edit.player}: {error}"
        session.advance()
    return session, [*walked, session.step]


def edits_at(session: GameSession, data: dict[str, Any], step: Step) -> Iterator[Edit]:
    """The edits the table makes at `step`, one by one (a generator: each is made on the game as the earlier
    ones left it, as a ship's stepper starts from the ships on the Dockyard), with the book's Dockyard values
    (a table with no calibration)."""
    catalog = load_catalog()
    if step.kind == "end":
        for name in session.record.names:
            yield set_end_count(name, "coins", data["end"][name]["coins"])
            if copy := data["end"][name].get("olympia_copy"):
                yield copy_guild(name, catalog.card(copy, 3).en)
        return
    if step.kind not in ("recruitment", "age"):
        return
    age = step.age
    block = next(b for b in data["ages"] if b["age"] == age)
    for name in session.record.names:
        want = block["players"][name]
        assert set(want) <= TYPED, f"the replay does not type {set(want) - TYPED}"
        if step.kind == "recruitment":
            for play in want.get("leaders", []):
                yield choose_leader(age, name, catalog.leader(play["name"]).en, play["use"])
            continue
        for card in want["cards"]:
            yield add_card(session.game(), age, name, catalog.card(card, age))
        if want.get("wonder_stages", 0) != session.record.entry(age, name).wonder_stages:
            yield set_wonder_stages(session.game(), age, name, want["wonder_stages"])
        if session.record.armada:
            for colour in FLEETS:
                if want["ships"][colour] != session.history[age][name].ships.get(colour, 0):
                    yield move_ship(session.game(), age, name, colour, want["ships"][colour])
        for island in want.get("islands", []):
            yield add_island(session.game(), age, name, catalog.island(island))
        if want.get("abstain_naval"):
            yield stay_out_of_naval(session.game(), age, name, True)
        for index, target in enumerate(want.get("incursions", [])):
            if target != targets(session.record, age, name)[index]:
                yield choose_incursion(session.game(), age, name, index, target)
