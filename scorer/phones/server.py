"""The phones' web edge: a small aiohttp application over a PhoneTable, run in the caller's event loop.

    server = PhoneServer(table)
    base = await server.start("127.0.0.1", 0)   # web.AppRunner + web.TCPSite: the TUI's loop, or asyncio.run
    await server.stop()

Routes (a token is a seat's, or the table's for /t/; anything else is the same plain 404, whatever was
wrong with it — no token, a wrong one, a revoked one, another game's — so a phone learns nothing by trying):

    GET  /s/{token}             the seat's page (HTML, every text escaped; the script renders the state)
    GET  /s/{token}/state       its state as JSON; ETag, and 304 while it is unchanged (the page polls it)
    POST /s/{token}/edit        an edit request (scorer.phones.requests): 200 new state, 409 stale + state,
                                422 refused + words, 400 malformed, 413 too large
    GET  /s/{token}/cards?q=    the cards the seat may add matching q, best first, or why none is offered
    GET  /s/{token}/leaders?q=  the leaders the seat may recruit matching q (all for none), best first
    GET  /s/{token}/play.bgsplay   once the sheet is reached: the game as a BG Stats play (a file to open there)
    GET  /s/{token}/sheet.png      once the sheet is reached: the sheet as a picture, to save or share
    GET  /t/{token}             "pick your seat": a form per seat; POST /t/{token}/ask asks for one, and
    GET  /t/{token}/wait/{ticket}  waits for the host's confirmation, then sends the phone to its seat's page
    GET  /static/phone.js, /static/phone.css   the page's only assets, from the package (no CDN)

A seat's state, its JSON and its ETag are made once per record and language (the session replaces its record
on every change), however many polls ask: 8 phones polling an unchanged table cost one state each, and the
score sheet at the end is scored once per seat, not once per poll.

Every answer carries a Content-Security-Policy allowing only the host's own assets (no inline script),
nosniff, no referrer to another site (the token is in the address), no caching, a Server header without versions —
the HTTP parser's own refusals too (scorer.phones.gate, which also bounds and closes idle connections). A request
whose Host is not the address it reached is refused (421: a page on another site that a DNS name rebound to
this laptop reaches it under that name), and so is a write whose Origin is another site's (403). Request
bodies are bounded (a declared larger one is refused at once, 413), each token (and each address presenting
unknown tokens) has a rate limit (429), and a middleware turns every error into a plain page without a trace.
Words are in the phone's language: `?lang=en|pt`, else its Accept-Language, else the table's.
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import ipaddress
import json
import time
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from aiohttp import web

import scorer.rules.sheet  # noqa: F401 - the autosaver's first draft needs it: loaded now, not on a phone's first edit
from scorer.i18n import DEFAULT, LANGUAGES, catalogue, normalise, speaking, t
from scorer.phones.gate import BODY_SECONDS, Gate, GateSite, handler_args, host_log

if TYPE_CHECKING:
    from scorer.model import GameRecord
    from scorer.phones.table import PhoneTable

MAX_BODY = 4096  # bytes of a request body: an edit request is under 200
RATE = (60, 20.0)  # a token's burst and requests per second: far above a person tapping, far below a script
POLL_MS = 1500  # how often a page asks whether its state changed
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    # Never to another site (the token is in the address). Not "no-referrer": with it a browser's form POST (a
    # phone asking for its seat on the table link's page) carries `Origin: null`, which the door refuses (403).
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Server": "wonders-scorer",  # aiohttp's default names its and Python's versions
}
READS = {"GET", "HEAD"}  # a write is anything else: its Origin, when sent, must be the host's own
STATIC = {"phone.js": "text/javascript", "phone.css": "text/css"}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Buckets:
    """A token bucket per key: `burst` requests at once, refilled at `per_second`."""

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst, self.per_second = burst, per_second
        self._kept: dict[bytes, tuple[float, float]] = {}

    def allow(self, key: bytes) -> bool:
        now = time.monotonic()
        level, then = self._kept.get(key, (float(self.burst), now))
        level = min(float(self.burst), level + (now - then) * self.per_second)
        if level < 1:
            self._kept[key] = (level, now)
            return False
        self._kept[key] = (level - 1, now)
        if len(self._kept) > 10_000:  # unknown tokens by the thousand: forget the oldest half
            for old in sorted(self._kept, key=lambda k: self._kept[k][1])[:5_000]:
                del self._kept[old]
        return True


def plain(status: int, language: str) -> web.Response:
    """The page every refusal or failure gets: a status and one sentence, never what went wrong inside."""
    with speaking(language):
        key = {404: "not_found", 429: "slow_down"}.get(status, "refused" if status < 500 else "error")
        return web.Response(status=status, text=t(f"phones.page.{key}"), content_type="text/plain")


def language_of(request: web.Request, table_language: str) -> str:
    """`?lang=`, else the first of Accept-Language this app speaks, else the table's."""
    asked = normalise(request.query.get("lang", "")[:16])
    if asked:
        return asked
    ranked = []
    for part in request.headers.get("Accept-Language", "")[:200].split(","):
        tag, _, weight = part.strip().partition(";q=")
        try:
            ranked.append((-float(weight or 1), normalise(tag)))
        except ValueError:
            continue
    return next((found for _, found in sorted(ranked, key=lambda r: r[0]) if found), table_language)


