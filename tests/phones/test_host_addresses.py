"""`wonders-scorer host --bind 0.0.0.0` (and `::`) prints links a phone can open (issue 29, item 6): before, every
link was `http://0.0.0.0:8765/…`. The links name the first LAN address (the others said too), 127.0.0.1 when
there is none (and it says so), --json the same real addresses; each link's QR code is printed, two abreast
in 80 columns, and reads back as its link. `::` takes IPv4 too, so that address is reached. The address list
is the test's own (scorer.phones.addresses monkeypatched); the server listens for real, on any free port."""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

import pytest

from scorer.cli import host as host_command
from scorer.cli import main
from scorer.i18n import t
from scorer.phones import addresses
from tests.phones.hosting import stored_draft


def lan(monkeypatch, routed: list[str], named: list[str]) -> None:
    monkeypatch.setattr(addresses, "_routed", lambda: routed)
    monkeypatch.setattr(addresses, "_named", lambda: named)


def served_once(monkeypatch, then: Any = None) -> None:
    """`host` listens, prints what it prints, (runs `then(table)`), and stops: no signal needed."""

    async def once(table, args, port) -> None:
        stop = asyncio.Event()
        serving = asyncio.create_task(host_command._until(stop, table, args, port))
        while not table.url and not serving.done():
            await asyncio.sleep(0.01)
        if then is not None and not serving.done():
            await then(table)
        stop.set()
        await serving

    monkeypatch.setattr(host_command, "_serve", once)


def modules(lines: list[str]) -> list[list[bool]]:
    """The QR matrix half blocks draw (dark modules in the foreground), two rows a line."""
    top = {"█": True, "▀": True, "▄": False, " ": False}
    bottom = {"█": True, "▀": False, "▄": True, " ": False}
    rows: list[list[bool]] = []
    for line in lines:
        rows.append([top[ch] for ch in line])
        rows.append([bottom[ch] for ch in line])
    return rows


def printed_codes(out: str) -> dict[str, list[str]]:
    """Each QR code printed, by its title: a title line (two abreast), then the codes' lines side by side."""
    from scorer.phones.qr import qr_lines

    width = len(qr_lines("http://192.168.1.20:8765/s/" + "x" * 32)[0])
    lines, codes, at = out.splitlines(), {}, 0
    while at < len(lines) and not lines[at].startswith(t("phones.cli.serving").split("{")[0]):
        titles = [lines[at][i : i + width].strip() for i in range(0, len(lines[at]), width + 2)]
        at += 1
        block = []
        while at < len(lines) and lines[at].strip(" ▀▄█") == "" and lines[at]:
            block.append(lines[at])
            at += 1
        for n, title in enumerate(titles):
            codes[title] = [line[n * (width + 2) : n * (width + 2) + width].ljust(width) for line in block]
        at += 1  # the blank line after each row
    return codes


@pytest.mark.parametrize("bind", ["0.0.0.0", "::"])
def test_every_address_prints_links_on_the_wifi_address_with_their_qr_codes(tmp_path, capsys, monkeypatch, bind):
    import segno

    if bind == "::" and not socket.has_dualstack_ipv6():
        pytest.skip("no dual-stack IPv6 here: `::` keeps its own links")
    lan(monkeypatch, ["100.101.102.103"], ["192.168.1.20", "10.0.0.5"])
    served_once(monkeypatch)
    db = tmp_path / "history.json"
    stored_draft(db)
    assert main(["--db", str(db), "host", "--bind", bind, "--port", "0"]) == 0
    out = capsys.readouterr().out
    links = [word for word in out.split() if word.startswith("http://")]
    assert len(links) == 8 and all(link.startswith("http://192.168.1.20:") for link in links), links
    assert "0.0.0.0" not in out and "[::]" not in out
    assert t("phones.cli.lan", address="192.168.1.20") in out
    assert t("phones.cli.other_lans", addresses="10.0.0.5, 100.101.102.103", address="192.168.1.20") in out
    codes = printed_codes(out)
    seats = {
        line.split(": ")[0].strip(): line.split(": ")[1]
        for line in out.splitlines()
        if ": http://" in line and line.startswith("  ")
    }
    table_url = links[0]
    assert set(codes) == {t("phones.cli.table_link"), *seats}
    for title, url in ((t("phones.cli.table_link"), table_url), *seats.items()):
        made = [[bool(m) for m in row] for row in segno.make(url, error="l").matrix_iter(border=2)]
        assert modules(codes[title])[: len(made)] == made, title  # the code printed reads as its link
    qr_rows = [line for line in out.splitlines() if "█" in line]
    assert qr_rows and max(len(line.rstrip()) for line in qr_rows) <= 80  # two abreast, whole in 80 columns
    assert max(len(line) for line in out.splitlines()[: len(out.splitlines()) - 10]) <= 80


