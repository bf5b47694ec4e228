"""The table of a game: who sits where (clockwise), with which wonder, side and wonder fleet, which
expansions and whether the players play in teams of two seated side by side.

Setup describes a `Table`; a new game's record starts from it, and the table of a game in progress is
replaced by it (back from Age I), with every entry of a renamed player following their new name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.edits.base import Edit
from scorer.model import SCHEMA_VERSION, GameRecord, Seat


@dataclass(frozen=True, slots=True)
class Table:
    """Seats clockwise; `expansions` as the record names them ("leaders", "armada"); `teams`: neighbours in
    twos (seats 1-2, 3-4…)."""

    seats: tuple[Seat, ...]
    expansions: frozenset[str] = frozenset()
    teams: bool = False

    @classmethod
    def of(cls, record: GameRecord) -> Table:
        """The table a record was set up with."""
        return cls(tuple(record.players), record.expansions, bool(record.teams))

    def players(self) -> list[dict[str, Any]]:
        return [{k: v for k, v in vars(seat).items() if v is not None} for seat in self.seats]

    def pairs(self) -> list[list[str]]:
        names = [seat.name for seat in self.seats]
        return [names[i : i + 2] for i in range(0, len(names), 2)]

    def record(self, played_on: str) -> dict[str, Any]:
        """A new game's record at this table, played on `played_on` (ISO date), before any age is entered."""
        data: dict[str, Any] = {
            "schema": SCHEMA_VERSION,
            "played_on": played_on,
            "status": "in_progress",
            "expansions": sorted(self.expansions),
            "players": self.players(),
            "ages": [],
            "end": {},
        }
        if self.teams:
            data["teams"] = self.pairs()
        return data


def set_table(table: Table) -> Edit:
    """Replace the table of a game in progress; the n-th seat's entries follow its player when renamed."""

    def retable(data: dict[str, Any]) -> None:
        renames = {old["name"]: new.name for old, new in zip(data["players"], table.seats)}
        for age in data["ages"]:
            age["players"] = {renames.get(name, name): entry for name, entry in age["players"].items()}
        data["end"] = {renames.get(name, name): entry for name, entry in data.get("end", {}).items()}
        data["expansions"] = sorted(table.expansions)
        data["players"] = table.players()
        if table.teams:
            data["teams"] = table.pairs()
        else:
            data.pop("teams", None)

    return Edit("set_table", None, retable)
