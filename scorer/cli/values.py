"""Reading values from the command line: each refused value is an InputError naming field, value and what is allowed."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from scorer.i18n import t

AGES = ("1", "2", "3")


def input_error(field: str, value: Any, allowed: str) -> Exception:
    from scorer.errors import InputError  # light, but kept out of `--help`

    return InputError(field, value, allowed)


def whole(field: str, text: str, most: int, allowed: str | None = None) -> int:
    """A whole number from 0 to `most`. The digits are counted before int() reads them: Python refuses more
    than 4,300 of them with a ValueError, and no bound of the game has more than three. Only spaces around it
    are let go: a line break or a tab (`Ann=3\n` from a pasted line) is refused, never read as a number."""
    text = text.strip(" ")
    allowed = allowed or t("cli.allowed.whole", most=most)
    if not (text.isascii() and text.isdigit()):
        raise input_error(field, text, allowed)
    if len(text.lstrip("0")) > len(str(most)) or int(text) > most:
        raise input_error(field, text, allowed)
    return int(text)


def strength(field: str, text: str) -> int:
    """A Ground or Naval Strength: 0 to the most the game can give (rules_data/table.toml)."""
    from scorer.catalog import load_limits

    return whole(field, text, load_limits().strength)


def age(text: str) -> int:
    text = text.strip(" ")
    if text not in AGES:
        short_number = text.lstrip("-").isdigit() and text.isascii() and len(text) <= 4
        raise input_error("--age", int(text) if short_number else text, t("cli.allowed.age"))
    return int(text)


def split(field: str, word: str, shape: str) -> tuple[str, str]:
    """NAME=VALUE, each without the spaces around it (and only those: see `whole`)."""
    name, equals, value = word.partition("=")
    if not equals:
        raise input_error(field, word, t("cli.allowed.shape", shape=shape))
    return name.strip(" "), value.strip(" ")


def seats(
    words: Sequence[str], shape: str, field: str, parse: Callable[[str, str], int], fewest: int, count: str
) -> dict[str, int]:
    """Players given as NAME=VALUE, in the order given: names non-empty and unique ignoring case. The other
    arguments are catalogue keys: `shape` the metavar (NAME=STRENGTH), `field` a player's value in words
    (with {player}), `count` the number of players allowed (with {fewest} and {most})."""
    seats: dict[str, int] = {}
    folded: dict[str, str] = {}
    for word in words:
        name, value = split(t("cli.field.player"), word, t(shape))
        name = check_name(name)
        if name.casefold() in folded:
            raise input_error(
                t("cli.field.player_name"), name, t("cli.allowed.once", first=repr(folded[name.casefold()]))
            )
        folded[name.casefold()] = name
        seats[name] = parse(t(field, player=repr(name)), value)
    from scorer.catalog import load_limits

    most = load_limits().players
    if not fewest <= len(seats) <= most:
        raise input_error(t("cli.field.players"), len(seats), t(count, fewest=fewest, most=most))
    return seats


def check_name(name: str) -> str:
    """The name as it is kept (see scorer.names: the same rule as a game record's seats). A control character
    (`Ann\n=3`, a tab) is refused here, not trimmed away as a record's name would have it: on a command line it
    is a pasting mistake."""
    if not name:
        raise input_error(t("cli.field.player_name"), name, t("cli.allowed.named"))
    _printable(t("cli.field.player_name"), name)
    from scorer.names import player_name

    return player_name(name, t("cli.field.player_name"))


def _printable(field: str, name: str) -> None:
    """Refuse a control character (a line break, a tab) in a name typed on the command line."""
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        raise input_error(field, name, t("names.printable"))


def player(field: str, word: str, seats: Iterable[str]) -> str:
    """The seated player `word` names: exactly, else ignoring case (names are unique ignoring case)."""
    from scorer.names import normal_form

    _printable(field, word)
    seats = list(seats)
    name = normal_form(word)
    if name in seats:
        return name
    for seat in seats:
        if seat.casefold() == name.casefold():
            return seat
    raise input_error(field, word, t("cli.allowed.one_of", names=", ".join(seats)))


def players_once(field: str, words: Iterable[str], seats: Iterable[str]) -> list[str]:
    seats = list(seats)
    chosen: list[str] = []
    for word in words:
        name = player(field, word, seats)
        if name in chosen:
            raise input_error(field, word, t("cli.allowed.at_most_once"))
        chosen.append(name)
    return chosen
