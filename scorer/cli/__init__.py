"""`wonders-scorer`: the rules engine from the command line.

    wonders-scorer naval  --age 2 Gabriel=2 Paula=2 Ann=8 Romeo=6 Fred=6
    wonders-scorer coins  Paula=3 Art=2 Romeo=0 --tax Paula=4 --tax Art=2
    wonders-scorer ground --age 1 Ann=3 Bob=1 Cid=2 Dee=0 --incursion Ann=Cid
    wonders-scorer score  game.json --save
    wonders-scorer [--db PATH] history | show ID | import FILE... | export | stats | delete ID
    wonders-scorer [--db PATH] host [--game ID] [--bind ADDR] [--port N] [--json]
    wonders-scorer --lang pt naval --age 2 ...

Every command prints a Rich table with the rulings that decided it, or JSON with `--json`. Bad input is
refused at this edge with exit code 2 and one line on stderr naming the field, the value and what is
allowed. Only argparse, sys and the small text catalogue (scorer.i18n) are imported here: Rich, the game
data and the rules are imported inside the commands, so `wonders-scorer --help` stays fast (and Textual is
never imported by the core). The commands' modules are imported, and the parser built, only when there are
command words: `wonders-scorer` alone (or with `--db`, `--lang`) goes straight to the table app, which starts
as fast as the app itself.

The table app is not part of the core: `wonders-scorer` starts in widgets.launcher, which hands main() the
app to open when no command is given at a terminal (`table_app`); without one (the core alone) the help is
printed, as when not at a terminal.

Every word printed, --help included, is in the language chosen first thing in main(): `--lang en|pt`
(before or after the command), else $WONDERS_SCORER_LANG, else the language saved in Settings, else the
system locale. The parser is built after that choice, since its help texts are read from the catalogue.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from scorer.i18n import LanguageChoice, t

PROG = "wonders-scorer"

TableApp = Callable[[Path, str, str | None], object]
"""Opens the table app on a history file: (its path, what chose it, what chose the language)."""


class _UsageError(Exception):
    """argparse refused the command line; the message is already prefixed with the command."""


class _Exit(Exception):
    """argparse finished early (--help, --version) with this status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout with "usage: " in the chosen language."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, t("cli.main.usage") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs["add_help"] = False  # its own -h, with a translated help text
        super().__init__(*args, **kwargs)
        self._positionals.title = t("cli.main.positionals")
        self._optionals.title = t("cli.main.options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help=t("cli.main.help"))

    def parse_command(self, words: list[str]) -> argparse.Namespace:
        """A command's words, options and NAME=VALUE words mixed in any order."""
        if self.usage is None:  # else argparse cuts its own 7-character "usage: " off the translated prefix
            self.usage = self.format_usage().removeprefix(t("cli.main.usage")).rstrip("\n")
        return self.parse_intermixed_args(words)

    def error(self, message: str) -> NoReturn:
        command = self.prog.split()[1:]  # "wonders-scorer naval" -> ["naval"]
        prefix = "".join(f"{word}: " for word in command)
        raise _UsageError(f"{prefix}{_argparse_words(message)}")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            from scorer.cli.output import say

            say(_one_line(message), sys.stderr)
        raise _Exit(status)


# argparse's own refusals (Python 3.11+ wording) said in the chosen language; any other message as argparse says it.
_ARGPARSE = (
    (re.compile(r"the following arguments are required: (?P<names>.+)"), "cli.argparse.required"),
    (re.compile(r"unrecognized arguments: (?P<words>.+)"), "cli.argparse.unrecognized"),
    (
        re.compile(r"argument (?P<name>[^:]+): invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)"),
        "cli.argparse.invalid_choice",
    ),
    (re.compile(r"argument (?P<name>[^:]+): expected one argument"), "cli.argparse.one_value"),
)


def _argparse_words(message: str) -> str:
    for pattern, key in _ARGPARSE:
        if found := pattern.fullmatch(message):
            return t(key, **found.groupdict())
    return message


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _fail(message: str) -> int:
    """One line on stderr, exit 2; the message may quote a value from a file, so it is said inert."""
    from scorer.cli.output import say

    say(f"{PROG}: {_one_line(message)}", sys.stderr)
    return 2


def _build_parser() -> tuple[_Parser, dict[str, _Parser]]:
    from scorer import __version__
    from scorer.cli import game, history, host, rulings

    parser = _Parser(prog=PROG, description=t("cli.main.description"), epilog=t("cli.main.epilog"))
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}", help=t("cli.main.version"))
    parser.add_argument("--db", metavar=t("cli.metavar.path"), help=history.db_help())
    _add_lang_option(parser)
    sub = parser.add_subparsers(
        dest="command", title=t("cli.main.commands"), metavar=t("cli.metavar.command"), parser_class=_Parser
    )
    for module in (rulings, game, history, host):
        module.register(sub)
    for command in sub.choices.values():
        _add_lang_option(command)
    return parser, sub.choices


def _add_lang_option(parser: argparse.ArgumentParser) -> None:
    """--lang in the help of every command: main() takes it off the line before parsing, wherever it is."""
    parser.add_argument("--lang", metavar="{en,pt}", default=argparse.SUPPRESS, help=t("cli.main.lang"))


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
    parser, commands = _build_parser()
    try:
        if words and words[0] in commands:
            # Options and NAME=VALUE words may be mixed in any order within a command.
            args = commands[words[0]].parse_command(words[1:])
            args.command = words[0]
        else:
            args = parser.parse_args(words)
    except _UsageError as error:
        return _fail(str(error))
    except _Exit as done:
        return done.status
    if args.command is None:  # words naming no command (a lone `--`): as with none
        return _no_command(db, language, table_app)
    if getattr(args, "db", None) is None:  # `--db` after the command wins over the one before it
        args.db = db
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
    _build_parser()[0].print_help()
    return 0
