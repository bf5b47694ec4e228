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


def step_title(step: Step) -> str:
    """How the table calls a step: 'Age II · conflicts', 'End of the game'."""
    era = f"Age {'I' * (step.age or 0)}"
    return {
        "setup": "Table setup",
        "recruitment": f"{era} · Leaders recruitment",
        "age": f"{era} · end of age",
        "conflicts": f"{era} · conflicts",
        "end": "End of the game",
        "sheet": "Score sheet",
    }[step.kind]


def screen_for(step: Step) -> Screen[None]:
    module, name = SCREENS[step.kind].split(":")
    return getattr(import_module(module), name)()
