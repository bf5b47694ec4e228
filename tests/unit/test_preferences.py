"""The settings file: saved atomically, read back, and never overwritten when damaged or newer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.errors import InputError
from scorer.preferences import Preferences, preferences_path, read_preferences, save_preferences


def test_no_file_means_the_defaults():
    assert read_preferences() == (Preferences(), None)


def test_saved_preferences_are_read_back_and_kept_versioned():
    save_preferences({"history": "/games/club.json"})
    assert read_preferences() == (Preferences(history="/games/club.json"), None)
    save_preferences({"language": "pt"})
    assert read_preferences() == (Preferences(history="/games/club.json", language="pt"), None)
    assert json.loads(preferences_path().read_text()) == {"version": 1, "history": "/games/club.json", "language": "pt"}


@pytest.mark.parametrize(
    "content",
    [
        b"{ not json",
        b"[]",
        b'{"history": "x"}',
        b'{"version": 1, "history": 3}',
        b'{"version": 1, "language": "fr"}',
        b"\xff\xfe",
    ],
)
def test_a_damaged_file_gives_the_defaults_says_why_and_is_never_overwritten(content: bytes):
    path = preferences_path()
    path.write_bytes(content)
    preferences, problem = read_preferences()
    assert preferences == Preferences() and problem and str(path) in problem
    with pytest.raises(InputError, match="move it away"):
        save_preferences({"history": "/elsewhere.json"})
    assert path.read_bytes() == content


def test_a_newer_file_is_refused_by_name():
    path = preferences_path()
    path.write_text('{"version": 9, "history": "/x.json"}')
    assert "newer version" in read_preferences()[1]
    with pytest.raises(InputError):
        save_preferences({"history": None})
    assert json.loads(path.read_text())["version"] == 9


def test_the_folder_is_created_when_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("WONDERS_SCORER_CONFIG", str(tmp_path / "a" / "b" / "settings.json"))
    save_preferences({"history": "/x.json"})
    assert read_preferences()[0].history == "/x.json"
