"""A phone's edit request, checked where it enters and turned into the same core edit the table app makes.

A request is a small JSON object, `{"version": "<seat version>", "edit": {"kind": "add_card", "card": "baths"}}`:
its types, sizes and kind are checked first (anything else is `Malformed`, said plainly, HTTP 400); the
player is always the seat of the token the request came with — a request naming a `player` is malformed —
and the age is the table's. The edit is then made exactly as the screens make it (scorer.edits over the
session's game) and applied by `GameSession.apply`: the same validation, undo and autosave as a key typed
on the laptop. A request made on another version of the seat than the current one is `Stale`, never
applied over what changed since; a refusal (a card not offered, a value out of bounds) is the InputError's
words, in the language current when it is raised (the phone's, inside scorer.i18n.speaking).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from scorer.catalog import Card, Catalog, load_catalog
from scorer.edits import Edit
from scorer.edits.age import (
    add_card,
    add_island,
    choose_courtesans_copy,
    choose_incursion,
    move_ship,
    remove_card,
    remove_island,
    set_discarded,
    set_wonder_stages,
    stay_out_of_naval,
)
from scorer.edits.end import set_end_count
from scorer.edits.leaders import USES, choose_leader
from scorer.errors import InputError
from scorer.i18n import t
from scorer.search import not_offered_text
from scorer.seat import card_choices, seat_version, seat_view
from scorer.session import GameSession

MAX_BODY = 2048  # bytes: the largest request a phone makes is well under 200
MAX_TEXT = 80  # characters of any text field (a card's or leader's name or id, a player's name: 40)
MAX_NUMBER = 10_000  # beyond any count of the game: larger is malformed, not an edit to validate

# Each kind's fields and their types (None: may be null), and the step it belongs to.
FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "add_card": {"card": (str,)},
    "remove_card": {"index": (int,)},
    "set_wonder_stages": {"stages": (int,)},
    "move_ship": {"fleet": (str,), "position": (int,)},
    "add_island": {"island": (str,)},
    "remove_island": {"index": (int,)},
    "stay_out_of_naval": {"out": (bool,)},
    "choose_incursion": {"index": (int,), "target": (str,)},
    "choose_courtesans_copy": {"leader": (str, type(None))},
    "choose_leader": {"leader": (str, type(None)), "use": (str,)},
    "set_coins": {"coins": (int,)},
    "done": {"done": (bool,), "discarded": (int,)},
}
STEP_OF = {"choose_leader": "recruitment", "set_coins": "end"}  # every other kind but "done": the age step
ASKING = ("recruitment", "age", "end")  # the steps a player says "done" at (scorer.seat.ASKING)


class Malformed(ValueError):
    """Not a request a phone page makes: `key` is the phones catalogue's words for what is wrong."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True, slots=True)
class EditRequest:
    version: str
    kind: str
    fields: dict[str, Any]


def parse_request(body: bytes) -> EditRequest:
    """The request in `body`, checked for shape only (Malformed otherwise)."""
    if len(body) > MAX_BODY:
        raise Malformed("too_large")
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise Malformed("not_json") from None
    if not isinstance(data, dict) or set(data) != {"version", "edit"}:
        raise Malformed("shape")
    version, edit = data["version"], data["edit"]
    if not isinstance(version, str) or len(version) > 64 or not isinstance(edit, dict):
        raise Malformed("shape")
    kind = edit.get("kind")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise Malformed("kind")
    wanted = FIELDS[kind]
    fields = {key: value for key, value in edit.items() if key != "kind"}
    if set(fields) != set(wanted):
        raise Malformed("fields")
    for key, value in fields.items():
        if isinstance(value, bool) and bool not in wanted[key]:
            raise Malformed("fields")  # JSON true is not a number
        if not isinstance(value, wanted[key]):
            raise Malformed("fields")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise Malformed("fields")
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= MAX_NUMBER:
            raise Malformed("fields")
    return EditRequest(version, kind, fields)


class Stale(Exception):
    """The request was made on another version of the seat than the current one."""


def apply_request(session: GameSession, player: str, request: EditRequest) -> None:
    """Make `request`'s edit for `player` at the table's step and apply it; raises Stale, or the InputError
    that refused it (nothing changed then). A card is not searched among the deck's offer first: the session's
    validation counts the deck's copies anyway, and refuses every card the age screen's picker does not offer
    (tests/phones/test_core.py checks every card), so the offer is worked out only to word a refusal."""
    if request.version != seat_version(session.record, session.step, player):
        raise Stale()
    if request.kind == "done":
        said(session, player, request)
        return
    error = session.apply(make_edit(session, player, request))
    if error is None:
        return
    if request.kind == "add_card":
        catalog, age, wanted = load_catalog(), session.step.age or 0, request.fields["card"]
        card = card_named(catalog, wanted, age)
        if card is None or card.id not in {c.id for c in card_choices(session, player)}:
            raise not_offered(session, player, wanted) from None
    raise error


