"""The phones' web edge over a real socket: the pages, every security case of the issue, stale and
concurrent edits, and 8 phones entering an 8-player Age I at once."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from scorer.catalog import load_catalog
from scorer.flow import Step
from scorer.phones.server import MAX_BODY
from scorer.rules.turns import age_turns
from scorer.session import GameSession
from tests.phones.tables import (
    EIGHT,
    age_one_plan,
    eight_players,
    phone_table,
    request,
    session_at,
    whole_game_plan,
)
from tests.records import example, without_age
from tests.replay import content

NAMED = "<script>alert(1)</script>"


async def post(http: aiohttp.ClientSession, url: str, version: str, kind: str, **fields) -> tuple[int, dict]:
    async with http.post(f"{url}/edit", data=request(version, kind, **fields)) as reply:
        return reply.status, await reply.json()


async def state(http: aiohttp.ClientSession, url: str) -> dict:
    async with http.get(f"{url}/state") as reply:
        assert reply.status == 200
        return await reply.json()


async def test_the_seat_page_its_assets_and_its_headers(shared, http):
    url = shared.seat_urls["Ana"]
    async with http.get(url) as reply:
        page = await reply.text()
        assert reply.status == 200 and reply.content_type == "text/html"
        assert "default-src 'self'" in reply.headers["Content-Security-Policy"]
        assert reply.headers["X-Content-Type-Options"] == "nosniff"
        assert reply.headers["Referrer-Policy"] == "same-origin"  # a form's POST then names its Origin
        assert reply.headers["Cache-Control"] == "no-store"
    assert '<script src="/static/phone.js"></script>' in page and "<h1>Ana</h1>" in page
    assert page.count("<script") == 2  # the page's script file, and its data (JSON, never run)
    for asset, kind in (("phone.js", "text/javascript"), ("phone.css", "text/css")):
        async with http.get(f"{shared._base}/static/{asset}") as reply:
            assert reply.status == 200 and reply.content_type == kind


async def test_the_page_speaks_the_phone_s_language(shared, http):
    url = shared.seat_urls["Ana"]
    async with http.get(url, headers={"Accept-Language": "pt-BR,pt;q=0.9,en;q=0.8"}) as reply:
        assert '<html lang="pt">' in await reply.text()
    async with http.get(f"{url}?lang=en", headers={"Accept-Language": "pt-BR"}) as reply:
        assert '<html lang="en">' in await reply.text()
    async with http.get(f"{url}/state?lang=pt") as reply:
        assert (await reply.json())["step"]["title"] == "Era I"


async def test_the_state_shows_the_turns_of_the_age_as_the_age_screen_counts_them(shared, http):
    """The age screen's "turns 6 of 7" (scorer.rules.turns) for the phone's own city, in its language: a card
    and a stage from the phone are two of Age I's 7 turns with Armada."""
    url = shared.seat_urls["Ana"]
    first = await state(http, url)
    assert first["turns"] == {"played": 0, "expected": 7, "done": False, "text": "Turns 0 of 7"}
    status, body = await post(http, url, first["version"], "add_card", card="altar")
    assert status == 200
    status, body = await post(http, url, body["state"]["version"], "set_wonder_stages", stages=1)
    assert status == 200 and body["state"]["turns"]["played"] == 2
    turns = age_turns(shared.session.record, load_catalog(), 1, "Ana")
    async with http.get(f"{url}/state?lang=pt") as reply:
        shown = (await reply.json())["turns"]
    assert (shown["played"], shown["expected"]) == (turns.played, turns.expected) == (2, 7)
    assert shown["text"] == "2 de 7 turnos"


