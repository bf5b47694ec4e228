"""CI runs the house checks and then exactly the test command README gives a newcomer; the pre-commit hooks
need no network (every hook is the venv's own tool)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKS = (
    ".venv/bin/ruff check .",
    ".venv/bin/ruff format --check .",
    # the core and the table app (pyproject's files) as macOS, Windows and Linux see them (issue 27)
    ".venv/bin/mypy --platform linux",
    ".venv/bin/mypy --platform darwin",
    ".venv/bin/mypy --platform win32",
    ".venv/bin/lint-imports",
)


def readme_test_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"Run the tests:\s*```sh\n(?P<command>.+?)\n```", readme, re.DOTALL)
    assert found, "README has no 'Run the tests:' block"
    return found["command"].strip()


def test_ci_runs_the_house_checks_then_readmes_test_command_as_written():
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    command = readme_test_command()
    assert lines[-1] == command
    checks = [lines.index(check) for check in CHECKS]
    install = next(i for i, line in enumerate(lines) if "pip install" in line and "[test,lint]" in line)
    assert install < min(checks) and max(checks) < len(lines) - 1


def test_every_pre_commit_hook_is_local():
    config = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    repos = re.findall(r"^\s*- repo:\s*(\S+)", config, re.MULTILINE)
    languages = re.findall(r"^\s*language:\s*(\S+)", config, re.MULTILINE)
    hooks = re.findall(r"^\s*- id:\s*(\S+)", config, re.MULTILINE)
    assert repos == ["local"]
    assert set(hooks) == {"ruff", "ruff-format", "mypy", "lint-imports"}
    assert languages == ["system"] * len(hooks)
