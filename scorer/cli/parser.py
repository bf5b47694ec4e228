"""The command line's parser: argparse, its help and refusals in the chosen language, and every command's
options (registered by each command's module).

Apart from scorer.cli's main() because argparse (with gettext) and the commands' modules are loaded only
for command words: `wonders-scorer` alone opens the table app without them.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any, NoReturn

from scorer.cli import PROG, one_line
from scorer.i18n import t


class UsageError(Exception):
    """argparse refused the command line; the message is already prefixed with the command."""


class Exit(Exception):
    """argparse finished early (--help, --version) with this status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class Formatter(argparse.HelpFormatter):
    """argparse's help layout with "usage: " in the chosen language."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, t("cli.main.usage") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
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
        raise UsageError(f"{prefix}{_argparse_words(message)}")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            from scorer.cli.output import say

            say(one_line(message), sys.stderr)
        raise Exit(status)


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


# Each command and the module that registers it (scorer.cli.<module>.register), in the order --help lists them.
COMMANDS = {
    **dict.fromkeys(("naval", "coins", "ground"), "rulings"),
    "score": "game",
    **dict.fromkeys(("history", "show", "import", "export", "stats", "delete", "note", "repair", "edit"), "history"),
    "host": "host",
}


def build_parser(only: str | None = None) -> tuple[Parser, dict[str, Parser]]:
    """The command line's parser and its commands' parsers; with `only` (a command of COMMANDS), that command's
    parser alone, its module alone imported: `naval` builds one parser of thirteen."""
    from importlib import import_module

    from scorer import __version__
    from scorer.cli.history.store import db_help

    parser = Parser(prog=PROG, description=t("cli.main.description"), epilog=t("cli.main.epilog"))
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}", help=t("cli.main.version"))
    parser.add_argument("--db", metavar=t("cli.metavar.path"), help=db_help())
    _add_lang_option(parser)
    sub = parser.add_subparsers(
        dest="command", title=t("cli.main.commands"), metavar=t("cli.metavar.command"), parser_class=Parser
    )
    for module in dict.fromkeys(COMMANDS.values() if only is None else [COMMANDS[only]]):
        import_module(f"scorer.cli.{module}").register(sub, only)
    for command in sub.choices.values():
        _add_lang_option(command)
    return parser, sub.choices


def _add_lang_option(parser: argparse.ArgumentParser) -> None:
    """--lang in the help of every command: main() takes it off the line before parsing, wherever it is."""
    parser.add_argument("--lang", metavar="{en,pt}", default=argparse.SUPPRESS, help=t("cli.main.lang"))
