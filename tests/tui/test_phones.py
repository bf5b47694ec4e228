"""The Phones screen in the table app: opened by ctrl+o from a focused box and by the palette, sharing
started on loopback, and a phone (an aiohttp client in the same test, the same loop) entering a card that
the age screen shows at once — the host's own typing kept. Revoking, stopping, going home, a seat asked for
with the table link and confirmed on the laptop, a second host of the game, Portuguese, 80×24, and a
snapshot with links made from a token source of the test's own at a fixed address."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from textual.widgets import Input, OptionList

from scorer.flow import Step
from scorer.i18n import set_language, speaking, t
from scorer.phones import addresses
from scorer.phones.lock import HostLock
from scorer.phones.qr import qr_lines
from tests.phones.browser import accepted, chromium, needs_browser, phone, screenshot
from tests.records import example, without_age
from tests.replay import content
from tests.tui.driver import SIZE, cut_off, notifications, press, render, settle, start_at
from widgets.card_picker import CardPicker
from widgets.item_list import ItemList
from widgets.screens.age import AgeScreen
from widgets.screens.home import HomeScreen
from widgets.screens.past_game import PastGameScreen
from widgets.screens.phones import PhonesScreen
from widgets.steady_footer import SteadyFooter


@pytest.fixture(autouse=True)
def offline(monkeypatch) -> None:
    """This computer's LAN addresses are the machine's: none here, so every run offers the same list
    (loopback only); a test of the Wi-Fi's address first gives its own."""
    monkeypatch.setattr(addresses, "_routed", lambda: [])
    monkeypatch.setattr(addresses, "_named", lambda: [])


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as client:
        yield client


def age_one() -> dict[str, Any]:
    return without_age(example("leaders-armada-7p.json"), 1, 2, 3)


def on_loopback(app) -> None:
    app.sharing.port = 0  # any free port: tests run side by side


async def share(pilot, app) -> None:
    """ctrl+o from the age screen's card box, Enter on loopback (the only address offered: `offline`)."""
    await press(pilot, "ctrl+o")
    await settle(pilot)
    assert isinstance(app.screen, PhonesScreen)
    assert app.screen.query_one("#phones-addresses", OptionList).get_option_at_index(0).id == "127.0.0.1"
    await press(pilot, "enter")
    await settle(pilot)
    assert app.sharing.table is not None


AGE_ONE = Step("age", 1)


@asynccontextmanager
async def shared_age_one(make_app, step: Step = AGE_ONE) -> AsyncIterator[tuple[Any, Any]]:
    """The table app under the Pilot at Age I of the 7-player example (or its `step`), shared with the phones
    on loopback."""
    app = make_app()
    on_loopback(app)
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, age_one(), step)
        await settle(pilot)
        await share(pilot, app)
        yield app, pilot


async def until(pilot, holds: Callable[[], object], within: float = 30.0) -> None:
    """Let the app run until `holds()` is true; fail after `within` seconds (a wait that could end without it
    once let a test wait 30 s for a screen that never came and go on). What a phone or a timer sets off
    reaches the screen through the app's messages (a notification is one), which a busy machine may not have
    handled after a fixed number of pauses."""
    deadline = asyncio.get_running_loop().time() + within
    while not holds():
        assert asyncio.get_running_loop().time() < deadline, f"not so after {within:.0f} s, on {pilot.app.screen!r}"
        await pilot.pause(0.05)


async def status(http: aiohttp.ClientSession, url: str) -> int:
    async with http.get(url) as reply:
        return reply.status


async def ended(http: aiohttp.ClientSession, url: str) -> bool:
    """The link reaches nothing: a plain 404 while the server listens, nothing listening once it is stopped."""
    try:
        return await status(http, url) == 404
    except aiohttp.ClientConnectorError:
        return True


async def add_card(http: aiohttp.ClientSession, url: str, card: str) -> int:
    async with http.get(f"{url}/state") as reply:
        version = (await reply.json())["version"]
    body = json.dumps({"version": version, "edit": {"kind": "add_card", "card": card}})
    async with http.post(f"{url}/edit", data=body) as reply:
        return reply.status


