"""The links of a shared table: one unguessable token per seat, and a table token to ask for a seat.

A token is `secrets.token_urlsafe(TOKEN_BYTES)` (≥ 128 bits) handed out once, in its seat's link; the table
keeps only its keyed digest (HMAC-SHA256 with a key of this sharing only), compared with
`hmac.compare_digest`, so nothing kept in memory or written anywhere lets anyone rebuild a link. A seat may
have several tokens (a second phone on the same seat): revoking the seat ends them all; ending the sharing
ends every token at once.

Asking for a seat with the table token ("pick your seat") gives nothing by itself: the request waits in
`pending` until the host confirms it (`confirm`), which issues that seat a new token for the phone that
asked, held only until that phone collects it (`collect`).

`token_source` makes the tokens (`secrets.token_urlsafe` by default); a test or a screenshot of the table
app's Phones screen gives one of its own, so the links it shows are the same every run.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

TOKEN_BYTES = 24  # 192 bits: the brief asks for at least 128
CLAIM_CODE_DIGITS = 4  # what the host compares with the phone's screen before confirming
MOST_PENDING = 16  # seat requests kept at once (the oldest goes first): a table link passed round cannot flood it


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """A phone asked for `seat` with the table link: `code` is shown on the phone and on the laptop, so the
    host confirms the right phone; `ticket` is the phone's own secret to collect its seat link."""

    seat: str
    code: str
    ticket: str


class SeatTokens:
    """Every live token of one shared game: seat tokens by digest, the table token, seat requests."""

    def __init__(self, seats: list[str], token_source: Callable[[int], str] = secrets.token_urlsafe) -> None:
        self._key = secrets.token_bytes(32)
        self._new = token_source
        self._seats = list(seats)
        self._tokens: dict[bytes, str] = {}  # digest -> seat
        self._table = self._digest(self._new(TOKEN_BYTES))
        self._requests: dict[bytes, SeatRequest] = {}  # digest of the ticket -> request
        self._granted: dict[bytes, str] = {}  # digest of the ticket -> the seat token, until collected
        self._ended = False

    def kept(self) -> dict[str, Any]:
        """The seats' links as they may be kept beside the draft: this sharing's key and each live seat token's
        keyed digest (HMAC-SHA256, 192-bit tokens: nothing here rebuilds a link). Revoked ones are gone."""
        return {"key": self._key.hex(), "seats": {digest.hex(): seat for digest, seat in self._tokens.items()}}

    def restore(self, kept: Any) -> int:
        """Answer again the seats' links `kept` (`kept()` of an earlier sharing of this game): its key and
        digests, for the seats still at this table. How many links come back (0: nothing usable kept)."""
        key, seats = (kept.get("key"), kept.get("seats")) if isinstance(kept, dict) else (None, None)
        if not isinstance(key, str) or not isinstance(seats, dict):
            return 0
        try:
            secret = bytes.fromhex(key)
            digests = {bytes.fromhex(digest): seat for digest, seat in seats.items() if seat in self._seats}
        except (ValueError, TypeError):
            return 0
        if len(secret) != 32 or any(len(digest) != 32 for digest in digests):
            return 0
        self._key, self._tokens = secret, digests
        self._table = self._digest(self._new(TOKEN_BYTES))
        return len(digests)

    def _digest(self, token: str) -> bytes:
        return hmac.new(self._key, token.encode("utf-8", "surrogatepass"), hashlib.sha256).digest()

    def _find(self, table: dict[bytes, str], token: str) -> str | None:
        """The value kept under `token`'s digest, every digest compared in constant time."""
        digest, found = self._digest(token), None
        for kept, value in table.items():
            if hmac.compare_digest(kept, digest):
                found = value
        return found

    def issue(self, seat: str) -> str:
        """A new token for `seat` (its earlier ones stay valid)."""
        if self._ended or seat not in self._seats:
            raise KeyError(seat)
        token = self._new(TOKEN_BYTES)
        self._tokens[self._digest(token)] = seat
        return token

    def seat_of(self, token: str) -> str | None:
        """The seat this token reaches, None for any other text (unknown, revoked, ended)."""
        return None if self._ended else self._find(self._tokens, token)

    def revoke(self, seat: str) -> None:
        """End every token of `seat` (a phone lost or handed to someone else); `issue` gives a new one."""
        self._tokens = {digest: kept for digest, kept in self._tokens.items() if kept != seat}

    def end(self) -> None:
        """End every token, the table token and every request: the sharing is over."""
        self._ended = True
        self._tokens.clear()
        self._requests.clear()
        self._granted.clear()

    @property
    def ended(self) -> bool:
        return self._ended

    def end_requests(self) -> None:
        """No more seats are handed out (the game is saved): the table link and every request end; the seats'
        own links go on until `end`."""
        self._table = b""
        self._requests.clear()
        self._granted.clear()

    # --- "pick your seat" -------------------------------------------------------------------------------

    def table_token(self) -> str:
        """A new table token (the earlier one ends: one table link is live at a time)."""
        token = self._new(TOKEN_BYTES)
        self._table = self._digest(token)
        return token

    def is_table(self, token: str) -> bool:
        return not self._ended and bool(self._table) and hmac.compare_digest(self._digest(token), self._table)

    def request(self, seat: str) -> SeatRequest:
        """A phone holding the table link asks for `seat`: kept pending until the host confirms it."""
        if self._ended or not self._table or seat not in self._seats:
            raise KeyError(seat)
        code = f"{secrets.randbelow(10**CLAIM_CODE_DIGITS):0{CLAIM_CODE_DIGITS}d}"
        ask = SeatRequest(seat, code, secrets.token_urlsafe(TOKEN_BYTES))
        while len(self._requests) >= MOST_PENDING:
            del self._requests[next(iter(self._requests))]
        self._requests[self._digest(ask.ticket)] = ask
        return ask

    def pending(self) -> list[SeatRequest]:
        """The requests the host has still to confirm or refuse, oldest first."""
        return list(self._requests.values())

    def confirm(self, request: SeatRequest) -> None:
        """Give the request's phone its seat: a new token for the seat, collected once by that phone."""
        digest = self._digest(request.ticket)
        if self._requests.pop(digest, None) is not None:
            self._granted[digest] = self.issue(request.seat)

    def refuse(self, request: SeatRequest) -> None:
        self._requests.pop(self._digest(request.ticket), None)

    def collect(self, ticket: str) -> str | None:
        """The seat token granted to the phone holding `ticket`, once (None while pending, or refused)."""
        digest = self._digest(ticket)
        for kept in list(self._granted):
            if hmac.compare_digest(kept, digest):
                return self._granted.pop(kept)
        return None

    def request_of(self, ticket: str) -> SeatRequest | None:
        """The pending request of the phone holding `ticket` (None once confirmed, refused, or for any text)."""
        digest, found = self._digest(ticket), None
        for kept, asked in self._requests.items():
            if hmac.compare_digest(kept, digest):
                found = asked
        return found
