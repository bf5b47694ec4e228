"""Phones: the game in progress shared with the players' phones — the address, the links and their QR codes.

Opened over any step (ctrl+o, or "Phones" in the palette); Escape comes back and the sharing goes on (it lives
on the app: widgets/sharing.py). Before sharing, the host chooses the address the phones reach this laptop on
(its LAN addresses, the likeliest Wi-Fi first, then loopback: scorer.phones.addresses) and Enter starts it, on
the table's Wi-Fi when the laptop has one. Then one QR code at a time, drawn with half blocks so a phone's
camera reads it from an 80×24 terminal, beside the list of links (the table's "pick your seat", then each seat
with its state); the arrows or a seat's number change which is shown. The seat requests made with the table
link wait below with the code their phone shows: y confirms the oldest, n refuses it. r gives the seat shown a
new link (its old one ends), x stops sharing (every link ends).

A laptop's firewall keeps phones out without a word (macOS until Python is allowed incoming connections,
Windows on a network marked Public): when the links are on the table's Wi-Fi and no phone has reached the
laptop FIREWALL_HINT_AFTER seconds after sharing started, the screen says what to do where the seat requests
would be (there are none then).

segno (the QR codes: scorer.phones.qr) is imported only when the screen first draws one.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from scorer.errors import InputError
from scorer.i18n import t
from scorer.phones.qr import qr_lines
from widgets.compat import StyledAtMount
from widgets.localised import LocalisedBindings, RebuiltInNewLanguage
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from scorer.phones.table import PhoneTable
    from widgets.app import WondersApp

TABLE = "table"  # the option of the table link, before the seats
MOST_SEATS = 8


class PhonesScreen(LocalisedBindings, RebuiltInNewLanguage, StyledAtMount, Screen[None]):
    DEFAULT_CSS = """
    PhonesScreen {
        #phones-choose { padding: 1 2; height: 1fr; }
        #phones-addresses { height: auto; max-height: 8; margin-top: 1; }
        #phones-problem { color: $error; margin-top: 1; height: auto; }
        #phones-shared { height: 1fr; }
        #phones-qr { width: auto; height: auto; color: black; background: white; }
        #phones-side { width: 1fr; padding: 0 0 0 1; }
        #phones-listening { height: auto; text-style: bold; }
        #phones-stop { height: auto; color: $text-muted; }
        #phones-links { height: auto; max-height: 10; border: none; padding: 0; margin-top: 1; }
        #phones-requests { height: auto; margin-top: 1; }
        #phones-url { height: 1; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    }
    """
    BINDINGS = [
        Binding("escape", "back", "phones.tui.keys.back"),
        Binding("1", "pick(1)", "phones.tui.keys.pick", key_display="0-8"),
        *(Binding(str(n), f"pick({n})", show=False) for n in (0, *range(2, MOST_SEATS + 1))),
        Binding("r", "revoke", "phones.tui.keys.revoke"),
        Binding("y", "confirm", "phones.tui.keys.confirm"),
        Binding("n", "refuse", "phones.tui.keys.refuse"),
        Binding("x", "stop", "phones.tui.keys.stop"),
    ]

    FIREWALL_HINT_AFTER = 60.0  # seconds; a class attribute, so a test can shorten it

    def __init__(self) -> None:
        super().__init__()
        self._drawn: tuple[object, ...] = ()  # what the side shows, redrawn only when it changes
        self._qr_of = ""

    @property
    def wonders(self) -> WondersApp:
        return self.app  # type: ignore[return-value]

    @property
    def table(self) -> PhoneTable | None:
        return self.wonders.sharing.table

    def compose(self) -> ComposeResult:
        self.sub_title = t("phones.tui.title")
        yield TitleBar()
        if self.table is None:
            from scorer.phones.addresses import LOOPBACK, listen_addresses

            with Vertical(id="phones-choose"):
                yield Static(t("phones.tui.choose"))
                yield OptionList(
                    *(
                        Option(
                            f"{address} — {t('phones.tui.loopback' if address == LOOPBACK else 'phones.tui.lan')}",
                            address,
                        )
                        for address in listen_addresses()
                    ),
                    id="phones-addresses",
                )
                yield Static(id="phones-problem", markup=False)
        else:
            with Horizontal(id="phones-shared"):
                yield Static(id="phones-qr")
                with Vertical(id="phones-side"):
                    yield Static(id="phones-listening", markup=False)
                    yield Static(t("phones.tui.how_to_stop"), id="phones-stop", markup=False)
                    yield OptionList(id="phones-links", markup=False)
                    yield Static(id="phones-requests", markup=False)
            yield Static(id="phones-url", markup=False)
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        self._show()
        self._look_again_when_the_hint_is_due()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The sharing's keys only while sharing; confirm and refuse only with a request waiting."""
        table = self.table
        if action in ("pick", "revoke", "stop"):
            return table is not None
        if action in ("confirm", "refuse"):
            return table is not None and bool(table.pending())
        return True

    # --- choosing the address --------------------------------------------------------------------------

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "phones-addresses" or self.table is not None:
            return
        address = str(event.option.id)
        try:
            await self.wonders.sharing.start(address)
        except InputError as error:  # another host shares this game: its words, without the CLI's "field: value"
            self._problem(error.allowed)
            return
        except OSError as error:
            self._problem(t("phones.tui.cannot_listen", address=address, reason=error.strerror or error))
            return
        self.notify(t("phones.tui.started"), timeout=5)
        await self.recompose()
        self._drawn = ()
        self._show()
        self._look_again_when_the_hint_is_due()
        self.refresh_bindings()

    def _problem(self, text: str) -> None:
        self.query_one("#phones-problem", Static).update(f"{t('phones.tui.not_started')}: {text}")

    # --- the links -------------------------------------------------------------------------------------

    def phone_changed(self, player: str | None) -> None:
        """A phone's edit, or a seat's state changed: the list says it at once."""
        self._show()

    def _show(self) -> None:
        """The links with each seat's state, the requests waiting, and the QR of the link highlighted."""
        table = self.table
        if table is None or not self.query("#phones-links"):
            return
        links = self.query_one("#phones-links", OptionList)
        statuses = tuple((seat, table.seat_status(seat)) for seat in table.seat_urls)
        requests = tuple((ask.seat, ask.code) for ask in table.pending())
        hint = not requests and self._no_phone_arrived(statuses)
        drawn = (statuses, requests, table.url, tuple(table.seat_urls.values()), hint)
        if drawn != self._drawn:
            self._drawn = drawn
            highlighted = links.highlighted or 0
            links.set_options(
                [Option(f"0 {t('phones.tui.table_link')}", TABLE)]
                + [
                    Option(f"{n} {seat} — {t(f'phones.tui.status.{status}')}", seat)
                    for n, (seat, status) in enumerate(statuses, start=1)
                ]
            )
            links.highlighted = min(highlighted, links.option_count - 1)
            address = table.url.split("/t/")[0].removeprefix("http://")
            self.query_one("#phones-listening", Static).update(t("phones.tui.listening", address=address))
            waiting = [t("phones.tui.request", seat=seat, code=code) for seat, code in requests]
            self.query_one("#phones-requests", Static).update(
                "\n".join([t("phones.tui.requests"), *waiting])
                if waiting
                else t("phones.tui.firewall" if hint else "phones.tui.no_requests")
            )
            self.refresh_bindings()
        self._show_qr()

    def _no_phone_arrived(self, statuses: tuple[tuple[str, str], ...]) -> bool:
        """Shared on the table's Wi-Fi FIREWALL_HINT_AFTER seconds ago or more, and no phone has reached any
        seat yet (nor asked for one: the caller knows there is no request)."""
        table, sharing = self.table, self.wonders.sharing
        if table is None or time.monotonic() - sharing.started_at < self.FIREWALL_HINT_AFTER:
            return False
        host = urlsplit(table.url).hostname or "localhost"
        on_this_computer = host == "localhost" or host.startswith(("127.", "::1"))
        return not on_this_computer and all(status == "not_joined" for _, status in statuses)

    def _look_again_when_the_hint_is_due(self) -> None:
        """The sharing's watch tells the screen only of changes: a timer tells it the minute is up."""
        if self.table is not None:
            due = self.wonders.sharing.started_at + self.FIREWALL_HINT_AFTER - time.monotonic()
            if due >= 0:
                self.set_timer(due + 0.1, self._show)

    def _shown_url(self) -> str:
        table = self.table
        assert table is not None
        option = self.query_one("#phones-links", OptionList).highlighted_option
        seat = str(option.id) if option is not None else TABLE
        return table.url if seat == TABLE else table.seat_urls[seat]

    def _show_qr(self) -> None:
        url = self._shown_url()
        if url != self._qr_of:
            self._qr_of = url
            self.query_one("#phones-qr", Static).update(Text("\n".join(qr_lines(url)), no_wrap=True))
            self.query_one("#phones-url", Static).update(url)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "phones-links":
            self._show_qr()

    def _seat_shown(self) -> str | None:
        option = self.query_one("#phones-links", OptionList).highlighted_option
        return None if option is None or option.id == TABLE else str(option.id)

    # --- keys ------------------------------------------------------------------------------------------

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_pick(self, number: int) -> None:
        links = self.query_one("#phones-links", OptionList)
        if number < links.option_count:
            links.highlighted = number

    def action_revoke(self) -> None:
        seat = self._seat_shown()
        if self.table is None or seat is None:
            return
        self.table.revoke(seat)
        self.notify(t("phones.tui.revoked", seat=seat), timeout=5, markup=False)
        self._show()

    def _answer(self, confirm: bool) -> None:
        table = self.table
        if table is None or not table.pending():
            return
        ask = table.pending()[0]
        if confirm:
            table.confirm(ask)
        else:
            table.refuse(ask)
        key = "phones.tui.confirmed" if confirm else "phones.tui.refused"
        self.notify(t(key, seat=ask.seat, code=ask.code), timeout=5, markup=False)
        self._show()

    def action_confirm(self) -> None:
        self._answer(True)

    def action_refuse(self) -> None:
        self._answer(False)

    async def action_stop(self) -> None:
        if self.table is None:
            return
        await self.wonders.sharing.stop(forget=True)  # the host ends the links: sharing again makes new ones
        self.notify(t("phones.tui.stopped"), timeout=5)
        self._drawn, self._qr_of = (), ""
        await self.recompose()
        self.query_one("#phones-addresses", OptionList).focus()  # Enter shares again
        self.refresh_bindings()