async def test_ctrl_o_from_a_focused_box_and_the_palette_open_phones_and_nothing_listens_before(make_app):
    app = make_app(age_one(), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen.focused, Input)  # the card box: ctrl+o reaches the app through it
        await press(pilot, "ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, PhonesScreen) and app.sharing.table is None
        assert "Which address" in render(app, "#phones-choose Static")
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(app.screen, AgeScreen)
        await press(pilot, "ctrl+p", *"Phones")
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, PhonesScreen) and app.sharing.table is None


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_the_wifi_address_is_offered_first_and_enter_shares_with_the_table(make_app, monkeypatch, language):
    """Issue 29: the list started on 127.0.0.1 and Enter shared with nobody. The likeliest Wi-Fi address is
    first (a VPN's after it), loopback last and still there; Enter shares on the first."""
    set_language(language)
    monkeypatch.setattr(addresses, "_routed", lambda: ["100.101.102.103"])
    monkeypatch.setattr(addresses, "_named", lambda: ["192.168.1.20", "127.0.1.1"])
    app = make_app()
    on_loopback(app)
    asked: list[str] = []
    start = app.sharing.start

    async def on_this_machine(bind: str) -> Any:
        """The address asked for, listened on loopback (this machine has not got it) and shown as asked."""
        asked.append(bind)
        app.sharing.shown_as = f"http://{bind}:8765"
        return await start("127.0.0.1")

    monkeypatch.setattr(app.sharing, "start", on_this_machine)
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, age_one(), Step("age", 1))
        await settle(pilot)
        await press(pilot, "ctrl+o")
        await settle(pilot)
        offered = app.screen.query_one("#phones-addresses", OptionList)
        assert [option.id for option in offered.options] == ["192.168.1.20", "100.101.102.103", "127.0.0.1"]
        assert offered.highlighted == 0 and app.screen.focused is offered
        assert str(offered.options[-1].prompt) == f"127.0.0.1 — {t('phones.tui.loopback')}"
        assert cut_off(app) == []
        await press(pilot, "enter")
        await until(pilot, lambda: app.sharing.table is not None)
        assert asked == ["192.168.1.20"]
        assert render(app, "#phones-listening") == t("phones.tui.listening", address="192.168.1.20:8765")


async def test_a_phone_s_card_appears_on_the_age_screen_and_the_host_s_typing_stays(make_app, http):
    async with shared_age_one(make_app) as (app, pilot):
        assert "Listening on 127.0.0.1:" in render(app, "#phones-listening")
        table = app.sharing.table
        await press(pilot, "escape")  # sharing goes on under the step
        await settle(pilot)
        age = app.screen
        assert isinstance(age, AgeScreen) and age.player == "Ana"
        await press(pilot, *"alt")  # the host is typing a card for Ana
        assert await add_card(http, table.seat_urls["Ana"], "baths") == 200
        assert await add_card(http, table.seat_urls["Ben"], "barracks") == 200
        built = age.query_one("#age-built", ItemList)

        def shown() -> list[str]:
            return [str(built.get_option_at_index(i).prompt) for i in range(built.option_count)]

        await until(pilot, lambda: shown() == ["Baths / Banhos (blue)"])
        assert shown() == ["Baths / Banhos (blue)"]
        picker = age.query_one("#age-picker", CardPicker)
        assert picker.text == "alt" and age.focused is picker.input  # what the host typed is still there
        strip = age.query_one("#age-players").render()
        marks = {span.style for span in strip.spans}
        assert "✓" not in strip.plain  # one card of the age's 7 turns: not entered yet, on a phone or not
        assert any("underline" in str(style) for style in marks)  # Ana and Ben are on a phone
        app.sharing._watch_seats()  # the app's once-a-second watch, now (or it has run): no seat is done
        assert not any("Ana" in note for note in notifications(app))  # a phone's doings: on the screen, no toast
        await press(pilot, "enter")  # the host adds the card they typed: Altar
        assert app.session.record.entry(1, "Ana").cards == ["Baths", "Altar"]
        assert app.session.record.entry(1, "Ben").cards == ["Barracks"]


