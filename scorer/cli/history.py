"""`history`, `show`, `import`, `export`, `stats`, `delete`, `repair`: the games a group has played, kept in one file.

    wonders-scorer history
    wonders-scorer show 0b8c1d2e
    wonders-scorer --db club.json import night-1.json night-2.json
    wonders-scorer export --format csv -o games.csv
    wonders-scorer stats --player Ana --vs Ben --since 2026-01-01
    wonders-scorer delete 0b8c1d2e --yes
    wonders-scorer repair -o history.repaired.json

The history file is `--db PATH` (before or after the command), else $WONDERS_SCORER_DB, else the per-user data
folder. Exit status: 2 bad input (an unknown game id or player, a bad import file), 3 the history file cannot
be read, is damaged or is too new (it is left untouched; a fresh file is offered beside it, and `repair` for a
damaged one), or is read-only and the command would write it (reading commands work on a read-only file or
folder), 1 any other history failure (busy in another window, disk full). A history damaged only in its
summaries is still read (with a note on stderr) but refuses every save until repaired. Only argparse is
imported here; the store and Rich inside the commands.

Everything printed is in the chosen language (scorer.i18n): days as that language writes them (DD/MM/AAAA in
Portuguese, and read that way as well as YYYY-MM-DD), wonders, cards, leaders and islands by the names its
edition prints (records keep the English names), decimals with its separator. JSON keys stay English.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from scorer.cli import output, values
from scorer.i18n import decimal, local_name, percent, t, tn

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.history import GameFilter, GameSummary, HistoryDamaged, HistoryRefused, HistoryStore, ImportReport
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


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the history commands to the CLI."""
    json_help = t("cli.main.json")
    history = sub.add_parser(
        "history",
        help=t("cli_history.help.history"),
        description=t("cli_history.help.history_description"),
        epilog=t("cli_history.help.history_epilog"),
    )
    history.add_argument("--json", action="store_true", help=json_help)
    history.set_defaults(handler=run_history)

    show = sub.add_parser(
        "show",
        help=t("cli_history.help.show"),
        description=t("cli_history.help.show_description"),
        epilog=t("cli_history.help.show_epilog"),
    )
    show.add_argument("game_id", metavar=t("cli_history.metavar.game_id"), help=t("cli_history.help.game_id"))
    show.add_argument("--json", action="store_true", help=t("cli_history.help.show_json"))
    show.set_defaults(handler=run_show)

    imports = sub.add_parser(
        "import",
        help=t("cli_history.help.import"),
        description=t("cli_history.help.import_description"),
        epilog=t("cli.main.example", command="wonders-scorer import examples/*.json"),
    )
    imports.add_argument(
        "files", nargs="+", metavar=t("cli_history.metavar.file"), help=t("cli_history.help.import_file")
    )
    imports.set_defaults(handler=run_import)

    export = sub.add_parser(
        "export",
        help=t("cli_history.help.export"),
        description=t("cli_history.help.export_description"),
        epilog=t("cli.main.example", command="wonders-scorer export --format csv -o games.csv"),
    )
    export.add_argument("--format", default="json", metavar="{json,csv}", help=t("cli_history.help.format"))
    export.add_argument("-o", "--output", metavar=t("cli_history.metavar.file"), help=t("cli_history.help.output"))
    export.add_argument("-f", "--force", action="store_true", help=t("cli_history.help.force"))
    export.set_defaults(handler=run_export)

    stats = sub.add_parser(
        "stats",
        help=t("cli_history.help.stats"),
        description=t("cli_history.help.stats_description"),
        epilog=t("cli_history.help.stats_epilog"),
    )
    name, day = t("cli.metavar.name"), t("cli_history.metavar.day")
    stats.add_argument("--player", metavar=name, help=t("cli_history.help.player"))
    stats.add_argument("--vs", metavar=name, help=t("cli_history.help.vs"))
    stats.add_argument("--since", metavar=day, help=t("cli_history.help.since"))
    stats.add_argument("--until", metavar=day, help=t("cli_history.help.until"))
    stats.add_argument("--players", action="append", default=[], metavar="N", help=t("cli_history.help.players"))
    stats.add_argument(
        "--expansion",
        action="append",
        default=[],
        metavar="{leaders,armada,base}",
        help=t("cli_history.help.expansion"),
    )
    stats.add_argument("--json", action="store_true", help=t("cli_history.help.stats_json"))
    stats.set_defaults(handler=run_stats)

    delete = sub.add_parser(
        "delete",
        help=t("cli_history.help.delete"),
        description=t("cli_history.help.delete_description"),
        epilog=t("cli_history.help.delete_epilog"),
    )
    delete.add_argument("game_id", metavar=t("cli_history.metavar.game_id"), help=t("cli_history.help.game_id"))
    delete.add_argument("-y", "--yes", action="store_true", help=t("cli_history.help.yes"))
    delete.set_defaults(handler=run_delete)

    repair = sub.add_parser(
        "repair",
        help=t("cli_history.help.repair"),
        description=t("cli_history.help.repair_description"),
        epilog=t("cli.main.example", command="wonders-scorer repair -o history.repaired.json"),
    )
    repair.add_argument(
        "-o",
        "--output",
        required=True,
        metavar=t("cli_history.metavar.new_file"),
        help=t("cli_history.help.repair_output"),
    )
    repair.add_argument("--force", action="store_true", help=t("cli_history.help.repair_force"))
    repair.add_argument("--json", action="store_true", help=json_help)
    repair.set_defaults(handler=run_repair)

    edit = sub.add_parser("edit", help=t("cli_history.help.edit"), description=t("cli_history.help.edit_description"))
    edit.add_argument("game_id", metavar=t("cli_history.metavar.game_id"), help=t("cli_history.help.game_id"))
    edit.set_defaults(handler=run_edit)

    for parser in (history, show, imports, export, stats, delete, repair, edit):
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
    from scorer.history.errors import HistoryNotAFile, HistoryReadOnly

    if getattr(args, "db", None) == "":
        raise values.input_error("--db", "", t("cli_history.store.db_allowed"))
    try:
        with HistoryStore.open(resolve_db_path(getattr(args, "db", None))) as store:
            if store.backup_path is not None:
                output.say(t("cli_history.store.upgraded", path=store.backup_path), sys.stderr)
            if store.damage is not None:
                _damaged_summaries(store.damage)
            return action(store)
    except HistoryNotAFile as error:  # a bad value for --db, like any other: exit 2
        raise values.input_error("--db", str(error.path), error.reason) from None
    except HistoryReadOnly as error:  # refused like an unreadable file: a second try would not help
        return _failed(args, str(error), EXIT_REFUSED)
    except HistoryRefused as error:
        return _refused(args, error)
    except HistoryError as error:
        return _failed(args, str(error), EXIT_FAILED)


