"""`repair -o FILE`: copy what still holds of a damaged history into a new file."""

from __future__ import annotations

import argparse
import sys

from scorer.cli import output, values
from scorer.cli.history.names import shown_day
from scorer.cli.history.store import EXIT_FAILED, EXIT_REFUSED, failed
from scorer.i18n import t, tn


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
        return failed(args, str(error), EXIT_REFUSED)
    except HistoryError as error:
        return failed(args, str(error), EXIT_FAILED)
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
                    "healthy": report.healthy,
                }
            )
        )
        return 0
    import shlex

    if report.healthy:  # issue 31: it said "The damaged file was not changed" of a sound history
        output.say(tn("cli_history.repair.healthy", report.copied, path=shlex.quote(str(report.target))))
        return 0
    out = [tn("cli_history.repair.copied", report.copied, lost=len(report.lost), path=report.target)]
    if report.lost:
        out.append(tn("cli_history.repair.lost", len(report.lost)))
        out += [
            f"  {game.game_id}  {shown_day(game.played_on) or t('cli_history.repair.no_day')}" for game in report.lost
        ]
    if report.rescored:
        out.append(tn("cli_history.repair.rescored", report.rescored))
    if report.lost_settings:
        out.append(t("cli_history.repair.lost_settings", names=", ".join(report.lost_settings)))
    out.append(t("cli_history.repair.next", path=shlex.quote(str(report.target))))
    for line in out:
        output.say(line)
    return 0
