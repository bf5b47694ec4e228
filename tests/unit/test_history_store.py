"""HistoryStore: drafts, finished games, deletion, lookups, summaries, versions, locks and refusals."""

from __future__ import annotations

import dataclasses
import json
import uuid
from pathlib import Path

import pytest
from filelock import FileLock

from scorer.errors import InputError
from scorer.history import (
    GameNotFound,
    HistoryLocked,
    HistoryStore,
    HistoryTooNew,
    HistoryUnreadable,
    summary_to_dict,
    versioning,
)
from scorer.history import summary as summary_module
from scorer.history.merging import Merge
from scorer.model import GameRecord
from scorer.rules.sheet import score_game, sheet_to_dict
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def game(example: str = "base-3p.json", **changes) -> GameRecord:
    data = json.loads((EXAMPLES / example).read_text(encoding="utf-8"))
    record = load_record({**data, "id": str(uuid.uuid4())})
    return dataclasses.replace(record, **changes)


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    return HistoryStore.open(tmp_path / "history.json")


def test_open_creates_the_folder_and_an_empty_history(tmp_path: Path):
    path = tmp_path / "new" / "folder" / "history.json"
    store = HistoryStore.open(path)
    assert store.games() == []
    assert json.loads(path.read_text(encoding="utf-8"))["_meta"] == {"store": {"store_schema": versioning.STORE_SCHEMA}}


