"""`wonders-scorer`: the rules engine from the command line.

    wonders-scorer naval  --age 2 Gabriel=2 Paula=2 Ann=8 Romeo=6 Fred=6
    wonders-scorer coins  Paula=3 Art=2 Romeo=0 --tax Paula=4 --tax Art=2
    wonders-scorer ground --age 1 Ann=3 Bob=1 Cid=2 Dee=0 --incursion Ann=Cid
    wonders-scorer score  game.json --save
    wonders-scorer [--db PATH] history | show ID | import FILE... | export | stats | delete ID | note ID TEXT
    wonders-scorer [--db PATH] host [--game ID] [--bind ADDR] [--port N] [--json]
    wonders-scorer --lang pt naval --age 2 ...

Every command prints a Rich table with the rulings that decided it, or JSON with `--json`. Bad input is
refused at this edge with exit code 2 and one line on stderr naming the field, the value and what is
allowed. Only sys and the small text catalogue (scorer.i18n) are imported here: Rich, the game data and the
rules are imported inside the commands, so `wonders-scorer --help` stays fast (and Textual is never imported
by the core). argparse, the commands' modules and their parser (scorer.cli.parser) are loaded only when there
are command words: `wonders-scorer` alone (or with `--db`, `--lang`) goes straight to the table app.

The table app is not part of the core: `wonders-scorer` starts in widgets.launcher, which hands main() the
app to open when no command is given at a terminal (`table_app`); without one (the core alone) the help is
printed, as when not at a terminal.

A console whose code page lacks a character printed (a Windows one on cp437) shows its nearest ASCII instead
(scorer.cli.encoding, set before any command or the help prints). Every word printed, --help included, is in
the language chosen first thing in main(): `--lang en|pt` (before or after the command), else
$WONDERS_SCORER_LANG, else the language saved in Settings, else the system locale. The parser is built after
that choice, since its help texts are read from the catalogue.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Protocol

from scorer.i18n import LanguageChoice, t

PROG = "wonders-scorer"


class TableApp(Protocol):
    """Opens the table app on a history file: its path, what chose it, what chose the language, and the id of
    a saved game to open for correcting (`wonders-scorer edit ID`), if any."""

    def __call__(
        self, db_path: Path, db_source: str, language_source: str | None, correct: str | None = None
    ) -> object: ...


def one_line(text: str) -> str:
    """A message on one line (argparse and some errors wrap theirs)."""
    return " ".join(text.split())


def _fail(message: str) -> int:
    """One line on stderr, exit 2; the message may quote a value from a file, so it is said inert."""
    from scorer.cli.output import say

    say(f"{PROG}: {one_line(message)}", sys.stderr)
    return 2


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


def _lang_option(words: list[str]) -> tuple[str | None, list[str]]:
    """`--lang X` or `--lang=X` anywhere before a `--` (the last one wins), and the other words.
    `--lang` with nothing after it gives "" (refused by _language)."""
    lang, rest = None, []
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            rest.extend(words[i:])
            break
        if word == "--lang":
            lang = words[i + 1] if i + 1 < len(words) else ""
            i += 2
            continue
        if word.startswith("--lang="):
            lang = word.removeprefix("--lang=")
        else:
            rest.append(word)
        i += 1
    return lang, rest


def _language(cli_value: str | None) -> LanguageChoice:
    """Choose and set the language; a --lang that is neither en nor pt is refused (in the language the
    other sources choose) with an InputError."""
    from scorer.i18n import choose_language, normalise, set_language
    from scorer.preferences import read_preferences

    refused = cli_value is not None and normalise(cli_value) is None
    choice = choose_language(None if refused else cli_value, read_preferences()[0].language)
    set_language(choice.language)
    if refused:
        from scorer.cli.values import input_error

        raise input_error("--lang", cli_value or None, t("cli.allowed.language"))
    return choice


def main(argv: list[str] | None = None, table_app: TableApp | None = None) -> int:
    """The command line, run by `wonders-scorer` and `python -m scorer` (through widgets.launcher, which gives
    the `table_app` to open when no command is given at a terminal). Returns the exit status."""
    from scorer.errors import InputError

    lang, words = _lang_option(list(sys.argv[1:] if argv is None else argv))
    try:
        language = _language(lang)
    except InputError as error:
        return _fail(str(error))
    db, words = _global_options(words)
    if not words:
        return _no_command(db, language, table_app)
    from scorer.cli.encoding import legible_streams
    from scorer.cli.parser import COMMANDS, Exit, UsageError, build_parser

    legible_streams()
    command = words[0] if words[0] in COMMANDS else None
    parser, commands = build_parser(command)  # the command's own parser alone, when the words name one
    try:
        if command is not None:
            # Options and NAME=VALUE words may be mixed in any order within a command.
            args = commands[command].parse_command(words[1:])
            args.command = command
        else:
            args = parser.parse_args(words)
    except UsageError as error:
        return _fail(str(error))
    except Exit as done:
        return done.status
    if args.command is None:  # words naming no command (a lone `--`): as with none
        return _no_command(db, language, table_app)
    if getattr(args, "db", None) is None:  # `--db` after the command wins over the one before it
        args.db = db
    args.table_app, args.language_source = table_app, language.source  # for `edit`
    try:
        return args.handler(args)
    except InputError as error:
        return _fail(f"{args.command}: {error}")


def _no_command(db: str | None, language: LanguageChoice, table_app: TableApp | None) -> int:
    """The table app on the history `--db` (or what else chose it) at a terminal; else the help, which says
    what there is (a pipe, a script, or the core without an app)."""
    if table_app is not None and sys.stdin.isatty() and sys.stdout.isatty():
        from scorer.history import locate_history

        db_path, db_source = locate_history(db)
        table_app(db_path, db_source, language.source)
        return 0
    from scorer.cli.encoding import legible_streams
    from scorer.cli.parser import build_parser

    legible_streams()
    build_parser()[0].print_help()
    return 0
