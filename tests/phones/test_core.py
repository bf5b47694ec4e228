"""The phones' core without any server: tokens, seat versions, each edit kind, stale, malformed and other
seats' requests, and the words of a refusal in the phone's language."""

from __future__ import annotations

import json

import pytest

from scorer.catalog import load_catalog
from scorer.edits.age import add_card, move_ship, set_wonder_stages
from scorer.errors import InputError
from scorer.flow import Step
from scorer.i18n import current_language, set_language, t
from scorer.phones.lock import HostLock
from scorer.phones.requests import MAX_BODY
from scorer.phones.tokens import SeatTokens
from scorer.seat import seat_version
from scorer.session import GameSession
from tests.phones.tables import edit, phone_table, request, session_at
from tests.replay import content

# --- tokens ----------------------------------------------------------------------------------------------


def test_a_seat_token_is_unguessable_and_reaches_only_its_seat():
    tokens = SeatTokens(["Ana", "Ben"])
    ana, ben = tokens.issue("Ana"), tokens.issue("Ben")
    assert len(ana) >= 22 and ana != ben  # token_urlsafe: ≥ 128 bits in ≥ 22 characters
    assert tokens.seat_of(ana) == "Ana" and tokens.seat_of(ben) == "Ben"
    assert tokens.seat_of(ana[:-1]) is None and tokens.seat_of("") is None and tokens.seat_of(ana + "x") is None


def test_tokens_are_kept_only_as_digests():
    tokens = SeatTokens(["Ana"])
    token = tokens.issue("Ana")
    kept = repr(vars(tokens)) if hasattr(tokens, "__dict__") else repr([getattr(tokens, s) for s in dir(tokens)])
    assert token not in kept and token.encode() not in b"".join(tokens._tokens)


def test_revoking_a_seat_ends_all_its_tokens_and_ending_ends_every_one():
    tokens = SeatTokens(["Ana", "Ben"])
    first, second, ben = tokens.issue("Ana"), tokens.issue("Ana"), tokens.issue("Ben")
    tokens.revoke("Ana")
    assert tokens.seat_of(first) is None and tokens.seat_of(second) is None and tokens.seat_of(ben) == "Ben"
    tokens.end()
    assert tokens.seat_of(ben) is None
    with pytest.raises(KeyError):
        tokens.issue("Ben")


def test_a_seat_asked_for_with_the_table_link_is_given_only_once_the_host_confirms():
    tokens = SeatTokens(["Ana", "Ben"])
    table = tokens.table_token()
    assert tokens.is_table(table) and not tokens.is_table(table[:-1])
    asked = tokens.request("Ben")
    assert tokens.pending() == [asked] and tokens.request_of(asked.ticket) == asked
    assert tokens.collect(asked.ticket) is None  # nothing before the host confirms
    tokens.confirm(asked)
    token = tokens.collect(asked.ticket)
    assert token is not None and tokens.seat_of(token) == "Ben"
    assert tokens.collect(asked.ticket) is None and tokens.pending() == []  # collected once
    refused = tokens.request("Ana")
    tokens.refuse(refused)
    assert tokens.collect(refused.ticket) is None and tokens.request_of(refused.ticket) is None


# --- versions --------------------------------------------------------------------------------------------


def test_a_seat_version_changes_with_its_own_entries_and_the_step_never_with_another_seat():
    session, _ = session_at()
    catalog = load_catalog()
    ana = lambda: seat_version(session.record, session.step, "Ana")  # noqa: E731
    before = ana()
    assert session.apply(add_card(session.game(), 1, "Ben", catalog.card("Workshop", 1))) is None
    assert ana() == before  # another seat's edit
    assert session.apply(set_wonder_stages(session.game(), 1, "Ana", 1)) is None
    typed_on_laptop = ana()
    assert typed_on_laptop != before
    session.go(Step("conflicts", 1))
    assert ana() != typed_on_laptop


