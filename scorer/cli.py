"""`wonders-scorer`: the rules engine from the command line.

    wonders-scorer naval  --age 2 Gabriel=2 Paula=2 Ann=8 Romeo=6 Fred=6
    wonders-scorer coins  Paula=3 Art=2 Romeo=0 --tax Paula=4 --tax Art=2
    wonders-scorer ground --age 1 Ann=3 Bob=1 Cid=2 Dee=0 --incursion Ann=Cid
    wonders-scorer score  game.json

Every command prints a Rich table with the rulings that decided it, or JSON with `--json`. Bad input is
refused at this edge with exit code 2 and one line on stderr naming the field, the value and what is
allowed. Only argparse, sys and json are imported at module level: Rich, the catalogue and the rules are
imported inside the commands, so `wonders-scorer --help` stays fast (and Textual is never imported here).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:  # pragma: no cover - annotations only
    from collections.abc import Callable, Iterable, Sequence

    from scorer.ruling import Ruling

PROG = "wonders-scorer"
MAX_PLAYERS = 8  # 3-7 players, 8 with Armada's 8-player rules (rules-reference §1)
AGES = ("1", "2", "3")


# --- argparse, made to fail in one line and never to call sys.exit itself -------------------------------

class _UsageError(Exception):
    """argparse refused the command line; the message is already prefixed with the command."""


class _Exit(Exception):
    """argparse finished early (--help, --version) with this status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        command = self.prog.split()[1:]  # "wonders-scorer naval" -> ["naval"]
        prefix = "".join(f"{word}: " for word in command)
        raise _UsageError(f"{prefix}{message}")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(_one_line(message) + "\n")
        raise _Exit(status)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _fail(message: str) -> int:
    sys.stderr.write(f"{PROG}: {_one_line(message)}\n")
    return 2


