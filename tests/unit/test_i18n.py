"""Choosing the language (--lang, environment, Settings, system) and looking words up in the catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer import i18n
from scorer.i18n import LanguageChoice, choose_language, normalise, set_language, system_language, t, tn


@pytest.fixture(autouse=True)
def _clean_language(monkeypatch: pytest.MonkeyPatch):
    for variable in (i18n.ENV_VAR, "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("pt", "pt"),
        ("PT-br", "pt"),
        ("pt_BR.UTF-8", "pt"),
        ("português", "pt"),
        ("en", "en"),
        ("en_US", "en"),
        ("English", "en"),
        ("fr", None),
        ("", None),
    ],
)
def test_language_names_people_type_are_understood(text: str, language: str | None):
    assert normalise(text) == language


def test_the_order_is_command_line_environment_settings_then_system(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    assert choose_language(None, None) == LanguageChoice("pt", "system")
    assert choose_language(None, "en") == LanguageChoice("en", "settings")
    monkeypatch.setenv(i18n.ENV_VAR, "pt")
    assert choose_language(None, "en") == LanguageChoice("pt", "WONDERS_SCORER_LANG")
    assert choose_language("en", "pt") == LanguageChoice("en", "--lang")
    monkeypatch.setenv(i18n.ENV_VAR, "klingon")  # a wrong value is skipped: the next source decides
    assert choose_language(None, "en") == LanguageChoice("en", "settings")


@pytest.mark.parametrize(
    ("variables", "language"),
    [
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANG": "pt_PT"}, "pt"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "en_GB", "LANG": "pt_BR"}, "en"),
        ({"LANGUAGE": "pt_BR:en"}, "pt"),
        ({"LANG": "C"}, "en"),
    ],
)
def test_the_system_locale_gives_portuguese_for_any_pt_locale(monkeypatch: pytest.MonkeyPatch, variables, language):
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert system_language() == language


@pytest.mark.parametrize("found", ["Portuguese_Brazil", "Portuguese_Portugal"])
def test_a_windows_system_locale_gives_portuguese_too(monkeypatch: pytest.MonkeyPatch, found):
    """Windows sets none of the variables, and names its locale in words: ('Portuguese_Brazil', '1252')
    (English ones, 'English_United States', already gave English as any locale not Portuguese does)."""
    for variable in i18n._LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (found, "1252"))
    assert system_language() == "pt"


def test_words_come_from_the_current_language_with_english_as_the_fallback(monkeypatch: pytest.MonkeyPatch):
    books = {
        ("en", "demo"): {
            "hello": "Hello, {name}!",
            "games": {"one": "{count} game", "other": "{count} games"},
            "only": "English",
        },
        ("pt", "demo"): {"hello": "Olá, {name}!", "games": {"one": "{count} partida", "other": "{count} partidas"}},
    }
    monkeypatch.setattr(i18n, "catalogue", lambda language, module: books.get((language, module), {}))
    i18n._lookup.cache_clear()  # texts looked up before came from the real catalogue
    assert t("demo.hello", name="Ann") == "Hello, Ann!"
    set_language("pt")
    assert t("demo.hello", name="Ana") == "Olá, Ana!"
    assert (tn("demo.games", 1), tn("demo.games", 3)) == ("1 partida", "3 partidas")
    assert t("demo.only") == "English"
    with pytest.raises(KeyError):
        t("demo.nothing")
    with pytest.raises(ValueError):
        set_language("fr")
    i18n._lookup.cache_clear()  # leave no demo text behind


def test_places_and_numbers_are_written_as_each_language_writes_them():
    from scorer.i18n import decimal, ordinal, percent, whole

    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
    ]
    assert (decimal(58.25, 1), decimal(1234.5, 2), whole(10000), percent(2 / 3)) == (
        "58.2",
        "1,234.50",
        "10,000",
        "67%",
    )
    set_language("pt")
    assert [ordinal(n) for n in (1, 2, 11)] == ["1º", "2º", "11º"]
    assert (decimal(58.25, 1), decimal(1234.5, 2), whole(10000)) == ("58,2", "1.234,50", "10.000")


def test_names_of_game_pieces_follow_the_language():
    from scorer.catalog import load_catalog
    from scorer.i18n import local_name

    port = load_catalog().island("Forgotten Port")
    assert local_name(port) == "Forgotten Port"
    set_language("pt")
    assert local_name(port) == "Porto Esquecido"


def test_the_catalogue_is_read_from_the_files_beside_the_module():
    """A plain path (no importlib.resources at start): every file listed is one of scorer/locales/<language>."""
    folder = Path(i18n.__file__).parent / "locales"
    assert folder == i18n.LOCALES
    for language in i18n.LANGUAGES:
        assert i18n.catalogue_files(language) == sorted(path.stem for path in (folder / language).glob("*.toml"))
    assert i18n.catalogue("en", "home")["tagline"] and i18n.catalogue("en", "no-such-file") == {}
