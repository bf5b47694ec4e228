"""PhoneTable: a game session shared with the phones at the table — the one object an edge creates.

    table = PhoneTable(session, history_path, on_change=refresh, saved=saver.written)
    await table.start(bind="127.0.0.1", port=0)   # in the caller's event loop; takes the game's host lock
    table.url, table.seat_urls      # the table link ("pick your seat") and each seat's link
    table.revoke("Ann")             # Ann's links end; returns her new link
    table.pending()                 # SeatRequest(seat, code, …): seats asked for with the table link,
    table.confirm(request) / table.refuse(request)   # the code shown on the phone and on the laptop
    table.finish()                  # the game is saved: each phone keeps its sheet, marked saved; no more edits
    table.told                      # every phone on a seat has read that (then the host stops)
    table.end()                     # every link ends (going home, quitting)
    table.seat_status("Ann")        # "not_joined", "joined", "done" (nothing missing) or "revoked"
    await table.stop()              # stop listening; every link ends, the lock is released

For the table app: create it over `app.session` (which holds the table's Dockyard values), `app.db_path`, the
autosaver's `written` (so a phone hears "accepted" only once its draft is on disk) and an `on_change` that
refreshes the age screen; stop it when the session is left (home, another game) — it holds that session.
`start` raises InputError when another host (or window) shares this game, or the game is finished.

Nothing listens before `start`, and aiohttp is imported only then (scorer.phones.server), so the table app
starts as fast without it. The phones' edits are applied by the same session as the laptop's keys, in the
same event loop (one writer): the session validates, keeps the undo and hands every change to its autosaver,
and `on_change(player)` tells the edge that a phone changed that player's entries (the age screen shows it).
A correction typed on the laptop needs no call: each phone's next poll reads the session as it stands.

The requests themselves (`state`, `edit`, `cards`, `leaders`) are plain calls, used by the server and by tests without
it: each is answered in the phone's language (scorer.i18n.speaking), the table's words left as they are.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.catalog import load_catalog
from scorer.errors import InputError
from scorer.flow import Step
from scorer.i18n import current_language, local_name, speaking, t
from scorer.phones import requests
from scorer.phones.lock import HostLock
from scorer.phones.tokens import SeatRequest, SeatTokens
from scorer.phones.view import leader_order, state_json
from scorer.search import label_of, matches, not_offered_text
from scorer.seat import ASKING, card_choices, seat_view
from scorer.session import GameSession

if TYPE_CHECKING:
    from scorer.history.journal import DraftJournal
    from scorer.phones.server import PhoneServer
    from scorer.picture import Picture

SEARCH_SHOWN = 12  # cards a search lists: a phone's screen, not the whole deck
SEAT_STATUSES = ("not_joined", "joined", "done", "revoked")  # what the host's screen says of each seat


@dataclass(frozen=True, slots=True)
class Reply:
    """A request's answer: `status` as HTTP says it (200, 409 stale, 422 refused, 400 malformed) and the JSON."""

    status: int
    body: dict[str, Any]


