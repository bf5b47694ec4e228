"""The catalogue of game facts (rules_data/ through scorer.catalog.load_catalog; rules-reference §3–§8)."""

import ast
import re
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from scorer.catalog import COLOURS, fold, load_catalog

ROOT = Path(__file__).resolve().parents[2]
PLAYER_COUNTS = (3, 4, 5, 6, 7)


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def base_non_guild(catalog, age):
    return [c for c in catalog.cards if c.age == age and c.expansion == "base" and not c.is_guild]


# --- base-game card counts --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("age", [1, 2])
def test_age_1_2_copies_are_7_per_player(catalog, age, players):
    """Base rulebook: each player is dealt 7 cards per Age, so Ages I and II hold 7 × players cards."""
    assert sum(c.copies_at(players) for c in base_non_guild(catalog, age)) == 7 * players


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_age_3_non_guild_copies_leave_room_for_players_plus_2_guilds(catalog, players):
    """§4: "Deck uses players + 2 guilds." So Age III holds 7 × players − (players + 2) non-guild cards."""
    assert sum(c.copies_at(players) for c in base_non_guild(catalog, 3)) == 7 * players - (players + 2)


def test_eight_players_play_as_seven(catalog):
    """§1: 8 players use "every base and Armada card of the 7-player game\"."""
    for age in (1, 2, 3):
        for card in base_non_guild(catalog, age):
            assert card.copies_at(8) == card.copies_at(7)


def test_base_card_rows(catalog):
    """§3 has 27 Age I, 23 Age II and 18 Age III rows (guilds excluded)."""
    assert [len(base_non_guild(catalog, age)) for age in (1, 2, 3)] == [27, 23, 18]


def test_every_base_card_present_from_three_players(catalog):
    """Every base card listed at "3+" or above; nothing needs more than 7 players."""
    for age in (1, 2, 3):
        for card in base_non_guild(catalog, age):
            assert card.players and min(card.players) >= 3 and max(card.players) <= 7, card.en
            assert card.colour in COLOURS


def test_science_symbols_per_type(catalog):
    """§3: "compass = Apothecary, Dispensary, Lodge, Academy; gear = Workshop, Laboratory, Observatory, Study;
    tablet = Scriptorium, Library, School, University.\""""
    by_symbol = defaultdict(set)
    for card in catalog.cards:
        if card.science and card.expansion == "base":
            by_symbol[card.science].add(card.en)
    assert by_symbol == {
        "compass": {"Apothecary", "Dispensary", "Lodge", "Academy"},
        "gear": {"Workshop", "Laboratory", "Observatory", "Study"},
        "tablet": {"Scriptorium", "Library", "School", "University"},
    }


# --- Armada cards -----------------------------------------------------------------------------------------


def test_eight_armada_cards_per_age_two_per_colour(catalog):
    """ "These are divided by Age, with 2 Red cards, 2 Yellow cards, 2 Blue cards, and 2 Green cards for each Age.\""""
    armada = [c for c in catalog.cards if c.expansion == "armada"]
    assert len(armada) == 24
    assert Counter(c.age for c in armada) == {1: 8, 2: 8, 3: 8}
    per = Counter((c.age, c.colour) for c in armada)
    assert per == {(age, colour): 2 for age in (1, 2, 3) for colour in ("red", "yellow", "blue", "green")}


THREE_PLAYER_EXCLUDED = {"Dock", "Quay", "Jetty", "Eastern Emporium", "Western Emporium"}


def test_three_player_armada_deck_excludes_the_five_arrow_cards(catalog):
    """ "For a game with 3 players, return to the box the 5 Armada cards bearing the >> or << icon (Western
    Emporium, Eastern Emporium, Dock, Quay, and Jetty).\""""
    excluded = {c.en for c in catalog.cards if c.expansion == "armada" and c.exclude_at_3}
    assert excluded == THREE_PLAYER_EXCLUDED
    at_3 = {c.en for age in (1, 2, 3) for c in catalog.deck(age, 3, armada=True) if c.expansion == "armada"}
    assert len(at_3) == 24 - 5
    assert not at_3 & THREE_PLAYER_EXCLUDED
    for players in (4, 5, 6, 7, 8):
        armada = {c.en for age in (1, 2, 3) for c in catalog.deck(age, players, armada=True) if c.expansion == "armada"}
        assert armada >= THREE_PLAYER_EXCLUDED
        assert len(armada) == 24


def test_no_armada_cards_without_armada(catalog):
    for age in (1, 2, 3):
        assert not [c for c in catalog.deck(age, 5) if c.expansion == "armada"]


# --- guilds -----------------------------------------------------------------------------------------------


