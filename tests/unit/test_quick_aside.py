"""Quick counts switched on and off again give each age's entries back exactly (issue 11, item 8)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from scorer.quick_aside import ASIDE, put_back, set_aside

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "leaders-armada-7p.json"


def test_what_is_set_aside_comes_back_exactly_and_only_where_no_card_was_typed_since():
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    name = data["players"][0]["name"]
    before = copy.deepcopy(data)
    kept = set_aside(data, name)
    assert set(kept) == {"1", "2", "3"} and all(set(fields) <= set(ASIDE) for fields in kept.values())
    for block in data["ages"]:  # what a switch to quick counts does to the entries
        block["players"][name]["cards"] = []
        block["players"][name].pop("incursions", None)
    data["ages"][2]["players"][name]["cards"] = ["Palace"]  # typed again meanwhile: left as typed
    put_back(data, name, kept)
    assert data["ages"][:2] == before["ages"][:2]
    assert data["ages"][2]["players"][name]["cards"] == ["Palace"]
