"""Bringing games into the history: game record files and export bundles, checked before anything is stored.

Each file is one game record or one export bundle (written by export.py). Every incoming game is validated with
load_record unless it is surely left out (stored exactly so already, or a draft of a stored game: skipped
without the cost of validation); the first problem stops the whole import with an InputError naming the
file and the game, and nothing is stored. What is kept, and what a different game reusing a finished
game's id becomes, is the store's rule (merging.py). A record without an id gets one derived from its content,
so importing the same file twice does not store the game twice.
"""

from __future__ import annotations

import json
import uuid
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from scorer import documents
from scorer.errors import InputError
from scorer.history import codec, faults, merging
from scorer.history.export import BUNDLE_FORMAT, BUNDLE_VERSION
from scorer.history.store import HistoryStore, ImportReport
from scorer.i18n import t
from scorer.model import GameRecord
from scorer.validate import load_record

_CONTENT_IDS = uuid.uuid5(uuid.NAMESPACE_URL, "https://wonders-scorer.local/game-record")


def import_files(store: HistoryStore, paths: Sequence[Path]) -> ImportReport:
    """Merge the games of every file into `store` in one write; see the module docstring."""
    incoming = [(where, with_stable_id(data)) for path in paths for where, data in read_games(path)]
    ids = [game_id for _, data in incoming if (game_id := _id_of(data))]
    known = store.stored_statuses(ids)
    finished_here = {
        doc.doc_id: merging.content(doc)
        for doc in store.records({i for i, status in known.items() if status == "finished"})
    }
    records: list[GameRecord] = []
    skipped: list[str] = []
    for where, data in incoming:
        game_id = _id_of(data)
        if game_id in known and _nothing_to_write(data, known[game_id], finished_here.get(game_id)):
            skipped.append(game_id)
        else:
            records.append(validated(where, data))
    faults.reach("mid-import")
    report = store.add_games(records)
    copies = Counter(ids)
    repeated = tuple(i for i in copies if copies[i] > 1)
    return replace(report, skipped=tuple(dict.fromkeys(skipped + list(report.skipped))), repeated=repeated)


def _nothing_to_write(data: dict[str, Any], status: str, stored: dict[str, Any] | None) -> bool:
    """Whether an incoming game is surely left out (merging.py's rule), so it need not be validated: a draft
    never replaces a stored game, and a finished game stored exactly so is already here. The rest is
    validated and decided by the store."""
    if not merging.is_finished(data):
        return True
    return stored is not None and merging.content(data) == stored


def read_games(path: Path) -> list[tuple[str, Any]]:
    """The games in one file, each with where it came from (for messages): [(where, parsed record)]."""
    try:
        raw = documents.read_file(path, str(path), "…")
        data = documents.parse(raw, str(path), "…")  # json, not orjson: it reads integers beyond 64 bits as floats
    except OSError as error:
        raise InputError(str(path), "…", t("history.import.cannot_read", reason=error.strerror)) from None
    except InputError:
        raise
    except ValueError as error:
        raise InputError(str(path), "…", t("history.import.not_json", error=error)) from None
    if not (isinstance(data, dict) and data.get("format") == BUNDLE_FORMAT):
        return [(str(path), data)]
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= BUNDLE_VERSION:
        raise InputError(f"{path}: version", version, t("history.import.bundle_too_new", supported=BUNDLE_VERSION))
    games = data.get("games")
    if not isinstance(games, list):
        raise InputError(f"{path}: games", "…", t("history.import.games"))
    return [(f"{path} games[{i}]", game) for i, game in enumerate(games)]


def with_stable_id(data: Any) -> Any:
    """`data` with an "id": its own, or a UUID derived from its content when it has none."""
    if not isinstance(data, dict) or data.get("id"):
        return data
    content = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return {**data, "id": str(uuid.uuid5(_CONTENT_IDS, content))}


def _id_of(data: Any) -> str | None:
    game_id = data.get("id") if isinstance(data, dict) else None
    return game_id if isinstance(game_id, str) else None


def validated(where: str, data: Any) -> GameRecord:
    """The GameRecord of `data`, or the InputError of its first problem, prefixed with where it came from."""
    try:
        record = load_record(data)
    except InputError as error:
        raise InputError(f"{where}: {error.field}", error.value, error.allowed) from error
    try:
        codec.dumps(record.to_dict())
    except TypeError as error:  # orjson: a lone surrogate, an integer beyond 64 bits
        raise InputError(where, "…", t("history.import.not_storable", error=error)) from error
    return record