class PhoneTable:
    def __init__(
        self,
        session: GameSession,
        history: Path | None = None,
        *,
        on_change: Callable[[str], None] | None = None,
        language: str | None = None,
        saved: Callable[[], bool] | None = None,
        journal: Callable[[DraftJournal | None], None] | None = None,
        token_source: Callable[[int], str] = secrets.token_urlsafe,
    ) -> None:
        """`history` is the history file beside which the host lock is
        kept (None: no lock, for tests); `language` the table's (default: the current one when started);
        `saved` waits until the session's autosaver has written the drafts submitted so far
        and says whether they are on disk (DraftSaver.written): a phone is told its edit is accepted only
        once it is, so a host killed then loses none.
        `token_source` makes the links' tokens (scorer.phones.tokens): a test's own gives the same links
        every run. `journal` (DraftSaver.use_journal) journals the drafts while the game's host lock is
        held (scorer.history.journal: a phone's edit is on disk after one append, not a history rewrite),
        and with None folds them into the history file before the lock is released."""
        self.session = session
        self._saved = saved
        self._journal = journal if history is not None else None
        self._history = history
        self.on_change = on_change
        self.language = language
        self.tokens = SeatTokens(session.record.names, token_source)
        self._joined: set[str] = set()  # seats a phone has reached with a live link
        self._revoked: set[str] = set()  # seats revoked whose new link no phone has used yet
        self.game_saved = False  # the game is saved (finish): the phones read their sheet, nothing more is entered
        self._told: set[str] = set()  # the seats that have read their sheet marked saved
        self._declared: dict[str, Step] = {}  # seat -> the step its player said "done" at (and did nothing since)
        self._lock = HostLock(history, session.record.id) if history is not None else None
        self._server: PhoneServer | None = None
        self.url = ""  # the table link, once started
        self.seat_urls: dict[str, str] = {}
        self._base = ""

    # --- sharing ---------------------------------------------------------------------------------------

    async def start(
        self,
        bind: str = "127.0.0.1",
        port: int = 0,
        *,
        shown_as: str | None = None,
        shown_host: str | None = None,
        **limits: Any,
    ) -> str:
        """Serve the phones on `bind`:`port` (0: any free port); the table link. Refused (InputError) for a
        finished game or one another host shares. `shown_as` is the links' base address when it is not the
        one listened on (`http://host:port`: a screenshot's fixed one); `shown_host` the IPv4 address the links
        name with the port listened on (a server bound to every address shows the phones one of them)."""
        if self.session.record.status == "finished":
            raise InputError("game", self.session.record.id[:8], t("phones.finished"))
        self.language = self.language or current_language()
        if self._lock is not None:
            self._lock.acquire()
        from scorer.phones.server import PhoneServer  # aiohttp: only once a table shares its game

        try:
            self._server = PhoneServer(self, **limits)
            self._base = await self._server.start(bind, port)
            if shown_host is not None:
                self._base = f"http://{shown_host}:{self._base.rsplit(':', 1)[1]}"
            self._base = shown_as or self._base
            if self._journal is not None and self._history is not None:
                from scorer.history.journal import DraftJournal

                self._journal(DraftJournal(self._history, self.session.record.id))
        except BaseException:
            if self._lock is not None:
                self._lock.release()
            raise
        self.tokens.restore(self.session.phones)  # a game shared before: the phones' links answer again
        self.url = f"{self._base}/t/{self.tokens.table_token()}"
        self.seat_urls = {name: self._seat_url(self.tokens.issue(name)) for name in self.session.record.names}
        self._keep_links()
        return self.url

    def forget_links(self) -> None:
        """The host ended the links on purpose: the draft keeps none, sharing again makes new ones."""
        self.session.remember_phones({})

    def _keep_links(self) -> None:
        """The seats' links kept beside the draft (keyed digests only): a restart answers them again."""
        self.session.remember_phones(self.tokens.kept())

    async def stop(self) -> None:
        """Stop listening; every link ends; the game may be shared again (here or by another host)."""
        self.tokens.end()
        if self._server is not None:
            await self._server.stop()
            self._server = None
            if self._journal is not None:  # into the history file while no other host may take the game
                import asyncio

                await asyncio.to_thread(self._journal, None)
        if self._lock is not None and self._lock.held:
            self._lock.release()

    def _seat_url(self, token: str) -> str:
        return f"{self._base}/s/{token}"

    def revoke(self, seat: str) -> str:
        """End `seat`'s links (a phone lost, or handed on) and give it a new one."""
        self.tokens.revoke(seat)
        self._joined.discard(seat)
        self._revoked.add(seat)
        self.seat_urls[seat] = self._seat_url(self.tokens.issue(seat))
        self._keep_links()
        return self.seat_urls[seat]

    def seat_status(self, seat: str) -> str:
        """What the host's screen says of `seat` (one of SEAT_STATUSES): revoked until a phone uses its new
        link, done once its player has said so on the phone at this step (`declared`: nothing missing is not
        enough, a discard leaves nothing to see), joined, or not joined."""
        if seat in self._revoked:
            return "revoked"
        if seat not in self._joined:
            return "not_joined"
        return "done" if self.declared(seat) else "joined"

    def declared(self, seat: str) -> bool:
        """Whether `seat`'s player said "done" at the step the table is at, and edited nothing since."""
        step = self._declared.get(seat)
        return step is not None and step == self.session.step and step.kind in ASKING

    def on_phone(self, seat: str) -> bool:
        """Whether a phone has reached `seat` with a live link (the age screen marks it)."""
        return seat in self._joined

    def pending(self) -> list[SeatRequest]:
        return self.tokens.pending()

    def confirm(self, request: SeatRequest) -> None:
        self.tokens.confirm(request)
        self._keep_links()

    def refuse(self, request: SeatRequest) -> None:
        self.tokens.refuse(request)

    def finish(self) -> None:
        """The game is saved on the laptop: every phone's next state is the sheet marked saved, which the page
        keeps (it asks nothing more); edits and seat requests are refused from now on. The host stops sharing
        once `told`, or after a while for a phone asleep."""
        self.game_saved = True
        self.tokens.end_requests()

    @property
    def told(self) -> bool:
        """Whether every seat a phone has reached has read the saved sheet."""
        return self._joined <= self._told

    def end(self) -> None:
        """The game is finished (or the host stopped sharing): every link ends now, the server may go on
        until `stop`."""
        self.tokens.end()

    # --- one phone's requests --------------------------------------------------------------------------

    def seat_of(self, token: str) -> str | None:
        """The seat a token reaches (None for anything else), never for a finished game."""
        if self.session.record.status == "finished":
            return None
        seat = self.tokens.seat_of(token)
        if seat is not None:
            self._joined.add(seat)
            self._revoked.discard(seat)
        return seat

    def state(self, player: str, language: str | None = None) -> dict[str, Any]:
        """`player`'s page as it stands, in `language` (the table's by default)."""
        with speaking(language or self.language or current_language()):
            state = state_json(seat_view(self.session, player), self.session)
        state["declared"] = self.declared(player)
        if self.game_saved:
            state["saved"] = True
            self._told.add(player)
        return state

    def bgsplay(self) -> bytes | None:
        """The game as one BG Stats play (scorer.history.bgstats), once its sheet is reached; None before. Its
        uuid is the game's, so the same play added from every phone, or exported later, is one play there."""
        if self.session.step.kind != "sheet":
            return None
        from scorer.history import bgstats
        from scorer.history.summary import now, summarise

        record = self.session.record
        summary = summarise(record, self.session.sheet(), now(), rules="")
        return bgstats.dumps(bgstats.bgstats_document([(summary, bgstats.facts_of(record))]))

    def picture(self, language: str | None = None) -> Picture | None:
        """The sheet as a picture (scorer.picture) in the phone's language, once the sheet is reached; None
        before. Only its layout: the caller draws it (png_bytes) off the event loop."""
        if self.session.step.kind != "sheet":
            return None
        from scorer.picture import sheet_picture

        with speaking(language or self.language or current_language()):
            return sheet_picture(self.session.record, self.session.sheet())

    def edit(self, player: str, body: bytes, language: str | None = None) -> Reply:
        """Apply a phone's edit request for `player` (scorer.phones.requests); the reply says what happened."""
        language = language or self.language or current_language()
        if self.game_saved:
            with speaking(language):
                error = t("phones.saved_no_edits")
            return Reply(409, {"error": error, "state": self.state(player, language)})
        with speaking(language):
            try:
                request = requests.parse_request(body)
                requests.apply_request(self.session, player, request)
                if request.kind == "done" and request.fields["done"]:
                    self._declared[player] = self.session.step
                else:  # "not yet", or an edit after saying it: the player is entering again
                    self._declared.pop(player, None)
            except requests.Malformed as error:
                return Reply(400, {"error": t(f"phones.malformed.{error.key}")})
            except requests.Stale:
                return Reply(409, {"error": t("phones.stale"), "state": self.state(player, language)})
            except InputError as error:
                return Reply(422, {"error": self.refusal(error), "state": self.state(player, language)})
        if self.on_change is not None:
            self.on_change(player)
        return Reply(200, {"state": self.state(player, language)})

    def refusal(self, error: InputError) -> str:
        """`error` as the age screen says it to a person, not the CLI's "field: value is not allowed" form:
        a card not offered as the card picker words it ("'Baths': every copy of Baths is already built
        (Bob)."), an edit the session's checks refuse as the screen's toast does (those name the field in a
        person's words: "Ana's wonder stages in Age I: 9 is not allowed; at most 4"), and the phones' own
        checks (a step the table left, a leader played, an island held) as what is accepted."""
        if error.label != error.field:
            return str(error)
        if error.field == "card" and error.allowed != t("phones.refused.card"):
            card = requests.card_named(load_catalog(), str(error.value), self.session.step.age or 0)
            return t("picker.not_found", text=local_name(card) if card else error.value, nothing=error.allowed)
        return t("phones.refusal", allowed=error.allowed)

    async def saved(self) -> bool:
        """Wait, off the event loop, until every accepted edit is written (see `saved` in __init__); whether it
        is on disk. False (a full disk, a history that refuses the game): the phone is told its edit is not
        saved, never that it is; the edit stays in the session, and the next write that succeeds saves it."""
        if self._saved is None:
            return True
        import asyncio

        return bool(await asyncio.to_thread(self._saved))

    def not_saved(self, language: str | None = None) -> dict[str, Any]:
        """The reply to an edit that was applied but could not be put on disk."""
        with speaking(language or self.language or current_language()):
            return {"error": t("phones.not_saved"), "unsaved": True}

    def cards(self, player: str, query: str, language: str | None = None) -> dict[str, Any]:
        """The cards `player` may add this age matching `query` (best first), as the age screen's picker
        offers them (scorer.seat.card_choices); with none, why the card typed is not offered."""
        step, record, catalog = self.session.step, self.session.record, load_catalog()
        with speaking(language or self.language or current_language()):
            if step.kind != "age" or step.age is None:
                return {"cards": [], "why": None}
            query = query.strip()[: requests.MAX_TEXT]
            offered = matches(query, card_choices(self.session, player))
            cards = [{"id": card.id, "name": label_of(card, query=query)} for card in offered[:SEARCH_SHOWN]]
            why = None if cards or not query else not_offered_text(record, catalog, step.age, player, query)
            return {"cards": cards, "why": why or (t("phones.no_card", text=query) if query and not cards else None)}

    def leaders(self, player: str, query: str, language: str | None = None) -> dict[str, Any]:
        """The leaders `player` may recruit at this recruitment matching `query` (part of either name, accents
        ignored), best first, in the phone's language's order as the recruitment screen's picker lists them;
        every one for an empty query. With none, says so."""
        with speaking(language or self.language or current_language()):
            view = seat_view(self.session, player)
            if view.recruitment is None:
                return {"leaders": [], "why": None}
            query = query.strip()[: requests.MAX_TEXT]
            found = matches(query, leader_order(view.recruitment.choices))
            leaders = [{"id": leader.id, "name": label_of(leader, query=query)} for leader in found]
            return {"leaders": leaders, "why": None if leaders else t("phones.no_leader", text=query)}
