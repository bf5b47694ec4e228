"""The phone host on a LAN of strangers (issue 27, section 3): 2,000 idle connections do not lock a phone out,
the HTTP parser's refusals are logged without a token or a traceback and at a bounded rate, a foreign Host or
another site's write is refused, the Server header names no versions, the parser's refusals carry the app's
headers and plain text, and a declared body over the limit is refused before it is sent."""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
import sys
import time
from urllib.parse import urlsplit

import pytest

from scorer.phones.server import MAX_BODY
from tests.phones.hosting import call, host, links, stored_draft
from tests.phones.tables import request

ATTACKERS = 2_000


async def raw(base: str, data: bytes, *, timeout: float = 20.0) -> bytes:
    """Send `data` on a fresh connection and read what comes back until the host closes it."""
    where = urlsplit(base)
    reader, writer = await asyncio.open_connection(where.hostname, where.port)
    try:
        writer.write(data)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()


@pytest.mark.skipif(sys.platform == "win32", reason="sets the host's file limit with the resource module")
def test_two_thousand_idle_connections_do_not_lock_a_phone_out(tmp_path):
    """A laptop's 1024 file descriptors: before, the 1,100th idle connection left none for a phone."""
    db = tmp_path / "history.json"
    stored_draft(db)
    process = host(db, "--json", module="tests.phones.laptop_files")
    held: list[socket.socket] = []
    try:
        seat = links(process)["seats"]["Ana"]
        where = urlsplit(seat)
        deadline = time.monotonic() + 60  # a host that stops accepting cannot stall the test longer
        for _ in range(ATTACKERS):
            if time.monotonic() > deadline:
                break
            attacker = socket.socket()
            held.append(attacker)
            attacker.settimeout(2)
            try:
                attacker.connect((where.hostname, where.port))
            except OSError:
                continue  # not taken (the host out of file descriptors, its backlog full)
        started = time.monotonic()
        assert call(f"{seat}/state")["version"]  # urlopen's timeout: 20 s
        took = time.monotonic() - started
        print(f"a phone served in {took:.3f} s with {ATTACKERS} idle connections opened")
    finally:
        for attacker in held:
            attacker.close()
        process.send_signal(signal.SIGTERM)
        err = process.communicate(timeout=60)[1]
    assert process.returncode == 0 and "Traceback" not in err, err


async def test_a_connection_that_sends_nothing_is_closed_after_a_few_seconds(shared):
    reply = await raw(shared._base, b"", timeout=30)
    assert reply == b""  # closed by the host, not by the timeout (which would raise)


async def test_requests_the_parser_refuses_are_logged_without_token_or_traceback_and_rate_limited(shared, caplog):
    caplog.set_level(logging.DEBUG)
    token = urlsplit(shared.seat_urls["Ana"]).path.rsplit("/", 1)[1]
    host = urlsplit(shared._base).netloc
    bad = [
        f"GET /s/{token} HTTP/1.1 and more\r\nHost: {host}\r\n\r\n",
        f"GET /s/{token} HTTP/1.1\r\nHost: {host}\r\nno colon here {token}\r\n\r\n",
        f"POST /s/{token}/edit HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\r\nzz{token}\r\n",
        f"G\x00T /s/{token} HTTP/1.1\r\nHost: {host}\r\n\r\n",
    ]
    for i in range(1_000):
        await raw(shared._base, bad[i % len(bad)].encode("latin-1"))
    logged = caplog.text
    assert token not in logged and "Traceback" not in logged
    assert len(logged) < 10_000, len(logged)  # before: a traceback of a few KiB each, 1,000 times


@pytest.mark.parametrize("named", ["evil.example", "10.9.8.7", "localhost.evil.example"])
async def test_a_host_header_that_is_not_the_address_reached_is_refused(shared, http, named):
    port = urlsplit(shared._base).port
    async with http.get(shared.seat_urls["Ana"], headers={"Host": f"{named}:{port}"}) as reply:
        assert reply.status == 421 and reply.content_type == "text/plain"
        assert "<" not in await reply.text()
    async with http.get(shared.seat_urls["Ana"], headers={"Host": f"localhost:{port}"}) as reply:
        assert reply.status == 200


async def test_a_write_from_another_site_is_refused_and_the_host_s_own_is_accepted(shared, http):
    url = shared.seat_urls["Ana"]
    version = (await (await http.get(f"{url}/state")).json())["version"]
    body = request(version, "add_card", card="altar")
    for origin in ("http://evil.example", "null", f"{shared._base}.evil.example"):
        async with http.post(f"{url}/edit", data=body, headers={"Origin": origin}) as reply:
            assert reply.status == 403 and reply.content_type == "text/plain"
    assert shared.session.record.entry(1, "Ana").cards == []
    async with http.post(f"{url}/edit", data=body, headers={"Origin": shared._base}) as reply:
        assert reply.status == 200
    assert shared.session.record.entry(1, "Ana").cards == ["Altar"]


async def test_the_server_header_names_no_versions(shared, http):
    for url in (shared.seat_urls["Ana"], f"{shared._base}/nowhere"):
        async with http.get(url) as reply:
            server = reply.headers.get("Server", "")
            assert "aiohttp" not in server and "Python" not in server, server


@pytest.mark.parametrize(
    "sent",
    [
        "GET /s/{token} HTTP/1.1 and more\r\nHost: {host}\r\n\r\n",
        "GET /s/{token} HTTP/1.1\r\nHost: {host}\r\nX-Long: {long}\r\n\r\n",
        "POST /s/{token}/edit HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    ],
    ids=["request line", "oversized header", "chunking"],
)
async def test_the_parser_s_refusals_carry_the_app_s_headers_and_plain_text(shared, sent):
    token = urlsplit(shared.seat_urls["Ana"]).path.rsplit("/", 1)[1]
    data = sent.format(token=token, host=urlsplit(shared._base).netloc, long="x" * 20_000)
    reply = (await raw(shared._base, data.encode())).decode("latin-1")
    head, _, body = reply.partition("\r\n\r\n")
    assert head.startswith(("HTTP/1.0 4", "HTTP/1.1 4")), head
    assert "Content-Security-Policy: default-src 'self'" in head and "X-Content-Type-Options: nosniff" in head
    assert "Content-Type: text/plain" in head and "aiohttp" not in head
    assert token not in body and "<" not in body and "Traceback" not in body and body.strip()


async def test_a_declared_body_over_the_limit_is_refused_before_it_is_sent(shared):
    url = urlsplit(shared.seat_urls["Ana"])
    head = (
        f"POST {url.path}/edit HTTP/1.1\r\nHost: {url.netloc}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {MAX_BODY * 1000}\r\n\r\n"
    )
    reply = await raw(shared._base, head.encode(), timeout=20)  # the body is never sent
    assert reply.startswith(b"HTTP/1.1 413"), reply[:100]
    assert b"Content-Security-Policy" in reply
