"""Invariants of the rules engine, checked on generated tables (hypothesis)."""

import itertools
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.catalog import COLOURS, load_catalog
from scorer.rules.coins import resolve_coin_losses
from scorer.rules.counting import CityFacts
from scorer.rules.ground import Incursion, resolve_ground_conflicts, two_seats_away
from scorer.rules.guilds import GUILD_CAP, score_guild
from scorer.rules.naval import resolve_naval_conflict
from scorer.rules.science import best_science, science_points

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CATALOG = load_catalog()
NAMES = [f"P{i}" for i in range(8)]


# --- Naval ------------------------------------------------------------------------------------------------


@st.composite
def naval_tables(draw):
    n = draw(st.integers(0, 8))
    names = NAMES[:n]
    strengths = {name: draw(st.integers(0, 12)) for name in names}
    abstaining = draw(st.lists(st.sampled_from(names), unique=True, max_size=2)) if names else []
    return draw(st.integers(1, 3)), strengths, abstaining


def naval_values(age):
    return {0, CATALOG.naval.defeat[age - 1], *CATALOG.naval.victory[age]}


@FAST
@given(naval_tables())
def test_naval_invariants(table):
    age, strengths, abstaining = table
    out = resolve_naval_conflict(age, strengths, abstaining=abstaining)
    defeat = CATALOG.naval.defeat[age - 1]
    victories = CATALOG.naval.victory[age]
    assert set(out.tokens) == set(strengths)
    # Tokens are values from the age's table, or 0 (no token).
    assert set(out.tokens.values()) <= naval_values(age)
    # Abstainers (Forgotten Port) get nothing.
    for name in abstaining:
        assert out.tokens[name] == 0
        assert out.decided_by[name].rule_id == "naval.forgotten-port"
    participants = {n: s for n, s in strengths.items() if n not in abstaining}
    # Every participant is explained.
    assert set(participants) <= set(out.decided_by)
    # At most one player takes the rank-1 reward ("The player with the strongest Naval Strength gains 1 ...").
    assert sum(1 for v in out.tokens.values() if v == victories[0]) <= 1
    # "In a given Age, a player who has gained a Naval Defeat token cannot also gain a Naval Victory token.":
    # exactly the weakest take the defeat, and they take nothing else.
    if len(participants) < 2 or len(set(participants.values())) == 1:
        # Fewer than 2 participants or all equal (FAQ): nobody gets a token.
        assert all(v == 0 for v in out.tokens.values())
    else:
        weakest = min(participants.values())
        for name, s in participants.items():
            if s == weakest:
                assert out.tokens[name] == defeat
            else:
                assert out.tokens[name] >= 0
        # The strongest participant(s) always get a victory token (rank 1, or rank 2 when tied).
        top = max(participants.values())
        assert all(out.tokens[n] > 0 for n, s in participants.items() if s == top)
    # Equal strengths, equal tokens.
    by_strength = {}
    for name, s in participants.items():
        assert by_strength.setdefault(s, out.tokens[name]) == out.tokens[name]
    # A stronger participant never gets less than a weaker one.
    ordered = sorted(participants, key=participants.get)
    for weaker, stronger in itertools.pairwise(ordered):
        assert out.tokens[stronger] >= out.tokens[weaker]


@FAST
@given(naval_tables(), st.data())
def test_naval_more_strength_never_hurts_the_player(table, data):
    age, strengths, abstaining = table
    participants = [n for n in strengths if n not in abstaining]
    if not participants:
        return
    name = data.draw(st.sampled_from(participants))
    extra = data.draw(st.integers(1, 6))
    before = resolve_naval_conflict(age, strengths, abstaining=abstaining).tokens[name]
    after = resolve_naval_conflict(age, {**strengths, name: strengths[name] + extra}, abstaining=abstaining).tokens[
        name
    ]
    assert after >= before


@FAST
@given(st.integers(1, 3), st.integers(2, 8), st.integers(0, 12))
def test_naval_all_equal_no_tokens(age, players, strength):
    out = resolve_naval_conflict(age, dict.fromkeys(NAMES[:players], strength))
    assert set(out.tokens.values()) == {0}


# --- Coins ------------------------------------------------------------------------------------------------


@st.composite
def coin_turns(draw):
    n = draw(st.integers(1, 8))
    names = NAMES[:n]
    levels = {name: draw(st.integers(0, 3)) for name in names}
    taxers = draw(st.lists(st.sampled_from(names), unique=True, max_size=3))
    taxes = {name: draw(st.sampled_from([1, 2, 4])) for name in taxers}
    pirates = draw(st.lists(st.sampled_from(names), max_size=4))
    immune = draw(st.lists(st.sampled_from(names), unique=True, max_size=2))
    coins = draw(st.none() | st.fixed_dictionaries({name: st.integers(0, 15) for name in names}))
    return levels, taxes, pirates, immune, coins


