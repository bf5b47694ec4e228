"""Player ratings (scorer.history.ratings): openskill's Plackett–Luce over the places of every finished game, in
the order the games were played, teams rated as teams, shared places as equal ranks."""

from __future__ import annotations

import dataclasses
import json
import uuid
from pathlib import Path

import pytest

from scorer.history import HistoryStore
from scorer.history.ratings import rate_games, ratings_to_dict
from scorer.history.stats import GameFilter
from scorer.history.summary import GameSummary
from scorer.model import GameRecord
from scorer.validate import load_record
from tests.unit.test_history_stats_teams import FIRST, WONDERS, played

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def night(day: str, names: tuple[str, ...], ranks: tuple[int, ...]) -> GameSummary:
    seats = tuple(WONDERS)[: len(names)]  # names the fixture knows a wonder for, then the names wanted
    game = played(seats, tuple(100 - 10 * r for r in ranks), ranks, tuple(r == 1 for r in ranks))
    return game._replace(names=names, id=f"{day}-{names}-{ranks}", played_on=day, saved_at=f"{day}T22:00:00+00:00")


def test_a_player_who_always_wins_is_rated_first_and_one_who_always_loses_last():
    games = [night(f"2026-01-{d:02}", ("Ann", "Bob", "Cid"), (1, 2, 3)) for d in range(1, 11)]
    ratings = rate_games(games)
    assert ratings.games == 10
    assert [p.name for p in ratings.players] == ["Ann", "Bob", "Cid"]
    ann, bob, cid = ratings.players
    assert ann.rating > bob.rating > cid.rating
    assert ann.rating == pytest.approx(ann.mu - 3 * ann.sigma)
    assert ann.games == 10 and len(ann.history) == 10 and ann.history[-1].rating == ann.rating
    assert [g.game for g in ann.history] == [g.id for g in games]  # oldest first
    assert sum(g.change for g in ann.history) == pytest.approx(ann.rating)  # from 0, game by game
    assert len(ann.moved_most) == 5
    assert [abs(g.change) for g in ann.moved_most] == sorted((abs(g.change) for g in ann.history), reverse=True)[:5]


def test_games_are_rated_in_the_order_played_whatever_the_order_given():
    games = [
        night("2026-01-01", ("Ann", "Bob", "Cid"), (1, 2, 3)),
        night("2026-01-02", ("Ann", "Bob", "Cid"), (3, 2, 1)),
        night("2026-01-03", ("Ann", "Bob", "Dee"), (2, 1, 3)),
    ]
    forward, backward = rate_games(games), rate_games(list(reversed(games)))
    assert ratings_to_dict(forward, history=True) == ratings_to_dict(backward, history=True)
    # the same places on other days, in another order, rate otherwise: the latest games count the most
    ann_last = rate_games([games[1], games[0]._replace(played_on="2026-01-05")])
    cid_last = rate_games([games[0], games[1]])
    assert ann_last.player("Ann").rating > ann_last.player("Cid").rating  # type: ignore[union-attr]
    assert cid_last.player("Cid").rating > cid_last.player("Ann").rating  # type: ignore[union-attr]


def test_a_shared_place_is_an_equal_rank():
    games = [night(f"2026-02-{d:02}", ("Ann", "Bob", "Cid"), (1, 1, 3)) for d in range(1, 4)]
    ann, bob, cid = rate_games(games).players
    assert {ann.name, bob.name} == {"Ann", "Bob"} and cid.name == "Cid"
    assert ann.rating == pytest.approx(bob.rating)
    assert ann.rating > cid.rating


def test_a_team_game_rates_the_partners_as_one_team():
    # Ann+Bob beat Cid+Dee: each partner moved by the team's result, not by their own total's place
    ratings = {p.name: p for p in rate_games([FIRST]).players}
    assert ratings["Ann"].rating == pytest.approx(ratings["Bob"].rating)  # both new: the same team result
    assert ratings["Cid"].rating == pytest.approx(ratings["Dee"].rating)
    assert ratings["Ann"].rating > ratings["Cid"].rating  # Cid had the best total, but his team lost
    assert [g.place for g in ratings["Cid"].history] == [2]


def test_a_filter_rates_only_the_games_it_admits_and_names_match_without_accents():
    games = [
        night("2026-01-01", ("Zoë", "Bob", "Cid"), (1, 2, 3)),
        night("2026-01-02", ("zoe", "Bob", "Cid"), (1, 2, 3)),
        night("2026-03-01", ("Zoë", "Bob", "Cid"), (3, 2, 1)),
    ]
    everything = rate_games(games)
    assert everything.player("ZOE") is not None and everything.player("zoe").games == 3  # type: ignore[union-attr]
    assert everything.player("zoe").name == "Zoë"  # type: ignore[union-attr]
    january = rate_games(games, GameFilter(until="2026-01-31"))
    assert january.games == 2 and january.players[0].name == "Zoë"


def test_drafts_and_unscored_games_are_not_rated():
    game = night("2026-01-01", ("Ann", "Bob", "Cid"), (1, 2, 3))
    assert rate_games([game._replace(status="in_progress"), game._replace(rows=())]).games == 0
    assert rate_games([]).players == ()


def base_game() -> GameRecord:
    data = json.loads((EXAMPLES / "base-3p.json").read_text(encoding="utf-8"))
    return load_record({**data, "id": str(uuid.uuid4())})


def test_a_corrected_game_changes_the_ratings(tmp_path: Path):
    store = HistoryStore.open(tmp_path / "history.json")
    record = base_game()  # Cid 57 wins, Ann 56, Bob 39
    store.finalise(record)
    before = {p.name: p.rating for p in rate_games(store.games()).players}
    assert max(before, key=before.__getitem__) == "Cid" and min(before, key=before.__getitem__) == "Bob"
    end = dict(record.end)
    end["Bob"] = dataclasses.replace(end["Bob"], coins=60)  # 20 more points in his treasury: Bob wins
    store.correct(dataclasses.replace(record, end=end))
    after = {p.name: p.rating for p in rate_games(store.games()).players}
    assert max(after, key=after.__getitem__) == "Bob"
    assert after["Bob"] > before["Bob"] and after["Cid"] < before["Cid"]


def test_the_json_form_rounds_and_keeps_every_game_only_when_asked():
    games = [night("2026-01-01", ("Ann", "Bob", "Cid"), (1, 2, 3))]
    out = ratings_to_dict(rate_games(games))
    assert out["games"] == 1 and [p["name"] for p in out["players"]] == ["Ann", "Bob", "Cid"]
    assert "history" not in out["players"][0]
    first = out["players"][0]["moved_most"][0]
    assert first["place"] == 1 and first["won"] is True and first["rating"] == round(first["rating"], 2)
    assert len(ratings_to_dict(rate_games(games), history=True)["players"][0]["history"]) == 1
