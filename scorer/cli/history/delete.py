"""`delete ID`: remove a stored game for good (a draft: discard it), once the person says yes."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from scorer.cli import output
from scorer.cli.history.listing import describe
from scorer.cli.history.store import SHORT_ID, failed, with_store
from scorer.i18n import t

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.history import HistoryStore


def run_delete(args: argparse.Namespace) -> int:
    if not args.yes and not sys.stdin.isatty():
        return failed(args, t("cli_history.delete.needs_yes"), 2)
    return with_store(args, lambda store: _delete(store, args))


def _delete(store: HistoryStore, args: argparse.Namespace) -> int:
    game_id = store.resolve_id(args.game_id)
    if not args.yes:
        summary = next((game for game in store.games() if game.id == game_id), None)
        what = describe(summary) if summary is not None else t("cli_history.describe.short", id=game_id[:SHORT_ID])
        output.say(t("cli_history.delete.ask", what=what), sys.stderr, end="")
        sys.stderr.flush()
        try:
            answer = sys.stdin.readline()
        except KeyboardInterrupt:
            answer = ""
        if answer.strip().casefold() not in t("cli_history.delete.yes_words").casefold().split():
            if not answer.endswith("\n"):
                sys.stderr.write("\n")
            output.say(t("cli_history.delete.kept"))
            return 0
    removed = store.delete(game_id)
    output.say(t("cli_history.delete.deleted", what=describe(removed)))
    return 0
