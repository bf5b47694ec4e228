"""The Rulings screen settles the Armada rulebook's examples, typed as the table would, and explains each answer."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, Select, Static, TabbedContent

from scorer.flow import Step
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import (
    NAVAL_TIE_KEYS,
    SIZE,
    fill,
    focus_moves,
    footer,
    open_rulings,
    pane,
    press,
    settle,
    shown,
    start_at,
    type_into,
    workers_done,
)
from widgets.dialogs.ruling import RulingDialog
from widgets.screens.home import HomeScreen
from widgets.screens.rulings import RulingsScreen


def rows(screen: RulingsScreen, key: str) -> dict[str, tuple[str, ...]]:
    settled = pane(screen, key).settled
    assert settled is not None, shown(screen, key)
    return {row[0]: row[1:] for row in settled.rows}


# --- Naval -------------------------------------------------------------------------------------------------


async def test_naval_tie_for_strongest_in_age_three_typed(make_app):
    """The typical question: two tied strongest in Age III take 5 each, the next takes 3, the weakest -3."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        assert screen.focused is screen.query_one("#naval-age", Input)
        # Age, Tab to the names, down the names, back up, Tab to the strengths, Enter down the strengths.
        await press(pilot, *NAVAL_TIE_KEYS)
        await settle(pilot)
        assert rows(screen, "naval") == {
            "ana": ("7", "+5"),
            "bia": ("7", "+5"),
            "caio": ("4", "+3"),
            "davi": ("1", "-3"),
        }
        text = shown(screen, "naval")
        assert "ana: tie for strongest in Age III at 7: 5 each." in text
        assert "In case of a tie for the strongest Naval Strength, all tied players take the reward" in text


async def test_naval_rulebook_example_by_key_then_forgotten_port_then_refused_and_missing_values(make_app):
    """Armada rulebook: "In Age II, Gabriel and Paula have the weakest Naval Strength with 2 Naval Shields, so they
    each gain a Naval Defeat token of value -2. Ann has the strongest ... 8 ... Naval Victory token of value 5. Romeo
    and Fred are tied for the second-strongest Naval Strength with 6 ... These two players thus gain no tokens."
    Then Gabriel's Forgotten Port keeps him out, then values the ruling refuses, in the same walk."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+x")
        assert rows(screen, "naval") == {
            "Gabriel": ("2", "-2"),
            "Paula": ("2", "-2"),
            "Ann": ("8", "+5"),
            "Romeo": ("6", "none"),
            "Fred": ("6", "none"),
        }
        text = shown(screen, "naval")
        assert "The Armada rulebook's example (Naval Conflicts, Age II)" in text
        assert "Romeo: tie for second-strongest in Age II with one strongest, at 6: nothing." in text
        assert "In case of a tie for the second-strongest Naval Strength, tied players gain no tokens" in text
        assert "— Armada rulebook, Naval Conflicts — Ties" in text

        screen.query_one("#naval-out-0", Checkbox).focus()
        await press(pilot, "space")  # Gabriel's Forgotten Port: he stays out
        assert str(screen.query_one("#naval-out-0", Checkbox).label) == "stays out"
        assert rows(screen, "naval")["Gabriel"] == ("out", "none")
        assert rows(screen, "naval")["Paula"] == ("2", "-2")
        text = shown(screen, "naval")
        assert "Gabriel stays out of the Naval Conflict of Age II (Forgotten Port)." in text
        assert "The Armada rulebook's example" not in text  # no longer the book's example

        await type_into(pilot, screen, "naval-age", "4")
        assert pane(screen, "naval").settled is None  # never a stale answer
        assert screen.query_one("#naval-age", Input).has_class("-invalid")
        text = shown(screen, "naval")
        assert "Not settled yet:" in text and "Naval Conflict" not in text
        assert "age: '4' is not allowed; type a whole number from 1 to 3." in text
        await type_into(pilot, screen, "naval-age", "2")
        await type_into(pilot, screen, "naval-strength-2", "")
        assert "Naval Strength of Ann: nothing entered; type a whole number from 0 to 99." in shown(screen, "naval")
        await type_into(pilot, screen, "naval-name-2", "paula")
        assert "'paula' is seated twice (as 'Paula'); each player once" in shown(screen, "naval")


# --- Coins lost ------------------------------------------------------------------------------------------


async def test_coins_rulebook_tax_example_by_key_then_pirates_foggy_island_and_coins_held(make_app):
    """Armada rulebook: "only the tax of 4 is applied (the highest). Paula loses no Coins. Art loses 2 Coins (Tax
    of 4 - Commercial Level 2). Romeo's Yellow fleet is still on the Start space; he therefore loses 4 Coins."
    Then, on the example, a pirate card, coins held and Foggy Island."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+right")
        assert screen.query_one(TabbedContent).active == "coins"
        await press(pilot, "ctrl+x")
        await settle(pilot)
        assert rows(screen, "coins") == {"Paula": ("0", "0", "0"), "Art": ("2", "0", "2"), "Romeo": ("4", "0", "4")}
        text = shown(screen, "coins")
        assert "Art: Tax 4 (by Paula) minus Commercial Level 2 = 2." in text
        assert "Paula never pays their own Tax of 4." in text
        assert "If multiple Taxes are levied at the end of a given turn, only the highest Tax is applied." in text

        await type_into(pilot, screen, "coins-pirates-1", "1")  # Art plays a pirate card too
        assert rows(screen, "coins")["Paula"] == ("0", "3", "3")
        assert "Paula: 1 pirate effect × Commercial Level 3 = 3." in shown(screen, "coins")
        await type_into(pilot, screen, "coins-held-2", "1")  # Romeo holds 1 coin
        assert rows(screen, "coins")["Romeo"] == ("4", "0", "1")
        assert "Romeo has only 1 coin: loses 1, not 4." in shown(screen, "coins")
        screen.query_one("#coins-foggy-1", Checkbox).focus()
        await press(pilot, "space")  # Art owns Foggy Island
        assert rows(screen, "coins")["Art"] == ("2", "0", "0 Foggy")
        assert "Once this island card is in play, the player no longer suffers coin losses" in shown(screen, "coins")


