"""Reading values from the command line: each refused value is an InputError naming field, value and what is allowed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

MAX_PLAYERS = 8  # 3-7 players, 8 with Armada's 8-player rules (rules-reference §1)
AGES = ("1", "2", "3")


def input_error(field: str, value: Any, allowed: str) -> Exception:
    from scorer.errors import InputError  # light, but kept out of `--help`

    return InputError(field, value, allowed)


def whole(field: str, text: str, allowed: str = "a whole number >= 0") -> int:
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise input_error(field, text, allowed)
    return int(text)


def age(text: str) -> int:
    text = text.strip()
    if text not in AGES:
        value: Any = int(text) if text.lstrip("-").isdigit() and text.isascii() else text
        raise input_error("--age", value, "1, 2 or 3 (Age I, II or III)")
    return int(text)


def split(field: str, word: str, shape: str) -> tuple[str, str]:
    name, equals, value = word.partition("=")
    if not equals:
        raise input_error(field, word, f"{shape}, e.g. Ann=3")
    return name.strip(), value.strip()


def seats(
    words: Sequence[str], label: str, parse: Callable[[str, str], int], fewest: int, what: str
) -> dict[str, int]:
    """Players given as NAME=VALUE, in the order given: names non-empty and unique ignoring case."""
    seats: dict[str, int] = {}
    folded: dict[str, str] = {}
    for word in words:
        name, value = split("player", word, f"NAME={label.upper().replace(' ', '_')}")
        check_name(name)
        if name.casefold() in folded:
            raise input_error(
                "player name", name, f"each player once (names are compared ignoring case); {folded[name.casefold()]!r} is already given"
            )
        folded[name.casefold()] = name
        seats[name] = parse(f"{label} of {name!r}", value)
    if not fewest <= len(seats) <= MAX_PLAYERS:
        raise input_error("number of players", len(seats), f"{fewest} to {MAX_PLAYERS} players for {what}")
    return seats


def check_name(name: str) -> None:
    if not name:
        raise input_error("player name", name, "a non-empty name before the =")
    if not name.isprintable():
        raise input_error("player name", name, "printable characters only")


def player(field: str, word: str, seats: Iterable[str]) -> str:
    """The seated player `word` names: exactly, else ignoring case (names are unique ignoring case)."""
    seats = list(seats)
    name = word.strip()
    if name in seats:
        return name
    for seat in seats:
        if seat.casefold() == name.casefold():
            return seat
    raise input_error(field, word, f"one of the players: {', '.join(seats)}")


def players_once(field: str, words: Iterable[str], seats: Iterable[str]) -> list[str]:
    seats = list(seats)
    chosen: list[str] = []
    for word in words:
        name = player(field, word, seats)
        if name in chosen:
            raise input_error(field, word, "each player at most once")
        chosen.append(name)
    return chosen
