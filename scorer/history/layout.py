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

import os
import re
import threading
import zlib
from collections.abc import Collection, Iterator, Mapping, MutableMapping
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

    def __init__(
        self, key: str, source: bytes | FileSource, start: int, end: int, value_start: int, crc: int | None = None
    ) -> None:
        # The line is source[start:end] (the whole file as read, its own bytes, or the file left on disk):
        # offsets rather than a memoryview slice, which costs ~200 bytes a document, 4 MB over 10,000 games.
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
    def line(self) -> memoryview | bytes:
        source = self._source
        if isinstance(source, FileSource):
            return source.line(self._start, self._end, self.crc)
        return memoryview(source)[self._start : self._end]

    @property
    def crc(self) -> int:
        if self._crc is None:
            self._crc = zlib.crc32(self.line)
        return self._crc

    def value(self) -> dict[str, Any]:
        if self.edited is not None:
            return self.edited
        if isinstance(self._source, FileSource):
            return codec.loads(memoryview(self.line)[self._value_start - self._start :])
        return codec.loads(memoryview(self._source)[self._value_start : self._end])

    def followed_in_file_by(self, other: StoredDocument) -> bool:
        """Whether `other` is the next line after this one (and its comma) in the same open file."""
        source = self._source
        return isinstance(source, FileSource) and other._source is source and other._start == self._end + 2

    def on_disk(self, source: FileSource, offset: int) -> StoredDocument:
        """This document (read from its own line's bytes), found at `offset` of `source` instead."""
        return StoredDocument(
            self.key, source, offset + self._start, offset + self._end, offset + self._value_start, self._crc
        )

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


_COPY_CHUNK = 1 << 20


class FileSource:
    """The history file as it was read, kept open, for the documents left on disk (layout.read_open_file).

    The store replaces the file whole (os.replace), never in place: the open file stays the one read, however
    often it is replaced since, and holds what these documents were. Each line read is checked against the
    CRC-32 it had when the file was read, so a file changed in place (by hand, by another program) is
    refused rather than read as what was saved. Reads may come from several threads (an export iterates
    outside the store's lock): one at a time.
    """

    def __init__(self, path: Path, handle: BinaryIO) -> None:
        self.path = path
        self._handle = handle
        self._lock = threading.Lock()

    def line(self, start: int, end: int, crc: int) -> bytes:
        with self._lock:
            self._handle.seek(start)
            data = self._handle.read(end - start)
        if zlib.crc32(data) != crc:
            raise HistoryUnreadable(self.path, t("history.refused.changed_in_place"))
        return data

    def copy(self, out: BinaryIO, start: int, end: int) -> None:
        """The bytes from `start` to `end` of the file, written to `out` a megabyte at a time."""
        with self._lock:
            self._handle.seek(start)
            while start < end:
                data = self._handle.read(min(end - start, _COPY_CHUNK))
                if not data:
                    raise HistoryUnreadable(self.path, t("history.refused.changed_in_place"))
                out.write(data)
                start += len(data)

    def close(self) -> None:
        self._handle.close()

    def __del__(self) -> None:
        self._handle.close()


def write_file(handle: BinaryIO, tables: StoredTables) -> None:
    crcs = [_OPEN_CRC]
    handle.write(_OPEN + b"\n")
    for name, documents in tables.items():
        header = table_header(name)
        handle.write(header + b"\n")
        crcs.append(zlib.crc32(header))
        run: list[StoredDocument] = []
        for document in documents.values():
            if run and not run[-1].followed_in_file_by(document):
                _write_run(handle, run, last=False)
                run = []
            run.append(document)
            crcs.append(document.crc)
        if run:
            _write_run(handle, run, last=True)
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


def _write_run(handle: BinaryIO, run: list[StoredDocument], last: bool) -> None:
    """Documents that follow each other in one open file (FileSource) are copied from it in one stretch,
    commas and line breaks between them included: a save of a 10,000-game history copies the games left on
    disk, not ten thousand lines read one by one. The copy is not checked line by line (their CRC-32 is
    written from what was read): a file changed in place meanwhile gives a file that fails its checksums."""
    if len(run) > 1:
        first = run[0]
        assert isinstance(first._source, FileSource)
        first._source.copy(handle, first._start, run[-1]._end)
    else:
        handle.write(run[0].line)
    handle.write(b"\n" if last else b",\n")


def table_header(name: str) -> bytes:
    return codec.dumps(name) + b":{"


def entry_key(table: str, key: str) -> str:
    """The name of a document's checksum entry: "games/7c3b9e21-…" (table names never hold a "/")."""
    return f"{table}/{key}"


def read_file(path: Path, data: bytes) -> StoredTables:
    """The tables of a history file's bytes. Raises HistoryUnreadable; never changes the file."""
    if not data:
        raise HistoryUnreadable(path, t("history.refused.empty"))
    data = lf_lines(data)
    tables = _read_layout(data)
    if tables is not None:
        return tables
    if any(mark in data for mark in _MARKS):
        from scorer.history.damage import survey  # only a damaged file needs it

        raise HistoryDamaged(path, survey(data))
    return _read_any_json(path, data)


