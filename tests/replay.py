"""A whole game entered as the table enters it, edit by edit through the core's GameSession, without Textual.

The setup's record, then for every step of the flow the edits the screens make when the table types each
leader, card, wonder stage, ship, island, Forgotten Port, incursion target, coins and Olympia's copy, each
applied (and validated whole) the moment it is made, then ctrl+n's advance. So "the typed game gives the
CLI's sheet" is proved on the record in a second or two; the Pilot games in tests/tui/test_full_games.py prove
once per expansion mix that the keys reach these edits.

Each edit below is what the screen's closure does to the record's JSON today (widgets/screens/setup.py
`table`, age.py `entry_of` and its pickers, steppers and boxes, recruitment.py `set_choice`, end.py
`_set`); when the core names them (scorer/edits/), each becomes a call to its named edit.

`content` and `cli_sheet` compare two records through the catalogue, for the Pilot games as well.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

from scorer.catalog import FLEETS, load_catalog
from scorer.flow import Step
from scorer.model import GameRecord
from scorer.rules.city import city_history, incursions_of
from scorer.rules.sheet import score_game, sheet_to_dict
from scorer.session import Draft, GameSession

Edit = Callable[[dict[str, Any]], None]
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
    return [i.target for i in incursions_of(record, load_catalog(), age) if i.attacker == name]


def cli_sheet(record: GameRecord) -> dict[str, Any]:
    """What `wonders-scorer score --json` prints for this record."""
    return sheet_to_dict(score_game(record))


# --- the table's edits -------------------------------------------------------------------------------------


def table(data: dict[str, Any], today: date) -> dict[str, Any]:
    """The record the setup screen starts: the seats as chosen (wonders by id), the expansions ticked, teams of
    neighbours when Teams is ticked, nothing entered yet."""
    catalog = load_catalog()
    players = []
    for seat in data["players"]:
        player = {"name": seat["name"], "wonder": catalog.wonder(seat["wonder"]).id, "side": seat["side"]}
        if "armada" in data["expansions"]:
            player["wonder_fleet"] = seat["wonder_fleet"]
        players.append(player)
    record = {
        "schema": data["schema"],
        "played_on": today.isoformat(),
        "status": "in_progress",
        "expansions": [name for name in ("leaders", "armada") if name in data["expansions"]],
        "players": players,
        "ages": [],
        "end": {},
    }
    if data.get("teams"):
        names = [p["name"] for p in players]
        record["teams"] = [names[i : i + 2] for i in range(0, len(names), 2)]
    return record


def entry_of(data: dict[str, Any], age: int, name: str) -> dict[str, Any]:
    """`name`'s entry for `age`, created (with the age) when the table first enters it."""
    block = next((b for b in data["ages"] if b["age"] == age), None)
    if block is None:
        block = {"age": age, "players": {}}
        data["ages"].append(block)
        data["ages"].sort(key=lambda b: b["age"])
    return block["players"].setdefault(name, {"cards": [], "wonder_stages": 0})


def in_entry(age: int, name: str, change: Callable[[dict[str, Any]], None]) -> Edit:
    return lambda data: change(entry_of(data, age, name))


def recruit(age: int, name: str, leader: str, use: str) -> Edit:
    """The leader picked in the player's row (English name), with its use: tucked as a wonder stage it counts
    as one of the age's stages."""

    def change(entry: dict[str, Any]) -> None:
        entry["leaders"] = [{"name": leader, "use": use}]
        if use == "wonder":
            entry["wonder_stages"] += 1

    return in_entry(age, name, change)


def build(age: int, name: str, card: str) -> Edit:
    """A card picked on the age screen (English name)."""
    return in_entry(age, name, lambda entry: entry["cards"].append(card))


def set_stages(age: int, name: str, stages: int) -> Edit:
    return in_entry(age, name, lambda entry: entry.__setitem__("wonder_stages", stages))


def move_ship(age: int, name: str, colour: str, space: int, before: dict[str, int]) -> Edit:
    """A ship's stepper: the age's positions start from where the ships stood (`before`)."""
    return in_entry(
        age, name, lambda entry: entry.__setitem__("ships", {**before, **entry.get("ships", {}), colour: space})
    )


def take_island(age: int, name: str, island: str) -> Edit:
    """An island picked (its Portuguese name, as the island picker stores it)."""
    return in_entry(age, name, lambda entry: entry.setdefault("islands", []).append(island))


def stay_out(age: int, name: str) -> Edit:
    """Forgotten Port's box ticked: the player stays out of this age's Naval Conflict."""
    return in_entry(age, name, lambda entry: entry.update(abstain_naval=True))


def aim(age: int, name: str, chosen: list[str]) -> Edit:
    """The incursions' targets chosen on their menus, in the order of the cards."""
    return in_entry(age, name, lambda entry: entry.__setitem__("incursions", chosen))


def set_coins(name: str, coins: int) -> Edit:
    return lambda data: data.setdefault("end", {}).setdefault(name, {}).__setitem__("coins", coins)


def copy_guild(name: str, guild: str) -> Edit:
    """Olympia B's last stage copies this neighbour's guild (English name)."""
    return lambda data: data["end"][name].__setitem__("olympia_copy", guild)


# --- a whole game ----------------------------------------------------------------------------------------


def replay(data: dict[str, Any], today: date, save: Callable[[Draft], None]) -> tuple[GameSession, list[Step]]:
    """Enter the game `data` holds from the setup to the sheet, each edit accepted where it is made; the
    session and the steps the table walked (ctrl+n from each)."""
    session = GameSession(table(data, today), save)
    session.advance()  # the setup's ctrl+n
    walked = [Step("setup")]
    while session.step != Step("sheet"):
        step = session.step
        walked.append(step)
        for edit in edits_at(session, data, step):
            error = session.apply(edit)
            assert error is None, f"{step}: {error}"
        session.advance()
    return session, [*walked, session.step]


def edits_at(session: GameSession, data: dict[str, Any], step: Step) -> Iterator[Edit]:
    """The edits the table makes at `step`, one by one (a generator: each is made on the record as the
    earlier ones left it, as a ship's stepper starts from the ships on the Dockyard)."""
    catalog = load_catalog()
    if step.kind == "end":
        for name in session.record.names:
            yield set_coins(name, data["end"][name]["coins"])
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
                yield recruit(age, name, catalog.leader(play["name"]).en, play["use"])
            continue
        for card in want["cards"]:
            yield build(age, name, catalog.card(card, age).en)
        if want.get("wonder_stages", 0) != session.record.entry(age, name).wonder_stages:
            yield set_stages(age, name, want["wonder_stages"])
        if session.record.armada:
            for colour in FLEETS:
                before = city_history(session.record, catalog)[age][name].ships
                if want["ships"][colour] != before.get(colour, 0):
                    yield move_ship(age, name, colour, want["ships"][colour], dict(before))
        for island in want.get("islands", []):
            yield take_island(age, name, catalog.island(island).pt)
        if want.get("abstain_naval"):
            yield stay_out(age, name)
        if "incursions" in want and want["incursions"] != targets(session.record, age, name):
            yield aim(age, name, want["incursions"])
