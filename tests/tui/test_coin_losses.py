"""The coins-lost helper reproduces the Armada rulebook's examples, typed as the table would."""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox, Input, Label, Select

from scorer.flow import Step
from scorer.ruling import age_name
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import footer, notifications, press, settle
from widgets import compat
from widgets.current_value import CurrentValue
from widgets.dialogs.ruling import RulingDialog
from widgets.screens.coin_losses import CoinLossDialog, open_coin_losses

SIZE = (80, 24)
NAMES = ["Paula", "Art", "Romeo", "Gabriel"]


def table(foggy_for: str | None = None) -> dict[str, Any]:
    """Four Armada players after Age I: Yellow ships on 6 (CL 3), 3 (CL 2), Start (CL 0) and 4 (CL 2)."""
    yellow = {"Paula": 6, "Art": 3, "Romeo": 0, "Gabriel": 4}
    wonders = {"Paula": "gizah", "Art": "rhodes", "Romeo": "babylon", "Gabriel": "ephesos"}
    age_one = {}
    for name in NAMES:
        entry: dict[str, Any] = {"cards": [], "ships": {"red": 0, "yellow": yellow[name], "blue": 0, "green": 0}}
        if name == foggy_for:
            entry["islands"] = ["Ilha Nebulosa"]
        age_one[name] = entry
    return {
        "schema": 1,
        "status": "in_progress",
        "expansions": ["armada"],
        "players": [{"name": n, "wonder": wonders[n], "side": "A"} for n in NAMES],
        "ages": [{"age": 1, "players": age_one}],
        "end": {},
    }


def why(dialog: CoinLossDialog) -> str:
    return str(dialog.query_one("#coin-rulings").render())


def lost(dialog: CoinLossDialog) -> dict[str, str]:
    return {name: str(dialog.query_one(f"#loss-{seat}", Label).render()) for seat, name in enumerate(NAMES)}


async def open_dialog(pilot, data: dict[str, Any], age: int = 2) -> CoinLossDialog:
    dialog = CoinLossDialog(load_record(data), age)
    await pilot.app.push_screen(dialog)
    await settle(pilot)
    return dialog


async def test_rulebook_tax_example_paula_4_art_2(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, table())
        levels = [dialog.query_one(f"#cl-{seat}", Input).value for seat in range(4)]
        assert levels == ["3", "2", "0", "2"]  # from the Yellow ships at the end of Age I
        assert dialog.focused is dialog.query_one("#tax-0", Select)
        await press(pilot, "enter", "down", "down", "down", "enter")  # Paula levies Tax 4, by keyboard
        dialog.query_one("#tax-1", Select).value = 2  # Art levies 2
        await settle(pilot)
        assert lost(dialog)["Paula"] == "0" and lost(dialog)["Art"] == "2" and lost(dialog)["Romeo"] == "4"
        summaries = why(dialog)
        assert "Art: Tax 4 (by Paula) minus Commercial Level 2 = 2." in summaries
        assert "Paula never pays their own Tax of 4." in summaries
        assert "only the highest" in summaries


async def test_pirates_gabriel_with_level_2_loses_2_and_new_turn_clears(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, table())
        dialog.query_one("#tax-0", Select).value = 4
        await settle(pilot)
        await press(pilot, "ctrl+t")  # next turn: taxes and pirates cleared
        assert set(lost(dialog).values()) == {"0"}
        dialog.query_one("#pirates-0", Input).focus()
        await press(pilot, "1")  # Paula plays a pirate card
        assert lost(dialog) == {"Paula": "0", "Art": "2", "Romeo": "0", "Gabriel": "2"}
        assert "Gabriel: 1 pirate effect × Commercial Level 2 = 2." in why(dialog)


async def test_levying_a_tax_sets_that_players_commercial_level(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, table())
        dialog.query_one("#tax-2", Select).value = 1  # Romeo's ship reached the Tax 1 space (space 2: CL 1)
        await settle(pilot)
        assert dialog.query_one("#cl-2", Input).value == "1"
        assert lost(dialog) == {"Paula": "0", "Art": "0", "Romeo": "0", "Gabriel": "0"}  # everyone else has CL ≥ 1


async def test_coins_held_cap_the_loss(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, table())
        dialog.query_one("#tax-0", Select).value = 4
        dialog.query_one("#coins-2", Input).value = "1"  # Romeo has only 1 coin
        await settle(pilot)
        assert lost(dialog)["Romeo"] == "1"
        assert "Romeo has only 1 coin: loses 1, not 4." in why(dialog)


