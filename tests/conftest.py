"""Shared test setup: the repository root is importable, and no test ever touches the user's real history."""

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from widgets.long_lived import collect_less  # noqa: E402

collect_less()  # the apps the tests drive collect cycles as the table app does (widgets/app.py run)


# The tests that take longest, started first (see pytest_collection_modifyitems): the tmux game (half a minute
# of waiting on the pane), the browser tests, the whole games typed through the Pilot and the walks of every
# step, the crash test. A run also remembers each test's time in pytest's cache
# (.pytest_cache), which orders the next run better than this list; the list is for a clean checkout (CI).
HEAVY = (
    "tests/e2e/",
    "tests/phones/test_browser.py",
    "tests/tui/test_phones.py::test_the_table_app_shares",
    "tests/tui/test_full_games.py::test_a_game_",
    "tests/tui/test_both_doors.py::test_every_step_",
    "tests/tui/test_nothing_cut.py::test_no_word_is_cut_",
    "tests/reliability/test_history_crash.py",
    "tests/phones/test_lan.py::test_two_thousand_idle_connections",
)
HEAVY_SECONDS = 2.0  # a test that took longer in the last run counts as heavy too
DURATIONS = "suite/durations"  # the cache key of the last run's times, by test id


def heavy_first(items: list[pytest.Item], workers: int, durations: dict[str, float]) -> list[pytest.Item]:
    """The order that lets pytest-xdist's worksteal finish soonest. It hands each of `workers` workers one
    contiguous slice of the list and later moves the tail of the longest queue to a worker that ran dry, so
    each slice starts with its share of the heavy tests (dealt round-robin, longest first) and ends with
    light ones, which keep their order (a module's tests stay together on one worker)."""

    def seconds(item: pytest.Item) -> float:
        if item.nodeid in durations:
            return durations[item.nodeid]
        return HEAVY_SECONDS * 2 if item.nodeid.startswith(HEAVY) else 0.0

    heavy = sorted((item for item in items if seconds(item) >= HEAVY_SECONDS), key=seconds, reverse=True)
    chosen = {id(item) for item in heavy}
    light = [item for item in items if id(item) not in chosen]
    share = -(-len(light) // workers)  # ceiling: every light test in some slice
    return [
        item
        for worker in range(workers)
        for item in (*heavy[worker::workers], *light[worker * share : (worker + 1) * share])
    ]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist, each worker collects the same list and puts it in the same order (heavy_first):
    the slowest tests start first instead of leaving one worker busy while the others have finished."""
    workers = getattr(config, "workerinput", {}).get("workercount", 0)
    if workers > 1:
        cache = getattr(config, "cache", None)  # none with -p no:cacheprovider
        durations = cache.get(DURATIONS, {}) if cache is not None else {}
        items[:] = heavy_first(items, workers, durations)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Note each test's time (on the controller, which hears every worker's reports)."""
    if report.when == "call":
        _times[report.nodeid] = round(report.duration, 2)


_times: dict[str, float] = {}


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Keep the times of this run's tests, merged into those of the tests it did not run, for the next run's
    order. Not in a worker: its controller saves them once."""
    cache = getattr(session.config, "cache", None)
    if cache is None or not _times or hasattr(session.config, "workerinput"):
        return
    durations: dict[str, Any] = cache.get(DURATIONS, {})
    cache.set(DURATIONS, durations | _times)


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


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """The test process ends next, and what its tests left for the cycle collector (millions of objects of
    finished apps in a worker, the collector running as rarely as the table app's: widgets.long_lived) is the
    system's to reclaim, not the collector's: frozen, it is not walked again by the five collections pytest runs
    at exit to report late unraisable exceptions (3.4 s of CPU for one worker). Those raised during the tests
    are reported as they happen."""
    import gc

    gc.freeze()
