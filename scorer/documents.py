"""Reading a JSON document a person points at (`score FILE`, `import FILE`, the History screen's import):
bounded, so no file can hang the program, exhaust its memory or its stack.

Only a regular file is read: it is checked with stat before it is opened (a FIFO would wait for a writer,
/dev/zero never ends), opened with O_NONBLOCK where the system has one (should it become a FIFO in between;
Windows has none, and no FIFO there opens by a path stat called regular) and checked again on the open
descriptor. At most MAX_BYTES are read. A 10,000-game export bundle of 7-player Leaders + Armada games
(benchmarks/history.py's generator, examples/leaders-armada-7p.json) is 50.6 MiB: 128 MiB is far above any
table's real history. A record nests 7 levels deep and a bundle 9: MAX_DEPTH refuses anything deeper before
the JSON Schema, json.dumps or copy.deepcopy could recurse through it.
"""

from __future__ import annotations

import json
import os
import stat
from typing import Any, BinaryIO

from scorer.errors import InputError
from scorer.i18n import t
from scorer.portable import open_flags

MAX_BYTES = 128 * 1024 * 1024
MAX_DEPTH = 32
MAX_DIGITS = 100  # far past any number a game holds (3 digits): the validation words those; short of what int() refuses


def size_words(count: int) -> str:
    """'128 MiB', '1 KiB': a size limit as a person reads it."""
    for unit, size in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if count >= size:
            return f"{count / size:g} {unit}"
    return f"{count} B"


def read_file(path: str | os.PathLike[str], field: str, value: Any) -> bytes:
    """The bytes of the regular file at `path`, at most MAX_BYTES of them, else an InputError on `field`.
    An OSError (missing, unreadable) is left to the caller, which words it for its command."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise InputError(field, value, t("documents.regular"))
    descriptor = os.open(path, os.O_RDONLY | open_flags("O_NONBLOCK"))
    with os.fdopen(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise InputError(field, value, t("documents.regular"))
        return read_stream(handle, field, value)


def read_stream(handle: BinaryIO, field: str, value: Any) -> bytes:
    """At most MAX_BYTES from `handle` (standard input too), else an InputError saying the limit."""
    data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise InputError(field, value, t("documents.too_big", limit=size_words(MAX_BYTES)))
    return data


def parse(text: str | bytes, field: str, value: Any) -> Any:
    """The parsed JSON document; json.JSONDecodeError is left to the caller (it words where the text is
    wrong), nesting deeper than MAX_DEPTH is an InputError."""
    try:
        data = json.loads(text, parse_int=_whole)
    except RecursionError:  # json itself gives up near Python's recursion limit (about 1,000 levels)
        raise InputError(field, value, t("documents.too_deep", most=MAX_DEPTH)) from None
    except _TooManyDigits as error:
        raise InputError(field, value, t("documents.too_many_digits", count=error.count, most=MAX_DIGITS)) from None
    if _depth(data) > MAX_DEPTH:
        raise InputError(field, value, t("documents.too_deep", most=MAX_DEPTH))
    return data


def _whole(digits: str) -> int:
    """A JSON integer, refused past MAX_DIGITS: Python will not even read one of 4,300 digits (ValueError), and
    no number of a game comes near 20. The refusal reaches the caller's InputError as a ValueError's would not."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _TooManyDigits(len(digits.lstrip("-")))
    return int(digits)


class _TooManyDigits(Exception):
    def __init__(self, count: int) -> None:
        self.count = count


def _depth(data: Any) -> int:
    """How many arrays and objects deep `data` nests, one level at a time without recursion (it stops past
    MAX_DEPTH): for the 50 MiB bundle above, a fifth of the time json.loads takes to read it (1.5 s, 7 s)."""
    level, depth = [data], 0
    while depth <= MAX_DEPTH:
        level = [node for node in level if isinstance(node, (dict, list))]
        if not level:
            break
        depth += 1
        level = [child for node in level for child in (node.values() if isinstance(node, dict) else node)]
    return depth
