"""The history file's layout: TinyDB's JSON, one document per line, each vouched for by its own checksum.

    {
    "_meta":{
    "store":{"store_schema":1}
    },
    "games":{
    "7c3b9e21-…":{"schema":1,"id":"7c3b9e21-…",…},
    "0b8c1d2e-…":{…}
    },
    "_integrity":{
    "_meta/store":{"crc32":3141592653},
    "games/7c3b9e21-…":{"crc32":2718281828},
    "games/0b8c1d2e-…":{"crc32":1618033988},
    "file":{"crc32":1234567890}}}

It is plain JSON in TinyDB's shape ({"table": {"doc_id": {...}}}), so any JSON tool, or TinyDB's own
JSONStorage, reads it. "_integrity" holds the CRC-32 of each document's line (without its separating comma),
one entry a line, and last a CRC-32 over the CRC-32s of every line above. Each document keeps its line's
CRC, so a save checksums only the documents that changed, and opening a file written here needs no JSON
parsing at all: split the lines, check the sum. The per-document sums are for a file that fails: they say
which documents still hold (damage.py), so that a repair can copy those and name the others.

A file that carries these checksums and fails them is damaged (HistoryDamaged): never read as if it were
what was saved, since a flipped bit that still parses (`Timber Yard` -> `Timbgr Yard`, coins 11 -> 10) would
then be written back under fresh checksums. A file without any (written by TinyDB's own JSONStorage, or by
hand) is parsed in full; if that fails, it is unreadable. "_integrity" is this layout's own name and never
reaches TinyDB. Files written before the per-document sums (`"_integrity":{"file":{"crc32":N}}}` alone on
the last line) are still read.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator, Mapping, MutableMapping
from pathlib import Path
from typing import Any, BinaryIO

from scorer.history import codec
from scorer.history.errors import HistoryDamaged, HistoryUnreadable
from scorer.i18n import t

INTEGRITY_TABLE = "_integrity"
_TRAILER = re.compile(rb'(?:"_integrity":\{)?"file":\{"crc32":(\d+)\}\}\}\n')
_OLD_TRAILER_START = b'"_integrity":{"file":'
ENTRY = re.compile(rb'("(?:[^"\\]|\\.)*"):\{"crc32":(\d+)\},')
_MARKS = (b'"_integrity"', b'{"crc32":')  # one flipped bit cannot take both out of a file written here
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

    __slots__ = ("_crc", "_end", "_source", "_start", "_value_start", "edited", "key")

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
        return memoryview(self._source)[self._start : self._end]

    @property
    def crc(self) -> int:
        if self._crc is None:
            self._crc = zlib.crc32(self.line)
        return self._crc

    def value(self) -> dict[str, Any]:
        if self.edited is not None:
            return self.edited
        return codec.loads(memoryview(self._source)[self._value_start : self._end])

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
        header = table_header(name)
        handle.write(header + b"\n")
        crcs.append(zlib.crc32(header))
        last = len(documents) - 1
        for i, document in enumerate(documents.values()):
            handle.write(document.line)
            handle.write(b",\n" if i < last else b"\n")
            crcs.append(document.crc)
        handle.write(_CLOSE + b"\n")
        crcs.append(_CLOSE_CRC)
    header = table_header(INTEGRITY_TABLE)
    handle.write(header + b"\n")
    crcs.append(zlib.crc32(header))
    for name, documents in tables.items():
        for document in documents.values():
            entry = b'%s:{"crc32":%d},' % (codec.dumps(entry_key(name, document.key)), document.crc)
            handle.write(entry + b"\n")
            crcs.append(zlib.crc32(entry))
    handle.write(b'"file":{"crc32":%d}}}\n' % _checksum(crcs))


def table_header(name: str) -> bytes:
    return codec.dumps(name) + b":{"


def entry_key(table: str, key: str) -> str:
    """The name of a document's checksum entry: "games/7c3b9e21-…" (table names never hold a "/")."""
    return f"{table}/{key}"


def read_file(path: Path, data: bytes) -> StoredTables:
    """The tables of a history file's bytes. Raises HistoryUnreadable; never changes the file."""
    if not data:
        raise HistoryUnreadable(path, t("history.refused.empty"))
    tables = _read_layout(data)
    if tables is not None:
        return tables
    if any(mark in data for mark in _MARKS):
        from scorer.history.damage import survey  # only a damaged file needs it

        raise HistoryDamaged(path, survey(data))
    return _read_any_json(path, data)


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
    old_trailer = data.startswith(_OLD_TRAILER_START, body_end)
    sealed = old_trailer  # the new layout's entries must come before its last line
    while pos < body_end:
        end = data.find(b"\n", pos, body_end)
        name = table_name(data[pos:end]) if end > pos else None
        if name is None:
            return None
        crcs.append(zlib.crc32(view[pos:end]))
        pos = end + 1
        if name == INTEGRITY_TABLE:
            if old_trailer:
                return None
            for entry in data[pos:body_end].split(b"\n")[:-1]:  # the entries: checked by the sum, not parsed
                crcs.append(zlib.crc32(entry))
            pos, sealed = body_end, True
            break
        documents: dict[str, StoredDocument] = {}
        more = not data.startswith(_CLOSE + b"\n", pos)
        while more:
            end = data.find(b"\n", pos, body_end)
            if end <= pos:
                return None
            more = data[end - 1] == _COMMA
            document = document_at(data, view, pos, end - 1 if more else end)
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
    if not sealed or pos != body_end or int(trailer[1]) != _checksum(crcs):
        return None
    return tables


def table_name(line: bytes) -> str | None:
    """`"games":{` -> "games"."""
    if not line.endswith(b":{"):
        return None
    try:
        name = codec.loads(line[:-2])
    except ValueError:
        return None
    return name if isinstance(name, str) else None


def document_at(data: bytes, view: memoryview, start: int, end: int) -> StoredDocument | None:
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
        key = codec.loads(data[start : colon + 1])
    else:
        key = data[start + 1 : colon].decode("utf-8")
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
