"""Why the history refused to go on, in words a player can act on.

A history file that cannot be read, or that a newer version wrote, is never written: the error carries the
path of a fresh file the caller may offer to start beside it (created only if the user accepts, by opening
that path). A busy file (another window saving) is a different problem: waiting or retrying solves it.
Messages are written in the interface's language when the error is raised (scorer.i18n).
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from scorer.errors import InputError
from scorer.i18n import decimal, t, whole

if TYPE_CHECKING:
    from scorer.history.damage import Survey
    from scorer.history.summary import GameSummary


class HistoryError(Exception):
    """Anything that stops the history store; the message alone tells the user what happened."""


class HistoryRefused(HistoryError):
    """The file is left exactly as it is; `fresh_path` is where a new, empty history could start instead."""

    def __init__(self, path: Path, message: str) -> None:
        self.path = path
        self.fresh_path = fresh_path_beside(path)
        super().__init__(t("history.refused.unchanged", path=path, message=message))


class HistoryUnreadable(HistoryRefused):
    """Empty, truncated, damaged or not a history file at all."""

    def __init__(self, path: Path, reason: str) -> None:
        self.reason = reason
        super().__init__(path, reason)


class HistoryDamaged(HistoryUnreadable):
    """The file carries this layout's checksums and fails them: a bit flipped, a line cut or changed. It is
    never read as if it were what was saved; `survey` says which documents still hold, for a repair
    (repair.py) that copies those into a new file and names the games it could not vouch for;
    `repaired_path` is a new file beside it that the caller may offer for that."""

    def __init__(self, path: Path, survey: Survey) -> None:
        self.survey = survey
        self.repaired_path = path.with_name(f"{path.stem}.repaired-{_stamp()}{path.suffix}")
        bad, total = survey.count("games")
        summaries, _ = survey.count("summaries")
        key = (
            "damaged_games"
            if bad
            else "damaged_summaries"
            if summaries
            else "damaged_file"
            if survey.sound
            else "damaged_unknown"
        )
        super().__init__(path, t(f"history.refused.{key}", bad=bad or summaries, total=total))


class HistoryTooNew(HistoryRefused):
    """Written by a newer version of the app, whose layout this version cannot safely rewrite."""

    def __init__(self, path: Path, found: int, supported: int) -> None:
        self.found = found
        self.supported = supported
        super().__init__(path, t("history.refused.too_new", found=found, supported=supported))


class HistoryLocked(HistoryError):
    """Another process held the history's lock for longer than we agreed to wait."""

    def __init__(self, path: Path, waited: float) -> None:
        self.path = path
        self.waited = waited
        seconds = whole(int(waited)) if waited == int(waited) else decimal(waited, 1)
        super().__init__(t("history.refused.locked", path=path, seconds=seconds))


class HistoryReadOnly(HistoryError):
    """The history file or its folder has no write permission: it is read, never written (access.py)."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(t("history.read_only.refused", path=path, reason=reason))


class HistoryNotAFile(HistoryError):
    """The history path names no file a history can be: a folder, a device, a pipe, a socket, or a symbolic link
    that loops. Refused before anything is read or written (location.real_history); `kind` is the reason's
    key (history.not_a_file.<kind>)."""

    def __init__(self, path: Path, kind: str) -> None:
        self.path = path
        self.kind = kind
        self.reason = t(f"history.not_a_file.{kind}")
        super().__init__(t("history.refused.unchanged", path=path, message=self.reason))


class GameNotFound(InputError):
    """No stored game has this id (an edge error, like any bad value typed by a user)."""

    def __init__(self, game_id: str, allowed: str | None = None) -> None:
        self.game_id = game_id
        super().__init__("GAME_ID", game_id, allowed or t("history.game.not_found"))


class GameShared(InputError):
    """Another process shares this game with phones (sharing.py): it alone writes the game, since a second
    writer would lose the edits its phones were told are saved. Nothing was written."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        said = t("history.shared.refused", game=game_id[:8])
        super().__init__("GAME_ID", game_id[:8], said)
        self.args = (said[:1].upper() + said[1:],)  # the sentence names the game: no "GAME_ID: '…' is not allowed"


class FinishedGameKept(InputError):
    """A record would have replaced a finished game with its id (a draft of it, or a different game): refused,
    and the stored game kept exactly as it was (see merging.py). `summary` is that game, for an edge to name
    it or to offer keeping the record as a new game."""

    def __init__(self, summary: GameSummary, incoming_status: str) -> None:
        self.summary = summary
        key = "history.game.finished_draft" if incoming_status != "finished" else "history.game.finished_other"
        super().__init__("id", summary.id, t(key, game=describe_game(summary)))


def describe_game(summary: GameSummary) -> str:
    """'played 20/11/2026 by Ann, Bob, Cid': enough for a table to recognise one of its game nights."""
    names = ", ".join(summary.names)
    if not summary.played_on:
        return t("history.game.played_by", names=names)
    try:
        day = date.fromisoformat(summary.played_on).strftime(t("history.game.day_format"))
    except ValueError:  # not a day this version reads: shown as stored
        day = summary.played_on
    return t("history.game.played_on_by", day=day, names=names)


def fresh_path_beside(path: Path) -> Path:
    """history.json -> history.fresh-20261211-203015.json: beside the old file, never overwriting it."""
    return path.with_name(f"{path.stem}.fresh-{_stamp()}{path.suffix}")


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")
