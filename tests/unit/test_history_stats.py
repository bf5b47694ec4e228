"""History statistics, counted by hand over a few small games."""

from __future__ import annotations

import pytest

from scorer.history.stats import GameFilter, head_to_head, history_stats, player_report, select, stats_to_dict
from scorer.history.summary import GameSummary


def played(
    names: tuple[str, ...],
    totals: tuple[int, ...],
    *,
    ranks: tuple[int, ...] | None = None,
    wonders: tuple[str, ...] | None = None,
    sides: tuple[str, ...] | None = None,
    rows: tuple[str, ...] = ("military", "treasury"),
    scores: tuple[tuple[int, ...], ...] | None = None,
    naval: tuple[tuple[int, ...], ...] = (),
    played_on: str | None = "2026-01-10",
    expansions: frozenset[str] = frozenset(),
    status: str = "finished",
) -> GameSummary:
    """A scored game; places follow the totals (equal totals share a place) unless given."""
    ranks = ranks or tuple(1 + sum(t > total for t in totals) for total in totals)
    return GameSummary(
        id=f"game-{names}-{totals}",
        status=status,
        played_on=played_on,
        saved_at="2026-01-10T20:00:00+00:00",
        expansions=expansions,
        names=names,
        wonders=wonders or ("Gizah", "Rhodes", "Babylon", "Olympia")[: len(names)],
        sides=sides or ("A",) * len(names),
        ages=3,
        rows=rows,
        scores=scores or tuple((total, 0) for total in totals),
        totals=totals,
        coins=(3,) * len(names),
        ranks=ranks,
        won=tuple(rank == 1 for rank in ranks),
        naval=naval,
    )


# Ann wins, Ann and Bob share a win (tied on points and coins), then "ann" (same player) comes last.
NIGHT = [
    played(("Ann", "Bob", "Cid"), (50, 40, 30)),
    played(("Ann", "Bob", "Cid"), (45, 45, 20), wonders=("Rhodes", "Gizah", "Babylon")),
    played(("ann", "Bob", "Dee", "Eve"), (30, 60, 50, 40), played_on="2026-02-01"),
]


def by_name(stats, name):
    return next(p for p in stats.players if p.name == name)


def test_player_stats_count_shared_wins_and_match_names_without_case():
    stats = history_stats(NIGHT)
    assert stats.games == 3
    # Ann and Bob both won twice in three games: Bob's better average place (1.3 against 2.0) lists him first
    assert [p.name for p in stats.players] == ["Bob", "Ann", "Cid", "Dee", "Eve"]
    ann = by_name(stats, "Ann")
    assert (ann.games, ann.wins, ann.best_total, ann.worst_total) == (3, 2, 50, 30)
    assert ann.win_rate == pytest.approx(2 / 3)
    assert ann.average_total == pytest.approx(125 / 3)
    assert ann.average_place == pytest.approx((1 + 1 + 4) / 3)
    bob = by_name(stats, "Bob")
    assert (bob.wins, bob.average_place) == (2, pytest.approx((2 + 1 + 1) / 3))


def test_row_averages_count_only_the_games_where_the_row_was_in_play():
    base = played(("Ann", "Bob", "Cid"), (10, 8, 6), scores=((7, 3), (5, 3), (4, 2)))
    armada = played(
        ("Ann", "Bob", "Cid"),
        (20, 8, 6),
        rows=("military", "naval", "treasury"),
        scores=((5, 12, 3), (4, 1, 3), (4, 0, 2)),
        expansions=frozenset({"armada"}),
    )
    ann = by_name(history_stats([base, armada]), "Ann")
    assert ann.average_rows == {"military": 6.0, "naval": 12.0, "treasury": 3.0}
    assert list(ann.average_rows) == ["military", "naval", "treasury"]  # sheet order


def test_wonder_and_side():
    stats = history_stats(NIGHT)
    rhodes = {(w.wonder, w.side): w for w in stats.wonders}["Rhodes", "A"]
    # Bob 40 (2nd), Ann 45 (shared 1st), Bob 60 (1st)
    assert (rhodes.games, rhodes.wins) == (3, 2)
    assert (rhodes.average_total, rhodes.average_place) == (pytest.approx(145 / 3), pytest.approx(4 / 3))
    assert stats.wonders[0].games == 3  # most played first


def test_player_counts():
    three, four = history_stats(NIGHT).player_counts
    assert (three.players, three.games, three.average_total, three.average_winning_total) == (
        3,
        2,
        pytest.approx(230 / 6),
        47.5,
    )
    assert (four.players, four.games, four.average_winning_total) == (4, 1, 60)


def test_head_to_head():
    duel = head_to_head(NIGHT, "ANN", "bob")
    assert (duel.a, duel.b, duel.games) == ("Ann", "Bob", 3)
    assert (duel.a_ahead, duel.b_ahead, duel.level) == (1, 1, 1)
    assert (duel.a_wins, duel.b_wins) == (2, 2)
    assert (duel.a_average_total, duel.b_average_total) == (pytest.approx(125 / 3), pytest.approx(145 / 3))
    assert head_to_head(NIGHT, "Ann", "Zed").games == 0


