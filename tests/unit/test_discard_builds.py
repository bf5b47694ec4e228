"""A card built free from the discard pile may be an earlier age's: the pile is never cleared between ages.

Base rules: "As cartas descartadas formam uma pilha de descartes no centro da mesa"; Leaders, Solomon: "o
jogador pode escolher uma carta de Era na pilha de descartes e colocá-la em jogo gratuitamente". The record
lists such a card among the cards of the age it was built in; it takes a copy of its own age's deck, and only
a build from the discard pile that age (a Halicarnassus stage built, Solomon recruited) may take it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorer.cli import main
from scorer.errors import InputError
from scorer.rules.sheet import score_game, sheet_to_dict
from scorer.validate import load_record
from tests.records import example


def entry(data: dict[str, Any], age: int, name: str) -> dict[str, Any]:
    return next(block for block in data["ages"] if block["age"] == age)["players"][name]


def solomon_game() -> dict[str, Any]:
    """leaders-5p, where Davi discarded his Age I Pawnshop (the only copy at 5 players) instead of building it,
    and Carla recruits Solomon in Age II (instead of discarding Xenophon) to build it from the discard pile."""
    data = example("leaders-5p.json")
    entry(data, 1, "Davi")["cards"].remove("Pawnshop")
    carla = entry(data, 2, "Carla")
    carla["leaders"] = [{"name": "Solomon", "use": "recruit"}]
    carla["cards"].append("Pawnshop")
    return data


def halicarnassus_game() -> dict[str, Any]:
    """base-3p with Bob on Halicarnassus B: stage 1 built in Age II takes the Age I Theater from the discard
    pile (nobody built it in Age I), stage 2 built in Age III the Age II Statue (nobody built it in Age II)."""
    data = example("base-3p.json")
    data["players"][1] = {"name": "Bob", "wonder": "Halicarnassus", "side": "B"}
    entry(data, 2, "Bob")["cards"].append("Theater")
    entry(data, 3, "Bob")["cards"].append("Statue")
    return data


def refused(data: dict[str, Any]) -> InputError:
    with pytest.raises(InputError) as caught:
        load_record(data)
    return caught.value


def rows(data: dict[str, Any], who: str) -> dict[str, int]:
    sheet = sheet_to_dict(score_game(load_record(data)))
    return next(p["rows"] for p in sheet["players"] if p["name"] == who)


# --- validation --------------------------------------------------------------------------------------------


def test_solomon_recruited_in_age_ii_builds_an_age_i_card_from_the_discard_pile():
    record = load_record(solomon_game())
    assert "Pawnshop" in record.ages[2]["Carla"].cards


def test_halicarnassus_b_builds_an_earlier_age_s_card_in_age_ii_and_in_age_iii():
    record = load_record(halicarnassus_game())
    assert record.ages[2]["Bob"].cards[-1] == "Theater" and record.ages[3]["Bob"].cards[-1] == "Statue"


def test_a_card_of_age_i_and_ii_named_in_age_iii_is_taken_from_the_discard_pile():
    """Loom is in the Age I and Age II decks, not in Age III's: in Age III it can only come from the discard pile."""
    data = halicarnassus_game()
    entry(data, 3, "Bob")["cards"][-1] = "Tear"  # Loom, by its Portuguese name
    assert load_record(data).ages[3]["Bob"].cards[-1] == "Tear"
    entry(data, 3, "Ann")["cards"].append("Loom")  # Ann builds no stage from the discard pile
    error = refused(data)
    assert error.field == "ages[Age III].Ann.cards[5]" and "discard pile" in str(error)


def test_an_earlier_age_s_card_needs_a_build_from_the_discard_pile_that_age():
    data = halicarnassus_game()
    entry(data, 2, "Bob")["wonder_stages"] = 0
    entry(data, 1, "Bob")["wonder_stages"] = 1  # the stage (and its discard build) was in Age I
    entry(data, 2, "Bob")["cards"].remove("Caravansery")  # the Theater is then a play from the hand
    error = refused(data)
    assert error.field == "ages[Age II].Bob.cards[4]"
    assert "Theater" in str(error) and "Age I" in str(error) and "discard pile" in str(error)


