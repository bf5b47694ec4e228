"""The end-of-age screen, driven with the keyboard as the person typing for the table would."""

from __future__ import annotations

from textual.widgets import Checkbox, Input, Label, OptionList, Select, Static

from scorer.flow import Step
from scorer.rules.sheet import score_game
from scorer.validate import load_record
from tests.records import courtesans_game, example, leaders_discarded, only_recruited, without_age
from tests.tui.driver import notifications, press, settle, start_at
from widgets import compat
from widgets.card_picker import CardPicker
from widgets.item_list import ItemList
from widgets.screens.age import AgeScreen
from widgets.stepper import Stepper

SIZE = (80, 24)


def base_game() -> dict:
    return without_age(example("base-3p.json"), 1, 2, 3)


def armada_game(*ages: int) -> dict:
    return without_age(example("leaders-armada-7p.json"), *ages)


def entry(app, age: int, name: str) -> dict:
    block = next(b for b in app.session.data["ages"] if b["age"] == age)
    return block["players"][name]


def text_of(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def type_card(pilot, name: str) -> None:
    """Type into the focused picker and press Enter, as the table does."""
    await press(pilot, *name, "enter")
    await settle(pilot)


async def test_cards_by_english_and_portuguese_names_then_a_stage_and_the_ground_strength(make_app):
    app = make_app(base_game(), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, AgeScreen) and app.screen.player == "Ann"
        await type_card(pilot, "stock")
        await type_card(pilot, "palic")  # Paliçada is the Portuguese Stockade: already built, not offered
        assert entry(app, 1, "Ann")["cards"] == ["Stockade"]
        await press(pilot, "ctrl+u")
        await type_card(pilot, "jazida")
        await type_card(pilot, "GUA")
        assert entry(app, 1, "Ann")["cards"] == ["Stockade", "Stone Pit", "Guard Tower"]
        app.screen.query_one("#age-stages", Stepper).focus()
        await press(pilot, "plus")
        await settle(pilot)
        assert entry(app, 1, "Ann")["wonder_stages"] == 1
        ground = text_of(app, "#age-ground .age-account")
        assert ground.startswith("Ground 2") and "Stockade 1 + Guard Tower 1 = 2" in ground
        assert "turns 4 of 6" in text_of(app, "#age-cards-title")


async def test_a_card_not_in_the_deck_at_this_count_is_not_offered(make_app):
    app = make_app(base_game(), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        picker = app.screen.query_one("#age-picker", CardPicker)
        assert "Tavern" not in {card.en for card in picker.matches("")}  # a 4-player card
        await type_card(pilot, "tavern")
        assert picker.shown == ()
        assert "Tavern / Taverna is in the deck only from 4 players (3 play)" in str(
            picker.query_one(OptionList).get_option_at_index(0).prompt
        )
        assert app.session.data["ages"] == []
        assert not app.screen.ready()  # the search is typed but nothing was added: say so, stay


async def test_a_dock_at_three_players_is_explained_in_portuguese(make_app, portuguese):
    """The table reads "Doca" on the card in hand; at 3 players the Armada cards with an incursion are left
    out, and the picker says so in the table's words."""
    data = without_age(example("base-3p.json"), 1, 2, 3)
    data["expansions"] = ["armada"]
    for seat, fleet in zip(data["players"], ("red", "yellow", "blue")):
        seat["wonder_fleet"] = fleet
    app = make_app(data, Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, *"doca")
        picker = app.screen.query_one("#age-picker", CardPicker)
        assert str(picker.query_one(OptionList).get_option_at_index(0).prompt) == (
            "'doca': Doca fica fora das partidas de 3 jogadores"
        )


async def test_undo_after_moving_on_then_undo_and_delete_take_a_card_back_from_the_list(make_app):
    """In one walk round Ann's Age I: ctrl+z after PgDn shows again the player whose change it undid; ctrl+z
    takes the card back from the record and the list; Delete on the list removes the highlighted card."""
    app = make_app(base_game(), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_card(pilot, "bath")
        await press(pilot, "pagedown", "ctrl+z")
        await settle(pilot)
        assert app.screen.player == "Ann" and app.session.record.progress["player"] == "Ann"
        assert app.session.record.entry(1, "Ann").cards == []

        await type_card(pilot, "baths")
        assert app.screen.query_one("#age-built", ItemList).option_count == 1
        await press(pilot, "ctrl+z")
        await settle(pilot)
        assert app.session.record.entry(1, "Ann").cards == []
        assert app.screen.query_one("#age-built", ItemList).option_count == 0

        await type_card(pilot, "baths")
        await type_card(pilot, "altar")
        await press(pilot, "shift+tab", "delete")
        await settle(pilot)
        assert entry(app, 1, "Ann")["cards"] == ["Altar"]


async def test_ships_islands_forgotten_port_and_a_typed_strength(make_app):
    app = make_app(armada_game(1, 2, 3), Step("age", 1), "Cris")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.query_one("#fleet-red", Stepper).focus()
        await press(pilot, "right", "right")
        await settle(pilot)
        assert entry(app, 1, "Cris")["ships"] == {"red": 2, "yellow": 0, "blue": 0, "green": 0}
        assert "2 naval shields" in app.screen.query_one("#fleet-red", Stepper).note
        assert text_of(app, "#age-naval .age-account").startswith("Naval 2")

        app.screen.query_one("#age-island-picker Input").focus()
        await type_card(pilot, "esquec")
        assert entry(app, 1, "Cris")["islands"] == ["Porto Esquecido"]
        abstain = app.screen.query_one("#age-abstain", Checkbox)
        assert abstain.display
        abstain.value = True
        await settle(pilot)
        assert entry(app, 1, "Cris")["abstain_naval"] is True

        app.screen.query_one("#typed-ground", Input).focus()
        await press(pilot, "5", "enter")
        await settle(pilot)
        assert entry(app, 1, "Cris")["ground_strength"] == 5
        assert "TYPED" in text_of(app, "#age-ground .age-account") and "typed by the table: 5" in text_of(
            app, "#age-ground .age-account"
        )

        app.screen.query_one("#age-islands", ItemList).focus()
        await press(pilot, "delete")
        await settle(pilot)
        assert "islands" not in entry(app, 1, "Cris") and "abstain_naval" not in entry(app, 1, "Cris")
        assert not app.screen.query_one("#age-abstain", Checkbox).display


async def test_ships_never_move_down_and_owned_islands_are_not_offered(make_app):
    app = make_app(armada_game(2, 3), Step("age", 2), "Enzo")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        red = app.screen.query_one("#fleet-red", Stepper)
        assert red.value == 2  # where Age I left it
        red.focus()
        await press(pilot, "left")
        await settle(pilot)
        assert red.value == 2 and app.session.record.entry(2, "Enzo").ships is None
        islands = app.screen.query_one("#age-island-picker", CardPicker).matches("")
        assert "Deserted Island" not in {island.en for island in islands}  # Enzo's since Age I


async def test_a_jetty_targets_the_player_the_table_picks(make_app):
    app = make_app(armada_game(3), Step("age", 3), "Dora")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_card(pilot, "molhe")
        assert entry(app, 3, "Dora")["cards"] == ["Jetty"]
        select = app.screen.query_one(".age-incursion", Select)
        assert select.value == "Ben"  # two seats to Dora's right, as its arrow points
        select.value = "Flor"
        await settle(pilot)
        assert entry(app, 3, "Dora")["incursions"] == ["Flor"]
        assert app.screen.query_one(".age-incursion", Select) is select  # the row stays, and so does the focus


async def test_moving_between_players_is_remembered_by_the_draft(make_app):
    app = make_app(base_game(), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_card(pilot, "baths")
        await press(pilot, "pagedown")
        await settle(pilot)
        assert app.screen.player == "Bob"
        assert app.session.record.progress == {"step": "age", "age": 1, "player": "Bob"}
        await press(pilot, "pageup", "pageup")
        assert app.screen.player == "Cid"
        app._saver.flush()
        game_id = app.session.record.id

    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        again.start_game(again.store.load(game_id))
        await settle(pilot)
        assert isinstance(again.screen, AgeScreen) and again.screen.player == "Cid"
        assert again.session.record.entry(1, "Ann").cards == ["Baths"]


async def test_next_step_waits_for_a_valid_typed_value_and_for_every_player(make_app):
    app = make_app(base_game(), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.screen.query_one("#typed-ground", Input).focus()
        await press(pilot, "minus", "ctrl+n")
        await settle(pilot)
        assert app.session.step == Step("age", 1) and isinstance(app.screen, AgeScreen)
        await press(pilot, "backspace", "3", "enter")
        assert entry(app, 1, "Ann")["ground_strength"] == 3
        assert not app.screen.ready()  # Bob and Cid have nothing yet: a warning first
        assert app.screen.ready()  # ctrl+n again goes on


async def test_a_recruited_leader_alone_does_not_count_as_entering_the_age(make_app):
    """After the Leaders recruitment every player has a leader for the age, yet nobody's builds are typed:
    the strip marks no one, one card of the age's seven turns does not tick a player either, and the first
    ctrl+n still names everyone missing."""
    data = only_recruited(armada_game(1, 2, 3))
    app = make_app(data, Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "✓" not in text_of(app, "#age-players")
        await type_card(pilot, "baths")
        assert "✓" not in text_of(app, "#age-players")  # turns 1 of 7
        assert not app.screen.ready()  # the others have only their leader: a warning first
        assert app.screen.ready()


async def test_quick_counts_replace_card_names_and_keep_the_strengths(make_app):
    app = make_app(base_game(), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for name in ("stock", "bath", "scrip"):
            await type_card(pilot, name)
        app.screen.query_one("#age-quick", Checkbox).value = True
        await settle(pilot)
        quick = app.session.data["end"]["Ann"]["quick"]
        assert quick["colours"]["red"] == 1 and quick["colours"]["blue"] == 1 and quick["civilian"] == 3
        assert quick["science"]["tablet"] == 1
        assert entry(app, 1, "Ann")["cards"] == [] and entry(app, 1, "Ann")["ground_strength"] == 1
        assert app.screen.query_one("#age-quickform").display and not app.screen.query_one("#age-cards").display
        box = app.screen.query_one("#quick-commercial", Input)
        box.focus()
        await press(pilot, "ctrl+u", "4", "enter")
        await settle(pilot)
        assert app.session.data["end"]["Ann"]["quick"]["commercial"] == 4
        app.screen.query_one("#typed-ground", Input).focus()
        await press(pilot, "ctrl+u", "enter")  # a quick-counts player's strength cannot be left to the cards
        await settle(pilot)
        assert entry(app, 1, "Ann")["ground_strength"] == 1
        app.screen.query_one("#age-quick", Checkbox).value = False
        await settle(pilot)
        assert "quick" not in app.session.data["end"]["Ann"]


async def test_quick_counts_boxes_are_built_at_the_first_switch_focused_with_the_players_counts(make_app):
    """A screen never showing quick counts (or the Courtesans Guild) never builds their boxes (each widget
    costs every key's layout and idle wait); the first switch builds them, focused on the first box, and
    they are kept for the next quick-counts player."""
    app = make_app(base_game(), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not app.screen.query("#age-quickform Input") and not app.screen.query("#age-courtesans Select")
        await type_card(pilot, "lumb")
        app.screen.query_one("#age-quick", Checkbox).value = True
        await settle(pilot)
        brown = app.screen.query_one("#quick-colours-brown", Input)
        assert app.screen.focused is brown and brown.value == "1"
        await press(pilot, "ctrl+u", "3", "enter")
        await settle(pilot)
        assert app.session.data["end"]["Ann"]["quick"]["colours"]["brown"] == 3
        await press(pilot, "pagedown", "pageup")
        await settle(pilot)
        assert app.screen.player == "Ann" and app.screen.query_one("#quick-colours-brown", Input) is brown
        assert app.screen.focused is brown and brown.value == "3"


def entries(app, name: str) -> dict[int, dict]:
    return {block["age"]: block["players"][name] for block in app.session.data["ages"]}


async def test_switching_quick_counts_off_gives_back_every_ages_cards_and_the_docks_incursion(make_app):
    """Enzo's Age I Dock attacks a neighbour: quick counts on then off, his cards in every age, his incursion
    and the strengths the cards give are back as they were, with no ctrl+z."""
    app = make_app(example("leaders-armada-7p.json"), Step("age", 1), "Enzo")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = entries(app, "Enzo")
        ground = text_of(app, "#age-ground .age-account")
        assert "Dock" in before[1]["cards"]
        app.screen.query_one("#age-quick", Checkbox).value = True
        await settle(pilot)
        assert all(entry["cards"] == [] for entry in entries(app, "Enzo").values())
        app.screen.query_one("#age-quick", Checkbox).value = False
        await settle(pilot)
        assert entries(app, "Enzo") == before
        assert "quick" not in app.session.data["end"]["Enzo"]
        assert text_of(app, "#age-ground .age-account") == ground


async def test_the_cards_set_aside_by_quick_counts_come_back_after_a_restart(make_app):
    app = make_app(example("leaders-armada-7p.json"), Step("age", 2), "Enzo")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = entries(app, "Enzo")
        app.screen.query_one("#age-quick", Checkbox).value = True
        await settle(pilot)
        await press(pilot, "ctrl+q")
    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await press(pilot, "r")
        await settle(pilot)
        assert isinstance(again.screen, AgeScreen) and again.screen.player == "Enzo" and again.screen.quick
        again.screen.query_one("#age-quick", Checkbox).value = False
        await settle(pilot)
        assert entries(again, "Enzo") == before


# --- snapshots (80x24): look at them with --snapshot-update and the SVGs in __snapshots__ ---------------


def test_snapshot_age_base_game(make_app, snap_compare):
    app = make_app()

    async def run_before(pilot) -> None:
        start_at(app, base_game(), Step("age", 1), "Bob")
        await settle(pilot)
        for name in ("barr", "alt", "prens"):
            await type_card(pilot, name)
        await press(pilot, *"sc")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_age_armada_game(make_app, snap_compare):
    app = make_app()

    async def run_before(pilot) -> None:
        start_at(app, armada_game(2, 3), Step("age", 2), "Cris")
        await settle(pilot)
        for name in ("map", "viney", "carav"):
            await type_card(pilot, name)
        app.screen.query_one("#fleet-yellow", Stepper).focus()
        await press(pilot, "4")
        app.screen.query_one("#age-island-picker Input").focus()
        await type_card(pilot, "esquec")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


# --- in Portuguese: the Brazilian cards' names, typed with or without accents, and the table's words ------


def options(items: ItemList) -> list[str]:
    return [str(items.get_option_at_index(i).prompt) for i in range(items.option_count)]


async def test_age_in_portuguese_cards_stages_and_strength(make_app, portuguese):
    app = make_app(base_game(), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.sub_title == "Era I · fim da Era"
        assert app.screen.query_one("#age-picker Input", Input).placeholder == "adicionar carta: português ou inglês"
        await type_card(pilot, "palicada")
        await type_card(pilot, "stock")  # the same card by its English name: built already, not offered
        await press(pilot, "ctrl+u")
        await type_card(pilot, "TORRE DE VIGIA")
        assert entry(app, 1, "Ann")["cards"] == ["Stockade", "Guard Tower"]  # the record keeps English names
        assert options(app.screen.query_one("#age-built", ItemList)) == [
            "Paliçada (vermelha)",
            "Torre de Vigia (vermelha)",
        ]
        assert text_of(app, "#age-cards-title") == "Na Era I: 2 cartas · 2 de 6 turnos"
        app.screen.query_one("#age-stages", Stepper).focus()
        await press(pilot, "plus")
        await settle(pilot)
        assert app.screen.query_one("#age-stages", Stepper).note == "Gizé A: 1/3 construídos"
        assert text_of(app, "#age-ground .age-account").startswith("Escudos Terrestres 2")
        app.screen.query_one("#typed-ground", Input).focus()
        await press(pilot, "minus", "ctrl+n")
        await settle(pilot)
        assert "'-' não é permitido: digite um número inteiro, 0 ou mais (ou nada, para usar a Força calculada)." in [
            n.message for n in compat.notifications(app)
        ]
        await press(pilot, "backspace", "enter")
        assert not app.screen.ready()
        await settle(pilot)
        assert "Nada digitado ainda para Bob, Cid na Era I. Aperte ctrl+n de novo para seguir assim mesmo." in [
            n.message for n in compat.notifications(app)
        ]
        pagedown = app.screen.active_bindings["pagedown"].binding
        assert pagedown.description == "Próximo jogador" and pagedown.group.description == "◂ Jogador ▸"


async def test_armada_age_in_portuguese_an_incursion_and_a_customs_office(make_app, portuguese):
    app = make_app(armada_game(3), Step("age", 3), "Dora")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_card(pilot, "molhe")
        assert entry(app, 3, "Dora")["cards"] == ["Jetty"]
        assert str(app.screen.query_one(".age-incursion-label", Label).render()) == "Molhe ataca"
        select = app.screen.query_one(".age-incursion", Select)
        assert [str(prompt) for prompt, _ in select._options] == ["Flor (2 à esquerda)", "Ben (2 à direita)"]
        await type_card(pilot, "alfandega")
        assert entry(app, 3, "Dora")["cards"] == ["Jetty", "Customs Office"]
        assert options(app.screen.query_one("#age-built", ItemList))[-1] == "Alfândega Portuária (amarela)"


async def test_armada_age_in_portuguese_fleets_and_forgotten_port(make_app, portuguese):
    app = make_app(armada_game(1, 2, 3), Step("age", 1), "Cris")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        red = app.screen.query_one("#fleet-red", Stepper)
        red.focus()
        await press(pilot, "right")
        await settle(pilot)
        assert red.label == "Vermelha ^r" and red.note == "1 Escudo Naval (+1)"
        assert text_of(app, "#age-naval .age-account").startswith("Força Naval 1")
        assert text_of(app, "#age-islands-title") == "Nenhuma ilha obtida nesta Era"
        app.screen.query_one("#age-island-picker Input").focus()
        await press(pilot, *"porto esquecido")
        await settle(pilot)
        assert app.screen.query_one("#age-island-picker", CardPicker).shown[0].en == "Forgotten Port"
        await press(pilot, "enter")
        await settle(pilot)
        assert options(app.screen.query_one("#age-islands", ItemList)) == ["Porto Esquecido"]
        abstain = app.screen.query_one("#age-abstain", Checkbox)
        assert str(abstain.label) == "Porto Esquecido: fora do naval"
        abstain.value = True
        await settle(pilot)
        assert "; fica fora (Porto Esquecido)" in text_of(app, "#age-naval .age-account")


def test_snapshot_age_armada_game_in_portuguese(make_app, snap_compare, portuguese):
    app = make_app()

    async def run_before(pilot) -> None:
        start_at(app, armada_game(2, 3), Step("age", 2), "Cris")
        await settle(pilot)
        for name in ("mapa", "vinhedo", "caravan"):
            await type_card(pilot, name)
        app.screen.query_one("#fleet-yellow", Stepper).focus()
        await press(pilot, "4")
        app.screen.query_one("#age-island-picker Input").focus()
        await type_card(pilot, "esquec")

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


# --- the Courtesans Guild (Leaders): the neighbour's recruited leader it copies ----------------------------


def carla_sheet(app):
    return next(p for p in score_game(app.session.record).players if p.name == "Carla")


def courtesans_options(app) -> list[str]:
    """The menu's prompt (shown while nothing is chosen), then its leaders."""
    select = app.screen.query_one("#age-courtesans-choice", Select)
    return [select.prompt, *(str(prompt) for prompt, value in select._options if value != Select.NULL)]


async def test_the_courtesans_guild_copies_a_neighbours_leader_chosen_with_the_keyboard(make_app):
    app = make_app(courtesans_game(), Step("age", 3), "Carla")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#age-courtesans").display
        assert text_of(app, "#age-courtesans-title") == "Courtesans Guild copies:"
        assert courtesans_options(app) == [
            "choose the leader copied",
            "Alexander (Davi)",
            "Caesar (Davi)",
            "Nefertiti (Bruno)",
            "Ptolemy (Bruno)",
            "Hiram (Bruno)",
        ]
        ground = text_of(app, "#age-ground .age-account")
        app.screen.query_one("#age-courtesans-choice", Select).focus()
        await press(pilot, "enter", "down", "down", "enter")  # open the menu, past the prompt and Alexander
        await settle(pilot)
        assert entry(app, 3, "Carla")["courtesans"] == "Caesar"
        assert app.session.record.entry(3, "Carla").courtesans == "Caesar"
        shields = int(ground.split()[1])
        assert text_of(app, "#age-ground .age-account").startswith(f"Ground {shields + 2}")
        assert "Caesar 2" in text_of(app, "#age-ground .age-account")
        assert carla_sheet(app).rows["leaders"].value == 0  # Caesar's effect is shields, no VP at the end

        await press(pilot, "enter", "down", "enter")  # Nefertiti: 4 VP in Carla's Leaders row
        await settle(pilot)
        assert entry(app, 3, "Carla")["courtesans"] == "Nefertiti"
        assert "Caesar" not in text_of(app, "#age-ground .age-account")
        leaders = carla_sheet(app).rows["leaders"]
        assert leaders.value == 4 and leaders.account == ("Courtesans Guild copies Nefertiti: 4 VP",)

        await press(pilot, "enter", "home", "enter")  # the prompt again: nothing copied
        await settle(pilot)
        assert "courtesans" not in entry(app, 3, "Carla")
        assert app.screen.query_one("#age-courtesans-choice", Select).is_blank()


async def test_the_menu_shows_only_for_the_guilds_owner_and_follows_the_player_on_screen(make_app):
    app = make_app(courtesans_game("Hiram"), Step("age", 3), "Bruno")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not app.screen.query_one("#age-courtesans").display
        await press(pilot, "pagedown")
        await settle(pilot)
        assert app.screen.player == "Carla" and app.screen.query_one("#age-courtesans").display
        assert app.screen.query_one("#age-courtesans-choice", Select).value == "Hiram"
        await press(pilot, "pagedown")
        await settle(pilot)
        assert app.session.record.entry(3, "Carla").courtesans == "Hiram"  # showing another player changes nothing
        assert not app.screen.query_one("#age-courtesans").display


async def test_deleting_the_courtesans_guild_removes_its_copy_in_the_same_edit(make_app):
    """(Switching to quick counts drops the copy too: tests/unit/test_edits_quick.py, on the edit itself.)"""
    app = make_app(courtesans_game("Caesar"), Step("age", 3), "Carla")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Caesar 2" in text_of(app, "#age-ground .age-account")
        built = app.screen.query_one("#age-built", ItemList)
        built.focus()
        built.highlighted = 0  # the Courtesans Guild, where the Scientists Guild was
        await press(pilot, "delete")
        await settle(pilot)
        assert "Courtesans Guild" not in entry(app, 3, "Carla")["cards"]
        assert "courtesans" not in entry(app, 3, "Carla")
        load_record(app.session.data)  # the record still validates
        assert not app.screen.query_one("#age-courtesans").display
        assert "Caesar" not in text_of(app, "#age-ground .age-account")
        await press(pilot, "ctrl+z")
        await settle(pilot)
        assert (
            entry(app, 3, "Carla")["courtesans"] == "Caesar" and "Courtesans Guild" in entry(app, 3, "Carla")["cards"]
        )
        assert app.screen.query_one("#age-courtesans-choice", Select).value == "Caesar"


async def test_next_step_warns_once_when_the_courtesans_guild_copies_no_leader(make_app):
    app = make_app(courtesans_game(), Step("age", 3), "Ana")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, AgeScreen) and app.session.step == Step("age", 3)
        assert (
            "Carla built the Courtesans Guild in Age III but no leader is chosen for it to copy. Press ctrl+n "
            "again to go on anyway." in notifications(app)
        )
        await press(pilot, "ctrl+n")
        await settle(pilot)
        assert app.session.step != Step("age", 3)


async def test_a_courtesans_guild_with_no_neighbour_leader_says_so(make_app):
    data = leaders_discarded(courtesans_game(), "Bruno", "Davi")
    app = make_app(data, Step("age", 3), "Carla")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert text_of(app, "#age-courtesans-title") == (
            "Courtesans Guild: neither Davi nor Bruno has recruited a leader to copy"
        )
        assert not any(menu.display for menu in app.screen.query("#age-courtesans-choice"))  # no menu shown
        app.screen.ready()
        await pilot.pause()
        assert not any("copy" in message for message in notifications(app))  # nothing to choose: no warning


async def test_the_courtesans_guild_in_portuguese(make_app, portuguese):
    app = make_app(courtesans_game(), Step("age", 3), "Carla")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert text_of(app, "#age-courtesans-title") == "Guilda das Cortesãs copia:"
        assert courtesans_options(app) == [
            "escolha o Líder copiado",
            "Alexandre (Davi)",
            "César (Davi)",
            "Nefertiti (Bruno)",
            "Ptolomeu (Bruno)",
            "Hirão (Bruno)",
        ]
        assert not app.screen.ready()
        await settle(pilot)
        assert (
            "Carla construiu a Guilda das Cortesãs na Era III mas nenhum Líder foi escolhido para ela copiar. "
            "Aperte ctrl+n de novo para seguir assim mesmo." in notifications(app)
        )
        app.screen.query_one("#age-courtesans-choice", Select).focus()
        await press(pilot, "enter", "down", "down", "enter")
        await settle(pilot)
        assert entry(app, 3, "Carla")["courtesans"] == "Caesar"  # the record keeps the English name
        assert "César 2" in text_of(app, "#age-ground .age-account")


def test_snapshot_age_courtesans_guild(make_app, snap_compare):
    app = make_app()

    async def run_before(pilot) -> None:
        start_at(app, courtesans_game(), Step("age", 3), "Carla")
        await settle(pilot)
        app.screen.query_one("#age-courtesans-choice", Select).focus()
        await press(pilot, "enter", "down", "down", "enter")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def test_a_stepper_grows_and_shrinks_with_the_next_players_note(make_app):
    """PgDn from Ana (Gizah A: 3/3 built, one line) to Ben (Babylon A: 3/3 built, two lines) and on: each
    stepper is as tall as its note's lines, so 'built' and a move's '(+1)' never drop out of sight."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        data = example("leaders-armada-7p.json")
        start_at(app, data, Step("age", 3), "Ana")
        await settle(pilot)
        heights = []
        for _ in data["players"]:
            for stepper in app.screen.query(Stepper).results(Stepper):
                assert stepper.size.height == len(stepper.render().plain.splitlines()), stepper.id
            heights.append(app.screen.query_one("#age-stages", Stepper).size.height)
            await press(pilot, "pagedown")
        assert 1 in heights and 2 in heights  # the walk met a one-line and a two-line note
