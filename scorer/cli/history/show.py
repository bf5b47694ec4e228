"""`show ID`: one stored game, its sheet and what each player entered, age by age (or JSON, or `--image`
FILE: the sheet as a picture)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from scorer.cli import output, values
from scorer.cli.history.names import card_words, island_words, leader_words, shown_day, wonder_words
from scorer.cli.history.store import SHORT_ID, with_store
from scorer.i18n import t, tn

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from scorer.history import HistoryStore
    from scorer.model import GameRecord


def phrase_lines(head: str, phrases: list[str], width: int) -> list[str]:
    """`head` then `phrases` joined by " · ", in lines of at most `width` columns broken only between
    phrases (at 80 columns `show` broke "Dora (Alexandria A)" from "· Enzo"): a line ends with the dot, the
    next starts with a phrase, indented under the first."""
    from rich.cells import cell_len

    indent = " " * cell_len(head)
    lines: list[str] = []
    line, fresh = head, True
    for n, phrase in enumerate(phrases):
        piece = phrase if n == len(phrases) - 1 else f"{phrase} ·"
        candidate = line + piece if fresh else f"{line} {piece}"
        if not fresh and cell_len(candidate) > width:
            lines.append(line)
            candidate = indent + piece
        line, fresh = candidate, False
    return [*lines, line]


def run_show(args: argparse.Namespace) -> int:
    if args.image is not None:
        return _run_image(args)
    if args.force:
        raise values.input_error("--force", "--force", t("cli_history.show.force_needs_image"))
    return with_store(args, lambda store: _show(store, store.load(store.resolve_id(args.game_id)), args.json))


def _run_image(args: argparse.Namespace) -> int:
    """`show ID --image FILE`: the finished game's sheet as a picture (scorer.picture), checked before the
    history is opened (the file's format) and before it is drawn (the game, the target)."""
    from pathlib import Path

    from scorer.picture import file_format

    path = Path(args.image)
    if file_format(path) is None:
        raise values.input_error("--image", args.image, t("picture.formats"))
    if args.json:
        raise values.input_error("--json", "--json", t("cli_history.show.image_or_json"))
    return with_store(args, lambda store: _image(store, args, path))


def _image(store: HistoryStore, args: argparse.Namespace, path: Any) -> int:
    from scorer.history.settings import dockyard_track
    from scorer.picture import sheet_picture, write_picture
    from scorer.rules.sheet import score_game

    record = store.load(store.resolve_id(args.game_id))
    if record.status != "finished":
        raise values.input_error("GAME_ID", args.game_id, t("cli_history.show.image_finished"))
    from scorer.history.target import EXISTS, TargetRefused

    picture = sheet_picture(record, score_game(record, track=dockyard_track(store)))
    try:
        write_picture(picture, path, store.path, replace=args.force)
    except TargetRefused as refused:  # worded as export -o words it
        allowed = t("cli_history.show.image_exists") if refused.reason == EXISTS else refused.allowed
        raise values.input_error("--image", args.image, allowed) from None
    except OSError as error:  # a missing or read-only folder
        reason = error.strerror or str(error)
        raise values.input_error("--image", args.image, t("cli_history.export.folder_allowed", reason=reason)) from None
    output.say(t("cli_history.show.image_written", path=path, id=record.id[:SHORT_ID]))
    return 0


def _show(store: HistoryStore, record: GameRecord, as_json: bool) -> int:
    from scorer.history.settings import dockyard_track
    from scorer.rules.sheet import score_game, sheet_to_dict

    sheet: dict[str, Any] | None = None
    problem = None
    if record.status == "finished":
        try:
            sheet = sheet_to_dict(score_game(record, track=dockyard_track(store)))
        except Exception as error:
            problem = t("cli_history.show.cannot_score", error=error)
    if as_json:
        data: dict[str, Any] = {"record": record.to_dict(), "sheet": sheet}
        if problem:
            data["problem"] = problem
        sys.stdout.write(output.json_text(data))
        return 0

    from scorer.cli.game import print_sheet

    out = output.console()
    status = t("cli_history.finished" if record.status == "finished" else "cli_history.in_progress")
    # The title names the game by its short id (--json has the whole one), so it fits 80 columns.
    named = [name.capitalize() for name in ("leaders", "armada") if name in record.expansions]
    boxes = " + ".join(named) or t("cli_history.base_game")
    key = "cli_history.show.title_dated" if record.played_on else "cli_history.show.title"
    title = t(key, id=record.id[:SHORT_ID], day=shown_day(record.played_on), status=status, boxes=boxes)
    out.print(output.text(title, style="bold"))
    seats = [
        t("cli_history.show.seat", name=seat.name, wonder=wonder_words(seat.wonder), side=seat.side)
        for seat in record.players
    ]
    for line in phrase_lines(t("cli_history.show.table") + " ", seats, out.width):
        out.print(line, soft_wrap=True)
    if record.teams:
        out.print(t("cli_history.show.teams", teams=" · ".join(f"{a} + {b}" for a, b in record.teams)))
    _print_how(out, record)
    if sheet is not None:
        print_sheet(sheet)
        _print_corrections(out, store, record)
        return 0
    if problem:
        out.print(t("cli_history.show.problem", problem=problem))
    else:
        step = _step(record)
        so_far = t("cli_history.show.so_far_at", step=step) if step else t("cli_history.show.so_far")
        out.print(output.text(so_far, style="bold"))
    _print_entries(out, record)
    return 0


def _print_how(out: Any, record: GameRecord) -> None:
    """When the game started, how long it was played and how it was scored; the table's note."""
    from scorer.flow import score_pad
    from scorer.play_time import play_length
    from scorer.play_words import mode_words, when_words

    when = when_words(record.started_at, play_length(record.started_at, record.ended_at, record.played_seconds))
    how = " · ".join(filter(None, (when, mode_words(score_pad(record)))))
    out.print(t("cli_history.show.played", how=how))
    if record.note:
        out.print(output.text(t("cli_history.show.note", note=record.note), style="italic"))


def _print_corrections(out: Any, store: HistoryStore, record: GameRecord) -> None:
    """The game's earlier versions, oldest first: when each was replaced and the totals it had, so a table
    sees what a correction changed (the whole versions are in `show ID --json`)."""
    if not record.corrections:
        return
    from scorer.history.settings import dockyard_track
    from scorer.model import GameRecord
    from scorer.rules.sheet import score_game

    out.print(output.text(tn("cli_history.show.corrections", len(record.corrections)), style="bold"))
    for earlier in record.corrections:
        version = score_game(GameRecord.from_dict(earlier["game"]), track=dockyard_track(store))
        totals = " · ".join(f"{player.name} {player.total}" for player in version.players)
        out.print(t("cli_history.show.correction", when=_shown_time(earlier["replaced_at"]), totals=totals))


def _shown_time(stamp: str) -> str:
    """'2026-12-02 13:58 UTC' from the stored ISO time."""
    return f"{stamp[:10]} {stamp[11:16]} UTC"


def _step(record: GameRecord) -> str | None:
    """'entering Age II': where the table was when the draft was saved (None when the draft does not say)."""
    from scorer.ruling import age_name

    progress = record.progress or {}
    step, age = progress.get("step"), progress.get("age")
    if step in ("setup", "end", "sheet"):
        return t(f"cli_history.show.step.{step}")
    if step in ("recruitment", "age", "conflicts"):
        if isinstance(age, int) and 1 <= age <= 3:
            return t(f"cli_history.show.step.{step}", age=age_name(age))
        return t(f"cli_history.show.step.{step}_any")
    return None


def _print_entries(out: Any, record: GameRecord) -> None:
    """What a draft holds: each age's entries per player, then the end of the game if entered; cards,
    leaders and islands as the table's cards print them."""
    from scorer.ruling import age_name

    if not record.ages and not record.end:
        out.print(t("cli_history.show.nothing"))
    player, other = t("cli_history.show.player"), t("cli_history.show.other")
    for age, entries in sorted(record.ages.items()):
        table = output.table(age_name(age), player, t("cli_history.show.cards"), t("cli_history.show.stages"), other)
        for name in record.names:
            if name not in entries:
                continue
            entry = entries[name]
            cards = ", ".join(card_words(card, age) for card in entry.cards) or "—"
            table.add_row(name, cards, str(entry.wonder_stages), _extras(entry))
        out.print(table)
    if record.end:
        table = output.table(t("cli_history.show.end"), player, t("cli_history.show.coins"), other)
        for name in record.names:
            if name in record.end:
                end = record.end[name]
                notes = (
                    [t("cli_history.show.olympia", guild=card_words(end.olympia_copy, 3))] if end.olympia_copy else []
                )
                if end.quick is not None:
                    counts = ", ".join(f"{_colour(colour)} {n}" for colour, n in end.quick.colours.items())
                    notes.append(t("cli_history.show.counts", counts=counts))
                table.add_row(name, "—" if end.coins is None else str(end.coins), "; ".join(notes))
        out.print(table)


def _extras(entry: Any) -> str:
    parts = []
    if entry.leaders:
        leaders = ", ".join(
            t("cli_history.show.leader", name=leader_words(play.name), use=_use(play.use)) for play in entry.leaders
        )
        parts.append(t("cli_history.show.leaders", leaders=leaders))
    if entry.ships:
        ships = ", ".join(f"{_colour(colour)} {n}" for colour, n in entry.ships.items() if n)
        parts.append(t("cli_history.show.ships", ships=ships))
    if entry.islands:
        parts.append(t("cli_history.show.islands", islands=", ".join(map(island_words, entry.islands))))
    if entry.incursions:
        parts.append(t("cli_history.show.incursions", players=", ".join(entry.incursions)))
    if entry.abstain_naval:
        parts.append(t("cli_history.show.abstain"))
    if entry.courtesans:
        parts.append(t("cli_history.show.courtesans", leader=leader_words(entry.courtesans)))
    if entry.ground_strength is not None:
        parts.append(t("cli_history.show.ground", value=entry.ground_strength))
    if entry.naval_strength is not None:
        parts.append(t("cli_history.show.naval", value=entry.naval_strength))
    return "; ".join(parts)


def _use(use: str) -> str:
    return t(f"cli_history.show.use.{use}") if use in ("recruit", "wonder", "discard") else use


def _colour(colour: str) -> str:
    """A card or ship colour in words (a record only holds the schema's colours; anything else as stored)."""
    known = ("brown", "grey", "blue", "yellow", "green", "red", "purple")
    return t(f"cli_history.show.colour.{colour}") if colour in known else colour