async def test_coins_a_tax_sets_the_level_and_a_level_out_of_range_is_refused(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+right")
        await fill(pilot, screen, {"coins-name-0": "Ann", "coins-name-1": "Bob"})
        assert "No Tax levied and no pirate effect this turn: nobody loses coins." in shown(screen, "coins")
        await type_into(pilot, screen, "coins-tax-0", "2")
        assert screen.query_one("#coins-cl-0", Input).value == "2"  # the Tax 2 space is at Commercial Level 2
        assert rows(screen, "coins")["Bob"] == ("2", "0", "2")
        await type_into(pilot, screen, "coins-cl-1", "7")
        assert pane(screen, "coins").settled is None
        assert "Commercial Level of Bob: '7' is not allowed; type a whole number from 0 to 3." in shown(screen, "coins")
        await type_into(pilot, screen, "coins-cl-1", "0")
        await type_into(pilot, screen, "coins-tax-1", "3")
        assert screen.query_one("#coins-tax-1", Input).has_class("-invalid")
        assert "Tax levied by Bob: '3' is not allowed; type 0 (none) or a Tax on the Dockyard track: 1, 2, 4." in shown(
            screen, "coins"
        )


# --- Ground ----------------------------------------------------------------------------------------------


async def test_ground_rulebook_team_example_by_key(make_app):
    """Armada rulebook, teams: Paula sits between Gabriel (right) and Romeo (left), Paula and Gabriel are a team;
    Gabriel's Quay in Age II sends the Incursion to Romeo, which "only give[s] 1 Defeat token or 1 Victory token"."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+right", "ctrl+right", "ctrl+x")
        await settle(pilot)
        assert str(screen.query_one("#ground-teams", Select).selection) == "0"
        assert rows(screen, "ground") == {
            "Gabriel": ("2", "-1 -1 +3", "+1"),
            "Paula": ("3", "+3 +3", "+6"),
            "Romeo": ("1", "-1 -1 -1", "-3"),
            "Ann": ("4", "+3 +3", "+6"),
        }
        text = shown(screen, "ground")
        assert "Gabriel and Paula are teammates: they do not fight." in text
        assert "Gabriel (2) beats Romeo (1) in Age II: Gabriel 3, Romeo -1." in text
        assert "Incursions give single tokens, even in a team game." in text
        assert "DOUBLE the usual number of tokens are given out" in text


async def test_ground_choices_follow_the_seating_and_tomyris_gives_her_defeat_away(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+right", "ctrl+right")
        seats = [("Ann", "2"), ("Bob", "1"), ("Cid", "0"), ("Dee", "3"), ("Eve", "1")]
        await fill(
            pilot,
            screen,
            {
                "ground-age": "1",
                **{f"ground-name-{s}": name for s, (name, _) in enumerate(seats)},
                **{f"ground-shields-{s}": shields for s, (_, shields) in enumerate(seats)},
            },
        )
        incursion = screen.query_one("#ground-incursion-0", Select)
        assert [str(prompt) for prompt, _ in incursion._options[1:]] == ["→ Cid", "→ Dee"]  # two seats away
        assert len(screen.query_one("#ground-teams", Select)._options) == 1  # no team variant at 5 players
        incursion.value = 2  # Ann's Dock against Cid
        await settle(pilot)
        assert rows(screen, "ground")["Ann"] == ("2", "+1 +1 +1", "+3")  # beats Bob, Eve, and Cid by the incursion
        screen.query_one("#ground-tomyris-2", Checkbox).focus()
        await press(pilot, "space")  # Cid has Tomyris: her defeats go to the winners
        assert rows(screen, "ground")["Cid"] == ("0", "none", "0")
        assert rows(screen, "ground")["Ann"] == ("2", "+1 +1 +1 -1", "+2")
        assert "through Tomyris, Cid's -1 defeat goes to Ann" in shown(screen, "ground")


async def test_ground_refuses_a_value_typed_for_no_one_and_too_few_players(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+right", "ctrl+right")
        await type_into(pilot, screen, "ground-age", "2")
        await type_into(pilot, screen, "ground-name-0", "Ann")
        await type_into(pilot, screen, "ground-shields-1", "3")
        text = shown(screen, "ground")
        assert "seat 2: a value is typed but no name; type the player's name or clear it." in text
        assert "1 player named; Ground Conflicts needs 3 to 8, in seating order." in text
        assert "shields of Ann: nothing entered; type a whole number from 0 to 99." in text


# --- Guild cap -------------------------------------------------------------------------------------------


async def test_guild_rulebook_example_philosophers_capped_at_10_then_a_guild_without_vp(make_app):
    """Armada rulebook: "Romeo gets 10 Victory Points for the Philosophers' Guild (and not 12 as he would
    otherwise)". Then a guild with no VP of its own (the Scientists Guild): nothing to type, nothing to cap."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+left")  # backwards from Naval wraps to the last tab
        assert screen.query_one(TabbedContent).active == "guild"
        assert "choose a Guild" in shown(screen, "guild")
        await press(pilot, "ctrl+x")
        await settle(pilot)
        assert rows(screen, "guild") == {"as counted": ("12",), "with the cap": ("10",)}
        text = shown(screen, "guild")
        assert "Philosophers' Guild would score 12; with Armada it scores 10." in text
        assert "each Guild card is limited to a maximum value of 10 Victory Points" in text
        screen.query_one("#guild-armada", Checkbox).focus()
        await press(pilot, "space")
        assert rows(screen, "guild") == {"as counted": ("12",), "scored (no Armada)": ("12",)}
        screen.query_one("#guild-choice", Select).value = "scientists_guild"
        await settle(pilot)
        assert not any(row.display for row in screen.query("#guild .form-row"))
        assert "Scientists Guild gives no VP of its own: there is nothing to cap." in shown(screen, "guild")


