"""The table's preferences that live outside any history: which history file to open, and (issue 6) the language.

They cannot live in the history itself — one of them says where the history is — so they are a small JSON
file in the per-user config folder (platformdirs: ~/.config/wonders-scorer/settings.json on Linux),
overridable with $WONDERS_SCORER_CONFIG. Written atomically like the history. A damaged or newer file is
never overwritten: reading it gives the defaults and says why, and saving is refused until the table moves
the file away (the message names it). Messages are in the interface's language when they are made: the
reason a file was not used is worded when read_preferences is asked, after the language is chosen.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from scorer.errors import InputError
from scorer.i18n import LANGUAGES, t

APP_NAME = "wonders-scorer"
ENV_VAR = "WONDERS_SCORER_CONFIG"
FILE_NAME = "settings.json"
VERSION = 1


@dataclass(frozen=True, slots=True)
class Preferences:
    history: str | None = None  # the history file chosen in Settings; None: the per-user default
    language: str | None = None  # "en" or "pt" chosen in Settings; None: the system's (scorer.i18n)


class PreferencesRefused(Exception):
    """The settings file exists but cannot be used; it is left untouched."""


def preferences_path() -> Path:
    chosen = os.environ.get(ENV_VAR)
    if chosen:
        return Path(chosen).expanduser()
    from platformdirs import user_config_path  # deferred: only when no path was given

    return user_config_path(APP_NAME, appauthor=False) / FILE_NAME


def read_preferences(path: Path | None = None) -> tuple[Preferences, str | None]:
    """The saved preferences and, when the file cannot be used, why (then the defaults are returned)."""
    path = path or preferences_path()
    try:
        return _parse(path.read_bytes()), None
    except FileNotFoundError:
        return Preferences(), None
    except (OSError, PreferencesRefused) as error:
        return Preferences(), t("preferences.not_used", path=path, reason=error)


def save_preferences(changes: dict[str, Any], path: Path | None = None) -> Preferences:
    """Store these changes over the saved preferences (atomic). Refused (InputError), file untouched, if it is
    damaged or cannot be written."""
    from scorer.history.atomic import atomic_file

    path = path or preferences_path()
    try:
        current = _parse(path.read_bytes())
    except FileNotFoundError:
        current = Preferences()
    except (OSError, PreferencesRefused) as error:
        raise InputError(
            "settings", str(path), t("preferences.refused", reason=error), label=t("preferences.file")
        ) from None
    updated = replace(current, **changes)
    try:  # a full disk, a folder that cannot be made, a file another program keeps open (Windows)
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_file(path) as handle:
            handle.write(json.dumps({"version": VERSION, **asdict(updated)}, indent=2).encode() + b"\n")
    except OSError as error:
        reason = error.strerror or str(error)
        raise InputError(
            "settings", str(path), t("preferences.not_saved", reason=reason), label=t("preferences.file")
        ) from None
    return updated


def _parse(data: bytes) -> Preferences:
    try:
        doc = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise PreferencesRefused(t("preferences.damaged")) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("version"), int):
        raise PreferencesRefused(t("preferences.not_settings"))
    if doc["version"] > VERSION:
        raise PreferencesRefused(t("preferences.newer", version=doc["version"]))
    history = doc.get("history")
    if history is not None and not isinstance(history, str):
        raise PreferencesRefused(t("preferences.history_not_path"))
    language = doc.get("language")
    if language is not None and language not in LANGUAGES:
        raise PreferencesRefused(t("preferences.language", language=repr(language), allowed=" / ".join(LANGUAGES)))
    return Preferences(history=history, language=language)
