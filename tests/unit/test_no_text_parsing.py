"""No screen or CLI module reads a figure or a name back out of a rule's words.

The rules engine hands the edges values (a Ruling's players and words, a Cell's science outcome and Olympia's
copy, a conflict's shields and winner); a screen that parsed the sentence instead would show a wrong number the
day a translation changes. This scans widgets/ and scorer/cli/ and refuses, in any module:

- `import re`, but in the modules named in ALLOWED_RE, for what they parse (none of it a rule's words);
- a string method that takes text apart (startswith, removeprefix, partition, split, find…) called on a
  ruling's summary or quote, or on an account (`x.summary.startswith(…)`, `cell.account[0].split()`);
- `name in x.summary`: looking for a player in a sentence instead of in `Ruling.players`;
- `"?" in str(widget.render())`: looking for a mark in what a screen drew instead of in the value behind it;
- a "\\0" in a string: the trick that recovered a template's prefix by wording it with a NUL.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EDGES = (ROOT / "widgets", ROOT / "scorer" / "cli")

# Modules that may use `re`, and what they parse: none of it is a rule's text.
ALLOWED_RE = {
    "scorer/cli/parser.py": "argparse's own English error messages, reworded through the catalogue",
    "widgets/screens/setup.py": "the field paths of an InputError from the record check (players[2].wonder)",
}
TEXT_ATTRIBUTES = {"summary", "quote", "account"}  # a Ruling's words, a Cell's or a Strength's account
TAKING_APART = {
    "startswith",
    "endswith",
    "removeprefix",
    "removesuffix",
    "partition",
    "rpartition",
    "split",
    "rsplit",
    "find",
    "rfind",
    "index",
    "rindex",
    "count",
}


def _is_rule_text(node: ast.AST) -> bool:
    """`r.summary`, `cell.account`, `cell.account[0]`, `strength.account()`: words the rules engine said."""
    while isinstance(node, ast.Subscript | ast.Call):
        node = node.value if isinstance(node, ast.Subscript) else node.func
    return isinstance(node, ast.Attribute) and node.attr in TEXT_ATTRIBUTES


def _is_drawn(node: ast.AST) -> bool:
    """`widget.render()`, `str(widget.render())`, `widget.render().plain`: what a widget draws, as text."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str" and node.args:
        node = node.args[0]
    if isinstance(node, ast.Attribute) and node.attr == "plain":
        node = node.value
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "render"


def problems(source: str, module: str) -> list[str]:
    """Every place in `source` (the module `module`, as a repository path) that parses a rule's text."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import | ast.ImportFrom) and module not in ALLOWED_RE:
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if "re" in names:
                found.append(f"{module}:{line}: imports re")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in TAKING_APART and _is_rule_text(node.func.value):
                found.append(f"{module}:{line}: .{node.func.attr}() on a rule's text")
        elif isinstance(node, ast.Compare):
            if any(isinstance(op, ast.In | ast.NotIn) for op in node.ops) and any(map(_is_rule_text, node.comparators)):
                found.append(f"{module}:{line}: looks for something in a rule's text")
            elif any(isinstance(op, ast.In | ast.NotIn) for op in node.ops) and any(map(_is_drawn, node.comparators)):
                found.append(f"{module}:{line}: looks for something in what a widget drew")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "\0" in node.value:
            found.append(f"{module}:{line}: a NUL in a string (a template taken apart)")
    return found


def edge_modules() -> list[Path]:
    return sorted(path for folder in EDGES for path in folder.rglob("*.py"))


def test_no_screen_or_cli_module_parses_a_rules_text():
    modules = edge_modules()
    assert len(modules) > 20, "found too few modules: the scan is broken"
    found = [
        problem
        for path in modules
        for problem in problems(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
    ]
    assert not found, "read these from the result's values, not its words:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("source", "what"),
    [
        ("import re\n", "imports re"),
        ("from re import findall\n", "imports re"),
        ("x = [int(n) for n in cell.account[0].split()]\n", ".split() on a rule's text"),
        ("ok = ruling.summary.startswith(f'{name}: ')\n", ".startswith() on a rule's text"),
        ("ok = strength.account().partition('=')\n", ".partition() on a rule's text"),
        ("ok = player in r.summary\n", "looks for something in a rule's text"),
        ("ok = any('?' in str(s.render()) for s in shown)\n", "looks for something in what a widget drew"),
        ("ok = '?' in label.render().plain\n", "looks for something in what a widget drew"),
        ("prefix = t('rules.sheet.copied', account='\\0')\n", "a NUL in a string (a template taken apart)"),
    ],
)
def test_the_scan_finds_each_way_of_parsing(source, what):
    """What the screens did before the results were data (issue 12), each caught."""
    assert [problem.partition(": ")[2] for problem in problems(source, "widgets/screens/x.py")] == [what]


def test_values_and_other_text_pass():
    """Reading values, rule ids and widget ids is fine; so is `re` where it is allowed."""
    source = (
        "notes = [r for r in rulings if r.rule_id.startswith('final.')]\n"
        "mine = name in ruling.players\n"
        "kind = (field.id or '').rpartition('-')\n"
        "line = f'• {item.summary}'\n"
    )
    assert problems(source, "widgets/screens/x.py") == []
    assert problems("import re\n", "scorer/cli/parser.py") == []
