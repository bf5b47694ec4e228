"""What an undo took back, in words (scorer/undone.py; issue 31 item 5): "Last change undone" silently took
back a switch to the score pad."""

from __future__ import annotations

from scorer.edits.pad import start_score_pad
from scorer.i18n import speaking
from scorer.session import GameSession
from scorer.undone import undone
from tests.records import example


def said(session: GameSession, edit) -> list[str]:
    assert session.apply(edit) is None
    after = session.record
    assert session.undo()
    return [str(words) for words in undone(after, session.record)] or ["nothing"]


def game() -> GameSession:
    return GameSession(example("base-3p.json") | {"status": "in_progress"}, lambda draft: None)


def test_undoing_coins_says_whose_and_back_to_what():
    assert said(game(), lambda d: d["end"]["Bob"].update(coins=9)) == ["Bob's Coins back to 4"]


def test_undoing_a_card_says_which_and_where_in_the_tables_language():
    session = game()
    card = session.record.entry(1, "Ann").cards[0]

    def take_out(data):
        data["ages"][0]["players"]["Ann"]["cards"].remove(card)

    with speaking("pt"):
        (words,) = said(session, take_out)
    assert words.endswith("de volta na Era I de Ann")


def test_undoing_the_switch_to_the_score_pad_says_so():
    session = GameSession(example("leaders-armada-7p.json") | {"status": "in_progress"}, lambda draft: None)
    assert said(session, start_score_pad(session.game())) == ["the switch to the score pad"]


def test_many_changes_are_counted_beyond_the_first_two():
    def everyone(data):
        for name in ("Ann", "Bob", "Cid"):
            data["end"][name]["coins"] = 0

    words = said(game(), everyone)
    assert words[:2] == ["Ann's Coins back to 5", "Bob's Coins back to 4"] and words[2] == "1 more change"
