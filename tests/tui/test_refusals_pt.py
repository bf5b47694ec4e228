"""Refusals reach the table in Portuguese: a value the rules refuse where it is typed, a damaged history on the
screen that offers a fresh file (80x24)."""

from __future__ import annotations

from pathlib import Path

from scorer.flow import Step
from tests.tui.conftest import TODAY, example, start_at, without_age
from widgets.app import WondersApp


async def test_a_card_built_twice_is_not_accepted_and_says_why_in_portuguese(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        start_at(app, without_age(example("base-3p.json"), 2, 3), Step("age", 2))
        await pilot.pause()
        entry = {"age": 2, "players": {"Bob": {"cards": ["Prensa"]}}}
        assert app.screen.apply(lambda data: data["ages"].append(entry)) is False
        await pilot.pause()
        assert (
            "carta 1 de Bob na Era II: 'Prensa' não é permitido; Bob já construiu Prensa na Era I; uma cidade "
            "nunca tem duas cartas com o mesmo nome"
        ) in [n.message for n in app._notifications]
        assert 2 not in app.session.record.ages  # nothing half-applied


async def test_a_damaged_history_says_why_in_portuguese_and_is_not_changed(tmp_path: Path, portuguese):
    path = tmp_path / "history.json"
    path.write_bytes(b"")
    app = WondersApp(path, today=TODAY)
    async with app.run_test(size=(80, 24)):
        text = str(app.screen.query_one("#problem").render())
        assert f"{path}: o arquivo está vazio; o arquivo não foi alterado" in text
    assert path.read_bytes() == b""
