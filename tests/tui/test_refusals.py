"""Refusals reach the table in its language: a value the rules refuse where it is typed, a damaged history on
the screen that offers a fresh file (80x24)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.flow import Step
from scorer.i18n import set_language
from tests.records import example, without_age
from tests.tui.driver import TODAY, notifications, settle
from widgets.app import WondersApp

BUILT_TWICE = {
    "en": (
        "Bob's card 1 in Age II: 'Prensa' is not allowed; Bob already built Press in Age I; a city never holds "
        "two cards of the same name"
    ),
    "pt": (
        "carta 1 de Bob na Era II: 'Prensa' não é permitido; Bob já construiu Prensa na Era I; uma cidade "
        "nunca tem duas cartas com o mesmo nome"
    ),
}
EMPTY_FILE = {
    "en": "{path}: the file is empty; the file was not changed",
    "pt": "{path}: o arquivo está vazio; o arquivo não foi alterado",
}


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_a_card_built_twice_is_not_accepted_and_says_why(make_app, language):
    set_language(language)
    app = make_app(without_age(example("base-3p.json"), 2, 3), Step("age", 2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        entry = {"age": 2, "players": {"Bob": {"cards": ["Prensa"]}}}  # the Portuguese name of Press
        assert app.screen.apply(lambda data: data["ages"].append(entry)) is False
        await settle(pilot)
        assert BUILT_TWICE[language] in notifications(app)
        assert 2 not in app.session.record.ages  # nothing half-applied


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_a_damaged_history_says_why_and_is_not_changed(tmp_path: Path, language):
    set_language(language)
    path = tmp_path / "history.json"
    path.write_bytes(b"")
    app = WondersApp(path, today=TODAY)
    async with app.run_test(size=(80, 24)):
        text = str(app.screen.query_one("#problem").render())
        assert EMPTY_FILE[language].format(path=path) in text
    assert path.read_bytes() == b""
