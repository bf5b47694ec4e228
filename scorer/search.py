"""Finding a card, island or leader by typing part of its name, and naming it as the table reads it.

Players read names off Brazilian cards, so a search must match "alfandega" to "Alfândega Portuária" and
"stock" to "Stockade": matching is accent- and case-insensitive on both names, whatever the language. The
table app's card picker (widgets/card_picker.py) and the phones' card search (scorer/phones) rank and name
candidates with these same functions, so a phone offers what the laptop offers, in the same order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from scorer.catalog import Catalog, fold
from scorer.deck import why_not_offered
from scorer.i18n import current_language, local_name, t
from scorer.model import GameRecord
from scorer.ruling import age_name

Item = TypeVar("Item")


def rank(query: str, item: Any) -> int | None:
    """How well `query` matches `item` (lower is better), None when it does not match at all.

    A name that starts with the query beats a word inside it that starts with it, which beats a match in
    the middle of a word, so the entry the table means is usually the highlighted one after a few letters.
    Both names count in either language: the table may read a Portuguese card and type it in English.
    """
    return rank_in(fold(query), [fold(item.en), fold(item.pt)])


def rank_in(key: str, names: list[str]) -> int | None:
    """`rank` for a folded query among folded names."""
    if not key:
        return 0
    if any(name.startswith(key) for name in names):
        return 0
    if any(word.startswith(key) for name in names for word in name.split()):
        return 1
    if any(key in name for name in names):
        return 2
    return None


def matches(query: str, candidates: Iterable[Item]) -> list[Item]:
    """The candidates `query` matches, best first (equal ranks keep the candidates' order)."""
    scored = [(r, i, item) for i, item in enumerate(candidates) if (r := rank(query, item)) is not None]
    return [item for _, _, item in sorted(scored, key=lambda found: (found[0], found[1]))]


def label_of(item: Any, detail: str = "", query: str = "") -> str:
    """An entry as the table reads it, with `detail` in brackets: 'Stockade / Paliçada (red)' in English
    (one name when both editions print the same word); 'Paliçada (vermelha)' in Portuguese, 'Paliçada /
    Stockade (vermelha)' when `query` matched only the English name."""
    same = fold(item.en) == fold(item.pt)
    if current_language() != "pt":
        name = item.en if same else f"{item.en} / {item.pt}"
    elif not same and query and rank_in(fold(query), [fold(item.pt)]) is None:
        name = f"{item.pt} / {item.en}"
    else:
        name = local_name(item)
    return f"{name} ({detail})" if detail else name


def not_offered_text(record: GameRecord, catalog: Catalog, age: int, player: str, text: str) -> str | None:
    """Why the card `text` names is not offered to `player` this age (scorer.deck.why_not_offered), in the
    current language and naming the card as the search names it; None when `text` names no one card."""
    why = why_not_offered(record, catalog, age, player, text)
    if why is None:
        return None
    card, words = label_of(why.card, query=text), why.detail
    if why.reason in ("other_age", "discard_only"):
        return t(f"age.not_offered.{why.reason}", card=card, its_age=age_name(words["age"]), player=player)
    if why.reason in ("expansion", "leaders"):
        expansion = "Armada" if why.reason == "expansion" else t("age.not_offered.leaders")
        return t("age.not_offered.expansion", card=card, expansion=expansion)
    if why.reason == "own":
        return t("age.not_offered.own", card=card, player=player)
    listed = {key: ", ".join(value) if isinstance(value, list) else value for key, value in words.items()}
    return t(f"age.not_offered.{why.reason}", card=card, **listed)  # "taken": the players who hold it