@FAST
@given(coin_turns())
def test_coin_loss_invariants(turn):
    levels, taxes, pirates, immune, coins = turn
    out = resolve_coin_losses(levels, taxes=taxes, pirates=pirates, immune=immune, coins=coins)
    assert set(out.losses) == set(levels)
    for name, loss in out.losses.items():
        assert loss.tax >= 0 and loss.piracy >= 0 and loss.lost >= 0
        assert loss.owed == loss.tax + loss.piracy
        assert loss.lost <= loss.owed
        if coins is not None:
            assert loss.lost <= coins[name]
        if name in immune:
            assert loss.lost == 0
        # Never your own tax, never your own pirates.
        others_tax = [t for who, t in taxes.items() if who != name]
        assert loss.tax == max(0, max(others_tax, default=0) - levels[name])
        assert loss.piracy == levels[name] * sum(1 for who in pirates if who != name)
        if name not in immune:
            expected = loss.owed if coins is None else min(loss.owed, coins[name])
            assert loss.lost == expected


# --- Ground -----------------------------------------------------------------------------------------------


@st.composite
def ground_ages(draw, with_teams=None, with_tomyris=None):
    n = draw(st.integers(3, 8))
    seats = NAMES[:n]
    shields = {name: draw(st.integers(0, 6)) for name in seats}
    incursions = []
    if n >= 4:
        for attacker in draw(st.lists(st.sampled_from(seats), max_size=4)):
            target = draw(st.sampled_from(two_seats_away(seats, attacker) + tuple(s for s in seats if s != attacker)))
            incursions.append(Incursion(attacker, target))
    teams = ()
    want_teams = draw(st.booleans()) if with_teams is None else with_teams
    if want_teams and n % 2 == 0:
        shift = draw(st.integers(0, 1))
        rotated = seats[shift:] + seats[:shift]
        teams = tuple((rotated[i], rotated[i + 1]) for i in range(0, n, 2))
    want_tomyris = draw(st.booleans()) if with_tomyris is None else with_tomyris
    tomyris = (draw(st.sampled_from(seats)),) if want_tomyris else ()
    return draw(st.integers(1, 3)), seats, shields, incursions, teams, tomyris


@FAST
@given(ground_ages(with_teams=False, with_tomyris=False))
def test_ground_each_conflict_one_victory_one_defeat_or_nothing(game):
    age, seats, shields, incursions, _teams, _tomyris = game
    out = resolve_ground_conflicts(age, seats, shields, incursions=incursions)
    win = CATALOG.ground.victory[age - 1]
    for c in out.conflicts:
        given_ = sorted(v for values in c.tokens.values() for v in values)
        a, b = shields[c.first], shields[c.second]
        if a == b:
            assert given_ == []
        else:
            assert given_ == sorted([win, CATALOG.ground.defeat])
            winner = c.first if a > b else c.second
            assert c.tokens[winner] == (win,)
    # Totals are the conflicts' tokens, and victories match defeats one for one.
    flat = [v for values in out.tokens.values() for v in values]
    assert flat.count(CATALOG.ground.defeat) == sum(1 for v in flat if v > 0)
    assert Counter(flat) == Counter(v for c in out.conflicts for values in c.tokens.values() for v in values)


@FAST
@given(ground_ages())
def test_ground_each_pair_fights_at_most_once(game):
    age, seats, shields, incursions, teams, tomyris = game
    out = resolve_ground_conflicts(age, seats, shields, incursions=incursions, teams=teams, tomyris=tomyris)
    pairs = Counter(frozenset((c.first, c.second)) for c in out.conflicts)
    assert all(len(pair) == 2 for pair in pairs)
    assert set(pairs.values()) <= {1}
    teammates = {frozenset(team) for team in teams}
    assert not teammates & set(pairs)
    # Every non-teammate neighbour pair fights (n >= 3).
    for i, name in enumerate(seats):
        pair = frozenset((name, seats[(i + 1) % len(seats)]))
        assert (pair in pairs) != (pair in teammates)
    # A player fights at most 2 neighbours + incursions given or received.
    for name in seats:
        involved = sum(1 for inc in incursions if name in (inc.attacker, inc.target))
        assert sum(1 for pair in pairs if name in pair) <= 2 + involved


