"""Phones in a real browser (headless Chromium, phone-sized, touch): two phones enter two players' Age I at
the same time, in English and in Portuguese, and the record is the one the core's edits give; a refused card
shows its reason; the pages follow the table; the coins at the end and the sheet on both phones; a phone
back from sleep with a stale page is told so; a host killed after a phone saw its edit accepted keeps it.

Locators are the page's roles and labels (what a screen reader reads), in the phone's language.
"""

from __future__ import annotations

import asyncio
import re
import signal

import pytest

from scorer.catalog import load_catalog
from scorer.edits.age import add_card
from scorer.flow import Step
from scorer.i18n import speaking, t
from scorer.phones.requests import not_offered
from scorer.phones.server import POLL_MS
from scorer.phones.table import PhoneTable
from scorer.phones.view import step_title
from scorer.rules.turns import age_turns
from scorer.session import GameSession
from tests.phones.browser import ARTIFACTS, WAIT_MS, accepted, needs_browser, phone, screenshot, served
from tests.phones.plans import ANA, BEN, by_the_core, enter_age, words
from tests.phones.tables import ARMADA_7, phone_table, session_at
from tests.records import example
from tests.replay import content

pytestmark = [needs_browser(), pytest.mark.asyncio(loop_scope="session")]  # one browser a worker


async def test_two_phones_enter_two_players_age_at_once_and_follow_the_table(browser):
    from playwright.async_api import expect

    session, _ = session_at()
    table = phone_table(session)
    async with served(table):
        ana = await phone(browser, table.seat_urls["Ana"])
        ben = await phone(browser, table.seat_urls["Ben"], "pt-BR")  # the phone's language
        await expect(ben.locator("html")).to_have_attribute("lang", "pt")
        await asyncio.gather(enter_age(ana, table, "Ana", ANA, "en"), enter_age(ben, table, "Ben", BEN, "pt"))
        assert content(session.record) == content(by_the_core({"Ana": ANA, "Ben": BEN}))
        for page, player, language in ((ana, "Ana", "en"), (ben, "Ben", "pt")):  # the age screen's turns
            turns = age_turns(session.record, load_catalog(), 1, player)
            with speaking(language):
                said = t("phones.turns", played=turns.played, expected=turns.expected)
            await expect(page.locator("#turns")).to_have_text(said)

        # A card the deck does not offer: the reason, in the phone's words, as the age screen's picker says it.
        for page, player, typed, language in ((ana, "Ana", "altar", "en"), (ben, "Ben", "aqueduto", "pt")):
            why = table.cards(player, typed, language)["why"]
            assert why and (player in why or "II" in why)
            search = page.get_by_role("searchbox", name=words(language)["search"])
            await search.fill(typed)
            await expect(page.get_by_role("list", name=words(language)["found"])).to_have_text(why)
            await search.fill("")
        await screenshot(ana, "phone-age.png")

        session.advance()  # the laptop's ctrl+n: both pages follow, and say so
        for page, language in ((ana, "en"), (ben, "pt")):
            with speaking(language):
                title, moved = step_title(session.step), t("phones.page.moved_on")
            await expect(page.locator("#step")).to_have_text(title)
            await expect(page.locator("#notice")).to_have_text(f"{moved} {title}")
        assert content(session.record) == content(by_the_core({"Ana": ANA, "Ben": BEN}))  # nothing more