def test_the_page_shows_the_seat_s_entries_choices_and_what_is_missing():
    session, _ = session_at()
    table = phone_table(session)
    state = table.state("Enzo")
    assert state["step"] == {"kind": "age", "age": 1, "title": "Age I"}
    assert [m["code"] for m in state["missing"]] == ["age"]
    assert state["cards"] == [] and state["stages"]["value"] == 0
    red = next(f for f in state["fleets"] if f["colour"] == "red")
    assert [s["position"] for s in red["spaces"]] == list(range(7))
    assert all(s["note"] for s in red["spaces"])  # each space's value beside it
    assert any(i["name"].startswith("Forgotten Port") for i in state["free_islands"])
    assert table.cards("Enzo", "doc")["cards"][0]["id"] == "dock"


# --- each edit kind, as the screens make it --------------------------------------------------------------


def test_each_age_edit_of_a_phone_is_the_core_edit_of_the_table_app():
    session, saved = session_at()
    table = phone_table(session)
    assert edit(table, "Enzo", "add_card", card="dock").status == 200
    assert edit(table, "Enzo", "add_card", card="Paliçada").status == 200  # a name, in Portuguese
    assert edit(table, "Enzo", "add_card", card="tavern").status == 200
    assert edit(table, "Enzo", "remove_card", index=2).status == 200
    assert edit(table, "Enzo", "set_wonder_stages", stages=1).status == 200
    assert edit(table, "Enzo", "move_ship", fleet="green", position=2).status == 200
    island = next(i for i in table.state("Enzo")["free_islands"] if i["name"].startswith("Forgotten Port"))
    assert edit(table, "Enzo", "add_island", island=island["id"]).status == 200
    assert all(not i["name"].startswith("Forgotten Port") for i in table.state("Enzo")["free_islands"])
    assert edit(table, "Enzo", "stay_out_of_naval", out=True).status == 200
    names = session.record.names
    left2 = names[(names.index("Enzo") + 2) % len(names)]
    right2 = names[(names.index("Enzo") - 2) % len(names)]
    target = table.state("Enzo")["incursions"][0]["target"]
    other = left2 if target == right2 else right2
    assert edit(table, "Enzo", "choose_incursion", index=0, target=other).status == 200
    state = table.state("Enzo")
    assert [c["id"] for c in state["cards"]] == ["dock", "stockade"]
    assert state["incursions"][0]["target"] == other and state["opt_out"]["value"] is True
    assert edit(table, "Enzo", "remove_island", index=len(state["islands"]) - 1).status == 200
    assert table.state("Enzo")["opt_out"] is None  # Forgotten Port gone: no longer out of the conflict
    assert saved and saved[-1].record == session.record  # every accepted edit autosaved
    assert session.undo() and table.state("Enzo")["opt_out"] is not None  # and undone as a laptop key is


def test_the_same_entries_from_a_phone_or_the_core_give_the_same_record():
    phone, _ = session_at()
    core, _ = session_at()
    table, catalog = phone_table(phone), load_catalog()
    for card in ("Shipyard", "Altar", "Guard Tower"):
        assert edit(table, "Ana", "add_card", card=catalog.card(card, 1).id).status == 200
        assert core.apply(add_card(core.game(), 1, "Ana", catalog.card(card, 1))) is None
    assert edit(table, "Ana", "move_ship", fleet="blue", position=3).status == 200
    assert core.apply(move_ship(core.game(), 1, "Ana", "blue", 3)) is None
    assert content(phone.record) == content(core.record)


def test_the_leader_played_in_a_recruitment_and_the_coins_at_the_end():
    session, _ = session_at(step="recruitment", age=1)
    table = phone_table(session)
    assert [m["code"] for m in table.state("Ana")["missing"]] == ["leader"]
    assert edit(table, "Ana", "choose_leader", leader="nebuchadnezzar", use="recruit").status == 200
    assert table.state("Ana")["recruitment"]["leader"] == "nebuchadnezzar"
    refused = edit(table, "Ben", "choose_leader", leader="nebuchadnezzar", use="recruit")
    assert refused.status == 422  # each leader card exists once
    session.go(Step("end"))
    assert edit(table, "Ana", "set_coins", coins=7).status == 200
    assert session.record.coins("Ana") == 7 and table.state("Ana")["missing"] == []


