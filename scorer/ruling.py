"""A Ruling says why a number is what it is: the rule that decided it, in one line, with the rulebook quoted.

Every result the rules engine returns carries Rulings, so the table can settle an argument by reading the
rule rather than trusting the app. The quotes live in rules_data/rulings.toml (one home per rule), in
English and in the Brazilian edition's words.

A Ruling is data: the rule, what it decided as words with their figures (scorer.words), and the players it is
about. It is worded when shown — summary, quote and source alike, in the language current then — so scoring
builds no sentence, and a screen that asks "does this ruling concern Ana?" reads `players`, not the text.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any, NamedTuple

from scorer.i18n import current_language, t
from scorer.words import Wording, Words


class Ruling(NamedTuple):
    """One application of a rule: which rule (id), what it decided here (words), whom it concerns (players).

    A NamedTuple rather than a frozen dataclass: a full sheet makes about a hundred of these and a
    tuple is several times cheaper to build, which keeps scoring an 8-player sheet fast.
    """

    rule_id: str
    words: Wording
    players: tuple[str, ...] = ()

    @property
    def summary(self) -> str:
        """What the rule decided here, in one line of the current language."""
        return str(self.words)

    @property
    def quote(self) -> str:
        """The rulebook's text of the rule, in the current language."""
        return _quotes()[self.rule_id]["quote_pt" if current_language() == "pt" else "quote"]

    @property
    def source(self) -> str:
        """Where the quote is printed, in the current language; for an adopted ruling, the rules reference's
        section and that the text is the app's own, so nobody takes it for a rulebook's words."""
        entry = _quotes()[self.rule_id]
        source = entry["source_pt" if current_language() == "pt" else "source"]
        return t("rules.adopted", source=source) if entry.get("adopted") else source

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule_id, "summary": self.summary, "quote": self.quote, "source": self.source}


TEXTS = ("source", "source_pt", "quote", "quote_pt")  # every rule's, in both languages
FLAGS = ("adopted",)  # true: no rulebook prints it; the text is the app's own ruling (rules-reference.md)


@cache
def _quotes() -> dict[str, dict[str, Any]]:
    from scorer.catalog import data_file

    with open(data_file("rulings.toml"), "rb") as handle:
        return checked_rulings(tomllib.load(handle)["rule"])


def checked_rulings(rules: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """rules_data/rulings.toml's rules, checked as scorer.catalog checks the other data files: a field the
    program does not know, a missing text or a flag that is not true/false is refused when loading (a table's
    own edit of the file, or a typo, would otherwise show a blank quote or pass an adopted ruling off as a
    rulebook's)."""
    from scorer.catalog import CatalogError

    for rule_id, entry in rules.items():
        where = f"rulings.toml {rule_id}"
        for name, value in entry.items():
            if name not in TEXTS and name not in FLAGS:
                raise CatalogError(t("catalog.unknown_field", where=where, name=repr(name)))
            if name in FLAGS and not isinstance(value, bool):
                raise CatalogError(t("catalog.not_a_flag", where=where, name=name))
        for name in TEXTS:
            if not isinstance(entry.get(name), str) or not entry[name].strip():
                raise CatalogError(t("catalog.missing_field", where=where, field=name))
    return rules


def ruling(rule_id: str, words: Wording, players: tuple[str, ...] = ()) -> Ruling:
    """A Ruling for `rule_id`, saying `words` about `players` (the players it names, if any).

    An unknown rule id is a programming error (every rule the engine applies must be quoted), so it raises
    here, where the rule is applied, rather than when somebody opens it.
    """
    if rule_id not in _quotes():
        raise KeyError(rule_id)
    return Ruling(rule_id, words, players)


def age_name(age: int) -> str:
    """'Age I', 'Age II', 'Age III' / 'Era I', 'Era II', 'Era III', as the rulebooks write it."""
    return t("rules.age", numeral="I" * age)


@cache
def era(age: int) -> Words:
    """An age's name as words, for a ruling that names it (worded with the ruling: see age_name); one value per
    age, made once."""
    return Words("rules.age", {"numeral": "I" * age})
