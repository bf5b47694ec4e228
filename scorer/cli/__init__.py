"""`wonders-scorer`: the rules engine from the command line.

    wonders-scorer naval  --age 2 Gabriel=2 Paula=2 Ann=8 Romeo=6 Fred=6
    wonders-scorer coins  Paula=3 Art=2 Romeo=0 --tax Paula=4 --tax Art=2
    wonders-scorer ground --age 1 Ann=3 Bob=1 Cid=2 Dee=0 --incursion Ann=Cid
    wonders-scorer score  game.json --save
    wonders-scorer [--db PATH] history | show ID | import FILE... | export | stats | delete ID

Every command prints a Rich table with the rulings that decided it, or JSON with `--json`. Bad input is
refused at this edge with exit code 2 and one line on stderr naming the field, the value and what is
allowed. Only argparse and sys are imported here: Rich, the catalogue and the rules are imported inside the
commands, so `wonders-scorer --help` stays fast (and Textual is never imported by the core).
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from scorer.cli import game, history, rulings

PROG = "wonders-scorer"
COMMANDS = (rulings, game, history)


class _UsageError(Exception):
    """argparse refused the command line; the message is already prefixed with the command."""


class _Exit(Exception):
    """argparse finished early (--help, --version) with this status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        command = self.prog.split()[1:]  # "wonders-scorer naval" -> ["naval"]
        prefix = "".join(f"{word}: " for word in command)
        raise _UsageError(f"{prefix}{message}")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(_one_line(message) + "\n")
        raise _Exit(status)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _fail(message: str) -> int:
    sys.stderr.write(f"{PROG}: {_one_line(message)}\n")
    return 2


def _build_parser() -> tuple[_Parser, dict[str, _Parser]]:
    from scorer import __version__

    parser = _Parser(
        prog=PROG,
        description="Scoring companion for 7 Wonders + Leaders + Armada: settle a conflict or score a game, "
        "with the rulebook text behind every number.",
        epilog="Run `wonders-scorer COMMAND --help` for a command's options. Exit status: 0 done, 2 bad input, "
        "3 history file unreadable or too new (left untouched), 1 history busy or not saved.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--db", metavar="PATH", help=history.DB_HELP)
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND", parser_class=_Parser)
    for module in COMMANDS:
        module.register(sub)
    return parser, sub.choices


def _global_options(words: list[str]) -> tuple[str | None, list[str]]:
    """`--db PATH` or `--db=PATH` before the command, and the words after it."""
    db = None
    while words:
        if words[0] == "--db" and len(words) > 1:
            db, words = words[1], words[2:]
        elif words[0].startswith("--db="):
            db, words = words[0].removeprefix("--db="), words[1:]
        else:
            break
    return db, words


def _start_app(db: str | None) -> int:
    """`wonders-scorer` with no command: the table app (Textual is imported only now)."""
    from scorer.history import locate_history
    from widgets.app import run

    run(*locate_history(db))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of `wonders-scorer` and `python -m scorer`. Returns the exit status."""
    db, words = _global_options(list(sys.argv[1:] if argv is None else argv))
    parser, commands = _build_parser()
    try:
        if words and words[0] in commands:
            # Options and NAME=VALUE words may be mixed in any order within a command.
            args = commands[words[0]].parse_intermixed_args(words[1:])
            args.command = words[0]
        else:
            args = parser.parse_args(words)
    except _UsageError as error:
        return _fail(str(error))
    except _Exit as done:
        return done.status
    if args.command is None:
        if sys.stdin.isatty() and sys.stdout.isatty():
            return _start_app(db)
        parser.print_help()  # not at a terminal (a pipe, a script): the table app cannot run there
        return 0
    if getattr(args, "db", None) is None:  # `--db` after the command wins over the one before it
        args.db = db

    from scorer.errors import InputError

    try:
        return args.handler(args)
    except InputError as error:
        return _fail(f"{args.command}: {error}")