@FAST
@given(ground_ages())
def test_ground_token_counts(game):
    """Teams double neighbour tokens only; Tomyris moves defeats, never creates or removes tokens."""
    age, seats, shields, incursions, teams, tomyris = game
    out = resolve_ground_conflicts(age, seats, shields, incursions=incursions, teams=teams, tomyris=tomyris)
    win = CATALOG.ground.victory[age - 1]
    for c in out.conflicts:
        copies = 2 if teams and c.kind == "neighbours" else 1
        values = sorted(v for vs in c.tokens.values() for v in vs)
        if shields[c.first] == shields[c.second]:
            assert values == []
        else:
            assert values == sorted([win] * copies + [CATALOG.ground.defeat] * copies)
            loser = c.first if shields[c.first] < shields[c.second] else c.second
            if loser in tomyris:
                assert c.tokens[loser] == ()
    assert all(v in (win, CATALOG.ground.defeat) for vs in out.tokens.values() for v in vs)


# --- Science ----------------------------------------------------------------------------------------------


def greedy(fixed, wildcards, most_common, bonus):
    counts = list(fixed)
    for _ in range(wildcards):
        gains = []
        for i in range(3):
            trial = counts.copy()
            trial[i] += 1
            gains.append(science_points(tuple(trial), bonus))
        counts[gains.index(max(gains))] += 1
    for _ in range(most_common):
        top = max(counts)
        counts[counts.index(top)] += 1
    return science_points(tuple(counts), bonus)


counts3 = st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6))


@FAST
@given(counts3, st.integers(0, 4), st.integers(0, 3), st.sampled_from([7, 10]))
def test_science_best_beats_greedy(fixed, wildcards, most_common, bonus):
    out = best_science(fixed, wildcards=wildcards, most_common=most_common, set_bonus=bonus)
    assert out.points >= greedy(fixed, wildcards, most_common, bonus)
    assert out.points == science_points(out.counts, bonus)
    assert out.fixed == fixed
    assert sum(out.wildcards) == wildcards
    assert sum(out.most_common) == most_common
    assert tuple(f + w + m for f, w, m in zip(fixed, out.wildcards, out.most_common)) == out.counts


@FAST
@given(counts3, st.integers(0, 4), st.integers(0, 3), st.sampled_from([7, 10]), st.data())
def test_science_best_beats_any_explicit_split(fixed, wildcards, most_common, bonus, data):
    """Any split of the wildcards, then each most-common symbol on a type that is then most numerous (§13)."""
    a = data.draw(st.integers(0, wildcards))
    b = data.draw(st.integers(0, wildcards - a))
    counts = [fixed[0] + a, fixed[1] + b, fixed[2] + wildcards - a - b]
    for _ in range(most_common):
        top = max(counts)
        i = data.draw(st.sampled_from([j for j in range(3) if counts[j] == top]))
        counts[i] += 1
    best = best_science(fixed, wildcards=wildcards, most_common=most_common, set_bonus=bonus)
    assert best.points >= science_points(tuple(counts), bonus)


@FAST
@given(counts3, st.integers(0, 3))
def test_science_more_symbols_never_hurt(fixed, wildcards):
    base = best_science(fixed, wildcards=wildcards).points
    assert best_science(fixed, wildcards=wildcards + 1).points >= base
    for i in range(3):
        more = tuple(n + (1 if j == i else 0) for j, n in enumerate(fixed))
        assert best_science(more, wildcards=wildcards).points >= base


# --- Guilds -----------------------------------------------------------------------------------------------


@st.composite
def cities(draw, name):
    return CityFacts(
        name=name,
        colours={c: draw(st.integers(0, 12)) for c in COLOURS},
        wonder_stage=draw(st.integers(0, 4)),
        victory_token=draw(st.integers(0, 9)),
        defeat_token=draw(st.integers(0, 9)),
        leader=draw(st.integers(0, 8)),
        coins=draw(st.integers(0, 80)),
        commercial_level=draw(st.integers(0, 3)),
        island=draw(st.integers(0, 6)),
    )


GUILDS = [c for c in CATALOG.cards if c.is_guild]


@FAST
@given(cities("own"), cities("left"), cities("right"), st.booleans())
def test_no_guild_over_10_with_armada(own, left, right, copied):
    for guild in GUILDS:
        capped = score_guild(guild, own, left, right, armada=True, copied=copied)
        free = score_guild(guild, own, left, right, armada=False, copied=copied)
        assert 0 <= capped.points <= GUILD_CAP == 10
        assert capped.points == min(free.points, GUILD_CAP)
        assert free.points == free.uncapped == capped.uncapped
        if guild.score is None:
            assert capped.points == free.points == 0
