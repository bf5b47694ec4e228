"""The final score sheet: every row for every player, totals, places with the coin tie-break, team totals.

It replays the record age by age (Ground then Naval Conflicts from the strengths of that age), then scores
the cities at the end. Each cell keeps its account and rulings, so the table can open a cell and see how it
was computed; the CLI and the TUI show the same Sheet.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, NamedTuple

from scorer.catalog import COLOURS, SYMBOLS, Card, Catalog, DockyardTrack, fold, load_catalog
from scorer.model import GameRecord
from scorer.rules.city import (
    City,
    Strength,
    city_history,
    ground_strength,
    incursions_of,
    naval_strength,
    neighbour_cities,
    tomyris_players,
)
from scorer.rules.commercial import score_commercial
from scorer.rules.counting import CityFacts, flat_vp
from scorer.rules.dockyard import blue_fleet_ruling, blue_fleet_vp, commercial_level
from scorer.rules.ground import GroundOutcome, resolve_ground_conflicts
from scorer.rules.guilds import GuildScore, score_guild
from scorer.rules.islands import score_islands
from scorer.rules.leaders import score_leaders
from scorer.rules.naval import NavalOutcome, resolve_naval_conflict
from scorer.rules.science import ScienceOutcome, Symbols, best_points, best_science
from scorer.ruling import Ruling, ruling
from scorer.words import Joined, Wording, Words, said

ROWS = (
    "military",
    "naval",
    "treasury",
    "wonder",
    "civilian",
    "commercial",
    "guilds",
    "science",
    "leaders",
    "islands",
    "dockyard",
)
ARMADA_ROWS = frozenset({"naval", "islands", "dockyard"})
_VALUE = attrgetter("value")  # a Cell's VP
_VP = attrgetter("vp")  # a wonder stage's or a card's printed VP
QUICK_COUNTS = Words("rules.sheet.quick_counts")  # the account of a row the table typed as a quick count


Explained = tuple[tuple[Wording, ...], tuple[Ruling, ...]]  # a cell's account lines, then its rulings


def _unexplained(_: object) -> Explained:
    return (), ()


class Cell(NamedTuple):
    """One cell of the sheet: its VP and, worded when shown, its account's lines and the rulings behind it.

    Scoring keeps only the values the row was computed from (`basis`) and the row's module-level function that
    explains them (`explain`), so a sheet's ~90 cells build their lines and rulings only when one is opened. The
    Science cell also carries its outcome (symbol counts, wildcards and the chosen split, VP per set) and the
    Guilds cell the guild Olympia B copies, so a screen words them from values, never from the account. A sheet
    has about a hundred: a NamedTuple, as Ruling.
    """

    value: int
    explain: Callable[[Any], Explained] = _unexplained
    basis: Any = None
    science: ScienceOutcome | None = None
    copied: GuildScore | None = None

    @property
    def parts(self) -> tuple[Wording, ...]:
        """The account's lines as words."""
        return self.explain(self.basis)[0]

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        return self.explain(self.basis)[1]

    @property
    def account(self) -> tuple[str, ...]:
        """The account's lines in the current language ('Baths: 3 VP', …)."""
        return said(self.parts)


@dataclass(frozen=True, slots=True)
class PlayerSheet:
    name: str
    rows: Mapping[str, Cell]
    total: int
    coins: int
    rank: int


@dataclass(frozen=True, slots=True)
class TeamSheet:
    members: tuple[str, str]
    total: int
    coins: int
    rank: int


@dataclass(frozen=True, slots=True)
class AgeConflicts:
    age: int
    ground_strength: Mapping[str, Strength]
    ground: GroundOutcome
    naval_strength: Mapping[str, Strength] | None
    naval: NavalOutcome | None


@dataclass(frozen=True, slots=True)
class Sheet:
    rows: tuple[str, ...]
    players: tuple[PlayerSheet, ...]
    teams: tuple[TeamSheet, ...]
    winners: tuple[str, ...]
    ages: tuple[AgeConflicts, ...]
    rulings: tuple[Ruling, ...]


def rows_in_play(record: GameRecord) -> tuple[str, ...]:
    """The sheet's rows in rulebook order; rows of an expansion not in play are hidden."""
    return tuple(
        row for row in ROWS if (row not in ARMADA_ROWS or record.armada) and (row != "leaders" or record.leaders)
    )


