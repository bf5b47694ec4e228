"""Issue 14 item 5: an island is named in the table's language wherever the sheet and the conflicts account
for it (a cell's account and rulings, a Ground or Naval strength's parts, the Naval Conflict's rulings), never
by a name stored in a rule's figures. Checked for every island of the catalogue, in both languages: each is
given in turn to one player of the 7-player Leaders + Armada example, and every word the sheet says about
that player is read."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from scorer.catalog import Island, load_catalog
from scorer.i18n import speaking
from scorer.rules.sheet import score_game
from scorer.validate import load_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAME = json.loads((EXAMPLES / "leaders-armada-7p.json").read_text(encoding="utf-8"))
PLAYER = "Ana"


def _with_island(island: Island) -> dict:
    """The example with nobody's islands but `island`, taken by Ana in Age III (kept by the name the age
    screen stores), her Naval Conflict sat out when the island allows it."""
    data = copy.deepcopy(GAME)
    for age in data["ages"]:
        for entry in age["players"].values():
            entry.pop("islands", None)
            entry.pop("abstain_naval", None)
    data["ages"][-1]["players"][PLAYER]["islands"] = [island.pt]
    if island.naval_opt_out:
        data["ages"][-1]["players"][PLAYER]["abstain_naval"] = True
    return data


def _everything_said(data: dict, language: str) -> str:
    """Every line the sheet shows about Ana, in `language`: her cells' accounts and rulings, her Ground and
    Naval strengths of each age, the Naval Conflicts' rulings about her."""
    with speaking(language):
        sheet = score_game(load_record(data))
        ana = next(p for p in sheet.players if p.name == PLAYER)
        lines = [line for cell in ana.rows.values() for line in cell.account]
        lines += [r.summary for cell in ana.rows.values() for r in cell.rulings]
        for age in sheet.ages:
            lines.append(age.ground_strength[PLAYER].account())
            if age.naval_strength is not None and age.naval is not None:
                lines.append(age.naval_strength[PLAYER].account())
                lines.append(age.naval.decided_by[PLAYER].summary if PLAYER in age.naval.decided_by else "")
                lines += [r.summary for r in age.naval.rulings]
        return "\n".join(lines)


def _accounted(island: Island) -> bool:
    """Whether the sheet names this island at all: it gives VP or shields, or lets its owner stay out."""
    return bool(
        island.vp
        or island.score
        or island.best_colour
        or island.shields
        or island.naval_shields
        or island.naval_opt_out
    )


@pytest.mark.parametrize("island", load_catalog().islands, ids=lambda island: island.id)
@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_island_is_named_in_the_table_language(island: Island, language: str) -> None:
    data = _with_island(island)
    text = _everything_said(data, language)
    spoken, other = (island.en, island.pt) if language == "en" else (island.pt, island.en)
    if spoken != other:
        assert other not in text
    if _accounted(island):
        assert spoken in text