async def test_a_script_in_a_player_s_name_is_inert(http):
    data = without_age(example("leaders-armada-7p.json"), 1, 2, 3)
    data["players"][0]["name"] = NAMED
    data["status"], data["progress"] = "in_progress", {"step": "age", "age": 1}
    table = phone_table(GameSession(data, lambda draft: None))
    await table.start()
    try:
        async with http.get(table.seat_urls[NAMED]) as reply:
            page = await reply.text()
        assert NAMED not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        data_block = page.split('id="data">')[1].split("</script>")[0]
        assert json.loads(data_block)["state"]["player"] == NAMED  # the data, escaped, reaches the script whole
        async with http.get(table.url) as reply:  # the table link's seat list
            assert NAMED not in await reply.text()
    finally:
        await table.stop()


async def test_no_token_a_wrong_one_a_revoked_one_and_another_game_s_are_all_the_same_404(shared, http):
    other, _ = session_at("base-3p.json")
    elsewhere = phone_table(other)
    await elsewhere.start()
    old = shared.seat_urls["Ana"]
    shared.revoke("Ana")
    base = shared._base
    token = old.rsplit("/", 1)[1]
    wrong = [
        f"{base}/s/",
        f"{base}/s/{token[:-2]}xx",
        old,  # revoked
        f"{base}/s/{elsewhere.seat_urls[other.record.names[0]].rsplit('/', 1)[1]}",  # another game's seat
        f"{base}/t/{token}",  # a seat token is not the table's
    ]
    bodies = set()
    try:
        for url in wrong:
            async with http.get(url) as reply:
                assert reply.status == 404, url
                bodies.add(await reply.text())
            async with http.post(f"{url}/edit", data=request("x", "add_card", card="altar")) as reply:
                assert reply.status in (404, 405), url
    finally:
        await elsewhere.stop()
    assert len(bodies) == 1 and "Traceback" not in bodies.pop()
    assert shared.session.record.ages == {}
    async with http.get(shared.seat_urls["Ana"]) as reply:  # her new link works
        assert reply.status == 200


async def test_a_token_reaches_only_its_own_seat(shared, http):
    url = shared.seat_urls["Ana"]
    version = (await state(http, url))["version"]
    async with http.post(
        f"{url}/edit",
        data=json.dumps({"version": version, "edit": {"kind": "add_card", "card": "altar", "player": "Ben"}}),
    ) as reply:
        assert reply.status == 400
    assert shared.session.record.ages == {}


async def test_an_oversized_body_is_refused_and_changes_nothing(shared, http):
    url = shared.seat_urls["Ana"]
    async with http.post(f"{url}/edit", data=b"{" + b" " * (MAX_BODY * 4) + b"}") as reply:
        assert reply.status == 413 and "Traceback" not in await reply.text()
    assert shared.session.record.ages == {}


@pytest.mark.parametrize(
    "path", ["/", "/static/", "/static/server.py", "/static/../server.py", "/s/../../etc/passwd", "/..%2f..%2fetc"]
)
async def test_a_path_outside_the_app_is_not_found(shared, http, path):
    async with http.get(shared._base + path) as reply:
        assert reply.status == 404
        assert "Traceback" not in await reply.text() and "Index of" not in await reply.text()


async def test_a_token_asking_too_often_is_slowed_down(http):
    session, _ = session_at()
    table = phone_table(session)
    await table.start(rate=(5, 0.01))
    try:
        statuses = []
        for _ in range(7):
            async with http.get(f"{table.seat_urls['Ana']}/state") as reply:
                statuses.append(reply.status)
        assert statuses[:5] == [200] * 5 and statuses[5:] == [429, 429]
        async with http.get(f"{table.seat_urls['Ben']}/state") as reply:
            assert reply.status == 200  # another token is not slowed by it
    finally:
        await table.stop()


async def test_the_state_is_not_sent_again_while_unchanged(shared, http):
    url = f"{shared.seat_urls['Ana']}/state"
    async with http.get(url) as reply:
        tag = reply.headers["ETag"]
    async with http.get(url, headers={"If-None-Match": tag}) as reply:
        assert reply.status == 304
    shared.session.go(Step("conflicts", 1))  # the host moves on: the page follows
    async with http.get(url, headers={"If-None-Match": tag}) as reply:
        assert reply.status == 200 and (await reply.json())["step"]["kind"] == "conflicts"


