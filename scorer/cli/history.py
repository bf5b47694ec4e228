"""`history`, `show`, `import`, `export`, `stats`, `delete`: the games a group has played, kept in one file.

    wonders-scorer history
    wonders-scorer show 0b8c1d2e
    wonders-scorer --db club.json import night-1.json night-2.json
    wonders-scorer export --format csv -o games.csv
    wonders-scorer stats --player Ana --vs Ben --since 2026-01-01
    wonders-scorer delete 0b8c1d2e --yes

The history file is `--db PATH` (before or after the command), else $WONDERS_SCORER_DB, else the per-user data
folder. Exit status: 2 bad input (an unknown game id or player, a bad import file), 3 the history file cannot
be read or is too new (it is left untouched; a fresh file is offered beside it), 1 any other history failure
(busy in another window, disk full). Only argparse is imported here; the store and Rich inside the commands.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from scorer.cli import output, values
from scorer.i18n import t

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.history import GameFilter, GameSummary, HistoryStore
    from scorer.model import GameRecord

SHORT_ID = 8
EXIT_FAILED = 1  # the history could not do it (busy, disk full): trying again may help
EXIT_REFUSED = 3  # the history file is unreadable or too new; it was not changed
EXPANSIONS = ("leaders", "armada", "base")


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """`--db PATH` after the command too; main() fills args.db from the global option when it is absent here."""
    parser.add_argument("--db", metavar=t("cli.metavar.path"), default=argparse.SUPPRESS, help=db_help())


def db_help() -> str:
    return t("cli_history.db")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the history commands to the CLI."""
    history = sub.add_parser(
        "history", help="list the stored games, newest first",
        description="List the games in the history, newest first: id, date, status, players with their wonders "
        "and totals, winners.",
        epilog="Example: wonders-scorer history   (then `wonders-scorer show ID` with the first characters of an id)",
    )
    history.add_argument("--json", action="store_true", help="print JSON instead of a table")
    history.set_defaults(handler=run_history)

    show = sub.add_parser(
        "show", help="show one stored game's score sheet",
        description="Show a stored game: its score sheet, or the entries so far of a game in progress.",
        epilog="Example: wonders-scorer show 0b8c1d2e   (any unique start of the id will do)",
    )
    show.add_argument("game_id", metavar="GAME_ID", help="the game's id, or a unique start of it")
    show.add_argument("--json", action="store_true", help="print JSON: the record, and its sheet (null for a draft)")
    show.set_defaults(handler=run_show)

    imports = sub.add_parser(
        "import", help="add games from record files or export bundles",
        description="Add the games of game record files and export bundles to the history. Games already stored "
        "are skipped, so importing the same file twice, or merging another table's export, stores each game once. "
        "A bad file stops the import before anything is stored.",
        epilog="Example: wonders-scorer import examples/*.json",
    )
    imports.add_argument("files", nargs="+", metavar="FILE", help="a game record (JSON) or an export bundle")
    imports.set_defaults(handler=run_import)

    export = sub.add_parser(
        "export", help="write every stored game as JSON or CSV",
        description="Export the history: a JSON bundle of every game record (drafts too) that `import` reads back, "
        "or a CSV for spreadsheets, one row per player per finished game.",
        epilog="Example: wonders-scorer export --format csv -o games.csv",
    )
    export.add_argument("--format", default="json", metavar="{json,csv}", help="json (default) or csv")
    export.add_argument("-o", "--output", metavar="FILE",
                        help="write to FILE (replaced atomically) instead of standard output")
    export.set_defaults(handler=run_export)

    stats = sub.add_parser(
        "stats", help="who wins, with which wonder, at how many players",
        description="Statistics over the finished games: per player (games, wins, win rate, totals, place), per "
        "wonder and side, per player count, naval tokens per age. A shared win counts for every winner; names "
        "match without case or accents.",
        epilog="Examples: wonders-scorer stats --player Ana   ·   wonders-scorer stats --player Ana --vs Ben   ·   "
        "wonders-scorer stats --since 2026-01-01 --players 5 --expansion leaders",
    )
    stats.add_argument("--player", metavar="NAME", help="one player's report: averages per row, wonders, rivals")
    stats.add_argument("--vs", metavar="NAME", help="with --player: the two players head to head")
    stats.add_argument("--since", metavar="YYYY-MM-DD", help="only games played on or after this day")
    stats.add_argument("--until", metavar="YYYY-MM-DD", help="only games played on or before this day")
    stats.add_argument("--players", action="append", default=[], metavar="N",
                       help="only games with N players (repeatable)")
    stats.add_argument("--expansion", action="append", default=[], metavar="{leaders,armada,base}",
                       help="only games with exactly these expansions (repeatable; base: no expansion)")
    stats.add_argument("--json", action="store_true", help="print JSON instead of tables")
    stats.set_defaults(handler=run_stats)

    delete = sub.add_parser(
        "delete", help="remove a stored game for good",
        description="Remove a game from the history, after asking (at a terminal) or with --yes.",
        epilog="Example: wonders-scorer delete 0b8c1d2e --yes",
    )
    delete.add_argument("game_id", metavar="GAME_ID", help="the game's id, or a unique start of it")
    delete.add_argument("-y", "--yes", action="store_true", help="do not ask (needed when not at a terminal)")
    delete.set_defaults(handler=run_delete)

    for parser in (history, show, imports, export, stats, delete):
        add_db_option(parser)