async def test_guild_found_by_portuguese_name_asks_for_its_own_counts(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+left")
        await press(pilot, "enter", *"construtores", "enter")  # Guilda dos Construtores: the Builders Guild
        await settle(pilot)
        assert screen.query_one("#guild-choice", Select).value == "builders_guild"
        labels = [str(label.content) for label in screen.query(".guild-count-label") if label.parent.display]
        assert labels == [
            "your city: wonder stages built",
            "left neighbour: wonder stages built",
            "right neighbour: wonder stages built",
        ]
        for row, stages in enumerate(["4", "3", "5"]):
            await type_into(pilot, screen, f"guild-count-{row}", stages)
        assert "right neighbour: wonder stages built: '5' is not allowed; type a whole number from 0 to 4." in shown(
            screen, "guild"
        )
        await type_into(pilot, screen, "guild-count-2", "4")
        assert rows(screen, "guild") == {"as counted": ("11",), "with the cap": ("10",)}


async def test_guild_list_is_searched_ignoring_accents_and_case(make_app):
    """Each search typed into the guild list in turn (Enter opens it, the letters search, Enter picks)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+left")
        for typed, guild in [
            ("filo", "philosophers_guild"),
            ("GUILDA DOS COMERC", "traders_guild"),
            ("filosofos", "philosophers_guild"),
            ("magistrates", "magistrates_guild"),
        ]:
            screen.query_one("#guild-choice", Select).focus()
            await press(pilot, "enter", *typed, "enter")
            await settle(pilot)
            assert screen.query_one("#guild-choice", Select).value == guild, typed


# --- in Portuguese -----------------------------------------------------------------------------------------


async def test_naval_example_in_portuguese(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        assert screen.sub_title == "Regras"
        tabs = [str(tab.label) for tab in screen.query("Tab")]
        assert tabs == ["Naval", "Moedas perdidas", "Terrestre", "Limite de Guilda"]
        heads = [str(label.content) for label in screen.query("#naval .form-head Label")]
        assert heads == ["", "Jogador", "Força", "Porto Esquecido"]
        assert str(screen.query_one("#naval-out-0", Checkbox).label) == "participa"
        await press(pilot, "ctrl+x")
        await settle(pilot)
        assert pane(screen, "naval").settled.headers == ("Jogador", "Força", "Ficha")
        assert rows(screen, "naval")["Romeo"] == ("6", "nenhuma")
        assert "O exemplo do livro de regras do Armada (Conflitos Navais, Era II)" in shown(screen, "naval")
        words = footer(screen)
        assert words["ctrl+x"] == "Exemplo" and words["escape"] == "Fechar" and words["ctrl+r"] == "Regras citadas"


async def test_problems_and_the_other_tabs_in_portuguese(make_app, portuguese):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await type_into(pilot, screen, "naval-age", "4")
        assert "Ainda não resolvido:" in shown(screen, "naval")
        assert "Era: '4' não é permitido; digite um número inteiro de 1 a 3." in shown(screen, "naval")
        await press(pilot, "ctrl+right")
        await fill(pilot, screen, {"coins-name-0": "Ana", "coins-name-1": "Bia", "coins-tax-1": "3"})
        assert (
            "Taxa cobrada por Bia: '3' não é permitido; digite 0 (nenhuma) ou uma Taxa da trilha do Estaleiro: 1, 2, 4."
        ) in shown(screen, "coins")
        assert "Porto Pirata" in str(screen.query_one("#coins .form-hint", Static).render())
        await press(pilot, "ctrl+right")
        await fill(pilot, screen, {"ground-age": "1", "ground-name-1": "", "ground-shields-2": "2"})  # Ana alone
        text = shown(screen, "ground")
        assert "lugar 3: há um valor digitado mas nenhum nome" in text
        assert "1 jogador com nome; os Conflitos Terrestres precisam de 3 a 8, na ordem dos lugares." in text
        assert [str(label.content) for label in screen.query("#ground .form-head Label")][-1] == "Tômiris"
        await press(pilot, "ctrl+right", "ctrl+x")
        await settle(pilot)
        assert rows(screen, "guild") == {"pela contagem": ("12",), "com o limite": ("10",)}
        assert str(screen.query_one("#guild-effect", Static).render()).startswith("1 PV por carta verde")


def test_the_guild_picker_names_guilds_in_portuguese_only_in_portuguese(portuguese):
    """Issue 14 item 10: a Portuguese table reads the Brazilian card's name alone; an English one keeps both, as
    it may hold the Brazilian cards."""
    from scorer.catalog import load_catalog
    from scorer.i18n import speaking
    from widgets.screens.rulings_guild import guild_label

    guilds = [card for card in load_catalog().cards if card.is_guild]
    assert [guild_label(card) for card in guilds] == [card.pt for card in guilds]
    with speaking("en"):
        philosophers = next(card for card in guilds if card.id == "philosophers_guild")
        assert guild_label(philosophers) == "Philosophers' Guild / Guilda dos Filósofos"


# --- the screen ------------------------------------------------------------------------------------------


async def test_seats_come_from_the_game_in_progress_and_are_shared_by_the_tabs(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        data = example("leaders-armada-7p.json")
        start_at(app, data, Step("conflicts", 3))
        await settle(pilot)
        before = app.screen
        screen = await open_rulings(pilot)
        names = app.session.record.names
        assert [screen.query_one(f"#naval-name-{s}", Input).value for s in range(len(names))] == names
        await press(pilot, "ctrl+right")  # the coins tab, built now, shows the same seats
        await type_into(pilot, screen, "coins-name-7", "Zoe")
        assert screen.query_one("#naval-name-7", Input).value == "Zoe"  # a tab built before follows
        await press(pilot, "ctrl+right")
        assert screen.query_one("#ground-name-7", Input).value == "Zoe"  # a tab built after starts with it
        await press(pilot, "escape")
        assert app.screen is before  # back where the table was, the game untouched


async def test_a_name_typed_while_a_tab_is_hidden_is_in_its_answer_when_it_is_shown(make_app):
    """A hidden tab settles only when shown again: its answer then holds the name typed meanwhile."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+right", "ctrl+x")  # the coins tab, built, with the Tax example settled
        assert "Art" in rows(screen, "coins")
        await press(pilot, "ctrl+left")
        await type_into(pilot, screen, "naval-name-1", "Bea")  # Art's seat, renamed from the naval tab
        await press(pilot, "ctrl+right")
        assert rows(screen, "coins")["Bea"] == ("2", "0", "2")
        assert "Art" not in rows(screen, "coins")
        assert "Bea: Tax 4 (by Paula) minus Commercial Level 2 = 2." in shown(screen, "coins")


