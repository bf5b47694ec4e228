"""Opening a screen on a game changes nothing in it.

Each menu (Textual's Select) reports the value it is built with when it mounts, and that report can arrive
after the screen has shown the recorded choice. A screen that took such a stale report for the table's choice
rewrote the record just by being opened: at the Age III recruitment every leader tucked under a wonder or
discarded became a recruit, and the wonder stage went with it. These open each screen with a menu on a record
whose choices differ from the menus' first values, and check the record is as it was.
"""

from __future__ import annotations

import pytest

from scorer.flow import Step
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import press, settle, start_at
from widgets.screens.age import AgeScreen

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


STEPS = [
    Step("setup"),
    *(Step(kind, age) for age in (1, 2, 3) for kind in ("recruitment", "age", "conflicts")),
    Step("end"),
    Step("sheet"),
]


# The base game is left out: its screens are the Leaders game's without the recruitment, and its menus (the
# setup's, the end's) are there in every other example.
@pytest.mark.parametrize("name", ["leaders-5p.json", "teams-armada-6p.json", "leaders-armada-7p.json"])
async def test_walking_every_step_and_player_of_a_game_changes_nothing(make_app, name):
    """Every example game with a menu the base game lacks (Leaders' uses, Olympia B's copy, Armada's fleets,
    the teams' incursions) opened at every step (recruitment only with Leaders), and on the age screens every
    player shown in turn, as the table pages through them: the record stays exactly as it was."""
    record = example(name)
    before = load_record(record)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for step in STEPS:
            if step.kind == "recruitment" and not before.leaders:
                continue
            start_at(app, record, step)
            await settle(pilot)
            if isinstance(app.screen, AgeScreen):
                await press(pilot, *["pagedown"] * len(before.names))
            after = app.session.record
            assert (after.players, after.ages, after.end) == (before.players, before.ages, before.end), step
