"""Any valid game record survives the history's export -> import unchanged (hypothesis).

Records are the examples with what a table changes from game to game drawn anew: player names (any
Unicode, unique at the table), wonder sides, coins, the date, when and how long it was played, its note, the
status and the id.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from scorer.catalog import fold
from scorer.errors import InputError
from scorer.history import HistoryStore, export_to, import_files
from scorer.history.export import export_csv
from scorer.model import GameRecord
from scorer.validate import load_record

EXAMPLES = [
    json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))
]


def renamed(data: dict, names: dict[str, str]) -> dict:
    """The game with each player renamed wherever a player's name is used."""
    out = copy.deepcopy(data)
    for seat in out["players"]:
        seat["name"] = names[seat["name"]]
    for age in out["ages"]:
        age["players"] = {names[name]: entry for name, entry in age["players"].items()}
        for entry in age["players"].values():
            if "incursions" in entry:
                entry["incursions"] = [names[target] for target in entry["incursions"]]
    out["end"] = {names[name]: entry for name, entry in out.get("end", {}).items()}
    if "teams" in out:
        out["teams"] = [[names[a], names[b]] for a, b in out["teams"]]
    return out


# Names a table can give (scorer/names.py): any printable Unicode, the space the only separator. Drawn from all
# of Unicode, nearly every name held a control or invisible character and was refused: 19 records of 2,378
# drawn got as far as the history.
NAMES = st.text(
    st.characters(
        codec="utf-8", exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs"), include_characters=" "
    ),
    min_size=1,
    max_size=40,
)


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    data = draw(st.sampled_from(EXAMPLES))
    old = [seat["name"] for seat in data["players"]]
    new = draw(st.lists(NAMES, min_size=len(old), max_size=len(old), unique_by=fold))
    data = renamed(data, dict(zip(old, new)))
    for seat in data["players"]:
        seat["side"] = draw(st.sampled_from("AB"))
    for entry in data["end"].values():
        entry["coins"] = draw(st.integers(0, 999))  # rules_data/table.toml [limits] coins
    data["played_on"] = draw(st.none() | st.dates().map(lambda day: day.isoformat()))
    if data["played_on"] is None:
        del data["played_on"]
    data["status"] = draw(st.sampled_from(["finished", "in_progress"]))
    data["id"] = str(draw(st.uuids()))
    # when and how long it was played (scorer.play_time), and the table's note: each may be absent
    moments = st.datetimes(timezones=st.timezones()).map(lambda moment: moment.replace(microsecond=0).isoformat())
    for name, values in (
        ("started_at", moments),
        ("ended_at", moments),
        ("played_seconds", st.integers(0, 604_800)),
        ("note", NAMES.map(lambda text: text.strip()).filter(bool)),
    ):
        value = draw(st.none() | values)
        if value is not None:
            data[name] = value
    try:
        return load_record(data)
    except InputError:  # a side whose wonder has fewer stages than were built; a name of spaces or no letter
        reject()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(records())
def test_a_record_survives_export_then_import(record: GameRecord):
    with tempfile.TemporaryDirectory() as folder:
        here = HistoryStore.open(Path(folder) / "here.json")
        here.save(record)
        bundle = Path(folder) / "export.json"
        assert export_to(here, "json", bundle) == 1
        there = HistoryStore.open(Path(folder) / "there.json")
        assert import_files(there, [bundle]).added == (record.id,)
        assert there.load(record.id).to_dict() == record.to_dict()

        out = io.BytesIO()
        export_csv(there, out)
        for row in csv.reader(io.StringIO(out.getvalue().decode("utf-8-sig"))):
            assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row[:5])
