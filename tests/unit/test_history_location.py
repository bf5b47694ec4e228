"""Where the history lives: --db, then $WONDERS_SCORER_DB, then the per-user data folder."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from scorer.history import resolve_db_path


def test_the_command_line_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("WONDERS_SCORER_DB", str(tmp_path / "env.json"))
    assert resolve_db_path(str(tmp_path / "cli.json")) == tmp_path / "cli.json"


def test_then_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("WONDERS_SCORER_DB", str(tmp_path / "env.json"))
    assert resolve_db_path(None) == tmp_path / "env.json"


def test_then_the_per_user_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("WONDERS_SCORER_DB", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_path", lambda app, appauthor: tmp_path / app)
    assert resolve_db_path(None) == tmp_path / "wonders-scorer" / "history.json"


def test_a_folder_means_the_history_file_inside_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("WONDERS_SCORER_DB", raising=False)
    assert resolve_db_path(str(tmp_path)) == tmp_path / "history.json"


def test_a_home_relative_path_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))
    assert resolve_db_path("~/games.json") == tmp_path / "games.json"


def test_the_file_chosen_in_settings_comes_after_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from scorer.history import locate_history
    from scorer.preferences import save_preferences

    save_preferences({"history": str(tmp_path / "club.json")})
    monkeypatch.setenv("WONDERS_SCORER_DB", str(tmp_path / "env.json"))
    assert locate_history(None) == (tmp_path / "env.json", "WONDERS_SCORER_DB")
    monkeypatch.delenv("WONDERS_SCORER_DB")
    assert locate_history(None) == (tmp_path / "club.json", "settings")
    assert locate_history(str(tmp_path / "cli.json")) == (tmp_path / "cli.json", "--db")
    save_preferences({"history": None})
    monkeypatch.setattr(platformdirs, "user_data_path", lambda app, appauthor: tmp_path / app)
    assert locate_history(None) == (tmp_path / "wonders-scorer" / "history.json", "default")
