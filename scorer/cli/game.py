"""`score`: a whole game from a record file, as the final score sheet."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from scorer.cli import history, output, values


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `score` command to the CLI."""
    score = sub.add_parser(
        "score", help="score a finished game record (JSON)",
        description="Score a game record (UTF-8 JSON, schema in scorer/game_record.schema.json): the final "
        "score sheet, ranks and winners. Use - to read the record from standard input.",
        epilog="Example: wonders-scorer score examples/base-3p.json --save",
    )
    score.add_argument("file", metavar="GAME.json", help="the game record to score")
    score.add_argument("--json", action="store_true", help="print JSON instead of a table")
    score.add_argument("--save", action="store_true",
                       help="also keep the game in the history (saving the same game again updates it)")
    history.add_db_option(score)
    score.set_defaults(handler=run_score)


def run_score(args: argparse.Namespace) -> int:
    source = "standard input" if args.file == "-" else args.file
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8-sig") as handle:
                text = handle.read()
    except UnicodeDecodeError as error:
        raise values.input_error("GAME.json", source, f"UTF-8 text ({error.reason} at byte {error.start})") from None
    except OSError as error:
        raise values.input_error("GAME.json", source, f"a readable game record file ({error.strerror or error})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise values.input_error(f"JSON in {source!r}", f"line {error.lineno} column {error.colno}",
                           f"valid JSON ({error.msg})") from None

    from scorer.errors import InputError
    from scorer.validate import load_record

    if args.save:
        from scorer.history import with_stable_id

        data = with_stable_id(data)  # a record without an id gets one from its content: a second save updates it
    try:
        record = load_record(data)
    except InputError as error:
        raise values.input_error(f"{source}: {error.field}", error.value, error.allowed) from None
    from scorer.rules.sheet import score_game, sheet_to_dict

    sheet = sheet_to_dict(score_game(record, track=_table_track(args, record)))
    if args.json:
        output.print_json(sheet)
    else:
        print_sheet(sheet)
    return history.save_game(args, record) if args.save else 0


def print_sheet(sheet: dict[str, Any]) -> None:
    from rich.text import Text

    players = sheet["players"]
    winners = set(sheet.get("winners", []))
    table = output.table("Score sheet", "", *(("★ " if p["name"] in winners else "") + p["name"] for p in players), numeric=True)
    for row in sheet["rows"]:
        table.add_row(Text(row[:1].upper() + row[1:]), *(str(p["rows"].get(row, 0)) for p in players))
    table.add_row(Text("Total", style="bold"), *(Text(str(p["total"]), style="bold") for p in players))
    if all("coins" in p for p in players):
        table.add_row("Coins", *(str(p["coins"]) for p in players))
    table.add_row("Rank", *(str(p.get("rank", "")) for p in players))
    out = output.console()
    out.print(table)
    if sheet.get("teams"):
        teams = output.table("Teams", "Team", "Total", "Coins", "Rank", numeric=True)
        for team in sheet["teams"]:
            teams.add_row(Text(" + ".join(team["members"])), str(team["total"]), str(team.get("coins", "")),
                          str(team.get("rank", "")))
        out.print(teams)
    names = [p["name"] for p in players if p["name"] in winners]
    if names:
        out.print(Text(f"{'Winners' if len(names) > 1 else 'Winner'}: {', '.join(names)} ★", style="bold"))
    output.print_rulings(out, [r for r in sheet["rulings"] if r["rule"].startswith("final.")], "Tie-break")


def _table_track(args: argparse.Namespace, record: Any) -> Any:
    """The Dockyard values to score with: the table's calibration from its history (Armada games only).

    A history that cannot be read does not stop a file from being scored: the book's values are used and
    stderr says so, since the Dockyard row may then differ from the table's own boards.
    """
    if not record.armada:
        return None
    from scorer.history import HistoryError, resolve_db_path
    from scorer.history.settings import dockyard_track_at

    try:
        return dockyard_track_at(resolve_db_path(args.db))
    except HistoryError as error:
        sys.stderr.write(f"wonders-scorer: score: Dockyard calibration not read ({error}); using the book's values\n")
        return None