def test_the_courtesans_guild_copies_a_neighbour_s_leader():
    session, _ = session_at(step="age", age=3, removed=(3,))
    table = phone_table(session)
    assert edit(table, "Ana", "add_card", card="courtesans_guild").status == 200
    state = table.state("Ana")
    assert [m["code"] for m in state["missing"]] == ["turns", "courtesans"]  # one card of the age's 7 turns
    choice = state["courtesans"]["choices"][0]["id"]
    assert edit(table, "Ana", "choose_courtesans_copy", leader=choice).status == 200
    assert table.state("Ana")["courtesans"]["chosen"] == choice
    assert [m["code"] for m in table.state("Ana")["missing"]] == ["turns"]
    assert edit(table, "Ana", "choose_courtesans_copy", leader="imhotep").status == 422  # nobody's leader


def test_the_sheet_at_the_end_with_the_seat_s_own_cells_explained():
    session, _ = session_at(step="sheet", age=None, removed=())
    state = phone_table(session).state("Cris")
    sheet = state["sheet"]
    assert [p["name"] for p in sheet["players"]] == session.record.names
    assert sheet["mine"] and all(isinstance(line, str) for cell in sheet["mine"] for line in cell["lines"])


def test_the_leaders_on_offer_are_listed_and_found_as_the_recruitment_screen_does():
    """By their name in the phone's language (the catalogue's order had Semiramis after Zenobia), found by
    part of either name without accents, best first; a leader played is not offered; none found is said."""
    from scorer.catalog import fold

    session, _ = session_at(step="recruitment", age=1)
    table = phone_table(session)
    for language in ("en", "pt"):
        names = [leader["name"] for leader in table.state("Ana", language)["recruitment"]["choices"]]
        assert names == sorted(names, key=fold) and len(names) == 36  # 37 leaders, the blank Semiramis not one
        assert [leader["name"] for leader in table.leaders("Ana", "", language)["leaders"]] == names
    assert [leader["id"] for leader in table.leaders("Ana", "vitruvio", "pt")["leaders"]] == ["vitruvius"]
    assert table.leaders("Ana", "vitruvio", "pt")["leaders"][0]["name"] == "Vitrúvio"
    assert table.leaders("Ana", "xenoph", "pt")["leaders"][0]["name"] == "Xenofonte / Xenophon"  # typed in English
    assert edit(table, "Ben", "choose_leader", leader="vitruvius", use="recruit").status == 200
    assert table.leaders("Ana", "vitruv")["leaders"] == []  # each leader card exists once
    assert table.leaders("Ana", "vitruv", "pt")["why"] == "Nenhum líder que você pode recrutar corresponde a “vitruv”."
    session.go(Step("age", 1))
    assert table.leaders("Ana", "") == {"leaders": [], "why": None}  # no recruitment at this step


def test_the_phone_s_sheet_has_the_coins_the_best_other_player_and_short_names():
    from scorer.phones.view import short_names

    session, _ = session_at(step="sheet", age=None, removed=())
    sheet = phone_table(session).state("Ben")["sheet"]
    scored = session.sheet()
    assert sheet["coins"] == "Coins" and [p["coins"] for p in sheet["players"]] == [p.coins for p in scored.players]
    assert sheet["rival"] == next(p.name for p in sorted(scored.players, key=lambda p: p.rank) if p.name != "Ben")
    assert phone_table(session).state(sheet["rival"])["sheet"]["rival"] != sheet["rival"]
    assert short_names(["Cris", "Ana", "Alexa", "Alexe", "Bo"]) == {
        "Cris": "Cri",
        "Ana": "Ana",
        "Alexa": "Ala",
        "Alexe": "Ale",
        "Bo": "Bo",
    }
    science = next(cell for cell in sheet["mine"] if cell["label"] == "Science")
    assert science["value"] == 61 and science["lines"][-1] == "1² + 2² + 7² + 7 × 1 set = 61."
    assert any(line.startswith("Wildcards taken as") for line in science["lines"])


# --- refusals --------------------------------------------------------------------------------------------


def test_a_stale_edit_is_refused_with_the_current_state():
    session, _ = session_at()
    table = phone_table(session)
    old = table.state("Ana")["version"]
    assert edit(table, "Ana", "add_card", card="altar").status == 200  # a second phone on the seat, say
    reply = table.edit("Ana", request(old, "add_card", card="baths"))
    assert reply.status == 409 and reply.body["state"]["version"] != old
    assert [c["id"] for c in reply.body["state"]["cards"]] == ["altar"]


