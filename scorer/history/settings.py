"""The table's settings kept in the history: today, its Dockyard calibration (rules-reference §9).

The Armada rulebook prints only some Dockyard values; the rest of rules_data/dockyard.toml are placeholders
marked `unconfirmed`. A table types once what its own board shows, and that calibration then scores every
later game — the TUI sheet, the CLI `score` and the history's summaries alike — so it lives in the history
database (its `settings` table, document "dockyard"), written atomically under the store's lock like a game.

The stored form is the data file's: one row per space 1-6 with every field and the `unconfirmed` list of
cells nobody has checked yet, so `dockyard_from_rows` builds the track either way.

    rows = calibration_rows(store)            # what the calibration screen starts from (stored, else the book)
    save_calibration(store, rows)             # validated; raises InputError naming the space and the field
    track = dockyard_track(store)             # the calibrated DockyardTrack, or the catalogue's default
    track = dockyard_track_at(path)           # the same for a command that has only the history's path
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.catalog import CatalogError, dockyard_from_rows, load_catalog
from scorer.errors import InputError
from scorer.history.store import DOCKYARD_SETTING as DOCKYARD
from scorer.i18n import t

if TYPE_CHECKING:
    from scorer.catalog import DockyardTrack
    from scorer.history.store import HistoryStore

SPACES = range(1, 7)


@dataclass(frozen=True, slots=True)
class Field:
    """One value a Dockyard space shows, as the calibration screen labels it and the range a board can print.
    `words` names the value in the catalogue (history.dockyard.label.<words>): `label` is read when shown,
    in the interface's language at that moment."""

    key: str
    fleet: str
    words: str
    top: int

    @property
    def label(self) -> str:
        """'naval shields' / 'Escudos Navais'."""
        return t(f"history.dockyard.label.{self.words}")

    @property
    def fleet_label(self) -> str:
        """'Blue' / 'Azul': the fleet as the Dockyard board names it."""
        return t(f"history.dockyard.fleet.{self.fleet}")


FIELDS: tuple[Field, ...] = (
    Field("red_naval_shields", "red", "naval_shields", 20),
    Field("yellow_commercial_level", "yellow", "commercial_level", 3),
    Field("yellow_coins", "yellow", "coins", 20),
    Field("yellow_tax", "yellow", "tax", 20),
    Field("yellow_naval_shields", "yellow", "naval_shields", 20),
    Field("blue_vp", "blue", "vp", 20),
    Field("blue_naval_shields", "blue", "naval_shields", 20),
    Field("green_explore", "green", "explore", 3),
)
FIELD_KEYS = tuple(f.key for f in FIELDS)
_BY_KEY = {f.key: f for f in FIELDS}


@dataclass(frozen=True, slots=True)
class Calibration:
    """What the history holds: the rows, when they were saved, or why a stored calibration is not used."""

    rows: tuple[dict[str, Any], ...]
    saved_at: str | None = None  # None: never calibrated, these are the book's values
    problem: str | None = None  # a stored calibration that could not be read (the book is used instead)

    @property
    def stored(self) -> bool:
        return self.saved_at is not None and self.problem is None

    @property
    def unconfirmed(self) -> int:
        return sum(len(row["unconfirmed"]) for row in self.rows)

    def track(self) -> DockyardTrack:
        """The track to score with: these rows when stored and readable, else the catalogue's own."""
        return dockyard_from_rows(self.rows) if self.stored else load_catalog().dockyard


def describe_field(key: str, position: int) -> str:
    """'Blue VP, space 5' / 'PV da frota Azul, espaço 5': how messages name a cell, the way the board reads."""
    field = _BY_KEY[key]
    return t("history.dockyard.cell", fleet=field.fleet_label, label=field.label, position=position)


def allowed(key: str) -> str:
    return t("history.dockyard.whole_number", top=_BY_KEY[key].top)


def _one_of_fields() -> str:
    return t("history.dockyard.one_of", keys=", ".join(FIELD_KEYS))


def check_value(key: str, position: int, value: Any) -> int:
    """The value a board can show for this cell, or an InputError that names the cell and the range."""
    field = _BY_KEY.get(key)
    if field is None:
        raise InputError(t("history.dockyard.space", position=position), key, _one_of_fields())
    if isinstance(value, str):
        text = value.strip()
        if not text.isdigit():
            raise InputError(describe_field(key, position), value, allowed(key))
        value = int(text)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= field.top:
        raise InputError(describe_field(key, position), value, allowed(key))
    return value