async def test_revoke_stop_and_going_home_end_the_links(make_app, http):
    async with shared_age_one(make_app) as (app, pilot):
        table = app.sharing.table
        old = table.seat_urls["Ben"]
        await press(pilot, "2", "r")  # Ben's link shown, revoked
        await settle(pilot)
        new = table.seat_urls["Ben"]
        assert new != old and render(app, "#phones-url") == new
        links = app.screen.query_one("#phones-links", OptionList)
        assert str(links.get_option_at_index(2).prompt) == "2 Ben — revoked"
        assert await status(http, old) == 404 and await status(http, new) == 200
        app.sharing._watch_seats()  # the app's once-a-second watch, now
        await settle(pilot)
        assert "2 Ben — on a phone" in str(
            app.screen.query_one("#phones-links", OptionList).get_option_at_index(2).prompt
        )
        await press(pilot, "x")
        await settle(pilot)
        assert app.sharing.table is None
        assert await ended(http, new) and await ended(http, table.seat_urls["Ana"]) and await ended(http, table.url)
        await press(pilot, "enter")  # shared again: new links, and going home ends them
        await settle(pilot)
        again = app.sharing.table
        assert again is not None and again.seat_urls["Ana"] != table.seat_urls["Ana"]
        assert await status(http, again.seat_urls["Ana"]) == 200
        app.go_home()
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen) and app.sharing.table is None
        assert await ended(http, again.seat_urls["Ana"])


async def test_a_seat_asked_for_with_the_table_link_is_confirmed_on_the_laptop(make_app, http):
    async with shared_age_one(make_app) as (app, pilot):
        table = app.sharing.table
        assert render(app, "#phones-url") == table.url  # the table link is shown first
        async with http.post(f"{table.url}/ask", data={"seat": "Cris"}, allow_redirects=False) as reply:
            assert reply.status == 303
            waiting = reply.headers["Location"]
        base = table.url.split("/t/")[0]
        code = table.pending()[0].code
        app.sharing._watch_seats()  # the app's once-a-second watch, now (or it has run)
        await until(pilot, lambda: f"Cris · code {code}" in render(app, "#phones-requests"))
        assert f"Cris · code {code}" in render(app, "#phones-requests")
        await press(pilot, "y")
        await until(pilot, lambda: f"Cris's phone is in (code {code})." in notifications(app))
        assert table.pending() == [] and f"Cris's phone is in (code {code})." in notifications(app)
        async with http.get(f"{base}{waiting}", allow_redirects=False) as reply:
            assert reply.status == 303 and reply.headers["Location"].startswith("/s/")
            seat = reply.headers["Location"].split("?")[0]
        assert await add_card(http, f"{base}{seat}", "altar") == 200
        assert app.session.record.entry(1, "Cris").cards == ["Altar"]
        async with http.post(f"{table.url}/ask", data={"seat": "Dora"}, allow_redirects=False) as reply:
            waiting = reply.headers["Location"]
        app.sharing._watch_seats()
        await until(pilot, lambda: "Dora · code" in render(app, "#phones-requests"))
        await press(pilot, "n")  # not the phone the host expected
        assert table.pending() == []
        async with http.get(f"{base}{waiting}", allow_redirects=False) as reply:
            assert reply.status == 200 and "did not confirm" in await reply.text()