def _refused(args: argparse.Namespace, error: HistoryRefused) -> int:
    """Exit 3 with the refusal, the fresh file it offers and, for a damaged file, the repair that keeps its games."""
    import shlex

    from scorer.history import HistoryDamaged

    message = t("cli_history.store.refused", error=error, path=shlex.quote(str(error.fresh_path)))
    if isinstance(error, HistoryDamaged):
        message += t(
            "cli_history.store.repair", db=shlex.quote(str(error.path)), path=shlex.quote(str(error.repaired_path))
        )
    return _failed(args, message, EXIT_REFUSED)


def _damaged_summaries(damage: HistoryDamaged) -> None:
    """Only summaries are damaged: the command reads on (they are scored again from their games) but says so,
    and says that nothing can be saved until the repair."""
    import shlex

    bad, _ = damage.survey.count("summaries")
    db, path = shlex.quote(str(damage.path)), shlex.quote(str(damage.repaired_path))
    if not bad:  # every document holds, the file as a whole does not (its lines rewritten by another program)
        output.say(t("cli_history.store.damaged_layout", db=db, path=path), sys.stderr)
        return
    output.say(tn("cli_history.store.damaged_summaries", bad, db=db, path=path), sys.stderr)


def save_game(args: argparse.Namespace, record: GameRecord, source: str) -> int:
    """`score --save`: store the game, new, completing or updating its draft, or already stored as it is; a
    finished game stored with the id and a different content is refused (exit 2) naming it. The note goes to
    stderr with --json."""
    from scorer.history.errors import FinishedGameKept
    from scorer.history.merging import Merge

    def save(store: HistoryStore) -> int:
        if getattr(args, "replace", None) is not None:
            return _replace(store, args, record)
        try:
            outcome = store.save(record)
        except FinishedGameKept as error:
            raise values.input_error(
                t("cli.score.record_field", source=source, field=error.field), error.value, error.allowed
            ) from None
        key = {Merge.NEW: "saved", Merge.REPLACES_DRAFT: "updated", Merge.SAME: "unchanged"}[outcome]
        if record.status != "finished":
            key += "_draft"
        output.say(t(f"cli_history.store.{key}", id=record.id[:SHORT_ID]), sys.stderr if args.json else sys.stdout)
        return 0

    return with_store(args, save)