def test_fourteen_guilds_ten_base_four_leaders(catalog):
    """§4: ten base guilds; "Leaders-box guilds": Architects, Gamers, Diplomats, Courtesans. Leaders rulebook
    contents: "4 cartas de Guilda\"."""
    guilds = [c for c in catalog.cards if c.is_guild]
    assert len(guilds) == 14
    assert all(g.age == 3 for g in guilds)
    assert Counter(g.box for g in guilds) == {"base": 10, "leaders": 4}
    assert {g.en for g in guilds if g.box == "leaders"} == {
        "Architects Guild",
        "Gamers Guild",
        "Diplomats Guild",
        "Courtesans Guild",
    }


def test_deck_guilds_need_leaders_only_for_diplomats_and_courtesans(catalog):
    """§4: the Leaders box's Architects and Gamers Guilds do not need Leaders in play; Diplomats and
    Courtesans do."""
    without = {c.en for c in catalog.deck(3, 5) if c.is_guild}
    with_leaders = {c.en for c in catalog.deck(3, 5, leaders=True) if c.is_guild}
    assert len(without) == 12 and {"Architects Guild", "Gamers Guild"} <= without
    assert with_leaders - without == {"Diplomats Guild", "Courtesans Guild"}
    assert not [c for c in catalog.deck(1, 5, leaders=True) if c.is_guild]


# --- leaders, islands, wonders ----------------------------------------------------------------------------


def test_36_playable_leaders_plus_blank_semiramis(catalog):
    """Leaders rulebook contents: "36 cartas de Líder [...] 1 carta de Líder em branco\"."""
    playable = [leader for leader in catalog.leaders if not leader.blank]
    blank = [leader for leader in catalog.leaders if leader.blank]
    assert len(playable) == 36
    assert [leader.en for leader in blank] == ["Semiramis"]
    assert len({leader.id for leader in catalog.leaders}) == 37


def test_nine_islands_per_level(catalog):
    """ "These are divided into 3 levels of 9 cards, each offering a unique effect.\""""
    assert len(catalog.islands) == 27
    assert Counter(i.level for i in catalog.islands) == {1: 9, 2: 9, 3: 9}


def test_island_level_by_portuguese_name(catalog):
    """§8: "level by name: Ilha = 1, Porto = 2, Arquipélago = 3\"."""
    prefix = {1: "ilha", 2: "porto", 3: "arquipelago"}
    for island in catalog.islands:
        assert fold(island.pt).startswith(prefix[island.level]), island.pt


@pytest.mark.parametrize(
    "pt, field, value",
    [
        ("Porto dos Ventos", "naval_shields", 2),
        ("Ilha dos Ventos Uivantes", "naval_shields", 1),
        ("Arquipélago dos Ventos Alísios", "naval_shields", 3),
        ("Ilha de Bronze", "shields", 1),
        ("Porto de Ferro", "shields", 2),
        ("Arquipélago Escarlate", "shields", 3),
        ("Ilha Deserta", "vp", 3),
        ("Porto das Estátuas", "vp", 5),
        ("Arquipélago Soberano", "vp", 7),
        ("Ilha Nebulosa", "immune_coin_losses", True),
        ("Porto Esquecido", "naval_opt_out", True),
        ("Porto Pirata", "pirates", True),
        ("Porto Pirata", "vp", 3),
    ],
)
def test_island_values(catalog, pt, field, value):
    assert getattr(catalog.island(pt), field) == value


WONDER_TOTALS = {
    "Alexandria": {"A": 10, "B": 7},
    "Babylon": {"A": 10, "B": 3},
    "Ephesos": {"A": 10, "B": 10},
    "Gizah": {"A": 15, "B": 20},
    "Halicarnassus": {"A": 10, "B": 3},
    "Olympia": {"A": 10, "B": 5},
    "Rhodes": {"A": 10, "B": 7},
    "Rome": {"A": 10, "B": 6},
}


def test_eight_wonders_rome_in_leaders_box(catalog):
    assert {w.en for w in catalog.wonders} == set(WONDER_TOTALS)
    assert {w.en: w.box for w in catalog.wonders} == {
        name: ("leaders" if name == "Rome" else "base") for name in WONDER_TOTALS
    }


@pytest.mark.parametrize("name", sorted(WONDER_TOTALS))
def test_wonder_stage_vp_match_reference_totals(catalog, name):
    """§5 "Wonder VP total" column, per side."""
    wonder = catalog.wonder(name)
    assert set(wonder.sides) == {"A", "B"}
    for side, total in WONDER_TOTALS[name].items():
        assert sum(stage.vp for stage in wonder.sides[side].stages) == total, (name, side)


