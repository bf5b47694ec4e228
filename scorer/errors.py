"""InputError: a value from a user, a file or the command line that the rules cannot accept.

It always names the field, the value and what is allowed, so the message alone tells a person what to fix.
"""

from __future__ import annotations

from typing import Any


class InputError(ValueError):
    def __init__(self, field: str, value: Any, allowed: str) -> None:
        self.field = field
        self.value = value
        self.allowed = allowed
        what = "nothing entered" if value is None else f"{value!r} is not allowed"
        super().__init__(f"{field}: {what}; {allowed}")
