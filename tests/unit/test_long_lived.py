"""widgets.long_lived: the heap is frozen while any screen holds it, and given back to the cycle collector
when the last one lets go, so cyclic garbage frozen meanwhile is still reclaimed (no leak)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from widgets import long_lived


class Cycle:
    """An object that only the cycle collector can free: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    long_lived._holders.clear()
    gc.unfreeze()


def test_frozen_while_any_holder_holds_it() -> None:
    first, second = object(), object()
    long_lived.freeze(first)
    long_lived.freeze(second)
    assert gc.get_freeze_count() > 0
    long_lived.release(first)
    assert gc.get_freeze_count() > 0
    long_lived.release(second)
    assert gc.get_freeze_count() == 0


def test_freezing_again_adds_what_was_made_since() -> None:
    holder = object()
    long_lived.freeze(holder)
    before = gc.get_freeze_count()
    made = [[n] for n in range(1000)]  # lists are tracked by the collector
    long_lived.freeze(holder)
    assert gc.get_freeze_count() >= before + len(made)


def test_garbage_frozen_is_collected_after_the_last_release() -> None:
    holder = object()
    cycle = Cycle()
    gone = weakref.ref(cycle)
    long_lived.freeze(holder)
    del cycle
    gc.collect()
    assert gone() is not None  # frozen: collections skip it
    long_lived.release(holder)
    gc.collect()
    assert gone() is None


def test_releasing_twice_or_unknown_holders_is_harmless() -> None:
    holder = object()
    long_lived.release(holder)
    long_lived.freeze(holder)
    long_lived.release(holder)
    long_lived.release(holder)
    assert gc.get_freeze_count() == 0


def test_the_table_app_collects_at_its_own_thresholds(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """Starting the table app sets the collector's thresholds for the whole process (the test puts back the
    ones it found)."""
    from widgets import app

    monkeypatch.setattr(app.WondersApp, "run", lambda self: None)
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        app.run(tmp_path / "history.json")
        assert gc.get_threshold() == long_lived.THRESHOLDS
    finally:
        gc.set_threshold(*before)