def test_wonder_stage_counts_and_special_stages(catalog):
    stages = {(w.en, s): len(side.stages) for w in catalog.wonders for s, side in w.sides.items()}
    assert stages[("Gizah", "B")] == 4
    assert stages[("Rhodes", "B")] == 2
    assert stages[("Rome", "A")] == 2
    assert sum(st.shields for st in catalog.wonder("Rhodes").sides["A"].stages) == 2
    assert sum(st.shields for st in catalog.wonder("Rodes").sides["B"].stages) == 2
    assert catalog.wonder("Olympia").sides["B"].stages[2].copy_guild


# --- names and look-ups -----------------------------------------------------------------------------------


@pytest.mark.parametrize("age", [1, 2, 3])
def test_card_names_unique_within_an_age(catalog, age):
    """English and Portuguese names (case/accent-folded) each name one card per age."""
    seen = {}
    for card in catalog.cards:
        if card.age != age:
            continue
        for name in {fold(card.en), fold(card.pt), fold(card.id)}:
            assert seen.setdefault(name, card.key) == card.key, (name, seen[name], card.key)
    keys = [c.key for c in catalog.cards if c.age == age]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("kind", ["leaders", "islands", "wonders"])
def test_other_names_unique(catalog, kind):
    seen = {}
    for item in getattr(catalog, kind):
        for name in {fold(item.en), fold(item.pt), fold(item.id)}:
            assert seen.setdefault(name, item.id) == item.id, (name, seen[name], item.id)


def test_lookups_portuguese_case_and_accent_insensitive(catalog):
    assert catalog.island("porto esquecido").en == "Forgotten Port"
    assert catalog.card("alfandega portuaria", 3).en == "Customs Office"
    assert catalog.card("MOLHE", 3).en == "Jetty"
    assert catalog.leader("Tomiris").en == "Tomyris"
    assert catalog.leader("TÔMIRIS") is catalog.leader("tomyris")
    assert catalog.island("PORTO DOS VENTOS") is catalog.island("Port of Winds")
    assert catalog.card("Alfândega Portuária", 3) is catalog.card("customs office", 3)


def test_lookup_misses_return_none(catalog):
    assert catalog.card("Molhe", 1) is None  # Jetty is an Age III card
    assert catalog.card("No Such Card", 2) is None
    assert catalog.island("Atlantis") is None
    assert catalog.leader("Napoleon") is None


def test_the_age_i_grey_cards_return_in_age_ii(catalog):
    """Glassworks, Loom and Press exist in Age I and Age II."""
    for name in ("Loom", "Glassworks", "Press"):
        ages = [age for age in (1, 2, 3) if catalog.card(name, age) is not None]
        assert ages == [1, 2]
        assert catalog.card(name, 1).id == catalog.card(name, 2).id  # the same building


# --- rule ids used by the code ----------------------------------------------------------------------------


