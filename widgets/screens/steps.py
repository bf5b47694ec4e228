"""Which screen shows which step of the game (imported lazily: only the screen in use is loaded), and what
the table calls each step in its language."""

from __future__ import annotations

from importlib import import_module

from textual.screen import Screen

from scorer.flow import Step
from scorer.i18n import t
from scorer.ruling import age_name

SCREENS = {
    "setup": "widgets.screens.setup:SetupScreen",
    "recruitment": "widgets.screens.recruitment:RecruitmentScreen",
    "age": "widgets.screens.age:AgeScreen",
    "conflicts": "widgets.screens.conflicts:ConflictsScreen",
    "pad": "widgets.screens.pad:PadScreen",
    "end": "widgets.screens.end:EndScreen",
    "sheet": "widgets.screens.sheet:SheetScreen",
}


def step_title(step: Step) -> str:
    """How the table calls a step: 'Age II · conflicts', 'End of the game' / 'Era II · conflitos'."""
    if step.age is None:
        return t(f"steps.title.{step.kind}")
    return t(f"steps.title.{step.kind}", age=age_name(step.age))


def screen_for(step: Step) -> Screen[None]:
    module, name = SCREENS[step.kind].split(":")
    return getattr(import_module(module), name)()
