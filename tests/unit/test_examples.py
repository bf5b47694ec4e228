"""The example games in examples/, scored by hand from the rulebooks and /work/shared/rules-reference.md.

Every expected number below was counted by hand (the comment beside it is the count), not produced by the
scorer. Seats are clockwise: a player's left neighbour is the next seat, the right neighbour the previous one.
Dock (>>) targets the seat two places back, Quay (<<) two places forward. Dockyard values are the placeholders
of rules_data/dockyard.toml (red shields = position; blue VP 1/2/4/6/8/10; Commercial Level 1,1,2,2,3,3).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.model import GameRecord
from scorer.rules.sheet import score_game, sheet_to_dict
from scorer.validate import load_record
from tests.hand_counted import (
    ARMADA_7P_GROUND_TOKENS,
    ARMADA_7P_NAVAL_STRENGTH,
    ARMADA_7P_NAVAL_TOKENS,
    TEAMS_6P_GROUND_TOKENS,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ALL_EXAMPLES = sorted(p.name for p in EXAMPLES.glob("*.json"))


def data(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def sheet(name: str) -> dict:
    return sheet_to_dict(score_game(load_record(data(name))))


def player(name: str, who: str) -> dict:
    return next(p for p in sheet(name)["players"] if p["name"] == who)


# --- every file ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_EXAMPLES)
def test_example_loads(name):
    record = load_record(data(name))
    assert len(record.players) >= 3


@pytest.mark.parametrize("name", ALL_EXAMPLES)
def test_example_round_trips(name):
    """GameRecord.from_dict(data).to_dict() is a record again, and it scores to the same sheet."""
    original = data(name)
    again = GameRecord.from_dict(original).to_dict()
    reloaded = load_record(json.loads(json.dumps(again)))
    assert sheet_to_dict(score_game(reloaded)) == sheet_to_dict(score_game(load_record(original)))


# =========================================================================================================
# leaders-5p.json — Leaders, 5 players. Seats: Ana (Rome A), Bruno (Olympia B), Carla (Babylon A),
# Davi (Rhodes B), Elisa (Gizah B).
#
# Ground strength by age (I / II / III):
#   Ana   Stockade 1 | +Archery Range 2 +Hannibal 1 = 4 | +Arsenal 3 = 7
#   Bruno 0 | 0 | 0            Carla 0 | 0 | 0
#   Davi  Barracks 1 + Guard Tower 1 = 2 | +Stables 2 +Walls 2 +Training Ground 2 +Rhodes B st.1 1 +Caesar 2 = 11
#         | +Circus 3 +Siege Workshop 3 +Rhodes B st.2 1 = 18
#   Elisa Barracks 1 | +Stables 2 = 3 (Tomyris recruited at the start of Age II) | +Fortifications 3 = 6
# Age I:  Ana 1>Bruno 0 (+1/-1); Bruno=Carla; Davi 2>Carla 0 (+1/-1); Davi 2>Elisa 1 (+1/-1); Elisa 1=Ana 1.
# Age II: Ana 4>Bruno (+3/-1); Bruno=Carla; Davi>Carla (+3/-1);
#         Davi 11>Elisa 3: Davi +3, and Elisa's -1 goes to Davi (Tomyris);
#         Ana 4>Elisa 3 (Hannibal decides: 3=3 without him): Ana +3, Elisa's -1 goes to Ana (Tomyris).
# Age III: same shape with 5s: Ana +5 (Bruno), +5 and -1 (Elisa/Tomyris, Hannibal again decides 7>6);
#          Davi +5 (Carla), +5 and -1 (Elisa/Tomyris).
# Military: Ana 1 + (3+3-1) + (5+5-1) = 15; Bruno -3; Carla -3; Davi 2 + (3+3-1) + (5+5-1) = 16; Elisa -1.
# =========================================================================================================

LEADERS_5P = "leaders-5p.json"

LEADERS_5P_GROUND_TOKENS = {  # per age, sorted
    1: {"Ana": [1], "Bruno": [-1], "Carla": [-1], "Davi": [1, 1], "Elisa": [-1]},
    2: {"Ana": [-1, 3, 3], "Bruno": [-1], "Carla": [-1], "Davi": [-1, 3, 3], "Elisa": []},
    3: {"Ana": [-1, 5, 5], "Bruno": [-1], "Carla": [-1], "Davi": [-1, 5, 5], "Elisa": []},
}

LEADERS_5P_ROWS = {
    "Ana": dict(
        military=15,  # see above
        treasury=8,  # 25 coins // 3
        wonder=10,  # Rome A 4 + 6
        civilian=20,  # Altar 2 + Temple 3 + Pantheon 7 + Palace 8
        commercial=0,
        guilds=8,  # Gamers: 25 // 3
        science=1,  # Study: 1 gear -> 1
        leaders=11,  # Midas 25 // 3 = 8; Justinian: blue 4, red 3, green 1 -> 1 set = 3; Hannibal 0
    ),
    "Bruno": dict(
        military=-3,
        treasury=2,  # 8 // 3
        wonder=5,  # Olympia B stage 2 (stages 1 and 3 give no VP)
        civilian=15,  # Theater 2 + Courthouse 4 + Statue 4 + Gardens 5
        commercial=2,  # Lighthouse: 2 yellow (Caravansery, Lighthouse)
        guilds=11,  # Magistrates: blue Ana 4 + Carla 1 = 5; Architects: purple Ana 1 + Carla 1 -> 6;
        # Olympia B copies Carla's Scientists Guild (best: +8 science vs Gamers 8 // 3 = 2): 0 VP here
        science=18,  # compass 1 (Academy), tablet 3 (Scriptorium, School, Ptolemy) + 1 wildcard (copied
        # Scientists): (1,1,3) = 1+1+9 + 7 = 18 > (1,0,4) 17 > (2,0,3) 13
        leaders=8,  # Nefertiti 4 + Hiram 2 x 2 purple = 4 (the Olympia copy is not a guild card); Ptolemy 0
    ),
    "Carla": dict(
        military=-3,
        treasury=0,  # 2 coins
        wonder=10,  # Babylon A 3 + 7 (stage 2 = wildcard); stage 3 built with Archimedes
        civilian=6,  # Senate
        commercial=3,  # Arena: 3 own wonder stages
        guilds=0,  # Scientists Guild gives a symbol, not VP
        science=57,  # compass 3 (Apothecary, Dispensary, Lodge), gear 2 (Workshop, Laboratory), tablet 2
        # (Scriptorium, Library) + 2 wildcards (Babylon A, Scientists), Aristotle 10/set:
        # (3,3,3) = 27 + 30 = 57 > (5,2,2) 33 + 20 = 53 > (4,3,2) 29 + 20 = 49
        leaders=0,  # Aristotle's +3/set is in the Science row; Xenophon discarded, Archimedes tucked
    ),
    "Davi": dict(
        military=16,
        treasury=1,  # 5 // 3
        wonder=7,  # Rhodes B 3 + 4
        civilian=9,  # Pawnshop 3 + Town Hall 6
        commercial=3,  # Haven: 3 brown (Clay Pool, Stone Pit, Foundry)
        guilds=3,  # Spies: red Carla 0 + Elisa 3
        science=0,
        leaders=6,  # Alexander: 6 Victory tokens (2 + 2 + 2; the -1s from Tomyris do not reduce it); Caesar 0
    ),
    "Elisa": dict(
        military=-1,
        treasury=3,  # 11 // 3
        wonder=13,  # Gizah B 3 + 5 + 5 (stage 2 with Sappho)
        civilian=8,  # Altar 2 + Town Hall 6
        commercial=6,  # Arena 3 own stages + Haven 3 brown (Timber Yard, Excavation, Sawmill)
        guilds=5,  # Diplomats: recruited leaders Davi 2 (Alexander, Caesar; Bilkis discarded) + Ana 3
        science=4,  # 2 compass (Apothecary, Dispensary)
        leaders=7,  # Plato: brown 3, grey 1, blue 2, yellow 4, green 2, red 3, purple 1 -> 1 set = 7
    ),
}
LEADERS_5P_TOTALS = {  # name: (total, coins, rank)
    "Ana": (73, 25, 1),  # 15+8+10+20+0+8+1+11; ties Carla at 73, wins on coins 25 > 2
    "Carla": (73, 2, 2),  # -3+0+10+6+3+0+57+0
    "Bruno": (58, 8, 3),  # -3+2+5+15+2+11+18+8
    "Elisa": (45, 11, 4),  # -1+3+13+8+6+5+4+7; ties Davi at 45, ahead on coins 11 > 5
    "Davi": (45, 5, 5),  # 16+1+7+9+3+3+0+6
}


@pytest.mark.parametrize("who", sorted(LEADERS_5P_ROWS))
def test_leaders_5p_rows(who):
    assert player(LEADERS_5P, who)["rows"] == LEADERS_5P_ROWS[who]


@pytest.mark.parametrize("who", sorted(LEADERS_5P_TOTALS))
def test_leaders_5p_total_and_rank(who):
    p = player(LEADERS_5P, who)
    assert (p["total"], p["coins"], p["rank"]) == LEADERS_5P_TOTALS[who]


def test_leaders_5p_winner_by_coins():
    out = sheet(LEADERS_5P)
    assert out["winners"] == ["Ana"]
    assert [r["rule"] for r in out["rulings"]] == ["final.tie-break"]  # Ana and Carla tied at 73
    assert out["rows"] == ["military", "treasury", "wonder", "civilian", "commercial", "guilds", "science", "leaders"]


@pytest.mark.parametrize("age", [1, 2, 3])
def test_leaders_5p_ground_tokens(age):
    conflicts = score_game(load_record(data(LEADERS_5P))).ages[age - 1]
    assert {n: sorted(t) for n, t in conflicts.ground.tokens.items()} == LEADERS_5P_GROUND_TOKENS[age]


# =========================================================================================================
# leaders-armada-7p.json — Leaders + Armada, 7 players. Seats: Ana (Gizah A), Ben (Babylon A),
# Cris (Ephesos B), Dora (Alexandria A), Enzo (Halicarnassus A), Flor (Olympia A), Guto (Rhodes A).
# Incursions: Enzo's Dock (Age I) -> Cris (two seats back); Guto's Quay (Age II) -> Ben (two seats forward).
#
# Ground strength (I / II / III): Ana GT 1 | 1 | 1; Ben 0 | Training Ground 2 | 2; Cris Barracks 1 | 1 | 1;
#   Dora 0 | 0 | 0; Enzo Dock 1 + Stockade 1 = 2 | +Archery 2 = 4 | +Arsenal 3 = 7;
#   Flor Stockade 1 + Hannibal 1 = 2 | +Walls 2 +Caesar 2 = 6 | +Fortifications 3 = 9;
#   Guto GT 1 + Barracks 1 = 2 | +Quay 2 +Stables 2 +TG 2 +Rhodes A st.2 2 = 10 | +Circus 3 +Arsenal 3 = 16.
# Age I:  Ana>Ben, Cris>Ben, Cris>Dora, Enzo>Dora, Enzo=Flor (Hannibal), Flor=Guto, Guto>Ana; Enzo 2>Cris 1 (Dock).
# Age II: Ben 2>Ana 1, Ben 2>Cris 1, Cris>Dora, Enzo>Dora, Flor 6>Enzo 4, Guto 10>Flor 6, Guto>Ana; Guto>Ben (Quay).
# Age III: Ben>Ana, Ben>Cris, Cris>Dora, Enzo>Dora, Flor 9>Enzo 7, Guto>Flor, Guto>Ana (no Jetty in the deck).
# Military: Ana 1-1 -1-1 -1-1 = -4; Ben -2 +3+3-1 +5+5 = 13; Cris 1+1-1 +3-1 +5-1 = 7; Dora -6;
#   Enzo 1+1 +3-1 +5-1 = 8; Flor 0 +3-1 +5-1 = 6; Guto 1 +3+3+3 +5+5 = 20 (6 Victory tokens).
#
# Naval strength (red position + yellow 6: 2 + blue 6: 1 + cards + islands):
#   Age I:  Ana 1, Ben 0, Cris 1, Dora 0, Enzo 2, Flor 2+Coastal Defenses 1 = 3, Guto 2+Howling Winds 1 = 3
#           -> weakest Ben, Dora -1; tied strongest Flor, Guto take rank 2 = 1 each; Enzo (3rd) 0 in Age I.
#   Age II: Ana 1+blue6 1 = 2, Ben 1, Cris abstains (Forgotten Port; would be 1), Dora 1 (Hangar move),
#           Enzo 3+Port of Winds 2 = 5, Flor 4+1+Fortified Port 2 = 7, Guto 4+1 = 5
#           -> weakest Ben, Dora -2; Flor 5; Enzo, Guto tied 2nd: rank 3 = nothing in Age II.
#   Age III: Ana 2+1 = 3, Ben 1, Cris 1+yellow6 2 = 3, Dora 2, Enzo 4+2 = 6, Flor 6+1+2+Coastal Fort. 3 = 12,
#           Guto 5+1 = 6 -> Ben -3; Flor 7; Enzo, Guto tied 2nd with one strongest: 3 each; Ana, Cris (p=4) 0.
# =========================================================================================================

ARMADA_7P = "leaders-armada-7p.json"
# The naval tokens and strengths and the ground tokens counted above: tests/hand_counted.py (the conflicts
# screen shows them too).

ARMADA_7P_ROWS = {
    "Ana": dict(
        military=-4,
        naval=0,
        treasury=2,  # 7 // 3
        wonder=15,  # Gizah A 3 + 5 + 7 (stage 3 with Imhotep)
        civilian=45,  # Shipyard 0, Altar 2, Baths 3, Drydock 2, Temple 3, Aqueduct 5, Captaincy 4, Pantheon 7,
        # Palace 8, Town Hall 6, Gardens 5
        commercial=0,
        guilds=3,  # Strategists: GROUND defeat tokens of Guto 0 + Ben 3 (his 3 naval defeats do not count)
        science=0,
        leaders=16,  # Nebuchadnezzar 11 blue cards (Armada blue included) + Cleopatra 5
        islands=0,
        dockyard=10,  # Blue fleet on space 6
    ),
    "Ben": dict(
        military=13,
        naval=-6,  # -1 -2 -3
        treasury=1,  # 3 // 3
        wonder=10,  # Babylon A 3 + 7
        civilian=12,  # Senate 6 + Town Hall 6
        commercial=3,  # Arena: 3 own stages
        guilds=4,  # Workers: brown Ana 3 (Stone Pit, Lumber Yard, Quarry) + Cris 1 (Clay Pool)
        science=61,  # compass 1 (Euclid), gear 2, tablet 3; 1 wildcard (Babylon) then 3 most-common
        # (Explorer's Office, Society of Navigators, Captain's Circle):
        # wildcard->tablet (1,2,4) -> mc to tablet (1,2,7) = 1+4+49 + 7 = 61;
        # ->compass (2,2,3)->(2,2,6) = 44 + 14 = 58; ->gear (1,3,3)->(1,3,6) = 46 + 7 = 53
        leaders=8,  # Hypatia: 8 green (incl. the 3 Armada green cards); Euclid is science; Zenobia discarded
        islands=0,
        dockyard=0,
    ),
    "Cris": dict(
        military=7,
        naval=0,
        treasury=4,  # 14 // 3
        wonder=10,  # Ephesos B 2 + 3 + 5
        civilian=8,  # Construction Yard 0 + Palace 8
        commercial=25,  # Pirate Brotherhood 4 + Customs Office 2 x CL 3 (yellow 6) = 6 + Lighthouse 9 yellow
        # + Chamber of Commerce 2 x 3 grey (Loom, Glassworks, Press) = 6
        guilds=0,
        science=0,  # Map Room is green without a symbol
        leaders=9,  # Varro: 9 yellow (Pirate Cache, Marketplace, Caravansery, Vineyard, Bazar, Customs Office,
        # Pirate Brotherhood, Lighthouse, Chamber of Commerce); Croesus gives coins only
        islands=0,  # Forgotten Port: no VP
        dockyard=0,
    ),
    "Dora": dict(
        military=-6,
        naval=-3,  # -1 -2
        treasury=2,  # 6 // 3
        wonder=10,  # Alexandria A 3 + 7 (stage 3 with Nefertiti)
        civilian=15,  # Pawnshop 3 + Hangar 3 + Courthouse 4 + Naval Ministry 5
        commercial=7,  # Haven 4 brown (Mine, Clay Pit, Foundry, Sawmill) + Arena 3 stages
        guilds=23,  # Traders: yellow Cris 9 + Enzo 4 (Tavern, Pirate Lair, Forum, Arena) = 13 -> cap 10;
        # Spies: red Cris 1 + Enzo 4 = 5; Philosophers: green Cris 1 + Enzo 7 = 8
        science=0,
        leaders=6,  # Hiram 2 x 3 purple; Ramses 0
        islands=0,
        dockyard=0,
    ),
    "Enzo": dict(
        military=8,
        naval=3,
        treasury=3,  # 9 // 3
        wonder=10,  # Halicarnassus A 3 + 7
        civilian=0,
        commercial=3,  # Arena (built from the discard): 3 own stages
        guilds=0,
        science=26,  # compass 3 (Apothecary, Dispensary, Lodge), gear 1 (Study), tablet 3 (Scriptorium,
        # Library, University): 9 + 1 + 9 + 7 = 26
        leaders=10,  # Pericles 2 x 4 red (Dock, Stockade, Archery Range, Arsenal) + Sappho 2
        islands=3,  # Deserted Island 3; Port of Winds only shields
        dockyard=0,
    ),
    "Flor": dict(
        military=6,
        naval=13,  # 1 + 5 + 7
        treasury=1,  # 4 // 3
        wonder=10,  # Olympia A 3 + 7
        civilian=20,  # Theater 2 + Statue 4 + Temple 3 + Gardens 5 + Town Hall 6
        commercial=2,  # Lighthouse: 2 yellow
        guilds=5,  # Shipowners: brown 3 + grey 1 + purple 1
        science=0,
        leaders=6,  # Amytis 2 x 3 stages
        islands=0,
        dockyard=0,
    ),
    "Guto": dict(
        military=20,
        naval=4,  # 1 + 0 + 3
        treasury=3,  # 11 // 3
        wonder=10,  # Rhodes A 3 + 7
        civilian=6,  # Senate
        commercial=0,
        guilds=9,  # Builders: stages Guto 3 + Flor 3 + Ana 3
        science=0,  # Steersmen's Academy and Naval Archives carry no symbol
        leaders=9,  # Alexander 6 GROUND Victory tokens (naval victories do not count) + Justinian 1 set
        # (blue 1, red 7, green 2 Armada) = 3; Nero 0
        islands=7,  # Sovereign Archipelago 7; Howling Winds only a naval shield
        dockyard=0,
    ),
}
ARMADA_7P_TOTALS = {  # name: (total, coins, rank)
    "Ben": (106, 3, 1),  # 13-6+1+10+12+3+4+61+8
    "Ana": (87, 7, 2),  # -4+0+2+15+45+0+3+0+16+0+10
    "Guto": (68, 11, 3),  # 20+4+3+10+6+0+9+0+9+7
    "Enzo": (66, 9, 4),  # 8+3+3+10+0+3+0+26+10+3
    "Cris": (63, 14, 5),  # 7+0+4+10+8+25+0+0+9; ties Flor at 63, ahead on coins
    "Flor": (63, 4, 6),  # 6+13+1+10+20+2+5+0+6
    "Dora": (54, 6, 7),  # -6-3+2+10+15+7+23+0+6
}


@pytest.mark.parametrize("who", sorted(ARMADA_7P_ROWS))
def test_armada_7p_rows(who):
    assert player(ARMADA_7P, who)["rows"] == ARMADA_7P_ROWS[who]


@pytest.mark.parametrize("who", sorted(ARMADA_7P_TOTALS))
def test_armada_7p_total_and_rank(who):
    p = player(ARMADA_7P, who)
    assert (p["total"], p["coins"], p["rank"]) == ARMADA_7P_TOTALS[who]


def test_armada_7p_winner():
    assert sheet(ARMADA_7P)["winners"] == ["Ben"]


@pytest.mark.parametrize("age", [1, 2, 3])
def test_armada_7p_naval_tokens(age):
    conflicts = score_game(load_record(data(ARMADA_7P))).ages[age - 1]
    assert conflicts.age == age
    assert dict(conflicts.naval.tokens) == ARMADA_7P_NAVAL_TOKENS[age]


@pytest.mark.parametrize("age", [1, 2, 3])
def test_armada_7p_naval_strength(age):
    conflicts = score_game(load_record(data(ARMADA_7P))).ages[age - 1]
    assert {n: s.value for n, s in conflicts.naval_strength.items()} == ARMADA_7P_NAVAL_STRENGTH[age]


@pytest.mark.parametrize("age", [1, 2, 3])
def test_armada_7p_ground_tokens(age):
    conflicts = score_game(load_record(data(ARMADA_7P))).ages[age - 1]
    assert {n: sorted(t) for n, t in conflicts.ground.tokens.items()} == ARMADA_7P_GROUND_TOKENS[age]


# =========================================================================================================
# teams-armada-6p.json — Armada team variant, 6 players. Seats: Ari (Rhodes B), Bel (Gizah A) | Caz (Ephesos A),
# Dev (Babylon A) | Eli (Olympia A), Fay (Alexandria B). Each player fights only the opposing neighbour:
# Fay-Ari, Bel-Caz, Dev-Eli, with doubled tokens; incursions (Ari's Dock -> Eli, Bel's Quay -> Dev) single.
#
# Ground (I / II / III): Ari Dock 1 + Barracks 1 = 2 | +Stables 2 +Archery 2 +Rhodes B st.1 1 = 7 | +Arsenal 3
#   +Circus 3 +st.2 1 = 14; Bel GT 1 | +Quay 2 = 3 | 3; Caz 0; Dev Bronze Island 1 | 1 | 1;
#   Eli Stockade 1 | +Walls 2 +TG 2 = 5 | +Fortifications 3 = 8; Fay GT 1 | +TG 2 = 3 | 3.
# Age I:  Ari 2>Fay 1: Ari +1+1, Fay -1-1; Bel 1>Caz 0: +1+1 / -1-1; Dev 1=Eli 1 (Bronze Island);
#         Dock: Ari 2>Eli 1: +1 / -1.
# Age II: Ari>Fay +3+3 / -1-1; Bel>Caz +3+3 / -1-1; Eli 5>Dev 1 +3+3 / -1-1; Quay: Bel 3>Dev 1: +3 / -1.
# Age III: Ari>Fay +5+5 / -1-1; Bel>Caz +5+5 / -1-1; Eli 8>Dev 1 +5+5 / -1-1.
# Military: Ari 3+6+10 = 19; Bel 2+9+10 = 21; Caz -6; Dev 0-3-2 = -5; Eli -1+6+10 = 15; Fay -6.
#
# Naval: Age I  Ari 1, Bel 0, Caz 0, Dev 0, Eli 3+1 = 4, Fay 0 -> Eli 3, Ari 1, the four at 0: -1.
#        Age II Ari 3, Bel 1+blue6 1 = 2, Caz 0, Dev 0, Eli 5+1+2 = 8, Fay 0 -> Eli 5, Ari 3, Bel 0, 0s: -2.
#        Age III Ari 5, Bel 2+1 = 3, Caz yellow6 2, Dev 0, Eli 6+1+2+3 = 12, Fay 0 -> Eli 7, Ari 5, Bel 3 (3rd),
#        Caz 0, Dev and Fay -3.
# Naval: Ari 1+3+5 = 9; Bel -1+0+3 = 2; Caz -1-2 = -3; Dev -1-2-3 = -6; Eli 3+5+7 = 15; Fay -6.
# =========================================================================================================

TEAMS_6P = "teams-armada-6p.json"
# The ground tokens counted above: tests/hand_counted.py (the conflicts screen shows them too).

TEAMS_6P_NAVAL_TOKENS = {
    1: {"Ari": 1, "Bel": -1, "Caz": -1, "Dev": -1, "Eli": 3, "Fay": -1},
    2: {"Ari": 3, "Bel": 0, "Caz": -2, "Dev": -2, "Eli": 5, "Fay": -2},
    3: {"Ari": 5, "Bel": 3, "Caz": 0, "Dev": -3, "Eli": 7, "Fay": -3},
}

TEAMS_6P_ROWS = {
    "Ari": dict(
        military=19,
        naval=9,
        treasury=1,  # 5 // 3
        wonder=7,  # Rhodes B 3 + 4
        civilian=18,  # Altar 2 + Temple 3 + Pantheon 7 + Town Hall 6
        commercial=0,
        guilds=4,  # Spies: red Fay 2 (GT, TG) + Bel 2 (GT, Quay)
        science=0,
        islands=0,
        dockyard=0,
    ),
    "Bel": dict(
        military=21,
        naval=2,
        treasury=1,  # 4 // 3
        wonder=15,  # Gizah A 3 + 5 + 7
        civilian=23,  # Shipyard 0, Theater 2, Drydock 2, Statue 4, Captaincy 4, Gardens 5, Senate 6
        commercial=0,
        guilds=6,  # Magistrates: blue Ari 4 + Caz 2 (Construction Yard, Palace)
        science=0,
        islands=0,
        dockyard=10,  # Blue fleet on space 6
    ),
    "Caz": dict(
        military=-6,
        naval=-3,
        treasury=2,  # 7 // 3
        wonder=10,  # Ephesos A 3 + 7
        civilian=8,  # Palace 8 + Construction Yard 0
        commercial=15,  # Customs Office 2 x CL 3 = 6 + Lighthouse 8 yellow + Haven 1 brown
        guilds=10,  # Philosophers: green Bel 0 + Dev 11 = 11 -> cap 10
        science=9,  # 3 tablets (Scriptorium, Library, University)
        islands=5,  # Port of Statues
        dockyard=0,
    ),
    "Dev": dict(
        military=-5,
        naval=-6,
        treasury=0,  # 2 coins
        wonder=10,  # Babylon A 3 + 7
        civilian=5,  # Gardens
        commercial=0,
        guilds=0,  # Scientists: a symbol
        science=76,  # compass 3, gear 3, tablet 2; 2 wildcards then 2 most-common: both wildcards to compass
        # (5,3,2) -> mc (7,3,2) = 49+9+4 + 14 = 76; (4,3,3)->(6,3,3) = 54 + 21 = 75;
        # (4,4,2)->(6,4,2) = 56 + 14 = 70
        islands=6,  # Deserted Island 3 + Pirate Harbor 3 (Bronze Island: a ground shield)
        dockyard=0,
    ),
    "Eli": dict(
        military=15,
        naval=15,
        treasury=2,  # 8 // 3
        wonder=10,  # Olympia A 3 + 7
        civilian=9,  # Baths 3 + Town Hall 6
        commercial=0,
        guilds=6,  # Shipowners: brown 3 + grey 2 + purple 1
        science=0,  # Naval Archives: no symbol
        islands=7,  # Rainbow Archipelago: best colour red, 7 cards
        dockyard=0,
    ),
    "Fay": dict(
        military=-6,
        naval=-6,
        treasury=1,  # 3 // 3
        wonder=7,  # Alexandria B stage 3
        civilian=29,  # Pawnshop 3 + Hangar 3 + Aqueduct 5 + Naval Ministry 5 + Pantheon 7 + Town Hall 6
        commercial=3,  # Arena: 3 own stages
        guilds=8,  # Builders: stages Fay 3 + Eli 3 + Ari 2
        science=4,  # 2 compass
        islands=0,
        dockyard=0,
    ),
}
TEAMS_6P_TOTALS = {  # name: (total, coins, rank) — individual places
    "Dev": (86, 2, 1),  # -5-6+0+10+5+0+0+76+6
    "Bel": (78, 4, 2),  # 21+2+1+15+23+0+6+10
    "Eli": (64, 8, 3),  # 15+15+2+10+9+0+6+0+7
    "Ari": (58, 5, 4),  # 19+9+1+7+18+0+4
    "Caz": (50, 7, 5),  # -6-3+2+10+8+15+10+9+5
    "Fay": (40, 3, 6),  # -6-6+1+7+29+3+8+4
}
TEAMS_6P_TEAMS = [
    {"members": ["Ari", "Bel"], "total": 136, "coins": 9, "rank": 1},  # 58 + 78; coins 5 + 4
    {"members": ["Caz", "Dev"], "total": 136, "coins": 9, "rank": 1},  # 50 + 86; coins 7 + 2: tie stands
    {"members": ["Eli", "Fay"], "total": 104, "coins": 11, "rank": 3},  # 64 + 40
]


@pytest.mark.parametrize("who", sorted(TEAMS_6P_ROWS))
def test_teams_6p_rows(who):
    assert player(TEAMS_6P, who)["rows"] == TEAMS_6P_ROWS[who]


@pytest.mark.parametrize("who", sorted(TEAMS_6P_TOTALS))
def test_teams_6p_total_and_rank(who):
    p = player(TEAMS_6P, who)
    assert (p["total"], p["coins"], p["rank"]) == TEAMS_6P_TOTALS[who]


def test_teams_6p_team_totals_and_shared_win():
    out = sheet(TEAMS_6P)
    assert out["teams"] == TEAMS_6P_TEAMS
    assert sorted(out["winners"]) == ["Ari", "Bel", "Caz", "Dev"]
    assert "final.tie-break" in [r["rule"] for r in out["rulings"]]  # 136 = 136 and 9 = 9 coins: shared


@pytest.mark.parametrize("age", [1, 2, 3])
def test_teams_6p_ground_tokens(age):
    conflicts = score_game(load_record(data(TEAMS_6P))).ages[age - 1]
    assert {n: sorted(t) for n, t in conflicts.ground.tokens.items()} == TEAMS_6P_GROUND_TOKENS[age]


@pytest.mark.parametrize("age", [1, 2, 3])
def test_teams_6p_naval_tokens(age):
    conflicts = score_game(load_record(data(TEAMS_6P))).ages[age - 1]
    assert dict(conflicts.naval.tokens) == TEAMS_6P_NAVAL_TOKENS[age]