def test_naval_tokens_per_age_and_whether_the_leader_won():
    armada = frozenset({"armada"})
    first = played(("Ann", "Bob", "Cid"), (60, 50, 40), naval=((1, 0, -1), (3, 3, -1), (0, 0, 0)), expansions=armada)
    second = played(("Ann", "Bob", "Cid"), (40, 50, 60), naval=((-1, 1, 0), (1, 3, -1), (5, 0, -1)), expansions=armada)
    age1, age2, age3 = history_stats([first, second, NIGHT[0]]).naval
    assert (age1.age, age1.seats, age1.average_token) == (1, 6, 0.0)
    assert (age1.led, age1.led_and_won, age1.lead_win_rate) == (2, 1, 0.5)  # Ann led and won; Bob led and lost
    assert (age2.led, age2.led_and_won) == (3, 1)  # tied leaders both count
    assert (age3.led, age3.led_and_won, age3.average_token) == (1, 0, pytest.approx(4 / 6))  # nobody led in game one
    ann = player_report([first, second], "ann")
    assert [(a.age, a.seats, a.led, a.led_and_won) for a in ann.naval] == [(1, 2, 1, 1), (2, 2, 1, 1), (3, 2, 1, 0)]


def test_filters_by_date_expansions_and_player_count():
    undated = played(("Ann", "Bob", "Cid"), (1, 2, 3), played_on=None)
    leaders = played(("Ann", "Bob", "Cid"), (1, 2, 3), expansions=frozenset({"leaders"}))
    draft = played(("Ann", "Bob", "Cid"), (1, 2, 3), status="in_progress")
    unscored = played(("Ann", "Bob", "Cid"), (1, 2, 3))._replace(rows=(), problem="cannot score it")
    games = [*NIGHT, undated, leaders, draft, unscored]
    assert len(select(games)) == 5  # drafts and unscored games never count
    assert select(games, GameFilter(since="2026-01-15")) == [NIGHT[2]]
    assert len(select(games, GameFilter(until="2026-01-10"))) == 3  # inclusive; the undated game is left out
    assert len(select(games, GameFilter(expansions=frozenset()))) == 4
    assert select(games, GameFilter(expansions=frozenset({"leaders"}))) == [leaders]
    assert select(games, GameFilter(player_counts=frozenset({4}))) == [NIGHT[2]]


def test_a_player_report_has_their_wonders_and_rivals():
    report = player_report(NIGHT, "ann")
    assert report.player.name == "Ann" and report.player.games == 3
    assert [(w.wonder, w.games, w.wins) for w in report.wonders] == [("Gizah", 2, 1), ("Rhodes", 1, 1)]
    assert [(r.b, r.games) for r in report.rivals] == [("Bob", 3), ("Cid", 2), ("Dee", 1), ("Eve", 1)]
    assert player_report(NIGHT, "Zed") is None


def test_the_machine_form_rounds_averages():
    data = stats_to_dict(history_stats(NIGHT))
    ann = next(player for player in data["players"] if player["name"] == "Ann")
    assert ann["win_rate"] == 0.67 and ann["average_total"] == 41.67
    assert data["player_counts"][0]["players"] == 3
    assert stats_to_dict(player_report(NIGHT, "Ann"))["rivals"][0]["b"] == "Bob"


def test_filters_by_player_and_wonder_without_case_or_accents():
    zoe = played(("Zoë", "Bob", "Cid"), (1, 2, 3))
    games = [*NIGHT, zoe]
    assert select(games, GameFilter(player="ZOE")) == [zoe]
    assert select(games, GameFilter(player="ann")) == NIGHT  # "ann" of the third game is Ann
    with_rhodes = select(games, GameFilter(wonder="rhodes"))
    assert with_rhodes and all("Rhodes" in game.wonders for game in with_rhodes)
    assert select(games, GameFilter(player="Zed")) == []


def test_matches_ignores_status_and_admits_needs_a_scored_finished_game():
    draft = played(("Ann", "Bob", "Cid"), (1, 2, 3), status="in_progress")
    where = GameFilter(player="Ann")
    assert where.matches(draft) and not where.admits(draft)
    assert GameFilter().is_empty and not where.is_empty


def test_the_head_to_head_opens_on_the_two_players_who_met_most():
    """Issue 31 item 8: the Stats screen's head-to-head opened on the first two players of the table, who may
    never have played together."""
    from scorer.history.stats import most_met
    from scorer.history.summary import GameSummary

    def game(*names: str) -> GameSummary:
        return GameSummary("id", "finished", None, "", frozenset(), names, ("Gizah",) * 3, ("A",) * 3, 3)

    games = [game("Ana", "Ben", "Cid"), game("Dora", "Enzo", "Flor"), game("Dora", "Enzo", "Gil")]
    assert most_met(games) == ("Dora", "Enzo")
    assert most_met([]) is None
