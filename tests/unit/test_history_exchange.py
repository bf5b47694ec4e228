"""Import and export: bundles and game files in, JSON bundles and spreadsheet-safe CSV out."""

from __future__ import annotations

import csv
import io
import json
import re
import uuid
from pathlib import Path

import pytest

from scorer.errors import InputError
from scorer.history import HistoryStore, export_to, import_files
from scorer.history.export import CSV_COLUMNS, export_csv, export_json, spreadsheet_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str = "base-3p.json", **changes) -> dict:
    data = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return {**data, "id": str(uuid.uuid4()), **changes}


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def bundle(games: list[dict], version: int = 1) -> dict:
    return {"format": "wonders-scorer-export", "version": version, "games": games}


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    return HistoryStore.open(tmp_path / "history.json")


def test_import_a_game_file_and_a_bundle_then_again_nothing_doubles(store: HistoryStore, tmp_path: Path):
    one = write(tmp_path / "one.json", example())
    many = write(tmp_path / "many.json", bundle([example("leaders-5p.json"), example("teams-armada-6p.json")]))
    report = import_files(store, [one, many])
    assert len(report.added) == 3 and not report.skipped
    again = import_files(store, [one, many])
    assert not again.added and len(again.skipped) == 3
    assert len(store.games()) == 3


def test_a_record_without_an_id_gets_the_same_one_each_time(store: HistoryStore, tmp_path: Path):
    data = example()
    del data["id"]
    path = write(tmp_path / "no-id.json", data)
    [first] = import_files(store, [path]).added
    assert import_files(store, [path]).skipped == (first,)
    assert uuid.UUID(first).version == 5


def test_a_finished_game_completes_its_draft(store: HistoryStore, tmp_path: Path):
    draft = example(status="in_progress")
    import_files(store, [write(tmp_path / "draft.json", draft)])
    report = import_files(store, [write(tmp_path / "done.json", {**draft, "status": "finished"})])
    assert report.completed == (draft["id"],)
    assert store.load(draft["id"]).status == "finished"


def test_one_invalid_game_imports_nothing_and_says_where(store: HistoryStore, tmp_path: Path):
    bad = example(players=[{"name": "Ann", "wonder": "Atlantis", "side": "A"}, *example()["players"][1:]])
    path = write(tmp_path / "club.json", bundle([example(), bad]))
    with pytest.raises(InputError) as refused:
        import_files(store, [write(tmp_path / "ok.json", example()), path])
    assert refused.value.field == f"{path} games[1]: players[0].wonder"
    assert refused.value.value == "Atlantis"
    assert store.games() == []


@pytest.mark.parametrize(
    "content, message",
    [
        (b"{not json", "not a JSON game record or export bundle"),
        (json.dumps(bundle([], version=2)).encode(), "reads export bundles up to version 1"),
        (json.dumps({"format": "wonders-scorer-export", "version": 1, "games": {}}).encode(), "a list of game records"),
    ],
)
def test_unreadable_import_files(store: HistoryStore, tmp_path: Path, content: bytes, message: str):
    path = tmp_path / "in.json"
    path.write_bytes(content)
    with pytest.raises(InputError, match=message):
        import_files(store, [path])


def renamed(data: dict, names: dict[str, str]) -> dict:
    """The game with players renamed everywhere their name appears (seats, ages, end)."""
    text = json.dumps(data)
    for before, after in names.items():
        text = text.replace(json.dumps(before), json.dumps(after))
    return json.loads(text)


def with_huge_coins(data: dict) -> dict:
    data["end"]["Ann"]["coins"] = 2**70  # more than JSON tools agree on
    return data


@pytest.mark.parametrize(
    ("odd", "refusal"),
    [
        (with_huge_coins, "end.Ann.coins: 1180591620717411303424 is not allowed; at most 999"),
        (lambda data: renamed(data, {"Ann": "Ann\ud800"}), "players[0].name: 'Ann\\ud800' is not allowed; printable"),
        (lambda data: {**data, "id": "x\ud800"}, "id: 'x\\ud800' is not allowed; printable"),
    ],
)
def test_a_game_json_cannot_hold_is_refused_before_anything_is_stored(
    store: HistoryStore, tmp_path: Path, odd, refusal
):
    path = write(tmp_path / "odd.json", odd(example()))  # json.dumps writes the lone surrogate as an escape
    with pytest.raises(InputError, match=re.escape(refusal)):
        import_files(store, [path])
    assert store.games() == []