async def test_a_stale_edit_is_refused_with_the_current_state(shared, http):
    url = shared.seat_urls["Ana"]
    old = (await state(http, url))["version"]
    assert (await post(http, url, old, "add_card", card="altar"))[0] == 200
    status, body = await post(http, url, old, "add_card", card="baths")
    assert status == 409 and body["error"] and [c["id"] for c in body["state"]["cards"]] == ["altar"]
    status, body = await post(http, url, body["state"]["version"], "add_card", card="altar")
    assert status == 422 and body["error"].startswith("'Altar': Ana already has Altar")  # the reason, in words


async def test_card_search_by_part_of_a_name_in_either_language(shared, http):
    url = shared.seat_urls["Ana"]
    async with http.get(f"{url}/cards", params={"q": "paliç"}) as reply:
        assert (await reply.json())["cards"][0]["id"] == "stockade"
    async with http.get(f"{url}/cards", params={"q": "doca", "lang": "pt"}) as reply:
        assert (await reply.json())["cards"][0]["id"] == "dock"


async def test_leader_search_by_part_of_a_name_in_either_language(http):
    session, _ = session_at(step="recruitment", age=1)
    table = phone_table(session)
    await table.start()
    try:
        url = table.seat_urls["Ana"]
        async with http.get(f"{url}/leaders", params={"q": "vitruvio", "lang": "pt"}) as reply:
            assert (await reply.json())["leaders"] == [{"id": "vitruvius", "name": "Vitrúvio"}]
        async with http.get(f"{url}/leaders", params={"q": "zenob"}) as reply:
            assert [leader["id"] for leader in (await reply.json())["leaders"]] == ["zenobia"]
        async with http.get(f"{url[:-2]}xx/leaders", params={"q": "zenob"}) as reply:
            assert reply.status == 404
    finally:
        await table.stop()


async def test_two_seats_editing_at_once_never_conflict(shared, http):
    ana, ben = shared.seat_urls["Ana"], shared.seat_urls["Ben"]
    versions = await asyncio.gather(state(http, ana), state(http, ben))
    replies = await asyncio.gather(
        post(http, ana, versions[0]["version"], "add_card", card="altar"),
        post(http, ben, versions[1]["version"], "add_card", card="workshop"),
    )
    assert [status for status, _ in replies] == [200, 200]
    assert shared.session.record.entry(1, "Ana").cards == ["Altar"]
    assert shared.session.record.entry(1, "Ben").cards == ["Workshop"]


async def test_a_seat_picked_with_the_table_link_is_given_once_the_host_confirms(shared, http):
    async with http.get(shared.url) as reply:
        assert reply.status == 200 and "Ben" in await reply.text()
    async with http.post(f"{shared.url}/ask", data={"seat": "Ben"}, allow_redirects=False) as reply:
        assert reply.status == 303
        wait = shared._base + reply.headers["Location"]
    async with http.get(wait, allow_redirects=False) as reply:
        assert reply.status == 200  # waiting for the host
    [asked] = shared.pending()
    shared.confirm(asked)
    async with http.get(wait, allow_redirects=False) as reply:
        assert reply.status == 303 and reply.headers["Location"].startswith("/s/")
        seat_page = shared._base + reply.headers["Location"]
    async with http.get(seat_page) as reply:
        assert reply.status == 200 and "<h1>Ben</h1>" in await reply.text()