async def test_the_coins_at_the_end_then_the_sheet_on_both_phones(browser):
    from playwright.async_api import expect

    expected, _ = session_at(step="end", age=None, removed=())
    coins = {name: expected.record.coins(name) for name in ("Ana", "Ben")}
    data = example(ARMADA_7) | {"status": "in_progress", "progress": {"step": "end"}}
    for name in coins:  # the laptop has the others' coins: these two players enter theirs on their phones
        del data["end"][name]
    session = GameSession(data, lambda draft: None)
    assert session.record.coins("Ana") is None
    table = phone_table(session)
    await table.start()
    try:
        pages = {
            "Ana": await phone(browser, table.seat_urls["Ana"]),
            "Ben": await phone(browser, table.seat_urls["Ben"], "pt-BR"),
        }
        languages = {"Ana": "en", "Ben": "pt"}

        async def enter(name: str) -> None:
            page, language = pages[name], languages[name]
            with speaking(language):
                label, save = t("phones.page.coins"), t("phones.page.save")
            await page.get_by_label(label).fill(str(coins[name]))
            await accepted(page, page.get_by_role("button", name=save).tap())

        await asyncio.gather(*(enter(name) for name in pages))
        assert content(session.record) == content(expected.record)
        session.advance()
        assert session.step == Step("sheet")
        for name, page in pages.items():
            table_shown = page.get_by_role("table")
            await expect(table_shown).to_be_visible()
            await expect(table_shown.locator("th.me")).to_have_text(name)  # the seat's own column stands out
            await expect(table_shown.get_by_role("row")).to_have_count(
                len(table.state(name)["sheet"]["rows"]) + 4
            )  # names, total, coins, place
        await screenshot(pages["Ana"], "phone-sheet.png")
        # the sheet as a picture for the chat, in the phone's language (a phone without file sharing saves it)
        with speaking("pt"):
            link = pages["Ben"].get_by_role("link", name=t("phones.page.picture"))
        await expect(link).to_be_visible()
        async with pages["Ben"].expect_download() as got:
            await link.click()
        picture = ARTIFACTS / "phone-sheet-picture-pt.png"
        await (await got.value).save_as(picture)
        from PIL import Image

        assert Image.open(picture).width == 1080

        table.finish()  # the laptop's s: each phone keeps its sheet, marked saved, and asks nothing more
        for name, page in pages.items():
            with speaking(languages[name]):
                saved = t("phones.page.saved")
            await expect(page.locator("#notice")).to_have_text(saved, timeout=WAIT_MS)
        assert table.told
        await table.stop()  # the host stops sharing: the pages keep the sheet, never "cannot reach the host"
        await asyncio.sleep(2 * POLL_MS / 1000)
        for name, page in pages.items():
            with speaking(languages[name]):
                saved = t("phones.page.saved")
            await expect(page.locator("#notice")).to_have_text(saved)
            await expect(page.get_by_role("table")).to_be_visible()
        await screenshot(pages["Ben"], "phone-sheet-saved.png")
    finally:
        await table.stop()


async def test_a_card_taken_by_another_seat_meanwhile_is_refused_on_the_phone_with_the_reason(browser):
    """At 3 players every card has one copy: Ann's phone lists the Baths, Bob's phone takes them first, and
    Ann's tap is refused with the reason (Bob built the only copy), nothing changed."""
    from playwright.async_api import expect

    session, _ = session_at("base-3p.json")
    table = phone_table(session)
    async with served(table):
        # Ann's page does not poll meanwhile (a poll would list what is offered now, without the Baths):
        # her clock runs only for the search box's pause after typing.
        ann = await phone(browser, table.seat_urls["Ann"], asleep=True)
        bob = await phone(browser, table.seat_urls["Bob"])
        said = words("en")
        found = {}
        for page in (ann, bob):
            await page.get_by_role("searchbox", name=said["search"]).press_sequentially("bath", delay=60)
            if page is ann:
                await ann.clock.run_for(500)
            found[page] = page.get_by_role("list", name=said["found"]).get_by_role("button", name="Baths / Banhos")
            await expect(found[page]).to_be_visible()
        await accepted(bob, found[bob].tap())
        await found[ann].tap()  # her page still lists them: another seat's edit never makes it stale
        reason = table.refusal(not_offered(session, "Ann", "baths"))
        # as the age screen's card picker says it, not the CLI's "card: 'baths' is not allowed; …"
        assert reason == "'Baths': every copy of Baths / Banhos is already built (Bob)."
        await expect(ann.locator("#notice")).to_have_text(reason)
        await screenshot(ann, "phone-refused.png")
        assert session.record.entry(1, "Ann").cards == [] and session.record.entry(1, "Bob").cards == ["Baths"]