async def test_a_game_another_host_shares_is_refused_with_a_clear_message(make_app, db_path: Path):
    app = make_app()
    on_loopback(app)
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, age_one(), Step("age", 1))
        await settle(pilot)
        other = HostLock(db_path, app.session.record.id)  # `wonders-scorer host` holds this game
        other.acquire()
        try:
            await press(pilot, "ctrl+o", "enter")
            await settle(pilot)
            assert app.sharing.table is None
            assert render(app, "#phones-problem") == (
                "Sharing did not start: another host is sharing this game with phones now (one host per game: "
                "stop it first)"
            )
        finally:
            other.release()


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_the_phones_screen_fits_80_by_24(make_app, language):
    set_language(language)
    app = make_app()
    on_loopback(app)
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, age_one(), Step("age", 1))
        await settle(pilot)
        await press(pilot, "ctrl+o")
        await settle(pilot)
        assert cut_off(app) == []
        await press(pilot, "enter")
        await settle(pilot)
        assert cut_off(app) == []
        screen = app.screen
        qr = screen.query_one("#phones-qr")
        side = screen.query_one("#phones-side")
        assert qr.region.bottom <= screen.query_one("#phones-url").region.y  # the code whole, above its link
        assert side.region.x >= qr.region.right and side.region.right <= SIZE[0]
        bottom = screen.query_one(SteadyFooter).region.y
        for widget in screen.query("#phones-listening, #phones-stop, #phones-links, #phones-requests, #phones-url"):
            assert widget.region.bottom <= bottom, widget.id  # every line above the Footer, none clipped
            assert widget.virtual_size.height <= widget.region.height, widget.id
        if language == "pt":
            assert screen.sub_title == "Celulares"
            assert render(app, "#phones-listening").startswith("Escutando em 127.0.0.1:")


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_no_phone_a_minute_after_sharing_on_the_wifi_the_screen_says_the_firewall_may_keep_them_out(
    make_app, monkeypatch, language
):
    """The minute shortened to half a second; the links shown on a Wi-Fi address (the server still listens on
    loopback only). The hint goes once a phone reaches its seat."""
    set_language(language)
    monkeypatch.setattr(PhonesScreen, "FIREWALL_HINT_AFTER", 0.5)
    app = make_app()
    on_loopback(app)
    app.sharing.shown_as = "http://192.168.1.20:8765"
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, age_one(), Step("age", 1))
        await settle(pilot)
        await share(pilot, app)
        await until(pilot, lambda: render(app, "#phones-requests") == t("phones.tui.firewall"))
        assert render(app, "#phones-requests") == t("phones.tui.firewall")
        assert cut_off(app) == []
        hint = app.screen.query_one("#phones-requests")
        assert hint.region.bottom <= app.screen.query_one("#phones-url").region.y  # whole, above the link
        assert hint.virtual_size.height <= hint.region.height
        table = app.sharing.table
        table.seat_of(table.seat_urls["Ana"].rsplit("/", 1)[1])  # Ana's phone opens her link
        await until(pilot, lambda: render(app, "#phones-requests") == t("phones.tui.no_requests"))
        assert render(app, "#phones-requests") == t("phones.tui.no_requests")


@pytest.mark.parametrize(("shown_as", "after"), [(None, 0.0), ("http://192.168.1.20:8765", 3600.0)])
async def test_no_firewall_hint_on_this_computer_only_or_before_the_minute(make_app, monkeypatch, shown_as, after):
    monkeypatch.setattr(PhonesScreen, "FIREWALL_HINT_AFTER", after)
    app = make_app()
    on_loopback(app)
    app.sharing.shown_as = shown_as
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, age_one(), Step("age", 1))
        await settle(pilot)
        await share(pilot, app)
        await pilot.pause(0.3)
        assert render(app, "#phones-requests") == t("phones.tui.no_requests")


def test_a_seat_s_qr_code_fits_beside_the_seat_list():
    lines = qr_lines("http://192.168.100.200:8765/s/" + "x" * 32)
    assert len(lines) <= 19 and {len(line) for line in lines} == {len(lines[0])} and len(lines[0]) <= 37
    assert set("".join(lines)) <= set("▀▄█ ")


def test_snapshot_phones_screen(make_app, snap_compare):
    app = make_app()
    on_loopback(app)
    made = iter(f"seat-link-{n:02d}-made-for-the-snapshot" for n in range(40))
    app.sharing.token_source = lambda nbytes: next(made)
    app.sharing.shown_as = "http://192.168.1.20:8765"

    async def run_before(pilot) -> None:
        start_at(app, age_one(), Step("age", 1))
        await settle(pilot)
        await press(pilot, "ctrl+o", "enter")
        await settle(pilot)
        app.clear_notifications()
        await press(pilot, "1")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def post_edit(http: aiohttp.ClientSession, url: str, kind: str, **fields: Any) -> int:
    async with http.get(f"{url}/state") as reply:
        version = (await reply.json())["version"]
    body = json.dumps({"version": version, "edit": {"kind": kind, **fields}})
    async with http.post(f"{url}/edit", data=body) as reply:
        return reply.status


