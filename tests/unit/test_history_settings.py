"""The table's Dockyard calibration kept in the history: validated, stored atomically, used for scoring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.catalog import load_catalog
from scorer.errors import InputError
from scorer.history import HistoryStore
from scorer.history.settings import (
    DOCKYARD,
    FIELD_KEYS,
    book_rows,
    calibration_rows,
    check_rows,
    check_value,
    dockyard_track,
    dockyard_track_at,
    load_calibration,
    save_calibration,
)
from scorer.rules.sheet import score_game
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    with HistoryStore.open(tmp_path / "history.json") as opened:
        yield opened


def with_blue_vp(rows, position: int, vp: int):
    rows = [dict(row) for row in rows]
    row = rows[position - 1]
    row["blue_vp"] = vp
    row["unconfirmed"] = [key for key in row["unconfirmed"] if key != "blue_vp"]
    return rows


def test_book_rows_are_the_data_file_with_its_unconfirmed_cells():
    rows = book_rows()
    assert [row["position"] for row in rows] == [1, 2, 3, 4, 5, 6]
    assert rows[5]["blue_vp"] == 10 and "blue_vp" not in rows[5]["unconfirmed"]
    assert "blue_vp" in rows[4]["unconfirmed"]
    assert set(rows[0]) == {"position", "unconfirmed", *FIELD_KEYS}


def test_without_a_calibration_the_catalogue_track_is_used(store):
    calibration = load_calibration(store)
    assert not calibration.stored and calibration.saved_at is None
    assert calibration.unconfirmed == sum(len(r["unconfirmed"]) for r in book_rows())
    assert dockyard_track(store) is load_catalog().dockyard
    assert dockyard_track(None) is load_catalog().dockyard


def test_a_saved_calibration_is_returned_and_scores_games(store):
    rows = with_blue_vp(book_rows(), 5, 9)
    save_calibration(store, rows, saved_at="2026-11-27T20:00:00+00:00")
    assert calibration_rows(store)[4]["blue_vp"] == 9
    assert load_calibration(store).saved_at == "2026-11-27T20:00:00+00:00"
    track = dockyard_track(store)
    assert track.at(5).blue_vp == 9 and "blue_vp" not in track.at(5).unconfirmed
    assert track.at(0).blue_vp == 0  # the Start space is implied

    data = json.loads((EXAMPLES / "leaders-armada-7p.json").read_text(encoding="utf-8"))
    for age in data["ages"]:  # Ana's Blue ship stops on space 5
        ships = age["players"]["Ana"].get("ships", {})
        ships["blue"] = min(ships.get("blue", 0), 5)
    record = load_record(data)
    ana = {p.name: p for p in score_game(record, track=track).players}["Ana"]
    assert ana.rows["dockyard"].value == 9
    assert "space 5: 9 VP." in ana.rows["dockyard"].rulings[0].summary


def test_the_calibration_survives_reopening_the_history(tmp_path: Path):
    path = tmp_path / "history.json"
    with HistoryStore.open(path) as store:
        save_calibration(store, with_blue_vp(book_rows(), 5, 7))
    with HistoryStore.open(path) as store:
        assert dockyard_track(store).at(5).blue_vp == 7
    assert dockyard_track_at(path).at(5).blue_vp == 7


def test_reading_by_path_never_creates_a_history(tmp_path: Path):
    path = tmp_path / "nothing-here.json"
    assert dockyard_track_at(path) is load_catalog().dockyard
    assert not path.exists()


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("blue_vp", 21),
        ("blue_vp", -1),
        ("blue_vp", "x"),
        ("blue_vp", ""),
        ("blue_vp", True),
        ("yellow_commercial_level", 4),
        ("green_explore", 4),
    ],
)
def test_values_a_board_cannot_show_are_refused_naming_the_cell(key, value):
    with pytest.raises(InputError) as caught:
        check_value(key, 5, value)
    assert "space 5" in caught.value.field
    assert "0 to" in caught.value.allowed


def test_values_typed_as_text_are_read():
    assert check_value("blue_vp", 1, " 12 ") == 12
    assert check_value("green_explore", 6, "3") == 3


def test_a_refused_calibration_changes_nothing(store):
    rows = with_blue_vp(book_rows(), 5, 25)
    with pytest.raises(InputError, match="Blue VP, space 5"):
        save_calibration(store, rows)
    assert store.setting(DOCKYARD) is None


@pytest.mark.parametrize(
    "rows",
    [
        book_rows()[:5],  # space 6 missing
        [*book_rows(), {**book_rows()[0], "position": 7}],
        [{**row, "purple_vp": 1} for row in book_rows()],
        [{**row, "unconfirmed": ["no_such_cell"]} for row in book_rows()],
        [{k: v for k, v in row.items() if k != "blue_vp"} for row in book_rows()],
        ["not a row"] * 6,
    ],
)
def test_malformed_rows_are_refused(rows):
    with pytest.raises(InputError):
        check_rows(rows)


def test_a_damaged_stored_calibration_falls_back_to_the_book_and_says_why(store):
    store.put_setting(DOCKYARD, {"spaces": [{"position": "one"}], "saved_at": "2026-01-01T00:00:00+00:00"})
    calibration = load_calibration(store)
    assert calibration.problem and not calibration.stored
    assert dockyard_track(store) is load_catalog().dockyard


def test_settings_do_not_disturb_the_games(store):
    record = load_record(json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8")))
    store.finalise(record)
    save_calibration(store, book_rows())
    assert [g.id for g in store.games()] == [record.id]
    assert store.load(record.id).to_dict() == record.to_dict() | {"status": "finished"}


def test_history_summaries_follow_the_table_calibration(tmp_path):
    """A saved calibration rescores the stored games' summaries, so the history shows the table's sheet."""
    import json
    from pathlib import Path

    from scorer.history import HistoryStore
    from scorer.history.settings import book_rows, save_calibration
    from scorer.validate import load_record

    data = json.loads((Path(__file__).resolve().parents[2] / "examples" / "leaders-armada-7p.json").read_text("utf-8"))
    record = load_record(data)  # Ana's Blue ship ends on space 6
    with HistoryStore.open(tmp_path / "h.json") as store:
        store.finalise(record)
        before = {s.id: s for s in store.games()}[record.id]
        rows = book_rows()
        rows[5]["blue_vp"] = 12
        save_calibration(store, rows)
        after = {s.id: s for s in store.games()}[record.id]
    ana = record.names.index("Ana")
    dockyard = before.rows.index("dockyard")
    assert before.scores[ana][dockyard] == 10
    assert after.scores[ana][dockyard] == 12
    assert after.totals[ana] == before.totals[ana] + 2
