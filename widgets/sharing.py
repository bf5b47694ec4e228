"""The app's sharing of the game in progress with the phones at the table: one PhoneTable, or none.

Sharing lives on the app, not on the Phones screen: leaving that screen keeps the phones entering, and only
the end of the game on this laptop ends it — finishing the game, going home, or quitting (every link ends
at once, the host lock is released). The PhoneTable (and aiohttp under it) is imported only when the host
starts sharing, so the app starts as fast as before.

A phone's accepted edit (`on_change`, in the app's loop) is handed to every screen on the stack that shows
the game (`phone_changed(player)`), so the age screen under the Phones screen is up to date when shown. What
no edit tells — a phone reaching its seat, a seat request — is watched once a second and handed on the same
way (`phone_changed(None)`), and a seat a phone completes is said once. A seat request made or answered is
shown by every step screen (`show_seat_requests()`: one line above its Footer).

`token_source`, `shown_as` and `port` are the tests' seams: fixed tokens and a fixed address give a Phones
screen that draws the same every run; port 0 listens on any free port.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from scorer.i18n import t

if TYPE_CHECKING:
    from textual.timer import Timer

    from scorer.phones.table import PhoneTable
    from widgets.app import WondersApp

Seen = tuple[tuple[tuple[str, str], ...], tuple[str, ...]]  # each seat's state, the codes of the requests waiting
DEFAULT_PORT = 8765  # as `wonders-scorer host`: a table that shares every night finds the same links' port
FINISH_GRACE = 120.0  # seconds a saved game's sheet is served for a phone asleep when the game was saved


class Sharing:
    def __init__(self, app: WondersApp) -> None:
        self.app = app
        self.table: PhoneTable | None = None
        self.bind = ""
        self.token_source: Callable[[int], str] | None = None
        self.shown_as: str | None = None
        self.port = DEFAULT_PORT
        self.started_at = 0.0  # time.monotonic() when sharing started: how long the phones have had
        self.saved_at = 0.0  # time.monotonic() when the game was saved (finish)
        self._watch: Timer | None = None
        self._seen: Seen = ((), ())

    @property
    def running(self) -> bool:
        return self.table is not None

    async def start(self, bind: str) -> PhoneTable:
        """Share the game in progress on `bind`, on DEFAULT_PORT or, when another program holds it, any free
        one. Raises InputError (another host shares this game; a finished game) or OSError (cannot listen)."""
        import secrets  # with hashlib and hmac: 3 modules the app's start does not need

        from scorer.phones.table import PhoneTable

        app = self.app
        assert app.session is not None and app.saver is not None and self.table is None
        table = PhoneTable(
            app.session,
            app.db_path,
            on_change=self._changed,
            saved=app.saver.written,
            journal=app.saver.use_journal,
            token_source=self.token_source or secrets.token_urlsafe,
        )
        try:
            await table.start(bind, self.port, shown_as=self.shown_as)
        except OSError:
            if self.port == 0:
                raise
            await table.start(bind, 0, shown_as=self.shown_as)
        self.table, self.bind, self.started_at = table, bind, time.monotonic()
        self._seen = self._seats()
        self._watch = app.set_interval(1.0, self._watch_seats)
        return table

    async def stop(self, *, forget: bool = False) -> None:
        """Stop sharing: every link ends now, the server closes, the game may be shared again — with the same
        links (kept beside the draft: a quit, going home), unless `forget` (the host stopped sharing)."""
        table, self.table = self.table, None
        if table is not None and forget:
            table.forget_links()
        if self._watch is not None:
            self._watch.stop()
            self._watch = None
        if table is not None:
            table.end()
            self.requests_changed()  # no request waits any more: the step screens' line goes
            await table.stop()

    def stop_soon(self, *, keep_saved: bool = False) -> None:
        """Stop from code that cannot wait (going home): the links end at once, the server closes next.
        `keep_saved`: a saved game's sharing goes on until its phones have read their sheet (finish)."""
        if self.table is not None and not (keep_saved and self.table.game_saved):
            self.table.end()
            self.app.run_worker(self.stop(), group="phones-stop")

    def finish(self) -> None:
        """The game is saved: each phone is shown its final sheet marked saved (the page keeps it and asks
        nothing more), and sharing stops once every phone on a seat has read it, or FINISH_GRACE seconds later
        for a phone asleep."""
        if self.table is not None:
            self.table.finish()
            self.saved_at = time.monotonic()

    def _seats(self) -> Seen:
        """Each seat's state and the requests waiting: what the screens show of the sharing."""
        table = self.table
        if table is None:
            return (), ()
        statuses = tuple((seat, table.seat_status(seat)) for seat in table.seat_urls)
        return statuses, tuple(ask.code for ask in table.pending())

    def _watch_seats(self) -> None:
        table = self.table
        if table is not None and table.game_saved:
            if table.told or time.monotonic() - self.saved_at > FINISH_GRACE:
                self.stop_soon()
            return
        seen, self._seen = self._seen, self._seats()
        if seen == self._seen:
            return
        if seen[1] != self._seen[1]:
            self.requests_changed()
        self._changed(None)  # each screen's own line says who is done (status_line): no toast over the screen

    def status_line(self) -> str:
        """Who is done on a phone and who is still entering, for a step screen's status line ("" while no
        phone is on a seat): one line the host reads, instead of a toast a seat that stacked over the screen."""
        table = self.table
        if table is None:
            return ""
        statuses = dict(self._seen[0]) or {seat: table.seat_status(seat) for seat in table.seat_urls}
        done = [seat for seat, status in statuses.items() if status == "done"]
        entering = [seat for seat, status in statuses.items() if status == "joined"]
        parts = [
            t(f"phones.tui.line.{key}", seats=", ".join(seats))
            for key, seats in (("done", done), ("entering", entering))
            if seats
        ]
        return t("phones.tui.line.phones", parts=" · ".join(parts)) if parts else ""

    def requests_changed(self) -> None:
        """Every step screen on the stack shows the seat requests as they are now (its line above the Footer)."""
        for screen in self.app.screen_stack:
            show = getattr(screen, "show_seat_requests", None)
            if show is not None:
                show()

    def _changed(self, player: str | None) -> None:
        """Every screen of the game shown or under the Phones screen hears that `player` changed (None: only
        a seat's state or the requests)."""
        for screen in self.app.screen_stack:
            changed = getattr(screen, "phone_changed", None)
            if changed is not None:
                changed(player)