async def test_a_phone_s_leader_shows_on_the_recruitment_screen_and_the_row_typed_in_stays(make_app, http):
    app = make_app()
    on_loopback(app)
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, age_one(), Step("recruitment", 1))
        await settle(pilot)
        await share(pilot, app)
        seats = app.sharing.table.seat_urls
        await press(pilot, "escape")
        await settle(pilot)
        await press(pilot, *"ama")  # the host types in Ana's row
        await settle(pilot)
        assert await post_edit(http, seats["Ben"], "choose_leader", leader="Nero", use="recruit") == 200
        assert await post_edit(http, seats["Ana"], "choose_leader", leader="Plato", use="recruit") == 200
        await settle(pilot)
        rows = {row.player: row.picker.text for row in app.screen.query("RecruitRow")}
        assert rows["Ben"] == "Nero" and rows["Ana"] == "ama"
        assert app.screen.focused is next(r for r in app.screen.query("RecruitRow") if r.player == "Ana").picker.input


async def test_a_phone_s_coins_show_on_the_end_screen_but_not_over_the_box_typed_in(make_app, http):
    app = make_app()
    on_loopback(app)
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, example("leaders-armada-7p.json"), Step("end"))
        await settle(pilot)
        await share(pilot, app)
        seats = app.sharing.table.seat_urls
        await press(pilot, "escape")
        await settle(pilot)
        focused = app.screen.focused
        assert isinstance(focused, Input) and focused.id == "coins-0"  # Ana's: the host has typed nothing yet
        assert await post_edit(http, seats["Ana"], "set_coins", coins=41) == 200
        await settle(pilot)
        assert focused.value == "41"
        await press(pilot, "backspace", "7")  # now the host types over it: a phone's edit leaves that box alone
        await settle(pilot)
        typed = focused.value
        assert typed != "41"
        assert await post_edit(http, seats["Ben"], "set_coins", coins=42) == 200
        assert await post_edit(http, seats["Ana"], "set_coins", coins=40) == 200
        await settle(pilot)
        assert app.screen.query_one("#coins-1", Input).value == "42"
        assert focused.value == typed and app.session.record.coins("Ana") == 40


async def test_quitting_ends_the_links_and_frees_the_game_for_another_host(make_app, http, db_path: Path):
    async with shared_age_one(make_app) as (app, pilot):
        table, game = app.sharing.table, app.session.record.id
        await press(pilot, "ctrl+q")
        await settle(pilot)
    assert table.tokens.ended and await ended(http, table.seat_urls["Ana"])
    other = HostLock(db_path, game)
    other.acquire()  # `wonders-scorer host` may share it now
    other.release()


@pytest.mark.parametrize(
    "step", [Step("recruitment", 1), Step("age", 2), Step("conflicts", 1), Step("end"), Step("sheet")], ids=str
)
async def test_ctrl_o_opens_phones_from_every_step_and_escape_comes_back(make_app, step):
    app = make_app(example("leaders-armada-7p.json"), step)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        under = type(app.screen)
        await press(pilot, "ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, PhonesScreen)
        await press(pilot, "ctrl+o")  # again: still one Phones screen
        await settle(pilot)
        await press(pilot, "escape")
        await settle(pilot)
        assert type(app.screen) is under and app.session.step == step


async def test_celulares_in_the_palette_opens_the_screen_in_portuguese(make_app, portuguese):
    app = make_app(age_one(), Step("age", 1))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "ctrl+p", *"Celulares")
        await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, PhonesScreen)
        assert render(app, "#phones-choose Static").startswith("Em qual endereço os celulares")
        prompts = [str(option.prompt) for option in app.screen.query_one("#phones-addresses", OptionList).options]
        assert prompts[0] == "127.0.0.1 — só este computador (para testar aqui)"


