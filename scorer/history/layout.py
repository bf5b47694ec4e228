"""The history file's layout: TinyDB's JSON, one document per line, closed by a checksum of those lines.

    {
    "_meta":{
    "store":{"store_schema":1}
    },
    "games":{
    "7c3b9e21-…":{"schema":1,"id":"7c3b9e21-…",…},
    "0b8c1d2e-…":{…}
    },
    "_integrity":{"file":{"crc32":1234567890}}}

It is plain JSON in TinyDB's shape ({"table": {"doc_id": {...}}}), so any JSON tool, or TinyDB's own
JSONStorage, reads it. The last line holds a CRC-32 over the CRC-32s of the lines above (for a document
line, without its separating comma). Each document keeps its line's CRC, so a save checksums only the
documents that changed, and opening a file written here needs no JSON parsing at all: split the lines,
check the sums. A file changed by anything else (pretty-printed, edited by hand, cut short) fails that
check and is parsed in full instead; if that fails too, it is unreadable. "_integrity" is this layout's own
name and never reaches TinyDB.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator, Mapping, MutableMapping
from pathlib import Path
from typing import Any, BinaryIO

from scorer.history import codec
from scorer.history.errors import HistoryUnreadable
from scorer.i18n import t

INTEGRITY_TABLE = "_integrity"
_TRAILER = re.compile(rb'"_integrity":\{"file":\{"crc32":(\d+)\}\}\}\n')
_OPEN, _CLOSE = b"{", b"},"
_OPEN_CRC, _CLOSE_CRC = zlib.crc32(_OPEN), zlib.crc32(_CLOSE)
_QUOTE, _BACKSLASH, _COMMA = 0x22, 0x5C, 0x2C

StoredTables = dict[str, dict[str, "StoredDocument"]]


class StoredDocument(MutableMapping[str, Any]):
    """One document as its line in the file, `"doc_id":{...}`; parsed on each read, never cached.

    Reads hand out a fresh parse, so nothing a caller does to a returned document can change the stored
    one. An in-place edit (TinyDB's update) parses it once into `edited`, which reads then return and the
    next write serializes; `revert()` drops an edit that was never written.
    """

    __slots__ = ("key", "_source", "_start", "_end", "_value_start", "edited", "_crc")

    def __init__(self, key: str, source: bytes, start: int, end: int, value_start: int, crc: int | None = None) -> None:
        # The line is source[start:end] (the whole file as read, or its own bytes): offsets rather than a
        # memoryview slice, which costs ~200 bytes a document, 4 MB over a 10,000-game history.
        self.key = key
        self._source = source
        self._start, self._end, self._value_start = start, end, value_start
        self.edited: dict[str, Any] | None = None
        self._crc = crc

    @classmethod
    def serialize(cls, key: str, value: Mapping[str, Any]) -> StoredDocument:
        prefix = codec.dumps(key) + b":"
        line = prefix + codec.dumps(value)
        return cls(key, line, 0, len(line), len(prefix))

    @property
    def line(self) -> memoryview:
        return memoryview(self._source)[self._start:self._end]

    @property
    def crc(self) -> int:
        if self._crc is None:
            self._crc = zlib.crc32(self.line)
        return self._crc

    def value(self) -> dict[str, Any]:
        if self.edited is not None:
            return self.edited
        return codec.loads(memoryview(self._source)[self._value_start:self._end])

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


def write_file(handle: BinaryIO, tables: StoredTables) -> None:
    crcs = [_OPEN_CRC]
    handle.write(_OPEN + b"\n")
    for name, documents in tables.items():
        header = codec.dumps(name) + b":{"
        handle.write(header + b"\n")
        crcs.append(zlib.crc32(header))
        last = len(documents) - 1
        for i, document in enumerate(documents.values()):
            handle.write(document.line)
            handle.write(b",\n" if i < last else b"\n")
            crcs.append(document.crc)
        handle.write(_CLOSE + b"\n")
        crcs.append(_CLOSE_CRC)
    handle.write(b'"%s":{"file":{"crc32":%d}}}\n' % (INTEGRITY_TABLE.encode(), _checksum(crcs)))


def read_file(path: Path, data: bytes) -> StoredTables:
    """The tables of a history file's bytes. Raises HistoryUnreadable; never changes the file."""
    if not data:
        raise HistoryUnreadable(path, t("history.refused.empty"))
    tables = _read_layout(data)
    return tables if tables is not None else _read_any_json(path, data)


def _checksum(crcs: list[int]) -> int:
    return zlib.crc32(b"".join(crc.to_bytes(4, "little") for crc in crcs))


def _read_layout(data: bytes) -> StoredTables | None:
    """The file as write_file wrote it, split into lines without parsing; None if it is not exactly that."""
    if not data.startswith(_OPEN + b"\n") or not data.endswith(b"\n"):
        return None
    body_end = data.rfind(b"\n", 0, len(data) - 1) + 1
    trailer = _TRAILER.fullmatch(data, body_end)
    if trailer is None:
        return None
    view = memoryview(data)
    crcs = [_OPEN_CRC]
    tables: StoredTables = {}
    pos = len(_OPEN) + 1
    while pos < body_end:
        end = data.find(b"\n", pos, body_end)
        name = _table_name(data[pos:end]) if end > pos else None
        if name is None:
            return None
        crcs.append(zlib.crc32(view[pos:end]))
        pos = end + 1
        documents: dict[str, StoredDocument] = {}
        more = not data.startswith(_CLOSE + b"\n", pos)
        while more:
            end = data.find(b"\n", pos, body_end)
            if end <= pos:
                return None
            more = data[end - 1] == _COMMA
            document = _document(data, view, pos, end - 1 if more else end)
            if document is None or more == data.startswith(_CLOSE + b"\n", end + 1):
                return None  # a comma must separate documents, and only documents
            documents[document.key] = document
            crcs.append(document.crc)
            pos = end + 1
        if not data.startswith(_CLOSE + b"\n", pos):
            return None
        crcs.append(_CLOSE_CRC)
        tables[name] = documents
        pos += len(_CLOSE) + 1
    if pos != body_end or int(trailer[1]) != _checksum(crcs):
        return None
    return tables


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
    if data[start] != _QUOTE:
        return None
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
    return StoredDocument(key, data, start, end, colon + 2, zlib.crc32(view[start:end]))


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


def _read_any_json(path: Path, data: bytes) -> StoredTables:
    """Any TinyDB-shaped JSON (edited by hand, pretty-printed, written by TinyDB's own JSONStorage)."""
    try:
        parsed = codec.loads(data)
    except ValueError as error:  # orjson's JSONDecodeError, a UnicodeDecodeError
        raise HistoryUnreadable(path, t("history.refused.not_json", error=error)) from None
    if not isinstance(parsed, dict) or not all(
        isinstance(table, dict) and all(isinstance(doc, dict) for doc in table.values()) for table in parsed.values()
    ):
        raise HistoryUnreadable(path, t("history.refused.not_tables"))
    parsed.pop(INTEGRITY_TABLE, None)
    return {
        name: {str(doc_id): StoredDocument.serialize(str(doc_id), doc) for doc_id, doc in table.items()}
        for name, table in parsed.items()
    }
