"""`score`: a whole game from a record file, as the final score sheet."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from scorer.cli import history, output, values
from scorer.i18n import ordinal, t


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], only: str | None = None) -> None:
    """Add the `score` command to the CLI. (its one command: `only` names it or is None)."""
    score = sub.add_parser(
        "score",
        help=t("cli.score.help"),
        description=t("cli.score.description"),
        epilog=t("cli.main.example", command="wonders-scorer score examples/base-3p.json --save"),
    )
    score.add_argument("file", metavar=t("cli.metavar.game"), help=t("cli.score.file"))
    score.add_argument("--json", action="store_true", help=t("cli.main.json"))
    score.add_argument("--save", action="store_true", help=t("cli.score.save"))
    score.add_argument("--replace", metavar=t("cli_history.metavar.game_id"), help=t("cli.score.replace"))
    history.add_db_option(score)
    score.set_defaults(handler=run_score)


def run_score(args: argparse.Namespace) -> int:
    source = t("cli.score.stdin") if args.file == "-" else args.file
    field = t("cli.metavar.game")
    from scorer import documents

    try:
        if args.file == "-":
            raw = documents.read_stream(sys.stdin.buffer, field, source)
        else:
            raw = documents.read_file(args.file, field, source)
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise values.input_error(field, source, t("cli.score.utf8", reason=error.reason, start=error.start)) from None
    except OSError as error:
        raise values.input_error(field, source, t("cli.score.readable", reason=error.strerror or error)) from None
    try:
        data = documents.parse(text, field, source)
    except json.JSONDecodeError as error:
        raise values.input_error(
            t("cli.score.json_field", source=repr(source)),
            t("cli.score.json_at", line=error.lineno, column=error.colno),
            t("cli.score.json_allowed", reason=error.msg),
        ) from None

    from scorer.errors import InputError
    from scorer.validate import load_record

    if args.replace is not None and not args.save:
        raise values.input_error("--replace", args.replace, t("cli.score.replace_needs_save"))
    args.file_id = data.get("id") if isinstance(data, dict) else None  # --replace checks it against ID
    if args.replace is not None and isinstance(args.file_id, str):
        _refuse_another_game(args.replace, args.file_id)  # before the sheet is printed: nothing is said twice
    if args.save and args.replace is None:
        from scorer.history import with_stable_id

        data = with_stable_id(data)  # a record without an id gets one from its content: saved again, it is found
    try:
        record = load_record(data)
    except InputError as error:  # the record's path (what a file is searched for), and the field in words
        where = t("cli.score.record_field", source=source, field=error.field)
        if error.label != error.field:
            where = t("cli.score.record_label", source=source, label=error.label, field=error.field)
        raise values.input_error(where, error.value, error.allowed) from None
    from scorer.rules.sheet import score_game, sheet_to_dict

    sheet = sheet_to_dict(score_game(record, track=_table_track(args, record)))
    if args.json:
        output.print_json(sheet)
    else:
        print_sheet(sheet)
    return history.save_game(args, record, source) if args.save else 0


def print_sheet(sheet: dict[str, Any]) -> None:
    players = sheet["players"]
    winners = set(sheet.get("winners", []))
    headings = (("★ " if p["name"] in winners else "") + p["name"] for p in players)
    table = output.table(t("cli.sheet.title"), "", *headings, numeric=True)
    for row in sheet["rows"]:
        table.add_row(t(f"cli.sheet.rows.{row}"), *(str(p["rows"].get(row, 0)) for p in players))
    table.add_row(
        output.text(t("cli.sheet.total"), style="bold"), *(output.text(p["total"], style="bold") for p in players)
    )
    if all("coins" in p for p in players):
        table.add_row(t("cli.sheet.coins"), *(str(p["coins"]) for p in players))
    table.add_row(t("cli.sheet.rank"), *(_place(p.get("rank")) for p in players))
    out = output.console()
    out.print(table)
    if sheet.get("teams"):
        teams = output.table(
            t("cli.sheet.teams"),
            t("cli.sheet.team"),
            t("cli.sheet.total"),
            t("cli.sheet.coins"),
            t("cli.sheet.rank"),
            numeric=True,
        )
        for team in sheet["teams"]:
            teams.add_row(
                " + ".join(team["members"]), str(team["total"]), str(team.get("coins", "")), _place(team.get("rank"))
            )
        out.print(teams)
    names = [p["name"] for p in players if p["name"] in winners]
    if names:
        out.print(
            output.text(
                t("cli.sheet.winners" if len(names) > 1 else "cli.sheet.winner", names=", ".join(names)), style="bold"
            )
        )
    tie_break = [r for r in sheet["rulings"] if r["rule"].startswith("final.")]
    output.print_rulings(out, tie_break, t("cli.rulings.tie_break"))


def _place(rank: int | None) -> str:
    """A rank as a score pad writes it: 1st / 1º ('' when the sheet has none)."""
    return ordinal(rank) if isinstance(rank, int) else ""


def _refuse_another_game(replace: str, file_id: str) -> None:
    """`--replace ID` with a file that names another game (its id does not start with ID) is refused at once;
    one that may be the game ID is checked against the history when saving."""
    if not file_id.lower().startswith(replace.strip().lower()):
        raise values.input_error("--replace", replace, t("cli.score.replace_mismatch", file_id=file_id[:8]))


def _table_track(args: argparse.Namespace, record: Any) -> Any:
    """The Dockyard values to score with: the table's calibration from its history (Armada games only)."""
    return table_track(args.db) if record.armada else None


def table_track(db: str | None) -> Any:
    """The table's Dockyard calibration kept in its history (`--db`, else the default history).

    A history that cannot be read does not stop a command: None (the book's values) is returned and stderr
    says so, since the Dockyard values may then differ from the table's own boards.
    """
    from scorer.history import HistoryError, resolve_db_path
    from scorer.history.settings import dockyard_track_at

    try:
        return dockyard_track_at(resolve_db_path(db))
    except HistoryError as error:
        output.say(t("cli.score.no_calibration", error=error), sys.stderr)
        return None
