"""`history`, `show`, `import`, `export`, `stats`, `delete`, `note`, `repair`: the games a group has played,
kept in one file.

    wonders-scorer history
    wonders-scorer show 0b8c1d2e
    wonders-scorer --db club.json import night-1.json night-2.json
    wonders-scorer export --format csv -o games.csv
    wonders-scorer export --format bgstats -o plays.bgsplay
    wonders-scorer stats --player Ana --vs Ben --since 2026-01-01
    wonders-scorer delete 0b8c1d2e --yes
    wonders-scorer note 0b8c1d2e "Ana's first game"
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
from collections.abc import Callable
from importlib import import_module

from scorer.cli.history.store import (
    EXIT_FAILED,
    EXIT_REFUSED,
    SHORT_ID,
    add_db_option,
    db_help,
    save_game,
    with_store,
)
from scorer.i18n import t

__all__ = ["EXIT_FAILED", "EXIT_REFUSED", "SHORT_ID", "add_db_option", "db_help", "register", "save_game", "with_store"]


def _command(module: str, name: str) -> Callable[[argparse.Namespace], int]:
    """The handler `name` of scorer.cli.history.<module>, imported when the command runs, not when the parser
    is built: one command's start does not load the other six."""

    def run(args: argparse.Namespace) -> int:
        handler: Callable[[argparse.Namespace], int] = getattr(import_module(f"scorer.cli.history.{module}"), name)
        return handler(args)

    return run


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], only: str | None = None) -> None:
    """Add the history commands to the CLI (or only the one named `only`: the parser of the command run)."""
    for name, add in COMMANDS:
        if only in (None, name):
            add_db_option(add(sub))


Adder = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], argparse.ArgumentParser]


def _add_history(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    history = sub.add_parser(
        "history",
        help=t("cli_history.help.history"),
        description=t("cli_history.help.history_description"),
        epilog=t("cli_history.help.history_epilog"),
    )
    history.add_argument("--json", action="store_true", help=t("cli.main.json"))
    history.set_defaults(handler=_command("listing", "run_history"))
    return history


def _add_show(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    show = sub.add_parser(
        "show",
        help=t("cli_history.help.show"),
        description=t("cli_history.help.show_description"),
        epilog=t("cli_history.help.show_epilog"),
    )
    show.add_argument("game_id", metavar=t("cli_history.metavar.game_id"), help=t("cli_history.help.game_id"))
    show.add_argument("--json", action="store_true", help=t("cli_history.help.show_json"))
    show.add_argument("--image", metavar=t("cli_history.metavar.image"), help=t("cli_history.help.show_image"))
    show.add_argument("--force", action="store_true", help=t("cli_history.help.show_force"))
    show.set_defaults(handler=_command("show", "run_show"))
    return show


def _add_import(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    imports = sub.add_parser(
        "import",
        help=t("cli_history.help.import"),
        description=t("cli_history.help.import_description"),
        epilog=t("cli.main.example", command="wonders-scorer import examples/*.json"),
    )
    imports.add_argument(
        "files", nargs="+", metavar=t("cli_history.metavar.file"), help=t("cli_history.help.import_file")
    )
    imports.set_defaults(handler=_command("exchange", "run_import"))
    return imports


def _add_export(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    export = sub.add_parser(
        "export",
        help=t("cli_history.help.export"),
        description=t("cli_history.help.export_description"),
        epilog=t("cli.main.example", command="wonders-scorer export --format csv -o games.csv"),
    )
    export.add_argument("--format", default="json", metavar="{json,csv,bgstats}", help=t("cli_history.help.format"))
    export.add_argument("-o", "--output", metavar=t("cli_history.metavar.file"), help=t("cli_history.help.output"))
    export.add_argument("-f", "--force", action="store_true", help=t("cli_history.help.force"))
    export.set_defaults(handler=_command("exchange", "run_export"))
    return export


def _add_stats(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
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
    stats.add_argument("--ratings", action="store_true", help=t("cli_history.help.ratings"))
    stats.add_argument("--json", action="store_true", help=t("cli_history.help.stats_json"))
    stats.set_defaults(handler=_command("stats", "run_stats"))
    return stats


def _add_delete(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    delete = sub.add_parser(
        "delete",
        help=t("cli_history.help.delete"),
        description=t("cli_history.help.delete_description"),
        epilog=t("cli_history.help.delete_epilog"),
    )
    delete.add_argument("game_id", metavar=t("cli_history.metavar.game_id"), help=t("cli_history.help.game_id"))
    delete.add_argument("-y", "--yes", action="store_true", help=t("cli_history.help.yes"))
    delete.set_defaults(handler=_command("delete", "run_delete"))
    return delete


def _add_note(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    note = sub.add_parser(
        "note",
        help=t("cli_history.help.note"),
        description=t("cli_history.help.note_description"),
        epilog=t("cli.main.example", command='wonders-scorer note 0b8c1d2e "Ana\'s first game"'),
    )
    note.add_argument("game_id", metavar=t("cli_history.metavar.game_id"), help=t("cli_history.help.game_id"))
    note.add_argument("text", nargs="?", metavar=t("cli_history.metavar.text"), help=t("cli_history.help.note_text"))
    note.add_argument("--clear", action="store_true", help=t("cli_history.help.note_clear"))
    note.set_defaults(handler=_command("note", "run_note"))
    return note


def _add_repair(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
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
    repair.add_argument("--json", action="store_true", help=t("cli.main.json"))
    repair.set_defaults(handler=_command("repair", "run_repair"))
    return repair


def _add_edit(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    edit = sub.add_parser("edit", help=t("cli_history.help.edit"), description=t("cli_history.help.edit_description"))
    edit.add_argument("game_id", metavar=t("cli_history.metavar.game_id"), help=t("cli_history.help.game_id"))
    edit.set_defaults(handler=_command("edit", "run_edit"))
    return edit


COMMANDS: tuple[tuple[str, Adder], ...] = (
    ("history", _add_history),
    ("show", _add_show),
    ("import", _add_import),
    ("export", _add_export),
    ("stats", _add_stats),
    ("delete", _add_delete),
    ("note", _add_note),
    ("repair", _add_repair),
    ("edit", _add_edit),
)
