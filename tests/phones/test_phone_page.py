"""The phone's page as quick as the laptop and the sheet on a phone (issue 29, items 8 and 9), in a real
browser at 360 px: Enter (the keyboard's Go) in the card search adds the first match; the leader is found by
typing part of its name, in the phone's language, accents ignored; the sheet of 8 players shows the coins and
fits 360 px without scrolling sideways (the seat's column and the best other's, the whole table a tap away);
"how computed" rows are 44-px targets; the Portuguese search hints are not cut.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorer.catalog import fold
from scorer.flow import Step
from scorer.i18n import speaking, t
from scorer.session import GameSession
from tests.phones.browser import accepted, needs_browser, phone, screenshot, served
from tests.phones.tables import eight_players, phone_table, session_at, whole_game_plan

pytestmark = [needs_browser(), pytest.mark.asyncio(loop_scope="session")]  # one browser a worker


def said(language: str, *keys: str) -> list[str]:
    with speaking(language):
        return [t(f"phones.page.{key}") for key in keys]


async def type_then_enter(box: Any, text: str) -> None:
    """Type `text` at a keyboard's pace and press Enter at once, before the search's pause lists anything."""
    await box.press_sequentially(text)
    await box.press("Enter")


def eight_at_the_sheet() -> GameSession:
    """A whole 8-player Leaders + Armada game, the table at its score sheet."""
    _, record = whole_game_plan(eight_players())
    data = record.to_dict() | {"status": "in_progress", "progress": {"step": "sheet"}}
    return GameSession(data, lambda draft: None)


# What overflows sideways at 360 px: the page, the sheet's box, and any cell whose text is cut.
OVERFLOW = """() => {
  const out = [];
  const page = document.scrollingElement;
  if (page.scrollWidth > page.clientWidth) out.push("page " + page.scrollWidth + " > " + page.clientWidth);
  const wide = document.querySelector(".wide");
  if (wide.scrollWidth > wide.clientWidth) out.push("sheet " + wide.scrollWidth + " > " + wide.clientWidth);
  const context = document.createElement("canvas").getContext("2d");
  for (const cell of document.querySelectorAll("table th, table td")) {
    const style = getComputedStyle(cell);
    context.font = style.font;
    const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const width = context.measureText(cell.textContent).width;
    if (width > room) out.push(JSON.stringify(cell.textContent) + " " + width + " > " + room);
  }
  return out;
}"""


# Whether a box's placeholder is drawn whole: its text's width in the box's font against the room inside it.
HINT_FITS = """(box) => {
  const style = getComputedStyle(box);
  const context = document.createElement("canvas").getContext("2d");
  context.font = style.font;
  const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [context.measureText(box.placeholder).width, room];
}"""


async def test_enter_in_the_card_search_adds_the_first_match_as_on_the_laptop(browser):
    from playwright.async_api import expect

    session, _ = session_at()
    table = phone_table(session)
    async with served(table):
        ana = await phone(browser, table.seat_urls["Ana"])
        search_words, remove = said("en", "search", "remove")
        search = ana.get_by_role("searchbox", name=search_words)
        assert table.cards("Ana", "alt")["cards"][0]["id"] == "altar"
        await search.tap()
        await search.press_sequentially("alt", delay=60)
        await expect(ana.get_by_role("button", name="Altar", exact=True)).to_be_visible()
        await accepted(ana, search.press("Enter"))  # the list shown: its first card
        await expect(ana.get_by_role("button", name=re.compile(f"^{remove} Altar"))).to_be_visible()
        await expect(search).to_be_focused()  # the keyboard stays for the next card
        await expect(search).to_have_value("")
        # Enter at once after typing, before the search's pause has listed anything: still the first match
        first = table.cards("Ana", "lumber")["cards"][0]
        await accepted(ana, type_then_enter(search, "lumber"))
        await expect(ana.get_by_role("button", name=re.compile(f"^{remove} Lumber Yard"))).to_be_visible()
        assert session.record.entry(1, "Ana").cards == ["Altar", "Lumber Yard"] and first["id"] == "lumber_yard"
        # Enter on a text that matches nothing adds nothing and says why
        before = await ana.locator("#seat").get_attribute("data-version")
        await search.fill("zzz")
        await search.press("Enter")
        await expect(ana.locator("#found")).to_have_text(table.cards("Ana", "zzz")["why"] or "")
        assert await ana.locator("#seat").get_attribute("data-version") == before
        assert session.record.entry(1, "Ana").cards == ["Altar", "Lumber Yard"]


async def test_the_leader_is_found_by_typing_in_the_phone_s_language_and_enter_takes_the_first(browser):
    from playwright.async_api import expect

    session, _ = session_at(step="recruitment", age=1)
    table = phone_table(session)
    async with served(table):
        ben = await phone(browser, table.seat_urls["Ben"], "pt-BR")
        hint, listed_words, no_leader = said("pt", "leader_search", "leaders_found", "no_leader")
        listed = ben.get_by_role("list", name=listed_words)
        # Nothing chosen yet: every leader on offer, by its Portuguese name (Semiramis, blank, is not one)
        names = [leader["name"] for leader in table.state("Ben", "pt")["recruitment"]["choices"]]
        await expect(listed.get_by_role("button")).to_have_text(names)
        assert names == sorted(names, key=fold) and names[-1] == "Zenóbia"  # no longer before Semiramis
        search = ben.get_by_role("searchbox", name=hint)
        await search.tap()
        await search.press_sequentially("vitruvio", delay=60)  # no accent typed: Vitrúvio
        await expect(listed.get_by_role("button")).to_have_text(["Vitrúvio"])
        await screenshot(ben, "phone-leader-search.png")
        await accepted(ben, search.press("Enter"))
        assert session.record.entry(1, "Ben").leaders[0].name == "Vitruvius"
        await expect(ben.locator("#leader")).to_have_text("Vitrúvio")
        # Another leader typed by its English name, Enter before the list is shown: it replaces the first
        await accepted(ben, type_then_enter(search, "xenoph"))
        assert session.record.entry(1, "Ben").leaders[0].name == "Xenophon"
        # A name nobody may recruit: said, nothing changed
        await search.fill("zzz")
        await expect(listed).to_have_text(table.leaders("Ben", "zzz", "pt")["why"] or "")
        await accepted(ben, ben.get_by_role("button", name=no_leader).tap())
        assert session.record.entry(1, "Ben").leaders == []


async def test_the_sheet_of_eight_players_shows_the_coins_and_fits_a_360_px_phone(browser):
    from playwright.async_api import expect

    session = eight_at_the_sheet()
    table = phone_table(session)
    async with served(table):
        page = await phone(browser, table.seat_urls["Cris"])
        sheet: dict[str, Any] = table.state("Cris")["sheet"]
        shown = page.get_by_role("table")
        await expect(shown).to_be_visible()
        await expect(shown.locator("th.me")).to_have_text("Cris")
        # the seat's own column and the best-placed other's, with the coins (the tie-break) as a row
        rival = next(p for p in sheet["players"] if p["name"] == sheet["rival"])
        await expect(shown.locator("tr.names th")).to_have_text(["", "Cris", rival["name"]])
        cris = next(p for p in sheet["players"] if p["name"] == "Cris")
        coins_row = shown.locator("tr.coins-row")
        await expect(coins_row).to_have_text(re.compile(f"{sheet['coins']}\\s*{cris['coins']}\\s*{rival['coins']}"))
        await screenshot(page, "phone-sheet-8p.png")
        assert await page.evaluate(OVERFLOW) == []

        whole, pair = said("en", "whole_table", "two_columns")
        await page.get_by_role("button", name=whole).tap()
        heads = [p["short"] for p in sheet["players"] if p["name"] == "Cris"]
        heads += [p["short"] for p in sheet["players"] if p["name"] != "Cris"]
        await expect(shown.locator("tr.names th")).to_have_text(["", *heads])
        await expect(shown.locator("tr.coins-row td")).to_have_count(8)
        await screenshot(page, "phone-sheet-8p-whole.png")
        assert await page.evaluate(OVERFLOW) == []  # 8 players, no sideways scrolling, no cell cut
        await page.get_by_role("button", name=pair).tap()
        await expect(shown.locator("tr.names th")).to_have_count(3)

        # In Portuguese too (the longest row names, "Colocação", "Comercial")
        ben = await phone(browser, table.seat_urls["Ben"], "pt-BR")
        (whole_pt,) = said("pt", "whole_table")
        await ben.get_by_role("button", name=whole_pt).tap()
        await expect(ben.get_by_role("table").locator("tr.coins-row td")).to_have_count(8)
        assert await ben.evaluate(OVERFLOW) == []
        await screenshot(ben, "phone-sheet-8p-whole-pt.png")

        # "How computed": each row a 44-px target that opens its lines
        summaries = page.locator("summary")
        await expect(summaries).to_have_count(len(sheet["mine"]))
        heights = await summaries.evaluate_all("(all) => all.map((s) => s.getBoundingClientRect().height)")
        assert len(heights) == len(sheet["mine"]) and min(heights) >= 44, heights


async def test_the_science_cell_says_how_its_number_was_reached(browser):
    """Ben's science (example 7p game): his symbols, where his wildcard and "most common" symbols went, and
    the squares and sets that make his 61, on his phone in Portuguese."""
    from playwright.async_api import expect

    session, _ = session_at(step="sheet", age=None, removed=())
    table = phone_table(session)
    science = next(p for p in session.sheet().players if p.name == "Ben").rows["science"]
    with speaking("pt"):
        label = t("sheet.rows.science")
        lines = [*science.account, *(ruling.summary for ruling in science.rulings)]
    assert science.value == 61 and len(lines) == 4 and lines[-1].endswith("= 61.")
    async with served(table):
        page = await phone(browser, table.seat_urls["Ben"], "pt-BR")
        summary = page.locator("summary", has_text=f"{label}: 61")
        await summary.tap()
        await expect(page.locator("details[open] li")).to_have_text(lines)
        await screenshot(page, "phone-sheet-science.png")


async def test_the_portuguese_search_hints_are_not_cut_at_360_px(browser):
    from playwright.async_api import expect

    session, _ = session_at()
    table = phone_table(session)
    async with served(table):
        ben = await phone(browser, table.seat_urls["Ben"], "pt-BR")
        (search,) = said("pt", "search")
        box = ben.get_by_role("searchbox", name=search)
        await expect(box).to_have_attribute("placeholder", search)
        width, room = await box.evaluate(HINT_FITS)
        assert width <= room, (width, room)
        await screenshot(ben, "phone-age-pt.png")
        session.go(Step("recruitment", 1))
        await ben.reload()
        (leader,) = said("pt", "leader_search")
        box = ben.get_by_role("searchbox", name=leader)
        width, room = await box.evaluate(HINT_FITS)
        assert width <= room, (width, room)