@needs_browser()
async def test_the_table_app_shares_two_phones_enter_age_one_at_once_and_read_the_sheet(make_app):
    """The issue's whole story in one loop: the table app under the Pilot shares its game as the Phones screen
    does, two phones (Chromium, 360x740, Ben's in Portuguese) enter Ana's and Ben's Age I at the same time,
    the age screen shows them arrive, the record is the core edits' own, a card the deck does not offer
    says why on the phone, and after ctrl+n through the steps the phones' coins reach the end screen and
    the sheet shows on both phones. Playwright's async API and the Pilot share this test's event loop."""
    from playwright.async_api import expect

    from tests.phones.plans import ANA, BEN, by_the_core, enter_age, words

    async with shared_age_one(make_app) as (app, pilot):
        table = app.sharing.table
        await press(pilot, "escape")
        age = app.screen
        assert isinstance(age, AgeScreen) and age.player == "Ana"
        async with chromium() as browser:
            ana = await phone(browser, table.seat_urls["Ana"])
            ben = await phone(browser, table.seat_urls["Ben"], "pt-BR")
            await asyncio.gather(enter_age(ana, table, "Ana", ANA, "en"), enter_age(ben, table, "Ben", BEN, "pt"))
            assert content(app.session.record) == content(by_the_core({"Ana": ANA, "Ben": BEN}))

            # The age screen shows them arrive: both seats underlined, not ticked (3 cards of the age's 7 turns),
            # each one's cards when shown.
            def underlined() -> int:
                spans = age.query_one("#age-players").render().spans
                return sum("underline" in str(span.style) for span in spans)

            await until(pilot, lambda: underlined() == 2)
            assert "✓" not in age.query_one("#age-players").render().plain

            def built() -> list[str]:
                shown = age.query_one("#age-built", ItemList)
                return [str(shown.get_option_at_index(i).prompt).split(" (")[0] for i in range(shown.option_count)]

            assert built() == ["Altar", "Lumber Yard / Madeireira", "Baths / Banhos"]
            await press(pilot, "pagedown")
            await until(pilot, lambda: age.player == "Ben")
            assert built() == ["Workshop / Oficina", "Ore Vein / Veio de Minério", "Glassworks / Vidraria"]

            # A card the deck does not offer Ana: her phone says why, in the card picker's words.
            why = table.cards("Ana", "altar")["why"]
            assert why == "Ana already has Altar: a city never holds two of the same card"
            await ana.get_by_role("searchbox", name=words("en")["search"]).fill("altar")
            await expect(ana.get_by_role("list", name=words("en")["found"])).to_have_text(why)
            await ana.get_by_role("searchbox", name=words("en")["search"]).fill("")
            await screenshot(ana, "table-app-phone-age.png")

            # ctrl+n through the steps, as the host does (twice where the screen says who is missing).
            for _ in range(40):
                if app.session.step == Step("end"):
                    break
                await press(pilot, "ctrl+n")
            assert app.session.step == Step("end")
            end = app.screen
            for page, language, coins in ((ana, "en", 31), (ben, "pt", 27)):
                with speaking(language):
                    label, save = t("phones.page.coins"), t("phones.page.save")
                await page.get_by_label(label).fill(str(coins))
                await accepted(page, page.get_by_role("button", name=save).tap())
            assert app.session.record.coins("Ana") == 31 and app.session.record.coins("Ben") == 27
            await until(pilot, lambda: end.query_one("#coins-1", Input).value == "27")
            assert end.query_one("#coins-0", Input).value == "31" and end.query_one("#coins-1", Input).value == "27"
            for seat in range(2, 7):  # the host types the others' coins on the laptop
                end.query_one(f"#coins-{seat}", Input).focus()
                await press(pilot, "1", str(seat))
            await press(pilot, "ctrl+n")
            await until(pilot, lambda: app.session.step == Step("sheet"))
            record = app.session.record
            assert app.session.step == Step("sheet") and [record.coins(name) for name in record.names[2:]] == [
                12,
                13,
                14,
                15,
                16,
            ]
            for name, page in (("Ana", ana), ("Ben", ben)):
                sheet = page.get_by_role("table")
                await expect(sheet).to_be_visible()
                await expect(sheet.locator("th.me")).to_have_text(name)
            await screenshot(ana, "table-app-phone-sheet.png")


