"""HistoryStorage: TinyDB's Storage, made crash-safe and quick for a history of thousands of games.

TinyDB hands its Storage the whole database on every write and asks for all of it on every read, and
its JSONStorage rewrites the file in place (a crash mid-write loses everything). This Storage:

- keeps each document as its serialized bytes (a StoredDocument) and parses it only when read, so ten
  thousand games cost about their file size in memory, not ten times that as Python objects;
- writes through atomic_file, streaming the bytes of unchanged documents and serializing only those that
  TinyDB replaced or edited, so a save costs a file copy, not a JSON dump of every game;
- lays the file out one document per line and ends it with a CRC-32 of the lines above, so opening a file
  it wrote needs no JSON parsing at all. A file changed by another tool (no such layout, or a CRC that no
  longer matches) is parsed in full instead, and is refused as unreadable if that fails;
- batches: inside `batch()` TinyDB's writes stay in memory and reach the disk once, all or nothing.

The file stays plain JSON in TinyDB's shape, {"table": {"doc_id": {...}}}, readable by any JSON tool.
The table name "_integrity" is this layout's own (the trailer) and never reaches TinyDB.
"""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from scorer.history import codec
from scorer.history.atomic import atomic_file
from scorer.history.errors import HistoryError, HistoryUnreadable

INTEGRITY_TABLE = "_integrity"
_TRAILER = re.compile(rb'"_integrity":\{"file":\{"crc32":(\d+)\}\}\}\n')
_QUOTE, _BACKSLASH, _COMMA = 0x22, 0x5C, 0x2C

Tables = dict[str, dict[str, Any]]
Signature = tuple[int, int, int, int] | None


class StoredDocument(MutableMapping[str, Any]):
    """One document as its line in the file, `"doc_id":{...}`; parsed on each read, never cached.

    Reads hand out a fresh parse, so nothing a caller does to a returned document can change the stored
    one. An in-place edit (TinyDB's update) parses it once into `edited`, which the next write serializes;
    `revert()` drops an edit that was never written.
    """

    __slots__ = ("key", "line", "value_start", "edited")

    def __init__(self, key: str, line: bytes | memoryview, value_start: int) -> None:
        self.key = key
        self.line = line
        self.value_start = value_start
        self.edited: dict[str, Any] | None = None

    @classmethod
    def serialize(cls, key: str, value: Mapping[str, Any]) -> StoredDocument:
        prefix = codec.dumps(key) + b":"
        return cls(key, prefix + codec.dumps(value), len(prefix))

    def value(self) -> dict[str, Any]:
        return self.edited if self.edited is not None else codec.loads(self.line[self.value_start:])

    def revert(self) -> None:
        self.edited = None

    def _edit(self) -> dict[str, Any]:
        if self.edited is None:
            self.edited = self.value()
        return self.edited

    def __getitem__(self, field: str) -> Any:
        return self.value()[field]

    def __iter__(self) -> Iterator[str]:
        return iter(self.value())

    def __len__(self) -> int:
        return len(self.value())

    def __setitem__(self, field: str, value: Any) -> None:
        self._edit()[field] = value

    def __delitem__(self, field: str) -> None:
        del self._edit()[field]

    def clear(self) -> None:
        self.edited = {}


class HistoryStorage(Storage):
    """TinyDB Storage over one JSON file; see the module docstring. Not thread-safe: HistoryStore serializes use."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__()
        self.path = Path(path)
        self._tables: dict[str, dict[str, StoredDocument]] = {}  # exactly what the file on disk holds
        self._staged: Tables | None = None  # TinyDB's latest write inside a batch, not yet on disk
        self._depth = 0
        self._loaded = False
        self._seen: Signature = None  # the file as we last read or wrote it

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
        with open(self.path, "rb") as handle:
            seen = _stat_signature(os.fstat(handle.fileno()))
            data = handle.read()
        self._tables = parse_file(self.path, data)
        self._seen = seen
        self._loaded = True

    def start_empty(self) -> None:
        """No file yet: an empty database, which the first write creates."""
        self.forget()
        self._seen = _signature(self.path)
        self._loaded = True

    def forget(self) -> None:
        """Drop what was read: after a refusal nothing may be written until the file is read again."""
        self._tables, self._staged, self._loaded, self._seen = {}, None, False, None

    def _flush(self) -> None:
        staged = self._staged
        try:
            if not self._loaded or staged is None:
                raise HistoryError(f"{self.path}: refusing to write a history that was not read")
            tables = _stored_tables(staged)
            with atomic_file(self.path) as handle:
                crc = 0
                for chunk in _chunks(tables):
                    handle.write(chunk)
                    crc = zlib.crc32(chunk, crc)
                handle.write(b'"%s":{"file":{"crc32":%d}}}\n' % (INTEGRITY_TABLE.encode(), crc))
            seen = _signature(self.path)
        except BaseException:
            self._rollback()
            raise
        self._tables, self._staged, self._seen = tables, None, seen

    def _rollback(self) -> None:
        self._staged = None
        for documents in self._tables.values():
            for document in documents.values():
                document.revert()


def _stored_tables(data: Tables) -> dict[str, dict[str, StoredDocument]]:
    """TinyDB's tables as StoredDocuments: unchanged ones reused as they are, the others serialized."""
    tables = {}
    for name, documents in data.items():
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


