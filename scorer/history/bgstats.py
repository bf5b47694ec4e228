"""Plays for BG Stats: the JSON layout BG Stats exports and imports (a `.bgsplay` file holds one or more plays).

    {"games": [7 Wonders, and Leaders / Armada when a play used them],
     "players": [{"id", "uuid", "name", ...}], "locations": [],
     "plays": [{"uuid", "gameRefId", "playDate", "durationMin", "expansionPlays": [...],
                "playerScores": [{"playerRefId", "score", "winner", "rank", "seatOrder", "startPlayer", ...}]}]}

Ids ("id", "...RefId") only link the lists of one file; BG Stats matches what it already has by "uuid". Every
uuid here is a uuid5 of one fixed namespace: a game's play from its game id, a player from their name (as the
history keeps it), the games from their BoardGameGeek ids. So exporting the same games again, from the
command line, History or a phone, gives the same uuids and BG Stats adds no duplicate; a corrected game keeps
its uuid with a newer "modificationDate", and BG Stats takes the correction.

7 Wonders has no start player (everyone plays at once): no seat is marked as one. A play's time comes from the
record's `started_at`, its length from `played_seconds` (the time the game was played, scorer.play_time), else
from `started_at` to `ended_at` (else the date alone, at midnight, and 0 minutes: BG Stats' "no length"); its
note (`note`) goes into the play's comments.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Collection, Iterable, Mapping
from datetime import datetime
from typing import Any, BinaryIO, NamedTuple

from scorer.history.summary import GameSummary

NAMESPACE = uuid.UUID("5b0f3c1e-7d2a-5e8b-9c41-3a6f0d27b915")  # fixed forever: every uuid below derives from it
SEVEN_WONDERS = (68448, "7 Wonders", 2010)  # BoardGameGeek id, name, year
EXPANSIONS = {"leaders": (92539, "7 Wonders: Leaders", 2011), "armada": (247315, "7 Wonders: Armada", 2018)}
SUFFIX = ".bgsplay"
MEDIA_TYPE = "application/json"


class PlayFacts(NamedTuple):
    """What a play needs beyond the game's summary: when it started and ended, and the table's note."""

    started_at: str | None = None
    ended_at: str | None = None
    note: str | None = None
    played_seconds: int | None = None  # the time it was played (scorer.play_time), when the record counted it


def facts_of(record: Any) -> PlayFacts:
    """The PlayFacts of a GameRecord (attributes) or of a stored record document (keys): absent ones are None."""

    def get(name: str) -> str | None:
        value = record.get(name) if isinstance(record, Mapping) else getattr(record, name, None)
        return value if isinstance(value, str) and value.strip() else None

    played = record.get("played_seconds") if isinstance(record, Mapping) else getattr(record, "played_seconds", None)
    seconds = played if isinstance(played, int) and not isinstance(played, bool) and played >= 0 else None
    return PlayFacts(get("started_at"), get("ended_at"), get("note"), seconds)


def stable_uuid(kind: str, key: str) -> str:
    """The uuid BG Stats knows this thing by, in capitals as BG Stats writes them."""
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}")).upper()


def bgstats_document(plays: Iterable[tuple[GameSummary, PlayFacts]]) -> dict[str, Any]:
    """The BG Stats file of these finished, scored games (oldest first is the caller's order)."""
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    out_plays = []

    def game_ref(key: str, game: tuple[int, str, int], expansion: bool) -> int:
        if key not in games:
            games[key] = _game(len(games) + 1, game, expansion)
        return int(games[key]["id"])

    def player_ref(name: str) -> int:
        if name not in players:
            players[name] = {"id": len(players) + 1, "uuid": stable_uuid("player", name), "name": name}
            players[name]["isAnonymous"] = False
        return int(players[name]["id"])

    for summary, facts in plays:
        base = game_ref("base", SEVEN_WONDERS, expansion=False)
        expansion_plays = [
            {"gameRefId": game_ref(key, EXPANSIONS[key], expansion=True), "bggId": EXPANSIONS[key][0]}
            for key in ("leaders", "armada")
            if key in summary.expansions
        ]
        refs = [player_ref(name) for name in summary.names]
        out_plays.append(_play(summary, facts, base, expansion_plays, refs))
    return {
        "games": list(games.values()),
        "players": list(players.values()),
        "locations": [],
        "plays": out_plays,
    }


def _game(ref: int, game: tuple[int, str, int], expansion: bool) -> dict[str, Any]:
    bgg_id, name, year = game
    return {
        "id": ref,
        "uuid": stable_uuid("game", str(bgg_id)),
        "name": name,
        "bggName": name,
        "bggId": bgg_id,
        "bggYear": year,
        "highestWins": True,
        "noPoints": False,
        "cooperative": False,
        "usesTeams": False,
        "isBaseGame": 0 if expansion else 1,
        "isExpansion": 1 if expansion else 0,
    }


def _play(
    summary: GameSummary, facts: PlayFacts, base: int, expansion_plays: list[dict[str, Any]], refs: list[int]
) -> dict[str, Any]:
    team_of = {seat: number for number, pair in enumerate(summary.teams, start=1) for seat in pair}
    places = summary.places
    scores = []
    for seat, ref in enumerate(refs):
        score: dict[str, Any] = {
            "playerRefId": ref,
            "score": str(summary.totals[seat]),  # BG Stats keeps scores as text
            "winner": summary.won[seat],
            "rank": places[seat],
            "seatOrder": seat + 1,  # clockwise from the first seat, as the sheet lists them
            "startPlayer": False,  # 7 Wonders has none: every player plays at once
            "newPlayer": False,
            "role": f"{summary.wonders[seat]} {summary.sides[seat]}".strip(),
        }
        if summary.teams:
            score["team"] = str(team_of[seat])
        scores.append(score)
    saved = _local_time(summary.saved_at) or ""
    started = _local_time(facts.started_at)
    play: dict[str, Any] = {
        "uuid": stable_uuid("play", summary.id),
        "gameRefId": base,
        "playDate": started or f"{summary.played_on or saved[:10]} 00:00:00",
        "entryDate": saved,
        "modificationDate": saved,
        "durationMin": (
            round(facts.played_seconds / 60)
            if facts.played_seconds is not None
            else _minutes(facts.started_at, facts.ended_at)
        ),
        "ignored": False,
        "manualWinner": False,
        "usesTeams": bool(summary.teams),
        "rounds": 0,
        "rating": 0,
        "scoringSetting": 0,
        "expansionPlays": expansion_plays,
        "playerScores": scores,
    }
    if facts.note:
        play["comments"] = facts.note
    return play


def _parse(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def _local_time(text: str | None) -> str | None:
    """An ISO 8601 time as BG Stats writes one: 'YYYY-MM-DD HH:MM:SS', on this machine's clock (BG Stats shows
    the time a play was played, not UTC)."""
    moment = _parse(text)
    if moment is None:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _minutes(started: str | None, ended: str | None) -> int:
    start, end = _parse(started), _parse(ended)
    if start is None or end is None or (start.tzinfo is None) != (end.tzinfo is None):
        return 0
    return max(0, round((end - start).total_seconds() / 60))


def dumps(document: Mapping[str, Any]) -> bytes:
    """The file's bytes: UTF-8 JSON, names as typed (not \\u escapes), one trailing newline."""
    return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def export_bgstats(store: Any, out: BinaryIO, game_ids: Collection[str] | None = None) -> int:
    """Write the BG Stats file of every finished, scored game (of `game_ids`, if given), oldest first; returns
    how many plays it holds."""
    chosen = [
        game for game in reversed(store.games("finished")) if game.scored and (game_ids is None or game.id in game_ids)
    ]
    facts = {doc.doc_id: facts_of(doc) for doc in store.records({game.id for game in chosen})} if chosen else {}
    out.write(dumps(bgstats_document((game, facts.get(game.id, PlayFacts())) for game in chosen)))
    return len(chosen)