async def ask_for(http: aiohttp.ClientSession, table, seat: str) -> str:
    """A phone holding the table link asks for `seat`; where it then waits."""
    async with http.post(f"{table.url}/ask", data={"seat": seat}, allow_redirects=False) as reply:
        assert reply.status == 303
        return reply.headers["Location"]


def request_line(app) -> Any:
    from widgets.seat_request_line import SeatRequestLine

    lines = app.screen.query(SeatRequestLine)
    return lines.first() if lines and lines.first().display else None


async def test_a_seat_request_shows_as_one_line_on_the_age_screen_and_ctrl_y_confirms_it_from_the_card_box(
    make_app, http
):
    """Issue 29, item 7: a table-link request gave no notice on the age screen; only ctrl+o showed it. One line
    above the Footer names the seat and the code (no toast), ctrl+f confirms it without leaving the box typed
    in, and the phone is sent to its seat."""
    async with shared_age_one(make_app) as (app, pilot):
        table = app.sharing.table
        await press(pilot, "escape")
        age = app.screen
        assert isinstance(age, AgeScreen) and request_line(app) is None
        await press(pilot, *"alt")  # the host is typing a card for Ana
        shown_before = len(notifications(app))
        waiting = await ask_for(http, table, "Cris")
        code = table.pending()[0].code
        app.sharing._watch_seats()  # the app's once-a-second watch, now (or it has run)
        await until(pilot, lambda: request_line(app) is not None)
        await settle(pilot)
        line = request_line(app)
        assert str(line.render()) == t("phones.tui.asks", seat="Cris", code=code, more="")
        assert f"Cris, code {code}" in str(line.render()) and "ctrl+f" in str(line.render())
        footer = age.query_one(SteadyFooter)
        assert line.region.height == 1 and line.region.bottom == footer.region.y  # just above the keys
        assert len(notifications(app)) == shown_before  # a line, not a toast
        assert cut_off(app) == []
        await press(pilot, "ctrl+f")
        assert table.pending() == [] and request_line(app) is None
        assert f"Cris's phone is in (code {code})." in notifications(app)
        picker = age.query_one("#age-picker", CardPicker)
        assert picker.text == "alt" and age.focused is picker.input  # the host's typing is still there
        base = table.url.split("/t/")[0]
        async with http.get(f"{base}{waiting}", allow_redirects=False) as reply:
            assert reply.status == 303 and reply.headers["Location"].startswith("/s/")
        await press(pilot, "ctrl+f")  # nothing waits: nothing happens, nothing typed
        assert picker.text == "alt" and table.pending() == []
        await press(pilot, "home", "ctrl+k")  # nothing waits: the box's own "delete to the end"
        assert picker.text == ""


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_the_line_follows_the_table_to_the_next_step_and_ctrl_g_refuses_the_oldest(make_app, http, language):
    set_language(language)
    async with shared_age_one(make_app) as (app, pilot):
        table = app.sharing.table
        await press(pilot, "escape")
        first = await ask_for(http, table, "Dora")
        await ask_for(http, table, "Enzo")
        dora, enzo = table.pending()
        app.sharing._watch_seats()
        await until(pilot, lambda: request_line(app) is not None)
        more = t("phones.tui.more_waiting", count=1)
        assert str(request_line(app).render()) == t("phones.tui.asks", seat="Dora", code=dora.code, more=more)
        app.session.go(Step("conflicts", 1))  # the table moves on: a new step screen, the request still waits
        await app.show_step()
        await settle(pilot)
        assert type(app.screen).__name__ == "ConflictsScreen"
        assert str(request_line(app).render()) == t("phones.tui.asks", seat="Dora", code=dora.code, more=more)
        assert cut_off(app) == []
        await press(pilot, "ctrl+k")
        assert table.pending() == [enzo]
        assert str(request_line(app).render()) == t("phones.tui.asks", seat="Enzo", code=enzo.code, more="")
        base = table.url.split("/t/")[0]
        async with http.get(f"{base}{first}", allow_redirects=False) as reply:
            assert reply.status == 200  # Dora's phone is told the host did not confirm it
        await press(pilot, "ctrl+o", "y")  # the Phones screen answers as before; back on the step, no line
        assert table.pending() == []
        await press(pilot, "escape")
        assert type(app.screen).__name__ == "ConflictsScreen" and request_line(app) is None


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_long_name_is_shortened_so_the_code_and_the_keys_fit_in_80_columns(language):
    from widgets.seat_request_line import asking_line

    set_language(language)
    line = asking_line("Maria Eduarda de Albuquerque", "0427", 3, SIZE[0] - 2)
    assert len(line) <= SIZE[0] - 2 and "0427" in line and "ctrl+f" in line and "ctrl+k" in line
    assert "Maria" in line and "…" in line
    assert asking_line("Ana", "0427", 0, SIZE[0] - 2) == t("phones.tui.asks", seat="Ana", code="0427", more="")