async def test_foggy_island_owner_is_pre_marked_immune(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, table(foggy_for="Romeo"))
        foggy = dialog.query_one("#foggy-2", Checkbox)
        assert foggy.value and str(foggy.label) == "yes"
        dialog.query_one("#tax-0", Select).value = 4
        dialog.query_one("#pirates-1", Input).value = "1"
        await settle(pilot)
        assert lost(dialog)["Romeo"] == "0 (Foggy)"
        assert "Romeo owns Foggy Island: loses nothing (would have lost 4)." in why(dialog)
        foggy.focus()
        await press(pilot, "space")  # the table unticks it (Foggy Island came later this age)
        assert lost(dialog)["Romeo"] == "4"


async def test_a_level_out_of_range_is_refused_with_what_is_allowed(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, table())
        dialog.query_one("#cl-1", Input).value = "7"
        await settle(pilot)
        assert dialog.outcome is None and set(lost(dialog).values()) == {"?"}
        assert "Art's Commercial Level: '7' is not allowed; a whole number 0 to 3" in why(dialog)
        assert dialog.query_one("#cl-1", Input).has_class("-invalid")


async def test_rules_dialog_quotes_and_escape_closes_without_touching_the_game(make_app):
    app = make_app(example("leaders-armada-7p.json"), Step("conflicts", 3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = app.session.record.to_dict()
        open_coin_losses(app.screen)
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, CoinLossDialog)
        assert dialog.query_one("#cl-2", Input).value == "2"  # Cris: Yellow ship after Age II
        dialog.query_one("#tax-2", Select).value = 4
        await settle(pilot)
        await press(pilot, "ctrl+r")
        assert isinstance(app.screen, RulingDialog)
        quotes = " ".join(str(s.render()) for s in app.screen.query("Static"))
        assert "all of the other players lose the number of Coins indicated MINUS their Commercial Level" in quotes
        await press(pilot, "escape", "escape")
        assert app.screen.__class__.__name__ == "ConflictsScreen"
        assert app.session.record.to_dict() == before


async def test_without_armada_the_helper_says_why_it_does_not_open(make_app):
    app = make_app(example("leaders-5p.json"), Step("conflicts", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        open_coin_losses(screen)
        await settle(pilot)
        assert app.screen is screen
        assert any("come with Armada" in n.message for n in compat.notifications(app))


def test_snapshot_coin_loss_dialog(snap_compare, make_app):
    async def run_before(pilot) -> None:
        dialog = await open_dialog(pilot, table(foggy_for="Romeo"))
        dialog.query_one("#tax-0", Select).value = 4
        dialog.query_one("#tax-1", Select).value = 2
        dialog.query_one("#pirates-3", Input).value = "1"
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


async def test_coin_losses_in_portuguese(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot, table(foggy_for="Romeo"))
        box = dialog.query_one("#coin-box")
        assert box.border_title == f"Moedas perdidas neste turno · {age_name(2)}"
        assert box.border_subtitle == "uma calculadora: a partida não é alterada"
        heads = [str(label.render()) for label in dialog.query(".coin-head Label").results(Label)]
        assert heads == ["Jogador", "NC", "Taxa cobrada", "Piratas", "Moedas", "Nebulosa", "Perde"]
        assert f"NC = Nível Comercial, pelo navio Amarelo de cada um no fim da {age_name(1)}" in why(dialog)
        assert "(cartas de Pirata, Porto Pirata)" in why(dialog)
        assert str(dialog.query_one("#foggy-2", Checkbox).label) == "sim"
        assert str(dialog.query_one("#foggy-0", Checkbox).label) == "não"
        await press(pilot, "enter", "down", "down", "down", "enter")  # Paula levies Tax 4
        assert dialog.query_one("#tax-0").query_one(CurrentValue).words == "Taxa 4"
        assert dialog.query_one("#tax-1").query_one(CurrentValue).words == "nenhuma"
        assert lost(dialog)["Romeo"] == "0 (Nebulosa)" and lost(dialog)["Art"] == "2"
        dialog.query_one("#cl-1", Input).value = "7"
        await settle(pilot)
        assert "Nível Comercial de Art: '7' não é permitido; um número inteiro de 0 a 3" in why(dialog)
        dialog.query_one("#cl-1", Input).value = "2"
        await settle(pilot)
        words = footer(dialog)
        assert (words["escape"], words["ctrl+r"], words["ctrl+t"]) == (
            "Fechar",
            "Regras citadas",
            "Próximo turno (limpa)",
        )
        await press(pilot, "ctrl+t")
        assert "Taxas e efeitos de Pirata limpos para o próximo turno." in notifications(app)
        await press(pilot, "ctrl+r")
        assert "Nada a explicar ainda: escolha uma Taxa ou digite efeitos de Pirata." in [
            n.message for n in compat.notifications(app)
        ]


async def test_without_armada_the_helper_says_why_in_portuguese(make_app, portuguese):
    app = make_app(example("leaders-5p.json"), Step("conflicts", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        open_coin_losses(app.screen)
        await settle(pilot)
        assert "Taxas e Piratas vêm com o Armada; esta partida é jogada sem ele." in [
            n.message for n in compat.notifications(app)
        ]
