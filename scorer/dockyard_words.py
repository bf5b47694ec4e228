"""What a Dockyard space shows a fleet's ship, in the words of the board: the age screen's note beside each
ship, and the value a phone shows beside each space it may move the ship to."""

from __future__ import annotations

from scorer.catalog import DockyardTrack
from scorer.i18n import t, tn


def fleet_note(track: DockyardTrack, colour: str, position: int) -> str:
    """What the Dockyard space under this ship shows, in the words of the board."""
    space = track.at(min(position, track.last))
    shields = {
        "red": space.red_naval_shields,
        "yellow": space.yellow_naval_shields,
        "blue": space.blue_naval_shields,
    }.get(colour, 0)
    bits = {
        "red": [],
        "yellow": [t("age.fleet.commercial_level", level=space.yellow_commercial_level)],
        "blue": [t("age.fleet.vp", vp=space.blue_vp)],
        "green": [t("age.fleet.explores", level=space.green_explore)] if space.green_explore else [],
    }[colour]
    if shields or colour == "red":
        bits.append(tn("age.fleet.naval_shields", shields))
    return " · ".join(bits) or "—"
