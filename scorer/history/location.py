"""Where the history file lives: `--db PATH`, else $WONDERS_SCORER_DB, else the per-user data folder.

The per-user folder (platformdirs) survives reinstalls and is where each OS expects app data to live:
~/.local/share/wonders-scorer on Linux, ~/Library/Application Support/wonders-scorer on macOS,
%LOCALAPPDATA%\\wonders-scorer on Windows.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "wonders-scorer"
ENV_VAR = "WONDERS_SCORER_DB"
FILE_NAME = "history.json"


def resolve_db_path(cli_value: str | None) -> Path:
    """The history file to open. A path naming an existing folder means the history file inside it."""
    chosen = cli_value or os.environ.get(ENV_VAR)
    if chosen:
        path = Path(chosen).expanduser()
        return path / FILE_NAME if path.is_dir() else path
    from platformdirs import (
        user_data_path,  # deferred: only needed when no path was given
    )

    return user_data_path(APP_NAME, appauthor=False) / FILE_NAME
