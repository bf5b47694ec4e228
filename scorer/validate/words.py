"""Words the record checks share: an age, "A or B", the names closest to a mistyped one."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any

from scorer.catalog import fold
from scorer.i18n import local_name, t


def age_words(age: int) -> str:
    """'Age II' / 'Era II': an age as the rulebook of the interface's language names it."""
    return t("validate.age", numeral="I" * age)


def age_path(age: int) -> str:
    """'ages[Age II]': the record path's form of an age, the same in every language (a machine form)."""
    return f"ages[Age {'I' * age}]"


def either(names: Sequence[str]) -> str:
    """'Cid or Dee', 'Ann, Bob or Cid' in the interface's language."""
    if len(names) < 2:
        return "".join(names)
    return t("validate.either", first=", ".join(names[:-1]), last=names[-1])


def suggest(text: str, value: str, options: Iterable[str]) -> str:
    """`text`, with the names closest to `value` offered when there are some (any language's name matches,
    whatever the case and accents typed)."""
    by_key = {fold(option): option for option in reversed(list(options))}  # the first listed name wins
    close = difflib.get_close_matches(fold(value), list(by_key), n=3, cutoff=0.6)
    return t("validate.suggested", text=text, names=", ".join(repr(by_key[c]) for c in close)) if close else text


def both_names(items: Iterable[Any]) -> list[str]:
    """Every name a table may type for these items: the interface's language first, then the other."""
    items = list(items)
    return [local_name(item) for item in items] + [name for item in items for name in (item.en, item.pt) if name]
