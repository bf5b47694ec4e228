"""`history`: the games kept, newest first, one line each (or JSON)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from scorer.cli import output
from scorer.cli.history.names import shown_day, wonder_words
from scorer.cli.history.store import SHORT_ID, with_store
from scorer.cli.rows import Cell, print_rows
from scorer.i18n import t, tn
from scorer.play_words import mode_words, when_words

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.history import GameSummary, HistoryStore


def run_history(args: argparse.Namespace) -> int:
    return with_store(args, lambda store: _list(store, args.json))


def _list(store: HistoryStore, as_json: bool) -> int:
    from scorer.history import summary_to_dict

    games = store.games()
    store.close()  # the file's summaries, read for the list: not needed to print it
    if as_json:
        output.write_json_list(summary_to_dict(game) for game in games)
        return 0
    out = output.console()
    if not games:
        out.print(t("cli_history.list.empty", path=store.path))
        return 0
    noted = any(game.problem for game in games)
    finished = sum(game.finished for game in games)
    title = tn("cli_history.list.title", len(games), finished=finished, in_progress=len(games) - finished)
    columns = [
        t("cli_history.list.game"),
        t("cli_history.list.played"),
        t("cli_history.list.status"),
        t("cli_history.list.players"),
        *([t("cli_history.list.note")] if noted else []),
    ]
    rows: list[list[Cell]] = []
    for game in games:
        cells: list[Cell] = [game.id[:SHORT_ID], _played(game), _status(game), tuple(_seats(game))]
        if noted:
            cells.append(game.problem or "")
        rows.append(cells)
    print_rows(out, title, columns, rows, str(store.path))
    return 0


def _played(game: GameSummary) -> Cell:
    """The day, when it started and how long it lasted, and how it was scored: two games of one table on one
    evening told apart (scorer.play_words)."""
    when = when_words(game.started_at, game.played_seconds)
    return (shown_day(game.played_on) or "—", *([when] if when else []), mode_words(game.score_pad))


def _status(game: GameSummary) -> Cell:
    """'finished', or 'in progress' above how many ages are entered: the line break is the locale text's own,
    so the cell is built of lines (a str cell is made inert whole, and its break would print as `\\n`)."""
    if game.finished:
        return t("cli_history.finished")
    return tuple(tn("cli_history.list.entered", game.ages).splitlines())


def _seats(game: GameSummary) -> list[str]:
    """One line per player: name, wonder and side, and the total once scored (★ for a winner); the game's note
    last, quoted."""
    note = [f"“{game.note}”"] if game.note else []
    if not game.scored:
        return [f"{n} · {wonder_words(w)} {s}" for n, w, s in zip(game.names, game.wonders, game.sides)] + note
    return [
        f"{'★ ' if seat.won else ''}{seat.name} · {wonder_words(seat.wonder)} {seat.side} · {seat.total}"
        for seat in game.seats
    ] + note


def describe(game: GameSummary) -> str:
    """'game 0b8c1d2e (2026-11-20, finished: Ann, Bob, Cid; won by Cid)', for prompts and confirmations."""
    key = ("dated" if game.played_on else "undated") + ("_won" if game.winners else "")
    status = t("cli_history.finished" if game.finished else "cli_history.in_progress")
    return t(
        f"cli_history.describe.{key}",
        id=game.id[:SHORT_ID],
        day=shown_day(game.played_on),
        status=status,
        names=", ".join(game.names),
        winners=", ".join(game.winners),
    )