def test_an_edit_of_another_seat_never_makes_a_phone_s_page_stale():
    session, _ = session_at()
    table = phone_table(session)
    ana = table.state("Ana")["version"]
    assert edit(table, "Ben", "add_card", card="workshop").status == 200
    assert table.edit("Ana", request(ana, "add_card", card="altar")).status == 200


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[]",
        b'{"version": "x"}',
        json.dumps({"version": "x", "edit": {"kind": "delete_game"}}).encode(),
        json.dumps({"version": "x", "edit": {"kind": "add_card", "card": "altar", "player": "Ben"}}).encode(),
        json.dumps({"version": "x", "edit": {"kind": "remove_card", "index": True}}).encode(),
        json.dumps({"version": "x", "edit": {"kind": "set_coins", "coins": 10**9}}).encode(),
        json.dumps({"version": "x", "edit": {"kind": "add_card", "card": "a" * 500}}).encode(),
        b"{" * MAX_BODY + b"}",
    ],
)
def test_a_malformed_request_is_refused_and_changes_nothing(body):
    session, saved = session_at()
    before = session.record
    reply = phone_table(session).edit("Ana", body)
    assert reply.status == 400 and reply.body["error"]
    assert session.record is before and saved == []


def test_a_card_not_offered_is_refused_with_its_reason_in_the_phone_s_language():
    session, _ = session_at()
    table = phone_table(session, language="en")
    assert edit(table, "Ana", "add_card", card="altar").status == 200
    english = edit(table, "Ana", "add_card", card="altar")
    portuguese = edit(table, "Ana", "add_card", "pt", card="altar")
    assert english.status == portuguese.status == 422
    # the card picker's sentence, not the CLI's "card: 'altar' is not allowed; …"
    assert english.body["error"] == "'Altar': Ana already has Altar: a city never holds two of the same card."
    assert portuguese.body["error"] == "'Altar': Ana já tem Altar: uma cidade nunca tem duas cartas iguais."
    assert current_language() == "en"  # the table's words are left as they were


def test_a_card_by_no_name_a_value_out_of_bounds_and_a_step_left_are_refused_in_a_person_s_words():
    session, _ = session_at()
    table = phone_table(session)
    assert edit(table, "Ana", "add_card", card="zzz").body["error"] == (
        "Not accepted: only a card you may still build this age."
    )
    assert edit(table, "Ana", "set_wonder_stages", "pt", stages=9).body["error"] == (
        "estágios da Maravilha de Ana na Era I: 9 não é permitido; no máximo 4"  # as the age screen says it
    )
    assert edit(table, "Ana", "choose_leader", leader="Nero", use="recruit").body["error"] == (
        "Not accepted: only an edit of the step the table is at (it has moved on)."
    )
    assert session.record.ages == {}


def test_an_edit_of_a_step_the_table_has_left_is_refused():
    session, _ = session_at()
    table = phone_table(session)
    session.go(Step("conflicts", 1))
    reply = edit(table, "Ana", "add_card", card="altar")
    assert reply.status == 422 and session.record.ages == {}


def test_a_second_host_of_the_same_game_is_refused(tmp_path):
    set_language("en")
    first, second = HostLock(tmp_path / "history.json", "game-1"), HostLock(tmp_path / "history.json", "game-1")
    other = HostLock(tmp_path / "history.json", "game-2")
    first.acquire()
    try:
        with pytest.raises(InputError, match="another host"):
            second.acquire()
        other.acquire()
        other.release()
    finally:
        first.release()
    second.acquire()  # free again once the first host stops
    second.release()


def test_the_saver_says_when_the_drafts_submitted_so_far_are_written():
    import threading

    from scorer.autosave import DraftSaver

    written: list[object] = []
    gate = threading.Event()

    def save(draft: object) -> None:
        gate.wait(5)
        written.append(draft)

    saver = DraftSaver(save, lambda error: None)
    try:
        saver.submit("first")  # type: ignore[arg-type]
        assert not saver.written(timeout=0.05)  # still being written
        gate.set()
        assert saver.written(timeout=5) and written[-1] == "first"
        saver.submit("second")  # type: ignore[arg-type]
        assert saver.written(timeout=5) and written[-1] == "second"
    finally:
        saver.close()


