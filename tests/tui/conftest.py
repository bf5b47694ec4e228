"""Fixtures for driving the table app with Textual's Pilot: a fresh history per test, a fixed date, and
games started directly at any step from the example records."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.await_complete import AwaitComplete
from textual.widgets import Input

from scorer.flow import Step
from scorer.validate import load_record
from widgets.app import WondersApp

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TODAY = date(2026, 11, 27)


def example(name: str) -> dict[str, Any]:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _still_cursors(monkeypatch: pytest.MonkeyPatch) -> None:
    """No box's cursor blinks in these tests: a blink's phase when a snapshot is taken depends on how busy the
    machine is (each test used to stop the blink of the boxes it knew about)."""
    monkeypatch.setattr(Input.__dict__["cursor_blink"], "_default", False)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "history.json"


@pytest.fixture
def make_app(db_path: Path) -> Callable[[], WondersApp]:
    def make() -> WondersApp:
        return WondersApp(db_path, today=TODAY)

    return make


def start_at(app: WondersApp, data: dict[str, Any], step: Step, player: str | None = None) -> None:
    """Begin entering `data` at `step`, as if the table had walked there (call inside run_test)."""
    data = dict(data)
    data["status"] = "in_progress"
    data["progress"] = step.to_dict() | ({"player": player} if player else {})
    app.start_game(load_record(data))


def without_age(data: dict[str, Any], *ages: int) -> dict[str, Any]:
    """The example with these ages (and the end, if age 3 goes) not entered yet."""
    data = json.loads(json.dumps(data))
    data["ages"] = [a for a in data["ages"] if a["age"] not in ages]
    if 3 in ages:
        data["end"] = {}
    return data


def steps_shown(monkeypatch: pytest.MonkeyPatch, app: WondersApp) -> list[Step]:
    """Keep the app on the screen it shows and list each step it is asked to show instead (show_step's
    result is awaited by ctrl+n: an awaitable already done)."""
    shown: list[Step] = []

    def note() -> AwaitComplete:
        assert app.session is not None
        shown.append(app.session.step)
        return AwaitComplete.nothing()

    monkeypatch.setattr(app, "show_step", note)
    return shown


def burst(app: WondersApp, *keys: str) -> None:
    """Queue `keys` at the app in one go, as a terminal delivers what a fast typist typed in one read (or
    what a paste sent without bracketed paste); the caller then waits for the outcome."""
    for key in keys:
        char = {"enter": "\r", "space": " ", "tab": "\t"}.get(key, key if len(key) == 1 else None)
        event = events.Key("space" if key == " " else key, char)
        event.set_sender(app)
        app.post_message(event)


async def settle(pilot: Any, most: int = 500) -> None:
    """Wait until the app and every widget on its screen have handled every message, including those their
    handling posted (a burst's keys forwarded to the focused box, keys bubbling up to bindings, Changed
    reports). Pilot's pause waits for one round of messages and then for the process to look idle, which a
    busy machine fakes (a process waiting for a core spends no CPU time), so a test could read the screen
    before the keys were handled. Bounded: a screen that never settles fails the test."""
    app = pilot.app
    for _ in range(most):
        await pilot.pause()
        if all(pump.message_queue_size == 0 for pump in (app, *app.screen.walk_children(with_self=True))):
            return
    raise AssertionError(f"{app.screen} still handling messages after {most} rounds")
