"""The styling convention holds (see the opening comment of widgets/app.tcss).

Each screen's and each widget's rules live with its class in DEFAULT_CSS, nested under the class's own
type, so they are parsed when the class is first used and read next to its compose(); app.tcss keeps only
app-wide rules, which beat every DEFAULT_CSS whatever their specificity. This reads the sources as text
(no Textual), and names each class or rule that strays.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMENT = re.compile(r"/\*.*?\*/", re.S)


def top_level_selectors(css: str) -> list[str]:
    """The selectors of the rules at the outermost level of `css` (nested rules are left out)."""
    selectors, depth, start = [], 0, 0
    text = COMMENT.sub("", css)
    for at, char in enumerate(text):
        if char == "{":
            if depth == 0:
                selectors += [part.strip() for part in text[start:at].split(",")]
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                start = at + 1
    return selectors


def default_css() -> list[tuple[str, str, str]]:
    """(module, class, DEFAULT_CSS) of every class under widgets/ that has its own."""
    found = []
    for path in sorted((ROOT / "widgets").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for statement in node.body:
                if (
                    isinstance(statement, ast.Assign)
                    and any(isinstance(target, ast.Name) and target.id == "DEFAULT_CSS" for target in statement.targets)
                    and isinstance(statement.value, ast.Constant)
                ):
                    found.append((str(path.relative_to(ROOT)), node.name, str(statement.value.value)))
    return found


def test_each_class_nests_its_rules_under_its_own_type():
    strays = [
        f"{module} {name}: {selector}"
        for module, name, css in default_css()
        for selector in top_level_selectors(css)
        if not re.match(rf"{name}(?![\w-])", selector)
    ]
    assert not strays, "a class's DEFAULT_CSS rules go under its own type:\n" + "\n".join(strays)


def test_every_screen_with_rules_of_its_own_keeps_them_in_its_class():
    classes = {name for _, name, _ in default_css()}
    screens = {"HomeScreen", "SetupScreen", "AgeScreen", "RecruitmentScreen", "ConflictsScreen", "EndScreen"}
    dialogs = {"CellDetail", "PickAge", "ConfirmDialog", "RulingDialog", "CoinLossDialog"}
    assert screens | dialogs | {"CalibrationScreen", "HistoryProblemScreen", "SheetView"} <= classes


def test_app_tcss_holds_only_app_wide_rules():
    """No id selector (a screen's part) in app.tcss: an id belongs to the one class that composes it."""
    css = (ROOT / "widgets" / "app.tcss").read_text(encoding="utf-8")
    assert top_level_selectors(css)
    assert not [selector for selector in top_level_selectors(css) if "#" in selector]


def test_the_reader_sees_only_the_outermost_rules():
    css = """
    AgeScreen {  /* a comment { with braces } */
        #age-top { height: 1; }
        .age-heading, #x { color: red; }
    }
    Footer.-compact FooterLabel, Other { margin: 0; }
    """
    assert top_level_selectors(css) == ["AgeScreen", "Footer.-compact FooterLabel", "Other"]
