"""The Leaders recruitment phase: one row per player, leader and use, typed with the keyboard."""

from __future__ import annotations

from textual.widgets import Select

from scorer.flow import Step
from tests.records import example, without_age
from tests.tui.driver import focus_moves, press, settle, start_at
from widgets import compat
from widgets.card_picker import CardPicker
from widgets.screens.recruitment import RecruitmentScreen

SIZE = (80, 24)


def leaders_game() -> dict:
    return without_age(example("leaders-5p.json"), 1, 2, 3)


def plays(app, age: int, name: str) -> list[dict]:
    return [{"name": p.name, "use": p.use} for p in app.session.record.entry(age, name).leaders]


async def test_rows_record_each_players_leader_by_english_or_portuguese_name(make_app):
    app = make_app(leaders_game(), Step("recruitment", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RecruitmentScreen)
        assert [row.player for row in app.screen.query("RecruitRow")] == ["Ana", "Bruno", "Carla", "Davi", "Elisa"]
        await press(pilot, *"nabuco", "enter")
        await settle(pilot)
        assert plays(app, 1, "Ana") == [{"name": "Nebuchadnezzar", "use": "recruit"}]
        assert app.focused is app.screen.query_one("#leader-1", CardPicker).input  # the next player's turn
        await press(pilot, *"aristot", "enter")
        await settle(pilot)
        assert plays(app, 1, "Bruno") == [{"name": "Aristotle", "use": "recruit"}]
        offered = {leader.en for leader in app.screen.query_one("#leader-2", CardPicker).matches("")}
        assert "Nebuchadnezzar" not in offered and "Aristotle" not in offered and "Semiramis" not in offered
        assert "Nebuchadnezzar" in {leader.en for leader in app.screen.query_one("#leader-0", CardPicker).matches("")}


async def test_a_leader_used_as_a_wonder_stage_counts_one_stage_of_the_age(make_app):
    app = make_app(leaders_game(), Step("recruitment", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, *"imho", "enter")
        use = app.screen.query_one("#use-0", Select)
        use.value = "wonder"
        await settle(pilot)
        assert plays(app, 2, "Ana") == [{"name": "Imhotep", "use": "wonder"}]
        assert app.session.record.entry(2, "Ana").wonder_stages == 1
        use.value = "discard"
        await settle(pilot)
        assert app.session.record.entry(2, "Ana").wonder_stages == 0
        use.value = "wonder"
        await settle(pilot)
        await press(pilot, "shift+tab", "shift+tab")  # back over Ana's use menu to her box
        await press(pilot, "ctrl+u", "enter")  # an empty box clears the leader, and its stage
        await settle(pilot)
        assert plays(app, 2, "Ana") == [] and app.session.record.entry(2, "Ana").wonder_stages == 0
        await press(pilot, "ctrl+z")
        await settle(pilot)
        assert plays(app, 2, "Ana") == [{"name": "Imhotep", "use": "wonder"}]
        assert app.screen.query_one("#leader-0", CardPicker).text == "Imhotep"


async def test_next_step_refuses_a_typed_but_unpicked_leader_then_warns_once_about_missing_ones(make_app):
    app = make_app(leaders_game(), Step("recruitment", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, *"zzz", "enter")
        assert not app.screen.ready()
        await press(pilot, "ctrl+u", *"midas", "enter")
        await settle(pilot)
        assert plays(app, 1, "Ana") == [{"name": "Midas", "use": "recruit"}]
        assert not app.screen.ready()  # four players have no leader: a warning first
        assert app.screen.ready()


def test_snapshot_recruitment(make_app, snap_compare):
    app = make_app()

    async def run_before(pilot) -> None:
        start_at(app, leaders_game(), Step("recruitment", 1))
        await settle(pilot)
        await press(pilot, *"nabuco", "enter", *"pla")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


# --- in Portuguese: names as the Brazilian cards print them, the table's words ------------------------------


async def test_recruitment_in_portuguese(make_app, portuguese):
    app = make_app(leaders_game(), Step("recruitment", 2))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.sub_title == "Era II · recrutamento de Líderes"
        await press(pilot, *"nabuco")
        await settle(pilot)
        picker = app.screen.query_one("#leader-0", CardPicker)
        assert str(picker.query_one("_Matches").get_option_at_index(0).prompt).startswith("Nabucodonosor (")
        await press(pilot, "enter")
        await settle(pilot)
        assert plays(app, 2, "Ana") == [{"name": "Nebuchadnezzar", "use": "recruit"}]  # the record keeps English
        assert picker.text == "Nabucodonosor"
        app.screen.query_one("#use-0", Select).value = "wonder"
        await settle(pilot)
        assert str(app.screen.query_one("#recruit-status").render()) == (
            "1 de 5 jogadores digitados · Ana +1 estágio (Líder usado como estágio)"
        )
        await press(pilot, *"tomiris")
        assert not app.screen.ready()
        await settle(pilot)
        assert "Bruno: 'tomiris' foi digitado mas não escolhido. Enter escolhe o Líder destacado." in [
            n.message for n in compat.notifications(app)
        ]
        await press(pilot, "enter")
        await settle(pilot)
        assert plays(app, 2, "Bruno") == [{"name": "Tomyris", "use": "recruit"}]
        assert not app.screen.ready()
        await settle(pilot)
        assert "Ainda sem Líder: Carla, Davi, Elisa. Aperte ctrl+n de novo para seguir assim mesmo." in [
            n.message for n in compat.notifications(app)
        ]


def test_snapshot_recruitment_in_portuguese(make_app, snap_compare, portuguese):
    app = make_app()

    async def run_before(pilot) -> None:
        start_at(app, leaders_game(), Step("recruitment", 1))
        await settle(pilot)
        await press(pilot, *"nabuco", "enter")
        app.screen.query_one("#use-0", Select).value = "wonder"
        await press(pilot, *"plat")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def test_the_phones_offer_exactly_the_leaders_each_row_offers_never_the_blank_card(make_app):
    """The phone listed the blank Semiramis card, which the rows leave out and the session refuses (422): both
    now ask the core's `recruitable`, so each seat's phone and its row offer the same leaders."""
    from scorer.phones.table import PhoneTable

    app = make_app(leaders_game(), Step("recruitment", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, *"nabuco", "enter")
        await settle(pilot)
        table = PhoneTable(app.session)
        for seat, name in enumerate(app.session.record.names):
            phone = {choice["id"] for choice in table.state(name)["recruitment"]["choices"]}
            row = {leader.id for leader in app.screen.query_one(f"#leader-{seat}", CardPicker).matches("")}
            assert phone == row and "semiramis" not in phone
        assert "nebuchadnezzar" not in phone  # Ana's, offered in her own row only


async def test_the_leaders_use_takes_its_letter_without_opening(make_app):
    """Issue 31 item 3: w(onder), d(iscard), r(ecruit) choose what was done with the leader, the list closed."""
    from textual.widgets import Select

    from scorer.flow import Step
    from tests.records import example
    from tests.tui.driver import press, settle

    app = make_app(example("leaders-5p.json"), Step("recruitment", 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        use = app.screen.query_one("#use-0", Select)
        use.focus()
        await press(pilot, "w")
        assert use.value == "wonder" and not use.expanded
        await press(pilot, "d")
        assert use.value == "discard"
        await press(pilot, "r")
        assert use.value == "recruit"


async def test_the_rows_list_is_never_focused_only_the_boxes_in_it(make_app, monkeypatch):
    """The screen opens on the first player's box, and Shift+Tab from there wraps to the last player's use
    menu: the list holding the rows is not a stop of its own (nor focused for a moment as the screen opens)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        focused = focus_moves(monkeypatch)
        start_at(app, leaders_game(), Step("recruitment", 1))
        await settle(pilot)
        assert app.focused is app.screen.query_one("#leader-0", CardPicker).input
        await press(pilot, "shift+tab")
        assert app.focused is app.screen.query_one("#use-4", Select)
        assert focused and not [widget for widget in focused if getattr(widget, "id", None) == "recruit-rows"]
