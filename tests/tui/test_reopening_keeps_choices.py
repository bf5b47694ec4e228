"""Opening a screen on a game changes nothing in it.

Each menu (Textual's Select) reports the value it is built with when it mounts, and that report can arrive
after the screen has shown the recorded choice. A screen that took such a stale report for the table's choice
rewrote the record just by being opened: at the Age III recruitment every leader tucked under a wonder or
discarded became a recruit, and the wonder stage went with it. These open each screen with a menu on a record
whose choices differ from the menus' first values, and check the record is as it was. Every step of the example
games, every player shown in turn, is opened and checked the same way by test_both_doors.py's walk.
"""

from __future__ import annotations

import pytest

from scorer.flow import Step
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import settle, start_at

SIZE = (80, 24)


def leaders_game() -> dict:
    data = example("leaders-5p.json")  # Age III: Carla's Archimedes a stage, Davi's Bilkis discarded
    third = next(block for block in data["ages"] if block["age"] == 3)["players"]
    third["Carla"]["cards"][third["Carla"]["cards"].index("Scientists Guild")] = "Courtesans Guild"
    third["Carla"]["courtesans"] = "Caesar"  # Davi's, recruited in Age II
    data["end"]["Bruno"]["olympia_copy"] = "Gamers Guild"  # Olympia B, not the best copy
    return data


def armada_team_game() -> dict:
    data = example("teams-armada-6p.json")
    second = next(block for block in data["ages"] if block["age"] == 2)["players"]
    second["Bel"]["incursions"] = ["Fay"]  # the other seat two away, not the Quay's arrow (Dev)
    return data


def same_game(after, before) -> bool:
    return (after.players, after.ages, after.end, after.teams) == (
        before.players,
        before.ages,
        before.end,
        before.teams,
    )


@pytest.mark.parametrize(
    ("data", "openings"),
    [
        (leaders_game, [(Step("recruitment", 3), None), (Step("age", 3), "Carla"), (Step("end"), None)]),
        (armada_team_game, [(Step("age", 2), "Bel"), (Step("setup"), None)]),
    ],
    ids=["recruitment-courtesans-olympia", "incursion-setup"],
)
async def test_opening_a_screen_leaves_the_record_as_it_was(make_app, data, openings):
    """Each screen opened in turn in one app (as the table's resume opens it: a screen built afresh on the
    record, its menus mounting and reporting): the record is still the one it was opened on."""
    record = data()
    before = load_record(record)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for step, player in openings:
            start_at(app, record, step, player)
            await settle(pilot)  # every menu mounted and its first report handled
            assert same_game(app.session.record, before), step
