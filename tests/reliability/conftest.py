"""Reliability tests: writers killed mid-save, writers racing, damaged files. Part of the normal suite
(marked `reliability`, so `-m "not reliability"` leaves them out) and kept to seconds.

Writers are forked from the test process rather than started afresh: a fresh interpreter needs ~0.2 s to
import the app, which over two hundred rounds would be most of the suite's time, and a fork dies by
SIGKILL just the same. POSIX only, like SIGKILL itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from history_writers import new_game, start_writer

from scorer.history.summary import rules_fingerprint
from scorer.rules.sheet import score_game


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "reliability: crash, concurrency and damaged-file tests of the history store")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.reliability)


@pytest.fixture
def fork_writer() -> Callable[..., tuple[int, int]]:
    """history_writers.start_writer, with the catalogue loaded first so that every writer saves at once."""
    if not hasattr(os, "fork"):
        pytest.skip("needs fork() and SIGKILL (POSIX)")
    score_game(new_game())
    rules_fingerprint()
    return start_writer
