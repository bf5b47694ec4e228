"""A name from an imported file is shown inert on the History and Stats screens (issue 11, item 6): control
characters as their escapes, Rich markup as typed. The game is stored past validation (which refuses such
names at every way in), as an old history or another program's file could hold it."""

from __future__ import annotations

import json

from rich.console import Console

from scorer.history.stats import HeadToHead
from scorer.model import GameRecord
from tests.records import example
from tests.tui.driver import press, screen_lines, settle, workers_done
from widgets.screens.history import HistoryScreen
from widgets.screens.stats import StatsScreen
from widgets.screens.stats_panes import duel_view

NAMES = {"Ann": "\x1b[2JAnn", "Bob": "[bold]Bob", "Cid": "Cid\x9b1m"}
RAW = ("\x1b", "\x9b")


def renamed(data: dict, names: dict[str, str]) -> dict:
    data = json.loads(json.dumps(data))
    for seat in data["players"]:
        seat["name"] = names.get(seat["name"], seat["name"])
    for age in data["ages"]:
        age["players"] = {names.get(k, k): v for k, v in age["players"].items()}
    data["end"] = {names.get(k, k): v for k, v in data["end"].items()}
    return data


async def open_screen(app, pilot, screen) -> str:
    app.push_screen(screen)
    await settle(pilot)
    await workers_done(app)
    await settle(pilot)
    return "\n".join(screen_lines(app))


async def test_history_and_stats_show_hostile_names_inert(make_app):
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        app.store.save(GameRecord.from_dict(renamed(example("base-3p.json"), NAMES)))
        for screen in (HistoryScreen(), StatsScreen()):
            shown = await open_screen(app, pilot, screen)
            assert not any(raw in shown for raw in RAW), shown
            assert "\\x1b[2JAnn" in shown and "Cid\\x9b1m" in shown
            assert "[bold]Bo" in shown, shown
            if isinstance(screen, HistoryScreen):  # the table's cell too, cut at its 36 columns, still literal
                assert "· [bol" in shown, shown
            app.pop_screen()
            await settle(pilot)


def test_the_head_to_head_names_its_players_as_typed():
    out = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115 - closed with the console
    out.print(duel_view(HeadToHead("[bold]Bob", "[red]Ann", 2, 1, 1, 0, 1, 1, 50.0, 48.0)))
    shown = out.export_text()
    out.file.close()
    assert "[bold]Bob" in shown and "[red]Ann" in shown


async def test_a_past_game_s_sheet_and_rulings_name_players_inert(make_app):
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        app.store.save(GameRecord.from_dict(renamed(example("base-3p.json"), NAMES)))
        await open_screen(app, pilot, HistoryScreen())
        await press(pilot, "enter")  # the sheet
        await settle(pilot)
        sheet = "\n".join(screen_lines(app))
        await press(pilot, "enter")  # Ann's Military, with the conflicts that decided it
        await settle(pilot)
        detail = "\n".join(screen_lines(app))
        for shown in (sheet, detail):
            assert not any(raw in shown for raw in RAW), shown
            assert "\\x1b[2JAnn" in shown and "[bold]Bob" in shown
        assert "beats \\x1b[2JAnn" in detail


async def test_a_refusal_in_the_import_dialog_quotes_the_path_inert(make_app, tmp_path):
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        await open_screen(app, pilot, HistoryScreen())
        await press(pilot, "i")
        app.screen.query_one(Input).value = str(tmp_path / "night\x1b[2J.json")  # pasted, say
        await press(pilot, "enter")
        await settle(pilot)
        problem = str(app.screen.query_one(".dialog-problem").render())  # the field shows what was pasted
        assert "\x1b" not in problem and "night\\x1b[2J.json" in problem
