"""Words as data: what the rules engine says, kept as a catalogue key and the values that fill it.

The engine decides with numbers and names; a sentence is only how a screen or the CLI shows that decision.
So a Ruling, a sheet Cell's account lines and a Strength's parts hold these small values instead of text:
the figures stay readable as figures (a screen never parses them back out of a sentence, which a translation
could silently break), and nothing is worded while scoring — an 8-player sheet holds ~270 of them and most
are never read. `str()` words one in the language current when it is shown, nested values included.

Each is a NamedTuple: a sheet builds hundreds of them, and a tuple is the cheapest value Python builds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, Protocol, TypeAlias

from scorer.i18n import t, tn

NO_PARAMS: Mapping[str, Any] = {}


class Words(NamedTuple):
    """One catalogue text (`key`) with its {placeholders}' values; with `number`, the key's one/other form for
    that count, filled in as {count} (scorer.i18n.tn).

    A value may itself be words (an age's name, a list of symbols) or a card, leader, wonder or island
    (scorer.catalog.Named, shown as its name): it is worded with the rest.
    """

    key: str
    params: Mapping[str, Any] = NO_PARAMS
    number: int | None = None

    def __str__(self) -> str:
        if self.number is not None:
            return tn(self.key, self.number, **self.params)
        return t(self.key, **self.params)


class Joined(NamedTuple):
    """Parts worded one by one (formatted with `spec`: '+d' signs tokens) and joined by `sep`: '1 gear, 1 tablet',
    '+3, -1'."""

    parts: tuple[Any, ...]
    sep: str = ", "
    spec: str = ""

    def __str__(self) -> str:
        spec = self.spec
        return self.sep.join(format(part, spec) for part in self.parts) if spec else self.sep.join(map(str, self.parts))


class Formula(NamedTuple):
    """Text with no words of its own, the same in every language ('2 × green (Bob 7, Cid 5) = 24', 'Name: …'):
    a fixed template, worded with its values (which may be words) when shown."""

    template: str
    params: Mapping[str, Any] = NO_PARAMS

    def __str__(self) -> str:
        return self.template.format(**self.params)


class Said(Protocol):
    """Words worded by str() when shown: the values above, or a rule's own small record of figures that words
    itself (scorer.rules.counting.Count)."""

    def __str__(self) -> str: ...


Wording: TypeAlias = "str | Said"
"""Anything the engine says: a plain string (a player's name, a printed island name) or words worded when shown."""


def said(parts: tuple[Wording, ...]) -> tuple[str, ...]:
    """Several wordings worded now, in the current language (an account's lines, for a screen or a test)."""
    return tuple(map(str, parts))
