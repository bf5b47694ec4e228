"""Which documents of a damaged history file still hold: the survey behind refusing it and repairing it.

A file in this layout that fails its checksum is read line by line, never as a whole: each document line
(`"doc_id":{...}`) is sound only if its CRC-32 is the one the file's "_integrity" entry for it records. A
line that changed, an entry that changed, or a document whose entry is gone all come out the same: not
vouched for. Nothing here parses a document; that is left to whoever copies the sound ones.

A file whose lines are no longer this layout's (pretty-printed by a JSON tool, say) but which still parses
is vouched for document by document too: each document, written again as this layout writes it, must give
the CRC-32 its entry records.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field

from scorer.history import codec
from scorer.history.layout import (
    ENTRY,
    INTEGRITY_TABLE,
    StoredDocument,
    StoredTables,
    document_at,
    entry_key,
    lf_lines,
    table_name,
)


@dataclass(frozen=True, slots=True)
class Survey:
    """`sound`: the documents whose checksum holds, by table. `damaged`: by table, the keys of those it
    could not vouch for (recorded by an entry but not found intact, or found but not matching any entry);
    `lines`: the bytes found for a damaged document, if any (they may still say which game it was)."""

    sound: StoredTables = field(default_factory=dict)
    damaged: dict[str, list[str]] = field(default_factory=dict)
    lines: dict[tuple[str, str], bytes] = field(default_factory=dict)

    def count(self, table: str) -> tuple[int, int]:
        """(damaged, all) documents of `table`."""
        bad = len(self.damaged.get(table, ()))
        return bad, bad + len(self.sound.get(table, {}))


def survey(data: bytes) -> Survey:
    """The sound and damaged documents of a history file's bytes, whatever shape the damage left them in
    (with CRLF line endings too: layout.lf_lines)."""
    data = lf_lines(data)
    entries: dict[tuple[str, int], str] = {}  # (document key, its line's CRC) -> the table the entry names
    recorded: list[tuple[str, str]] = []
    found: list[tuple[str | None, StoredDocument]] = []
    view = memoryview(data)
    table: str | None = None
    pos = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        end = len(data) if end < 0 else end
        line = data[pos:end]
        named = table_name(line)
        entry = ENTRY.fullmatch(line)
        if named is not None:
            table = named
        elif line.startswith((b"},", b'"_integrity":')):
            table = None  # a table closed, or a trailer from before the per-document entries
        elif entry is not None and (key := _entry_key(entry[1])) is not None:
            entries[(key[1], int(entry[2]))] = key[0]
            recorded.append(key)
        elif line.startswith(b'"') and table not in (None, INTEGRITY_TABLE):
            cut = end - 1 if line.endswith(b",") else end
            document = document_at(data, view, pos, cut) if cut > pos else None
            if document is not None:
                found.append((table, document))
        pos = end + 1
    result = Survey()
    for where, document in found:
        owner = entries.get((document.key, zlib.crc32(document.line)))
        if owner is not None:
            result.sound.setdefault(owner, {})[document.key] = document
        elif where is not None:
            result.lines[(where, document.key)] = bytes(document.line)
    for owner, document_key in [*recorded, *result.lines]:  # an entry not matched, or a line no entry matches
        if document_key not in result.sound.get(owner, {}) and document_key not in result.damaged.setdefault(owner, []):
            result.damaged[owner].append(document_key)
    return result if entries else _survey_parsed(data) or result


def _survey_parsed(data: bytes) -> Survey | None:
    """The survey of a file that parses as JSON with an "_integrity" table; None if it does not."""
    try:
        parsed = codec.loads(data)
    except ValueError:
        return None
    entries = parsed.pop(INTEGRITY_TABLE, None) if isinstance(parsed, dict) else None
    if not isinstance(entries, dict):
        return None
    result = Survey()
    for table, documents in parsed.items():
        for key, value in documents.items() if isinstance(documents, dict) else ():
            entry = entries.get(entry_key(table, str(key)))
            document = StoredDocument.serialize(str(key), value) if isinstance(value, dict) else None
            if document is not None and isinstance(entry, dict) and entry.get("crc32") == document.crc:
                result.sound.setdefault(table, {})[document.key] = document
            else:
                result.damaged.setdefault(table, []).append(str(key))
    return result


def _entry_key(quoted: bytes) -> tuple[str, str] | None:
    """`"games/7c3b…"` -> ("games", "7c3b…"); None if the name is not one an entry has."""
    try:
        name = codec.loads(quoted)
    except ValueError:
        return None
    table, slash, key = name.partition("/") if isinstance(name, str) else ("", "", "")
    return (table, key) if slash and table else None