async def test_saving_the_game_leaves_the_phones_their_final_sheet_then_stops_sharing(make_app, http):
    """s on the sheet while shared: the game is saved and its result shown over home, the phones' links still
    answer with the sheet marked saved (never "cannot reach the host"), an edit is refused, and sharing stops
    once every phone on a seat has read it."""
    app = make_app()
    on_loopback(app)
    data = example("leaders-armada-7p.json")
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, data, Step("sheet"))
        await settle(pilot)
        await share(pilot, app)
        table = app.sharing.table
        ana = table.seat_urls["Ana"]
        assert await status(http, f"{ana}/state") == 200  # Ana's phone is on her seat
        await press(pilot, "escape")  # back to the sheet
        await settle(pilot)
        await press(pilot, "s")
        # The saved game's result over home (it waited 30 s for home itself, which the result covers now).
        await until(pilot, lambda: isinstance(app.screen, PastGameScreen))
        assert isinstance(app.screen, PastGameScreen) and isinstance(app.screen_stack[-2], HomeScreen)
        assert app.sharing.table is table and table.game_saved  # still sharing: the phones have not read it
        app.sharing._watch_seats()
        assert app.sharing.table is table
        async with http.get(f"{ana}/state") as reply:
            assert reply.status == 200 and (await reply.json())["saved"] is True
        assert await add_card(http, ana, "Baths") == 409
        app.sharing._watch_seats()  # every phone has read it: the watch stops sharing
        await until(pilot, lambda: app.sharing.table is None)
        assert app.sharing.table is None and await ended(http, ana)


async def test_who_is_done_on_a_phone_is_one_line_on_the_leaders_screen_never_a_toast(make_app):
    """Seven toasts ("X has entered everything on their phone") stacked over the Leaders screen hid its leader
    column: its status line now says who said "done" on a phone and who is still entering, and nothing is
    drawn over the rows."""
    from widgets.screens.recruitment import RecruitmentScreen

    async with shared_age_one(make_app, Step("recruitment", 1)) as (app, pilot):
        await press(pilot, "escape")  # back to the Leaders screen; sharing goes on
        assert isinstance(app.screen, RecruitmentScreen)
        table = app.sharing.table
        for name in ("Ana", "Ben"):
            assert table.seat_of(table.tokens.issue(name)) == name
        version = table.state("Ana")["version"]
        for body in (
            {"kind": "choose_leader", "leader": "nebuchadnezzar", "use": "recruit"},
            {"kind": "done", "done": True, "discarded": 0},
        ):
            reply = table.edit("Ana", json.dumps({"version": version, "edit": body}).encode())
            assert reply.status == 200
            version = reply.body["state"]["version"]
        app.sharing._watch_seats()  # the app's once-a-second watch, now
        await until(pilot, lambda: "Phones: done Ana · entering Ben" in render(app, "#recruit-status"))
        assert "Phones: done Ana · entering Ben" in render(app, "#recruit-status")
        assert not any("Ana" in note for note in notifications(app))
