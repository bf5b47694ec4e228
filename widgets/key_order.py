"""Screen keys that act in turn with the keys typed before them, however they arrive (the widgets that take
their own keys in turn are in widgets/in_turn.py).

A fast typist on a busy machine, or a paste, delivers many keys in one read. The app hands each key to the
focused widget's queue as it reads it, but runs a priority binding (the age screen's PgDn) at once: in
`barr⏎ PgDn theat⏎` the page moved on before the picker had even read `barr⏎`, so the card went to the
next player. A binding that changes what the keys behind it act on (the player on screen) first waits with
`keys_handled` until the screen has handled every key read before it and every message those keys posted (a
pick, a stage, a typed number, each bubbling up to the screen); the app reads the keys behind it only after.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.screen import Screen

from widgets.compat import active_message_pump

# A widget still busy this long (waiting on a dialog, say) does not hold the binding back for good.
PATIENCE = 5.0


async def keys_handled(screen: Screen[Any], rounds: int = 100) -> None:
    """Return once `screen` and every widget on it have handled all they were sent, including what their
    handling posted on (each round waits for the end of every queue, then looks for messages posted since)."""
    current = active_message_pump.get(None)
    for _ in range(rounds):
        pumps = [pump for pump in screen.walk_children(with_self=True) if pump is not current and pump.is_running]
        if not pumps:
            return
        done = [asyncio.Event() for _ in pumps]
        for pump, event in zip(pumps, done):
            if not pump.call_later(event.set):
                event.set()
        _, late = await asyncio.wait([asyncio.create_task(event.wait()) for event in done], timeout=PATIENCE)
        for task in late:
            task.cancel()
        if late or all(pump.message_queue_size == 0 for pump in pumps):
            return
