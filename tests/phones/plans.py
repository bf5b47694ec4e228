"""What a phone enters for Age I in the browser tests (tests/phones/test_browser.py and the table app's
combined test, tests/tui/test_phones.py), how a person taps it in, and the record the core's own edits give for
the same entries."""

from __future__ import annotations

import re
from typing import Any

from scorer.catalog import load_catalog
from scorer.edits.age import add_card, add_island, move_ship, set_wonder_stages
from scorer.i18n import speaking, t
from scorer.phones.table import PhoneTable
from tests.phones.browser import accepted
from tests.phones.tables import session_at

# What each phone enters for Age I: cards as typed (part of a name; Ben's phone in Portuguese, without the
# accents), a wonder stage, a ship moved, an island taken.
ANA = {"cards": [("alt", "altar"), ("lumber", "lumber_yard"), ("bath", "baths")], "fleet": ("blue", 3)}
BEN = {"cards": [("ofic", "workshop"), ("minerio", "ore_vein"), ("vidra", "glassworks")], "fleet": ("green", 1)}
ANA["island"], BEN["island"] = "amber_island", "bronze_island"


def words(language: str) -> dict[str, str]:
    with speaking(language):
        keys = (
            "search",
            "found",
            "more",
            "stages",
            "remove",
            "add_island",
            "discard_more",
            "done",
            "not_done",
            "declared",
            "discarded",
        )
        return {key: t(f"phones.page.{key}") for key in keys}


def colour(name: str, language: str) -> str:
    with speaking(language):
        return t(f"picker.colour.{name}").capitalize()


async def enter_age(page: Any, table: PhoneTable, player: str, plan: dict[str, Any], language: str) -> None:
    """`player`'s phone enters `plan` as a person taps it: each card typed into the search box and tapped
    among the results, then the wonder stage, the ship and the island."""
    from playwright.async_api import expect

    said = words(language)
    search = page.get_by_role("searchbox", name=said["search"])
    for typed, card in plan["cards"]:
        found = table.cards(player, typed, language)["cards"]
        assert found[0]["id"] == card  # the name typed finds the card first, as the page will list it
        await search.tap()
        await search.press_sequentially(typed, delay=60)
        button = page.get_by_role("list", name=said["found"]).get_by_role("button", name=found[0]["name"], exact=True)
        await accepted(page, button.tap())
        name = re.escape(found[0]["name"].split(" / ")[0])
        await expect(
            page.get_by_role("button", name=re.compile(f"^{re.escape(said['remove'])} {name}"))
        ).to_be_visible()
    await accepted(page, page.get_by_role("button", name=said["more"]).tap())
    await expect(page.get_by_role("group", name=said["stages"]).locator("output")).to_have_text("1")
    fleet, position = plan["fleet"]
    await accepted(page, page.get_by_role("combobox", name=colour(fleet, language)).select_option(str(position)))
    await accepted(page, page.get_by_role("combobox", name=said["add_island"]).select_option(plan["island"]))


def by_the_core(plans: dict[str, dict[str, Any]]) -> Any:
    """The record the table app's own edits give for the same entries."""
    session, _ = session_at()
    catalog = load_catalog()
    for player, plan in plans.items():
        for _, card in plan["cards"]:
            assert session.apply(add_card(session.game(), 1, player, catalog.card(card, 1))) is None
        assert session.apply(set_wonder_stages(session.game(), 1, player, 1)) is None
        assert session.apply(move_ship(session.game(), 1, player, *plan["fleet"])) is None
        island = catalog.island(plan["island"])
        assert island is not None and session.apply(add_island(session.game(), 1, player, island)) is None
    return session.record