def said(session: GameSession, player: str, request: EditRequest) -> None:
    """The player says they are done with this step (or, `done` false, not yet): at an age, with how many cards
    they discarded for coins, kept in the record when it changed (the table's PhoneTable keeps the saying)."""
    step = session.step
    if step.kind not in ASKING:
        raise InputError("step", step.kind, t("phones.refused.step"))
    discarded = request.fields["discarded"]
    if step.kind != "age" or step.age is None:
        return
    if discarded != session.record.entry(step.age, player).discarded:
        error = session.apply(set_discarded(session.game(), step.age, player, discarded))
        if error is not None:
            raise error


def card_named(catalog: Catalog, wanted: str, age: int) -> Card | None:
    """The card `wanted` names (an id, a name, or a key such as "loom@1") as built in `age`: this age's, else
    the nearest earlier age's (built from the discard pile)."""
    return catalog.built(wanted, age) or next((c for c in catalog.cards if c.key == wanted and c.age <= age), None)


def not_offered(session: GameSession, player: str, wanted: str) -> InputError:
    """Why the card `wanted` (an id, a key, or a name) is not one `player` may add this age, as the age
    screen's picker says it."""
    record, catalog, age = session.record, load_catalog(), session.step.age or 0
    why = not_offered_text(record, catalog, age, player, wanted) if catalog.built(wanted, 3) else None
    return InputError("card", wanted, why or t("phones.refused.card"))


def make_edit(session: GameSession, player: str, request: EditRequest) -> Edit:
    """The core edit the table app makes for what `request` asks, for `player` (InputError when it names
    something the seat's view (scorer.seat) does not offer, or the table is not at the step the kind belongs
    to)."""
    step, kind, fields = session.step, request.kind, request.fields
    if step.kind != STEP_OF.get(kind, "age") or (step.kind != "end" and step.age is None):
        raise InputError("step", step.kind, t("phones.refused.step"))
    catalog, game, view = load_catalog(), session.game(), seat_view(session, player)
    age = step.age or 0
    if kind == "set_coins":
        return set_end_count(player, "coins", fields["coins"])
    if kind == "choose_leader":
        use = fields["use"]
        if use not in USES:
            raise InputError("use", use, t("phones.refused.use", uses=", ".join(USES)))
        offered = view.recruitment.choices if view.recruitment is not None else ()
        leader = catalog.leader(fields["leader"]) if fields["leader"] else None
        if fields["leader"] and leader not in offered:
            raise InputError("leader", fields["leader"], t("phones.refused.leader"))
        return choose_leader(age, player, leader.en if leader else None, use)
    if kind == "add_card":  # by id, key or name, this age's card first (the session refuses one not offered)
        wanted = fields["card"]
        card = card_named(catalog, wanted, age)
        if card is None:
            raise not_offered(session, player, wanted)
        return add_card(game, age, player, card)
    if kind == "remove_card":
        return remove_card(game, age, player, fields["index"])
    if kind == "set_wonder_stages":
        return set_wonder_stages(game, age, player, fields["stages"])
    if kind == "move_ship":
        return move_ship(game, age, player, fields["fleet"], fields["position"])
    if kind == "add_island":
        island = catalog.island(fields["island"])
        if island is None or island not in view.free_islands:
            raise InputError("island", fields["island"], t("phones.refused.island"))
        return add_island(game, age, player, island)
    if kind == "remove_island":
        return remove_island(game, age, player, fields["index"])
    if kind == "stay_out_of_naval":
        return stay_out_of_naval(game, age, player, fields["out"])
    if kind == "choose_incursion":
        incursion = next((i for i in view.incursions if i.index == fields["index"]), None)
        if incursion is not None and fields["target"] not in incursion.choices:
            raise InputError("target", fields["target"], t("phones.refused.target"))
        return choose_incursion(game, age, player, fields["index"], fields["target"])
    # choose_courtesans_copy: one of the neighbours' recruited leaders, or None
    offered_leaders = [leader for leader, _ in view.courtesans.choices] if view.courtesans is not None else []
    chosen = catalog.leader(fields["leader"]) if fields["leader"] else None
    if fields["leader"] and chosen not in offered_leaders:
        raise InputError("leader", fields["leader"], t("phones.refused.courtesans"))
    return choose_courtesans_copy(game, age, player, chosen.en if chosen else None)
