"""Where the history file lives: `--db PATH`, else $WONDERS_SCORER_DB, else the file chosen in Settings, else
the per-user data folder.

The per-user folder (platformdirs) survives reinstalls and is where each OS expects app data to live:
~/.local/share/wonders-scorer on Linux, ~/Library/Application Support/wonders-scorer on macOS,
%LOCALAPPDATA%\\wonders-scorer on Windows.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import NamedTuple

APP_NAME = "wonders-scorer"
ENV_VAR = "WONDERS_SCORER_DB"
FILE_NAME = "history.json"


class HistoryLocation(NamedTuple):
    path: Path
    source: str  # "--db", "WONDERS_SCORER_DB", "settings" or "default": what the Settings screen explains


def default_db_path() -> Path:
    from platformdirs import user_data_path  # deferred: only needed when no path was given

    return user_data_path(APP_NAME, appauthor=False) / FILE_NAME


def history_file(chosen: str | Path) -> Path:
    """The history file a typed path means: a folder means the history file inside it."""
    path = Path(chosen).expanduser()
    return path / FILE_NAME if path.is_dir() else path


def locate_history(cli_value: str | None) -> HistoryLocation:
    """The history file to open and which setting chose it."""
    if cli_value:
        return HistoryLocation(history_file(cli_value), "--db")
    if os.environ.get(ENV_VAR):
        return HistoryLocation(history_file(os.environ[ENV_VAR]), ENV_VAR)
    from scorer.preferences import read_preferences

    chosen = read_preferences()[0].history
    if chosen:
        return HistoryLocation(history_file(chosen), "settings")
    return HistoryLocation(default_db_path(), "default")


def real_history(path: Path) -> Path:
    """The file the history at `path` is written to: `path` itself, or, when it is a symbolic link (a history
    kept in a synced folder and linked from the usual place), the file the link points at, existing or not.
    Every save replaces the file atomically (os.replace), which on a link would replace the link with a
    plain file and leave the real history without the game. Raises HistoryNotAFile for a link that loops, or
    for a path that is a device, a pipe or a socket: reading /dev/zero never ends, a pipe waits for a writer."""
    from scorer.history.errors import HistoryNotAFile

    try:
        found = os.stat(path)  # through the links
    except FileNotFoundError:
        found = None  # a new history, or a link to one not made yet: created where the link points
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise HistoryNotAFile(path, "loop") from None
        found = None  # unreadable: opening it says why, as for any path
    except RuntimeError:  # a loop, as some Pythons say it while resolving
        raise HistoryNotAFile(path, "loop") from None
    if found is not None and stat.S_ISDIR(found.st_mode):
        raise HistoryNotAFile(path, "folder")
    if found is not None and not stat.S_ISREG(found.st_mode):
        raise HistoryNotAFile(path, "device")
    if not path.is_symlink():
        return path
    return Path(os.path.realpath(path))


def resolve_db_path(cli_value: str | None) -> Path:
    """The history file to open. A path naming an existing folder means the history file inside it."""
    return locate_history(cli_value).path
