"""Dockyard: values read from the track at the ship's position (Armada rulebook, Description of the Dockyard)."""

from scorer.catalog import dockyard_from_rows, load_catalog
from scorer.rules.dockyard import (
    blue_fleet_ruling,
    blue_fleet_vp,
    commercial_level,
    dockyard_end,
    dockyard_naval_parts,
    dockyard_naval_shields,
)

TRACK = load_catalog().dockyard


def shields(ships: dict[str, int]) -> list[tuple[str, int]]:
    """The Dockyard's naval-shield parts for these positions, each source worded as a screen shows it; they add up
    to the shields a strength counts."""
    parts = [(str(source), n) for source, n in dockyard_naval_parts(TRACK, ships)]
    assert sum(n for _, n in parts) == dockyard_naval_shields(TRACK, ships)
    return parts


def test_romeo_blue_fleet_final_space_gives_10_vp_and_a_naval_shield():
    """'Romeo's Blue fleet reaches the final space ... a total of 10 Victory Points in his Dockyard board
    and his Naval Strength increases by 1.'"""
    assert blue_fleet_vp(TRACK, 6) == 10
    assert blue_fleet_ruling(TRACK, 6).rule_id == "dockyard.blue"
    assert ("Blue fleet (space 6)", 1) in shields({"red": 0, "yellow": 0, "blue": 6})


def test_gabriel_red_fleet_third_space_gives_3_naval_shields():
    """'Gabriel's Red fleet is located on the third upgrade space ..., granting him 3 Naval Shields.'"""
    assert shields({"red": 3, "yellow": 0, "blue": 0}) == [("Red fleet (space 3)", 3)]


def test_yellow_final_space_gives_two_naval_shields_and_taxes_are_1_2_4():
    """'The last space of this line also grants 2 Naval Shields.' Taxes: 1 (space 2), 2 (space 4), 4 (space 6)."""
    assert ("Yellow fleet (space 6)", 2) in shields({"red": 0, "yellow": 6, "blue": 0})
    assert TRACK.tax_values == (1, 2, 4)


def test_commercial_levels_from_the_rulebook_examples():
    """Art 'upgraded four times' has Commercial Level 2; Gabriel on the third space 'loses 2 Coins' to pirates."""
    assert [commercial_level(TRACK, p) for p in range(5)] == [0, 1, 1, 2, 2]


def test_a_table_calibration_replaces_the_blue_values():
    rows = [{"position": p, "blue_vp": v} for p, v in zip(range(1, 7), (1, 3, 5, 6, 8, 12))]
    calibrated = dockyard_from_rows(rows)
    assert blue_fleet_vp(calibrated, 6) == 12
    assert "not confirmed" not in blue_fleet_ruling(calibrated, 5).summary
    assert "not confirmed" in blue_fleet_ruling(TRACK, 5).summary


def test_end_values_say_which_are_assumed_until_a_calibration_confirms_them():
    """§9 prints the Blue fleet's VP only on its last space, the Yellow fleet's Commercial Level up to space 4:
    the values between are assumed, and a table's calibration makes them its own."""
    start = dockyard_end(TRACK, {"blue": 0, "yellow": 0})
    assert (start.blue_vp, start.commercial_level, start.assumed) == (0, 0, False)
    blue = dockyard_end(TRACK, {"blue": 5, "yellow": 4})
    assert (blue.blue_vp_assumed, blue.commercial_level_assumed, blue.assumed) == (True, False, True)
    yellow = dockyard_end(TRACK, {"blue": 6, "yellow": 5})
    assert (yellow.blue_vp, yellow.blue_vp_assumed, yellow.commercial_level_assumed) == (10, False, True)
    assert yellow.assumed
    rows = [{"position": p, "blue_vp": v} for p, v in zip(range(1, 7), (1, 3, 5, 6, 8, 12))]
    calibrated = dockyard_end(dockyard_from_rows(rows), {"blue": 5, "yellow": 5})
    assert (calibrated.blue_vp, calibrated.assumed) == (8, False)
