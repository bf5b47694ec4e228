"""A shared game's draft journal (scorer.history.journal) and the autosaver's group commit through it: a
phone hears "accepted" once its draft is appended and fdatasynced, many edits share one append, and a host
killed before folding the journal into the history file loses none of them on the next open."""

from __future__ import annotations

import threading
from pathlib import Path

from filelock import FileLock

from scorer.autosave import DraftSaver
from scorer.catalog import load_catalog
from scorer.edits.age import add_card
from scorer.history.journal import DraftJournal, journal_path
from scorer.history.store import HistoryStore
from scorer.session import Draft
from scorer.validate import load_record
from tests.phones.tables import session_at
from tests.records import example


class CountedJournal(DraftJournal):
    """The real journal, its appends counted (once on disk) and each held until `gate` opens."""

    def __init__(self, history: Path, game_id: str) -> None:
        super().__init__(history, game_id)
        self.gate, self.started = threading.Event(), threading.Event()
        self.appended: list[Draft] = []

    def append(self, draft: Draft) -> None:
        self.started.set()
        self.gate.wait(5)
        super().append(draft)
        self.appended.append(draft)


def drafts_of(names: list[str]) -> tuple[str, list[Draft]]:
    """A game's id and one draft per card Ana adds in Age I, in order (each holds the cards before it)."""
    session, saved = session_at()
    catalog = load_catalog()
    for name in names:
        card = catalog.card(name, 1)
        assert card is not None
        assert session.apply(add_card(session.game(), 1, "Ana", card)) is None
    return session.record.id, saved[-len(names) :]


CARDS = ["Altar", "Baths", "Theater", "Workshop", "Scriptorium", "Apothecary", "Loom"]  # at most 7 plays


def test_edits_arriving_while_an_append_runs_share_the_next_and_none_is_answered_before_it_is_on_disk(tmp_path):
    history = tmp_path / "history.json"
    game_id, drafts = drafts_of(CARDS)
    with HistoryStore.open(history) as store:
        journal = CountedJournal(history, game_id)
        saver = DraftSaver(lambda draft: store.save_draft_with_memory(draft.record, draft.memory), print)
        saver.use_journal(journal)
        submitted = [threading.Event() for _ in drafts]
        answered: dict[int, int] = {}  # each edit, and the newest edit on disk when it was answered

        def phone(index: int) -> None:
            if index > 1:  # the drafts come in order, as from the one event loop that applies the edits: each
                assert submitted[index - 1].wait(5)  # newer draft holds the older ones (a race made 6 before 3)
            saver.submit(drafts[index])
            submitted[index].set()
            assert saver.written(timeout=10)
            answered[index] = max((drafts.index(draft) for draft in journal.appended), default=-1)

        phones = [threading.Thread(target=phone, args=(index,)) for index in range(len(drafts))]
        phones[0].start()
        assert journal.started.wait(5)  # the first append is under way while the six others come
        for each in phones[1:]:
            each.start()
        assert all(event.wait(5) for event in submitted)
        journal.gate.set()
        for each in phones:
            each.join(10)
        assert sorted(answered) == list(range(len(drafts)))
        assert all(newest >= index for index, newest in answered.items())  # answered once on disk
        assert len(journal.appended) == 2  # the first edit's append, then one for the six that came meanwhile
        saver.close()
        assert not journal.path.exists()  # folded into the history file, then removed
        assert store.load(game_id).entry(1, "Ana").cards == CARDS


def test_a_killed_host_s_journal_is_folded_into_the_history_on_the_next_open_unless_its_host_lives(tmp_path):
    history = tmp_path / "history.json"
    game_id, drafts = drafts_of(CARDS[:3])
    with HistoryStore.open(history) as store:
        store.save_draft(drafts[0].record)
    journal = DraftJournal(history, game_id)
    for draft in drafts:
        journal.append(draft)  # acknowledged to the phones; the host is killed before folding
    with journal.path.open("ab") as cut:
        cut.write(b'{"record": {"id"')  # a line the kill cut short: never acknowledged
    host = FileLock(journal.path.with_suffix(".lock"), timeout=0)
    host.acquire()  # a live host still appends: the journal is its own
    try:
        with HistoryStore.open(history) as store:
            assert store.load(game_id).entry(1, "Ana").cards == CARDS[:1]
    finally:
        host.release()
    with HistoryStore.open(history) as store:
        assert store.load(game_id).entry(1, "Ana").cards == CARDS[:3]
        assert store.memory(game_id) == drafts[-1].memory
    assert not journal_path(history, game_id).exists()


def test_a_journal_never_overwrites_a_game_finished_since(tmp_path):
    history = tmp_path / "history.json"
    game_id, drafts = drafts_of(CARDS[:1])
    DraftJournal(history, game_id).append(drafts[0])
    finished = example("leaders-armada-7p.json")
    with HistoryStore.open(history) as store:  # (this open folds the journal: a draft of a new game)
        store.finalise(load_record(finished | {"id": game_id}))
    DraftJournal(history, game_id).append(drafts[0])
    with HistoryStore.open(history) as store:
        assert store.load(game_id).status == "finished"
    assert not journal_path(history, game_id).exists()
