"""The interface's words in English and Brazilian Portuguese: a small keyed catalogue of ours.

Why not gettext: the catalogue must be checked whole by a test (every key in both languages, the same
{placeholders} on both sides) and edited by a table's own players, and TOML files read with the standard
library do both without a compile step. Keys are "<file>.<name>": `t("home.new_game")` reads `new_game`
from scorer/locales/<language>/home.toml, so each module's words sit in one file per language and two
people translating different screens never edit the same file.

Which language: `--lang en|pt`, else $WONDERS_SCORER_LANG, else the one saved in Settings, else the system
locale (Portuguese for any pt_* locale, English otherwise). That is the table's language (`set_language`);
a phone at the table may read its own (`speaking`): the current language is a context variable whose
default is the table's, set only around the handling of one phone's request, so the words of a request in
Portuguese never leak into the table's screens in English (asyncio runs each request in its own context).
Card, leader, wonder and island names are not here: the catalogue of game data (rules_data/) holds them in
both languages.
"""

from __future__ import annotations

import locale
import os
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

LANGUAGES = {"en": "English", "pt": "Português (Brasil)"}
DEFAULT = "en"
ENV_VAR = "WONDERS_SCORER_LANG"
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
# The catalogue's files, beside this module (the package is installed as files, never zipped): a plain path
# rather than importlib.resources, whose readers the first screen would wait on for a few milliseconds.
LOCALES = Path(__file__).parent / "locales"

_table = DEFAULT  # the table's language: what set_language chose
_spoken: ContextVar[str | None] = ContextVar("language", default=None)  # a phone's own, while it is answered


class LanguageChoice(NamedTuple):
    language: str
    source: str  # "--lang", "WONDERS_SCORER_LANG", "settings" or "system": what Settings explains


def normalise(text: str) -> str | None:
    """'pt', 'PT-br', 'pt_BR.UTF-8', 'português', 'en_US' -> 'pt' / 'en'; None when it is neither. Windows
    names its locale in English words: 'Portuguese_Brazil', 'English_United States'."""
    word = text.strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    words = {"en": "en", "english": "en", "pt": "pt", "portugues": "pt", "português": "pt", "portuguese": "pt"}
    return words.get(word)


def system_language() -> str:
    """Portuguese on a pt_* system locale, else English (the variables first: they are what the user set)."""
    for variable in _LOCALE_VARIABLES:
        value = os.environ.get(variable, "")
        for part in value.split(":"):  # LANGUAGE may list several: "pt_BR:en"
            if part and part not in ("C", "POSIX"):
                return "pt" if normalise(part) == "pt" else DEFAULT
    found = locale.getlocale()[0] or ""
    return "pt" if normalise(found) == "pt" else DEFAULT


def choose_language(cli_value: str | None, saved: str | None) -> LanguageChoice:
    """The language to use and what chose it. A wrong --lang is refused by the CLI before this; a wrong
    environment value or saved value is skipped (the next source decides)."""
    if cli_value:
        chosen = normalise(cli_value)
        if chosen:
            return LanguageChoice(chosen, "--lang")
    environment = normalise(os.environ.get(ENV_VAR, ""))
    if environment:
        return LanguageChoice(environment, ENV_VAR)
    if saved and normalise(saved):
        return LanguageChoice(normalise(saved) or DEFAULT, "settings")
    return LanguageChoice(system_language(), "system")


def set_language(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"language {language!r}: one of {', '.join(LANGUAGES)}")
    global _table
    _table = language


def current_language() -> str:
    """The language words are said in now: the phone's being answered, else the table's."""
    return _spoken.get() or _table


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Say every word in `language` inside this block, in this context only (one phone's request): the
    table's language, and any other request's, stay as they are."""
    if language not in LANGUAGES:
        raise ValueError(f"language {language!r}: one of {', '.join(LANGUAGES)}")
    token = _spoken.set(language)
    try:
        yield
    finally:
        _spoken.reset(token)


def t(key: str, /, **params: Any) -> str:
    """The text of `key` in the current language, with its {placeholders} filled.

    A key missing from the current language falls back to English (the parity test keeps that from
    happening in a release); a key missing from both is a programming error and raises KeyError.
    """
    text = _lookup(current_language(), key)
    if text is None:
        text = _lookup(DEFAULT, key)
    if text is None:
        raise KeyError(f"no text for {key!r}")
    return text.format(**params) if params else text


def tn(key: str, count: int, /, **params: Any) -> str:
    """The singular (`<key>.one`) or plural (`<key>.other`) text for `count`, with {count} filled in."""
    return t(f"{key}.{'one' if count == 1 else 'other'}", count=count, **params)


@cache
def _lookup(language: str, key: str) -> str | None:
    """Cached: a score sheet shown asks for a few hundred texts (its words, scorer/words.py), and the files do
    not change while the program runs; the language is part of the key."""
    module, _, name = key.partition(".")
    value: Any = catalogue(language, module)
    for part in name.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value if isinstance(value, str) else None


@cache
def catalogue(language: str, module: str) -> dict[str, Any]:
    """One file of one language's catalogue (empty when the file does not exist)."""
    resource = LOCALES / language / f"{module}.toml"
    if not resource.is_file():
        return {}
    return tomllib.loads(resource.read_text(encoding="utf-8"))


def local_name(item: Any) -> str:
    """A card's, leader's, wonder's or island's name in the current language (records keep English names,
    the catalogue of game data has both)."""
    return item.pt if current_language() == "pt" and getattr(item, "pt", None) else item.en


def catalogue_files(language: str) -> list[str]:
    """The files of a language's catalogue, for the parity test and for translators."""
    folder = LOCALES / language
    return sorted(entry.name.removesuffix(".toml") for entry in folder.iterdir() if entry.name.endswith(".toml"))


def ordinal(place: int) -> str:
    """A place as a score pad writes it: 1st, 2nd, 3rd, 4th … in English; 1º, 2º … in Portuguese."""
    if current_language() == "pt":
        return f"{place}º"
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def decimal(value: float, places: int = 1) -> str:
    """A number with `places` decimals, with the decimal comma in Portuguese (58,5) and the point in English."""
    text = f"{value:,.{places}f}"
    return text.translate(str.maketrans(",.", ".,")) if current_language() == "pt" else text


def whole(value: int) -> str:
    """A whole number with thousands grouped: 10,000 in English, 10.000 in Portuguese."""
    text = f"{value:,}"
    return text.replace(",", ".") if current_language() == "pt" else text


def percent(rate: float) -> str:
    """A rate (0..1) as a whole percentage: 67%."""
    return f"{round(rate * 100)}%"
