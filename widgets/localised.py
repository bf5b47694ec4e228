"""Footer words in the table's language, looked up when the Footer draws them.

Textual reads a Binding's description from the class's BINDINGS, built once at import; the language can be
chosen later (Settings) and tests switch it between apps in one process. So BINDINGS hold catalogue keys
("home.keys.new_game": any description with a dot and no space), and every screen of the app mixes in
LocalisedBindings, which hands the Footer (and the keys panel) the bindings with their words looked up in
the current language. Textual's own few words that reach the Footer ("palette") are looked up too.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from textual.binding import ActiveBinding, Binding

from scorer.i18n import current_language, t

TEXTUAL_WORDS = {"palette": "app.keys.palette"}  # Textual's own binding descriptions the Footer shows


def is_key(description: str) -> bool:
    return "." in description and " " not in description


def words(description: str) -> str:
    """A description as the Footer shows it: a catalogue key's text, else the text as it is."""
    if is_key(description):
        return t(description)
    return t(TEXTUAL_WORDS[description]) if description in TEXTUAL_WORDS else description


@cache
def _localised(binding: Binding, language: str) -> Binding:
    group = binding.group
    if group is not None:
        group = replace(group, description=words(group.description))
    return replace(binding, description=words(binding.description), group=group)


class LocalisedBindings:
    """Mix into every Screen and ModalScreen of the app, before the Screen class."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        language = current_language()
        return {
            key: active._replace(
                binding=_localised(active.binding, language),
                tooltip=words(active.tooltip) if active.tooltip else active.tooltip,
            )
            for key, active in super().active_bindings.items()  # type: ignore[misc]
        }


class RebuiltInNewLanguage:
    """Mix into a screen before the Screen class: when it comes back into view after Settings switched the
    language, `rebuild` replaces it by a new one in the new words. By default a new screen of the same kind,
    built without arguments (Rulings, History, Stats: what was typed in their filters goes; the games, the
    rules and the settings do not); a game's step screens show their step again instead."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.composed_in = current_language()

    def on_screen_resume(self) -> None:
        if self.composed_in != current_language():
            self.rebuild()

    def rebuild(self) -> None:
        self.app.switch_screen(type(self)())  # type: ignore[attr-defined]
