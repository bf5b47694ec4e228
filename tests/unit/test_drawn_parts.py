"""The table app's screens show the title line, the keys and a dropdown's value with the widgets that draw them
in one (widgets/title_bar.py, steady_footer.py, current_value.py), never with Textual's Header, Footer or a plain
Select, whose parts cost a millisecond each on every screen. Read from the source, so a screen that goes back to
one fails here, not only in the CPU the suite takes."""

from __future__ import annotations

import ast
from pathlib import Path

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
TEXTUAL_ONES = {"Header", "Footer", "Select"}  # each made by calling its class


def made(path: Path) -> list[str]:
    """Textual's Header, Footer and Select that `path` makes: 'line: name'."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TEXTUAL_ONES:
            found.append(f"{node.lineno}: {node.func.id}")
    return found


def test_no_screen_or_widget_of_the_app_makes_textual_s_header_footer_or_plain_select():
    problems = {str(path.relative_to(WIDGETS)): made(path) for path in sorted(WIDGETS.rglob("*.py"))}
    assert {path: found for path, found in problems.items() if found} == {}


def test_the_check_finds_each_of_them(tmp_path: Path):
    source = tmp_path / "screen.py"
    source.write_text("def compose(self):\n    yield Header()\n    yield Select([])\n    yield Footer()\n")
    assert made(source) == ["2: Header", "3: Select", "4: Footer"]