def play_conflicts(
    record: GameRecord, catalog: Catalog, track: DockyardTrack, history: Mapping[int, Mapping[str, City]]
) -> list[AgeConflicts]:
    """Resolve every recorded age's Ground Conflicts, then its Naval Conflict."""
    names = record.names
    results = []
    for age in sorted(record.ages):
        cities = history[age]
        before = history[age - 1] if age > 1 else None  # the cities at the end of the age before
        ground: dict[str, Strength] = {}
        naval: dict[str, Strength] = {}
        abstaining = []
        built = {}
        for name in names:  # one pass over the players: each entry of the age read once
            entry = record.entry(age, name)
            city = cities[name]
            built[name] = city.cards[len(before[name].cards) :] if before else city.cards
            ground[name] = ground_strength(city, entry.ground_strength)
            if record.armada:
                naval[name] = naval_strength(city, track, entry.naval_strength)
                if entry.abstain_naval:
                    abstaining.append(name)
        outcome = resolve_ground_conflicts(
            age,
            names,
            {n: s.value for n, s in ground.items()},
            incursions_of(record, age, built),
            record.teams,
            tomyris_players(cities),
            catalog.ground,
        )
        naval_outcome = None
        if record.armada:
            naval_outcome = resolve_naval_conflict(
                age, {n: s.value for n, s in naval.items()}, abstaining, catalog.naval, teams=bool(record.teams)
            )
        results.append(AgeConflicts(age, ground, outcome, naval if record.armada else None, naval_outcome))
    return results


