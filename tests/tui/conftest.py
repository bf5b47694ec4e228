"""Fixtures for driving the table app with Textual's Pilot: a fresh history per test, a fixed date, and no
blinking cursor. The helpers that drive the screens live in tests/tui/driver.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from scorer.flow import Step
from tests.tui import headless
from tests.tui.driver import TODAY, in_progress
from widgets.app import WondersApp


@pytest.fixture(autouse=True)
def _still_cursors(monkeypatch: pytest.MonkeyPatch) -> None:
    """No box's cursor blinks in these tests: a blink's phase when a snapshot is taken depends on how busy the
    machine is (each test used to stop the blink of the boxes it knew about)."""
    monkeypatch.setattr(Input.__dict__["cursor_blink"], "_default", False)


@pytest.fixture(autouse=True)
def _headless(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app under test parses its stylesheet once a process and renders no frame nobody sees, unless the
    test is about frames (marked `frames`): see tests/tui/headless.py."""
    headless.parsed_once(monkeypatch)
    if request.node.get_closest_marker("frames") is None:
        headless.unseen_frames(monkeypatch)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "history.json"


@pytest.fixture
def make_app(db_path: Path) -> Callable[..., WondersApp]:
    """A new table app on the test's history; given a game (`data`, `step`, `player`), opened at that step of
    it, as if the table had walked there, without making home first."""

    def make(data: dict[str, Any] | None = None, step: Step | None = None, player: str | None = None) -> WondersApp:
        start = in_progress(data, step, player) if data is not None and step is not None else None
        return WondersApp(db_path, today=TODAY, start=start)

    return make
