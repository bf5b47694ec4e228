"""`note ID [TEXT | --clear]`: the table's one-line note on a saved game ("Ana's first game", "played outside"),
shown by History, `history`, `show`, the picture and the BG Stats play; without TEXT, the note as it is."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from scorer.cli import output, values
from scorer.cli.history.store import SHORT_ID, with_store
from scorer.edits.note import one_line
from scorer.i18n import t

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.history import HistoryStore


def run_note(args: argparse.Namespace) -> int:
    text = None if args.text is None else (one_line(args.text) or "")  # runs of spaces made one
    if args.clear and text is not None:
        raise values.input_error("--clear", args.text, t("cli_history.note.clear_or_text"))
    if text == "":
        raise values.input_error("TEXT", args.text, t("cli_history.note.empty"))
    return with_store(args, lambda store: _note(store, args, text))


def _note(store: HistoryStore, args: argparse.Namespace, text: str | None) -> int:
    game_id = store.resolve_id(args.game_id)
    short = game_id[:SHORT_ID]
    if text is None and not args.clear:
        note = store.summary(game_id).note
        output.say(t("cli_history.note.shown", id=short, note=note) if note else t("cli_history.note.none", id=short))
        return 0
    store.annotate(game_id, text)
    output.say(t("cli_history.note.saved", id=short, note=text) if text else t("cli_history.note.cleared", id=short))
    return 0
