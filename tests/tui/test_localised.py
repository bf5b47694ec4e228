"""Footer words follow the language chosen when they are drawn, not when the screen's module was imported."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer

from scorer import i18n
from tests.tui.driver import footer, settle
from widgets.localised import LocalisedBindings


class KeysScreen(LocalisedBindings, Screen[None]):
    BINDINGS = [Binding("x", "app.bell", "app.keys.palette"), Binding("y", "app.bell", "Plain words")]

    def compose(self):
        yield Footer()


class KeysApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(KeysScreen())


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("language", "shown"), [("en", "palette"), ("pt", "comandos")])
async def test_a_key_in_a_binding_is_shown_in_the_current_language(language: str, shown: str):
    i18n.set_language(language)
    app = KeysApp()
    async with app.run_test() as pilot:
        await settle(pilot)
        descriptions = footer(app.screen)
        assert descriptions["x"] == shown and descriptions["y"] == "Plain words"
        assert descriptions["ctrl+p"] == shown  # Textual's own word, too


def test_every_screen_of_the_app_shows_its_keys_in_the_current_language():
    import importlib
    import pkgutil

    import widgets.screens

    for module in pkgutil.iter_modules(widgets.screens.__path__):
        importlib.import_module(f"widgets.screens.{module.name}")

    def subclasses(cls: type) -> list[type]:
        return [cls, *(sub for child in cls.__subclasses__() for sub in subclasses(child))]

    ours = [cls for cls in subclasses(Screen) if cls.__module__.startswith("widgets.")]
    assert len(ours) > 15
    assert [cls.__name__ for cls in ours if not issubclass(cls, LocalisedBindings)] == []