class PhoneServer:
    def __init__(self, table: PhoneTable, *, max_body: int = MAX_BODY, rate: tuple[int, float] = RATE) -> None:
        self.table = table
        self.max_body = max_body
        self._buckets = Buckets(*rate)
        # (seat, language): the record, whether the game was saved and the seat said "done", the JSON, its ETag
        self._states: dict[tuple[str, str], tuple[GameRecord, tuple[bool, bool], bytes, str]] = {}
        self._runner: web.AppRunner | None = None
        self.gate = Gate()
        self._assets = {name: resources.files("scorer.phones").joinpath("static", name).read_bytes() for name in STATIC}
        self.app = self._build()

    async def start(self, bind: str, port: int) -> str:
        """Listen on `bind`:`port` in the running event loop; the base address phones use."""
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = GateSite(
            self._runner, bind, port, gate=self.gate, refusal=self._refusal, handler_args=handler_args(host_log())
        )
        await site.start()
        host, found = self._runner.addresses[0][:2]
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{found}"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- the application -------------------------------------------------------------------------------

    def _build(self) -> web.Application:
        app = web.Application(client_max_size=self.max_body, middlewares=[self._plain_errors, self._door])
        app.on_response_prepare.append(_headers)
        app.router.add_get("/s/{token}", self._page)
        app.router.add_get("/s/{token}/state", self._state)
        app.router.add_post("/s/{token}/edit", self._edit)
        app.router.add_get("/s/{token}/cards", self._cards)
        app.router.add_get("/s/{token}/leaders", self._leaders)
        app.router.add_get("/s/{token}/play.bgsplay", self._bgsplay)
        app.router.add_get("/s/{token}/sheet.png", self._picture)
        app.router.add_get("/t/{token}", self._pick_seat)
        app.router.add_post("/t/{token}/ask", self._ask)
        app.router.add_get("/t/{token}/wait/{ticket}", self._wait)
        app.router.add_get("/static/{name}", self._static)
        return app

    def _language(self, request: web.Request) -> str:
        return language_of(request, self.table.language or "en")

    @web.middleware
    async def _plain_errors(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every refusal and failure as a plain page in the phone's language: no trace, no server's words."""
        try:
            return await handler(request)
        except web.HTTPException as error:
            if error.status < 400:
                raise
            return plain(error.status, self._language(request))
        except Exception:
            return plain(500, self._language(request))

    def _refusal(self, status: int) -> web.Response:
        """What a request the HTTP parser refused gets: the app's plain page and headers."""
        response = plain(status, self.table.language or "en")
        response.headers.update(HEADERS)
        return response

    @web.middleware
    async def _door(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Refuse a Host that is not the address reached (421), another site's write (403), and a declared
        body over the limit before it is sent (413); the connection counts as busy for the Gate meanwhile."""
        host = request.headers.get("Host", "")
        if not _is_own_host(host, request.transport.get_extra_info("sockname") if request.transport else None):
            raise web.HTTPMisdirectedRequest()
        origin = request.headers.get("Origin")
        if request.method not in READS and origin is not None and origin.lower() != f"http://{host}".lower():
            raise web.HTTPForbidden()
        if (request.content_length or 0) > self.max_body:
            refused = plain(413, self._language(request))
            refused.force_close()  # the body is not read: nothing more on this connection
            return refused
        self.gate.busy.add(request.protocol)
        try:
            return await handler(request)
        finally:
            self.gate.busy.discard(request.protocol)

    def _seat(self, request: web.Request) -> str:
        """The seat of the request's token, or the same 404 for any token that reaches none (429 when a
        token, or an address trying unknown ones, asks too often)."""
        token = request.match_info["token"]
        key = hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()
        if not self._buckets.allow(key):
            raise web.HTTPTooManyRequests()
        seat = self.table.seat_of(token)
        if seat is None:
            address = (request.remote or "").encode()
            if not self._buckets.allow(b"address:" + address):
                raise web.HTTPTooManyRequests()
            raise web.HTTPNotFound()
        return seat

    async def _page(self, request: web.Request) -> web.Response:
        seat = self._seat(request)
        language = self._language(request)
        state = self.table.state(seat, language)
        with speaking(language):
            words = {key: t(f"phones.page.{key}") for key in catalogue(DEFAULT, "phones")["page"]}
            title = t("phones.page.title", player=seat)
            other = next(code for code in LANGUAGES if code != language)
            switch = t("phones.page.language")
        data = {"state": state, "words": words, "lang": language, "poll": POLL_MS}
        body = PAGE.format(
            lang=language,
            title=html.escape(title),
            player=html.escape(seat),
            step=html.escape(state["step"]["title"]),
            other=other,
            switch=html.escape(switch),
            data=_json_in_html(data),
        )
        return web.Response(text=body, content_type="text/html")

    async def _state(self, request: web.Request) -> web.Response:
        seat = self._seat(request)
        body, tag = self._state_of(seat, self._language(request))
        if request.headers.get("If-None-Match") == tag:
            return web.Response(status=304, headers={"ETag": tag})
        return web.Response(body=body, content_type="application/json", headers={"ETag": tag})

    def _state_of(self, seat: str, language: str, state: dict[str, Any] | None = None) -> tuple[bytes, str]:
        """The seat's state as JSON and its ETag, made once per record (`state`: already made for it)."""
        record, said = self.table.session.record, (self.table.game_saved, self.table.declared(seat))
        kept = self._states.get((seat, language))
        if kept is not None and kept[0] is record and kept[1] == said:
            return kept[2], kept[3]
        body = _dumps(state if state is not None else self.table.state(seat, language)).encode()
        tag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        self._states[seat, language] = (record, said, body, tag)
        return body, tag

    async def _edit(self, request: web.Request) -> web.Response:
        seat = self._seat(request)
        body = await asyncio.wait_for(request.read(), BODY_SECONDS)
        language = self._language(request)
        reply = self.table.edit(seat, body, language)
        if reply.status == 200:
            self._state_of(seat, language, reply.body["state"])  # the page's next poll asks for just this
            if not await self.table.saved():  # accepted means saved: a host killed after a 200 keeps the edit
                return web.json_response(self.table.not_saved(language), status=503, dumps=_dumps)
        return web.json_response(reply.body, status=reply.status, dumps=_dumps)

    async def _cards(self, request: web.Request) -> web.Response:
        seat = self._seat(request)
        found = self.table.cards(seat, request.query.get("q", ""), self._language(request))
        return web.json_response(found, dumps=_dumps)

    async def _leaders(self, request: web.Request) -> web.Response:
        seat = self._seat(request)
        found = self.table.leaders(seat, request.query.get("q", ""), self._language(request))
        return web.json_response(found, dumps=_dumps)

    async def _bgsplay(self, request: web.Request) -> web.Response:
        self._seat(request)
        body = self.table.bgsplay()
        if body is None:
            raise web.HTTPNotFound()
        day = self.table.session.record.played_on or "game"
        disposition = f'attachment; filename="7-wonders-{day}.bgsplay"'
        return web.Response(body=body, content_type="application/json", headers={"Content-Disposition": disposition})

    async def _picture(self, request: web.Request) -> web.Response:
        """The sheet as a PNG for the group chat (in the phone's language), drawn in a thread: 0.1-0.3 s that
        the other phones' polls do not wait for."""
        self._seat(request)
        picture = self.table.picture(self._language(request))
        if picture is None:
            raise web.HTTPNotFound()
        from scorer.picture import png_bytes

        body = await asyncio.to_thread(png_bytes, picture)
        day = self.table.session.record.played_on or "game"
        disposition = f'inline; filename="7-wonders-{day}.png"'
        return web.Response(body=body, content_type="image/png", headers={"Content-Disposition": disposition})

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(body=self._assets[name], content_type=STATIC[name])

    # --- pick your seat ---------------------------------------------------------------------------------

    def _table_token(self, request: web.Request) -> None:
        token = request.match_info["token"]
        if not self._buckets.allow(hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()):
            raise web.HTTPTooManyRequests()
        if not self.table.tokens.is_table(token):
            raise web.HTTPNotFound()

    async def _pick_seat(self, request: web.Request) -> web.Response:
        self._table_token(request)
        language = self._language(request)
        token = html.escape(request.match_info["token"])
        with speaking(language):
            seats = "".join(
                f'<form method="post" action="/t/{token}/ask?lang={language}">'
                f'<input type="hidden" name="seat" value="{html.escape(name)}">'
                f'<button type="submit">{html.escape(name)}</button></form>'
                for name in self.table.session.record.names
            )
            body = SIMPLE.format(
                lang=language,
                title=html.escape(t("phones.page.pick_seat")),
                body=f"<p>{html.escape(t('phones.page.pick_seat_help'))}</p>{seats}",
                refresh="",
            )
        return web.Response(text=body, content_type="text/html")

    async def _ask(self, request: web.Request) -> web.Response:
        self._table_token(request)
        seat = (await asyncio.wait_for(request.post(), BODY_SECONDS)).get("seat")
        if not isinstance(seat, str) or seat not in self.table.session.record.names:
            raise web.HTTPBadRequest()
        asked = self.table.tokens.request(seat)
        where = f"/t/{request.match_info['token']}/wait/{asked.ticket}?lang={self._language(request)}"
        raise web.HTTPSeeOther(where)

    async def _wait(self, request: web.Request) -> web.Response:
        self._table_token(request)
        ticket, language = request.match_info["ticket"], self._language(request)
        granted = self.table.tokens.collect(ticket)
        if granted is not None:
            raise web.HTTPSeeOther(f"/s/{granted}?lang={language}")
        asked = self.table.tokens.request_of(ticket)
        with speaking(language):
            if asked is None:
                shown, refresh = f"<p>{html.escape(t('phones.page.refused_seat'))}</p>", ""
            else:  # the code large, for the host to read across the table (phone.css: .claim-code)
                said = html.escape(t("phones.page.code", code=CODE_PLACE))
                code = f'<strong class="claim-code">{html.escape(asked.code)}</strong>'
                shown = f"<p>{said.replace(CODE_PLACE, code)}</p><p>{html.escape(t('phones.page.waiting_host'))}</p>"
                refresh = '<meta http-equiv="refresh" content="2">'
            body = SIMPLE.format(
                lang=language, title=html.escape(t("phones.page.pick_seat")), body=shown, refresh=refresh
            )
        return web.Response(text=body, content_type="text/html")


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)


