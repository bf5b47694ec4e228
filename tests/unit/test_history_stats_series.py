"""A player's totals over time, the series behind the stats screen's chart."""

from __future__ import annotations

from scorer.history.stats import GameFilter, PlayedTotal, player_totals
from scorer.history.summary import GameSummary


def played(
    names: tuple[str, ...],
    totals: tuple[int, ...],
    played_on: str | None,
    saved_at: str,
    *,
    expansions: frozenset[str] = frozenset(),
    status: str = "finished",
) -> GameSummary:
    best = max(totals)
    return GameSummary(
        id=f"game-{played_on}-{saved_at}",
        status=status,
        played_on=played_on,
        saved_at=saved_at,
        expansions=expansions,
        names=names,
        wonders=("Gizah", "Rhodes", "Babylon")[: len(names)],
        sides=("A",) * len(names),
        ages=3,
        rows=("military", "treasury"),
        scores=tuple((total, 0) for total in totals),
        totals=totals,
        coins=(3,) * len(names),
        ranks=tuple(1 + sum(t > total for t in totals) for total in totals),
        won=tuple(total == best for total in totals),
    )


# Stored newest first, as HistoryStore.games() lists them.
GAMES = [
    played(("Zoë", "Bob", "Cid"), (61, 40, 30), "2026-03-01", "2026-03-01T22:00:00+00:00"),
    played(
        ("Bob", "zoe", "Cid"), (50, 45, 44), "2026-02-01", "2026-02-01T23:00:00+00:00", expansions=frozenset({"armada"})
    ),
    played(("Bob", "Cid", "Zoë"), (40, 42, 55), "2026-02-01", "2026-02-01T21:00:00+00:00"),
    played(("Bob", "Cid", "Dee"), (40, 42, 55), "2026-01-15", "2026-01-15T21:00:00+00:00"),
    played(("Zoë", "Bob", "Cid"), (33, 40, 30), None, "2025-12-01T21:00:00+00:00"),
    played(("Zoë", "Bob", "Cid"), (70, 40, 30), "2026-04-01", "2026-04-01T21:00:00+00:00", status="in_progress"),
]


def test_a_players_totals_oldest_first_matching_the_name_without_case_or_accents():
    assert player_totals(GAMES, "ZOE") == (
        PlayedTotal(None, 33, False),  # undated games come first
        PlayedTotal("2026-02-01", 55, True),  # the same day: in the order the games were saved
        PlayedTotal("2026-02-01", 45, False),
        PlayedTotal("2026-03-01", 61, True),
    )  # the game in progress does not count


def test_a_players_totals_follow_the_filter_and_are_empty_for_a_stranger():
    armada = GameFilter(expansions=frozenset({"armada"}))
    assert player_totals(GAMES, "zoë", armada) == (PlayedTotal("2026-02-01", 45, False),)
    assert player_totals(GAMES, "Zed") == ()
