"""Whether an incoming record may take the place of the stored game with its id: one rule for every edge.

A finished game is the table's word on what was played. It changes only through an explicit correction
(HistoryStore.correct: History's `e`, `score --save --replace ID`), which keeps every earlier version inside
the game (`corrections`), never because another record happens to carry its id: a draft autosaved by a
window that did not know the game was finished elsewhere, `score --save` of another file reusing the id,
another table's different version in a bundle. Against a stored finished game, a record with the same
content is already stored (nothing to write) and any other one conflicts; the store refuses a conflicting
save naming the game, and an import keeps a conflicting finished game beside it under `apart_id`. A
stored draft is replaced by the newer record of its own game. A record whose corrections hold the stored
game's version is a later correction of it and replaces it (an export of a corrected game, imported where
the earlier version is stored); a record the stored game's corrections hold is an earlier version, already
kept.
"""

from __future__ import annotations

import enum
import json
import uuid
from collections.abc import Mapping
from typing import Any

_APART_IDS = uuid.UUID("6f1d0c55-3a8e-4b7e-9d2c-5e0b7a1f4c63")  # namespace of ids given to kept-apart games


class Merge(enum.Enum):
    NEW = "new"  # no game has this id yet
    SAME = "same"  # already stored exactly so: nothing to write
    REPLACES_DRAFT = "replaces_draft"  # the stored game is a draft: the incoming record takes its place
    CONFLICTS = "conflicts"  # the stored game is finished and the incoming record differs from it
    CORRECTS = "corrects"  # the incoming record is a correction of the stored finished game: it takes its place


def compare(stored: Mapping[str, Any] | None, incoming: Mapping[str, Any]) -> Merge:
    """How `incoming` (a record's to_dict()) meets `stored` (the document kept under its id, or None)."""
    if stored is None:
        return Merge.NEW
    if not is_finished(stored):
        return Merge.SAME if dict(stored) == dict(incoming) else Merge.REPLACES_DRAFT
    if content(stored) == content(incoming):
        return Merge.SAME
    if any(earlier.get("game") == version(stored) for earlier in incoming.get("corrections", ())):
        return Merge.CORRECTS
    if any(earlier.get("game") == version(incoming) for earlier in stored.get("corrections", ())):
        return Merge.SAME  # an earlier version of the stored game, kept in its corrections already
    return Merge.CONFLICTS


def is_finished(doc: Mapping[str, Any]) -> bool:
    return doc.get("status", "finished") == "finished"


def content(doc: Mapping[str, Any]) -> dict[str, Any]:
    """What a finished game is: everything but where the table's screens stood when it was entered."""
    return {key: value for key, value in doc.items() if key != "progress"}


def version(doc: Mapping[str, Any]) -> dict[str, Any]:
    """One version of a finished game as its corrections keep it: its content without the earlier versions."""
    return {key: value for key, value in content(doc).items() if key != "corrections"}


def correction(stored: Mapping[str, Any], replaced_at: str) -> dict[str, Any]:
    """The entry a correction adds to a game's `corrections`: the stored version and when it was replaced."""
    return {"replaced_at": replaced_at, "game": version(stored)}


def apart_id(stored_id: str, incoming: Mapping[str, Any]) -> str:
    """The id a conflicting game is kept under beside the stored one: derived from both, so importing the
    same file again finds it already stored instead of adding it a second time."""
    text = json.dumps({**content(incoming), "id": stored_id}, sort_keys=True, separators=(",", ":"))
    return str(uuid.uuid5(_APART_IDS, text))