def _replace(store: HistoryStore, args: argparse.Namespace, record: GameRecord) -> int:
    """`score FILE --save --replace ID`: the user's correction of the stored game ID. A file naming another
    game's id is refused (exit 2), so a correction never lands on the wrong game; a file without an id is the
    game ID's new version."""
    import dataclasses

    from scorer.history.merging import Merge

    game_id = store.resolve_id(args.replace)
    if args.file_id is not None and args.file_id != game_id:
        raise values.input_error(
            "--replace", args.replace, t("cli.score.replace_mismatch", file_id=str(args.file_id)[:SHORT_ID])
        )
    outcome = store.correct(dataclasses.replace(record, id=game_id))
    key = "cli_history.store.corrected" if outcome is Merge.CORRECTS else "cli_history.store.unchanged"
    output.say(t(key, id=game_id[:SHORT_ID]), sys.stderr if args.json else sys.stdout)
    return 0


def _failed(args: argparse.Namespace, message: str, status: int) -> int:
    from scorer.cli import PROG

    output.say(f"{PROG}: {args.command}: {' '.join(message.split())}", sys.stderr)
    return status


# --- history ------------------------------------------------------------------------------------------------


def run_history(args: argparse.Namespace) -> int:
    return with_store(args, lambda store: _list(store, args.json))


def _list(store: HistoryStore, as_json: bool) -> int:
    from scorer.history import summary_to_dict

    games = store.games()
    store.close()  # the file's summaries, read for the list: not needed to print it
    if as_json:
        sys.stdout.write(output.json_text([summary_to_dict(game) for game in games]))
        return 0
    out = output.console()
    if not games:
        out.print(t("cli_history.list.empty", path=store.path))
        return 0
    noted = any(game.problem for game in games)
    finished = sum(game.finished for game in games)
    title = tn("cli_history.list.title", len(games), finished=finished, in_progress=len(games) - finished)
    table = output.table(
        title,
        t("cli_history.list.game"),
        t("cli_history.list.played"),
        t("cli_history.list.status"),
        t("cli_history.list.players"),
        *([t("cli_history.list.note")] if noted else []),
    )
    for game in games:
        cells = [game.id[:SHORT_ID], _shown_day(game.played_on) or "—", _status(game), output.lines(_seats(game))]
        if noted:
            cells.append(game.problem or "")
        table.add_row(*cells, end_section=True)
    table.caption = output.text(store.path)
    table.caption_justify = "left"
    output.print_long(out, table)
    return 0


def _status(game: GameSummary) -> Any:
    """'finished', or 'in progress' above how many ages are entered: the line break is the locale text's own,
    so the cell is built of lines (a str cell is made inert whole, and its break would print as `\\n`)."""
    if game.finished:
        return t("cli_history.finished")
    return output.lines(tn("cli_history.list.entered", game.ages).splitlines())


def _seats(game: GameSummary) -> list[str]:
    """One line per player: name, wonder and side, and the total once scored (★ for a winner)."""
    if not game.scored:
        return [f"{n} · {_wonder(w)} {s}" for n, w, s in zip(game.names, game.wonders, game.sides)]
    return [
        f"{'★ ' if seat.won else ''}{seat.name} · {_wonder(seat.wonder)} {seat.side} · {seat.total}"
        for seat in game.seats
    ]


def describe(game: GameSummary) -> str:
    """'game 0b8c1d2e (2026-11-20, finished: Ann, Bob, Cid; won by Cid)', for prompts and confirmations."""
    key = ("dated" if game.played_on else "undated") + ("_won" if game.winners else "")
    status = t("cli_history.finished" if game.finished else "cli_history.in_progress")
    return t(
        f"cli_history.describe.{key}",
        id=game.id[:SHORT_ID],
        day=_shown_day(game.played_on),
        status=status,
        names=", ".join(game.names),
        winners=", ".join(game.winners),
    )


# --- edit ---------------------------------------------------------------------------------------------------


