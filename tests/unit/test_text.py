"""scorer.text: text from a file shown so that it cannot act on a terminal."""

from __future__ import annotations

import json
from pathlib import Path

from scorer.model import GameRecord
from scorer.rules.sheet import score_game
from scorer.text import inert, inert_record

TEAMS = Path(__file__).resolve().parents[2] / "examples" / "teams-armada-6p.json"


def test_inert_shows_every_unprintable_character_as_its_escape():
    assert inert("Ann") == "Ann" and inert("Ana Lúcia") == "Ana Lúcia" and inert("[red]x") == "[red]x"
    assert inert("\x1b[2J") == "\\x1b[2J"
    assert inert("a\x9bb\x07\u202ec\u200bd") == "a\\x9bb\\x07\\u202ec\\u200bd"
    assert inert("a\nb") == "a\\nb" and inert("a\nb", keep_newlines=True) == "a\nb"
    assert inert("\udcff") == "\\udcff"  # an undecodable byte of a file name or argv


def test_inert_record_renames_every_mention_and_scores_the_same():
    data = json.loads(TEAMS.read_text(encoding="utf-8"))
    record = GameRecord.from_dict(data)
    first = record.names[0]
    hostile = json.loads(json.dumps(data).replace(json.dumps(first), json.dumps(first + "\x1b[2J")))
    shown = inert_record(GameRecord.from_dict(hostile))
    assert shown.names[0] == first + "\\x1b[2J"
    assert all(name.isprintable() for name in shown.names)
    assert [p.total for p in score_game(shown).players] == [p.total for p in score_game(record).players]
    assert inert_record(record) is record


def test_inert_summaries_make_inert_only_the_games_whose_texts_would_act():
    from scorer.history.summary import GameSummary, inert_summaries

    def game(name: str, problem: str | None = None) -> GameSummary:
        return GameSummary(
            f"id-{name}",
            "finished",
            "2026-01-10",
            "2026-01-10T20:00:00+00:00",
            frozenset(),
            (name, "Bob", "Cid"),
            ("Gizah", "Rhodes", "Babylon"),
            ("A", "A", "B"),
            3,
            problem=problem,
        )

    plain = [game("Ann"), game("Zoë")]
    assert inert_summaries(plain) == plain and inert_summaries([]) == []
    shown = inert_summaries([game("Ann"), game("Eve\x1b[2J"), game("Dee", problem="bad\x07")])
    assert [g.names[0] for g in shown] == ["Ann", "Eve\\x1b[2J", "Dee"]
    assert shown[2].problem == "bad\\x07" and shown[0] == game("Ann")
    assert [g.id for g in shown] == ["id-Ann", "id-Eve\x1b[2J", "id-Dee"]  # the screen finds a game by its id
