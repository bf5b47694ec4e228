"""The card search: names from the Brazilian cards or the English rulebook, typed with or without accents,
found in either language; names shown as the table reads them."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from scorer.catalog import load_catalog
from scorer.i18n import set_language
from scorer.search import label_of, rank
from tests.tui.driver import notifications, press, restyles, settle
from widgets.card_picker import CardPicker, colour_of


def found(query: str, items) -> list[str]:
    """English names of the items matching `query`, best first (the picker's own order)."""
    scored = [(r, i, item) for i, item in enumerate(items) if (r := rank(query, item)) is not None]
    return [item.en for _, _, item in sorted(scored, key=lambda s: (s[0], s[1]))]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize(
    ("query", "kind", "wanted"),
    [
        ("porto esquecido", "islands", "Forgotten Port"),
        ("PORTO ESQUECIDO", "islands", "Forgotten Port"),
        ("forgotten", "islands", "Forgotten Port"),
        ("alfandega", "cards", "Customs Office"),
        ("alfândega portuária", "cards", "Customs Office"),
        ("customs", "cards", "Customs Office"),
        ("molhe", "cards", "Jetty"),
        ("jetty", "cards", "Jetty"),
        ("nabucodonosor", "leaders", "Nebuchadnezzar"),
        ("tomiris", "leaders", "Tomyris"),
    ],
)
def test_search_finds_either_name_without_accents_in_either_language(query, kind, wanted, language):
    set_language(language)
    try:
        assert found(query, getattr(load_catalog(), kind))[0] == wanted
    finally:
        set_language("en")


def test_names_shown_in_english_carry_the_portuguese_card_name():
    catalog = load_catalog()
    assert label_of(catalog.card("Stockade", 1), colour_of(catalog.card("Stockade", 1))) == "Stockade / Paliçada (red)"
    assert label_of(catalog.card("Altar", 1)) == "Altar"  # both editions print the same word


def test_names_shown_in_portuguese_put_the_brazilian_name_first(portuguese):
    catalog = load_catalog()
    stockade = catalog.card("Stockade", 1)
    assert label_of(stockade, colour_of(stockade)) == "Paliçada (vermelha)"
    assert label_of(stockade, colour_of(stockade), "palic") == "Paliçada (vermelha)"
    assert label_of(stockade, colour_of(stockade), "stock") == "Paliçada / Stockade (vermelha)"  # why it matched
    assert label_of(catalog.island("Forgotten Port"), query="porto esq") == "Porto Esquecido"


class PickerApp(App[None]):
    def __init__(self, items) -> None:
        super().__init__()
        self.items = items
        self.picked: list[str] = []

    def compose(self) -> ComposeResult:
        yield CardPicker(self.items)

    def on_card_picker_picked(self, event: CardPicker.Picked) -> None:
        self.picked.append(event.card.en)


async def test_typing_a_portuguese_name_without_accents_picks_the_card(portuguese):
    items = [card for card in load_catalog().cards if card.age == 3 and card.expansion == "armada"]
    app = PickerApp(items)
    async with app.run_test(size=(80, 24)) as pilot:
        picker = app.query_one(CardPicker)
        picker.input.focus()
        assert picker.input.placeholder == "digite um nome (português ou inglês)"
        await press(pilot, *"alfandega")
        await settle(pilot)
        assert [str(o.prompt) for o in picker.query_one("_Matches").options] == ["Alfândega Portuária (amarela)"]
        await press(pilot, "enter")
        await settle(pilot)
        assert app.picked == ["Customs Office"] and picker.text == ""
        await press(pilot, *"zzz")
        await settle(pilot)
        assert str(picker.query_one("_Matches").get_option_at_index(0).prompt) == "'zzz': nada com esse nome aqui"
        await press(pilot, "enter")
        await settle(pilot)
        assert "'zzz': nada com esse nome aqui." in notifications(app)


def age_one_cards():
    return [card for card in load_catalog().cards if card.age == 1 and card.expansion == "base"]


async def test_the_matches_follow_the_text_as_soon_as_it_changes():
    """The list is found again the moment the text changes, not when the input's Changed report arrives: the
    picker's own layout then joins the input's in one pass over the screen."""
    app = PickerApp(age_one_cards())
    async with app.run_test(size=(80, 24)) as pilot:
        picker = app.query_one(CardPicker)
        picker.input.value = "stoc"
        assert [card.en for card in picker.shown] == ["Stockade"]
        await settle(pilot)
        assert [str(o.prompt) for o in picker.query_one("_Matches").options] == ["Stockade / Paliçada (red)"]


async def test_a_letter_that_leaves_the_matches_as_they_are_keeps_the_list_and_the_layout():
    app = PickerApp(age_one_cards())
    async with app.run_test(size=(80, 24)) as pilot:
        picker = app.query_one(CardPicker)
        picker.input.focus()
        await press(pilot, *"stoc")
        await settle(pilot)
        matches = picker.query_one("_Matches")
        listed = list(matches.options)
        layouts: list[object] = []
        app.screen.screen_layout_refresh_signal.subscribe(picker, layouts.append)
        await press(pilot, "k")
        await settle(pilot)
        assert picker.text == "stock" and [card.en for card in picker.shown] == ["Stockade"]
        assert list(matches.options) == listed and all(a is b for a, b in zip(matches.options, listed))
        assert layouts == []  # the box and the list repainted, nothing on the screen moved
        await press(pilot, "enter")
        await settle(pilot)
        assert app.picked == ["Stockade"]


@pytest.mark.frames  # what the list repaints, and whether that lays the screen out, happens as frames are drawn
async def test_other_matches_in_a_list_of_the_same_height_are_repainted_without_laying_the_screen_out():
    """OptionList asks for a layout of the whole screen whenever its options change; the matches list replaces
    them without one when it keeps its height and its scrollbar (more than five matches before and after), and
    still with one when its height changes."""
    app = PickerApp(age_one_cards())
    async with app.run_test(size=(80, 24)) as pilot:
        picker = app.query_one(CardPicker)
        picker.input.focus()
        await settle(pilot)
        matches = picker.query_one("_Matches")
        everything = len(picker.shown)
        layouts: list[object] = []
        app.screen.screen_layout_refresh_signal.subscribe(picker, layouts.append)
        await press(pilot, "a")
        await settle(pilot)
        assert 5 < len(picker.shown) < everything and matches.size.height == 5
        assert [str(o.prompt) for o in matches.options] == [label_of(c, colour_of(c), "a") for c in picker.shown]
        assert layouts == []  # other cards in the same five lines: repainted, nothing on the screen moved
        await press(pilot, *"ltar")
        await settle(pilot)
        assert [card.en for card in picker.shown] == ["Altar"] and matches.size.height == 1
        assert layouts  # one line now: laid out


async def test_each_letter_highlights_the_best_match_again_even_when_the_matches_stay_the_same():
    app = PickerApp(age_one_cards())
    async with app.run_test(size=(80, 24)) as pilot:
        picker = app.query_one(CardPicker)
        picker.input.focus()
        await press(pilot, *"tradin", "down")
        await settle(pilot)
        matches = picker.query_one("_Matches")
        assert matches.highlighted == 1 and [card.en for card in picker.shown] == [
            "East Trading Post",
            "West Trading Post",
        ]
        await press(pilot, "g")
        await settle(pilot)
        assert matches.highlighted == 0
        await press(pilot, "down", "enter")
        await settle(pilot)
        assert app.picked == ["West Trading Post"]


async def test_a_search_that_changes_the_height_of_the_list_shows_every_match():
    app = PickerApp(age_one_cards())
    async with app.run_test(size=(80, 24)) as pilot:
        picker = app.query_one(CardPicker)
        picker.input.focus()
        await press(pilot, *"sto")
        await settle(pilot)
        matches = picker.query_one("_Matches")
        assert matches.outer_size.height == 4
        await press(pilot, "c")
        await settle(pilot)
        assert matches.outer_size.height == 1 and picker.outer_size.height == 2
        await press(pilot, "backspace")
        await settle(pilot)
        assert matches.outer_size.height == 4 and picker.outer_size.height == 5


class TwoPickers(App[None]):
    def compose(self) -> ComposeResult:
        yield CardPicker(id="empty")  # its candidates given later, as the screens do
        yield CardPicker(load_catalog().leaders[:3], id="offered", keep_choice=True)


async def test_a_picker_is_made_as_it_first_lists_and_a_name_shown_in_it_is_listed_once(monkeypatch):
    """The matches list is made with the class its first listing gives it (nothing to offer yet: a why that
    wraps), not restyled against the whole stylesheet as the picker mounts; a recorded name put in the box
    (recruitment's leader) is listed once, not again for the same text."""
    from widgets.card_picker import _Matches

    listings = []
    refilter = CardPicker._refilter

    def listing(picker):
        listings.append(picker.text)
        refilter(picker)

    restyled = restyles(monkeypatch)
    monkeypatch.setattr(CardPicker, "_refilter", listing)
    app = TwoPickers()
    async with app.run_test() as pilot:
        await settle(pilot)
        empty, offered = app.query_one("#empty", CardPicker), app.query_one("#offered", CardPicker)
        assert empty.query_one(_Matches).has_class("-nothing") and not offered.query_one(_Matches).has_class("-nothing")
        assert not [node for node in restyled if isinstance(node, _Matches)]
        listings.clear()
        name = offered.shown[1].en
        offered.show_text(name)
        offered.show_text(name)  # the same text again: listed again, for candidates that may have changed
        assert listings == [name, name] and offered.shown[0].en == name
