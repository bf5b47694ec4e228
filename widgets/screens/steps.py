"""Which screen shows which step of the game (imported lazily: only the screen in use is loaded)."""

from __future__ import annotations

from importlib import import_module

from textual.screen import Screen

from scorer.flow import Step

SCREENS = {
    "setup": "widgets.screens.setup:SetupScreen",
    "recruitment": "widgets.screens.recruitment:RecruitmentScreen",
    "age": "widgets.screens.age:AgeScreen",
    "conflicts": "widgets.screens.conflicts:ConflictsScreen",
    "end": "widgets.screens.end:EndScreen",
    "sheet": "widgets.screens.sheet:SheetScreen",
}


def screen_for(step: Step) -> Screen[None]:
    module, name = SCREENS[step.kind].split(":")
    return getattr(import_module(module), name)()