async def test_a_phone_back_from_sleep_with_a_stale_page_is_told_so_and_shows_the_table_as_it_is(browser):
    from playwright.async_api import expect

    session, _ = session_at()
    table = phone_table(session)
    await table.start()
    catalog = load_catalog()
    try:
        ana = await phone(browser, table.seat_urls["Ana"], asleep=True)
        said = words("en")
        # While the phone sleeps, the laptop corrects Ana's city; she wakes it and taps on the old page.
        assert session.apply(add_card(session.game(), 1, "Ana", catalog.card("altar", 1))) is None
        await ana.get_by_role("button", name=said["more"]).tap()
        await expect(ana.locator("#notice")).to_have_text(t("phones.stale"))
        await expect(ana.get_by_role("button", name=re.compile(f"^{said['remove']} Altar"))).to_be_visible()
        assert session.record.entry(1, "Ana").wonder_stages == 0  # the stale tap changed nothing
        await screenshot(ana, "phone-stale.png")
        # Asleep again while the laptop corrects her city; back, the page asks at once and says so.
        assert session.apply(add_card(session.game(), 1, "Ana", catalog.card("baths", 1))) is None
        await ana.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        baths = t("phones.page.change_added", name="Baths / Banhos (blue)")  # what changed, said where she is
        await expect(ana.locator("#notice")).to_have_text(t("phones.page.changed_list", changes=baths))
        await expect(ana.get_by_role("button", name=re.compile(f"^{said['remove']} Baths"))).to_be_visible()
        # Asleep again while the table moves on; back, the page asks at once, shows the step and says so.
        session.go(Step("conflicts", 1))
        await ana.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        title = step_title(session.step)
        await expect(ana.locator("#step")).to_have_text(title)
        await expect(ana.locator("#notice")).to_have_text(f"{t('phones.page.moved_on')} {title}")
        await expect(ana.get_by_role("searchbox")).to_have_count(0)  # nothing to enter at this step
    finally:
        await table.stop()


async def test_a_host_killed_after_a_phone_saw_its_edit_accepted_keeps_it(browser, tmp_path):
    from playwright.async_api import expect

    from tests.phones.hosting import call, entries, host, links, stored_draft

    db = tmp_path / "history.json"
    game_id = stored_draft(db)
    process = host(db, "--json")
    try:
        shared = links(process)
        ana = await phone(browser, shared["seats"]["Ana"])
        search = ana.get_by_role("searchbox", name=words("en")["search"])
        await search.press_sequentially("alt", delay=60)
        await accepted(ana, ana.get_by_role("button", name="Altar", exact=True).tap())
        await expect(ana.get_by_role("button", name=re.compile("^Remove Altar"))).to_be_visible()
    finally:
        process.send_signal(signal.SIGKILL)  # mid-age, as the phone has just seen "accepted"
        process.wait(timeout=30)
    restarted = host(db, "--json", "--game", game_id[:8])
    try:
        state = call(f"{links(restarted)['seats']['Ana']}/state")
        assert [card["id"] for card in state["cards"]] == ["altar"]
        assert entries(db, game_id, "Ana") == ["Altar"]
    finally:
        restarted.send_signal(signal.SIGTERM)
        restarted.wait(timeout=30)
    assert restarted.returncode == 0


async def test_coins_typed_and_not_yet_saved_survive_the_page_being_redrawn(browser):
    """A fresh state from the host redraws the page (here the phone's first poll, asked at once as a phone
    back from sleep asks): coins typed and not yet saved are still in the box, and Save stores them. (A
    redraw used to empty the box, so a Save tapped just after it sent nothing.)"""
    expected, _ = session_at(step="end", age=None, removed=())
    data = example(ARMADA_7) | {"status": "in_progress", "progress": {"step": "end"}}
    del data["end"]["Ana"]
    session = GameSession(data, lambda draft: None)
    table = phone_table(session)
    async with served(table):
        page = await phone(browser, table.seat_urls["Ana"], asleep=True)  # no poll of its own
        box = page.get_by_label(t("phones.page.coins"))
        await box.fill(str(expected.record.coins("Ana")))
        async with page.expect_response(re.compile(r"/state\?")) as polled:
            await page.evaluate("document.dispatchEvent(new Event('resume'))")
        assert (await polled.value).status == 200  # a new state: the page was drawn again
        await accepted(page, page.get_by_role("button", name=t("phones.page.save")).tap())
        assert session.record.coins("Ana") == expected.record.coins("Ana")


