"""The game's names as the chosen language prints them (wonders, cards, leaders, islands), and small lists."""

from __future__ import annotations

from scorer.i18n import decimal, local_name, t


def list_or(items: list[str]) -> str:
    """'3', '3 or 5', '3, 4 or 5' in the chosen language."""
    if len(items) == 1:
        return items[0]
    return t("cli_history.list_or", rest=", ".join(items[:-1]), last=items[-1])


def one_decimal(value: float) -> str:
    return decimal(value, 1)


def wonder_words(name: str) -> str:
    """A wonder (records keep the English name) as the chosen language's boards print it."""
    from scorer.catalog import load_catalog

    wonder = load_catalog().wonder(name)
    return local_name(wonder) if wonder is not None else name


def card_words(name: str, age: int) -> str:
    from scorer.catalog import load_catalog

    card = load_catalog().built(name, age)  # an earlier age's card taken from the discard pile too
    return local_name(card) if card is not None else name


def leader_words(name: str) -> str:
    from scorer.catalog import load_catalog

    leader = load_catalog().leader(name)
    return local_name(leader) if leader is not None else name


def island_words(name: str) -> str:
    from scorer.catalog import load_catalog

    island = load_catalog().island(name)
    return local_name(island) if island is not None else name


def shown_day(day: str | None) -> str:
    """An ISO day as the chosen language writes it (11/12/2026 in Portuguese); '' for none."""
    if not day:
        return ""
    from datetime import date

    try:
        return date.fromisoformat(day).strftime(t("cli_history.day_format"))
    except ValueError:  # not a day this version reads: shown as stored
        return day
