"""The door the phones come in by, on a LAN where anyone may knock: connections bounded, idle ones closed,
the HTTP parser's refusals answered plainly and logged without a token, a traceback or unbounded text.

aiohttp serves the app; this module only changes how connections are admitted and how a request the parser
rejects is answered, through aiohttp's own extension points (a `web.BaseSite` whose protocol factory builds
a `web.RequestHandler` subclass, and the handler's `logger`).

Connections. A laptop's process has a few hundred to a thousand file descriptors (macOS: 256, most Linux
desktops: 1024); a stranger holding that many idle connections would lock every phone out. So:
- a connection that has not sent a whole request within `IDLE_SECONDS`, or sits idle that long between
  requests (keep-alive), is closed by aiohttp (`keepalive_timeout`, armed when the connection is accepted);
- at most `PER_ADDRESS` connections per client address and `TOTAL` in all are kept. A connection over
  either bound closes the *oldest idle* one (of its address, else of all) rather than being refused: a phone
  sharing an address with an attacker (one Wi-Fi behind a guest NAT, or 127.0.0.1 in the tests) still gets in,
  because the attacker's idle connections are the oldest; only when every connection kept is running a
  request is the newcomer closed. A table needs far fewer: 8 phones × a browser's 6 connections per host.
- a request body must arrive within `BODY_SECONDS` (the server's handlers read it under that timeout).
A phone whose idle keep-alive connection was closed opens another one: browsers retry that by themselves.

Parser refusals (a bad request line, oversized headers, bad chunking) get the app's own security headers and a
plain sentence in the table's language; aiohttp's default would echo the request line (the seat's token in it)
and log a traceback per request.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import socket
import time
from collections.abc import Callable, Mapping
from typing import Any

from aiohttp import web

IDLE_SECONDS = 5.0  # no whole request within this, or idle this long between requests: closed
BODY_SECONDS = 5.0  # a request body (at most a few KiB) arriving slower than this is dropped
PER_ADDRESS = 24  # connections kept per client address: a phone's browser opens up to 6
TOTAL = 160  # connections kept in all: 8 phones and the laptop, with room to spare
LOG_BURST, LOG_PER_SECOND = 10, 1.0  # lines the host logs about refused requests: a burst, then one a second
LOG_CHARS = 200  # characters of a logged line
_TOKEN = re.compile(r"(/[st]/)[^\s/?#\"'<>]*|[A-Za-z0-9_-]{20,}")


class Gate:
    """The connections kept, oldest first, and which of them are running a request (see the module)."""

    def __init__(self, per_address: int = PER_ADDRESS, total: int = TOTAL) -> None:
        self.per_address, self.total = per_address, total
        self._kept: dict[PhoneHandler, str] = {}  # insertion order: oldest first
        self.busy: set[web.RequestHandler] = set()  # connections whose request the app is handling

    def __len__(self) -> int:
        return len(self._kept)

    def admit(self, handler: PhoneHandler, address: str) -> bool:
        """Keep `handler`'s connection from `address`, closing the oldest idle one over a bound; False when
        every connection kept is busy (the newcomer is then closed)."""
        same = [kept for kept, where in self._kept.items() if where == address]
        if len(same) >= self.per_address and not self._evict(same):
            return False
        if len(self._kept) >= self.total and not self._evict(list(self._kept)):
            return False
        self._kept[handler] = address
        return True

    def leave(self, handler: PhoneHandler) -> None:
        self._kept.pop(handler, None)
        self.busy.discard(handler)

    def _evict(self, candidates: list[PhoneHandler]) -> bool:
        idle = next((kept for kept in candidates if kept not in self.busy), None)
        if idle is None:
            return False
        self.leave(idle)
        idle.force_close()
        return True


class PhoneHandler(web.RequestHandler):
    """aiohttp's request handler, admitted through the Gate, answering parser errors with `refusal`."""

    gate: Gate
    refusal: Callable[[int], web.Response]

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if not self.gate.admit(self, address):
            self.force_close()

    def connection_lost(self, exc: BaseException | None) -> None:
        self.gate.leave(self)
        super().connection_lost(exc)

    def handle_error(
        self, request: Any, status: int = 500, exc: BaseException | None = None, message: str | None = None
    ) -> web.StreamResponse:
        """A request the parser (or aiohttp itself) refused: one bounded line logged, the same plain page and
        headers as the app's own refusals, and the connection closed."""
        self.logger.info("refused a request from %s: %s %s", request.remote, status, type(exc).__name__)
        if request.writer.output_size > 0:
            raise ConnectionError("a response was already sent on this connection")
        response = self.refusal(status)
        response.force_close()
        return response