def test_json_names_the_wifi_address_and_holds_nothing_else(tmp_path, capsys, monkeypatch):
    lan(monkeypatch, ["192.168.1.20"], [])
    served_once(monkeypatch)
    db = tmp_path / "history.json"
    stored_draft(db)
    assert main(["--db", str(db), "host", "--bind", "0.0.0.0", "--port", "0", "--json"]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1
    shared = json.loads(out)
    assert set(shared) == {"url", "seats"} and shared["url"].startswith("http://192.168.1.20:")
    assert all(url.startswith("http://192.168.1.20:") for url in shared["seats"].values())


@pytest.mark.parametrize("language", ["en", "pt"])
def test_without_a_lan_address_the_links_name_this_computer_and_say_so(tmp_path, capsys, monkeypatch, language):
    from scorer.i18n import speaking

    lan(monkeypatch, [], ["127.0.1.1"])
    served_once(monkeypatch)
    db = tmp_path / "history.json"
    stored_draft(db)
    assert main(["--lang", language, "--db", str(db), "host", "--bind", "0.0.0.0", "--port", "0"]) == 0
    out = capsys.readouterr().out
    with speaking(language):
        said = t("phones.cli.no_lan", address="127.0.0.1")
    assert said in out and "0.0.0.0" not in out
    assert all(word.startswith("http://127.0.0.1:") for word in out.split() if word.startswith("http://"))


def test_an_address_given_is_shown_as_it_is_and_its_codes_printed(tmp_path, capsys, monkeypatch):
    lan(monkeypatch, ["192.168.1.20"], [])
    served_once(monkeypatch)
    db = tmp_path / "history.json"
    stored_draft(db)
    assert main(["--db", str(db), "host", "--port", "0"]) == 0  # 127.0.0.1 by default: this computer only
    out = capsys.readouterr().out
    assert "192.168.1.20" not in out and t("phones.cli.table_link") in out and "█" in out
    assert all(word.startswith("http://127.0.0.1:") for word in out.split() if word.startswith("http://"))


@pytest.mark.skipif(not socket.has_dualstack_ipv6(), reason="no dual-stack IPv6 here")
def test_bound_to_every_ipv6_address_a_phone_on_ipv4_reaches_it(tmp_path, capsys, monkeypatch):
    """Before, `::` listened on IPv6 only (asyncio's IPV6_V6ONLY): a link on the Wi-Fi's IPv4 address led
    nowhere. The test's LAN address is 127.0.0.1's stand-in: the request goes to 127.0.0.1 on the port shown."""
    import aiohttp

    lan(monkeypatch, ["192.168.1.20"], [])
    reached: list[int] = []

    async def phone(table) -> None:
        port = table.url.split(":")[2].split("/")[0]
        seat = table.seat_urls["Ana"].replace("192.168.1.20", "127.0.0.1")
        assert f":{port}/" in seat
        async with aiohttp.ClientSession() as http, http.get(f"{seat}/state") as reply:
            reached.append(reply.status)

    served_once(monkeypatch, phone)
    db = tmp_path / "history.json"
    stored_draft(db)
    assert main(["--db", str(db), "host", "--bind", "::", "--port", "0", "--json"]) == 0
    assert reached == [200]