# --- the store, and what its errors mean for the exit status ---------------------------------------------

def with_store(args: argparse.Namespace, action: Callable[[HistoryStore], int]) -> int:
    """Open the history named by args.db, run `action`, close it. A refused file exits 3, other history
    failures 1, each with one line on stderr; an InputError goes up to main() (exit 2)."""
    from scorer.history import (
        HistoryError,
        HistoryRefused,
        HistoryStore,
        resolve_db_path,
    )

    if getattr(args, "db", None) == "":
        raise values.input_error("--db", "", "a path to the history file")
    try:
        with HistoryStore.open(resolve_db_path(getattr(args, "db", None))) as store:
            if store.backup_path is not None:
                sys.stderr.write(f"note: the history was upgraded; a copy of the old file is at {store.backup_path}\n")
            return action(store)
    except HistoryRefused as error:
        import shlex

        return _failed(args, f"{error}; start a fresh history with --db {shlex.quote(str(error.fresh_path))}",
                       EXIT_REFUSED)
    except HistoryError as error:
        return _failed(args, str(error), EXIT_FAILED)


def save_game(args: argparse.Namespace, record: GameRecord) -> int:
    """`score --save`: store the game, new or replacing its earlier save; the note goes to stderr with --json."""
    def save(store: HistoryStore) -> int:
        added = store.save(record)
        short = record.id[:SHORT_ID]
        note = f"saved as new game {short}" if added else f"updated game {short}"
        if record.status != "finished":
            note += " (in progress)"
        (sys.stderr if args.json else sys.stdout).write(note + "\n")
        return 0

    return with_store(args, save)


def _failed(args: argparse.Namespace, message: str, status: int) -> int:
    from scorer.cli import PROG

    sys.stderr.write(f"{PROG}: {args.command}: {' '.join(message.split())}\n")
    return status


# --- history ------------------------------------------------------------------------------------------------

def run_history(args: argparse.Namespace) -> int:
    return with_store(args, lambda store: _list(store, args.json))


def _list(store: HistoryStore, as_json: bool) -> int:
    from scorer.history import summary_to_dict

    games = store.games()
    if as_json:
        sys.stdout.write(_json_text([summary_to_dict(game) for game in games]))
        return 0
    from rich.text import Text

    out = output.console()
    if not games:
        out.print(Text(f"No games in the history yet ({store.path}). Add one with "
                       "`wonders-scorer score GAME.json --save` or `wonders-scorer import FILE...`."))
        return 0
    noted = any(game.problem for game in games)
    finished = sum(game.finished for game in games)
    title = f"History: {_count(len(games), 'game')} ({finished} finished, {len(games) - finished} in progress)"
    table = output.table(title, "Game", "Played", "Status", "Players (★ won)", *(["Note"] if noted else []))
    for game in games:
        cells = [game.id[:SHORT_ID], game.played_on or "—", _status(game), _seats(game)]
        if noted:
            cells.append(game.problem or "")
        table.add_row(*map(Text, cells), end_section=True)
    table.caption = Text(str(store.path))
    table.caption_justify = "left"
    out.print(table)
    return 0