def _chunks(tables: Mapping[str, Mapping[str, StoredDocument]]) -> Iterator[bytes | memoryview]:
    """The file above its trailer: one line per table opening and closing, one per document."""
    yield b"{\n"
    for name, documents in tables.items():
        yield codec.dumps(name) + b":{\n"
        separator = b""
        for document in documents.values():
            yield separator
            yield document.line
            separator = b",\n"
        yield b"\n},\n" if documents else b"},\n"


def parse_file(path: Path, data: bytes) -> dict[str, dict[str, StoredDocument]]:
    if not data:
        raise HistoryUnreadable(path, "the file is empty")
    tables = _read_layout(data)
    return tables if tables is not None else _read_any_json(path, data)


def _read_layout(data: bytes) -> dict[str, dict[str, StoredDocument]] | None:
    """The file as this module wrote it, split into lines without parsing; None if it is not exactly that."""
    if not data.endswith(b"\n"):
        return None
    body_end = data.rfind(b"\n", 0, len(data) - 1) + 1
    trailer = _TRAILER.fullmatch(data, body_end)
    view = memoryview(data)
    if trailer is None or int(trailer[1]) != zlib.crc32(view[:body_end]):
        return None
    if not data.startswith(b"{\n"):
        return None
    tables: dict[str, dict[str, StoredDocument]] = {}
    pos = 2
    while pos < body_end:
        end = data.find(b"\n", pos, body_end)
        name = _table_name(data[pos:end]) if end > pos else None
        if name is None:
            return None
        pos = end + 1
        documents: dict[str, StoredDocument] = {}
        while not data.startswith(b"},\n", pos):
            end = data.find(b"\n", pos, body_end)
            if end <= pos or data[pos] != _QUOTE:
                return None
            document = _document(data, view, pos, end - 1 if data[end - 1] == _COMMA else end)
            if document is None:
                return None
            documents[document.key] = document
            pos = end + 1
        tables[name] = documents
        pos += 3
    return tables if pos == body_end else None


def _table_name(line: bytes) -> str | None:
    """`"games":{` -> "games"."""
    if not line.endswith(b":{"):
        return None
    try:
        name = codec.loads(line[:-2])
    except ValueError:
        return None
    return name if isinstance(name, str) else None


def _document(data: bytes, view: memoryview, start: int, end: int) -> StoredDocument | None:
    """The line `"doc_id":{...}` between start and end; the key's closing quote found without a parse."""
    colon = data.find(b'":', start + 1, end)
    if colon < 0:
        return None
    if data.find(b"\\", start, colon) >= 0:
        colon = _closing_quote(data, start, end)
        if colon < 0 or not data.startswith(b'":', colon):
            return None
        key = codec.loads(data[start:colon + 1])
    else:
        key = data[start + 1:colon].decode("utf-8")
    return StoredDocument(key, view[start:end], colon + 2 - start)


def _closing_quote(data: bytes, start: int, end: int) -> int:
    """Index of the quote closing the JSON string that opens at `start` (only for keys with escapes)."""
    i = start + 1
    while i < end:
        if data[i] == _BACKSLASH:
            i += 2
        elif data[i] == _QUOTE:
            return i
        else:
            i += 1
    return -1


def _read_any_json(path: Path, data: bytes) -> dict[str, dict[str, StoredDocument]]:
    """Any TinyDB-shaped JSON (hand-edited, pretty-printed, written by TinyDB's own JSONStorage)."""
    try:
        parsed = codec.loads(data)
    except ValueError as error:  # JSONDecodeError and UnicodeDecodeError both
        raise HistoryUnreadable(path, f"not valid JSON ({error}); it may be truncated or damaged") from None
    if not isinstance(parsed, dict) or not all(
        isinstance(table, dict) and all(isinstance(doc, dict) for doc in table.values()) for table in parsed.values()
    ):
        raise HistoryUnreadable(path, "not a history file: expected JSON tables of documents")
    parsed.pop(INTEGRITY_TABLE, None)
    return {
        name: {str(doc_id): StoredDocument.serialize(str(doc_id), doc) for doc_id, doc in table.items()}
        for name, table in parsed.items()
    }


def _stat_signature(st: os.stat_result) -> Signature:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _signature(path: Path) -> Signature:
    try:
        return _stat_signature(os.stat(path))
    except FileNotFoundError:
        return None