def track_rows(track: DockyardTrack) -> list[dict[str, Any]]:
    """A track as the rows of dockyard.toml (spaces 1-6; Start is implied), unconfirmed lists included."""
    return [
        {
            "position": space.position,
            **{key: getattr(space, key) for key in FIELD_KEYS},
            "unconfirmed": [key for key in FIELD_KEYS if key in space.unconfirmed],
        }
        for space in track.spaces[1:]
    ]


def book_rows() -> list[dict[str, Any]]:
    """The values shipped in rules_data/dockyard.toml, with the rulebook's unconfirmed cells marked."""
    return track_rows(load_catalog().dockyard)


def check_rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Rows for spaces 1-6 with every field a value the board can show; raises InputError on the first wrong one."""
    out = []
    given = list(rows)
    if not all(isinstance(row, Mapping) and type(row.get("position")) is int for row in given):
        raise InputError(t("history.dockyard.spaces"), given, t("history.dockyard.positions"))
    given.sort(key=lambda row: row["position"])
    positions = [row["position"] for row in given]
    if positions != list(SPACES):
        raise InputError(t("history.dockyard.spaces"), positions, t("history.dockyard.every_space"))
    for row in given:
        position = row["position"]
        unknown = set(row) - set(FIELD_KEYS) - {"position", "unconfirmed"}
        if unknown:
            raise InputError(t("history.dockyard.space", position=position), sorted(unknown)[0], _one_of_fields())
        clean: dict[str, Any] = {"position": position}
        for key in FIELD_KEYS:
            if key not in row:
                raise InputError(describe_field(key, position), None, allowed(key))
            clean[key] = check_value(key, position, row[key])
        unconfirmed = row.get("unconfirmed", [])
        if not isinstance(unconfirmed, list | tuple) or any(key not in FIELD_KEYS for key in unconfirmed):
            raise InputError(
                t("history.dockyard.unconfirmed", position=position),
                unconfirmed,
                t("history.dockyard.names_among", keys=", ".join(FIELD_KEYS)),
            )
        clean["unconfirmed"] = [key for key in FIELD_KEYS if key in unconfirmed]
        out.append(clean)
    return out


def load_calibration(store: HistoryStore) -> Calibration:
    """The stored calibration; the book's values when there is none, or (with `problem`) when it is unreadable.

    A damaged document never stops a game from being scored: the book is used and the problem is shown on
    the calibration screen, where saving replaces the document.
    """
    return calibration_from_doc(store.setting(DOCKYARD))


def calibration_from_doc(doc: Mapping[str, Any] | None) -> Calibration:
    """A Calibration from the stored settings document (None: never calibrated)."""
    if doc is None:
        return Calibration(tuple(book_rows()))
    try:
        rows = check_rows(doc.get("spaces") or [])
    except InputError as error:
        return Calibration(tuple(book_rows()), doc.get("saved_at"), problem=str(error))
    return Calibration(tuple(rows), str(doc.get("saved_at") or "unknown"))


def calibration_rows(store: HistoryStore) -> list[dict[str, Any]]:
    return [dict(row) for row in load_calibration(store).rows]


def save_calibration(
    store: HistoryStore, rows: Iterable[Mapping[str, Any]], *, saved_at: str | None = None
) -> DockyardTrack:
    """Check the rows and store them (one atomic write); returns the track every later game will use."""
    clean = check_rows(rows)
    try:
        track = dockyard_from_rows(clean)
    except CatalogError as error:  # check_rows already makes this unreachable; kept as a guard on the format
        raise InputError(t("history.dockyard.calibration"), None, str(error)) from error
    stamp = saved_at or datetime.now(UTC).isoformat(timespec="seconds")
    store.put_setting(DOCKYARD, {"spaces": clean, "saved_at": stamp})
    return track


def dockyard_track(store: HistoryStore | None) -> DockyardTrack:
    """The track to score with: the table's calibration when one is stored and readable, else the book's."""
    return load_catalog().dockyard if store is None else load_calibration(store).track()


def dockyard_track_at(path: Path) -> DockyardTrack:
    """For a command that knows only the history's path (`score`): never creates a history just to read it.

    Raises HistoryError when the file exists but cannot be opened (busy, damaged, too new), so the command
    says so rather than silently scoring with other Dockyard values than the table's.
    """
    if not path.exists():
        return load_catalog().dockyard
    from scorer.history.store import HistoryStore

    with HistoryStore.open(path) as store:
        return dockyard_track(store)
