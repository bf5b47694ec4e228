"""Shared test setup: the repository root is importable, and no test ever touches the user's real history."""

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# How many of these pytest-xdist starts for -n auto (pyproject's addopts): the TUI tests, most of the run, spend
# about half their time waiting (Pilot's idle waits, a worker thread, a forked writer, the tmux pane), so two
# workers a core keep the cores busy. On this 2-core machine, 73 TUI tests (age, end, recruitment, conflicts,
# rulings): -n 2 took 350 s, -n 4 285 s with the machine busier (load 5 then 8); CPU time the same (150 s).
WORKERS_PER_CORE = 2


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """Twice the cores for -n auto; PYTEST_XDIST_AUTO_NUM_WORKERS still chooses (xdist's own hook reads it)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


@pytest.fixture(autouse=True)
def _private_history(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the default history and the settings file at a temporary folder (tests that need another path
    set their own)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("WONDERS_SCORER_DB", str(home / "history.json"))
    monkeypatch.setenv("WONDERS_SCORER_CONFIG", str(home / "settings.json"))


@pytest.fixture(autouse=True)
def _english_unless_a_test_says_otherwise(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tests read English unless they choose Portuguese (whatever the machine's locale); each starts and ends
    in English, so a Portuguese test cannot leak its language into the next one."""
    from scorer.i18n import set_language

    monkeypatch.setenv("WONDERS_SCORER_LANG", "en")
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def portuguese() -> None:
    """The table reads Portuguese for this test (the fixture above puts English back afterwards)."""
    from scorer.i18n import set_language

    set_language("pt")
