"""Fixtures for driving the table app with Textual's Pilot: a fresh history per test, a fixed date, and no
blinking cursor. The helpers that drive the screens live in tests/tui/driver.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input

from tests.tui import headless
from tests.tui.driver import TODAY
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
def make_app(db_path: Path) -> Callable[[], WondersApp]:
    def make() -> WondersApp:
        return WondersApp(db_path, today=TODAY)

    return make
