"""The one place that turns stored documents into bytes and back: compact UTF-8 JSON.

Compact (no spaces) keeps a 10,000-game file small enough to rewrite on every save; non-ASCII names stay
readable in the file. Text that cannot be UTF-8 (a lone surrogate from a "\\ud800" escape) is refused here.
"""

from __future__ import annotations

import json
from typing import Any

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def dumps(value: Any) -> bytes:
    return _ENCODER.encode(value).encode("utf-8")


def loads(data: bytes | memoryview) -> Any:
    return json.loads(data if isinstance(data, bytes) else bytes(data))
