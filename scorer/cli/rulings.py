"""`naval`, `coins` and `ground`: settle a conflict or a turn's coin losses at the table."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from scorer.cli import output, values


def register(sub: argparse._SubParsersAction) -> None:
    """Add the three ruling commands to the CLI."""
    naval = sub.add_parser(
        "naval", help="resolve a Naval Conflict (Armada)",
        description="Resolve the Naval Conflict at the end of an age: who takes a Naval Victory or Defeat token.",
        epilog="Example: wonders-scorer naval --age 2 Gabriel=2 Paula=2 Ann=8 Romeo=6 Fred=6",
    )
    naval.add_argument("--age", required=True, metavar="{1,2,3}", help="the age that just ended")
    naval.add_argument("players", nargs="+", metavar="NAME=STRENGTH", help="each player's Naval Strength (2-8 players)")
    naval.add_argument("--abstain", action="append", default=[], metavar="NAME",
                       help="a Forgotten Port owner who stays out this age (repeatable)")
    naval.add_argument("--json", action="store_true", help="print JSON instead of a table")
    naval.set_defaults(handler=run_naval)

    coins = sub.add_parser(
        "coins", help="coin losses of a turn: Taxes and pirates (Armada)",
        description="Coin losses at the end of an Armada turn: the highest Tax levied by another player minus "
        "your Commercial Level, plus your Commercial Level for each pirate effect of another player.",
        epilog="Players without --coins are treated as uncapped: they lose the full amount owed. Give --coins for a "
        "player to cap their loss at the coins they hold (what cannot be paid is lost without penalty). "
        "Example: wonders-scorer coins Paula=3 Art=2 Romeo=0 --tax Paula=4 --tax Art=2",
    )
    coins.add_argument("players", nargs="+", metavar="NAME=COMMERCIAL_LEVEL",
                       help="each player's Commercial Level after this turn's moves (2-8 players)")
    coins.add_argument("--tax", action="append", default=[], metavar="NAME=AMOUNT",
                       help="a Tax levied this turn by NAME (repeatable, once per player)")
    coins.add_argument("--pirates", action="append", default=[], metavar="NAME",
                       help="a pirate effect triggered by NAME (repeatable; twice = two effects)")
    coins.add_argument("--immune", action="append", default=[], metavar="NAME",
                       help="owner of Foggy Island, who loses no coins (repeatable)")
    coins.add_argument("--coins", action="append", default=[], metavar="NAME=N",
                       help="coins NAME holds, which caps their loss (players without it are uncapped)")
    coins.add_argument("--json", action="store_true", help="print JSON instead of a table")
    coins.set_defaults(handler=run_coins)

    ground = sub.add_parser(
        "ground", help="resolve the Ground Conflicts of an age",
        description="Ground Conflicts at the end of an age: each player against each neighbour, plus incursions. "
        "Give the players in clockwise seating order.",
        epilog="Example: wonders-scorer ground --age 1 Ann=3 Bob=1 Cid=2 Dee=0 --incursion Ann=Cid",
    )
    ground.add_argument("--age", required=True, metavar="{1,2,3}", help="the age that just ended")
    ground.add_argument("players", nargs="+", metavar="NAME=SHIELDS",
                        help="each player's shields, in clockwise seating order (3-8 players)")
    ground.add_argument("--incursion", action="append", default=[], metavar="FROM=TO",
                        help="FROM built Dock/Quay/Jetty against TO, two seats away (repeatable)")
    ground.add_argument("--team", action="append", default=[], metavar="A,B",
                        help="two neighbours playing as a team (team variant: 4, 6 or 8 players, everyone in a team)")
    ground.add_argument("--tomyris", action="append", default=[], metavar="NAME",
                        help="a player with Tomyris in play: their defeat tokens go to the winner (repeatable)")
    ground.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ground.set_defaults(handler=run_ground)


def run_naval(args: argparse.Namespace) -> int:
    age = values.age(args.age)
    strengths = values.seats(args.players, "strength", values.whole, 2, "a Naval Conflict")
    abstaining = values.players_once("--abstain", args.abstain, strengths)

    from scorer.rules.naval import resolve_naval_conflict
    from scorer.ruling import age_name

    outcome = resolve_naval_conflict(age, strengths, abstaining)
    rulings = output.unique_rulings([*(outcome.decided_by[name] for name in strengths if name in outcome.decided_by), *outcome.rulings])
    if args.json:
        output.print_json({"tokens": dict(outcome.tokens), "rulings": rulings})
        return 0
    from rich.text import Text

    out = output.console()
    table = output.table(f"Naval Conflict, {age_name(age)}", "Player", "Strength", "Token", "Why")
    for name, strength in strengths.items():
        token = outcome.tokens[name]
        why = outcome.decided_by.get(name)
        table.add_row(Text(name), "out" if name in abstaining else str(strength),
                      output.signed(token) if token else "—", Text(why.summary if why else ""))
    out.print(table)
    output.print_rulings(out, rulings)
    return 0


def run_coins(args: argparse.Namespace) -> int:
    from scorer.catalog import load_catalog

    track = load_catalog().dockyard
    top = track.max_commercial_level

    def level(field: str, text: str) -> int:
        value = values.whole(field, text, f"a Commercial Level from 0 to {top}")
        if value > top:
            raise values.input_error(field, value, f"a Commercial Level from 0 to {top}")
        return value

    levels = values.seats(args.players, "commercial level", level, 2, "coin losses")
    allowed_tax = f"a Tax on the Dockyard track: {', '.join(map(str, track.tax_values))}"
    taxes: dict[str, int] = {}
    for word in args.tax:
        who, amount = values.split("--tax", word, "NAME=AMOUNT")
        name = values.player("--tax", who, levels)
        if name in taxes:
            raise values.input_error("--tax", word, f"one Tax per player per turn; {name} already levies {taxes[name]}")
        value = values.whole(f"tax of {name!r}", amount, allowed_tax)
        if value not in track.tax_values:
            raise values.input_error(f"tax of {name!r}", value, allowed_tax)
        taxes[name] = value
    pirates = [values.player("--pirates", word, levels) for word in args.pirates]
    immune = values.players_once("--immune", args.immune, levels)
    held: dict[str, int] = {}
    for word in args.coins:
        who, amount = values.split("--coins", word, "NAME=N")
        name = values.player("--coins", who, levels)
        if name in held:
            raise values.input_error("--coins", word, f"each player at most once; {name} already has {held[name]}")
        held[name] = values.whole(f"coins of {name!r}", amount)

    from scorer.rules.coins import resolve_coin_losses

    outcome = resolve_coin_losses(levels, taxes, pirates, immune, held)
    rulings = output.unique_rulings([*(r for name in levels for r in outcome.decided_by[name]), *outcome.rulings])
    if args.json:
        output.print_json({"losses": {name: loss.lost for name, loss in outcome.losses.items()}, "rulings": rulings})
        return 0
    from rich.text import Text

    out = output.console()
    table = output.table("Coin losses this turn", "Player", "Commercial Level", "Tax", "Pirates", "Loses", "Why")
    for name, lvl in levels.items():
        loss = outcome.losses[name]
        why = "\n".join(r.summary for r in outcome.decided_by[name]) or "nothing levied against them"
        table.add_row(Text(name), str(lvl), str(loss.tax), str(loss.piracy), str(loss.lost), Text(why))
    out.print(table)
    output.print_rulings(out, rulings)
    return 0


def run_ground(args: argparse.Namespace) -> int:
    age = values.age(args.age)
    shields = values.seats(args.players, "shields", values.whole, 3, "Ground Conflicts")
    seats = list(shields)

    from scorer.rules.ground import Incursion, resolve_ground_conflicts, two_seats_away
    from scorer.ruling import age_name

    incursions = []
    for word in args.incursion:
        who, target = values.split("--incursion", word, "FROM=TO")
        attacker = values.player("--incursion", who, seats)
        allowed = list(dict.fromkeys(two_seats_away(seats, attacker)))
        victim = values.player(f"--incursion target of {attacker!r}", target, seats)
        if victim not in allowed:
            raise values.input_error(f"--incursion target of {attacker!r}", target,
                               f"a player two seats away from {attacker}: {' or '.join(allowed)}")
        incursions.append(Incursion(attacker, victim))
    teams = _teams(args.team, seats)
    tomyris = values.players_once("--tomyris", args.tomyris, seats)

    outcome = resolve_ground_conflicts(age, seats, shields, incursions, teams, tomyris)
    rulings = output.unique_rulings([*(c.decided_by for c in outcome.conflicts), *outcome.rulings])
    total = outcome.total
    if args.json:
        output.print_json({"tokens": {n: list(outcome.tokens[n]) for n in seats}, "total": {n: total[n] for n in seats},
                     "rulings": rulings})
        return 0
    from rich.text import Text

    out = output.console()
    table = output.table(f"Ground Conflicts, {age_name(age)}", "Player", "Shields", "Tokens", "Total")
    for name in seats:
        tokens = " ".join(output.signed(t) for t in outcome.tokens[name]) or "—"
        table.add_row(Text(name), str(shields[name]), tokens, output.signed(total[name]) if total[name] else "0")
    out.print(table)
    output.print_rulings(out, rulings)
    return 0


def _teams(words: Sequence[str], seats: list[str]) -> list[tuple[str, str]]:
    """--team A,B words as pairs, checked by the same rule as a game record's teams."""
    from scorer.validate import check_teams

    teams = []
    for word in words:
        parts = [part.strip() for part in word.split(",")]
        if len(parts) != 2 or not all(parts):
            raise values.input_error("--team", word, "two players as A,B")
        teams.append(tuple(values.player("--team", part, seats) for part in parts))
    if teams:
        check_teams(seats, teams, field="--team")
    return teams
