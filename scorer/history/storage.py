"""HistoryStorage: TinyDB's Storage, made crash-safe and quick for a history of thousands of games.

TinyDB hands its Storage the whole database on every write and asks for all of it on every read, and its
JSONStorage rewrites the file in place (a crash mid-write loses everything). This Storage:

- keeps each document as its line of the file (layout.StoredDocument), parsed only when read, so ten
  thousand games cost about their file size in memory, not six times that as parsed Python objects; and
  the documents of the `on_disk` tables (the store's games) are not even held as bytes: they are read
  from the file, kept open, when asked for (layout.read_open_file), so listing ten thousand games holds
  their summaries, not 50 MB of games as well;
- writes through atomic_file, streaming the lines of unchanged documents and serializing only those that
  TinyDB replaced or edited, so a save costs a file copy, not a JSON dump of every game;
- batches: inside `batch()` TinyDB's writes stay in memory and reach the disk once, all or nothing;
- notices when another process has replaced the file, so the store can read it again before a change;
- reads a damaged file whose only damage is in `derived` tables (the store's summaries, which it can make
  again from their games) without those documents, and then refuses every write (`damage`): readers go on,
  the file is not rewritten until a repair has made a sound copy.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from scorer.history.atomic import atomic_file
from scorer.history.errors import HistoryDamaged, HistoryError
from scorer.history.layout import (
    INTEGRITY_TABLE,
    StoredDocument,
    StoredTables,
    read_open_file,
    write_file,
)
from scorer.i18n import t

Tables = dict[str, dict[str, Any]]
Signature = tuple[int, int, int, int] | None


class HistoryStorage(Storage):
    """TinyDB Storage over one JSON file; see the module docstring. Not thread-safe: HistoryStore serializes use."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__()
        self.path = Path(path)
        self._tables: StoredTables = {}  # exactly what the file on disk holds
        self._staged: Tables | None = None  # TinyDB's latest write inside a batch, not yet on disk
        self._depth = 0
        self._loaded = False
        self._seen: Signature = None  # the file as we last read or wrote it
        self.derived: frozenset[str] = frozenset()  # tables the store can make again (see the module docstring)
        self.on_disk: frozenset[str] = frozenset()  # tables whose documents are read from the file when asked
        self.damage: HistoryDamaged | None = None  # set when the file read has damage only in derived tables
        # Moves on each time what this storage holds may change: the file read (again), started empty, forgotten,
        # or written. Equal generations: the very same tables (HistoryStore.revision).
        self.generation = 0

    # --- TinyDB's interface ---------------------------------------------------------------------------

    def read(self) -> Tables:
        # A shallow copy: TinyDB assigns whole tables into it, and replaces (never mutates) a table's dict.
        return dict(self._staged if self._staged is not None else self._tables)

    def write(self, data: Tables) -> None:
        self._staged = data
        if self._depth == 0:
            self._flush()

    # --- ours -----------------------------------------------------------------------------------------

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Every TinyDB write inside the block reaches the file in one atomic write when it ends, or none does."""
        self._depth += 1
        try:
            yield
        except BaseException:
            if self._depth == 1:
                self._rollback()
            raise
        else:
            if self._depth == 1 and self._staged is not None:
                self._flush()
        finally:
            self._depth -= 1

    def changed_on_disk(self) -> bool:
        """True before the first load, and whenever another process has replaced the file since."""
        return not self._loaded or _signature(self.path) != self._seen

    def load(self) -> None:
        """Read the file (which must exist). Raises HistoryUnreadable, leaving the file untouched."""
        self.forget()
        handle = open(self.path, "rb")  # noqa: SIM115 - kept open by the documents left on disk, if any
        try:
            seen = _stat_signature(os.fstat(handle.fileno()))
            self._tables = read_open_file(self.path, handle, self.on_disk)
        except HistoryDamaged as error:
            handle.close()
            if not error.survey.sound or not set(error.survey.damaged) <= self.derived:
                raise
            self._tables, self.damage = error.survey.sound, error
        except BaseException:
            handle.close()
            raise
        finally:
            if not self.on_disk:
                handle.close()
        self._seen = seen
        self._loaded = True
        self.generation += 1

    def start_empty(self) -> None:
        """No file yet: an empty database, which the first write creates."""
        self.forget()
        self._seen = _signature(self.path)
        self._loaded = True
        self.generation += 1

    def close(self) -> None:
        """TinyDB's close: no document read is kept (a store used again reads the file again); `damage`
        still says what the file read had, for a caller that closes the store before raising it."""
        damage = self.damage
        self.forget()
        self.damage = damage

    def forget(self) -> None:
        """Drop what was read: after a refusal nothing may be written until the file is read again."""
        self._tables, self._staged, self._loaded, self._seen, self.damage = {}, None, False, None, None
        self.generation += 1

    def _flush(self) -> None:
        staged = self._staged
        try:
            if not self._loaded or staged is None:
                raise HistoryError(t("history.failed.unread", path=self.path))
            if self.damage is not None:
                raise self.damage
            tables = _stored_tables(staged)
            with atomic_file(self.path) as handle:
                write_file(handle, tables)
            seen = _signature(self.path)
        except BaseException:
            self._rollback()
            raise
        self._tables, self._staged, self._seen = tables, None, seen
        self.generation += 1

    def _rollback(self) -> None:
        self._staged = None
        for documents in self._tables.values():
            for document in documents.values():
                document.revert()


def _stored_tables(data: Tables) -> StoredTables:
    """TinyDB's tables as StoredDocuments: unchanged ones reused as they are, the others serialized."""
    tables = {}
    for name, documents in data.items():
        if name == INTEGRITY_TABLE or "/" in name:  # "/" separates table and key in the checksum entries
            raise ValueError(f"{name!r} cannot be a table name: the history file layout keeps it for itself")
        stored = {}
        for doc_id, document in documents.items():
            key = str(doc_id)
            if isinstance(document, StoredDocument) and document.edited is None and document.key == key:
                stored[key] = document
            else:
                value = document.value() if isinstance(document, StoredDocument) else document
                stored[key] = StoredDocument.serialize(key, value)
        tables[name] = stored
    return tables


def _stat_signature(st: os.stat_result) -> Signature:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _signature(path: Path) -> Signature:
    try:
        return _stat_signature(os.stat(path))
    except FileNotFoundError:
        return None
