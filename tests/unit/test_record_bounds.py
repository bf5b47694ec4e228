"""Issue 11, items 5 and 6: a game record is bounded by one validation (scorer.validate.load_record) whichever
way it comes in: `score FILE`, `score FILE --save` and `import FILE` refuse the same values in one line (exit 2)
and store nothing."""

from __future__ import annotations

import json

import pytest

from scorer.cli import main
from tests.refusals import example_record, refused, write_record

RECORDS = {
    "coins of 10**30": ("end", lambda d: d["end"]["Ann"].update(coins=10**30), "999"),
    "coins 2.0": ("end", lambda d: d["end"]["Ann"].update(coins=2.0), "whole number"),
    "wonder_stages 1.0": ("ages", lambda d: d["ages"][0]["players"]["Ann"].update(wonder_stages=1.0), "whole number"),
    "age 2.0": ("ages", lambda d: d["ages"][1].update(age=2.0), "whole number"),
    "played_on not a date": ("played_on", lambda d: d.update(played_on="not a date"), "YYYY-MM-DD"),
    "played_on 30 February": ("played_on", lambda d: d.update(played_on="2026-02-30"), "YYYY-MM-DD"),
    "an id of 10 MB": ("id", lambda d: d.update(id="x" * 10_000_000), "64"),
    "Age II twice": ("ages[2].age", lambda d: d["ages"].__setitem__(2, d["ages"][1]), "Age II is already entry 2"),
    "a name with an escape": ("players", lambda d: _rename(d, "Ann", "Ann\x1b]0;pwned\x07"), "printable"),
    "a name with a newline": ("players", lambda d: _rename(d, "Ann", "Ann\nBob"), "printable"),
    "an id with a lone surrogate": ("id", lambda d: d.update(id="x\ud800"), "printable"),
}


def _rename(data: dict, old: str, new: str) -> None:
    data["players"][0]["name"] = new
    for age in data["ages"]:
        age["players"][new] = age["players"].pop(old)
    data["end"][new] = data["end"].pop(old)


@pytest.mark.parametrize(("field", "change", "allowed"), RECORDS.values(), ids=RECORDS.keys())
@pytest.mark.parametrize("command", [["score"], ["score", "--save"], ["import"]])
def test_a_record_past_a_bound_is_refused_at_every_way_in(capsys, tmp_path, command, field, change, allowed):
    data = example_record()
    change(data)
    line = refused(capsys, *command, write_record(tmp_path, data))
    assert field in line and allowed in line
    assert main(["history", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []  # nothing stored


# --- the same validation, called directly (the TUI's session and setup screen use it too) ----------------


def _load(data: dict):
    from scorer.validate import load_record

    return load_record(data)


def _refusal(data: dict):
    from scorer.errors import InputError

    with pytest.raises(InputError) as caught:
        _load(data)
    return caught.value


def test_a_name_in_another_normal_form_finds_its_seat_and_is_kept_composed():
    data = example_record()
    _rename(data, "Ann", " Jose\u0301 ")
    data["players"][0]["name"] = "Jos\u00e9"  # the seat precomposed, its entries decomposed and padded
    record = _load(data)
    assert record.names[0] == "Jos\u00e9"
    assert set(record.ages[1]) == set(record.end) == {"Jos\u00e9", "Bob", "Cid"}


def test_two_seats_differing_only_in_normal_form_are_one_name_twice():
    data = example_record()
    data["players"][0]["name"], data["players"][1]["name"] = "Jos\u00e9", "Jose\u0301"
    assert _refusal(data).field == "players[1].name"


@pytest.mark.parametrize("name", ["Ann\x1b[31m", "Ann\u202e", "An\u200dn", "Ann\tBob", "   ", "A" * 41])
def test_a_seat_name_the_table_cannot_write_is_refused_on_that_seat(name):
    data = example_record()
    data["players"][2]["name"] = name
    error = _refusal(data)
    assert (error.field, error.label) == ("players[2].name", "seat 3 name")


@pytest.mark.parametrize(
    ("where", "value", "field"),
    [
        (("end", "Ann", "quick"), {"colours": {"red": 1000}}, "end.Ann.quick.colours.red"),
        (("ages", 0, "players", "Ann", "ground_strength"), 100, "ages[0].players.Ann.ground_strength"),
        (("ages", 0, "players", "Ann", "naval_strength"), 2.0, "ages[0].players.Ann.naval_strength"),
        (("progress",), {"step": "age", "age": 1.0}, "progress.age"),
        (("schema",), 1.0, "schema"),
    ],
)
def test_every_number_of_a_record_is_a_bounded_whole_number(where, value, field):
    data = example_record()
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    assert _refusal(data).field == field


def test_the_schema_bounds_are_the_table_limits():
    """The published schema says the bounds rules_data/table.toml sets (the command line reads them there)."""
    from scorer.catalog import load_limits
    from scorer.validate import record_schema

    schema, limits = record_schema(), load_limits()
    assert schema["properties"]["players"]["maxItems"] == limits.players
    assert schema["properties"]["players"]["items"]["properties"]["name"]["maxLength"] == limits.name_length
    assert schema["$defs"]["strength"]["maximum"] == limits.strength
    assert schema["$defs"]["coins"]["maximum"] == limits.coins
    assert schema["$defs"]["count"]["maximum"] == limits.quick_count


def test_one_name_in_two_normal_forms_as_two_entries_of_an_age_is_refused():
    data = example_record()
    _rename(data, "Ann", "Jos\u00e9")
    data["ages"][0]["players"]["Jose\u0301"] = data["ages"][0]["players"]["Bob"]
    assert _refusal(data).field == "ages[0].players.Jose\u0301"
