"""Shared test setup: the repository root is importable, and no test ever touches the user's real history."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True)
def _private_history(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the default history and the settings file at a temporary folder (tests that need another path
    set their own)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("WONDERS_SCORER_DB", str(home / "history.json"))
    monkeypatch.setenv("WONDERS_SCORER_CONFIG", str(home / "settings.json"))