class GateSite(web.BaseSite):
    """A TCP site whose connections are PhoneHandlers: `web.TCPSite` with the Gate in front."""

    def __init__(
        self,
        runner: web.BaseRunner,
        host: str,
        port: int,
        *,
        gate: Gate,
        refusal: Callable[[int], web.Response],
        handler_args: Mapping[str, Any],
    ) -> None:
        super().__init__(runner)
        self._host, self._port = host, port
        self._gate, self._refusal, self._handler_args = gate, refusal, handler_args

    @property
    def name(self) -> str:
        return f"http://{self._host}:{self._port}"

    async def start(self) -> None:
        await super().start()
        loop = asyncio.get_running_loop()
        manager = self._runner.server
        assert manager is not None

        def handler() -> PhoneHandler:
            made = PhoneHandler(manager, loop=loop, **self._handler_args)
            made.gate, made.refusal = self._gate, self._refusal
            return made

        if _every_ipv6_address(self._host) and socket.has_dualstack_ipv6():
            # asyncio listens on "::" for IPv6 only (IPV6_V6ONLY): one socket for both, so a phone on the Wi-Fi's
            # IPv4 address (the one `host --bind ::` shows) reaches it too
            both = socket.create_server(
                ("::", self._port), family=socket.AF_INET6, dualstack_ipv6=True, backlog=self._backlog
            )
            self._server = await loop.create_server(handler, sock=both)
            return
        self._server = await loop.create_server(handler, self._host, self._port, backlog=self._backlog)


def _every_ipv6_address(host: str) -> bool:
    """Whether `host` is IPv6's unspecified address ("::", however it is spelt)."""
    try:
        return ipaddress.ip_address(host) == ipaddress.IPv6Address("::")
    except ValueError:
        return False


def handler_args(log: logging.Logger) -> dict[str, Any]:
    """aiohttp's knobs for the phones' connections: idle closed after IDLE_SECONDS, short lines, no access
    log, parser errors logged to `log` (filtered by QuietLog)."""
    return {
        "keepalive_timeout": IDLE_SECONDS,
        "logger": log,
        "access_log": None,
        "max_line_size": 2048,  # a phone's longest request line (a card search) is under 200 characters
        "max_field_size": 8190,
        "max_headers": 64,
        "lingering_time": 1.0,
    }


class QuietLog(logging.Filter):
    """What the host logs about the phones' connections: no traceback, no token (anything in a link's token
    place or shaped like one is replaced by "…"), at most LOG_CHARS characters a line, and at most LOG_BURST
    lines at once then LOG_PER_SECOND (the rest are counted and the count said on the next line let through)."""

    def __init__(self) -> None:
        super().__init__()
        self._level, self._then, self.dropped = float(LOG_BURST), time.monotonic(), 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        self._level = min(float(LOG_BURST), self._level + (now - self._then) * LOG_PER_SECOND)
        self._then = now
        if self._level < 1:
            self.dropped += 1
            return False
        self._level -= 1
        try:
            text = record.getMessage()
        except (TypeError, ValueError):
            text = str(record.msg)
        text = _TOKEN.sub(lambda found: (found.group(1) or "") + "…", text)
        if self.dropped:
            text, self.dropped = f"{text} ({self.dropped} more not logged)", 0
        record.msg, record.args = text[:LOG_CHARS], ()
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


def host_log() -> logging.Logger:
    """The logger the phones' connections write to, QuietLog on it once."""
    log = logging.getLogger("scorer.phones.http")
    if not any(isinstance(kept, QuietLog) for kept in log.filters):
        log.addFilter(QuietLog())
    return log