def run_edit(args: argparse.Namespace) -> int:
    """`edit ID`: the table app opened at that finished game's sheet, to correct it (saved by the sheet's s
    under the same id, the earlier version kept). Only at a terminal; a game in progress is resumed instead."""
    from scorer.history import locate_history

    if args.table_app is None or not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise values.input_error("GAME_ID", args.game_id, t("cli_history.edit.terminal"))

    def finished_id(store: HistoryStore) -> int:
        game_id = store.resolve_id(args.game_id)
        if store.load(game_id).status != "finished":
            raise values.input_error("GAME_ID", args.game_id, t("cli_history.edit.unfinished"))
        args.game_id = game_id
        return 0

    if (status := with_store(args, finished_id)) != 0:
        return status
    db_path, db_source = locate_history(args.db)
    args.table_app(db_path, db_source, args.language_source, args.game_id)
    return 0


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
        except Exception as error:
            problem = t("cli_history.show.cannot_score", error=error)
    if as_json:
        data: dict[str, Any] = {"record": record.to_dict(), "sheet": sheet}
        if problem:
            data["problem"] = problem
        sys.stdout.write(output.json_text(data))
        return 0

    from scorer.cli.game import print_sheet

    out = output.console()
    status = t("cli_history.finished" if record.status == "finished" else "cli_history.in_progress")
    boxes = " + ".join(name.capitalize() for name in sorted(record.expansions)) or t("cli_history.base_game")
    key = "cli_history.show.title_dated" if record.played_on else "cli_history.show.title"
    title = t(key, id=record.id, day=_shown_day(record.played_on), status=status, boxes=boxes)
    out.print(output.text(title, style="bold"))
    seats = " · ".join(
        t("cli_history.show.seat", name=seat.name, wonder=_wonder(seat.wonder), side=seat.side)
        for seat in record.players
    )
    out.print(t("cli_history.show.table", seats=seats))
    if record.teams:
        out.print(t("cli_history.show.teams", teams=" · ".join(f"{a} + {b}" for a, b in record.teams)))
    if sheet is not None:
        print_sheet(sheet)
        _print_corrections(out, store, record)
        return 0
    if problem:
        out.print(t("cli_history.show.problem", problem=problem))
    else:
        step = _step(record)
        so_far = t("cli_history.show.so_far_at", step=step) if step else t("cli_history.show.so_far")
        out.print(output.text(so_far, style="bold"))
    _print_entries(out, record)
    return 0


def _print_corrections(out: Any, store: HistoryStore, record: GameRecord) -> None:
    """The game's earlier versions, oldest first: when each was replaced and the totals it had, so a table
    sees what a correction changed (the whole versions are in `show ID --json`)."""
    if not record.corrections:
        return
    from scorer.history.settings import dockyard_track
    from scorer.model import GameRecord
    from scorer.rules.sheet import score_game

    out.print(output.text(tn("cli_history.show.corrections", len(record.corrections)), style="bold"))
    for earlier in record.corrections:
        version = score_game(GameRecord.from_dict(earlier["game"]), track=dockyard_track(store))
        totals = " · ".join(f"{player.name} {player.total}" for player in version.players)
        out.print(t("cli_history.show.correction", when=_shown_time(earlier["replaced_at"]), totals=totals))


def _shown_time(stamp: str) -> str:
    """'2026-12-02 13:58 UTC' from the stored ISO time."""
    return f"{stamp[:10]} {stamp[11:16]} UTC"


def _step(record: GameRecord) -> str | None:
    """'entering Age II': where the table was when the draft was saved (None when the draft does not say)."""
    from scorer.ruling import age_name

    progress = record.progress or {}
    step, age = progress.get("step"), progress.get("age")
    if step in ("setup", "end", "sheet"):
        return t(f"cli_history.show.step.{step}")
    if step in ("recruitment", "age", "conflicts"):
        if isinstance(age, int) and 1 <= age <= 3:
            return t(f"cli_history.show.step.{step}", age=age_name(age))
        return t(f"cli_history.show.step.{step}_any")
    return None


def _print_entries(out: Any, record: GameRecord) -> None:
    """What a draft holds: each age's entries per player, then the end of the game if entered; cards,
    leaders and islands as the table's cards print them."""
    from scorer.ruling import age_name

    if not record.ages and not record.end:
        out.print(t("cli_history.show.nothing"))
    player, other = t("cli_history.show.player"), t("cli_history.show.other")
    for age, entries in sorted(record.ages.items()):
        table = output.table(age_name(age), player, t("cli_history.show.cards"), t("cli_history.show.stages"), other)
        for name in record.names:
            if name not in entries:
                continue
            entry = entries[name]
            cards = ", ".join(_card(card, age) for card in entry.cards) or "—"
            table.add_row(name, cards, str(entry.wonder_stages), _extras(entry))
        out.print(table)
    if record.end:
        table = output.table(t("cli_history.show.end"), player, t("cli_history.show.coins"), other)
        for name in record.names:
            if name in record.end:
                end = record.end[name]
                notes = [t("cli_history.show.olympia", guild=_card(end.olympia_copy, 3))] if end.olympia_copy else []
                if end.quick is not None:
                    counts = ", ".join(f"{_colour(colour)} {n}" for colour, n in end.quick.colours.items())
                    notes.append(t("cli_history.show.counts", counts=counts))
                table.add_row(name, "—" if end.coins is None else str(end.coins), "; ".join(notes))
        out.print(table)