def _build_parser() -> tuple[_Parser, dict[str, _Parser]]:
    from scorer import __version__

    parser = _Parser(
        prog=PROG,
        description="Scoring companion for 7 Wonders + Leaders + Armada: settle a conflict or score a game, "
        "with the rulebook text behind every number.",
        epilog="Run `wonders-scorer COMMAND --help` for a command's options. Exit status: 0 done, 2 bad input.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    commands: dict[str, _Parser] = {}

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
    commands["naval"] = naval

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
    commands["coins"] = coins

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
    commands["ground"] = ground

    score = sub.add_parser(
        "score", help="score a finished game record (JSON)",
        description="Score a game record (UTF-8 JSON, schema in scorer/game_record.schema.json): the final "
        "score sheet, ranks and winners. Use - to read the record from standard input.",
    )
    score.add_argument("file", metavar="GAME.json", help="the game record to score")
    score.add_argument("--json", action="store_true", help="print JSON instead of a table")
    commands["score"] = score
    return parser, commands


def main(argv: list[str] | None = None) -> int:
    """Entry point of `wonders-scorer` and `python -m scorer`. Returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    parser, commands = _build_parser()
    try:
        if words and words[0] in commands:
            # Options and NAME=VALUE words may be mixed in any order within a command.
            args = commands[words[0]].parse_intermixed_args(words[1:])
            args.command = words[0]
        else:
            args = parser.parse_args(words)
    except _UsageError as error:
        return _fail(str(error))
    except _Exit as done:
        return done.status
    if args.command is None:
        parser.print_help()
        return 0

    from scorer.errors import InputError

    try:
        return _HANDLERS[args.command](args)
    except InputError as error:
        return _fail(f"{args.command}: {error}")


# --- reading values from the command line -----------------------------------------------------------------

def _input_error(field: str, value: Any, allowed: str) -> Exception:
    from scorer.errors import InputError

    return InputError(field, value, allowed)


def _whole(field: str, text: str, allowed: str = "a whole number >= 0") -> int:
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise _input_error(field, text, allowed)
    return int(text)


def _age(text: str) -> int:
    text = text.strip()
    if text not in AGES:
        value: Any = int(text) if text.lstrip("-").isdigit() and text.isascii() else text
        raise _input_error("--age", value, "1, 2 or 3 (Age I, II or III)")
    return int(text)


def _split(field: str, word: str, shape: str) -> tuple[str, str]:
    name, equals, value = word.partition("=")
    if not equals:
        raise _input_error(field, word, f"{shape}, e.g. Ann=3")
    return name.strip(), value.strip()


def _seats(
    words: Sequence[str], label: str, parse: Callable[[str, str], int], fewest: int, what: str
) -> dict[str, int]:
    """Players given as NAME=VALUE, in the order given: names non-empty and unique ignoring case."""
    seats: dict[str, int] = {}
    folded: dict[str, str] = {}
    for word in words:
        name, value = _split("player", word, f"NAME={label.upper().replace(' ', '_')}")
        _check_name(name)
        if name.casefold() in folded:
            raise _input_error(
                "player name", name, f"each player once (names are compared ignoring case); {folded[name.casefold()]!r} is already given"
            )
        folded[name.casefold()] = name
        seats[name] = parse(f"{label} of {name!r}", value)
    if not fewest <= len(seats) <= MAX_PLAYERS:
        raise _input_error("number of players", len(seats), f"{fewest} to {MAX_PLAYERS} players for {what}")
    return seats


def _check_name(name: str) -> None:
    if not name:
        raise _input_error("player name", name, "a non-empty name before the =")
    if not name.isprintable():
        raise _input_error("player name", name, "printable characters only")


def _player(field: str, word: str, seats: Iterable[str]) -> str:
    """The seated player `word` names: exactly, else ignoring case (names are unique ignoring case)."""
    seats = list(seats)
    name = word.strip()
    if name in seats:
        return name
    for seat in seats:
        if seat.casefold() == name.casefold():
            return seat
    raise _input_error(field, word, f"one of the players: {', '.join(seats)}")


def _players_once(field: str, words: Iterable[str], seats: Iterable[str]) -> list[str]:
    seats = list(seats)
    chosen: list[str] = []
    for word in words:
        name = _player(field, word, seats)
        if name in chosen:
            raise _input_error(field, word, "each player at most once")
        chosen.append(name)
    return chosen


def _unique(rulings: Iterable[Ruling]) -> list[dict[str, str]]:
    """Rulings as dicts, in order, each distinct ruling once (a general note may also decide a player)."""
    seen: set[Ruling] = set()
    out = []
    for item in rulings:
        if item not in seen:
            seen.add(item)
            out.append(item.to_dict())
    return out


# --- output -----------------------------------------------------------------------------------------------

def _print_json(data: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _console() -> Any:
    from rich.console import Console

    return Console(highlight=False)


def _print_rulings(console: Any, rulings: Sequence[dict[str, str]], title: str = "Rulings") -> None:
    """Each rule once, with what it decided here and the rulebook text it quotes."""
    from rich.padding import Padding
    from rich.text import Text

    groups: dict[str, list[dict[str, str]]] = {}
    for item in rulings:
        groups.setdefault(item["rule"], []).append(item)
    if not groups:
        return
    console.print()
    console.print(Text(title, style="bold underline"))
    for rule, items in groups.items():
        console.print(Text.assemble((rule, "bold"), f"  ({items[0]['source']})"))
        for item in items:
            console.print(Padding(Text(f"• {item['summary']}"), (0, 0, 0, 2)))
        console.print(Padding(Text(f"“{items[0]['quote']}”", style="italic"), (0, 0, 0, 4)))


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _table(title: str, *columns: str) -> Any:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(title), title_justify="left")
    for column in columns:
        table.add_column(Text(column), overflow="fold")  # Text: a player called "[b]" is not markup
    return table


# --- commands ---------------------------------------------------------------------------------------------

def _naval(args: argparse.Namespace) -> int:
    age = _age(args.age)
    strengths = _seats(args.players, "strength", _whole, 2, "a Naval Conflict")
    abstaining = _players_once("--abstain", args.abstain, strengths)

    from scorer.rules.naval import resolve_naval_conflict
    from scorer.ruling import age_name

    outcome = resolve_naval_conflict(age, strengths, abstaining)
    rulings = _unique([*(outcome.decided_by[name] for name in strengths if name in outcome.decided_by), *outcome.rulings])
    if args.json:
        _print_json({"tokens": dict(outcome.tokens), "rulings": rulings})
        return 0
    from rich.text import Text

    console = _console()
    table = _table(f"Naval Conflict, {age_name(age)}", "Player", "Strength", "Token", "Why")
    for name, strength in strengths.items():
        token = outcome.tokens[name]
        why = outcome.decided_by.get(name)
        table.add_row(Text(name), "out" if name in abstaining else str(strength),
                      _signed(token) if token else "—", Text(why.summary if why else ""))
    console.print(table)
    _print_rulings(console, rulings)
    return 0


def _coins(args: argparse.Namespace) -> int:
    from scorer.catalog import load_catalog

    track = load_catalog().dockyard
    top = track.max_commercial_level

    def level(field: str, text: str) -> int:
        value = _whole(field, text, f"a Commercial Level from 0 to {top}")
        if value > top:
            raise _input_error(field, value, f"a Commercial Level from 0 to {top}")
        return value

    levels = _seats(args.players, "commercial level", level, 2, "coin losses")
    allowed_tax = f"a Tax on the Dockyard track: {', '.join(map(str, track.tax_values))}"
    taxes: dict[str, int] = {}
    for word in args.tax:
        who, amount = _split("--tax", word, "NAME=AMOUNT")
        name = _player("--tax", who, levels)
        if name in taxes:
            raise _input_error("--tax", word, f"one Tax per player per turn; {name} already levies {taxes[name]}")
        value = _whole(f"tax of {name!r}", amount, allowed_tax)
        if value not in track.tax_values:
            raise _input_error(f"tax of {name!r}", value, allowed_tax)
        taxes[name] = value
    pirates = [_player("--pirates", word, levels) for word in args.pirates]
    immune = _players_once("--immune", args.immune, levels)
    held: dict[str, int] = {}
    for word in args.coins:
        who, amount = _split("--coins", word, "NAME=N")
        name = _player("--coins", who, levels)
        if name in held:
            raise _input_error("--coins", word, f"each player at most once; {name} already has {held[name]}")
        held[name] = _whole(f"coins of {name!r}", amount)

    from scorer.rules.coins import resolve_coin_losses

    outcome = resolve_coin_losses(levels, taxes, pirates, immune, held)
    rulings = _unique([*(r for name in levels for r in outcome.decided_by[name]), *outcome.rulings])
    if args.json:
        _print_json({"losses": {name: loss.lost for name, loss in outcome.losses.items()}, "rulings": rulings})
        return 0
    from rich.text import Text

    console = _console()
    table = _table("Coin losses this turn", "Player", "Commercial Level", "Tax", "Pirates", "Loses", "Why")
    for name, lvl in levels.items():
        loss = outcome.losses[name]
        why = "\n".join(r.summary for r in outcome.decided_by[name]) or "nothing levied against them"
        table.add_row(Text(name), str(lvl), str(loss.tax), str(loss.piracy), str(loss.lost), Text(why))
    console.print(table)
    _print_rulings(console, rulings)
    return 0


def _ground(args: argparse.Namespace) -> int:
    age = _age(args.age)
    shields = _seats(args.players, "shields", _whole, 3, "Ground Conflicts")
    seats = list(shields)

    from scorer.rules.ground import Incursion, neighbours, resolve_ground_conflicts, two_seats_away
    from scorer.ruling import age_name

    incursions = []
    for word in args.incursion:
        who, target = _split("--incursion", word, "FROM=TO")
        attacker = _player("--incursion", who, seats)
        allowed = list(dict.fromkeys(two_seats_away(seats, attacker)))
        victim = _player(f"--incursion target of {attacker!r}", target, seats)
        if victim not in allowed:
            raise _input_error(f"--incursion target of {attacker!r}", target,
                               f"a player two seats away from {attacker}: {' or '.join(allowed)}")
        incursions.append(Incursion(attacker, victim))
    teams = _teams(args.team, seats, neighbours)
    tomyris = _players_once("--tomyris", args.tomyris, seats)

    outcome = resolve_ground_conflicts(age, seats, shields, incursions, teams, tomyris)
    rulings = _unique([*(c.decided_by for c in outcome.conflicts), *outcome.rulings])
    total = outcome.total
    if args.json:
        _print_json({"tokens": {n: list(outcome.tokens[n]) for n in seats}, "total": {n: total[n] for n in seats},
                     "rulings": rulings})
        return 0
    from rich.text import Text

    console = _console()
    table = _table(f"Ground Conflicts, {age_name(age)}", "Player", "Shields", "Tokens", "Total")
    for name in seats:
        tokens = " ".join(_signed(t) for t in outcome.tokens[name]) or "—"
        table.add_row(Text(name), str(shields[name]), tokens, _signed(total[name]) if total[name] else "0")
    console.print(table)
    _print_rulings(console, rulings)
    return 0


def _teams(words: Sequence[str], seats: list[str], neighbours: Callable[..., tuple[str, str]]) -> list[tuple[str, str]]:
    if not words:
        return []
    if len(seats) not in (4, 6, 8):
        raise _input_error("number of players in a team game", len(seats), "the team variant is played at 4, 6 or 8 players")
    teams: list[tuple[str, str]] = []
    placed: set[str] = set()
    for word in words:
        parts = [part.strip() for part in word.split(",")]
        if len(parts) != 2 or not all(parts):
            raise _input_error("--team", word, "two players as A,B")
        a, b = (_player("--team", part, seats) for part in parts)
        for name in (a, b):
            if name in placed:
                raise _input_error("--team", word, f"each player is in exactly one team; {name} already is")
            placed.add(name)
        if b not in neighbours(seats, a):
            raise _input_error("--team", word, "teammates sit side by side (neighbours in seating order)")
        teams.append((a, b))
    missing = [name for name in seats if name not in placed]
    if missing:
        raise _input_error("--team", ", ".join(missing), "every player must be in a team; these are in none")
    return teams


def _score(args: argparse.Namespace) -> int:
    source = "standard input" if args.file == "-" else args.file
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8-sig") as handle:
                text = handle.read()
    except UnicodeDecodeError as error:
        raise _input_error("GAME.json", source, f"UTF-8 text ({error.reason} at byte {error.start})") from None
    except OSError as error:
        raise _input_error("GAME.json", source, f"a readable game record file ({error.strerror or error})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _input_error(f"JSON in {source!r}", f"line {error.lineno} column {error.colno}",
                           f"valid JSON ({error.msg})") from None

    from scorer.errors import InputError
    from scorer.validate import load_record

    try:
        record = load_record(data)
    except InputError as error:
        raise _input_error(f"{source}: {error.field}", error.value, error.allowed) from None
    try:
        from scorer.rules.sheet import score_game, sheet_to_dict
    except ModuleNotFoundError as error:
        if error.name != "scorer.rules.sheet":
            raise
        sys.stderr.write(f"{PROG}: score: the score sheet (scorer.rules.sheet) is not part of this build yet\n")
        return 1
    sheet = sheet_to_dict(score_game(record))
    if args.json:
        _print_json(sheet)
        return 0
    _print_sheet(sheet)
    return 0


def _print_sheet(sheet: dict[str, Any]) -> None:
    from rich.text import Text

    players = sheet["players"]
    winners = set(sheet.get("winners", []))
    table = _table("Score sheet", "", *(("★ " if p["name"] in winners else "") + p["name"] for p in players))
    for row in sheet["rows"]:
        table.add_row(Text(row[:1].upper() + row[1:]), *(str(p["rows"].get(row, 0)) for p in players))
    table.add_row(Text("Total", style="bold"), *(Text(str(p["total"]), style="bold") for p in players))
    if all("coins" in p for p in players):
        table.add_row("Coins", *(str(p["coins"]) for p in players))
    table.add_row("Rank", *(str(p.get("rank", "")) for p in players))
    console = _console()
    console.print(table)
    if sheet.get("teams"):
        teams = _table("Teams", "Team", "Total", "Coins", "Rank")
        for team in sheet["teams"]:
            teams.add_row(Text(" + ".join(team["members"])), str(team["total"]), str(team.get("coins", "")),
                          str(team.get("rank", "")))
        console.print(teams)
    names = [p["name"] for p in players if p["name"] in winners]
    if names:
        console.print(Text(f"{'Winners' if len(names) > 1 else 'Winner'}: {', '.join(names)} ★", style="bold"))
    rulings = [r.to_dict() if hasattr(r, "to_dict") else r for r in sheet.get("rulings", [])]
    _print_rulings(console, [r for r in rulings if str(r.get("rule", "")).startswith("final.")], "Tie-break")


_HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "naval": _naval, "coins": _coins, "ground": _ground, "score": _score,
}
