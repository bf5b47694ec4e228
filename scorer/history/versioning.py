"""The history file's own format version, and the migrations that bring an older file up to date.

`_meta.store.store_schema` says which layout of tables and documents the file holds. Opening a file of
an older schema first copies it beside itself (history.schema-1-backup-<time>.json), then runs each
migration in turn inside the caller's batch, so the upgraded file replaces the old one in one atomic
write. A file of a newer schema is refused: rewriting it would drop what the newer version added.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from scorer.history import faults
from scorer.history.errors import HistoryTooNew, HistoryUnreadable
from scorer.history.tables import HistoryDB
from scorer.i18n import t
from scorer.portable import sync_file

STORE_SCHEMA = 1
META_TABLE = "_meta"
META_ID = "store"

Migration = Callable[[HistoryDB], None]
# MIGRATIONS[n] turns a schema-n history into schema n + 1. Schema 1 is the first released layout.
MIGRATIONS: dict[int, Migration] = {}


def stamp(db: HistoryDB) -> None:
    db.table(META_TABLE).put({META_ID: {"store_schema": STORE_SCHEMA}})


def stored_schema(db: HistoryDB, path: Path) -> int:
    """The schema the loaded file declares; refuses files that are not histories or are too new."""
    meta = db.table(META_TABLE).document(META_ID)
    if meta is None:
        raise HistoryUnreadable(path, t("history.refused.not_ours", where=f"{META_TABLE}.{META_ID}.store_schema"))
    found = meta.get("store_schema")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise HistoryUnreadable(path, t("history.refused.unknown_format", found=repr(found)))
    if found > STORE_SCHEMA:
        raise HistoryTooNew(path, found, STORE_SCHEMA)
    return found


def upgrade(db: HistoryDB, path: Path, found: int) -> Path:
    """Back up the file of schema `found`, then migrate it in memory; the caller's batch writes it once."""
    backup = backup_copy(path, found)
    faults.reach("mid-upgrade")
    for version in range(found, STORE_SCHEMA):
        MIGRATIONS[version](db)
    stamp(db)
    return backup


def backup_copy(path: Path, found: int) -> Path:
    """A durable byte-for-byte copy of the file, made before a migration rewrites it."""
    stamp_text = datetime.now().strftime("%Y%m%d-%H%M%S")
    backup = path.with_name(f"{path.stem}.schema-{found}-backup-{stamp_text}{path.suffix}")
    shutil.copy2(path, backup)
    with open(backup, "rb+") as handle:
        sync_file(handle.fileno())
    return backup