def test_opening_and_listing_a_history_without_finished_games_reads_no_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The first start opens an empty history and lists its drafts before the home screen: the rules' data and
    code are read (for the fingerprint a finished game's summary is checked against) only once one is listed."""

    def unread() -> str:
        raise AssertionError("the rules were read")

    monkeypatch.setattr(summary_module, "rules_fingerprint", unread)
    store = HistoryStore.open(tmp_path / "history.json")
    assert store.drafts() == [] and store.games() == []
    monkeypatch.undo()
    store.finalise(game())
    [summary] = store.games()
    assert summary.rules == summary_module.rules_fingerprint()


def test_a_draft_is_saved_at_every_step_then_finalised_in_place(store: HistoryStore):
    record = game(status="in_progress")
    assert store.save_draft(record) is Merge.NEW
    assert store.save_draft(dataclasses.replace(record, progress={"step": "age", "age": 2})) is Merge.REPLACES_DRAFT
    assert store.save_draft(record) is Merge.REPLACES_DRAFT  # same game: replaced, not added
    assert store.save_draft(record) is Merge.SAME  # nothing new: nothing written
    [draft] = store.drafts()
    assert (draft.id, draft.status, draft.scored, draft.names) == (
        record.id,
        "in_progress",
        False,
        ("Ann", "Bob", "Cid"),
    )
    assert store.load(record.id).to_dict() == {**record.to_dict(), "status": "in_progress"}

    assert store.finalise(record) is Merge.REPLACES_DRAFT
    assert store.drafts() == []
    [finished] = store.games("finished")
    sheet = score_game(record)
    assert finished.winners == sheet.winners
    assert finished.totals == tuple(p.total for p in sheet.players)
    assert store.load(record.id).status == "finished"


def test_a_finalised_game_survives_reopening(tmp_path: Path):
    path = tmp_path / "history.json"
    record = game("leaders-armada-7p.json")
    HistoryStore.open(path).finalise(record)
    again = HistoryStore.open(path)
    assert again.load(record.id).to_dict() == record.to_dict()
    [summary] = again.games()
    assert summary.wonders[0] == "Gizah" and summary.rows[1] == "naval" and len(summary.naval) == 3


def test_a_drafts_memory_is_kept_beside_it_never_in_it_and_goes_with_the_game(store: HistoryStore):
    kept, dropped, finished = game(status="in_progress"), game(status="in_progress"), game(status="in_progress")
    for record in (kept, dropped, finished):
        assert store.save_draft_with_memory(record, {"undo": [record.to_dict()]}) is Merge.NEW
    assert store.memory(kept.id) == {"undo": [kept.to_dict()]}
    assert store.load(kept.id).to_dict() == kept.to_dict()
    assert [doc["id"] for doc in store.records()] == [kept.id, dropped.id, finished.id]
    assert all("undo" not in doc for doc in store.records())
    store.discard(dropped.id)
    store.finalise(finished)
    assert store.memory(dropped.id) is None and store.memory(finished.id) is None  # finished: never resumed
    store.delete(kept.id)
    assert store.memory(kept.id) is None
    assert json.loads(store.path.read_text(encoding="utf-8")).get("memory", {}) == {}


def test_discard_only_takes_a_game_in_progress(store: HistoryStore):
    draft, finished = game(status="in_progress"), game()
    store.save(draft)
    store.save(finished)
    with pytest.raises(InputError, match="only a game in progress"):
        store.discard(finished.id)
    store.discard(draft.id)
    assert [g.id for g in store.games()] == [finished.id]
    with pytest.raises(GameNotFound):
        store.discard(draft.id)


def test_delete_removes_the_game_and_its_summary(store: HistoryStore):
    record = game()
    store.finalise(record)
    removed = store.delete(record.id)
    assert removed.id == record.id and removed.finished
    assert store.games() == [] and record.id not in store
    with pytest.raises(GameNotFound):
        store.load(record.id)


def test_games_are_listed_newest_first(store: HistoryStore):
    old, new, undated = game(played_on="2026-01-02"), game(played_on="2026-03-04"), game(played_on=None)
    for record in (old, undated, new):
        store.finalise(record)
    assert [g.id for g in store.games()] == [new.id, old.id, undated.id]


def test_resolve_id_takes_a_unique_prefix(store: HistoryStore):
    first = game(id="0b8c1d2e-0000-4000-8000-000000000001")
    second = game(id="0b8c1d2e-0000-4000-8000-000000000002")
    store.finalise(first)
    store.finalise(second)
    assert store.resolve_id("0B8C1D2E-0000-4000-8000-000000000002") == second.id
    assert store.resolve_id(first.id) == first.id
    with pytest.raises(GameNotFound, match="2 stored games start with it"):
        store.resolve_id("0b8c")
    with pytest.raises(GameNotFound, match="no stored game"):
        store.resolve_id("ffff")


def test_add_games_skips_known_games_and_completes_drafts(store: HistoryStore):
    kept, draft = game(), game(status="in_progress")
    store.finalise(kept)
    store.save(draft)
    incoming = [kept, dataclasses.replace(draft, status="finished"), game()]
    report = store.add_games([*incoming, incoming[2]])
    assert report.added == (incoming[2].id,)
    assert report.completed == (draft.id,)
    assert report.skipped == (kept.id,)
    assert report.repeated == (incoming[2].id,)  # repeated in the import, not "already present"
    assert store.load(draft.id).status == "finished"


def test_two_stores_on_one_file_see_each_other(tmp_path: Path):
    path = tmp_path / "history.json"
    table_one, table_two = HistoryStore.open(path), HistoryStore.open(path)
    a, b = game(), game()
    table_one.finalise(a)
    table_two.finalise(b)  # reads a's save first, so it is not lost
    assert {g.id for g in table_one.games()} == {a.id, b.id}
    assert {g.id for g in HistoryStore.open(path).games()} == {a.id, b.id}


def test_a_held_lock_makes_the_second_instance_wait_then_give_up(tmp_path: Path):
    path = tmp_path / "history.json"
    store = HistoryStore.open(path, lock_timeout=0.2)
    with FileLock(f"{path}.lock"):
        with pytest.raises(HistoryLocked, match="in use by another wonders-scorer"):
            store.finalise(game())
        with pytest.raises(HistoryLocked):
            HistoryStore.open(path, lock_timeout=0.1)
    store.finalise(game())


def test_summaries_from_other_rules_are_made_again(store: HistoryStore, monkeypatch: pytest.MonkeyPatch):
    record = game()
    store.finalise(record)
    monkeypatch.setattr(summary_module, "rules_fingerprint", lambda: "other-rules")
    [summary] = store.games()
    assert summary.rules == "other-rules" and summary.winners == score_game(record).winners


def test_a_game_the_rules_cannot_read_is_listed_with_the_reason(tmp_path: Path):
    path = tmp_path / "history.json"  # edited by hand: a record lost its players, and has no summary
    damaged = {"schema": 1, "id": "g1", "status": "finished", "ages": []}
    path.write_text(json.dumps({"_meta": {"store": {"store_schema": 1}}, "games": {"g1": damaged}}), encoding="utf-8")
    [summary] = HistoryStore.open(path).games()
    assert summary.id == "g1" and summary.problem.startswith("damaged record") and not summary.scored


def test_a_migration_runs_after_a_backup_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "history.json"
    record = game()
    HistoryStore.open(path).finalise(record)
    old_bytes = path.read_bytes()

    def mark_migrated(db):
        games = db.table("games")
        for doc in games.all():
            games.put({doc.doc_id: {**doc, "migrated": True}})

    monkeypatch.setattr(versioning, "STORE_SCHEMA", 2)
    monkeypatch.setattr(versioning, "MIGRATIONS", {1: mark_migrated})
    store = HistoryStore.open(path)
    assert store.backup_path is not None and store.backup_path.read_bytes() == old_bytes
    assert store.backup_path.name.startswith("history.schema-1-backup-")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["_meta"]["store"]["store_schema"] == 2
    assert saved["games"][record.id]["migrated"] is True


def test_a_newer_history_is_refused_and_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "history.json"
    HistoryStore.open(path).finalise(game())
    monkeypatch.setattr(versioning, "STORE_SCHEMA", 2)
    monkeypatch.setattr(versioning, "MIGRATIONS", {1: lambda db: None})
    HistoryStore.open(path)  # migrated to "2" by a newer app
    monkeypatch.undo()
    before = path.read_bytes()
    with pytest.raises(HistoryTooNew) as refused:
        HistoryStore.open(path)
    assert (refused.value.found, refused.value.supported) == (2, 1)
    assert "update the app" in str(refused.value) and "was not changed" in str(refused.value)
    assert path.read_bytes() == before
    fresh = refused.value.fresh_path
    assert fresh.parent == path.parent and fresh.name.startswith("history.fresh-") and not fresh.exists()
    HistoryStore.open(fresh).finalise(game())  # accepting the offer creates it
    assert fresh.exists() and path.read_bytes() == before


def test_an_open_store_stops_when_the_file_becomes_unreadable(tmp_path: Path):
    path = tmp_path / "history.json"
    store = HistoryStore.open(path)
    store.finalise(game())
    data = path.read_bytes()
    path.write_bytes(data[: data.index(b'"games/') + 40])  # cut short by another program, in the game's checksum
    damaged = path.read_bytes()
    for action in (lambda: store.finalise(game()), store.games, store.games):
        with pytest.raises(HistoryUnreadable, match="truncated or damaged"):
            action()
    assert path.read_bytes() == damaged


def test_a_killed_writers_leftovers_are_swept_on_open(tmp_path: Path):
    path = tmp_path / "history.json"
    HistoryStore.open(path)
    leftover = tmp_path / ".history.json.abc123.tmp"
    leftover.write_bytes(b"half a file")
    HistoryStore.open(path)
    assert not leftover.exists()


def test_records_streams_every_stored_game(store: HistoryStore):
    records = [game(), game(status="in_progress")]
    for record in records:
        store.save(record)
    assert sorted(r["id"] for r in store.records()) == sorted(r.id for r in records)


def test_the_machine_form_of_a_listed_game(store: HistoryStore):
    finished, draft = game(), game(status="in_progress")
    store.save(finished)
    store.save(draft)
    listed = {g.id: summary_to_dict(g) for g in store.games()}
    sheet = sheet_to_dict(score_game(finished))
    done = listed[finished.id]
    assert done["winners"] == sheet["winners"] and done["status"] == "finished"
    assert [(p["name"], p["total"], p["rank"], p["rows"]) for p in done["players"]] == [
        (p["name"], p["total"], p["rank"], p["rows"]) for p in sheet["players"]
    ]
    assert listed[draft.id]["players"][0] == {"name": "Ann", "wonder": "Gizah", "side": "A"}
    assert listed[draft.id]["winners"] == []


def test_a_team_game_is_listed_with_its_teams_and_the_winning_teams_total(tmp_path: Path):
    """The Armada team rules: "the two teammates add their scores together ... The team with the most points
    wins". The example's two teams tie at 136 and share the win; the list shows 136, not a partner's 86."""
    store = HistoryStore.open(tmp_path / "history.json")
    record = game("teams-armada-6p.json")
    store.save(record)
    [listed] = HistoryStore.open(tmp_path / "history.json").games()  # read back from the file
    assert [(listed.names[a], listed.names[b]) for a, b in listed.teams] == [tuple(pair) for pair in record.teams]
    assert listed.winning_total == 136 and max(listed.totals) == 86
    assert summary_to_dict(listed)["teams"] == [list(pair) for pair in record.teams]
    single = game()
    store.save(single)
    assert next(g for g in store.games() if g.id == single.id).winning_total == 57
    assert "teams" not in summary_to_dict(next(g for g in store.games() if g.id == single.id))


def test_a_closed_store_holds_nothing_read_and_reads_the_file_again_when_used(store: HistoryStore):
    record = game()
    store.finalise(record)
    assert [g.id for g in store.games()] == [record.id]
    store.close()
    assert store._storage.read() == {}  # the CLI lets the summaries go before it prints the list
    assert [g.id for g in store.games()] == [record.id]
    assert store.load(record.id) == dataclasses.replace(record, status="finished")


def test_the_revision_moves_on_with_every_change_and_only_then(tmp_path: Path):
    """What the History and Stats screens keep between openings (widgets.history_reads) is theirs while the
    revision stays: reads leave it, and every write here, and a file another process replaced, move it on."""
    path = tmp_path / "history.json"
    store, other = HistoryStore.open(path), HistoryStore.open(path)
    record = game()
    store.finalise(record)
    seen = store.revision()
    games, revision = store.games_at_revision()
    assert [g.id for g in games] == [record.id]
    store.games(), store.load(record.id), store.count(), store.setting("dockyard")
    assert store.revision() == revision
    changes = (
        lambda: store.save_draft(game()),
        lambda: store.put_setting("dockyard", {"rows": []}),
        lambda: store.delete(record.id),
        lambda: other.finalise(game()),  # another window (or process) on the same file
        lambda: store.close(),
    )
    for change in changes:
        change()
        assert store.revision() not in (seen, revision)
        seen = revision = store.revision()
        assert store.revision() == seen


def test_the_revision_of_the_games_listed_counts_the_summaries_that_listing_stored(
    store: HistoryStore, monkeypatch: pytest.MonkeyPatch
):
    """A summary made by other rules is scored again, and stored, by the listing itself: the revision given
    with the games is the one after that write, so the next look finds the history unchanged."""
    store.finalise(game())
    monkeypatch.setattr(summary_module, "rules_fingerprint", lambda: "other rules")
    before = store.revision()
    _, revision = store.games_at_revision()
    assert revision != before
    assert store.revision() == revision
