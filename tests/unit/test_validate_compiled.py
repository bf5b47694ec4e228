"""The compiled schema check (fastjsonschema) vouches for a record, and jsonschema decides and words the
rest: what the compiled check passes jsonschema must pass (else a bad record goes through), and what it
refuses jsonschema must refuse (else every such record pays for the slow walk). A record holding a float
is always left to jsonschema: the compiled "integer" takes 2.0."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.validate.schema import _accepts, _holds_float, _validator, _vouched, calendar_day

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))


def jsonschema_accepts(data: Any) -> bool:
    return next(iter(_validator().iter_errors(data)), None) is None


def example(name: str = "leaders-armada-7p.json") -> dict[str, Any]:
    return json.loads((EXAMPLES[0].parent / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_passes_both(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert _vouched(data) and jsonschema_accepts(data)


def test_the_compiled_check_leaves_the_record_as_it_was():
    data = example()
    kept = copy.deepcopy(data)
    _accepts()(data)
    assert data == kept


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(schema=1.0),  # a whole number written with a fraction part
        lambda d: d.update(schema=True),
        lambda d: d.update(played_on="2023-02-29"),  # not a calendar day
        lambda d: d.update(played_on="2023-2-28"),
        lambda d: d.update(colour="blue"),  # a key the schema does not know
        lambda d: d["players"][0].update(side="C"),
        lambda d: d["players"][0].pop("wonder"),
        lambda d: d["players"][0].update(name=""),
        lambda d: d["ages"][0]["players"]["Ana"].update(wonder_stages=-1),
        lambda d: d["ages"][0]["players"]["Ana"].update(cards="Baths"),
    ],
)
def test_both_refuse_what_the_schema_forbids(change):
    data = example()
    data["players"][0]["name"] = "Ana"
    data["ages"][0]["players"]["Ana"] = data["ages"][0]["players"].pop(example()["players"][0]["name"])
    change(data)
    assert not _vouched(data) and not jsonschema_accepts(data)


@pytest.mark.parametrize(
    ("text", "day"),
    [("2024-02-29", True), ("2023-02-29", False), ("2024-13-01", False), ("20240101", False), ("2024-01-01\n", False)],
)
def test_calendar_day(text, day):
    assert calendar_day(text) is day


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 1000) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


def places(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path into a JSON value (keys of objects, indices of lists), the value's own first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += places(item, (*path, i))
    return found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([p.name for p in EXAMPLES]), st.data())
def test_both_agree_on_a_record_changed_anywhere(name, data):
    record = example(name)
    path = data.draw(st.sampled_from(places(record)[1:]))
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(JSON_VALUES | st.sampled_from(["2023-02-29", "2024-02-29", 2.0, 0, 99, 100]))
    if _vouched(record):
        assert jsonschema_accepts(record)
    elif not _holds_float(record):  # a float is left to jsonschema, which refuses it where a number goes
        assert not jsonschema_accepts(record)