async def test_the_result_area_grows_and_shrinks_with_the_answer_and_pagedown_scrolls_it(make_app):
    """The screen is laid out again only when an answer has more or fewer lines: the area still follows it."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        scroll = screen.query_one("#naval-scroll")
        result = screen.query_one("#naval-result", Static)
        short = result.size.height
        await press(pilot, "ctrl+x")  # the rulebook's example: the answer and every rule quoted
        assert result.size.height > scroll.size.height > short
        assert scroll.virtual_size.height >= result.size.height
        await press(pilot, "pagedown")
        assert scroll.scroll_y > 0
        await type_into(pilot, screen, "naval-age", "")  # no age: a short list of what is missing
        assert result.size.height < scroll.size.height
        assert scroll.max_scroll_y == 0


async def test_seats_come_from_tonights_last_finished_game_when_none_is_in_progress(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.store.save(load_record(example("leaders-5p.json")))  # an older game (an example's): not tonight's
        record = load_record({**example("base-3p.json"), "played_on": app.today.isoformat()})
        app.store.save(record)
        screen = await open_rulings(pilot)
        await workers_done(app)  # the history is read off the UI thread
        await settle(pilot)
        assert [screen.query_one(f"#naval-name-{s}", Input).value for s in range(4)] == [*record.names, ""]
        await press(pilot, "ctrl+left", "ctrl+left")
        assert [screen.query_one(f"#ground-name-{s}", Input).value for s in range(4)] == [*record.names, ""]
        await press(pilot, "escape")
        assert isinstance(app.screen, HomeScreen)


async def test_seats_start_empty_when_no_game_was_played_tonight(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.store.save(load_record(example("teams-armada-6p.json")))  # Ari…Fay, an imported example game
        screen = await open_rulings(pilot)
        await workers_done(app)
        await pilot.pause()
        assert [screen.query_one(f"#naval-name-{s}", Input).value for s in range(7)] == [""] * 7


async def test_the_screen_opens_on_the_naval_tabs_first_box_without_focusing_the_tabs_on_the_way(make_app, monkeypatch):
    """The first box of the tab shown has the focus, and nothing else had it for a moment as the screen opened
    (Textual's auto-focus gave it to the tabs' row first, restyling the row and its nine parts twice)."""
    focused = focus_moves(monkeypatch)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        assert app.focused is screen.pane.first_field()
        assert [widget for widget in focused if widget is not None and widget.screen is screen] == [app.focused]


async def test_keys_move_between_seats_and_quote_the_rules(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+r")  # nothing settled yet: said, nothing opened
        assert app.screen is screen
        await press(pilot, "ctrl+x")
        screen.query_one("#naval-strength-0", Input).focus()
        await press(pilot, "down", "down", "enter")
        assert screen.focused is screen.query_one("#naval-strength-3", Input)
        await press(pilot, "up")
        assert screen.focused is screen.query_one("#naval-strength-2", Input)
        await press(pilot, "ctrl+r")
        assert isinstance(app.screen, RulingDialog)
        await press(pilot, "escape")
        assert app.screen is screen


# --- 80x24 snapshots, one per tab, with the rulebook's example on show -------------------------------------


def snapshot_of_tab(tabs_right: int):
    async def run_before(pilot) -> None:
        await open_rulings(pilot)
        await press(pilot, *["ctrl+right"] * tabs_right, "ctrl+x")
        await settle(pilot)

    return run_before


def test_snapshot_naval_tab(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=snapshot_of_tab(0))


def test_snapshot_coins_tab(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=snapshot_of_tab(1))


def test_snapshot_ground_tab(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=snapshot_of_tab(2))


def test_snapshot_guild_tab(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=snapshot_of_tab(3))


async def test_left_and_right_move_between_the_coins_grids_boxes(make_app):
    """Issue 31 item 8: ←/→ in the coins grid go to the box beside, as in a spreadsheet, not inside a box."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rulings(pilot)
        await press(pilot, "ctrl+right")
        screen.query_one("#coins-cl-0").focus()
        await settle(pilot)
        await press(pilot, "right")
        assert screen.focused is not None and screen.focused.id == "coins-tax-0"
        await press(pilot, "right", "right")
        assert screen.focused.id == "coins-held-0"
        await press(pilot, "left")
        assert screen.focused.id == "coins-pirates-0"
