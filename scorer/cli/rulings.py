"""`naval`, `coins` and `ground`: settle a conflict or a turn's coin losses at the table."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from scorer.cli import output, values
from scorer.i18n import t, tn


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], only: str | None = None) -> None:
    """Add the three ruling commands to the CLI (or only the one named `only`: the parser of the command run)."""
    for name, add in (("naval", _add_naval), ("coins", _add_coins), ("ground", _add_ground)):
        if only in (None, name):
            add(sub)


def _add_naval(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    naval = sub.add_parser(
        "naval",
        help=t("cli.naval.help"),
        description=t("cli.naval.description"),
        epilog=t("cli.main.example", command="wonders-scorer naval --age 2 Gabriel=2 Paula=2 Ann=8 Romeo=6 Fred=6"),
    )
    naval.add_argument("--age", required=True, metavar=t("cli.metavar.age"), help=t("cli.naval.age"))
    naval.add_argument("players", nargs="+", metavar=t("cli.metavar.strength"), help=t("cli.naval.players"))
    naval.add_argument(
        "--abstain", action="append", default=[], metavar=t("cli.metavar.name"), help=t("cli.naval.abstain")
    )
    naval.add_argument("--explain", action="store_true", help=t("cli.naval.explain"))
    naval.add_argument("--json", action="store_true", help=t("cli.main.json"))
    naval.set_defaults(handler=run_naval)


def _add_coins(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    coins = sub.add_parser(
        "coins",
        help=t("cli.coins.help"),
        description=t("cli.coins.description"),
        epilog=t("cli.coins.epilog")
        + " "
        + t("cli.main.example", command="wonders-scorer coins Paula=3 Art=2 Romeo=0 --tax Paula=4 --tax Art=2"),
    )
    coins.add_argument("players", nargs="+", metavar=t("cli.metavar.level"), help=t("cli.coins.players"))
    coins.add_argument("--tax", action="append", default=[], metavar=t("cli.metavar.amount"), help=t("cli.coins.tax"))
    coins.add_argument(
        "--pirates", action="append", default=[], metavar=t("cli.metavar.name"), help=t("cli.coins.pirates")
    )
    coins.add_argument(
        "--immune", action="append", default=[], metavar=t("cli.metavar.name"), help=t("cli.coins.immune")
    )
    coins.add_argument("--coins", action="append", default=[], metavar=t("cli.metavar.coins"), help=t("cli.coins.held"))
    coins.add_argument("--json", action="store_true", help=t("cli.main.json"))
    coins.set_defaults(handler=run_coins)


def _add_ground(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ground = sub.add_parser(
        "ground",
        help=t("cli.ground.help"),
        description=t("cli.ground.description"),
        epilog=t(
            "cli.main.example", command="wonders-scorer ground --age 1 Ann=3 Bob=1 Cid=2 Dee=0 --incursion Ann=Cid"
        ),
    )
    ground.add_argument("--age", required=True, metavar=t("cli.metavar.age"), help=t("cli.ground.age"))
    ground.add_argument("players", nargs="+", metavar=t("cli.metavar.shields"), help=t("cli.ground.players"))
    ground.add_argument(
        "--incursion", action="append", default=[], metavar=t("cli.metavar.incursion"), help=t("cli.ground.incursion")
    )
    ground.add_argument("--team", action="append", default=[], metavar=t("cli.metavar.team"), help=t("cli.ground.team"))
    ground.add_argument(
        "--tomyris", action="append", default=[], metavar=t("cli.metavar.name"), help=t("cli.ground.tomyris")
    )
    ground.add_argument("--json", action="store_true", help=t("cli.main.json"))
    ground.set_defaults(handler=run_ground)


def run_naval(args: argparse.Namespace) -> int:
    age = values.age(args.age)
    strengths = values.seats(
        args.players, "cli.metavar.strength", "cli.naval.field", values.strength, 2, "cli.naval.count"
    )
    abstaining = values.players_once("--abstain", args.abstain, strengths)
    _check_ports(abstaining)

    from scorer.rules.naval import resolve_naval_conflict
    from scorer.ruling import age_name

    outcome = resolve_naval_conflict(age, strengths, abstaining)
    rulings = output.unique_rulings(
        [*(outcome.decided_by[name] for name in strengths if name in outcome.decided_by), *outcome.rulings]
    )
    if args.json:
        output.print_json({"tokens": dict(outcome.tokens), "rulings": rulings})
        return 0
    # The answer a table reads at once fits a 24-line terminal: the tokens, one line per player, and why in
    # a line per ruling; the rulebook's words (some 20 lines more) only when asked for with --explain.
    out = output.console()
    table = output.table(
        t("cli.naval.title", age=age_name(age)), t("cli.naval.player"), t("cli.naval.strength"), t("cli.naval.token")
    )
    table.show_edge = False  # two lines fewer, for the 24
    for name, strength in strengths.items():
        token = outcome.tokens[name]
        table.add_row(
            name, t("cli.naval.out") if name in abstaining else str(strength), output.signed(token) if token else "—"
        )
    out.print(table)
    if args.explain:
        output.print_rulings(out, rulings)
        return 0
    out.print(output.text(t("cli.naval.why"), style="bold underline"))
    for item in rulings:
        out.print(output.text(f"• {item['summary']}"))
    out.print(output.text(t("cli.naval.explain_hint"), style="dim"))
    return 0


def _check_ports(abstaining: Sequence[str]) -> None:
    """Only a Forgotten Port's owner may stay out, and the game has one such island card (islands.toml): a
    second player staying out the same age is a typing mistake, not a ruling to make."""
    if not abstaining:
        return  # nobody stays out: the islands are not read
    from scorer.catalog import load_islands

    ports = sum(island.naval_opt_out for island in load_islands())
    if len(abstaining) > ports:
        raise values.input_error("--abstain", abstaining[ports], tn("cli.naval.abstain_most", ports))


def _check_pirates(pirates: Sequence[str]) -> None:
    """Each pirate effect applies, and one player may trigger several in a turn (the age's pirate card, one
    built from the discard, Pirate Harbor explored), but never more than the game's pirate cards and islands,
    each once: a name given more often than that is a typing mistake."""
    from collections import Counter

    from scorer.catalog import load_catalog

    catalog = load_catalog()
    most = sum(card.pirates for card in catalog.cards) + sum(island.pirates for island in catalog.islands)
    for name, count in Counter(pirates).items():
        if count > most:
            raise values.input_error("--pirates", name, tn("cli.coins.pirates_most", most))


def run_coins(args: argparse.Namespace) -> int:
    from scorer.catalog import load_catalog, load_limits
    from scorer.cli.game import table_track

    track = table_track(args.db) or load_catalog().dockyard  # the Tax values on the table's own boards
    top = track.max_commercial_level

    def level(field: str, text: str) -> int:
        return values.whole(field, text, top, t("cli.coins.level_allowed", top=top))

    levels = values.seats(args.players, "cli.metavar.level", "cli.coins.level_field", level, 2, "cli.coins.count")
    allowed_tax = t("cli.coins.tax_allowed", taxes=", ".join(map(str, track.tax_values)))
    taxes: dict[str, int] = {}
    for word in args.tax:
        who, amount = values.split("--tax", word, t("cli.metavar.amount"))
        name = values.player("--tax", who, levels)
        if name in taxes:
            raise values.input_error("--tax", word, t("cli.coins.tax_once", player=name, tax=taxes[name]))
        field = t("cli.coins.tax_field", player=repr(name))
        value = values.whole(field, amount, max(track.tax_values), allowed_tax)
        if value not in track.tax_values:
            raise values.input_error(field, value, allowed_tax)
        taxes[name] = value
    pirates = [values.player("--pirates", word, levels) for word in args.pirates]
    _check_pirates(pirates)
    immune = values.players_once("--immune", args.immune, levels)
    held: dict[str, int] = {}
    for word in args.coins:
        who, amount = values.split("--coins", word, t("cli.metavar.coins"))
        name = values.player("--coins", who, levels)
        if name in held:
            raise values.input_error("--coins", word, t("cli.coins.coins_once", player=name, coins=held[name]))
        held[name] = values.whole(t("cli.coins.coins_field", player=repr(name)), amount, load_limits().coins)

    from scorer.rules.coins import resolve_coin_losses

    outcome = resolve_coin_losses(levels, taxes, pirates, immune, held)
    rulings = output.unique_rulings([*(r for name in levels for r in outcome.decided_by[name]), *outcome.rulings])
    if args.json:
        output.print_json({"losses": {name: loss.lost for name, loss in outcome.losses.items()}, "rulings": rulings})
        return 0
    out = output.console()
    table = output.table(
        t("cli.coins.title"),
        t("cli.coins.player"),
        t("cli.coins.level"),
        t("cli.coins.tax_column"),
        t("cli.coins.pirates_column"),
        t("cli.coins.loses"),
        t("cli.coins.why"),
    )
    for name, lvl in levels.items():
        loss = outcome.losses[name]
        why = [r.summary for r in outcome.decided_by[name]] or [t("cli.coins.nothing")]
        table.add_row(name, str(lvl), str(loss.tax), str(loss.piracy), str(loss.lost), output.lines(why))
    out.print(table)
    output.print_rulings(out, rulings)
    return 0


def run_ground(args: argparse.Namespace) -> int:
    age = values.age(args.age)
    shields = values.seats(
        args.players, "cli.metavar.shields", "cli.ground.field", values.strength, 3, "cli.ground.count"
    )
    seats = list(shields)

    from scorer.rules.ground import Incursion, resolve_ground_conflicts, two_seats_away
    from scorer.ruling import age_name

    incursions = []
    for word in args.incursion:
        who, target = values.split("--incursion", word, t("cli.metavar.incursion"))
        attacker = values.player("--incursion", who, seats)
        allowed = list(dict.fromkeys(two_seats_away(seats, attacker)))
        field = t("cli.ground.target", player=repr(attacker))
        victim = values.player(field, target, seats)
        if victim not in allowed:
            raise values.input_error(field, target, _two_away(attacker, allowed))
        incursions.append(Incursion(attacker, victim))
    teams = _teams(args.team, seats)
    tomyris = values.players_once("--tomyris", args.tomyris, seats)

    outcome = resolve_ground_conflicts(age, seats, shields, incursions, teams, tomyris)
    rulings = output.unique_rulings([*(c.decided_by for c in outcome.conflicts), *outcome.rulings])
    total = outcome.total
    if args.json:
        output.print_json(
            {
                "tokens": {n: list(outcome.tokens[n]) for n in seats},
                "total": {n: total[n] for n in seats},
                "rulings": rulings,
            }
        )
        return 0
    out = output.console()
    table = output.table(
        t("cli.ground.title", age=age_name(age)),
        t("cli.ground.player"),
        t("cli.ground.shields"),
        t("cli.ground.tokens"),
        t("cli.ground.total"),
    )
    for name in seats:
        tokens = " ".join(output.signed(token) for token in outcome.tokens[name]) or "—"
        table.add_row(name, str(shields[name]), tokens, output.signed(total[name]) if total[name] else "0")
    out.print(table)
    output.print_rulings(out, rulings)
    return 0


def _two_away(attacker: str, targets: list[str]) -> str:
    """What an incursion by `attacker` may target: one player (at a table of four, both ways lead to them) or two."""
    if len(targets) == 1:
        return t("cli.ground.two_away_one", player=attacker, first=targets[0])
    return t("cli.ground.two_away_two", player=attacker, first=targets[0], second=targets[1])


def _teams(words: Sequence[str], seats: list[str]) -> list[tuple[str, str]]:
    """--team A,B words as pairs, checked by the same rule as a game record's teams."""
    from scorer.validate import check_teams

    teams: list[tuple[str, str]] = []
    for word in words:
        parts = [part.strip() for part in word.split(",")]
        if len(parts) != 2 or not all(parts):
            raise values.input_error("--team", word, t("cli.allowed.team"))
        first, second = parts
        teams.append((values.player("--team", first, seats), values.player("--team", second, seats)))
    if teams:
        check_teams(seats, teams, field="--team")
    return teams
