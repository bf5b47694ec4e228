"""The conflicts step: tokens and the rulings behind them, checked against the hand-counted examples."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input

from scorer.flow import Step
from scorer.ruling import age_name, ruling
from tests.hand_counted import (
    ARMADA_7P_GROUND_TOKENS,
    ARMADA_7P_NAVAL_STRENGTH,
    ARMADA_7P_NAVAL_TOKENS,
    TEAMS_6P_GROUND_TOKENS,
)
from tests.records import example, without_age
from tests.tui.driver import footer, press, settle, start_at, steps_shown
from widgets.dialogs.ruling import RulingDialog
from widgets.screens.conflicts import ConflictsScreen, naval_why

ARMADA_7P = "leaders-armada-7p.json"
SIZE = (80, 24)


def rows(screen: ConflictsScreen, table_id: str) -> dict[str, list[str]]:
    table = screen.query_one(f"#{table_id}", DataTable)
    return {str(key.value): [str(cell) for cell in table.get_row(key)] for key in table.rows}


def token_values(text: str) -> list[int]:
    return [] if text == "none" else sorted(int(v) for v in text.split())


def dialog_text(dialog: RulingDialog) -> str:
    """The dialog's title and every line it shows."""
    title = str(dialog.query_one("#ruling-box").border_title)
    return "\n".join([title, *(str(static.render()) for static in dialog.query("Static"))])


