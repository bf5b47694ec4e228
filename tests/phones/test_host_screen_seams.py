"""What the table app's Phones screen reads of the core, without Textual: links made from a token source of
its own (the screen's snapshot), the address the links show, each seat's state as the host sees it, and the
addresses a host may listen on."""

from __future__ import annotations

import ipaddress

from scorer.phones import addresses
from scorer.phones.table import PhoneTable
from scorer.phones.tokens import SeatTokens
from tests.phones.tables import edit, phone_table, session_at


def test_a_token_source_of_its_own_makes_the_links():
    made = iter(["t0", "t1", "s1", "s2"])  # t0: the table token it starts with
    tokens = SeatTokens(["Ana", "Ben"], lambda nbytes: next(made))
    assert tokens.table_token() == "t1" and tokens.is_table("t1")
    assert tokens.issue("Ana") == "s1" and tokens.seat_of("s1") == "Ana"
    assert tokens.issue("Ben") == "s2" and tokens.seat_of("s2") == "Ben"


async def test_the_links_show_the_address_given_and_are_the_same_every_run():
    made = []
    for _ in range(2):
        source = iter(f"token{n}" for n in range(20))
        table = PhoneTable(session_at()[0], token_source=lambda nbytes, s=source: next(s))
        await table.start("127.0.0.1", 0, shown_as="http://192.168.1.20:8765")
        made.append((table.url, dict(table.seat_urls)))
        await table.stop()
    assert made[0] == made[1]
    url, seats = made[0]
    assert url == "http://192.168.1.20:8765/t/token1"
    assert seats["Ana"] == "http://192.168.1.20:8765/s/token2"


def test_a_phone_table_takes_a_token_source():
    source = iter(f"k{n}" for n in range(20))
    table = PhoneTable(session_at()[0], token_source=lambda nbytes: next(source))
    assert table.tokens.issue("Ana") == "k1"  # k0: the table token it starts with


def test_each_seat_s_state_as_the_host_sees_it():
    table = phone_table(session_at()[0])
    ana = table.tokens.issue("Ana")
    assert table.seat_status("Ana") == "not_joined" and not table.on_phone("Ana")
    assert table.seat_of(ana) == "Ana"
    assert table.seat_status("Ana") == "joined" and table.on_phone("Ana")
    assert edit(table, "Ana", "add_card", card="baths").status == 200
    assert table.seat_status("Ana") == "joined"  # turns 1 of 7: the age is not entered yet
    for card in ("shipyard", "altar", "guard_tower", "stone_pit", "lumber_yard"):
        assert edit(table, "Ana", "add_card", card=card).status == 200
    assert edit(table, "Ana", "set_wonder_stages", stages=1).status == 200
    assert table.seat_status("Ana") == "joined"  # every turn entered, but only Ana says she is done
    assert edit(table, "Ana", "done", done=True, discarded=0).status == 200
    assert table.seat_status("Ana") == "done"
    assert table.seat_status("Ben") == "not_joined"
    new = table.revoke("Ana").rsplit("/", 1)[-1]
    assert table.seat_status("Ana") == "revoked" and not table.on_phone("Ana")
    assert table.seat_of(ana) is None and table.seat_status("Ana") == "revoked"  # the old link changes nothing
    assert table.seat_of(new) == "Ana" and table.seat_status("Ana") == "done"


def test_the_addresses_to_listen_on_begin_with_the_lan_end_with_loopback_and_are_each_listed_once(monkeypatch):
    monkeypatch.setattr(addresses, "_routed", lambda: ["192.168.1.20"])
    monkeypatch.setattr(addresses, "_named", lambda: ["127.0.1.1", "192.168.1.20", "10.0.0.5", "0.0.0.0"])
    assert addresses.listen_addresses() == ["192.168.1.20", "10.0.0.5", "127.0.0.1"]
    assert addresses.lan_addresses() == ["192.168.1.20", "10.0.0.5"]


def test_the_likeliest_wifi_address_comes_first_a_vpn_s_and_a_link_local_one_after(monkeypatch):
    """The system may route through a VPN (100.64.x.x, as Tailscale's): the phones are on the Wi-Fi's
    private address, which is offered first; a link-local address (no router answered) last of the LAN's."""
    monkeypatch.setattr(addresses, "_routed", lambda: ["100.101.102.103"])
    monkeypatch.setattr(addresses, "_named", lambda: ["169.254.10.20", "192.168.0.14", "not an address"])
    assert addresses.listen_addresses() == ["192.168.0.14", "100.101.102.103", "169.254.10.20", "127.0.0.1"]


def test_offline_only_loopback_is_offered(monkeypatch):
    monkeypatch.setattr(addresses, "_routed", lambda: [])
    monkeypatch.setattr(addresses, "_named", lambda: ["127.0.1.1"])
    assert addresses.listen_addresses() == ["127.0.0.1"] and addresses.lan_addresses() == []


def test_this_computer_s_addresses_are_found_without_the_network():
    found = addresses.listen_addresses()  # offline too: the probe sends nothing
    assert found[-1] == "127.0.0.1" and len(found) == len(set(found))
    assert all(isinstance(ipaddress.ip_address(address), ipaddress.IPv4Address) for address in found)


def test_a_step_that_asks_nothing_of_a_seat_never_makes_it_done():
    """The laptop announced "X has entered everything on their phone" for every joined seat when the table
    moved on to the conflicts (nothing missing there, nothing asked either): a seat is done only at a step
    that asks it something, as the phone's own page says."""
    from scorer.flow import Step

    session, _ = session_at()
    table = phone_table(session)
    table.seat_of(table.tokens.issue("Ben"))
    assert table.seat_status("Ben") == "joined"
    for step in (Step("conflicts", 1), Step("sheet")):
        session.go(step)
        assert table.seat_status("Ben") == "joined", step
    session.go(Step("end"))
    assert table.seat_status("Ben") == "joined"  # the coins are asked
    assert edit(table, "Ben", "set_coins", coins=4).status == 200
    assert table.seat_status("Ben") == "joined"  # nothing missing is not done: Ben says it
    assert edit(table, "Ben", "done", done=True, discarded=0).status == 200
    assert table.seat_status("Ben") == "done"
