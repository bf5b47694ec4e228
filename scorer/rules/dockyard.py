"""Dockyard: what a fleet's position gives — Naval Shields (Red, Yellow 6, Blue 6), the Commercial Level
(Yellow) and the Blue fleet's VP (§9). Values come from a DockyardTrack passed in, so a table whose boards
show other numbers can recalibrate it once and every later game uses theirs.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorer.catalog import DockyardTrack
from scorer.ruling import Ruling, ruling


def commercial_level(track: DockyardTrack, yellow: int) -> int:
    """The Commercial Level shown on the Yellow ship's space."""
    return track.at(yellow).yellow_commercial_level


def dockyard_naval_shields(track: DockyardTrack, ships: Mapping[str, int]) -> list[tuple[str, int]]:
    """Naval Shields from the fleets' positions, as (source, shields) parts; zero parts are left out."""
    parts = [
        (f"Red fleet space {ships.get('red', 0)}", track.at(ships.get("red", 0)).red_naval_shields),
        (f"Yellow fleet space {ships.get('yellow', 0)}", track.at(ships.get("yellow", 0)).yellow_naval_shields),
        (f"Blue fleet space {ships.get('blue', 0)}", track.at(ships.get("blue", 0)).blue_naval_shields),
    ]
    return [(source, n) for source, n in parts if n]


def blue_fleet_vp(track: DockyardTrack, blue: int) -> tuple[int, Ruling]:
    """The Dockyard row: VP shown on the Blue ship's space at the end of the game."""
    space = track.at(blue)
    unconfirmed = " (value not confirmed: check your board in Dockyard calibration)" if "blue_vp" in space.unconfirmed else ""
    return space.blue_vp, ruling("dockyard.blue", f"Blue fleet on space {blue}: {space.blue_vp} VP{unconfirmed}.")
