"""End of the game: coins typed and validated, science and the Dockyard resolved, the sheet gated on coins."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input, Label, Select, Static

from scorer.catalog import load_catalog
from scorer.flow import Step
from scorer.i18n import local_name
from tests.records import example
from tests.tui.driver import footer, notifications, press, settle, start_at, steps_shown
from widgets import compat
from widgets.current_value import CurrentValue
from widgets.dialogs.ruling import RulingDialog
from widgets.screens.end import EndScreen

ARMADA_7P = "leaders-armada-7p.json"
SIZE = (80, 24)


def without_end(name: str) -> dict[str, Any]:
    data = example(name)
    data["end"] = {}
    return data


def shown(screen: EndScreen, widget_id: str) -> str:
    return str(screen.query_one(f"#{widget_id}", Static).render())


async def test_typed_coins_go_in_the_record_and_the_draft(make_app):
    app = make_app(without_end(ARMADA_7P), Step("end"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, EndScreen)
        assert screen.focused is screen.query_one("#coins-0", Input)  # the first player without coins
        await press(pilot, "7", "enter")
        assert app.session.record.end["Ana"].coins == 7
        assert screen.focused is screen.query_one("#coins-1", Input)  # Enter moves on to Ben
        await press(pilot, "3", "tab")  # leaving the field saves too
        assert app.session.record.end["Ben"].coins == 3
        app._saver.flush()
        assert app.store.load(app.session.record.id).end["Ana"].coins == 7


async def test_enter_goes_round_the_table_past_olympia_s_menu(make_app):
    """Coins typed one after another with Enter land with each player, even where Bruno's Olympia B menu sits
    between his coins and Carla's (Enter used to open that menu, and the next coins went nowhere)."""
    app = make_app(without_end("leaders-5p.json"), Step("end"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "5", "enter", "7", "enter", "3", "enter", "9", "enter", "4", "enter")
        await settle(pilot)
        assert {n: app.session.record.coins(n) for n in app.session.record.names} == {
            "Ana": 5,
            "Bruno": 7,
            "Carla": 3,
            "Davi": 9,
            "Elisa": 4,
        }
        assert app.session.record.end["Bruno"].olympia_copy is None


async def test_negative_or_not_a_number_is_refused_and_undo_restores(make_app):
    app = make_app(without_end(ARMADA_7P), Step("end"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        field = screen.query_one("#coins-0", Input)
        await press(pilot, "x")
        assert field.value == ""  # letters never get into a coins field
        await press(pilot, "-", "5", "enter")
        assert "Ana" not in app.session.record.end
        assert field.has_class("-invalid") and screen.focused is field
        assert "Coins for Ana: -5 is not allowed; coins never go below 0." in notifications(app)
        field.value = "4.5"
        await press(pilot, "enter")
        assert "Ana" not in app.session.record.end
        assert "Coins for Ana: '4.5' is not a number; type a whole number, 0 or more." in notifications(app)
        field.value = ""
        await press(pilot, "1", "2", "enter", "9", "enter")
        assert (app.session.record.end["Ana"].coins, app.session.record.end["Ben"].coins) == (12, 9)
        assert not field.has_class("-invalid")
        await press(pilot, "ctrl+z")
        assert "Ben" not in app.session.record.end
        assert screen.query_one("#coins-1", Input).value == ""
        assert field.value == "12"


async def test_next_step_waits_for_every_players_coins(make_app, monkeypatch):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        data = without_end(ARMADA_7P)
        data["end"] = {name: {"coins": 1} for name in ("Ana", "Ben", "Cris", "Dora", "Enzo")}
        start_at(app, data, Step("end"))
        await settle(pilot)
        shown_steps = steps_shown(monkeypatch, app)
        await press(pilot, "ctrl+n")
        assert app.session.step == Step("end") and not shown_steps
        assert "Coins missing for Flor, Guto: type each player's coins (0 if none)." in notifications(app)
        assert app.screen.focused is app.screen.query_one("#coins-5", Input)
        await press(pilot, "4", "enter", "1", "1")  # Guto's 11 is saved by ctrl+n itself
        await press(pilot, "ctrl+n")
        assert app.session.record.end["Guto"].coins == 11
        assert shown_steps == [Step("sheet")]


async def test_science_resolved_and_dockyard_values_beside_positions(make_app):
    app = make_app(example(ARMADA_7P), Step("end"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one("#coins-6", Input).value == "11"
        assert shown(screen, "science-1") == (
            "1 compass, 2 gear, 7 tablet = 61 (wildcard → tablet; 3 most common → tablet)"
        )
        assert shown(screen, "science-4") == "3 compass, 1 gear, 3 tablet = 26"
        assert shown(screen, "science-0") == "no science symbols"
        assert shown(screen, "dockyard-0") == "Dockyard: blue 6 = 10 VP · yellow 0 = CL 0"
        assert shown(screen, "dockyard-2").endswith("yellow 6 = CL 3?")  # a value the rulebook leaves open
        assert "d on the sheet compares it once with your board" in shown(screen, "end-status")
        screen.query_one("#coins-1", Input).focus()
        await press(pilot, "ctrl+r")
        assert isinstance(app.screen, RulingDialog)
        text = " ".join(str(s.render()) for s in app.screen.query("Static"))
        assert "Most-common symbols taken as 3 tablets." in text
        assert "the player chooses one from among the tied symbols" in text


async def test_olympia_b_copy_is_chosen_from_the_neighbours_guilds(make_app):
    app = make_app(example("leaders-5p.json"), Step("end"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert shown(screen, "science-2") == (
            "3 compass, 3 gear, 3 tablet = 57 (2 wildcards → gear, tablet; 10 VP per set)"
        )  # Carla, Aristotle
        select = screen.query_one("#olympia-1", Select)  # Bruno, Olympia B
        assert select.value == "best"
        assert shown(screen, "science-1") == "1 compass, 1 gear, 3 tablet = 18 (wildcard → gear)"
        assert str(screen.query_one("#copied-1").render()) == "copied: Scientists Guild: no VP"
        select.value = "Gamers Guild"
        await settle(pilot)
        assert app.session.record.end["Bruno"].olympia_copy == "Gamers Guild"
        assert shown(screen, "science-1") == "1 compass, 0 gear, 3 tablet = 10"
        assert str(screen.query_one("#copied-1").render()) == "copied: Gamers Guild: 1 × coin set (Bruno 2) = 2"
        await press(pilot, "ctrl+z")
        assert app.session.record.end["Bruno"].olympia_copy is None
        assert select.value == "best"
        assert not screen.query("#olympia-0")  # only Olympia B gets the choice


def test_snapshot_end_of_game(snap_compare, make_app):
    async def run_before(pilot) -> None:
        data = example(ARMADA_7P)
        del data["end"]["Guto"]
        start_at(pilot.app, data, Step("end"))
        await settle(pilot)
        await settle(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


def quick_game() -> dict[str, Any]:
    """The 3-player base game with Cid scored from quick counts (no card names, typed shields)."""
    data = example("base-3p.json")
    for block in data["ages"]:
        block["players"]["Cid"] = {
            "cards": [],
            "wonder_stages": block["players"]["Cid"].get("wonder_stages", 0),
            "ground_strength": 1,
        }
    data["end"]["Cid"] = {
        "coins": 9,
        "quick": {
            "colours": {"blue": 2, "green": 3},
            "civilian": 7,
            "commercial": 0,
            "guilds": 0,
            "science": {"compass": 1, "gear": 1, "tablet": 1, "wildcards": 1, "most_common": 0},
        },
    }
    return data


async def test_quick_counts_player_types_commercial_and_guild_vp_here(make_app):
    app = make_app(quick_game(), Step("end"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert not screen.query("#commercial-0") and screen.query("#commercial-2")
        assert shown(screen, "science-2") == "1 compass, 1 gear, 2 tablet = 13 (wildcard → tablet)"
        screen.query_one("#commercial-2", Input).focus()
        await press(pilot, "5", "enter", "1", "1", "enter")
        quick = app.session.record.end["Cid"].quick
        assert (quick.commercial, quick.guilds, quick.civilian) == (5, 11, 7)
        screen.query_one("#guilds-2", Input).focus()
        await press(pilot, "backspace", "shift+tab")  # leaving an emptied field refuses it: the record keeps 11
        assert app.session.record.end["Cid"].quick.guilds == 11
        assert "Guild VP (quick counts) for Cid: needed here; type 0 or more." in notifications(app)


async def test_end_of_game_in_portuguese(make_app, portuguese, monkeypatch):
    app = make_app(without_end(ARMADA_7P), Step("end"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.sub_title == "Fim da partida"
        assert (
            shown(screen, "end-hint") == "Digite as Moedas de cada jogador: Enter salva e segue. O resto é calculado."
        )
        heads = [str(label.render()) for label in screen.query(".end-head Label").results(Label)]
        assert heads == ["Jogador", "Moedas", "Ciência (melhor total) · Estaleiro no fim"]
        assert shown(screen, "science-1") == (
            "1 compasso, 2 engrenagens, 7 tábuas = 61 (curinga → tábua; 3 mais comuns → tábua)"
        )
        assert shown(screen, "science-0") == "nenhum símbolo científico"
        assert shown(screen, "dockyard-0") == "Estaleiro: Azul 6 = 10 PV · Amarelo 0 = NC 0"
        assert shown(screen, "dockyard-2").endswith("Amarelo 6 = NC 3?")
        assert shown(screen, "end-status") == (
            "? = valor que o livro de regras não imprime, presumido aqui: d na folha o compara uma vez"
            " com seu tabuleiro (opcional)"
        )
        words = footer(screen)
        assert words["ctrl+r"] == "Por quê (Ciência)"
        await press(pilot, "-", "5", "enter")
        assert "Moedas de Ana: -5 não é permitido; as Moedas nunca ficam abaixo de 0." in notifications(app)
        assert [n.title for n in compat.notifications(app)][-1] == "Não aceito"
        screen.query_one("#coins-0", Input).value = "4.5"
        await press(pilot, "enter")
        assert "Moedas de Ana: '4.5' não é um número; digite um número inteiro, 0 ou mais." in notifications(app)
        screen.query_one("#coins-0", Input).value = ""
        await press(pilot, "7", "enter", "3", "enter")
        assert (app.session.record.end["Ana"].coins, app.session.record.end["Ben"].coins) == (7, 3)
        monkeypatch.setattr(app, "show_step", lambda: None)
        await press(pilot, "ctrl+n")
        assert (
            "Faltam as Moedas de Cris, Dora, Enzo, Flor, Guto: digite as Moedas de cada jogador "
            "(0 se não tiver nenhuma)."
        ) in notifications(app)
        screen.query_one("#coins-1", Input).focus()
        await press(pilot, "ctrl+r")
        assert isinstance(app.screen, RulingDialog)
        assert app.screen.query_one("#ruling-box").border_title == "Ben · Ciência"


async def test_olympia_b_and_quick_counts_in_portuguese(make_app, portuguese):
    catalog = load_catalog()
    app = make_app(example("leaders-5p.json"), Step("end"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert str(screen.query_one(".end-olympia-label", Label).render()) == "Olímpia B copia"
        assert screen.query_one("#olympia-1").query_one(CurrentValue).words == "a melhor para Bruno"
        gamers = local_name(catalog.card("Gamers Guild", 3))
        assert gamers != "Gamers Guild"  # the Brazilian card's name is offered
        options = [str(prompt) for prompt, _ in screen.query_one("#olympia-1", Select)._options]
        assert any(option.startswith(f"{gamers} (") for option in options)
        assert shown(screen, "science-2").endswith("(2 curingas → engrenagem, tábua; 10 PV por conjunto)")
        assert str(screen.query_one("#copied-1").render()).startswith("copiada: ")
    app = make_app(quick_game(), Step("end"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        labels = [str(label.render()) for label in screen.query(".end-quick-label").results(Label)]
        assert labels == ["Contagem rápida: PV comerciais", "PV de Guildas"]
        screen.query_one("#guilds-2", Input).focus()
        await press(pilot, "1", "1", "enter")
        screen.query_one("#guilds-2", Input).focus()
        await press(pilot, "backspace", "backspace", "shift+tab")
        assert "PV de Guildas (contagem rápida) de Cid: necessário aqui; digite 0 ou mais." in notifications(app)
