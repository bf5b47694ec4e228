"""Dockyard: what a fleet's position gives — Naval Shields (Red, Yellow 6, Blue 6), the Commercial Level
(Yellow) and the Blue fleet's VP (§9). Values come from a DockyardTrack passed in, so a table whose boards
show other numbers can recalibrate it once and every later game uses theirs.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorer.catalog import DockyardTrack
from scorer.ruling import Ruling, ruling
from scorer.words import Words


def commercial_level(track: DockyardTrack, yellow: int) -> int:
    """The Commercial Level shown on the Yellow ship's space."""
    return track.at(yellow).yellow_commercial_level


def dockyard_naval_shields(track: DockyardTrack, ships: Mapping[str, int]) -> int:
    """Naval Shields from the fleets' positions (Red, Yellow, Blue: the Green fleet gives none)."""
    red, yellow, blue = ships.get("red", 0), ships.get("yellow", 0), ships.get("blue", 0)
    spaces = track.spaces
    return spaces[red].red_naval_shields + spaces[yellow].yellow_naval_shields + spaces[blue].blue_naval_shields


def dockyard_naval_parts(track: DockyardTrack, ships: Mapping[str, int]) -> list[tuple[Words, int]]:
    """dockyard_naval_shields as (source, shields) parts, for a strength's account; zero parts are left out."""
    red, yellow, blue = ships.get("red", 0), ships.get("yellow", 0), ships.get("blue", 0)
    parts = []
    if n := track.at(red).red_naval_shields:
        parts.append((Words("rules.dockyard.space.red", {"space": red}), n))
    if n := track.at(yellow).yellow_naval_shields:
        parts.append((Words("rules.dockyard.space.yellow", {"space": yellow}), n))
    if n := track.at(blue).blue_naval_shields:
        parts.append((Words("rules.dockyard.space.blue", {"space": blue}), n))
    return parts


def blue_fleet_vp(track: DockyardTrack, blue: int) -> int:
    """The Dockyard row: VP shown on the Blue ship's space at the end of the game."""
    return track.at(blue).blue_vp


def blue_fleet_ruling(track: DockyardTrack, blue: int) -> Ruling:
    """The rule behind the Dockyard row, saying the space, its VP and whether that value is confirmed (§9)."""
    space = track.at(blue)
    key = "rules.dockyard.blue_unconfirmed" if "blue_vp" in space.unconfirmed else "rules.dockyard.blue"
    return ruling("dockyard.blue", Words(key, {"space": blue, "vp": space.blue_vp}))
