"""Issue 11, items 5 and 6: every value the command line and its files bring in is bounded by what the game
allows; a value past the bound is a one-line refusal saying the bound (exit 2), never a traceback."""

from __future__ import annotations

import json

import pytest

from scorer.cli import main
from tests.refusals import refused as refused_in_one_line


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    line = refused_in_one_line(capsys, *argv)
    assert len(line) < 400, line  # the value is shown cut short, not 5,000 characters of it
    return line


HUGE = "9" * 5000  # past Python's 4,300-digit limit for int()
WIDE = "9" * 38


NUMBERS = {
    "naval strength": (["naval", "--age", "2", f"Ann={HUGE}", "Bob=1"], "from 0 to 99"),
    "naval strength of 38 digits": (["naval", "--age", "2", f"Ann={WIDE}", "Bob=1"], "from 0 to 99"),
    "naval strength 100": (["naval", "--age", "2", "Ann=100", "Bob=1"], "from 0 to 99"),
    "naval age": (["naval", "--age", HUGE, "Ann=1", "Bob=1"], "1, 2 or 3 (Age I, II or III)"),
    "ground age": (["ground", "--age", HUGE, "A=1", "B=1", "C=1"], "1, 2 or 3 (Age I, II or III)"),
    "ground shields": (["ground", "--age", "1", f"A={HUGE}", "B=1", "C=1"], "from 0 to 99"),
    "commercial level": (["coins", f"Ann={HUGE}", "Bob=1"], "a Commercial Level from 0 to 3"),
    "tax": (["coins", "Ann=1", "Bob=1", "--tax", f"Ann={HUGE}"], "1, 2, 4"),
    "coins held": (["coins", "Ann=1", "Bob=1", "--coins", f"Ann={HUGE}"], "from 0 to 999"),
    "coins held 1000": (["coins", "Ann=1", "Bob=1", "--coins", "Ann=1000"], "from 0 to 999"),
    "stats players": (["stats", "--players", HUGE], "3 to 8"),
}


@pytest.mark.parametrize(("argv", "bound"), NUMBERS.values(), ids=NUMBERS.keys())
def test_a_number_past_its_bound_is_refused_saying_the_bound(capsys, argv, bound):
    assert refused(capsys, *argv).endswith(bound)


def test_the_bound_itself_is_accepted(capsys):
    assert main(["naval", "--age", "2", "Ann=99", "Bob=1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tokens"]["Ann"] == 5
    assert main(["coins", "Ann=1", "Bob=1", "--coins", "Ann=999", "--json"]) == 0


NAMES = {
    "5,000 characters": "A" * 5000,
    "41 characters": "A" * 41,
    "escape sequence": "Ann\x1b[2J",
    "newline": "Ann\nBob",
    "bidi override": "Ann\u202eboB",
    "zero-width space": "An\u200bn",
}


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_a_name_the_table_cannot_write_is_refused(capsys, name):
    line = refused(capsys, "naval", "--age", "1", f"{name}=1", "Bob=2")
    assert "player name" in line


def test_a_long_name_is_refused_saying_the_bound(capsys):
    assert refused(capsys, "naval", "--age", "1", f"{'A' * 41}=1", "Bob=2").endswith("; at most 40 characters")


def test_names_differing_only_in_unicode_normal_form_are_one_player(capsys):
    composed, decomposed = "Jos\u00e9", "Jose\u0301"
    assert "once" in refused(capsys, "naval", "--age", "1", f"{composed}=1", f"{decomposed}=2")


def test_a_name_in_another_normal_form_finds_its_player(capsys):
    assert main(["naval", "--age", "1", "Jos\u00e9=1", "Bob=2", "--abstain", "Jose\u0301", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tokens"]["Jos\u00e9"] == 0
