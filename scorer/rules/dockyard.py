"""Dockyard: what a fleet's position gives — Naval Shields (Red, Yellow 6, Blue 6), the Commercial Level
(Yellow) and the Blue fleet's VP (§9). Values come from a DockyardTrack passed in, so a table whose boards
show other numbers can recalibrate it once and every later game uses theirs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class DockyardEnd:
    """What the Blue and Yellow ships' spaces give at the end of the game (§9): the Blue fleet's VP and the
    Yellow fleet's Commercial Level, each with whether the value is assumed (a cell the rulebook does not print
    and the table's calibration has not confirmed), so a screen marks it without reading its own words back."""

    blue: int
    blue_vp: int
    blue_vp_assumed: bool
    yellow: int
    commercial_level: int
    commercial_level_assumed: bool

    @property
    def assumed(self) -> bool:
        """Whether either value is an assumed one."""
        return self.blue_vp_assumed or self.commercial_level_assumed


def dockyard_end(track: DockyardTrack, ships: Mapping[str, int]) -> DockyardEnd:
    """The Blue fleet's VP and the Yellow fleet's Commercial Level at these positions, marked where assumed."""
    blue, yellow = ships.get("blue", 0), ships.get("yellow", 0)
    return DockyardEnd(
        blue=blue,
        blue_vp=blue_fleet_vp(track, blue),
        blue_vp_assumed="blue_vp" in track.at(blue).unconfirmed,
        yellow=yellow,
        commercial_level=commercial_level(track, yellow),
        commercial_level_assumed="yellow_commercial_level" in track.at(yellow).unconfirmed,
    )
