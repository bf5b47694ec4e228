"""The companion walks the table through the game in play order, and a draft remembers the step."""

import json
from pathlib import Path

from scorer.flow import Step, game_steps, next_step, previous_step
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def record(name: str):
    return load_record(json.loads((EXAMPLES / name).read_text(encoding="utf-8")))


def test_base_game_steps_in_play_order():
    kinds = [(s.kind, s.age) for s in game_steps(record("base-3p.json"))]
    assert kinds == [
        ("setup", None),
        ("age", 1),
        ("conflicts", 1),
        ("age", 2),
        ("conflicts", 2),
        ("age", 3),
        ("conflicts", 3),
        ("end", None),
        ("sheet", None),
    ]


def test_leaders_add_a_recruitment_phase_at_the_start_of_each_age():
    steps = game_steps(record("leaders-5p.json"))
    assert steps[1:4] == [Step("recruitment", 1), Step("age", 1), Step("conflicts", 1)]
    assert next_step(record("leaders-5p.json"), Step("conflicts", 1)) == Step("recruitment", 2)


def test_next_and_previous_stop_at_the_ends():
    game = record("base-3p.json")
    assert previous_step(game, Step("setup")) == Step("setup")
    assert next_step(game, Step("sheet")) == Step("sheet")


def test_progress_round_trips_through_the_record():
    data = json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8"))
    data["status"] = "in_progress"
    data["progress"] = Step("age", 2).to_dict() | {"player": "Bob"}
    game = load_record(data)
    assert Step.from_dict(game.progress) == Step("age", 2)
    assert load_record(game.to_dict()).progress == {"step": "age", "age": 2, "player": "Bob"}