def score_game(
    record: GameRecord,
    catalog: Catalog | None = None,
    track: DockyardTrack | None = None,
    history: Mapping[int, Mapping[str, City]] | None = None,
) -> Sheet:
    """Score a validated record. `track` is the table's Dockyard calibration (the data file's by default);
    `history` the record's city_history when the caller holds it already (a game session computes it once per
    record), so it is not built again."""
    catalog = catalog or load_catalog()
    track = track or catalog.dockyard
    names = record.names
    if history is None:
        history = city_history(record, catalog)
    conflicts = play_conflicts(record, catalog, track, history)
    ground_tokens = {n: [v for age in conflicts for v in age.ground.tokens[n]] for n in names}
    naval_tokens = {n: [age.naval.tokens[n] for age in conflicts if age.naval and age.naval.tokens[n]] for n in names}
    cities = history[3]
    coins = {n: record.coins(n) or 0 for n in names}
    hands = {n: _hand(cities[n]) for n in names}
    facts = {n: _facts(cities[n], hands[n], ground_tokens[n], coins[n], track) for n in names}

    rows = rows_in_play(record)
    sheets = []
    for name in names:
        left, right = neighbour_cities(cities, names, name)
        neighbours = facts[left.name], facts[right.name], hands[left.name], hands[right.name]
        cells = _score_city(record, cities[name], hands[name], facts[name], neighbours, track)
        cells["military"] = Cell(sum(ground_tokens[name]), _tokens, ground_tokens[name])
        cells["naval"] = Cell(sum(naval_tokens[name]), _tokens, naval_tokens[name])
        cells["treasury"] = Cell(coins[name] // 3, _treasury, coins[name])
        shown = {row: cells[row] for row in rows}
        sheets.append((name, shown, sum(map(_VALUE, shown.values())), coins[name]))

    ranked = _rank([(name, total, c) for name, _, total, c in sheets])
    players = tuple(PlayerSheet(name, cells, total, c, ranked[name]) for name, cells, total, c in sheets)
    teams = _teams(record, players)
    winners = (
        tuple(n for team in teams if team.rank == 1 for n in team.members)
        if teams
        else tuple(p.name for p in players if p.rank == 1)
    )
    return Sheet(rows, players, teams, winners, tuple(conflicts), tuple(_tie_break_rulings(players, teams)))


def _tokens(values: Sequence[int]) -> Explained:
    """The Military and Naval rows: the tokens taken, signed ('tokens: +3, -1')."""
    if not values:
        return (Words("rules.sheet.no_tokens"),), ()
    return (Words("rules.sheet.tokens", {"tokens": Joined(tuple(values), ", ", "+d")}),), ()


def _treasury(coins: int) -> Explained:
    """The Treasury row: 1 VP per 3 coins."""
    return (), (ruling("treasury", Words("rules.sheet.treasury", {"vp": coins // 3}, coins)),)


def _quick_counts(_: object) -> Explained:
    """A row the table typed as a quick count."""
    return (QUICK_COUNTS,), ()


def _wonder(city: City) -> Explained:
    """The Wonder row: each built stage that gives VP."""
    wonder, side = city.wonder, city.side.side
    return tuple(
        Words("rules.sheet.wonder_stage", {"wonder": wonder, "side": side, "stage": i, "vp": stage.vp})
        for i, stage in enumerate(city.built_stages, 1)
        if stage.vp
    ), ()


def _civilian(blue: Sequence[Card]) -> Explained:
    """The Civilian row: each blue card's printed VP."""
    return tuple(flat_vp(card, card.vp) for card in blue), ()


def _said(parts: tuple[Wording, ...]) -> Explained:
    """A row whose lines were worded while scoring (they hold the figures counted)."""
    return parts, ()


def _said_with_rulings(explained: Explained) -> Explained:
    return explained


def _science(science: ScienceOutcome) -> Explained:
    """The Science row: the symbols counted, and the rules behind the choice and the total."""
    return (Words("rules.sheet.symbols", {"symbols": Symbols(science.counts)}),), science.rulings


def _dockyard(space: tuple[DockyardTrack, int]) -> Explained:
    """The Dockyard row: the VP on the Blue fleet's space (the table's calibration, the position)."""
    return (), (blue_fleet_ruling(*space),)


class Hand(NamedTuple):
    """A city's cards as the rows read them, sorted in one pass: the count per colour, the blue cards with VP
    (Civilian), the yellow cards (Commercial), the guilds, and the science symbols, wildcards and
    "most common" symbols the cards give."""

    colours: dict[str, int]
    civilian: list[Card]
    commercial: list[Card]
    guilds: list[Card]
    symbols: dict[str, int]
    wildcards: int
    most_common: int


def _hand(city: City) -> Hand:
    colours = dict.fromkeys(COLOURS, 0)
    symbols = dict.fromkeys(SYMBOLS, 0)
    civilian: list[Card] = []
    commercial: list[Card] = []
    guilds: list[Card] = []
    wildcards = most_common = 0
    for card in city.cards:
        colour = card.colour
        colours[colour] += 1
        if colour == "blue":
            if card.vp:
                civilian.append(card)
        elif colour == "yellow":
            commercial.append(card)
        elif colour == "purple":
            guilds.append(card)
        if card.science:
            symbols[card.science] += 1
        if card.science_wildcard:
            wildcards += 1
        if card.science_most_common:
            most_common += 1
    if city.quick is not None:
        colours = city.colours()
    return Hand(colours, civilian, commercial, guilds, symbols, wildcards, most_common)


def _facts(city: City, hand: Hand, ground_tokens: Sequence[int], coins: int, track: DockyardTrack) -> CityFacts:
    victories = defeats = 0
    for token in ground_tokens:
        if token > 0:
            victories += 1
        elif token < 0:
            defeats += 1
    yellow = city.ships["yellow"]
    return CityFacts(
        name=city.name,
        colours=hand.colours,
        wonder_stage=city.stages,
        victory_token=victories,
        defeat_token=defeats,
        leader=len(city.leaders),
        coins=coins,
        commercial_level=commercial_level(track, yellow),
        island=len(city.islands),
        yellow_space=yellow,
        commercial_level_unconfirmed="yellow_commercial_level" in track.at(yellow).unconfirmed,
    )


Neighbours = tuple[CityFacts, CityFacts, Hand, Hand]  # the left and right cities' facts, then their hands


def _score_city(
    record: GameRecord, city: City, hand: Hand, own: CityFacts, neighbours: Neighbours, track: DockyardTrack
) -> dict[str, Cell]:
    cells: dict[str, Cell] = {}
    cells["wonder"] = Cell(sum(map(_VP, city.built_stages)), _wonder, city)
    quick = city.quick
    if quick is not None:
        cells["civilian"] = Cell(quick.civilian, _quick_counts)
        cells["commercial"] = Cell(quick.commercial, _quick_counts)
    else:
        blue = hand.civilian
        cells["civilian"] = Cell(sum(map(_VP, blue)), _civilian, blue)
        points, account = score_commercial(hand.commercial, own)
        cells["commercial"] = Cell(points, _said, tuple(account))

    science_base = _science_inputs(city, hand)
    left_facts, right_facts = neighbours[0], neighbours[1]
    guilds, extra_wildcards = _guilds(record, city, hand, own, neighbours, science_base)
    cells["guilds"] = guilds
    fixed, wildcards, most_common, set_bonus = science_base
    science = best_science(fixed, wildcards + extra_wildcards, most_common, set_bonus)
    cells["science"] = Cell(science.points, _science, science, science=science)

    if quick is not None and quick.leaders is not None:
        cells["leaders"] = Cell(quick.leaders, _quick_counts)
    else:
        points, account = score_leaders(city.leaders, own, left_facts, right_facts, city.courtesans)
        cells["leaders"] = Cell(points, _said, tuple(account))
    if quick is not None and quick.islands is not None:
        cells["islands"] = Cell(quick.islands, _quick_counts)
    else:
        points, account = score_islands(city.islands, own)
        cells["islands"] = Cell(points, _said, tuple(account))
    blue_space = city.ships["blue"]
    cells["dockyard"] = Cell(blue_fleet_vp(track, blue_space), _dockyard, (track, blue_space))
    return cells


ScienceInputs = tuple[tuple[int, int, int], int, int, int]


def _science_inputs(city: City, hand: Hand) -> ScienceInputs:
    """(fixed symbols, wildcards, most-common symbols, VP per set) before any Olympia B copy."""
    counts = dict(hand.symbols)
    wildcards, most_common = hand.wildcards, hand.most_common
    if city.quick is not None:
        for symbol in SYMBOLS:
            counts[symbol] += city.quick.science.get(symbol, 0)
        wildcards += city.quick.science.get("wildcards", 0)
        most_common += city.quick.science.get("most_common", 0)
    active = city.active_leaders
    for leader in active:
        if leader.science:
            counts[leader.science] += 1
    wildcards += sum(stage.science_wildcard for stage in city.built_stages)
    for island in city.islands:
        wildcards += island.science_wildcard
        most_common += island.science_most_common
    set_bonus = 7 + sum(leader.science_set_bonus for leader in active)
    return (counts["compass"], counts["gear"], counts["tablet"]), wildcards, most_common, set_bonus


def _guilds(
    record: GameRecord, city: City, hand: Hand, own: CityFacts, neighbours: Neighbours, science: ScienceInputs
) -> tuple[Cell, int]:
    """The Guilds row, and 1 extra science wildcard when Olympia B copies a Scientists Guild."""
    if city.quick is not None:
        return Cell(city.quick.guilds, _quick_counts), 0
    left_facts, right_facts = neighbours[0], neighbours[1]
    scores = [score_guild(g, own, left_facts, right_facts, armada=record.armada) for g in hand.guilds]
    account = [s.line for s in scores if s.guild.score is not None]
    notes = [r for s in scores for r in s.rulings]
    total = sum(s.points for s in scores)
    extra_wildcards = 0
    copy = None
    if any(stage.copy_guild for stage in city.built_stages):
        copied = _olympia_copy(record, city, own, neighbours, science)
        if copied is not None:
            guild, copy = copied
            total += copy.points
            account.append(Words("rules.sheet.copied", {"account": copy.line}))
            notes += list(copy.rulings)
            extra_wildcards = int(guild.science_wildcard)
    return Cell(total, _said_with_rulings, (tuple(account), tuple(notes)), copied=copy), extra_wildcards


def _olympia_copy(
    record: GameRecord, city: City, own: CityFacts, neighbours: Neighbours, science: ScienceInputs
) -> tuple[Card, GuildScore] | None:
    """The neighbour's guild Olympia B copies: the table's choice if recorded, else the best for the player."""
    left_facts, right_facts, left, right = neighbours
    options = {g.id: g for g in (*left.guilds, *right.guilds)}
    choice = record.end.get(city.name)
    chosen = choice.olympia_copy if choice else None
    fixed, wildcards, most_common, set_bonus = science
    base = best_points(fixed, wildcards, most_common, set_bonus)

    def value(guild: Card) -> tuple[int, GuildScore]:
        score = score_guild(guild, own, left_facts, right_facts, armada=record.armada, copied=True)
        gain = best_points(fixed, wildcards + 1, most_common, set_bonus) - base if guild.science_wildcard else 0
        return score.points + gain, score

    candidates = [g for g in options.values() if chosen is None or fold(chosen) in {fold(g.en), fold(g.pt), g.id}]
    if not candidates:
        return None
    best = max(candidates, key=lambda g: value(g)[0])
    return best, value(best)[1]


def _rank(entries: Sequence[tuple[str, int, int]]) -> dict[str, int]:
    """Places by total, then coins; a tie on both is a shared place: 1 + how many did better, found by bisecting
    the (total, coins) pairs sorted best first instead of comparing every pair."""
    ordered = sorted([(-total, -coins) for _, total, coins in entries])
    return {name: 1 + bisect_left(ordered, (-total, -coins)) for name, total, coins in entries}


def _teams(record: GameRecord, players: Sequence[PlayerSheet]) -> tuple[TeamSheet, ...]:
    if not record.teams:
        return ()
    by_name = {p.name: p for p in players}
    totals = [
        (f"{a}+{b}", by_name[a].total + by_name[b].total, by_name[a].coins + by_name[b].coins) for a, b in record.teams
    ]
    ranks = _rank(totals)
    return tuple(
        TeamSheet((a, b), total, coins, ranks[key]) for (a, b), (key, total, coins) in zip(record.teams, totals)
    )


def _tie_break_rulings(players: Sequence[PlayerSheet], teams: Sequence[TeamSheet]) -> list[Ruling]:
    notes = []
    if teams:
        notes.append(ruling("final.teams", Words("rules.sheet.team_game")))
        entries = [("+".join(team.members), team.total, team.coins, team.rank) for team in teams]
    else:
        entries = [(p.name, p.total, p.coins, p.rank) for p in players]
    top = max(total for _, total, _, _ in entries)
    leaders = [e for e in entries if e[1] == top]
    if len(leaders) > 1:
        winners = [name for name, _, _, rank in leaders if rank == 1]
        detail = Joined(tuple(Words("rules.sheet.coins_of", {"name": name}, coins) for name, _, coins, _ in leaders))
        if len(winners) > 1:
            together: Wording = winners[0]
            for winner in winners[1:]:  # 'Ann and Bob', then '(Ann and Bob) and Cid' as the catalogue says it
                together = Words("rules.sheet.and", {"first": together, "second": winner})
            verdict = Words("rules.sheet.tie_shared", {"top": top, "detail": detail, "winners": together})
        else:
            verdict = Words("rules.sheet.tie_won", {"top": top, "detail": detail, "winner": winners[0]})
        notes.append(ruling("final.tie-break", verdict, tuple(name for name, *_ in leaders)))
    return notes


def winner_words(sheet: Sheet) -> Words | None:
    """Who won, as the sheet's result line says it ("Ben wins with 106 VP, 19 ahead.", a team's win), or None
    when the top is tied and the tie-break ruling (final.tie-break) says it: the table app's sheet and the
    picture word the same values."""
    if any(ruling.rule_id == "final.tie-break" for ruling in sheet.rulings):
        return None
    if sheet.teams:
        team = next(team for team in sheet.teams if team.rank == 1)
        return Words("sheet.result.team_wins", {"team": "+".join(team.members), "total": team.total})
    winner = next(p for p in sheet.players if p.name in sheet.winners)
    runner_up = max((p.total for p in sheet.players if p is not winner), default=winner.total)
    return Words(
        "sheet.result.player_wins",
        {"player": winner.name, "total": winner.total, "margin": winner.total - runner_up},
    )


def sheet_to_dict(sheet: Sheet) -> dict[str, Any]:
    """The machine form of a Sheet (the `score --json` output)."""
    out: dict[str, Any] = {
        "rows": list(sheet.rows),
        "players": [
            {
                "name": p.name,
                "rows": {row: cell.value for row, cell in p.rows.items()},
                "total": p.total,
                "coins": p.coins,
                "rank": p.rank,
            }
            for p in sheet.players
        ],
        "winners": list(sheet.winners),
    }
    if sheet.teams:
        out["teams"] = [
            {"members": list(team.members), "total": team.total, "coins": team.coins, "rank": team.rank}
            for team in sheet.teams
        ]
    out["ages"] = [
        {
            "age": age.age,
            "ground": {
                n: {"strength": s.value, "tokens": age.ground.tokens[n]} for n, s in age.ground_strength.items()
            },
            **(
                {
                    "naval": {
                        n: {"strength": s.value, "token": age.naval.tokens[n]} for n, s in age.naval_strength.items()
                    }
                }
                if age.naval and age.naval_strength
                else {}
            ),
        }
        for age in sheet.ages
    ]
    out["rulings"] = [r.to_dict() for r in sheet.rulings]
    return out
