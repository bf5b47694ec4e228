"""The interface catalogue: every key in both languages, with the same {placeholders}, none left empty."""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any

import pytest

from scorer.i18n import LANGUAGES, catalogue, catalogue_files


def flat(table: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    for key, value in table.items():
        if isinstance(value, dict):
            yield from flat(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_both_languages_have_the_same_files():
    assert catalogue_files("en") == catalogue_files("pt")
    assert set(LANGUAGES) == {"en", "pt"}


@pytest.mark.parametrize("module", catalogue_files("en"))
def test_every_key_exists_in_both_languages_with_the_same_placeholders(module: str):
    english, portuguese = dict(flat(catalogue("en", module))), dict(flat(catalogue("pt", module)))
    assert sorted(set(english) - set(portuguese)) == [], f"{module}: missing in Portuguese"
    assert sorted(set(portuguese) - set(english)) == [], f"{module}: missing in English"
    for key, text in english.items():
        assert isinstance(text, str) and text.strip(), f"{module}.{key}: empty in English"
        assert isinstance(portuguese[key], str) and portuguese[key].strip(), f"{module}.{key}: empty in Portuguese"
        assert placeholders(text) == placeholders(portuguese[key]), f"{module}.{key}: placeholders differ"


@pytest.mark.parametrize("language", ["en", "pt"])
def test_everything_a_card_may_count_has_words_in_both_languages(language):
    """A new count (catalog.COUNTABLES) is worded in the sheet's accounts ("2 × wonder stage …"): without its
    words a cell's explanation would show a key instead."""
    from scorer.catalog import COLOURS, COUNTABLES
    from scorer.i18n import speaking, t

    with speaking(language):
        for thing in (*COLOURS, *COUNTABLES):
            words = t(f"rules.counting.thing.{thing}")
            assert words and "rules.counting" not in words, thing


def test_no_text_hedges_a_plural_with_s_in_brackets():
    """Issue 31 item 6: "1 coins", "tied with 1 other(s)": a count is worded with its key's one/other forms
    (scorer.i18n.tn), never a "(s)" that reads wrong either way."""
    from pathlib import Path

    locales = Path(__file__).resolve().parents[2] / "scorer" / "locales"
    hedged = [
        f"{path.relative_to(locales)}:{n}"
        for path in sorted(locales.glob("*/*.toml"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if not line.lstrip().startswith("#") and any(mark in line for mark in ("(s)", "(es)", "(as)", "(os)"))
    ]
    assert hedged == []