def lf_lines(data: bytes) -> bytes:
    """A file whose every line ends in CRLF (copied through a Windows editor, git's autocrlf, a mail) as the
    same file with LF lines: the checksums are over each line without its ending, so the same content reads,
    and is surveyed, as what was saved; the next save writes it with LF again. A file with both endings is
    not the same content converted, and is left as it is (damaged, unless it parses as plain JSON)."""
    lines = data.count(b"\n")
    if lines and data.count(b"\r\n") == lines:
        return data.replace(b"\r\n", b"\n")
    return data


def _checksum(crcs: list[int]) -> int:
    return zlib.crc32(b"".join(crc.to_bytes(4, "little") for crc in crcs))


def read_open_file(path: Path, handle: BinaryIO, on_disk: Collection[str] = ()) -> StoredTables:
    """The tables of the history file open as `handle`, read a line at a time: the documents of the tables
    named in `on_disk` stay in the file (read again, and checked, when asked for: the file is kept open while
    any of them is alive), the others are kept in memory. So a 10,000-game history costs its summaries in
    memory, not its 50 MB of games as well. A file not exactly as write_file writes it is read whole
    (read_file). Raises HistoryUnreadable; never changes the file."""
    size = os.fstat(handle.fileno()).st_size
    handle.seek(max(size - _TAIL, 0))
    tail = handle.read()
    cut = tail.rfind(b"\n", 0, len(tail) - 1)  # where the last line starts, less one
    body_end = size - len(tail) + cut + 1
    tables = None
    if len(tail) == min(size, _TAIL) and (cut >= 0 or size <= _TAIL):
        handle.seek(0)
        source = FileSource(path, handle) if on_disk else None
        tables = _layout_of(_lines_until(handle, body_end), tail[body_end - size :], source, on_disk)
    if tables is None:
        handle.seek(0)
        return read_file(path, handle.read())
    return tables


_TAIL = 4096  # the last line of a file written here is the trailer, under 100 bytes


def _lines_until(handle: BinaryIO, end: int) -> Iterator[bytes]:
    """The lines of `handle` (each with its b"\n") up to the offset `end`, which starts a line."""
    pos = 0
    for line in handle:
        if pos >= end:
            return
        pos += len(line)
        yield line


def _read_layout(data: bytes) -> StoredTables | None:
    """The file's bytes as write_file wrote them, split into lines without parsing; None if not exactly that."""
    body_end = data.rfind(b"\n", 0, len(data) - 1) + 1
    lines = (line + b"\n" for line in data[:body_end].split(b"\n")[:-1])
    return _layout_of(lines, data[body_end:], None, ())


def _layout_of(
    body: Iterator[bytes], last: bytes, source: FileSource | None, on_disk: Collection[str]
) -> StoredTables | None:
    """The tables of a file given as its lines but the last (each with its b"\n") and its last line; None if
    it is not exactly as write_file writes it. Each document keeps its own line's bytes, or, in a table of
    `on_disk`, its place in `source`."""
    if next(body, b"") != _OPEN + b"\n" or not last.endswith(b"\n"):
        return None
    trailer = _TRAILER.fullmatch(last)
    if trailer is None:
        return None
    crcs = [_OPEN_CRC]
    tables: StoredTables = {}
    pos = len(_OPEN) + 1
    old_trailer = last.startswith(_OLD_TRAILER_START)
    sealed = old_trailer  # the new layout's entries must come before its last line
    line = next(body, None)
    while line is not None:
        name = table_name(line[:-1]) if len(line) > 1 else None
        if name is None:
            return None
        crcs.append(zlib.crc32(line[:-1]))
        pos += len(line)
        if name == INTEGRITY_TABLE:
            if old_trailer:
                return None
            crcs += (zlib.crc32(entry[:-1]) for entry in body)  # the entries: checked by the sum, not parsed
            sealed = True
            break
        documents: dict[str, StoredDocument] = {}
        kept = source if name in on_disk else None
        line = next(body, None)
        more = line is not None and line != _CLOSE + b"\n"
        while more and line is not None:
            more = line.endswith(b",\n")
            end = len(line) - (2 if more else 1)
            document = document_at(line, memoryview(line), 0, end) if end > 0 else None
            after = next(body, None)
            if document is None or more == (after == _CLOSE + b"\n"):
                return None  # a comma must separate documents, and only documents
            if kept is not None:
                document = document.on_disk(kept, pos)
            documents[document.key] = document
            crcs.append(document.crc)
            pos += len(line)
            line = after
        if line != _CLOSE + b"\n":
            return None
        crcs.append(_CLOSE_CRC)
        tables[name] = documents
        pos += len(line)
        line = next(body, None)
    if not sealed or int(trailer[1]) != _checksum(crcs):
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