def test_one_build_from_the_discard_pile_takes_one_earlier_card():
    data = halicarnassus_game()
    bob = entry(data, 2, "Bob")
    bob["cards"].remove("Caravansery")
    bob["cards"].append("Marketplace")  # a second Age I card, with one build from the discard pile
    error = refused(data)
    assert error.field == "ages[Age II].Bob.cards[5]" and "Marketplace" in str(error)


def test_an_earlier_age_s_card_counts_against_its_own_age_s_copies():
    """One Pawnshop at 5 players: built by Davi in Age I, it is not in the discard pile for Solomon."""
    data = solomon_game()
    entry(data, 1, "Davi")["cards"].append("Pawnshop")
    error = refused(data)
    assert error.field == "ages[Age II].Carla.cards[4]"
    assert "all built already" in str(error) and "Age I" in str(error)


def test_a_later_age_s_card_is_still_refused():
    data = halicarnassus_game()
    entry(data, 2, "Bob")["cards"][-1] = "Pantheon"  # an Age III card cannot be in the pile in Age II
    error = refused(data)
    assert error.field == "ages[Age II].Bob.cards[5]" and "not a card of Age II" in str(error)


def test_a_grey_card_of_two_ages_takes_the_earlier_copy_when_this_age_s_are_built():
    """At 3 players one Loom is in Age I and one in Age II: Ann builds Age II's from her hand, Bob (Halicarnassus
    B, a stage in Age II) the Age I one, which Cid discarded in Age I. Whoever is listed first."""
    data = halicarnassus_game()
    entry(data, 1, "Cid")["cards"].remove("Loom")
    entry(data, 2, "Ann")["cards"][-1] = "Loom"  # instead of the Forum
    entry(data, 2, "Bob")["cards"][-1] = "Loom"  # instead of the Theater
    assert load_record(data).ages[2]["Bob"].cards[-1] == "Loom"
    block = next(block for block in data["ages"] if block["age"] == 2)
    block["players"] = dict(reversed(block["players"].items()))  # Bob listed before Ann
    assert load_record(data).ages[2]["Ann"].cards[-1] == "Loom"
    entry(data, 1, "Cid")["cards"].append("Loom")  # Age I's Loom built: no copy left for Bob
    assert "all built already" in str(refused(data))


# --- the sheet and the command line ------------------------------------------------------------------------


def test_the_sheet_counts_an_earlier_age_s_card_built_from_the_discard_pile():
    """Pawnshop's 3 VP go from Davi to Carla; Theater 2 + Statue 4 join Bob's Altar 2, Temple 3, Pantheon 7."""
    before, after = example("leaders-5p.json"), solomon_game()
    assert rows(after, "Carla")["civilian"] == rows(before, "Carla")["civilian"] + 3
    assert rows(after, "Davi")["civilian"] == rows(before, "Davi")["civilian"] - 3
    bob = rows(halicarnassus_game(), "Bob")
    assert bob["civilian"] == 2 + 3 + 7 + 2 + 4
    assert bob["wonder"] == 2 + 1  # Halicarnassus B stages 1 and 2


@pytest.mark.parametrize(("game", "who", "civilian"), [(solomon_game, "Carla", None), (halicarnassus_game, "Bob", 18)])
def test_score_command_scores_a_record_with_earlier_cards_from_the_discard_pile(capsys, tmp_path, game, who, civilian):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game()), encoding="utf-8")
    code = main(["score", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    scored = next(p["rows"] for p in json.loads(out)["players"] if p["name"] == who)
    assert scored["civilian"] == (
        civilian if civilian is not None else rows(example("leaders-5p.json"), who)["civilian"] + 3
    )


def test_show_names_an_earlier_age_s_card_built_from_the_discard_pile_in_the_table_s_language(tmp_path, capsys):
    """`show` words a draft's cards by the deck each came from: the Age I Theater Bob built in Age II is
    'Teatro' in Portuguese (it was printed as stored, 'Theater')."""
    from scorer.cli import main

    data = halicarnassus_game() | {"status": "in_progress", "progress": {"step": "end"}, "end": {}}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    db = str(tmp_path / "h.json")
    assert main(["--db", db, "import", str(path)]) == 0
    capsys.readouterr()
    assert main(["--db", db, "--lang", "pt", "show", "0b8c"]) == 0
    assert "Teatro" in capsys.readouterr().out
