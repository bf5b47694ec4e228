"""A Ruling says why a number is what it is: the rule that decided it, in one line, with the rulebook quoted.

Every result the rules engine returns carries Rulings, so the table can settle an argument by reading the
rule rather than trusting the app. The quotes live in rules_data/rulings.toml (one home per rule), in
English and in the Brazilian edition's words.

A Ruling is written in the language current when it is made: the summary, the quote and its source all
at once. The engine runs when a screen or a command shows its result, so that is the language the table
reads; a result kept across a change of language is simply computed again.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

from scorer.i18n import current_language, t


class Ruling(NamedTuple):
    """One application of a rule: which rule (id), what it decided here (summary), and the rule's text.

    A NamedTuple rather than a frozen dataclass: a full sheet makes about a hundred of these and a
    tuple is several times cheaper to build, which keeps scoring an 8-player sheet under a millisecond.
    """

    rule_id: str
    summary: str
    quote: str
    source: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule_id, "summary": self.summary, "quote": self.quote, "source": self.source}


@cache
def _quotes() -> dict[str, dict[str, Any]]:
    with resources.files("rules_data").joinpath("rulings.toml").open("rb") as handle:
        return tomllib.load(handle)["rule"]


def ruling(rule_id: str, summary: str) -> Ruling:
    """Build a Ruling for `rule_id` with `summary` (already in the current language), quoting the rulebook
    text stored for it in the current language.

    An unknown rule id is a programming error (every rule the engine applies must be quoted), so it raises.
    """
    entry = _quotes()[rule_id]
    if current_language() == "pt":
        return Ruling(rule_id, summary, entry["quote_pt"], entry["source_pt"])
    return Ruling(rule_id, summary, entry["quote"], entry["source"])


def age_name(age: int) -> str:
    """'Age I', 'Age II', 'Age III' / 'Era I', 'Era II', 'Era III', as the rulebooks write it."""
    return t("rules.age", numeral="I" * age)