def _candidates(node, assigned):
    """The string values an expression can take: a literal, either branch of `x if c else y` (not the test),
    `a or b`, or what was assigned to a name."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _candidates(node.body, assigned) | _candidates(node.orelse, assigned)
    if isinstance(node, ast.BoolOp):
        return set().union(*(_candidates(value, assigned) for value in node.values))
    if isinstance(node, ast.Name):
        return assigned.get(node.id, set())
    return set()


def rule_ids_used_in_source():
    """Rule ids passed to `ruling(...)` in scorer/: literal first arguments, both branches of a conditional first
    argument, and the string values assigned to a variable passed as the first argument."""
    used = defaultdict(set)
    for path in sorted((ROOT / "scorer").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        assigned = defaultdict(set)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        assigned[target.id] |= _candidates(node.value, {})
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if called != "ruling":
                continue
            for rule_id in _candidates(node.args[0], assigned):
                used[rule_id].add(path.relative_to(ROOT).as_posix())
    return used


def test_every_rule_id_used_in_scorer_exists_in_rulings_toml():
    with open(ROOT / "rules_data" / "rulings.toml", "rb") as handle:
        known = set(tomllib.load(handle)["rule"])
    used = rule_ids_used_in_source()
    assert used, "found no ruling(...) calls at all: the scan is broken"
    # The scan does find the ids the rules modules are known to use.
    assert {"naval.defeat", "coins.tax", "ground.incursion", "guild.cap", "science.sets"} <= set(used)
    missing = {rule_id: sorted(paths) for rule_id, paths in used.items() if rule_id not in known}
    assert not missing, f"rule ids used in scorer/ but not quoted in rules_data/rulings.toml: {missing}"


def test_every_ruling_has_quote_and_source():
    with open(ROOT / "rules_data" / "rulings.toml", "rb") as handle:
        rules = tomllib.load(handle)["rule"]
    for rule_id, entry in rules.items():
        assert entry.get("quote"), rule_id
        assert entry.get("source"), rule_id


# --- data against the reference tables --------------------------------------------------------------------

REFERENCE = Path("/work/shared/rules-reference.md")
ROMAN = {"I": 1, "II": 2, "III": 3}


def reference_rows():
    if not REFERENCE.exists():
        pytest.skip("rules-reference.md not available")
    text = REFERENCE.read_text(encoding="utf-8")
    section = text[text.index("## 3.") : text.index("Science symbols:")]
    rows = re.findall(
        r"^\| (I|II|III) \| ([^|]+) \| (\w+) \| ([^|]+) \| ([^|]+) \| ([^|]*) \| ([^|]*) \|$", section, re.MULTILINE
    )
    assert len(rows) == 68
    return rows


def test_base_cards_match_reference_table(catalog):
    """Every row of rules-reference §3: colour, player counts ("3+ 5+"), VP, shields, science symbol, chains."""
    by_id = {c.id: c for c in catalog.cards}
    problems = []
    for roman, name, colour, counts, effect, _cost, chains in reference_rows():
        card = catalog.card(name.strip(), ROMAN[roman])
        if card is None:
            problems.append(f"missing {name}")
            continue
        want = {
            "colour": colour,
            "players": tuple(int(n) for n in re.findall(r"(\d)\+", counts)),
            "vp": int(m[1]) if (m := re.search(r"\*\*(\d+) VP\*\*", effect)) else card.vp,
            "shields": int(m[1]) if (m := re.search(r"\*\*(\d+) shields?\*\*", effect)) else 0,
            "science": m[1] if (m := re.search(r"\*\*(compass|gear|tablet)\*\*", effect)) else None,
            "chains": {fold(x) for x in chains.split("/") if x.strip()},
        }
        have = {
            "colour": card.colour,
            "players": card.players,
            "vp": card.vp,
            "shields": card.shields,
            "science": card.science,
            "chains": {fold(by_id[i].en) for i in card.chains_from},
        }
        if have != want:
            problems.append(f"{roman} {name.strip()}: {have} != {want}")
    assert not problems, problems


@pytest.mark.parametrize(
    "name, age, field, value",
    [
        ("Dock", 1, "shields", 1),
        ("Quay", 2, "shields", 2),
        ("Jetty", 3, "shields", 3),
        ("Dock", 1, "incursion", "right2"),
        ("Quay", 2, "incursion", "left2"),
        ("Coastal Defenses", 1, "naval_shields", 1),
        ("Fortified Port", 2, "naval_shields", 2),
        ("Coastal Fortifications", 3, "naval_shields", 3),
        ("Shipyard", 1, "vp", 0),
        ("Construction Yard", 1, "vp", 0),
        ("Drydock", 2, "vp", 2),
        ("Hangar", 2, "vp", 3),
        ("Captaincy", 3, "vp", 4),
        ("Naval Ministry", 3, "vp", 5),
        ("Pirate Cache", 1, "pirates", True),
        ("Pirate Lair", 2, "pirates", True),
        ("Pirate Brotherhood", 3, "pirates", True),
        ("Pirate Brotherhood", 3, "vp", 4),
        ("Pirate Cache", 1, "coins", 3),
        ("Pirate Lair", 2, "coins", 6),
        ("Steersmen's Academy", 1, "island_draw", 1),
        ("Map Room", 2, "island_draw", 2),
        ("Naval Archives", 3, "island_draw", 3),
    ],
)
def test_armada_card_values(catalog, name, age, field, value):
    """Armada rulebook: "Ground Shields (1/2/3 respectively)", "Naval Shields [...] (1/2/3 Naval Shields
    respectively)", "Victory Points (0/0/2/3/4/5 respectively)", "(3 / 6 Coins or 4 Victory Points
    respectively)", "(level 1/2/3 respectively)"."""
    assert getattr(catalog.card(name, age), field) == value


def test_the_guilds_the_english_armada_rulebook_names_are_spelt_as_it_prints_them_and_read_without_it():
    """Its Scoring Guilds example: "Romeo played the Philosophers' Guild and the Traders' Guild". Games saved
    before kept "Philosophers Guild": a name is found without its apostrophe, so they read as the same card."""
    catalog = load_catalog()
    for printed, saved in (("Philosophers' Guild", "Philosophers Guild"), ("Traders' Guild", "Traders Guild")):
        card = catalog.card(printed, 3)
        assert card is not None and card.en == printed and catalog.card(saved, 3) is card
