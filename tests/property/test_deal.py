"""The deal of wonders at setup (scorer.seating.deal_wonders), checked on generated tables (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.catalog import load_catalog
from scorer.seating import SetupSeat, SetupTable, deal_wonders

CATALOG = load_catalog()
EXPANSIONS = st.frozensets(st.sampled_from(["leaders", "armada"]))


@st.composite
def tables(draw):
    """A table of 1 to 8 players in the boxes played, some with a wonder (a distinct one) or a side chosen."""
    expansions = draw(EXPANSIONS)
    boards = [w.id for w in CATALOG.wonders if w.box == "base" or w.box in expansions]
    count = draw(st.integers(1, 8))
    chosen = draw(st.lists(st.sampled_from(boards), unique=True, max_size=min(count, len(boards))))
    holders = draw(st.permutations(range(count)))[: len(chosen)]
    wonders = dict(zip(holders, chosen))
    seats = tuple(SetupSeat(f"P{i}", wonders.get(i), draw(st.sampled_from([None, "A", "B"]))) for i in range(count))
    return SetupTable(seats, expansions)


@settings(max_examples=300, deadline=None)
@given(tables(), st.integers(0, 2**32))
def test_a_deal_keeps_the_choices_deals_each_free_wonder_once_and_repeats_with_its_seed(table, seed):
    dealt = deal_wonders(table, random.Random(seed))
    assert [seat.name for seat in dealt.seats] == [seat.name for seat in table.seats]
    wonders = [seat.wonder for seat in dealt.seats if seat.wonder is not None]
    assert len(wonders) == len(set(wonders))  # no wonder twice
    for before, after in zip(table.seats, dealt.seats):
        if before.wonder is not None:
            assert after.wonder == before.wonder  # a wonder chosen stays
        if before.side is not None and after.wonder is not None:
            assert after.side == before.side  # so does a side chosen
    boards = {w.id for w in CATALOG.wonders if w.box == "base" or w.box in table.expansions}
    assert {seat.wonder for seat in dealt.seats if seat.wonder} - {s.wonder for s in table.seats} <= boards
    if len(table.seats) <= len(boards):
        assert all(seat.wonder is not None and seat.side in {"A", "B"} for seat in dealt.seats)
    else:
        assert len(wonders) == len(boards)  # every board is dealt, and the last seats wait for one
    assert deal_wonders(table, random.Random(seed)) == dealt  # the same seed, the same deal