async def test_an_edit_the_laptop_cannot_save_is_said_on_the_phone_and_stays_said_across_polls(browser):
    """The laptop's disk is full: Ann's tap is applied on the laptop but not on its disk, so her phone says
    "Not saved", in red, and still says it after the page's next polls (never "accepted", never hidden by
    the page's own "changed elsewhere" note). Room again: her next card is saved and the note goes."""
    from playwright.async_api import expect

    session, _ = session_at("base-3p.json")
    disk = {"full": True}
    # DraftSaver.written's answer while the disk refuses the drafts
    table = PhoneTable(session, language="en", saved=lambda: not disk["full"])
    async with served(table):
        ann = await phone(browser, table.seat_urls["Ann"])
        said = words("en")
        search = ann.get_by_role("searchbox", name=said["search"])
        found = ann.get_by_role("list", name=said["found"])
        await search.press_sequentially("bath", delay=60)
        await found.get_by_role("button", name="Baths / Banhos").tap()
        notice = ann.locator("#notice")
        await expect(notice).to_have_text(table.not_saved("en")["error"])
        await expect(notice).to_have_class("unsaved")
        await asyncio.sleep(3.5)  # two of the page's polls (1.5 s each)
        await expect(notice).to_have_text(table.not_saved("en")["error"])
        await screenshot(ann, "phone-not-saved.png")
        disk["full"] = False
        await search.fill("")
        await search.press_sequentially("altar", delay=60)
        await accepted(ann, found.get_by_role("button", name=re.compile("^Altar")).tap())
        await expect(notice).to_be_hidden()
        assert session.record.entry(1, "Ann").cards == ["Baths", "Altar"]


async def test_a_refusal_and_a_change_made_on_the_laptop_are_seen_where_the_player_has_scrolled(browser):
    """Ana's Age I is all entered (7 plays of 7 turns) and she has scrolled down to her wonder stages: one
    stage more is refused, and the words are on screen where she is (not only at the top of the page); the
    laptop then removes one of her cards, and she reads which, there too, in her phone's language."""
    from playwright.async_api import expect

    from scorer.edits.age import remove_card

    session, _ = session_at(removed=(2, 3))
    assert session.record.entry(1, "Ana").cards[1] == "Altar"
    table = phone_table(session)
    async with served(table):
        ana = await phone(browser, table.seat_urls["Ana"], "pt-BR")
        said = words("pt")
        more = ana.get_by_role("button", name=said["more"])
        await more.scroll_into_view_if_needed()
        await ana.evaluate("window.scrollBy(0, 200)")
        await more.tap()  # a play more than the age's turns
        notice = ana.locator("#notice")
        await expect(notice).to_be_visible()
        await expect(notice).to_be_in_viewport()
        box = await notice.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740
        assert await ana.evaluate("window.scrollY") > 300  # she is still where she tapped
        await screenshot(ana, "phone-refused-scrolled.png")
        assert session.apply(remove_card(session.game(), 1, "Ana", 1)) is None  # the laptop removes Altar
        with speaking("pt"):
            text = t("phones.page.changed_list", changes=t("phones.page.change_removed", name="Altar (azul)"))
        await expect(notice).to_have_text(text)
        await expect(notice).to_be_in_viewport()
        await notice.tap()  # read: a tap puts it away
        await expect(notice).to_be_hidden()