def _status(game: GameSummary) -> str:
    if game.finished:
        return "finished"
    return f"in progress\n{_count(game.ages, 'age')} entered"


def _seats(game: GameSummary) -> str:
    """One line per player: name, wonder and side, and the total once scored (★ for a winner)."""
    if not game.scored:
        return "\n".join(f"{n} · {w} {s}" for n, w, s in zip(game.names, game.wonders, game.sides))
    return "\n".join(
        f"{'★ ' if seat.won else ''}{seat.name} · {seat.wonder} {seat.side} · {seat.total}" for seat in game.seats
    )


def describe(game: GameSummary) -> str:
    """'game 0b8c1d2e (2026-11-20, finished: Ann, Bob, Cid; won by Cid)', for prompts and confirmations."""
    when = f"{game.played_on}, " if game.played_on else ""
    status = "finished" if game.finished else "in progress"
    won = f"; won by {', '.join(game.winners)}" if game.winners else ""
    return f"game {game.id[:SHORT_ID]} ({when}{status}: {', '.join(game.names)}{won})"


# --- show ---------------------------------------------------------------------------------------------------

def run_show(args: argparse.Namespace) -> int:
    return with_store(args, lambda store: _show(store, store.load(store.resolve_id(args.game_id)), args.json))


def _show(store: HistoryStore, record: GameRecord, as_json: bool) -> int:
    from scorer.history.settings import dockyard_track
    from scorer.rules.sheet import score_game, sheet_to_dict

    sheet: dict[str, Any] | None = None
    problem = None
    if record.status == "finished":
        try:
            sheet = sheet_to_dict(score_game(record, track=dockyard_track(store)))
        except Exception as error:  # noqa: BLE001 - a game these rules cannot score is still shown
            problem = f"cannot score it with these rules ({error})"
    if as_json:
        data: dict[str, Any] = {"record": record.to_dict(), "sheet": sheet}
        if problem:
            data["problem"] = problem
        sys.stdout.write(_json_text(data))
        return 0

    from rich.text import Text

    from scorer.catalog import load_catalog
    from scorer.cli.game import print_sheet

    out = output.console()
    catalog = load_catalog()
    status = "finished" if record.status == "finished" else "in progress"
    boxes = " + ".join(name.capitalize() for name in sorted(record.expansions)) or "base game"
    played = f"played {record.played_on}, " if record.played_on else ""
    out.print(Text(f"Game {record.id} ({played}{status}, {boxes})", style="bold"))
    out.print(Text("Table: " + " · ".join(
        f"{seat.name} ({w.en if (w := catalog.wonder(seat.wonder)) else seat.wonder} {seat.side})"
        for seat in record.players
    )))
    if record.teams:
        out.print(Text("Teams: " + " · ".join(f"{a} + {b}" for a, b in record.teams)))
    if sheet is not None:
        print_sheet(sheet)
        return 0
    if problem:
        out.print(Text(f"Note: {problem}. The entries as stored:"))
    else:
        out.print(Text(f"In progress{_step(record)}. The entries so far:", style="bold"))
    _print_entries(out, record)
    return 0


_STEPS = {
    "setup": "setting up the table", "recruitment": "the Leaders recruitment of {age}", "age": "entering {age}",
    "conflicts": "the conflicts at the end of {age}", "end": "the end of the game", "sheet": "the score sheet",
}


def _step(record: GameRecord) -> str:
    """' (at step: entering Age II)': where the table was when the draft was saved."""
    from scorer.ruling import age_name

    progress = record.progress or {}
    step, age = progress.get("step"), progress.get("age")
    if step not in _STEPS:
        return ""
    return " (at step: " + _STEPS[str(step)].format(age=age_name(age) if isinstance(age, int) else "the age") + ")"


def _print_entries(out: Any, record: GameRecord) -> None:
    """What a draft holds: each age's entries per player, then the end of the game if entered."""
    from rich.text import Text

    from scorer.ruling import age_name

    if not record.ages and not record.end:
        out.print(Text("Nothing entered yet beyond the table."))
    for age, entries in sorted(record.ages.items()):
        table = output.table(age_name(age), "Player", "Cards", "Stages", "Other")
        for name in record.names:
            if name not in entries:
                continue
            entry = entries[name]
            table.add_row(Text(name), Text(", ".join(entry.cards) or "—"), Text(str(entry.wonder_stages)),
                          Text(_extras(entry)))
        out.print(table)
    if record.end:
        table = output.table("End of the game", "Player", "Coins", "Other")
        for name in record.names:
            if name in record.end:
                end = record.end[name]
                other = [f"Olympia copies {end.olympia_copy}"] if end.olympia_copy else []
                if end.quick is not None:
                    other.append("counts: " + ", ".join(f"{colour} {n}" for colour, n in end.quick.colours.items()))
                table.add_row(Text(name), Text("—" if end.coins is None else str(end.coins)), Text("; ".join(other)))
        out.print(table)