async def test_age_two_naval_ties_as_hand_counted(make_app):
    app = make_app(example(ARMADA_7P), Step("conflicts", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ConflictsScreen)
        naval = rows(screen, "naval")
        assert list(naval) == ["Ana", "Ben", "Cris", "Dora", "Enzo", "Flor", "Guto"]  # seat order
        assert {n: (token_values(r[2]) or [0])[0] for n, r in naval.items()} == ARMADA_7P_NAVAL_TOKENS[2]
        assert {n: int(r[1].split()[0]) for n, r in naval.items()} == ARMADA_7P_NAVAL_STRENGTH[2]
        assert naval["Cris"][1] == "1 (out)"  # Forgotten Port: stays out of Age II
        for tied in ("Enzo", "Guto"):
            assert naval[tied][3].startswith("Tie for second-strongest in Age II with one strongest")
        assert {n: token_values(r[2]) for n, r in rows(screen, "ground").items()} == ARMADA_7P_GROUND_TOKENS[2]
        _, _, guto = screen.explain("ground", "Guto")
        assert ("ground.incursion", "Guto (10) beats Ben (2) in Age II: Guto 3, Ben -1.") in [
            (r.rule_id, r.summary) for r in guto
        ]


async def test_highlighted_row_shows_breakdown_and_why_dialog_quotes_the_rule(make_app):
    app = make_app(example(ARMADA_7P), Step("conflicts", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "n", "down", "down", "down", "down")  # naval table, Enzo
        detail = str(app.screen.query_one("#conflict-why").render())
        assert "Enzo · Naval Conflict · Age II" in detail
        assert "Naval Strength 5: Red fleet (space 3) 3 + Port of Winds 2 = 5" in detail
        await press(pilot, "w")
        assert isinstance(app.screen, RulingDialog)
        text = dialog_text(app.screen)
        assert "Enzo: tie for second-strongest in Age II with one strongest, at 5: nothing." in text
        assert ruling("naval.tie-second", "").quote in text
        assert "Armada rulebook, Naval Conflicts — Ties" in text
        await press(pilot, "escape")
        assert isinstance(app.screen, ConflictsScreen)
        await press(pilot, "g", "enter")  # Enter on a row opens the same dialog (Ground, Ana)
        assert isinstance(app.screen, RulingDialog)
        assert "Ana · Ground Conflicts · Age II" in dialog_text(app.screen)
        assert ruling("ground.neighbours", "").quote in dialog_text(app.screen)


async def test_team_game_gives_doubled_tokens_and_says_so(make_app):
    app = make_app(example("teams-armada-6p.json"), Step("conflicts", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        ground = rows(screen, "ground")
        assert {n: token_values(r[2]) for n, r in ground.items()} == TEAMS_6P_GROUND_TOKENS[1]
        assert ground["Ari"][2] == "+1 +1 +1"  # two for beating Fay (doubled), one for the incursion on Eli
        _, _, rulings = screen.explain("ground", "Ari")
        summaries = [r.summary for r in rulings]
        assert "Ari (2) beats Fay (1) in Age I: Ari 2 × 1, Fay 2 × -1." in summaries
        assert "Ari and Bel are teammates: they do not fight." in summaries
        assert "Incursions give single tokens, even in a team game." in summaries
        assert "Bel and Caz" not in " ".join(summaries)  # other tables' fights are not Ari's


async def test_tomyris_sends_the_defeat_to_the_winner(make_app):
    app = make_app(example("leaders-5p.json"), Step("conflicts", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        ground = rows(app.screen, "ground")
        assert not app.screen.query_one("#naval").display  # no Armada: no naval table
        assert token_values(ground["Davi"][2]) == [-1, 3, 3]
        assert "loses to Davi 3:11 (Tomyris)" in ground["Elisa"][3]


async def test_a_typed_strength_is_used_and_marked(make_app):
    data = example(ARMADA_7P)
    data["ages"][1]["players"]["Ana"]["ground_strength"] = 5
    app = make_app(data, Step("conflicts", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        ground = rows(app.screen, "ground")
        assert ground["Ana"][1] == "5 typed≠1"
        assert ground["Ana"][2] == "+3 -1"  # now beats Ben (2); still loses to Guto (10)
        assert "typed by the table: 5" in str(app.screen.query_one("#conflict-why").render())


async def test_an_age_not_entered_yet_says_so(make_app):
    app = make_app(without_age(example(ARMADA_7P), 3), Step("conflicts", 3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        detail = str(app.screen.query_one("#conflict-why").render())
        assert detail.startswith("Nothing is entered for Age III yet: Escape goes back to enter it.")


async def test_ctrl_n_moves_on_and_undo_recomputes(make_app, monkeypatch):
    app = make_app(example(ARMADA_7P), Step("conflicts", 3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.sub_title == "Conflicts of Age III"
        assert app.session.apply(lambda d: d["ages"][2]["players"]["Ben"].__setitem__("naval_strength", 20)) is None
        screen.reload()
        assert rows(screen, "naval")["Ben"][1:3] == ["20 typed≠1", "+7"]
        await press(pilot, "ctrl+z")
        assert rows(screen, "naval")["Ben"][1:3] == ["1", "-3"]
        shown = steps_shown(monkeypatch, app)
        await press(pilot, "ctrl+n")
        assert shown == [Step("end")]
        assert not screen.query(Input)  # nothing to type on this step


def test_snapshot_conflicts_of_age_three_seven_players_armada(snap_compare, make_app):
    async def run_before(pilot) -> None:
        start_at(pilot.app, example(ARMADA_7P), Step("conflicts", 3))
        await settle(pilot)
        await press(pilot, "n", "down", "down", "down", "down")  # Enzo's naval tie, explained below the tables

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


async def test_conflicts_in_portuguese(make_app, portuguese):
    app = make_app(example(ARMADA_7P), Step("conflicts", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        era = age_name(2)
        assert screen.sub_title == f"Conflitos da {era}"
        headers = [str(c.label) for c in screen.query_one("#naval", DataTable).columns.values()]
        assert headers == ["Naval", "Força", "Ficha", "Por quê"]
        headers = [str(c.label) for c in screen.query_one("#ground", DataTable).columns.values()]
        assert headers == ["Terrestre", "Escudos", "Fichas", "Por quê"]
        assert rows(screen, "naval")["Cris"][1] == "1 (fora)"  # Porto Esquecido: out of this age
        assert rows(screen, "naval")["Ana"][2] == "nenhuma"
        assert {footer(screen)[k] for k in "wgn"} == {"Por quê", "Terrestres", "Naval"}
        await press(pilot, "n", "down", "down", "down", "down")  # Enzo
        detail = str(screen.query_one("#conflict-why").render())
        assert f"Enzo · Conflito Naval · {era}" in detail and "Força Naval 5: " in detail
        await press(pilot, "w")
        assert isinstance(app.screen, RulingDialog)
        assert app.screen.query_one("#ruling-box").border_subtitle == "Esc fecha"
        assert ruling("naval.tie-second", "").quote in dialog_text(app.screen)
        assert footer(app.screen)["escape"] == "Fechar"


async def test_ground_fights_in_portuguese_name_tomyris_as_the_brazilian_cards_do(make_app, portuguese):
    data = example("leaders-5p.json")
    data["ages"][1]["players"]["Davi"]["ground_strength"] = 12
    app = make_app(data, Step("conflicts", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        ground = rows(app.screen, "ground")
        assert ground["Davi"][1] == "12 digitado≠11"
        assert "perde para Davi 3:12 (Tômiris)" in ground["Elisa"][3]
        detail = str(app.screen.query_one("#conflict-why").render())
        assert detail.startswith(f"Ana · Conflitos Terrestres · {age_name(2)}\nEscudos ")


async def test_an_age_not_entered_yet_says_so_in_portuguese(make_app, portuguese):
    app = make_app(without_age(example(ARMADA_7P), 3), Step("conflicts", 3))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        detail = str(app.screen.query_one("#conflict-why").render())
        assert detail.startswith(f"Nada foi digitado para a {age_name(3)} ainda: Esc volta para digitá-la.")


@pytest.mark.parametrize("lang", ["en", "pt"])
async def test_every_seat_shows_at_80x24_and_every_why_whole_below(make_app, lang):
    """Issue 31 item 8: every seat of Ground and of Naval is on screen at 80x24 without scrolling (a seat is
    one line, a long reason ending in '…' there), and highlighting a seat shows its reason whole below, in
    either language."""
    from scorer.i18n import set_language

    set_language(lang)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for age in (1, 2, 3):
            start_at(app, example(ARMADA_7P), Step("conflicts", age))
            await settle(pilot)
            screen = app.screen
            for table_id in ("ground", "naval"):
                table = screen.query_one(f"#{table_id}", DataTable)
                drawn = sum(c.get_render_width(table) for c in table.columns.values())
                assert drawn <= table.size.width - table.styles.scrollbar_size_vertical  # nothing under a scrollbar
                assert table.max_scroll_y == 0 and table.size.height == len(table.rows) + 1, (age, table_id)
                table.focus()
                for row, key in enumerate(table.rows):
                    name, reason = str(key.value), str(table.get_row(key)[3])
                    if table_id == "naval":
                        assert screen.result is not None and screen.result.naval is not None
                        assert reason == naval_why(screen.result.naval.decided_by[name])
                    table.move_cursor(row=row)
                    await settle(pilot)
                    shown = " ".join(str(screen.query_one("#conflict-why").render()).split())
                    if table_id == "naval":  # the ruling itself, whole
                        assert " ".join(reason.split()).lower() in shown.lower(), (age, table_id, reason)
                    else:  # each fight, with its rule: every rival the short line names is there
                        rivals = {word for word in reason.split() if word in screen.session.record.names}
                        assert rivals and all(rival in shown for rival in rivals), (age, reason, shown)
