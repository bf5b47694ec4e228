"""The card search the phones share with the table app's picker, and a phone's own language beside the table's."""

from __future__ import annotations

import asyncio

from scorer.catalog import load_catalog
from scorer.i18n import current_language, set_language, speaking, t
from scorer.search import label_of, matches, not_offered_text, rank
from scorer.validate import load_record
from tests.records import example


def test_a_search_finds_cards_by_either_name_without_accents():
    cards = load_catalog().deck(1, 3)
    assert [card.en for card in matches("paliç", cards)][:1] == ["Stockade"]
    assert [card.en for card in matches("palic", cards)][:1] == ["Stockade"]
    assert rank("STOCK", load_catalog().card("Stockade", 1)) == 0
    assert rank("zzz", load_catalog().card("Stockade", 1)) is None


def test_a_name_starting_with_the_search_comes_before_one_holding_it():
    found = [card.en for card in matches("ba", load_catalog().deck(1, 7))]
    assert found.index("Baths") < found.index("Stone Pit") if "Stone Pit" in found else found[0] == "Baths"


def test_a_phone_speaks_its_own_language_while_the_table_keeps_its_own():
    set_language("en")
    try:
        with speaking("pt"):
            assert current_language() == "pt"
            assert label_of(load_catalog().card("Stockade", 1)) == "Paliçada"
        assert current_language() == "en"
        assert label_of(load_catalog().card("Stockade", 1)) == "Stockade / Paliçada"
    finally:
        set_language("en")


def test_requests_answered_at_once_each_keep_their_language():
    set_language("en")

    async def answer(language: str) -> str:
        with speaking(language):
            await asyncio.sleep(0)  # the other request runs here, in its own context
            return t("picker.nothing")

    async def both() -> list[str]:
        return list(await asyncio.gather(answer("pt"), answer("en")))

    portuguese, english = asyncio.run(both())
    assert portuguese != english
    assert current_language() == "en"


def test_a_card_left_out_says_why_in_the_table_s_words():
    record = load_record(example("base-3p.json"))
    words = not_offered_text(record, load_catalog(), 1, record.names[0], "doca")  # Armada's Dock, not this game
    assert words is not None and "Dock" in words