def test_seat_requests_pending_are_bounded_oldest_first():
    from scorer.phones.tokens import MOST_PENDING

    tokens = SeatTokens(["Ana"])
    first = tokens.request("Ana")
    for _ in range(MOST_PENDING):
        tokens.request("Ana")
    assert len(tokens.pending()) == MOST_PENDING and first not in tokens.pending()


def test_an_export_never_overwrites_a_host_lock(tmp_path):
    from scorer.history.sharing import lock_path
    from scorer.history.target import refusal

    history = tmp_path / "history.json"
    assert refusal(lock_path(history, "game-1"), history, replace=True) is not None


def test_the_edge_hears_of_each_edit_a_phone_makes():
    session, _ = session_at()
    heard: list[str] = []
    table = phone_table(session)
    table.on_change = heard.append
    edit(table, "Ana", "add_card", card="altar")
    edit(table, "Ana", "add_card", card="altar")  # refused: nothing changed
    table.edit("Ben", b"not json")
    assert heard == ["Ana"]


# --- a card from a phone: the session's validation decides, as the age screen's picker offers ------------


def halicarnassus_with_a_discard_build():
    """Age II, where Enzo (Halicarnassus A) builds the stage that builds a card from the discard pile: the
    picker then offers him Age I's cards too."""
    session, _ = session_at(age=2, removed=(2, 3))
    assert session.apply(set_wonder_stages(session.game(), 2, "Enzo", 2)) is None
    return session


def untimed(data: dict) -> dict:
    """The record without its play time (scorer.play_time): the time spent on an edit stays when it is undone."""
    return {k: v for k, v in data.items() if k not in ("started_at", "played_seconds")}


@pytest.mark.parametrize(
    "played",
    [
        lambda: session_at()[0],  # Age I of the 7-player Leaders + Armada game
        halicarnassus_with_a_discard_build,
        lambda: session_at("base-3p.json", age=2, removed=(2, 3))[0],  # 3 players: cards left out of the deck
    ],
)
def test_a_phone_s_card_is_refused_whenever_the_age_screen_does_not_offer_it(played):
    """The phone's edit does not search the deck's offer first: the session's validation refuses every card
    not offered, with the picker's words; one offered that validation still refuses (an Armada card past the
    age's count) keeps validation's words, as before."""
    from scorer.deck import buildable
    from scorer.phones.requests import not_offered

    session = played()
    table, catalog, age = phone_table(session), load_catalog(), session.step.age
    names = session.record.names
    for player in {names[0], names[-1], "Enzo"} & set(names):
        offered = {card.id for card in buildable(session.record, catalog, age, player)}
        for card in sorted({card.id for card in catalog.cards}):
            before = untimed(session.data)
            reply = edit(table, player, "add_card", card=card)
            if reply.status == 200:
                assert card in offered, (player, card)
                assert session.undo()
            elif card not in offered:
                assert reply.status == 422 and reply.body["error"] == table.refusal(not_offered(session, player, card))
            else:
                assert reply.status == 422 and "Armada" in reply.body["error"], (player, card, reply.body)
            assert untimed(session.data) == before


def test_a_saved_game_leaves_each_phone_its_final_sheet_and_takes_nothing_more():
    """The laptop saved the game (the TUI's finish_game): each seat's state is the sheet marked saved, an
    edit is refused with the state and words, no seat is handed out any more, and the table is `told` once
    every seat a phone reached has read it."""
    session, _ = session_at(step="sheet", age=None, removed=())
    table = phone_table(session)
    ana, ben = (table.tokens.issue(name) for name in ("Ana", "Ben"))
    assert table.seat_of(ana) == "Ana" and table.seat_of(ben) == "Ben"
    table_link = table.tokens.table_token()
    assert "saved" not in table.state("Ana")
    table.finish()
    assert not table.tokens.is_table(table_link)
    with pytest.raises(KeyError):
        table.tokens.request("Cris")
    assert not table.told
    state = table.state("Ana")
    assert state["saved"] is True and state["sheet"]["players"]
    refused = edit(table, "Ben", "set_coins", coins=3)
    assert refused.status == 409 and refused.body["state"]["saved"] is True
    assert refused.body["error"] == t("phones.saved_no_edits")
    assert table.told  # Ben read it with the refusal
    assert table.seat_of(ana) == "Ana"  # the links go on until the host stops