async def test_done_on_the_phone_with_a_card_discarded_for_coins(browser):
    """Ana discarded a card for coins in Age I (6 plays of 7 turns): her phone asks how many, she says one and
    taps Done; the record keeps the discard, her turns are accounted for and the laptop counts her done."""
    from playwright.async_api import expect

    from scorer.edits.age import remove_card

    session, _ = session_at(removed=(2, 3))
    assert session.apply(remove_card(session.game(), 1, "Ana", 1)) is None
    table = phone_table(session)
    async with served(table):
        ana = await phone(browser, table.seat_urls["Ana"])
        said = words("en")
        assert table.seat_status("Ana") == "joined"  # nothing else missing is not "done"
        await ana.get_by_role("button", name=said["discard_more"]).tap()
        await expect(ana.get_by_role("group", name=said["discarded"]).locator("output")).to_have_text("1")
        assert session.record.entry(1, "Ana").discarded == 0  # counted on the page, not sent yet
        await ana.get_by_role("button", name=said["done"]).tap()
        await expect(ana.locator("#declared")).to_have_text(said["declared"])
        assert session.record.entry(1, "Ana").discarded == 1 and table.seat_status("Ana") == "done"
        await expect(ana.locator(".missing")).to_have_count(0)
        await screenshot(ana, "phone-done.png")
        await ana.get_by_role("button", name=said["not_done"]).tap()  # the record is as it was: only the saying
        await expect(ana.get_by_role("button", name=said["done"])).to_be_visible()
        assert table.seat_status("Ana") == "joined"


async def test_a_phone_asking_for_a_seat_shows_its_code_large_for_the_host(browser):
    """Issue 29, item 7: the code the host compares with the laptop's line was a word in a sentence. At 360 px
    it is a line of its own, over 60 px high, whole on the screen; the host confirms it and the phone is in.
    (The form's POST is a browser's: with `Referrer-Policy: no-referrer` it said `Origin: null`, refused.)"""
    from playwright.async_api import expect

    session, _ = session_at()
    table = phone_table(session)
    async with served(table):
        for locale, language in (("pt-BR", "pt"), ("en-US", "en")):
            cris = await phone(browser, table.url, locale)
            await cris.get_by_role("button", name="Cris").tap()
            code = cris.locator(".claim-code")
            await expect(code).to_be_visible()  # the waiting page, once the request is made
            await expect(code).to_have_text(table.pending()[-1].code)
            with speaking(language):
                said = t("phones.page.code", code=table.pending()[-1].code)
            await expect(cris.locator("main p").first).to_have_text(said)  # the sentence reads as before
            box = await code.bounding_box()
            assert box is not None and box["height"] >= 60, box  # body text is 17 px
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
            await screenshot(cris, f"phone-seat-code-{language}.png")
        table.confirm(table.pending()[-1])
        await cris.reload()
        await expect(cris.locator("#seat")).to_be_visible()  # sent to Cris's own page


async def test_a_laptop_restart_keeps_the_phones_links_and_what_a_phone_entered_meanwhile(browser):
    """The host stops (the laptop restarts) while Ana's phone is open: her tap is kept on the phone, said so,
    and sent once the game, resumed from its draft, is shared again on the same address: her link still
    reaches her seat and the stage is in the record."""
    from playwright.async_api import expect

    session, saved = session_at()
    first = phone_table(session)
    await first.start()
    port = int(first.url.split("/t/")[0].rsplit(":", 1)[1])
    again: PhoneTable | None = None
    try:
        ana = await phone(browser, first.seat_urls["Ana"])
        said = words("en")
        await first.stop()  # the laptop is gone
        await ana.get_by_role("button", name=said["more"]).tap()
        await expect(ana.locator("#notice")).to_have_text(t("phones.page.offline_kept"))
        resumed = GameSession(saved[-1].record.to_dict(), saved.append, saved[-1].memory)
        again = phone_table(resumed)
        await again.start("127.0.0.1", port)  # resumed and shared again: the same address
        await expect(ana.locator("#seat")).not_to_have_attribute("data-version", first.state("Ana")["version"])
        assert resumed.record.entry(1, "Ana").wonder_stages == 1
        await expect(ana.locator("#notice")).not_to_have_text(t("phones.page.refused"))
    finally:
        await first.stop()
        if again is not None:
            await again.stop()