def test_the_json_export_is_a_bundle_another_history_imports(store: HistoryStore, tmp_path: Path):
    games = [example(), example("leaders-armada-7p.json", status="in_progress")]
    import_files(store, [write(tmp_path / "in.json", bundle(games))])
    out = io.BytesIO()
    assert export_json(store, out) == 2
    exported = json.loads(out.getvalue())
    assert exported["format"] == "wonders-scorer-export" and exported["version"] == 1
    assert sorted(g["id"] for g in exported["games"]) == sorted(g["id"] for g in games)
    other = HistoryStore.open(tmp_path / "other.json")
    assert len(import_files(other, [write(tmp_path / "out.json", exported)]).added) == 2
    assert {r["id"]: r for r in other.records()} == {r["id"]: r for r in store.records()}


def test_an_empty_history_exports_an_empty_bundle(store: HistoryStore):
    out = io.BytesIO()
    assert export_json(store, out) == 0
    assert json.loads(out.getvalue())["games"] == []


def test_csv_one_row_per_player_with_rows_not_in_play_left_empty(store: HistoryStore, tmp_path: Path):
    base, armada, draft = example(), example("leaders-armada-7p.json"), example(status="in_progress")
    import_files(store, [write(tmp_path / "in.json", bundle([base, armada, draft]))])
    out = io.BytesIO()
    assert export_csv(store, out) == 2
    text = out.getvalue().decode("utf-8")
    assert text.startswith("\ufeff")  # Excel needs the byte-order mark for accented names
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert list(rows[0]) == list(CSV_COLUMNS)
    assert len(rows) == 3 + 7
    ann = next(r for r in rows if r["game_id"] == base["id"] and r["player"] == "Ann")
    assert ann["naval_vp"] == "" and ann["leaders_vp"] == "" and ann["military_vp"] != ""
    assert sum(int(r["winner"]) for r in rows if r["game_id"] == armada["id"]) >= 1
    assert int(ann["total"]) == sum(int(ann[c]) for c in CSV_COLUMNS if c.endswith("_vp") and ann[c])


def test_csv_text_that_a_spreadsheet_would_run_is_escaped(store: HistoryStore, tmp_path: Path):
    names = ['=HYPERLINK("http://x")', "+1", "@SUM(A1)"]
    import_files(store, [write(tmp_path / "evil.json", renamed(example(), dict(zip(["Ann", "Bob", "Cid"], names))))])
    out = io.BytesIO()
    export_csv(store, out)
    players = [r["player"] for r in csv.DictReader(io.StringIO(out.getvalue().decode("utf-8-sig")))]
    assert players == ["'" + name for name in names]
    for text in ("-1", "\tx", "\rx"):
        assert spreadsheet_text(text) == "'" + text
    assert spreadsheet_text("Ann") == "Ann" and spreadsheet_text("") == ""


def test_export_to_a_file_is_written_whole(store: HistoryStore, tmp_path: Path):
    import_files(store, [write(tmp_path / "in.json", example())])
    target = tmp_path / "out.csv"
    assert export_to(store, "csv", target) == 1
    assert target.read_text(encoding="utf-8-sig").startswith("game_id,")
    assert export_to(store, "json", target, replace=True) == 1  # replaces it, since asked to
    assert json.loads(target.read_text(encoding="utf-8"))["version"] == 1


def test_csv_formula_behind_spaces_line_breaks_or_zero_width_characters_is_escaped():
    """Spreadsheets skip leading blanks and invisible characters before reading a formula (issue 11, item 6)."""
    for text in (" =1+1", "  +1", "\n=1", "\u200b=1", "\ufeff@SUM(A1)", "\u2060-1", " \u200c\n=x", "\u00a0=1"):
        assert spreadsheet_text(text) == "'" + text, repr(text)
    for text in (" Ann", "\u200bAnn", "Ann =1", "a-b"):
        assert spreadsheet_text(text) == text, repr(text)
