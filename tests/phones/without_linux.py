"""`python -m tests.phones.without_linux ARGS`: the program as `python -m scorer ARGS`, with what macOS and
Windows lack taken away first: os.fdatasync and the event loop's signal handlers (Windows' Proactor loop
raises NotImplementedError), so a test runs `host` as a Windows laptop would. os.O_NONBLOCK stays: filelock's
POSIX lock, which Windows does not use, needs it here (tests/unit/test_portable.py takes it away)."""

from __future__ import annotations

import asyncio
import os
import sys


def _no_signal_handlers(*args: object, **options: object) -> None:
    raise NotImplementedError


if __name__ == "__main__":
    del os.fdatasync
    asyncio.SelectorEventLoop.add_signal_handler = _no_signal_handlers  # type: ignore[method-assign]
    from widgets.launcher import main

    sys.exit(main())
