"""TinyDB, set up for the history: documents keyed by a string id (a game's UUID), replaced whole.

TinyDB's own upsert merges fields into the stored document, and its integer ids would need an index to
find a game by UUID; here the UUID *is* the document id, and `put` replaces documents in one write.
"""

from __future__ import annotations

from collections.abc import Iterator, KeysView, Mapping
from typing import Any, cast

from tinydb import TinyDB
from tinydb.table import Document, Table

from scorer.history.storage import StoredDocument


class HistoryDocument(Document):
    """A document as TinyDB returns it; a StoredDocument is parsed once (dict() would parse it per key)."""

    def __init__(self, value: Mapping[str, Any], doc_id: str) -> None:
        super().__init__(value.value() if isinstance(value, StoredDocument) else value, doc_id)


class HistoryTable(Table):
    document_id_class = str
    document_class = HistoryDocument
    default_query_cache_capacity = 0  # another process may replace the file under us: cache nothing

    def ids(self) -> KeysView[str]:
        """The ids of the stored documents, without parsing any of them."""
        return self._read_table().keys()

    def put(self, documents: Mapping[str, Mapping[str, Any]]) -> None:
        """Insert or wholly replace documents by id, in one write."""

        def replace(table: dict[str, Any]) -> None:
            for doc_id, document in documents.items():
                table[doc_id] = dict(document)

        self._update_table(replace)

    def snapshot(self) -> Iterator[Document]:
        """Every document as stored now, each parsed only when the iterator reaches it."""
        items = list(self._read_table().items())
        return (self.document_class(document, doc_id) for doc_id, document in items)


class HistoryDB(TinyDB):
    table_class = HistoryTable

    def table(self, name: str, **kwargs: Any) -> HistoryTable:
        return cast(HistoryTable, super().table(name, **kwargs))
