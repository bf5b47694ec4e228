"""The program behind `wonders-scorer` and `python -m scorer`: the table app when no command is given at a
terminal, the core's command line (scorer.cli) for every command.

It lives here, not in scorer/, because the core never imports the UI (the import-linter contracts in
pyproject.toml): the core's main() is handed the app to open. Textual is imported only when the app opens, so
`wonders-scorer naval ...` and `--help` stay as quick as the core alone.
"""

from __future__ import annotations

from pathlib import Path


def open_table_app(db_path: Path, db_source: str, language_source: str | None, correct: str | None = None) -> None:
    """The table app on this history file, in the language already chosen; Settings shows what chose each.
    `correct`: the id of a finished game to open at its sheet for correcting (`wonders-scorer edit ID`)."""
    from widgets.app import run

    if correct is None:
        run(db_path, db_source, language_source)
    else:
        run(db_path, db_source, language_source, correct=correct)


def main(argv: list[str] | None = None) -> int:
    """Entry point of `wonders-scorer` and `python -m scorer`. Returns the exit status."""
    from scorer.cli import main as command_line

    return command_line(argv, table_app=open_table_app)
