"""The game record: the table, each age's inputs and the end state, exactly as the table entered them.

This is the one format of the product: the TUI fills it step by step, the history stores it, `score`
reads it from a file, import/export moves it between tables. It is versioned (`"schema": 1`) and described
by the JSON Schema in game_record.schema.json; `scorer.validate` checks a record before it is used.
Names (cards, wonders, leaders, islands) are kept as typed, English or Portuguese; the catalogue resolves them.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace
from typing import Any

SCHEMA_VERSION = 1
FLEET_ORDER = ("red", "yellow", "blue", "green")


@dataclass
class Seat:
    name: str
    wonder: str
    side: str
    wonder_fleet: str | None = None


@dataclass
class LeaderPlay:
    """A leader played in a recruitment phase: recruited, tucked as a wonder stage, or discarded."""

    name: str
    use: str


@dataclass
class AgeEntry:
    """One player's inputs for one age."""

    cards: list[str] = field(default_factory=list)
    wonder_stages: int = 0
    leaders: list[LeaderPlay] = field(default_factory=list)
    ships: dict[str, int] | None = None
    islands: list[str] = field(default_factory=list)
    incursions: list[str] | None = None
    abstain_naval: bool = False
    courtesans: str | None = None
    ground_strength: int | None = None
    naval_strength: int | None = None
    discarded: int = 0  # cards discarded for coins this age: turns that leave nothing else in the record

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AgeEntry:
        return cls(
            cards=list(data.get("cards", [])),
            wonder_stages=data.get("wonder_stages", 0),
            leaders=[LeaderPlay(**play) for play in data.get("leaders", [])],
            ships=dict(data["ships"]) if "ships" in data else None,
            islands=list(data.get("islands", [])),
            incursions=list(data["incursions"]) if "incursions" in data else None,
            abstain_naval=data.get("abstain_naval", False),
            courtesans=data.get("courtesans"),
            ground_strength=data.get("ground_strength"),
            naval_strength=data.get("naval_strength"),
            discarded=data.get("discarded", 0),
        )

    def entered(self) -> bool:
        """Whether anything of the age itself was typed for this player (builds, ships, islands, a strength).

        The Leaders recruitment alone does not count: it is typed before the age is played, so a player with
        only a recruited leader is still to be entered, and the age screen must say so.
        """
        return replace(self, leaders=[]) != AgeEntry()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"cards": list(self.cards), "wonder_stages": self.wonder_stages}
        if self.leaders:
            out["leaders"] = [{"name": p.name, "use": p.use} for p in self.leaders]
        if self.ships is not None:
            out["ships"] = {colour: self.ships.get(colour, 0) for colour in FLEET_ORDER}
        if self.islands:
            out["islands"] = list(self.islands)
        if self.incursions is not None:
            out["incursions"] = list(self.incursions)
        if self.abstain_naval:
            out["abstain_naval"] = True
        if self.discarded:
            out["discarded"] = self.discarded
        for name in ("courtesans", "ground_strength", "naval_strength"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out


@dataclass
class QuickCounts:
    """Counts a table types instead of card names: per colour, plus what the counts cannot give. A game
    scored at the end, like the paper score pad, also types each player's Leaders and Islands VP (None: they
    come from the leaders and islands named, age by age)."""

    colours: dict[str, int]
    civilian: int = 0
    commercial: int = 0
    guilds: int = 0
    science: dict[str, int] = field(default_factory=dict)
    leaders: int | None = None
    islands: int | None = None

    @property
    def pad(self) -> bool:
        """Whether these counts are a score pad's (the whole game typed at the end, leaders' VP included)."""
        return self.leaders is not None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "colours": dict(self.colours),
            "civilian": self.civilian,
            "commercial": self.commercial,
            "guilds": self.guilds,
            "science": dict(self.science),
        }
        for name in ("leaders", "islands"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        return out


@dataclass
class EndEntry:
    """A player's end of game. `coins` is None until the table types it (a quick-count player's entry
    exists before that); the sheet counts a missing value as 0 and says so."""

    coins: int | None = None
    olympia_copy: str | None = None
    quick: QuickCounts | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EndEntry:
        quick = data.get("quick")
        return cls(
            coins=data.get("coins"),
            olympia_copy=data.get("olympia_copy"),
            quick=QuickCounts(**quick) if quick is not None else None,
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.coins is None else {"coins": self.coins}
        if self.olympia_copy is not None:
            out["olympia_copy"] = self.olympia_copy
        if self.quick is not None:
            out["quick"] = self.quick.to_dict()
        return out


@dataclass
class GameRecord:
    players: list[Seat]
    ages: dict[int, dict[str, AgeEntry]] = field(default_factory=dict)
    end: dict[str, EndEntry] = field(default_factory=dict)
    expansions: frozenset[str] = frozenset()
    teams: list[tuple[str, str]] = field(default_factory=list)
    id: str = field(default_factory=lambda: str(uuid.uuid4()))
    played_on: str | None = None
    # When the game was played (scorer.play_time): its first step after setup and its save, local ISO 8601
    # times with their UTC offset, and the time it was open being played (a resumed game's night not counted)
    started_at: str | None = None
    ended_at: str | None = None
    played_seconds: int | None = None
    note: str | None = None  # the table's one line about the game ("Ana's first game"), None for none
    status: str = "finished"
    progress: dict[str, object] | None = None
    # earlier versions of a finished game, oldest first: {"replaced_at": ISO time, "game": the record then}
    corrections: list[dict[str, Any]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.players]

    @property
    def leaders(self) -> bool:
        return "leaders" in self.expansions

    @property
    def armada(self) -> bool:
        return "armada" in self.expansions

    def coins(self, name: str) -> int | None:
        """Coins typed for this player at the end, or None while not entered."""
        end = self.end.get(name)
        return end.coins if end is not None else None

    def entry(self, age: int, name: str) -> AgeEntry:
        """This player's inputs for `age` (empty when the age has no entry for them yet)."""
        return self.ages.get(age, {}).get(name) or AgeEntry()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        """Build from a dict that already passed the JSON Schema (see scorer.validate)."""
        return cls(
            players=[Seat(**seat) for seat in data["players"]],
            ages={
                age["age"]: {name: AgeEntry.from_dict(entry) for name, entry in age["players"].items()}
                for age in data["ages"]
            },
            end={name: EndEntry.from_dict(entry) for name, entry in data.get("end", {}).items()},
            expansions=frozenset(data.get("expansions", ())),
            teams=[(a, b) for a, b in data.get("teams", [])],
            id=data.get("id") or str(uuid.uuid4()),
            played_on=data.get("played_on"),
            started_at=data.get("started_at"),
            ended_at=data.get("ended_at"),
            played_seconds=data.get("played_seconds"),
            note=data.get("note"),
            status=data.get("status", "finished"),
            progress=dict(data["progress"]) if "progress" in data else None,
            corrections=[dict(earlier) for earlier in data.get("corrections", ())],
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"schema": SCHEMA_VERSION, "id": self.id}
        if self.played_on:
            out["played_on"] = self.played_on
        for name in ("started_at", "ended_at", "played_seconds", "note"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        out["status"] = self.status
        if self.progress is not None:
            out["progress"] = dict(self.progress)
        out["expansions"] = sorted(self.expansions)
        if self.teams:
            out["teams"] = [list(pair) for pair in self.teams]
        out["players"] = [{k: v for k, v in vars(seat).items() if v is not None} for seat in self.players]
        out["ages"] = [
            {"age": age, "players": {name: entry.to_dict() for name, entry in entries.items()}}
            for age, entries in sorted(self.ages.items())
        ]
        out["end"] = {name: entry.to_dict() for name, entry in self.end.items()}
        if self.corrections:
            out["corrections"] = [dict(earlier) for earlier in self.corrections]
        return out
