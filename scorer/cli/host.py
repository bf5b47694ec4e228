"""`host`: share a stored draft with the phones at the table, without the table app.

    wonders-scorer host [--db PATH] [--game ID] [--bind ADDR] [--port N] [--json]

The draft (the newest in progress, or --game) is opened in a GameSession with the table app's autosaver
(every accepted phone edit saved as a draft with its undo, off the event loop), and served by a PhoneTable in
`asyncio.run` until SIGINT or SIGTERM (Ctrl+C; Ctrl+Break too on Windows), which stop it cleanly: the server
closes, every link ends, the last draft is written. With --json the first line on stdout is
`{"url": ..., "seats": {"NAME": "URL", ...}}`; without, each link's QR code (as the Phones screen draws it,
as many abreast as the terminal holds: two in 80 columns), then the links.
Bound to every address (0.0.0.0, or :: which then takes IPv4 too), the links name this laptop's first LAN
address (scorer.phones.addresses: the likeliest Wi-Fi), never 0.0.0.0, which no phone can open; the others
are named too when there are several, and when there is none the links name 127.0.0.1 and say so.
A finished game, a game another host shares, a bad --bind or --port are refused (exit 2), like any bad
value; the history's own failures exit as for the other commands (3 refused, 1 failed). Nothing listens
on the network unless --bind says so: 127.0.0.1 (this computer only) by default.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from scorer.cli import history, output, values
from scorer.errors import InputError
from scorer.i18n import t

if TYPE_CHECKING:
    import asyncio

    from scorer.history import HistoryStore
    from scorer.phones.table import PhoneTable

DEFAULT_PORT = 8765
LOOPBACK = "127.0.0.1"  # scorer.phones.addresses' (not imported for every command's start)
CODE_GAP = 2  # columns between two QR codes printed abreast
CODE_COLOURS = "#000000 on #ffffff"  # the Phones screen's: dark modules on a light ground, whatever the terminal's


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], only: str | None = None) -> None:
    """Add the `host` command to the CLI. (its one command: `only` names it or is None)."""
    host = sub.add_parser(
        "host",
        help=t("phones.cli.help"),
        description=t("phones.cli.description"),
        epilog=t("cli.main.example", command="wonders-scorer host --bind 0.0.0.0 --json"),
    )
    host.add_argument("--game", metavar=t("cli_history.metavar.game_id"), help=t("phones.cli.game"))
    host.add_argument("--bind", default="127.0.0.1", metavar="ADDR", help=t("phones.cli.bind"))
    host.add_argument("--port", default=str(DEFAULT_PORT), metavar="N", help=t("phones.cli.port"))
    host.add_argument("--json", action="store_true", help=t("phones.cli.json"))
    history.add_db_option(host)
    host.set_defaults(handler=run_host)


def run_host(args: argparse.Namespace) -> int:
    """With --json a refusal is also the JSON line a script reads first (`{"error": {...}}`), the plain line on
    stderr as for every command: a script waiting for `{"url": …}` is never left parsing words."""
    try:
        return _run_host(args)
    except InputError as error:
        if args.json:
            refusal = {"field": error.field, "value": error.value, "allowed": error.allowed, "message": str(error)}
            sys.stdout.write(json.dumps({"error": refusal}, ensure_ascii=True, default=str) + "\n")
            sys.stdout.flush()
        raise


def _run_host(args: argparse.Namespace) -> int:
    import ipaddress

    try:
        ipaddress.ip_address(args.bind)
    except ValueError:
        raise values.input_error("--bind", args.bind, t("phones.cli.bind_allowed")) from None
    port = values.whole("--port", args.port, 65535, t("phones.cli.port_allowed"))
    return history.with_store(args, lambda store: _host(store, args, port))


def _host(store: HistoryStore, args: argparse.Namespace, port: int) -> int:
    import asyncio  # with the server: not for every command's start

    from scorer.autosave import DraftSaver
    from scorer.history.settings import load_calibration
    from scorer.i18n import current_language
    from scorer.phones.table import PhoneTable
    from scorer.session import GameSession

    if args.game:
        game_id = store.resolve_id(args.game)
    else:
        drafts = store.drafts()
        if not drafts:
            raise values.input_error("--game", None, t("phones.cli.no_draft"))
        game_id = drafts[0].id
    record = store.load(game_id)
    if record.status == "finished":
        raise values.input_error("--game", game_id[:8], t("phones.finished"))
    saver = DraftSaver(
        lambda draft: store.save_draft_with_memory(draft.record, draft.memory),
        lambda error: output.say(t("phones.cli.autosave_failed", error=error), sys.stderr),
    )
    try:
        session = GameSession(record.to_dict(), saver.submit, store.memory(game_id), load_calibration(store))
        if session.record.progress is None:
            session.advance()
        table = PhoneTable(
            session,
            store.path,
            language=current_language(),
            saved=saver.written,
            journal=saver.use_journal,
        )
        with suppress(KeyboardInterrupt):  # Ctrl+C before _serve listens for it (asyncio.run's handler): a stop too
            asyncio.run(_serve(table, args, port))
    finally:
        saver.close()
    if not saver.durable:  # the last writes failed (a full disk): never "saved"
        output.say(t("phones.cli.not_saved", error=saver.last_error), sys.stderr)
        return history.EXIT_FAILED
    output.say(t("phones.cli.stopped"), sys.stderr)
    return 0


async def _serve(table: PhoneTable, args: argparse.Namespace, port: int) -> None:
    """Serve until SIGINT or SIGTERM, then stop (the caller then writes the last draft)."""
    import asyncio

    stop = asyncio.Event()
    restore = _stop_on_signals(asyncio.get_running_loop(), stop.set)
    try:
        await _until(stop, table, args, port)
    finally:
        restore()


async def _until(stop: asyncio.Event, table: PhoneTable, args: argparse.Namespace, port: int) -> None:
    """Listen, say where, wait for `stop`, stop listening."""

    shown, others = shown_addresses(args.bind)
    try:
        url = await table.start(args.bind, port, shown_host=shown)
    except OSError as error:
        raise values.input_error(
            "--port", port, t("phones.cli.cannot_listen", address=f"{args.bind}:{port}", reason=error.strerror)
        ) from None
    try:
        if args.json:
            sys.stdout.write(json.dumps({"url": url, "seats": table.seat_urls}, ensure_ascii=True) + "\n")
        else:
            print_codes([(t("phones.cli.table_link"), url), *table.seat_urls.items()])
            output.say(t("phones.cli.serving", game=table.session.record.id[:8], url=url))
            if shown == LOOPBACK:
                output.say(t("phones.cli.no_lan", address=shown))
            elif shown is not None:
                output.say(t("phones.cli.lan", address=shown))
                if others:
                    output.say(t("phones.cli.other_lans", addresses=", ".join(others), address=shown))
            for player, seat_url in table.seat_urls.items():
                output.say(t("phones.cli.seat", player=player, url=seat_url))
        sys.stdout.flush()
        await stop.wait()
    finally:
        await table.stop()


def shown_addresses(bind: str) -> tuple[str | None, list[str]]:
    """The address the links name when `bind` is every address (None: the one bound, as it is), and this
    laptop's other LAN addresses: the first LAN address, or 127.0.0.1 when it has none. `::` listens on IPv4
    too where the system allows it (scorer.phones.gate); where not, its links stay as bound."""
    import ipaddress
    import socket

    from scorer.phones.addresses import lan_addresses

    parsed = ipaddress.ip_address(bind)
    if not parsed.is_unspecified or (parsed.version == 6 and not socket.has_dualstack_ipv6()):
        return None, []
    found = lan_addresses()
    return (found[0], found[1:]) if found else (LOOPBACK, [])


def print_codes(links: list[tuple[str, str]]) -> None:
    """Each link's QR code under its title, dark on light as on the Phones screen (black on white on a
    terminal; plain half blocks, dark modules drawn, when written elsewhere), as many abreast as the terminal's
    width holds with CODE_GAP columns between them: two in 80 columns. Nothing where the blocks cannot be
    written (an ASCII-only output)."""
    from rich.text import Text

    from scorer.cli.encoding import can_show
    from scorer.phones.qr import qr_lines

    if not links or not can_show("▀▄█", sys.stdout):
        return
    console = output.console()
    codes = [(title, qr_lines(url)) for title, url in links]
    width = max(len(lines[0]) for _, lines in codes)
    across = max(1, (console.width + CODE_GAP) // (width + CODE_GAP))
    gap = " " * CODE_GAP
    for first in range(0, len(codes), across):
        row = codes[first : first + across]
        titles = Text(gap.join(title[:width].ljust(width) for title, _ in row).rstrip(), style="bold")
        console.print(titles, no_wrap=True, overflow="ignore", crop=False)
        for n in range(max(len(lines) for _, lines in row)):
            line = Text()
            for i, (_, lines) in enumerate(row):
                if i:
                    line.append(gap)
                cells = lines[n].ljust(width) if n < len(lines) else ""
                line.append(cells, style=CODE_COLOURS if cells else "")
            console.print(line, no_wrap=True, overflow="ignore", crop=False)
        console.print()


def _stop_on_signals(loop: asyncio.AbstractEventLoop, stop: Callable[[], None]) -> Callable[[], None]:
    """Call `stop` on SIGINT and SIGTERM (and Ctrl+Break on Windows); returns what puts the handlers back.

    The loop's own handlers where it has them. Windows' Proactor loop has none (NotImplementedError): there
    Python's signal.signal handler, which runs in the main thread once the loop wakes (Python writes each
    signal to the loop's self-pipe), hands `stop` to the loop; it replaces asyncio.run's Ctrl+C handler, which
    would cancel the serving task instead, until the host stops."""
    import signal

    signums = [signal.SIGINT, signal.SIGTERM]
    if sys.platform == "win32":
        signums.append(signal.SIGBREAK)
    previous: dict[int, Any] = {}
    for signum in signums:
        try:
            loop.add_signal_handler(signum, stop)
        except NotImplementedError:
            previous[signum] = signal.getsignal(signum)
            signal.signal(signum, lambda *_: loop.call_soon_threadsafe(stop))

    def restore() -> None:
        for signum, handler in previous.items():
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)  # None: set outside Python

    return restore
