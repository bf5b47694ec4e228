"""`import FILE…` and `export`: games in and out of the history, as JSON bundles or CSV."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from scorer.cli import output, values
from scorer.cli.history.names import list_or
from scorer.cli.history.store import EXIT_FAILED, SHORT_ID, failed, with_store
from scorer.i18n import t, tn

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.history import HistoryStore, ImportReport


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
        raise values.input_error("--format", args.format, list_or(list(FORMATS)))
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
                return failed(args, t("cli_history.export.stdout", reason=reason), EXIT_FAILED)
            raise values.input_error("-o", str(path), t("cli_history.export.folder_allowed", reason=reason)) from None
        if path is not None:
            what = {"csv": "finished", "bgstats": "plays"}.get(fmt, "games")  # CSV and BG Stats: finished games
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
