"""TinyDB, set up for the history: documents keyed by a string id (a game's UUID), replaced whole.

TinyDB's upsert merges fields into the stored document, and its integer ids would need an index to find a
game by UUID; here the UUID *is* the document id, `put` replaces documents in one write, and `document` /
`drop` are TinyDB's get / remove by id, typed for string ids (TinyDB's own hints say int).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, KeysView, Mapping
from typing import Any, cast

from tinydb import TinyDB
from tinydb.table import Document, Table

from scorer.history.layout import StoredDocument


class HistoryDocument(Document):
    """A document as TinyDB returns it; a StoredDocument is parsed once (dict() would parse it per key)."""

    doc_id: str  # type: ignore[assignment]

    def __init__(self, value: Mapping[str, Any], doc_id: str) -> None:
        super().__init__(value.value() if isinstance(value, StoredDocument) else value, doc_id)  # type: ignore[arg-type]


class HistoryTable(Table):
    document_id_class = str  # type: ignore[assignment]
    document_class = HistoryDocument  # type: ignore[assignment]
    default_query_cache_capacity = 0  # another process may replace the file under us: cache nothing

    def ids(self) -> KeysView[str]:
        """The ids of the stored documents, without parsing any of them."""
        return cast(KeysView[str], self._read_table().keys())

    def document(self, doc_id: str) -> HistoryDocument | None:
        raw = self._read_table().get(doc_id)
        return None if raw is None else HistoryDocument(raw, doc_id)

    def put(self, documents: Mapping[str, Mapping[str, Any]]) -> None:
        """Insert or wholly replace documents by id, in one write."""

        def replace(table: dict[str, Any]) -> None:
            for doc_id, document in documents.items():
                table[doc_id] = dict(document)

        self._update_table(replace)  # type: ignore[arg-type]

    def drop(self, doc_ids: Iterable[str]) -> None:
        """Remove these documents (those that exist), in one write."""
        gone = list(doc_ids)

        def remove(table: dict[str, Any]) -> None:
            for doc_id in gone:
                table.pop(doc_id, None)

        self._update_table(remove)  # type: ignore[arg-type]

    def snapshot(self, doc_ids: Collection[str] | None = None) -> Iterator[HistoryDocument]:
        """Every document as stored now (or those of `doc_ids`), each parsed only when the iterator reaches it."""
        items = list(self._read_table().items())
        if doc_ids is not None:
            items = [(doc_id, document) for doc_id, document in items if doc_id in doc_ids]
        return (HistoryDocument(document, doc_id) for doc_id, document in items)


class HistoryDB(TinyDB):
    table_class = HistoryTable

    def table(self, name: str, **kwargs: Any) -> HistoryTable:
        return cast(HistoryTable, super().table(name, **kwargs))