def _extras(entry: Any) -> str:
    parts = []
    if entry.leaders:
        leaders = ", ".join(
            t("cli_history.show.leader", name=_leader(play.name), use=_use(play.use)) for play in entry.leaders
        )
        parts.append(t("cli_history.show.leaders", leaders=leaders))
    if entry.ships:
        ships = ", ".join(f"{_colour(colour)} {n}" for colour, n in entry.ships.items() if n)
        parts.append(t("cli_history.show.ships", ships=ships))
    if entry.islands:
        parts.append(t("cli_history.show.islands", islands=", ".join(map(_island, entry.islands))))
    if entry.incursions:
        parts.append(t("cli_history.show.incursions", players=", ".join(entry.incursions)))
    if entry.abstain_naval:
        parts.append(t("cli_history.show.abstain"))
    if entry.courtesans:
        parts.append(t("cli_history.show.courtesans", leader=_leader(entry.courtesans)))
    if entry.ground_strength is not None:
        parts.append(t("cli_history.show.ground", value=entry.ground_strength))
    if entry.naval_strength is not None:
        parts.append(t("cli_history.show.naval", value=entry.naval_strength))
    return "; ".join(parts)


def _use(use: str) -> str:
    return t(f"cli_history.show.use.{use}") if use in ("recruit", "wonder", "discard") else use


def _colour(colour: str) -> str:
    """A card or ship colour in words (a record only holds the schema's colours; anything else as stored)."""
    known = ("brown", "grey", "blue", "yellow", "green", "red", "purple")
    return t(f"cli_history.show.colour.{colour}") if colour in known else colour


# --- import / export ----------------------------------------------------------------------------------------


