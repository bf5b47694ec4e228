"""HelpScreen: `?` or F1 on any screen (and the command palette's "Keys"): what each key of the screen under
it does, what its marks mean, in the table's language, at 80x24 (it scrolls).

The keys are read from the screen's own bindings as they stand (the focused box's, the screen's, the app's),
each with the words its Footer shows, so the help never drifts from the keys; a short hand-written part per
kind of screen (scorer/locales/*/help.toml, [screen]) says what the keys cannot, and the marks the sheets and
the age screen print ("typed —", TYPED, "(+N)", "N assumed values") are explained once for every screen.
Textual's own keys panel squeezed the screen to 50 columns and spoke of "Copy selected text".
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from scorer.i18n import catalogue, current_language, t
from widgets.compat import StyledAtMount
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter

# The keys every screen shares, said once at the end rather than on every screen's list.
SHARED = frozenset({"tab", "shift+tab", "ctrl+q", "ctrl+p", "f1", "question_mark"})


def screen_kind(screen: Screen[Any]) -> str:
    """The [screen] text a screen's help opens with: its class's name ("SheetScreen" → "sheet")."""
    name = type(screen).__name__
    return name.removesuffix("Screen").lower() or "screen"


def key_lines(screen: Screen[Any]) -> list[tuple[str, str]]:
    """(key as shown, what it does) for each binding of the app's own active on `screen` with words, each key
    once: the shared ones are said apart, and Textual's widgets' own (a table's cursor keys, "Copy selected
    text") are what every terminal app does."""
    seen: dict[str, str] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if key in SHARED or not binding.description or not active.enabled:
            continue
        if _textuals_own(active.node, binding):
            continue
        shown = screen.app.get_key_display(binding)
        seen.setdefault(shown, binding.description)
    return list(seen.items())


def _textuals_own(node: object, binding: Binding) -> bool:
    """Whether Textual's own widget class gave `node` this binding (its cursor keys, its copy), not the app: the
    nearest class in the node's ancestry that binds the key decides (SheetTable's Enter is the app's)."""
    for cls in type(node).__mro__:
        for own in vars(cls).get("BINDINGS", ()):
            if isinstance(own, Binding) and own.action == binding.action and binding.key in own.key.split(","):
                return cls.__module__.startswith("textual.")
    return False


class HelpScreen(LocalisedBindings, StyledAtMount, ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen #help {
        width: 78; max-height: 22; height: auto; border: round $accent; padding: 0 1; background: $surface;
    }
    """
    BINDINGS = [
        Binding("escape", "close", "help.keys.close"),
        Binding("question_mark,f1,q", "close", show=False),
    ]

    def __init__(self, under: Screen[Any]) -> None:
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        title = self.under.sub_title or self.app.sub_title or self.app.title
        about = catalogue(current_language(), "help").get("screen", {}).get(screen_kind(self.under), "")
        with VerticalScroll(id="help"):
            yield Static(Text(t("help.title", screen=title), style="bold"), id="help-title")
            yield Static(Text(about), id="help-about")
            yield Static(self._text(), id="help-text")
        yield SteadyFooter()

    def rows(self) -> list[tuple[str, str]]:
        """The help's lines: each key of the screen and what it does, the shared keys, then the marks."""
        shared = [("Tab", "tab"), ("F1 ?", "help"), ("^p", "palette"), ("^q", "quit")]
        marks = [
            (t(f"help.marks.{m}.mark"), t(f"help.marks.{m}.says")) for m in ("typed", "typed_mark", "moved", "assumed")
        ]
        return [
            *key_lines(self.under),
            *((key, t(f"help.shared.{name}")) for key, name in shared),
            ("", ""),
            (t("help.marks.heading"), ""),
            *marks,
        ]

    def _text(self) -> Table:
        out = Table.grid(padding=(0, 2))
        out.add_column(no_wrap=True, style="bold")
        out.add_column()
        out.add_row("", "")
        for key, does in self.rows():
            out.add_row(Text(key), Text(does))
        return out

    def action_close(self) -> None:
        self.dismiss()
