"""`edit ID`: open a finished game in the table app at its sheet, to correct it."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from scorer.cli import values
from scorer.cli.history.store import with_store
from scorer.i18n import t

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.history import HistoryStore


def run_edit(args: argparse.Namespace) -> int:
    """`edit ID`: the table app opened at that finished game's sheet, to correct it (saved by the sheet's s
    under the same id, the earlier version kept). Only at a terminal; a game in progress is resumed instead."""
    from scorer.history import locate_history

    if args.table_app is None or not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise values.input_error("GAME_ID", args.game_id, t("cli_history.edit.terminal"))

    def finished_id(store: HistoryStore) -> int:
        game_id = store.resolve_id(args.game_id)
        if store.load(game_id).status != "finished":
            raise values.input_error("GAME_ID", args.game_id, t("cli_history.edit.unfinished"))
        args.game_id = game_id
        return 0

    if (status := with_store(args, finished_id)) != 0:
        return status
    db_path, db_source = locate_history(args.db)
    args.table_app(db_path, db_source, args.language_source, args.game_id)
    return 0
