"""What the TUI tests spare a headless app that a person's terminal would need: the two Textual hooks the
fixtures of tests/tui/conftest.py install, each over a private Textual part (checked in test_headless_hooks.py,
so a Textual upgrade that moves one turns that test red instead of making the suite slow).

- **Frames nobody sees.** Under run_test the driver is headless: Textual still renders every frame (each dirty
  widget's lines, through the compositor) and throws it away. That was a quarter of the TUI tests' CPU. With
  `unseen_frames` a frame still lays the screen out (sizes, scrolling, what drawing posts: all that a test can
  observe), but no line is rendered for it. What a test checks of the drawing it reads through Textual's
  `export_screenshot` or the compositor's full render (the snapshots, test_nothing_cut,
  screen_text), which render the whole screen anew and are untouched. A test about frames themselves (what a
  key repaints) is marked `frames` and keeps every frame.
- **The stylesheet parsed once a process.** Each new app parses every widget's CSS again (its parse cache
  lives on its own Stylesheet), about 5 % of the TUI tests' CPU. `parsed_once` keeps the parsed rules for the
  whole test process, keyed as Textual keys them plus the stylesheet's variables (the theme's colours), which
  the parse substitutes. A CSS error still fails: errors are in the rules kept, and Textual raises on them
  for every app.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual._compositor import Compositor
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

_PARSED: dict[tuple[Any, ...], list[RuleSet]] = {}


def unseen_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """Frames are laid out but not rendered (the screenshot's full render still is)."""
    render_update = Compositor.render_update

    def layout_only(self: Compositor, full: bool = False, screen_stack: Any = None, simplify: bool = False) -> Any:
        if full:  # export_screenshot, a snapshot: the whole screen, rendered
            return render_update(self, full, screen_stack, simplify)
        self._dirty_regions.clear()  # what a frame would have repainted: nothing is shown, nothing is owed
        return None

    monkeypatch.setattr(Compositor, "render_update", layout_only)


def parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app of the process shares the rules parsed from the same CSS with the same variables."""
    parse_rules = Stylesheet._parse_rules

    def shared(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
        if key not in _PARSED:
            _PARSED[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return _PARSED[key]

    monkeypatch.setattr(Stylesheet, "_parse_rules", shared)


_TOKENS: dict[tuple[tuple[str, str], ...], int] = {}  # each distinct set of variables (a theme's) -> a token


def _variables_key(stylesheet: Stylesheet) -> int:
    """A token for the stylesheet's variables, the same for the same values, found once per variables dict.
    Textual re-parses every source each time a widget class brings its CSS, and sorting the theme's ~150
    variables for each source was a tenth of styling a node. Textual replaces the dict when the variables
    change (set_variables), never edits it, so the dict's identity says whether the token the stylesheet
    keeps with it still holds."""
    variables = stylesheet._variables
    kept: tuple[dict[str, str], int] | None = stylesheet.__dict__.get("_variables_token")
    if kept is None or kept[0] is not variables:
        kept = (variables, _TOKENS.setdefault(tuple(sorted(variables.items())), len(_TOKENS)))
        stylesheet.__dict__["_variables_token"] = kept
    return kept[1]