def run_import(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scorer.history import import_files

    def merge(store: HistoryStore) -> int:
        report = import_files(store, [Path(name) for name in args.files])
        output.say(
            tn("cli_history.import.done", len(report.completed), added=len(report.added), skipped=len(report.skipped))
        )
        _print_import_notes(store, report)
        return 0

    return with_store(args, merge)


def _print_import_notes(store: HistoryStore, report: ImportReport) -> None:
    """One line per game kept beside a finished game whose id it reused, and one for ids repeated in the files."""
    from scorer.history.errors import describe_game

    if report.kept_apart:
        stored = {game.id: game for game in store.games("finished")}
        for new, old in report.kept_apart:
            game = describe_game(stored[old]) if old in stored else ""
            output.say(t("cli_history.import.kept_apart", new=new[:SHORT_ID], old=old[:SHORT_ID], game=game))
    if report.repeated:
        ids = ", ".join(game_id[:SHORT_ID] for game_id in report.repeated)
        output.say(tn("cli_history.import.repeated", len(report.repeated), ids=ids))


def run_export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from scorer.history import FORMATS, export_to

    fmt = args.format.strip().lower()
    if fmt not in FORMATS:
        raise values.input_error("--format", args.format, _list_or(list(FORMATS)))
    if args.output == "":
        raise values.input_error("-o", "", t("cli_history.export.output_allowed"))
    path = Path(args.output) if args.output not in (None, "-") else None  # `-o -`: standard output

    def export(store: HistoryStore) -> int:
        from scorer.history.target import EXISTS, TargetRefused

        try:
            count = export_to(store, fmt, path, replace=args.force)
        except TargetRefused as refused:
            allowed = t("cli_history.export.exists") if refused.reason == EXISTS else refused.allowed
            raise values.input_error("-o", args.output, allowed) from None
        except BrokenPipeError:
            if path is not None:
                raise
            _quiet_stdout()  # `export | head`: the reader has gone; nothing to say
            return EXIT_FAILED
        except OSError as error:
            reason = error.strerror or str(error)
            if path is None:
                return _failed(args, t("cli_history.export.stdout", reason=reason), EXIT_FAILED)
            raise values.input_error("-o", str(path), t("cli_history.export.folder_allowed", reason=reason)) from None
        if path is not None:
            what = "finished" if fmt == "csv" else "games"  # CSV has rows of finished games only
            output.say(tn(f"cli_history.export.{what}", count, path=path), sys.stderr)
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
        raise values.input_error("--vs", args.vs, t("cli_history.stats.vs_alone"))
    return with_store(args, lambda store: _stats(store.games("finished"), where, args))


def _filter(args: argparse.Namespace) -> GameFilter:
    from scorer.history import GameFilter

    since, until = _day("--since", args.since), _day("--until", args.until)
    if since and until and since > until:
        raise values.input_error("--until", args.until, t("cli_history.stats.after_since", since=args.since))
    from scorer.catalog import load_limits

    most = load_limits().players
    allowed_count = t("cli_history.stats.player_count", most=most)
    counts = set()
    for word in args.players:
        count = values.whole("--players", word, most, allowed_count)
        if count < 3:
            raise values.input_error("--players", count, allowed_count)
        counts.add(count)
    boxes = set()
    for word in args.expansion:
        box = word.strip().lower()
        if box not in EXPANSIONS:
            raise values.input_error("--expansion", word, t("cli_history.stats.expansion"))
        boxes.add(box)
    if "base" in boxes and len(boxes) > 1:
        raise values.input_error("--expansion", "base", t("cli_history.stats.base_alone"))
    return GameFilter(
        since=since,
        until=until,
        expansions=frozenset(boxes - {"base"}) if boxes else None,
        player_counts=frozenset(counts) if counts else None,
    )


def _day(field: str, text: str | None) -> str | None:
    """The ISO day typed as YYYY-MM-DD, or as the chosen language writes days (DD/MM/AAAA in Portuguese)."""
    if text is None:
        return None
    from datetime import datetime

    day = text.strip()
    for pattern in ("%Y-%m-%d", t("cli_history.day_format")):
        try:
            return datetime.strptime(day, pattern).date().isoformat()
        except ValueError:
            continue
    raise values.input_error(field, text, t("cli_history.stats.day"))


def _shown_day(day: str | None) -> str:
    """An ISO day as the chosen language writes it (11/12/2026 in Portuguese); '' for none."""
    if not day:
        return ""
    from datetime import date

    try:
        return date.fromisoformat(day).strftime(t("cli_history.day_format"))
    except ValueError:  # not a day this version reads: shown as stored
        return day


def _stats(games: Sequence[GameSummary], where: GameFilter, args: argparse.Namespace) -> int:
    from scorer.catalog import fold
    from scorer.history import head_to_head, history_stats, player_report, stats_to_dict

    overall = history_stats(games, where)
    if args.player is None:
        if args.json:
            sys.stdout.write(output.json_text(stats_to_dict(overall)))
        else:
            _print_overall(overall, _filter_text(args))
        return 0
    known = {fold(p.name): p.name for p in overall.players}
    for field, name in (("--player", args.player), ("--vs", args.vs)):
        if name is not None and fold(name) not in known:
            raise values.input_error(field, name, _known_players(sorted(known.values(), key=str.casefold)))
    if args.vs is not None:
        if fold(args.vs) == fold(args.player):
            raise values.input_error("--vs", args.vs, t("cli_history.stats.another"))
        duel = head_to_head(games, known[fold(args.player)], known[fold(args.vs)], where)
        if args.json:
            sys.stdout.write(output.json_text(stats_to_dict(duel)))
        else:
            _print_duel(duel, _filter_text(args))
        return 0
    report = player_report(games, args.player, where)
    assert report is not None  # the name is a known player's
    if args.json:
        sys.stdout.write(output.json_text(stats_to_dict(report)))
    else:
        _print_report(report, _filter_text(args))
    return 0


def _known_players(names: list[str]) -> str:
    if not names:
        return t("cli_history.stats.nobody")
    if len(names) > 30:
        return t("cli_history.stats.known_more", names=", ".join(names[:30]), more=len(names) - 30)
    return t("cli_history.stats.known", names=", ".join(names))


def _filter_text(args: argparse.Namespace) -> str:
    """' (01/01/2026 to …, 5 players, Leaders)': the filters in a title, days as the language writes them."""
    parts = []
    if args.since or args.until:
        since, until = _day("--since", args.since), _day("--until", args.until)
        parts.append(t("cli_history.stats.days", since=_shown_day(since) or "…", until=_shown_day(until) or "…"))
    if args.players:
        counts = sorted({int(p) for p in args.players})
        parts.append(tn("cli_history.stats.players", counts[-1], counts=_list_or([str(c) for c in counts])))
    if args.expansion:
        boxes = sorted({box.strip().lower() for box in args.expansion})
        parts.append(t("cli_history.base_game") if boxes == ["base"] else " + ".join(box.capitalize() for box in boxes))
    return t("cli_history.stats.filters", filters=", ".join(parts)) if parts else ""


def _print_overall(stats: Any, filters: str) -> None:
    out = output.console()
    if not stats.games:
        out.print(t("cli_history.stats.none_filtered" if filters else "cli_history.stats.none"))
        return
    games = tn("cli_history.stats.finished_games", stats.games)
    players = output.table(
        t("cli_history.stats.players_title", games=games, filters=filters),
        *_words("player", "games", "wins", "win_rate", "average", "best", "worst", "place"),
        numeric=True,
    )
    for p in stats.players:
        players.add_row(
            p.name,
            str(p.games),
            str(p.wins),
            percent(p.win_rate),
            _one(p.average_total),
            str(p.best_total),
            str(p.worst_total),
            _one(p.average_place),
        )
    out.print(players)
    _print_wonders(out, stats.wonders, t("cli_history.stats.wonders"))
    counts = output.table(
        t("cli_history.stats.counts"), *_words("players_column", "games", "average", "winning"), numeric=True
    )
    counts.columns[0].justify = "right"
    for c in stats.player_counts:
        counts.add_row(str(c.players), str(c.games), _one(c.average_total), _one(c.average_winning_total))
    out.print(counts)
    _print_naval(out, stats.naval, t("cli_history.stats.naval"))


def _print_report(report: Any, filters: str) -> None:
    out = output.console()
    p = report.player
    title = t(
        "cli_history.stats.report_title",
        player=p.name,
        games=tn("cli_history.stats.finished_games", p.games),
        filters=filters,
    )
    table = output.table(title, *_words("games", "wins", "win_rate", "average", "best", "worst", "place"), numeric=True)
    table.columns[0].justify = "right"
    table.add_row(
        str(p.games),
        str(p.wins),
        percent(p.win_rate),
        _one(p.average_total),
        str(p.best_total),
        str(p.worst_total),
        _one(p.average_place),
    )
    out.print(table)
    rows = output.table(t("cli_history.stats.rows"), *_words("row", "row_average"), numeric=True)
    for row, average in p.average_rows.items():
        rows.add_row(t(f"cli.sheet.rows.{row}"), _one(average))
    out.print(rows)
    _print_wonders(out, report.wonders, t("cli_history.stats.player_wonders", player=p.name))
    columns = _words("opponent", "rival_games", "ahead", "behind", "level", "won", "they_won", "avg", "their_avg")
    rivals = output.table(t("cli_history.stats.rivals"), *columns, numeric=True)
    for d in report.rivals:
        rivals.add_row(
            d.b,
            str(d.games),
            str(d.a_ahead),
            str(d.b_ahead),
            str(d.level),
            str(d.a_wins),
            str(d.b_wins),
            _one(d.a_average_total),
            _one(d.b_average_total),
        )
    out.print(rivals)
    _print_naval(out, report.naval, t("cli_history.stats.player_naval", player=p.name))


def _print_duel(duel: Any, filters: str) -> None:
    out = output.console()
    if not duel.games:
        out.print(t("cli_history.stats.never", a=duel.a, b=duel.b, filters=filters))
        return
    title = t(
        "cli_history.stats.duel_title",
        a=duel.a,
        b=duel.b,
        games=tn("cli_history.stats.together", duel.games),
        filters=filters,
    )
    table = output.table(title, "", duel.a, duel.b, numeric=True)
    table.add_row(t("cli_history.stats.placed_ahead"), str(duel.a_ahead), str(duel.b_ahead))
    table.add_row(t("cli_history.stats.same_place"), str(duel.level), str(duel.level))
    table.add_row(t("cli_history.stats.wins"), str(duel.a_wins), str(duel.b_wins))
    table.add_row(t("cli_history.stats.average"), _one(duel.a_average_total), _one(duel.b_average_total))
    out.print(table)
    if duel.partners:  # their games in one team: neither placed ahead, and they won or lost together
        games = tn("cli_history.stats.together", duel.partners)
        out.print(t("cli_history.stats.partners", games=games, wins=duel.partner_wins))


def _print_wonders(out: Any, wonders: Sequence[Any], title: str) -> None:
    table = output.table(
        title, *_words("wonder", "side", "games", "wins", "win_rate", "average", "place"), numeric=True
    )
    table.columns[1].justify = "left"
    for w in wonders:
        table.add_row(
            _wonder(w.wonder),
            w.side,
            str(w.games),
            str(w.wins),
            percent(w.win_rate),
            _one(w.average_total),
            _one(w.average_place),
        )
    out.print(table)


def _print_naval(out: Any, naval: Sequence[Any], title: str) -> None:
    if not naval:
        return
    from scorer.ruling import age_name

    table = output.table(title, *_words("age", "seats", "token", "led", "led_won", "lead_rate"), numeric=True)
    for age in naval:
        token = ("+" if age.average_token >= 0 else "") + decimal(age.average_token, 1)
        table.add_row(
            age_name(age.age),
            str(age.seats),
            token,
            str(age.led),
            str(age.led_and_won),
            percent(age.lead_win_rate) if age.led else "—",
        )
    out.print(table)


def _words(*names: str) -> list[str]:
    """Column headers of the stats tables (cli_history.stats.<name>)."""
    return [t(f"cli_history.stats.{name}") for name in names]


# --- delete -------------------------------------------------------------------------------------------------


def run_delete(args: argparse.Namespace) -> int:
    if not args.yes and not sys.stdin.isatty():
        return _failed(args, t("cli_history.delete.needs_yes"), 2)
    return with_store(args, lambda store: _delete(store, args))


def _delete(store: HistoryStore, args: argparse.Namespace) -> int:
    game_id = store.resolve_id(args.game_id)
    if not args.yes:
        summary = next((game for game in store.games() if game.id == game_id), None)
        what = describe(summary) if summary is not None else t("cli_history.describe.short", id=game_id[:SHORT_ID])
        output.say(t("cli_history.delete.ask", what=what), sys.stderr, end="")
        sys.stderr.flush()
        try:
            answer = sys.stdin.readline()
        except KeyboardInterrupt:
            answer = ""
        if answer.strip().casefold() not in t("cli_history.delete.yes_words").casefold().split():
            if not answer.endswith("\n"):
                sys.stderr.write("\n")
            output.say(t("cli_history.delete.kept"))
            return 0
    removed = store.delete(game_id)
    output.say(t("cli_history.delete.deleted", what=describe(removed)))
    return 0


# --- repair -------------------------------------------------------------------------------------------------


def run_repair(args: argparse.Namespace) -> int:
    """Copy what holds of a damaged history into a new file; never through with_store, which refuses it."""
    from pathlib import Path

    from scorer.history import HistoryError, HistoryRefused, resolve_db_path
    from scorer.history.repair import repair

    if getattr(args, "db", None) == "":
        raise values.input_error("--db", "", t("cli_history.store.db_allowed"))
    if args.output == "":
        raise values.input_error("-o", "", t("cli_history.repair.output_allowed"))
    try:
        report = repair(resolve_db_path(getattr(args, "db", None)), Path(args.output), force=args.force)
    except HistoryRefused as error:
        return _failed(args, str(error), EXIT_REFUSED)
    except HistoryError as error:
        return _failed(args, str(error), EXIT_FAILED)
    except OSError as error:
        raise values.input_error(
            "-o", args.output, t("cli_history.export.folder_allowed", reason=error.strerror or str(error))
        ) from None
    if args.json:
        sys.stdout.write(
            output.json_text(
                {
                    "output": str(report.target),
                    "copied": report.copied,
                    "rescored": report.rescored,
                    "lost": [{"id": game.game_id, "played_on": game.played_on} for game in report.lost],
                    "lost_settings": list(report.lost_settings),
                }
            )
        )
        return 0
    out = [tn("cli_history.repair.copied", report.copied, lost=len(report.lost), path=report.target)]
    if report.lost:
        out.append(tn("cli_history.repair.lost", len(report.lost)))
        out += [
            f"  {game.game_id}  {_shown_day(game.played_on) or t('cli_history.repair.no_day')}" for game in report.lost
        ]
    if report.rescored:
        out.append(tn("cli_history.repair.rescored", report.rescored))
    if report.lost_settings:
        out.append(t("cli_history.repair.lost_settings", names=", ".join(report.lost_settings)))
    import shlex

    out.append(t("cli_history.repair.next", path=shlex.quote(str(report.target))))
    for line in out:
        output.say(line)
    return 0


# --- small things -------------------------------------------------------------------------------------------


def _list_or(items: list[str]) -> str:
    """'3', '3 or 5', '3, 4 or 5' in the chosen language."""
    if len(items) == 1:
        return items[0]
    return t("cli_history.list_or", rest=", ".join(items[:-1]), last=items[-1])


def _one(value: float) -> str:
    return decimal(value, 1)


def _wonder(name: str) -> str:
    """A wonder (records keep the English name) as the chosen language's boards print it."""
    from scorer.catalog import load_catalog

    wonder = load_catalog().wonder(name)
    return local_name(wonder) if wonder is not None else name


def _card(name: str, age: int) -> str:
    from scorer.catalog import load_catalog

    card = load_catalog().built(name, age)  # an earlier age's card taken from the discard pile too
    return local_name(card) if card is not None else name


def _leader(name: str) -> str:
    from scorer.catalog import load_catalog

    leader = load_catalog().leader(name)
    return local_name(leader) if leader is not None else name


def _island(name: str) -> str:
    from scorer.catalog import load_catalog

    island = load_catalog().island(name)
    return local_name(island) if island is not None else name
