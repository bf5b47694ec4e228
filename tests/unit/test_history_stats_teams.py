"""History statistics over team games (the Leaders team variant: partners' totals are added, the team with the
larger sum wins, then the one with more coins), counted by hand over three games."""

from __future__ import annotations

import pytest

from scorer.history.stats import head_to_head, history_stats, player_report
from scorer.history.summary import GameSummary

WONDERS = {"Ann": "Gizah", "Bob": "Rhodes", "Cid": "Babylon", "Dee": "Olympia", "Eve": "Ephesos", "Fay": "Alexandria"}


def played(
    names: tuple[str, ...],
    totals: tuple[int, ...],
    ranks: tuple[int, ...],
    won: tuple[bool, ...],
    *,
    coins: tuple[int, ...] | None = None,
    teams: tuple[tuple[int, int], ...] = (),
) -> GameSummary:
    """A scored game as the sheet summarised it: `ranks` are the seats' own places by total, `won` the winners
    (the winning team's two in a team game)."""
    return GameSummary(
        id=f"game-{names}-{totals}",
        status="finished",
        played_on="2026-03-07",
        saved_at="2026-03-07T22:00:00+00:00",
        expansions=frozenset({"leaders"}),
        names=names,
        wonders=tuple(WONDERS[name] for name in names),
        sides=("A",) * len(names),
        ages=3,
        rows=("military", "treasury"),
        scores=tuple((total, 0) for total in totals),
        totals=totals,
        coins=coins or (3,) * len(names),
        ranks=ranks,
        won=won,
        teams=teams,
    )


# Ann+Bob 70 beat Cid+Dee 60, though Cid's 50 is the best single total (Ann 2nd, Bob 3rd, Dee 4th on their own).
FIRST = played(
    ("Ann", "Bob", "Cid", "Dee"), (40, 30, 50, 10), (2, 3, 1, 4), (True, True, False, False), teams=((0, 1), (2, 3))
)
# Eve+Fay and Cid+Dee both add up to 70: Eve+Fay have more coins (7 to 4) and win; Ann+Bob 45 come third.
SECOND = played(
    ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay"),
    (20, 25, 40, 30, 35, 35),
    (6, 5, 1, 4, 2, 3),
    (False, False, False, False, True, True),
    coins=(2, 2, 2, 2, 5, 2),
    teams=((0, 1), (2, 3), (4, 5)),
)
# A single game: Bob wins on his own.
THIRD = played(("Ann", "Bob", "Cid"), (50, 60, 40), (2, 1, 3), (False, True, False))
NIGHTS = [FIRST, SECOND, THIRD]


def test_a_team_game_places_each_seat_where_its_team_finished():
    assert FIRST.places == (1, 1, 2, 2)
    assert SECOND.places == (3, 3, 2, 2, 1, 1)  # the tie on 70 broken by the teams' coins
    assert THIRD.places == THIRD.ranks
    assert SECOND.partner == (1, 0, 3, 2, 5, 4) and THIRD.partner == (None, None, None)


def test_a_team_game_counts_as_the_team_result_for_wins_and_places():
    players = {p.name: p for p in history_stats(NIGHTS).players}
    ann, bob, cid, dee = (players[name] for name in ("Ann", "Bob", "Cid", "Dee"))
    assert (ann.games, ann.wins, ann.team_games) == (3, 1, 2)
    assert ann.average_place == pytest.approx((1 + 3 + 2) / 3)  # not (2 + 6 + 2) / 3: their own totals' places
    assert (bob.wins, bob.team_games, bob.average_place) == (2, 2, pytest.approx((1 + 3 + 1) / 3))
    assert (cid.wins, cid.average_place) == (0, pytest.approx((2 + 2 + 3) / 3))  # best total twice, never won
    assert (dee.games, dee.wins, dee.team_games, dee.average_place) == (2, 0, 2, 2.0)
    assert (players["Eve"].wins, players["Eve"].average_place) == (1, 1.0)
    # the totals stay each player's own city, never a team's sum (Ann+Bob's 70)
    assert (ann.best_total, ann.worst_total, ann.average_total) == (50, 20, pytest.approx(110 / 3))
    assert max(p.best_total for p in players.values()) == 60


def test_a_wonder_is_placed_where_its_team_finished():
    gizah = next(w for w in history_stats(NIGHTS).wonders if w.wonder == "Gizah")
    assert (gizah.games, gizah.wins, gizah.average_place) == (3, 1, pytest.approx(2.0))


def test_partners_are_counted_apart_from_the_games_they_played_as_rivals():
    duel = head_to_head(NIGHTS, "Ann", "Bob")
    assert (duel.games, duel.partners, duel.partner_wins, duel.rivals) == (3, 2, 1, 1)
    assert (duel.a_ahead, duel.b_ahead, duel.level, duel.a_wins, duel.b_wins) == (0, 1, 0, 0, 1)  # the single game
    assert (duel.a_average_total, duel.b_average_total) == (pytest.approx(110 / 3), pytest.approx(115 / 3))
    always_partners = head_to_head(NIGHTS, "cid", "DEE")
    assert (always_partners.a, always_partners.b) == ("Cid", "Dee")
    assert (always_partners.games, always_partners.partners, always_partners.partner_wins) == (2, 2, 0)
    assert (always_partners.rivals, always_partners.a_ahead, always_partners.b_ahead, always_partners.level) == (0,) * 4


def test_rivals_in_a_team_game_compare_their_teams_places():
    duel = head_to_head(NIGHTS, "Ann", "Cid")
    # Ann+Bob 1st against Cid+Dee 2nd; 3rd against 2nd; then Ann 2nd against Cid 3rd on their own
    assert (duel.games, duel.partners, duel.a_ahead, duel.b_ahead, duel.level) == (3, 0, 2, 1, 0)
    assert (duel.a_wins, duel.b_wins) == (1, 0)


def test_a_player_report_lists_a_partner_with_the_games_played_together():
    report = player_report(NIGHTS, "Ann")
    assert report is not None
    bob = next(r for r in report.rivals if r.b == "Bob")
    assert (bob.games, bob.partners, bob.partner_wins, bob.rivals) == (3, 2, 1, 1)
    assert report.player.team_games == 2