def test_done_is_what_the_player_says_with_the_cards_discarded_for_coins():
    """Ana's Age I lacks one turn (a card discarded for coins leaves nothing to see): nothing else missing is
    not "done"; she says she is done with one discard, which the record keeps, her turns are then all
    accounted for, and the laptop counts her done — until she edits again, or the table moves on."""
    from scorer.edits.age import remove_card

    session, _ = session_at(removed=(2, 3))
    assert session.apply(remove_card(session.game(), 1, "Ana", 1)) is None  # Altar: now 6 plays of 7
    table = phone_table(session)
    token = table.tokens.issue("Ana")
    assert table.seat_of(token) == "Ana"
    assert [m["code"] for m in table.state("Ana")["missing"]] == ["turns"]
    assert table.seat_status("Ana") == "joined" and table.state("Ana")["declared"] is False
    assert edit(table, "Ana", "done", done=True, discarded=1).status == 200
    state = table.state("Ana")
    assert state["declared"] is True and state["discarded"] == 1 and state["missing"] == []
    assert session.record.entry(1, "Ana").discarded == 1 and table.seat_status("Ana") == "done"
    assert edit(table, "Ana", "set_wonder_stages", stages=0).status == 200  # entering again: not done
    assert table.seat_status("Ana") == "joined"
    assert edit(table, "Ana", "done", done=True, discarded=2).status == 200
    assert table.seat_status("Ana") == "done"
    session.go(Step("conflicts", 1))  # a step that asks nothing: nobody is "done" there
    assert table.seat_status("Ana") == "joined"


def test_done_with_more_discards_than_the_age_has_turns_is_refused():
    session, _ = session_at(removed=(2, 3))  # Ana's Age I: 7 plays of 7 turns
    table = phone_table(session)
    refused = edit(table, "Ana", "done", done=True, discarded=1)
    assert refused.status == 422 and session.record.entry(1, "Ana").discarded == 0
    assert edit(table, "Ana", "done", done=True, discarded=0).status == 200
    assert edit(table, "Ana", "done", done=True, discarded="1").status == 400  # a number, not text


def test_done_at_a_recruitment_and_at_the_end_needs_no_discards():
    session, _ = session_at(step="recruitment", age=1)
    table = phone_table(session)
    assert edit(table, "Ana", "done", done=True, discarded=0).status == 200
    assert table.state("Ana")["declared"] is True
    session.go(Step("end"))
    assert table.state("Ana")["declared"] is False
    assert edit(table, "Ana", "done", done=True, discarded=0).status == 200


async def test_a_laptop_restarted_answers_the_links_the_phones_hold_and_a_revoked_one_stays_revoked():
    """Issue 29: every phone said "Refused." after the laptop restarted. The links are kept beside the draft as
    this sharing's key and each token's keyed digest (never a link), so a session resumed from the saved draft
    and shared again answers them; a revoked seat's old link stays dead, and links the host stopped are
    forgotten."""
    session, saved = session_at()
    first = phone_table(session)
    await first.start()
    ana, ben = (first.seat_urls[name].rsplit("/", 1)[-1] for name in ("Ana", "Ben"))
    first.revoke("Ben")
    await first.stop()
    memory = saved[-1].memory
    kept = json.dumps(memory)
    assert ana not in kept and ben not in kept and "phones" in memory  # digests only, never a link
    resumed = GameSession(saved[-1].record.to_dict(), saved.append, memory)  # the laptop restarted
    again = phone_table(resumed)
    await again.start()
    try:
        assert again.seat_of(ana) == "Ana" and again.seat_of(ben) is None
        assert again.seat_of(again.seat_urls["Cris"].rsplit("/", 1)[-1]) == "Cris"  # new links work too
        again.forget_links()  # the host stopped sharing: the next sharing makes new links
    finally:
        await again.stop()
    third = phone_table(GameSession(saved[-1].record.to_dict(), lambda draft: None, saved[-1].memory))
    await third.start()
    try:
        assert third.seat_of(ana) is None
    finally:
        await third.stop()
