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


# --- an island renamed: the English Armada rulebook's "Pirate Harbor", once "Pirate Port" -------------------

OLD_NAME = "Pirate Port"  # what the data called it before, as game files and histories kept it (names as typed)


def _teams_game(island_name: str) -> dict:
    """The 6-player team example, whose Fay took Pirate Harbor in Age II, with the island under `island_name`."""
    data = json.loads((EXAMPLES / "teams-armada-6p.json").read_text(encoding="utf-8"))
    [holder] = [e for age in data["ages"] for e in age["players"].values() if "Pirate Harbor" in e.get("islands", ())]
    holder["islands"] = [island_name]
    return data


def test_the_english_name_is_the_rulebooks_and_the_old_one_is_read_as_the_same_island() -> None:
    harbor = load_catalog().island("Pirate Harbor")
    assert harbor is not None and harbor.en == "Pirate Harbor" and harbor.pt == "Porto Pirata"
    assert load_catalog().island(OLD_NAME) is harbor and load_catalog().island("pirate port") is harbor
    assert OLD_NAME in harbor.aliases


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_saved_game_holding_the_old_name_loads_scores_and_reads_with_the_new_one(tmp_path, language) -> None:
    """A history saved before the rename holds "Pirate Port": the game loads from it, scores the sheet the
    new name gives (its 3 VP and its pirates), and every word about it says Pirate Harbor (Porto Pirata)."""
    from scorer.history.store import HistoryStore

    old = load_record(_teams_game(OLD_NAME))
    HistoryStore.open(tmp_path / "history.json").save(old)
    loaded = HistoryStore.open(tmp_path / "history.json").load(old.id)
    assert OLD_NAME in [i for age in loaded.ages.values() for e in age.values() for i in e.islands]
    with speaking(language):
        then = score_game(loaded)
        now = score_game(load_record(_teams_game("Pirate Harbor")))
        assert [p.total for p in then.players] == [p.total for p in now.players]
        said = [line for p in then.players for line in p.rows["islands"].account]
    spoken = "Pirate Harbor" if language == "en" else "Porto Pirata"
    assert any(spoken in line for line in said) and not any(OLD_NAME in line for line in said)