def _is_own_host(host: str, local: Any) -> bool:
    """Whether a Host header names the address and port the connection reached (`local`: its sockname), or
    `localhost` on a loopback one: an IP literal cannot be rebound to another machine by DNS."""
    if not isinstance(local, tuple) or len(local) < 2:
        return False
    try:
        named = urlsplit(f"//{host}")
        port = named.port or 80
        reached = ipaddress.ip_address(str(local[0]).partition("%")[0])
        name = named.hostname or ""
        if name == "localhost":
            return reached.is_loopback and port == local[1]
        asked = ipaddress.ip_address(name)
    except ValueError:
        return False
    return _plain_ip(asked) == _plain_ip(reached) and port == local[1]


def _plain_ip(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An IPv4 address reached through a dual-stack socket ("::ffff:192.168.1.5") as itself."""
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped if mapped is not None else address


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def _json_in_html(data: Any) -> str:
    """JSON inside a <script type="application/json"> block: data, never run, and no "</script>" can end it."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/phone.css">
</head>
<body>
<header><h1>{player}</h1><p id="step">{step}</p><a id="switch" href="?lang={other}">{switch}</a></header>
<p id="notice" role="status" hidden></p>
<main id="seat"></main>
<script type="application/json" id="data">{data}</script>
<script src="/static/phone.js"></script>
</body>
</html>
"""

CODE_PLACE = "\x00code\x00"  # where the seat request's code goes in its sentence, replaced by its markup
SIMPLE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{refresh}<title>{title}</title>
<link rel="stylesheet" href="/static/phone.css">
</head>
<body><header><h1>{title}</h1></header><main>{body}</main></body>
</html>
"""