def _extras(entry: Any) -> str:
    parts = []
    if entry.leaders:
        parts.append("leaders: " + ", ".join(f"{play.name} ({play.use})" for play in entry.leaders))
    if entry.ships:
        parts.append("ships: " + ", ".join(f"{colour} {n}" for colour, n in entry.ships.items() if n))
    if entry.islands:
        parts.append("islands: " + ", ".join(entry.islands))
    if entry.incursions:
        parts.append("incursions: " + ", ".join(entry.incursions))
    if entry.abstain_naval:
        parts.append("stays out of the Naval Conflict")
    if entry.courtesans:
        parts.append(f"Courtesans: {entry.courtesans}")
    if entry.ground_strength is not None:
        parts.append(f"ground strength {entry.ground_strength}")
    if entry.naval_strength is not None:
        parts.append(f"naval strength {entry.naval_strength}")
    return "; ".join(parts)


# --- import / export ----------------------------------------------------------------------------------------

def run_import(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scorer.history import import_files

    def merge(store: HistoryStore) -> int:
        report = import_files(store, [Path(name) for name in args.files])
        sys.stdout.write(f"added {len(report.added)}, completed {_count(len(report.completed), 'draft')}, "
                         f"skipped {len(report.skipped)} already present\n")
        return 0

    return with_store(args, merge)


def run_export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scorer.history import FORMATS, export_to

    fmt = args.format.strip().lower()
    if fmt not in FORMATS:
        raise values.input_error("--format", args.format, " or ".join(FORMATS))
    if args.output == "":
        raise values.input_error("-o", "", "a file to write, or no -o for standard output")
    path = Path(args.output) if args.output else None

    def export(store: HistoryStore) -> int:
        try:
            count = export_to(store, fmt, path)
        except BrokenPipeError:
            if path is not None:
                raise
            _quiet_stdout()  # `export | head`: the reader has gone; nothing to say
            return EXIT_FAILED
        except OSError as error:
            reason = error.strerror or str(error)
            if path is None:
                return _failed(args, f"cannot write to standard output ({reason})", EXIT_FAILED)
            raise values.input_error("-o", str(path), f"a file in a writable folder ({reason})") from None
        if path is not None:
            what = "finished game" if fmt == "csv" else "game"
            sys.stderr.write(f"exported {_count(count, what)} to {path}\n")
        return 0

    return with_store(args, export)


def _quiet_stdout() -> None:
    """Point standard output at the null device, so Python's final flush does not fail on a closed pipe."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (a test's capture): nothing to protect
        pass


# --- stats --------------------------------------------------------------------------------------------------

def run_stats(args: argparse.Namespace) -> int:
    where = _filter(args)
    if args.vs is not None and args.player is None:
        raise values.input_error("--vs", args.vs, "only with --player: --player NAME --vs NAME")
    return with_store(args, lambda store: _stats(store.games("finished"), where, args))


def _filter(args: argparse.Namespace) -> GameFilter:
    from scorer.history import GameFilter

    since, until = _day("--since", args.since), _day("--until", args.until)
    if since and until and since > until:
        raise values.input_error("--until", until, f"a day on or after --since {since}")
    counts = set()
    for word in args.players:
        count = values.whole("--players", word, f"a number of players, 3 to {values.MAX_PLAYERS}")
        if not 3 <= count <= values.MAX_PLAYERS:
            raise values.input_error("--players", count, f"a number of players, 3 to {values.MAX_PLAYERS}")
        counts.add(count)
    boxes = set()
    for word in args.expansion:
        box = word.strip().lower()
        if box not in EXPANSIONS:
            raise values.input_error("--expansion", word, "leaders, armada, or base (no expansion)")
        boxes.add(box)
    if "base" in boxes and len(boxes) > 1:
        raise values.input_error("--expansion", "base", "base alone (no expansion), or leaders and/or armada")
    return GameFilter(
        since=since, until=until, expansions=frozenset(boxes - {"base"}) if boxes else None,
        player_counts=frozenset(counts) if counts else None,
    )


def _day(field: str, text: str | None) -> str | None:
    if text is None:
        return None
    import re
    from datetime import date

    day = text.strip()
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", day):
            raise ValueError
        date.fromisoformat(day)
    except ValueError:
        raise values.input_error(field, text, "a day as YYYY-MM-DD, e.g. 2026-12-11") from None
    return day


def _stats(games: Sequence[GameSummary], where: GameFilter, args: argparse.Namespace) -> int:
    from scorer.catalog import fold
    from scorer.history import head_to_head, history_stats, player_report, stats_to_dict

    overall = history_stats(games, where)
    if args.player is None:
        if args.json:
            sys.stdout.write(_json_text(stats_to_dict(overall)))
        else:
            _print_overall(overall, _filter_text(args))
        return 0
    known = {fold(p.name): p.name for p in overall.players}
    for field, name in (("--player", args.player), ("--vs", args.vs)):
        if name is not None and fold(name) not in known:
            raise values.input_error(field, name, _known_players(sorted(known.values(), key=str.casefold)))
    if args.vs is not None:
        if fold(args.vs) == fold(args.player):
            raise values.input_error("--vs", args.vs, "another player than --player")
        duel = head_to_head(games, known[fold(args.player)], known[fold(args.vs)], where)
        if args.json:
            sys.stdout.write(_json_text(stats_to_dict(duel)))  # type: ignore[arg-type]  # any stats dataclass does
        else:
            _print_duel(duel, _filter_text(args))
        return 0
    report = player_report(games, args.player, where)
    assert report is not None  # the name is a known player's
    if args.json:
        sys.stdout.write(_json_text(stats_to_dict(report)))
    else:
        _print_report(report, _filter_text(args))
    return 0


def _known_players(names: list[str]) -> str:
    if not names:
        return "a player of a finished game, and no finished game matches these filters"
    shown = ", ".join(names[:30]) + (f" and {len(names) - 30} more" if len(names) > 30 else "")
    return f"known players: {shown}"


def _filter_text(args: argparse.Namespace) -> str:
    parts = []
    if args.since or args.until:
        parts.append(f"{args.since or '…'} to {args.until or '…'}")
    if args.players:
        parts.append(" or ".join(sorted({str(int(p)) for p in args.players}, key=int)) + " players")
    if args.expansion:
        boxes = sorted({box.strip().lower() for box in args.expansion})
        parts.append("base game" if boxes == ["base"] else " + ".join(box.capitalize() for box in boxes))
    return f" ({', '.join(parts)})" if parts else ""


def _print_overall(stats: Any, filters: str) -> None:
    from rich.text import Text

    out = output.console()
    if not stats.games:
        what = "match these filters" if filters else "in the history yet"
        out.print(Text(f"No finished games {what}. Save one with `wonders-scorer score GAME.json --save` "
                       "or `wonders-scorer import FILE...`."))
        return
    games = f"{_count(stats.games, 'finished game')}{filters}"
    players = output.table(f"Players — {games}", "Player", "Games", "Wins", "Win rate", "Avg total", "Best", "Worst",
                           "Avg place", numeric=True)
    for p in stats.players:
        players.add_row(Text(p.name), str(p.games), str(p.wins), _percent(p.win_rate), _one(p.average_total),
                        str(p.best_total), str(p.worst_total), _one(p.average_place))
    out.print(players)
    _print_wonders(out, stats.wonders, "Wonders and sides")
    counts = output.table("Player counts", "Players", "Games", "Avg total", "Avg winning total", numeric=True)
    counts.columns[0].justify = "right"
    for c in stats.player_counts:
        counts.add_row(str(c.players), str(c.games), _one(c.average_total), _one(c.average_winning_total))
    out.print(counts)
    _print_naval(out, stats.naval, "Naval Conflict tokens per age (Armada games)")


def _print_report(report: Any, filters: str) -> None:
    from rich.text import Text

    out = output.console()
    p = report.player
    table = output.table(f"{p.name} — {_count(p.games, 'finished game')}{filters}", "Games", "Wins", "Win rate",
                         "Avg total", "Best", "Worst", "Avg place", numeric=True)
    table.columns[0].justify = "right"
    table.add_row(str(p.games), str(p.wins), _percent(p.win_rate), _one(p.average_total), str(p.best_total),
                  str(p.worst_total), _one(p.average_place))
    out.print(table)
    rows = output.table("Average per row", "Row", "Average", numeric=True)
    for row, average in p.average_rows.items():
        rows.add_row(Text(row[:1].upper() + row[1:]), _one(average))
    out.print(rows)
    _print_wonders(out, report.wonders, f"{p.name}'s wonders and sides")
    rivals = output.table("Against each opponent (placed ahead, behind, or level)", "Opponent", "Games", "Ahead",
                          "Behind", "Level", "Won", "They won", "Avg", "Their avg", numeric=True)
    for d in report.rivals:
        rivals.add_row(Text(d.b), str(d.games), str(d.a_ahead), str(d.b_ahead), str(d.level), str(d.a_wins),
                       str(d.b_wins), _one(d.a_average_total), _one(d.b_average_total))
    out.print(rivals)
    _print_naval(out, report.naval, f"{p.name}'s Naval Conflict tokens per age (Armada games)")


def _print_duel(duel: Any, filters: str) -> None:
    from rich.text import Text

    out = output.console()
    if not duel.games:
        out.print(Text(f"{duel.a} and {duel.b} have no finished game together{filters}."))
        return
    table = output.table(f"{duel.a} vs {duel.b} — {_count(duel.games, 'game')} together{filters}", "", duel.a, duel.b,
                         numeric=True)
    table.add_row("Placed ahead", str(duel.a_ahead), str(duel.b_ahead))
    table.add_row("Same place", str(duel.level), str(duel.level))
    table.add_row("Wins", str(duel.a_wins), str(duel.b_wins))
    table.add_row("Avg total", _one(duel.a_average_total), _one(duel.b_average_total))
    out.print(table)


def _print_wonders(out: Any, wonders: Sequence[Any], title: str) -> None:
    from rich.text import Text

    table = output.table(title, "Wonder", "Side", "Games", "Wins", "Win rate", "Avg total", "Avg place", numeric=True)
    table.columns[1].justify = "left"
    for w in wonders:
        table.add_row(Text(w.wonder), Text(w.side), str(w.games), str(w.wins), _percent(w.win_rate),
                      _one(w.average_total), _one(w.average_place))
    out.print(table)


def _print_naval(out: Any, naval: Sequence[Any], title: str) -> None:
    if not naval:
        return
    from scorer.ruling import age_name

    table = output.table(title, "Age", "Seats", "Avg token", "Led", "Led and won", "Leader win rate", numeric=True)
    for age in naval:
        table.add_row(age_name(age.age), str(age.seats), f"{age.average_token:+.1f}", str(age.led),
                      str(age.led_and_won), _percent(age.lead_win_rate) if age.led else "—")
    out.print(table)


# --- delete -------------------------------------------------------------------------------------------------

def run_delete(args: argparse.Namespace) -> int:
    if not args.yes and not sys.stdin.isatty():
        return _failed(args, "--yes is needed when not at a terminal; nothing was deleted", 2)
    return with_store(args, lambda store: _delete(store, args))


def _delete(store: HistoryStore, args: argparse.Namespace) -> int:
    game_id = store.resolve_id(args.game_id)
    if not args.yes:
        summary = next((game for game in store.games() if game.id == game_id), None)
        what = describe(summary) if summary is not None else f"game {game_id[:SHORT_ID]}"
        sys.stderr.write(f"Delete {what}? [y/N] ")
        sys.stderr.flush()
        try:
            answer = sys.stdin.readline()
        except KeyboardInterrupt:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            if not answer.endswith("\n"):
                sys.stderr.write("\n")
            sys.stdout.write("Nothing deleted.\n")
            return 0
    removed = store.delete(game_id)
    sys.stdout.write(f"Deleted {describe(removed)}.\n")
    return 0


# --- small things -------------------------------------------------------------------------------------------

def _json_text(data: Any) -> str:
    import json

    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _percent(rate: float) -> str:
    return f"{rate * 100:.0f}%"


def _one(value: float) -> str:
    return f"{value:.1f}"