async def test_eight_phones_enter_an_eight_player_age_at_once(http):
    data = eight_players()
    plan, expected = age_one_plan(data)
    saved = []
    table = phone_table(GameSession(data, saved.append))
    await table.start()

    async def phone(name: str) -> list[int]:
        url = table.seat_urls[name]
        version, statuses = (await state(http, url))["version"], []
        for edit in plan[name]:
            status, body = await post(http, url, version, **edit)
            statuses.append(status)
            version = body["state"]["version"]
        return statuses

    try:
        results = await asyncio.gather(*(phone(name) for name in EIGHT))
    finally:
        await table.stop()
    assert all(status == 200 for statuses in results for status in statuses)
    assert content(table.session.record) == content(expected)
    assert content(saved[-1].record) == content(expected)  # and autosaved


async def test_eight_phones_enter_a_whole_eight_player_game_while_the_laptop_moves_the_table_on(http):
    data = eight_players()
    steps, expected = whole_game_plan(data)
    session = GameSession(dict(data) | {"progress": {"step": "recruitment", "age": 1}}, lambda draft: None)
    table = phone_table(session)
    await table.start()

    async def phone(name: str, plan: dict) -> list[int]:
        url = table.seat_urls[name]
        version, statuses = (await state(http, url))["version"], []
        for edit in plan[name]:
            status, body = await post(http, url, version, **edit)
            statuses.append(status)
            version = body["state"]["version"]
        return statuses

    try:
        for step, plan in steps:
            session.go(step)  # the laptop's ctrl+n: every phone's page follows
            results = await asyncio.gather(*(phone(name, plan) for name in EIGHT))
            assert all(status == 200 for statuses in results for status in statuses), step
        session.go(Step("sheet"))
        sheets = await asyncio.gather(*(state(http, table.seat_urls[name]) for name in EIGHT))
    finally:
        await table.stop()
    assert content(session.record) == content(expected)
    assert all([p["name"] for p in seen["sheet"]["players"]] == list(EIGHT) for seen in sheets)


async def test_the_sheet_offers_the_game_as_one_bg_stats_play_the_same_from_every_phone(shared, http):
    url = shared.seat_urls["Ana"]
    async with http.get(f"{url}/play.bgsplay") as reply:
        assert reply.status == 404  # no sheet yet: no play
    shared.session.go(Step("sheet"))
    files = []
    for name in ("Ana", shared.session.record.names[-1]):
        async with http.get(f"{shared.seat_urls[name]}/play.bgsplay") as reply:
            assert reply.status == 200 and reply.content_type == "application/json"
            assert reply.headers["Content-Disposition"].endswith('.bgsplay"')
            files.append(json.loads(await reply.read()))
    (play,), (again,) = (document["plays"] for document in files)
    from scorer.history.bgstats import stable_uuid

    assert play["uuid"] == again["uuid"] == stable_uuid("play", shared.session.record.id)
    assert [p["name"] for p in files[0]["players"]] == shared.session.record.names
    assert files[0]["games"][0]["bggId"] == 68448
    async with http.get(f"{shared._base}/s/not-a-token/play.bgsplay") as reply:
        assert reply.status == 404


async def test_the_sheet_offers_its_picture_in_the_phones_language_to_its_seats_only(shared, http):
    """Issue 30 item 2: every phone gets the final sheet as a PNG to save or share; a wrong or revoked link
    gets nothing."""
    import io

    from PIL import Image

    url = shared.seat_urls["Ana"]
    async with http.get(f"{url}/sheet.png") as reply:
        assert reply.status == 404  # no sheet yet: no picture
    shared.session.go(Step("sheet"))
    async with http.get(f"{url}/sheet.png", headers={"Accept-Language": "pt-BR"}) as reply:
        assert reply.status == 200 and reply.content_type == "image/png"
        assert reply.headers["Content-Disposition"].endswith('.png"')
        image = Image.open(io.BytesIO(await reply.read()))
    assert image.format == "PNG" and image.width == 1080 and image.height > 600
    async with http.get(f"{shared._base}/s/not-a-token/sheet.png") as reply:
        assert reply.status == 404
    shared.revoke("Ana")
    async with http.get(f"{url}/sheet.png") as reply:
        assert reply.status == 404  # a revoked link is unknown, as any wrong one
