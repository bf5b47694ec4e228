"""The layers hold: no module under widgets/ reads or writes the game record's JSON shape.

Every change to a game is a named edit in scorer/edits and every reading goes through the typed record
(scorer.model), so the phones' pages (next issue) make exactly the edits the table's screens make, and a
change of the record's format is made in the core alone. This scans the UI's sources for the record's keys
used as JSON (`data["ages"]`, `.get("players", …)`, `session.data`) and names each place found.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORD_KEYS = "ages|players|end|teams|expansions|progress"
JSON_SHAPE = re.compile(
    rf"""\[\s*["']({RECORD_KEYS})["']\s*\]"""  # data["ages"], block["players"]
    rf"""|\.(get|setdefault|pop)\(\s*["']({RECORD_KEYS})["']"""  # data.get("end", {})
    r"""|\bdata\s*\["""  # the record's JSON form under its usual name
    r"""|\bsession\.data\b"""  # the session's JSON form of the record
)


def json_shape_uses(source: str) -> list[tuple[int, str]]:
    """(line number, line) of every place in `source` that reads or writes the record's JSON shape."""
    return [(number, line.strip()) for number, line in enumerate(source.splitlines(), 1) if JSON_SHAPE.search(line)]


def test_no_ui_module_reads_or_writes_the_record_json():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line}"
        for path in sorted((ROOT / "widgets").rglob("*.py"))
        for number, line in json_shape_uses(path.read_text(encoding="utf-8"))
    ]
    assert not found, "the record's JSON is edited in scorer/edits, read through scorer.model:\n" + "\n".join(found)


def test_the_scan_finds_each_way_the_screens_used_to_walk_the_record():
    walked = """
    for block in data["ages"]:
        entry = block["players"].get(name)
    end = data.setdefault("end", {})
    data.get("end", {}).pop(name, None)
    current: Any = self.session.data["end"][name]["quick"]
    data["teams"] = pairs
    """
    assert [number for number, _ in json_shape_uses(walked)] == [2, 3, 4, 5, 6, 7]


def test_the_scan_leaves_the_typed_record_and_other_dictionaries_alone():
    typed = """
    entry = record.entry(age, name)
    names = self.session.record.names
    quick = record.end[self.player].quick
    options = {"players": 3}
    words.items()
    """
    assert json_shape_uses(typed) == []
