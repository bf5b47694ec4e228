"""The history file behind every history command: opening it (--db), what its errors mean for the exit
status, and saving a scored game (`score --save`, `--replace`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from scorer.cli import output, values
from scorer.i18n import t, tn

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.history import HistoryDamaged, HistoryRefused, HistoryStore
    from scorer.model import GameRecord


SHORT_ID = 8
EXIT_FAILED = 1  # the history could not do it (busy, disk full): trying again may help
EXIT_REFUSED = 3  # the history file is unreadable or too new; it was not changed
EXPANSIONS = ("leaders", "armada", "base")


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """`--db PATH` after the command too; main() fills args.db from the global option when it is absent here."""
    parser.add_argument("--db", metavar=t("cli.metavar.path"), default=argparse.SUPPRESS, help=db_help())


def db_help() -> str:
    return t("cli_history.db")


# --- the store, and what its errors mean for the exit status ---------------------------------------------


def with_store(args: argparse.Namespace, action: Callable[[HistoryStore], int]) -> int:
    """Open the history named by args.db, run `action`, close it. A refused file exits 3, other history
    failures 1, each with one line on stderr; an InputError goes up to main() (exit 2)."""
    from scorer.history import (
        HistoryError,
        HistoryRefused,
        HistoryStore,
        resolve_db_path,
    )
    from scorer.history.errors import HistoryNotAFile, HistoryReadOnly

    if getattr(args, "db", None) == "":
        raise values.input_error("--db", "", t("cli_history.store.db_allowed"))
    try:
        with HistoryStore.open(resolve_db_path(getattr(args, "db", None))) as store:
            if store.backup_path is not None:
                output.say(t("cli_history.store.upgraded", path=store.backup_path), sys.stderr)
            if store.damage is not None:
                _damaged_summaries(store.damage)
            return action(store)
    except HistoryNotAFile as error:  # a bad value for --db, like any other: exit 2
        raise values.input_error("--db", str(error.path), error.reason) from None
    except HistoryReadOnly as error:  # refused like an unreadable file: a second try would not help
        return failed(args, str(error), EXIT_REFUSED)
    except HistoryRefused as error:
        return _refused(args, error)
    except HistoryError as error:
        return failed(args, str(error), EXIT_FAILED)


def _refused(args: argparse.Namespace, error: HistoryRefused) -> int:
    """Exit 3 with the refusal, the fresh file it offers and, for a damaged file, the repair that keeps its games."""
    import shlex

    from scorer.history import HistoryDamaged

    message = t("cli_history.store.refused", error=error, path=shlex.quote(str(error.fresh_path)))
    if isinstance(error, HistoryDamaged):
        message += t(
            "cli_history.store.repair", db=shlex.quote(str(error.path)), path=shlex.quote(str(error.repaired_path))
        )
    return failed(args, message, EXIT_REFUSED)


def _damaged_summaries(damage: HistoryDamaged) -> None:
    """Only summaries are damaged: the command reads on (they are scored again from their games) but says so,
    and says that nothing can be saved until the repair."""
    import shlex

    bad, _ = damage.survey.count("summaries")
    db, path = shlex.quote(str(damage.path)), shlex.quote(str(damage.repaired_path))
    if not bad:  # every document holds, the file as a whole does not (its lines rewritten by another program)
        output.say(t("cli_history.store.damaged_layout", db=db, path=path), sys.stderr)
        return
    output.say(tn("cli_history.store.damaged_summaries", bad, db=db, path=path), sys.stderr)


def save_game(args: argparse.Namespace, record: GameRecord, source: str) -> int:
    """`score --save`: store the game, new, completing or updating its draft, or already stored as it is; a
    finished game stored with the id and a different content is refused (exit 2) naming it. The note goes to
    stderr with --json."""
    from scorer.history.errors import FinishedGameKept
    from scorer.history.merging import Merge

    def save(store: HistoryStore) -> int:
        if getattr(args, "replace", None) is not None:
            return _replace(store, args, record)
        try:
            outcome = store.save(record)
        except FinishedGameKept as error:
            raise values.input_error(
                t("cli.score.record_field", source=source, field=error.field), error.value, error.allowed
            ) from None
        key = {Merge.NEW: "saved", Merge.REPLACES_DRAFT: "updated", Merge.SAME: "unchanged"}[outcome]
        if record.status != "finished":
            key += "_draft"
        output.say(t(f"cli_history.store.{key}", id=record.id[:SHORT_ID]), sys.stderr if args.json else sys.stdout)
        return 0

    return with_store(args, save)


def _replace(store: HistoryStore, args: argparse.Namespace, record: GameRecord) -> int:
    """`score FILE --save --replace ID`: the user's correction of the stored game ID. A file naming another
    game's id is refused (exit 2), so a correction never lands on the wrong game; a file without an id is the
    game ID's new version."""
    import dataclasses

    from scorer.history.merging import Merge

    game_id = store.resolve_id(args.replace)
    if args.file_id is not None and args.file_id != game_id:
        raise values.input_error(
            "--replace", args.replace, t("cli.score.replace_mismatch", file_id=str(args.file_id)[:SHORT_ID])
        )
    outcome = store.correct(dataclasses.replace(record, id=game_id))
    key = "cli_history.store.corrected" if outcome is Merge.CORRECTS else "cli_history.store.unchanged"
    output.say(t(key, id=game_id[:SHORT_ID]), sys.stderr if args.json else sys.stdout)
    return 0


def failed(args: argparse.Namespace, message: str, status: int) -> int:
    from scorer.cli import PROG

    output.say(f"{PROG}: {args.command}: {' '.join(message.split())}", sys.stderr)
    return status
