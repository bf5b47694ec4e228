"""What the web edge makes once per record, however many phones ask: a seat's state for every poll."""

from __future__ import annotations

import aiohttp

from scorer.catalog import load_catalog
from scorer.edits.age import add_card
from tests.phones.tables import phone_table, request, session_at


async def test_a_seat_s_state_is_made_once_per_record_for_every_poll():
    session, _ = session_at()
    table = phone_table(session)
    made = []
    state = table.state
    table.state = lambda player, language=None: made.append(player) or state(player, language)  # type: ignore[method-assign]
    await table.start()
    url = table.seat_urls["Ana"]
    try:
        async with aiohttp.ClientSession() as http:
            bodies = []
            for _ in range(3):
                async with http.get(f"{url}/state") as reply:
                    bodies.append(await reply.json())
            assert made == ["Ana"] and bodies[0] == bodies[2]
            async with http.post(f"{url}/edit", data=request(bodies[0]["version"], "add_card", card="altar")) as reply:
                assert reply.status == 200
            async with http.get(f"{url}/state") as reply:  # the edit's own state, not made again
                assert [card["id"] for card in (await reply.json())["cards"]] == ["altar"]
            assert made == ["Ana", "Ana"]
            catalog = load_catalog()
            assert session.apply(add_card(session.game(), 1, "Ana", catalog.card("baths", 1))) is None
            async with http.get(f"{url}/state") as reply:  # the laptop changed the record: made again
                assert [card["id"] for card in (await reply.json())["cards"]] == ["altar", "baths"]
            assert made == ["Ana", "Ana", "Ana"]
    finally:
        await table.stop()
