"""The `wonders-scorer` command line: rulebook examples end to end, JSON shapes, one-line input errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from scorer.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert err == ""
    return json.loads(out)


def words(text: str) -> str:
    """Rich wraps long lines to the terminal width; compare text with whitespace collapsed."""
    return " ".join(text.split())


def rules(data: dict) -> list[str]:
    return [item["rule"] for item in data["rulings"]]


# --- naval -------------------------------------------------------------------------------------------------

NAVAL_EXAMPLE = ("naval", "--age", "2", "Gabriel=2", "Paula=2", "Ann=8", "Romeo=6", "Fred=6")


def test_naval_rulebook_example_age_two(capsys):
    """Rulebook example (Age II): Gabriel 2, Paula 2, Ann 8, Romeo 6, Fred 6 → −2, −2, +5, 0, 0."""
    data = run_json(capsys, *NAVAL_EXAMPLE)
    assert set(data) == {"tokens", "rulings"}
    assert data["tokens"] == {"Gabriel": -2, "Paula": -2, "Ann": 5, "Romeo": 0, "Fred": 0}
    assert list(data["tokens"]) == ["Gabriel", "Paula", "Ann", "Romeo", "Fred"]  # seat order kept


def test_naval_rulings_per_player_first_then_general(capsys):
    data = run_json(capsys, *NAVAL_EXAMPLE)
    assert rules(data) == [
        "naval.defeat",
        "naval.defeat",
        "naval.rank",
        "naval.tie-second",
        "naval.tie-second",
        "naval.defeated-no-victory",
    ]
    assert data["rulings"][0]["summary"].startswith("Gabriel")
    for item in data["rulings"]:
        assert set(item) == {"rule", "summary", "quote", "source"}
        assert item["quote"]


def test_naval_age_three_ties(capsys):
    """Age III, one strongest and two tied second: 7, 3, 3. Two tied strongest then one: 5, 5, 3."""
    one_then_two = run_json(capsys, "naval", "--age", "3", "A=9", "B=5", "C=5", "D=1")
    assert one_then_two["tokens"] == {"A": 7, "B": 3, "C": 3, "D": -3}
    two_then_one = run_json(capsys, "naval", "--age", "3", "A=9", "B=9", "C=5", "D=1")
    assert two_then_one["tokens"] == {"A": 5, "B": 5, "C": 3, "D": -3}


def test_naval_abstain_takes_no_part(capsys):
    data = run_json(capsys, "naval", "--age", "1", "A=0", "B=5", "C=3", "--abstain", "A")
    assert data["tokens"] == {"A": 0, "B": 3, "C": -1}
    assert rules(data)[0] == "naval.forgotten-port"


def test_naval_all_equal_ruling_listed_once(capsys):
    data = run_json(capsys, "naval", "--age", "1", "A=4", "B=4", "C=4")
    assert data["tokens"] == {"A": 0, "B": 0, "C": 0}
    assert rules(data) == ["naval.all-equal"]


def test_naval_options_may_come_anywhere(capsys):
    data = run_json(capsys, "naval", "Gabriel=2", "--age", "2", "Paula=2", "Ann=8", "--abstain", "ann", "Romeo=6")
    assert data["tokens"]["Ann"] == 0  # names given to options match ignoring case


def test_naval_answer_fits_a_24_line_terminal_tokens_then_a_line_per_ruling(capsys):
    """The 7-player answer a table reads at once: the token table, then why in one line per player (and the
    general ruling), then how to ask for the rulebook's words; no quote (the explain answer is ~40 lines)."""
    seven = ("naval", "--age", "3", "Ana=9", "Ben=5", "Cris=5", "Dora=1", "Enzo=1", "Flor=3", "Guto=2")
    code, out, err = run(capsys, *seven)
    assert code == 0 and err == ""
    shown = out.splitlines()
    assert len(shown) <= 24 and max(map(len, shown)) <= 80
    assert shown[0].strip() == "Naval Conflict, Age III"
    assert [line.split()[0] for line in shown[3:10]] == ["Ana", "Ben", "Cris", "Dora", "Enzo", "Flor", "Guto"]
    assert shown[3].split()[-1] == "+7" and shown[6].split()[-1] == "-3"
    assert shown[10] == "Why"
    assert shown[11].startswith("• Ana ") and shown[-1] == "--explain quotes the rulebook behind each ruling."
    assert "“" not in out


SEVEN_NAMES = ("Gabriel", "Paula", "Antonia", "Romeo", "Fred", "Bianca", "Ricardo")


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize(
    "age, strengths",
    [
        (1, (0, 0, 5, 0, 0, 4, 3)),  # four tied weakest, then each place alone: 28 lines in Portuguese before
        (3, (2, 6, 6, 1, 1, 4, 1)),  # two tied strongest, three tied weakest, places after the ties
        (2, (6, 5, 4, 3, 2, 1, 0)),  # no tie at all: every player a place of their own
        (3, (5, 5, 3, 3, 1, 1, 0)),  # three ties in a row
    ],
)
def test_a_seven_player_naval_answer_fits_24_lines_in_either_language(capsys, lang, age, strengths):
    """The ruling sentences are short enough that 7 players' answers, ties of every shape, keep one line each
    at 80 columns: the whole answer fits a 24-line terminal in English and in Portuguese."""
    players = [f"{name}={strength}" for name, strength in zip(SEVEN_NAMES, strengths)]
    code, out, err = run(capsys, "--lang", lang, "naval", "--age", str(age), *players)
    assert code == 0 and err == ""
    shown = out.splitlines()
    assert len(shown) <= 24, out
    assert max(map(len, shown)) <= 80


def test_naval_explain_prints_table_and_rule_quote(capsys):
    code, out, err = run(capsys, *NAVAL_EXAMPLE, "--explain")
    assert code == 0 and err == ""
    text = words(out)
    assert "Naval Conflict, Age II" in text
    for name in ("Gabriel", "Paula", "Ann", "Romeo", "Fred"):
        assert name in text
    assert "+5" in text and "-2" in text
    assert (
        "Resolution ALWAYS starts by giving a Naval Defeat token to the player with the weakest Naval Strength […]"
    ) in text
    assert "Armada rulebook, Naval Conflicts — Ties" in text


def test_plain_output_does_not_read_names_as_markup(capsys):
    code, out, _ = run(capsys, "naval", "--age", "1", "[red]Ann=1", "Bob=2")
    assert code == 0
    assert "[red]Ann" in out


# --- coins -------------------------------------------------------------------------------------------------


def test_coins_rulebook_tax_example(capsys):
    """Paula levies 4, Art levies 2 (CL 2), Romeo (CL 0): Paula 0, Art 2, Romeo 4."""
    data = run_json(capsys, "coins", "Paula=3", "Art=2", "Romeo=0", "--tax", "Paula=4", "--tax", "Art=2")
    assert set(data) == {"losses", "rulings"}
    assert data["losses"] == {"Paula": 0, "Art": 2, "Romeo": 4}
    assert "coins.own-tax" in rules(data)
    assert rules(data)[-1] == "coins.highest-tax"  # the general ruling comes after the per-player ones


def test_coins_pirates_each_effect_applies(capsys):
    data = run_json(capsys, "coins", "A=2", "B=1", "C=0", "--pirates", "A", "--pirates", "A", "--pirates", "B")
    # B: two effects by A × CL 1; A: one effect by B × CL 2; C has CL 0.
    assert data["losses"] == {"A": 2, "B": 2, "C": 0}
    assert "coins.pirates" in rules(data)


def test_a_player_may_trigger_up_to_four_pirate_effects_in_a_turn(capsys):
    """Pirate Cache, Lair and Brotherhood (two from the discard) and Pirate Harbor explored: four, not five."""
    data = run_json(capsys, "coins", "A=0", "B=2", *("--pirates", "A") * 4)
    assert data["losses"]["B"] == 8


def test_refusals_of_two_ports_and_a_line_break_say_why_in_both_languages(capsys):
    code, _, err = run(capsys, "naval", "--age", "1", "A=1", "B=2", "C=3", "--abstain", "A", "--abstain", "B")
    assert code == 2 and "--abstain: 'B' is not allowed; at most 1 player staying out" in err
    code, _, err = run(capsys, "--lang", "pt", "naval", "--age", "1", "A=1", "B=2", "--abstain", "A", "--abstain", "B")
    assert code == 2 and "no máximo 1 jogador fora: o jogo tem 1 Porto Esquecido" in err
    code, _, err = run(capsys, "naval", "--age", "1", "A=3\n", "B=2")
    assert code == 2 and "'3\\n' is not allowed" in err
    code, _, err = run(capsys, "--lang", "pt", "naval", "--age", "1", "A=3\n", "B=2")
    assert code == 2 and "'3\\n' não é permitido" in err


def test_coins_tax_and_pirates_both_apply_foggy_island_and_cap(capsys):
    data = run_json(
        capsys, "coins", "A=1", "B=0", "C=0", "D=1", "--tax", "A=4", "--pirates", "A", "--immune", "C", "--coins", "B=3"
    )
    # B owes 4 (tax) + 0 (pirates) but holds 3; C is immune; D owes 3 + 1 and, without --coins, is uncapped.
    assert data["losses"] == {"A": 0, "B": 3, "C": 0, "D": 4}
    assert {"coins.floor", "coins.foggy-island"} <= set(rules(data))


def test_coins_plain_prints_quote(capsys):
    code, out, err = run(capsys, "coins", "Paula=3", "Art=2", "Romeo=0", "--tax", "Paula=4", "--tax", "Art=2")
    assert code == 0 and err == ""
    text = words(out)
    assert "Romeo: Tax 4 (by Paula) minus Commercial Level 0 = 4." in text
    assert "all of the other players lose the number of Coins indicated MINUS their Commercial Level" in text


def test_coins_help_documents_uncapped_players(capsys):
    assert main(["coins", "--help"]) == 0
    assert "uncapped" in words(capsys.readouterr().out)


# --- ground ------------------------------------------------------------------------------------------------


def test_ground_with_incursion(capsys):
    data = run_json(
        capsys, "ground", "--age", "1", "Ann=3", "Bob=1", "Cid=2", "Dee=0", "Eve=2", "--incursion", "Ann=Cid"
    )
    assert set(data) == {"tokens", "total", "rulings"}
    assert data["tokens"] == {"Ann": [1, 1, 1], "Bob": [-1, -1], "Cid": [1, 1, -1], "Dee": [-1, -1], "Eve": [1, -1]}
    assert data["total"] == {"Ann": 3, "Bob": -2, "Cid": 1, "Dee": -2, "Eve": 0}
    assert rules(data)[-1] == "ground.incursion"


def test_ground_second_incursion_between_same_pair_adds_nothing(capsys):
    data = run_json(
        capsys, "ground", "--age", "3", "A=5", "B=1", "C=2", "D=1", "E=1", "--incursion", "A=C", "--incursion", "C=A"
    )
    assert data["tokens"]["A"] == [5, 5, 5]
    assert "ground.one-per-pair" in rules(data)


def test_ground_teams_double_neighbour_tokens(capsys):
    data = run_json(capsys, "ground", "--age", "2", "A=3", "B=1", "C=2", "D=0", "--team", "A,B", "--team", "C,D")
    assert data["tokens"] == {"A": [3, 3], "B": [-1, -1], "C": [3, 3], "D": [-1, -1]}
    assert data["total"] == {"A": 6, "B": -2, "C": 6, "D": -2}


def test_ground_tomyris_sends_defeat_to_winner(capsys):
    data = run_json(capsys, "ground", "--age", "1", "A=3", "B=1", "C=2", "--tomyris", "B")
    assert data["tokens"]["B"] == []
    assert "ground.tomyris" in rules(data)


def test_ground_plain_prints_quote(capsys):
    code, out, err = run(
        capsys, "ground", "--age", "1", "Ann=3", "Bob=1", "Cid=2", "Dee=0", "Eve=2", "--incursion", "Ann=Cid"
    )
    assert code == 0 and err == ""
    text = words(out)
    assert "Ground Conflicts, Age I" in text
    assert "a Ground Conflict with their two neighboring players and with the player who has possession" in text


# --- no command, help --------------------------------------------------------------------------------------


def test_no_command_prints_help_listing_commands(capsys):
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    for command in ("naval", "coins", "ground", "score"):
        assert command in out


def test_help_returns_zero(capsys):
    assert main(["--help"]) == 0
    assert "naval" in capsys.readouterr().out


# --- input errors: exit 2, exactly one line on stderr, never a traceback -----------------------------------

BAD_INPUT = {
    "non-integer strength": ["naval", "--age", "2", "Ann=x", "Bob=2"],
    "negative strength": ["naval", "--age", "2", "Ann=-1", "Bob=2"],
    "age 4": ["naval", "--age", "4", "Ann=1", "Bob=2"],
    "age not a number": ["ground", "--age", "II", "A=1", "B=2", "C=3"],
    "missing age": ["naval", "Ann=1", "Bob=2"],
    "one naval player": ["naval", "--age", "1", "Ann=1"],
    "one coins player": ["coins", "Ann=1"],
    "two ground players": ["ground", "--age", "1", "Ann=1", "Bob=2"],
    "nine players": ["naval", "--age", "1", *(f"P{i}=1" for i in range(9))],
    "duplicate name": ["naval", "--age", "1", "Ann=1", "Ann=2"],
    "duplicate name ignoring case": ["naval", "--age", "1", "Ann=1", "ann=2"],
    "empty name": ["naval", "--age", "1", "=1", "Bob=2"],
    "no equals sign": ["naval", "--age", "1", "Ann", "Bob=2"],
    "empty value": ["naval", "--age", "1", "Ann=", "Bob=2"],
    "unknown abstain": ["naval", "--age", "1", "Ann=1", "Bob=2", "--abstain", "Zed"],
    "abstain twice": ["naval", "--age", "1", "Ann=1", "Bob=2", "Cid=3", "--abstain", "Ann", "--abstain", "Ann"],
    "two stay out with one Forgotten Port": [
        *("naval", "--age", "1", "Ann=1", "Bob=2", "Cid=3", "--abstain", "Ann", "--abstain", "Bob"),
    ],
    "strength with a line break": ["naval", "--age", "1", "Ann=3\n", "Bob=2"],
    "name with a line break": ["naval", "--age", "1", "Ann\n=3", "Bob=2"],
    "level with a tab": ["coins", "Ann=1\t", "Bob=1"],
    "pirate named with a line break": ["coins", "Ann=1", "Bob=1", "--pirates", "Ann\n"],
    "age with a line break": ["naval", "--age", "1\n", "Ann=1", "Bob=2"],
    "more pirate effects than pirate cards and islands": ["coins", "Ann=1", "Bob=1", *("--pirates", "Ann") * 5],
    "commercial level too high": ["coins", "Ann=4", "Bob=1"],
    "tax not on the track": ["coins", "Ann=1", "Bob=1", "--tax", "Ann=3"],
    "tax not a number": ["coins", "Ann=1", "Bob=1", "--tax", "Ann=lots"],
    "tax malformed": ["coins", "Ann=1", "Bob=1", "--tax", "Ann"],
    "tax by unknown": ["coins", "Ann=1", "Bob=1", "--tax", "Zed=2"],
    "two taxes by one player": ["coins", "Ann=1", "Bob=1", "--tax", "Ann=2", "--tax", "Ann=4"],
    "unknown pirate": ["coins", "Ann=1", "Bob=1", "--pirates", "Zed"],
    "unknown immune": ["coins", "Ann=1", "Bob=1", "--immune", "Zed"],
    "negative coins": ["coins", "Ann=1", "Bob=1", "--coins", "Ann=-3"],
    "coins twice": ["coins", "Ann=1", "Bob=1", "--coins", "Ann=3", "--coins", "Ann=4"],
    "incursion onto a neighbour": ["ground", "--age", "1", "A=1", "B=2", "C=3", "D=4", "E=5", "--incursion", "A=B"],
    "incursion malformed": ["ground", "--age", "1", "A=1", "B=2", "C=3", "--incursion", "A"],
    "incursion by unknown": ["ground", "--age", "1", "A=1", "B=2", "C=3", "--incursion", "Z=B"],
    "team at five players": ["ground", "--age", "1", "A=1", "B=2", "C=3", "D=4", "E=5", "--team", "A,B"],
    "team not neighbours": ["ground", "--age", "1", "A=1", "B=2", "C=3", "D=4", "--team", "A,C", "--team", "B,D"],
    "player in two teams": ["ground", "--age", "1", "A=1", "B=2", "C=3", "D=4", "--team", "A,B", "--team", "B,C"],
    "player in no team": ["ground", "--age", "1", "A=1", "B=2", "C=3", "D=4", "--team", "A,B"],
    "team malformed": ["ground", "--age", "1", "A=1", "B=2", "C=3", "D=4", "--team", "A"],
    "unknown option": ["naval", "--age", "1", "A=1", "B=2", "--bogus"],
    "unknown command": ["navl", "--age", "1"],
    "score without file": ["score"],
}


@pytest.mark.parametrize("argv", BAD_INPUT.values(), ids=BAD_INPUT.keys())
def test_bad_input_exits_2_with_one_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].strip(), err
    assert lines[0].startswith("wonders-scorer: ")
    assert "Traceback" not in err


def test_error_names_field_value_and_what_is_allowed(capsys):
    _, _, err = run(capsys, "naval", "--age", "2", "Ann=x", "Bob=2")
    assert err == "wonders-scorer: naval: strength of 'Ann': 'x' is not allowed; a whole number from 0 to 99\n"
    _, _, err = run(capsys, "coins", "Ann=1", "Bob=1", "--tax", "Ann=3")
    assert "tax of 'Ann': 3 is not allowed" in err and "1, 2, 4" in err
    _, _, err = run(capsys, "ground", "--age", "1", "A=1", "B=2", "C=3", "D=4", "E=5", "--incursion", "A=B")
    assert "'B' is not allowed" in err and "two seats away from A: C or D" in err


def test_score_nonexistent_file(capsys, tmp_path):
    missing = tmp_path / "no-such-game.json"
    code, out, err = run(capsys, "score", str(missing))
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and str(missing) in lines[0]
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "content",
    [b'{"schema": 1, ', b"\xff\xfe\x00{", b'{"schema": 1}', b"[]"],
    ids=["invalid JSON", "not UTF-8", "missing players", "not an object"],
)
def test_score_unreadable_or_invalid_record(capsys, tmp_path, content):
    game = tmp_path / "game.json"
    game.write_bytes(content)
    code, out, err = run(capsys, "score", str(game))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "Traceback" not in err


# --- as a program ------------------------------------------------------------------------------------------


def test_python_dash_m_scorer_from_repo_root():
    done = subprocess.run(
        [sys.executable, "-m", "scorer", "naval", "--age", "1", "A=1", "B=2", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["tokens"] == {"A": -1, "B": 3}


def test_help_does_not_import_textual_or_rich():
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "scorer", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert "naval" in done.stdout
    assert "textual" not in done.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert "scorer.cli" in imported
    assert not any(name == "rich" or name.startswith("rich.") for name in imported)


def test_no_command_at_a_terminal_starts_the_table_app_with_the_history_path(monkeypatch, tmp_path):
    import widgets.app
    from widgets.launcher import main as wonders_scorer

    started = []
    monkeypatch.setattr(widgets.app, "run", lambda *where: started.append(where))
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert wonders_scorer(["--db", str(tmp_path / "h.json")]) == 0
    # Settings says what chose the file and the language (tests choose English through the environment)
    assert started == [(tmp_path / "h.json", "--db", "WONDERS_SCORER_LANG")]


NO_COMMAND = """
import sys
import widgets.app
from widgets.launcher import main

widgets.app.run = lambda *where: print(*where, sep="|")
sys.stdin.isatty = sys.stdout.isatty = lambda: True
status = main(sys.argv[1:])
print(sorted(name for name in sys.modules if name.startswith("scorer.cli.") or name == "argparse"))
sys.exit(status)
"""


@pytest.mark.parametrize(
    "words, started",
    [
        ([], "{tmp}/env.json|WONDERS_SCORER_DB|WONDERS_SCORER_LANG"),
        (["--lang", "pt"], "{tmp}/env.json|WONDERS_SCORER_DB|--lang"),
        (["--db=h.json", "--lang=en"], "h.json|--db|--lang"),
    ],
    ids=["alone", "lang", "db"],
)
def test_no_command_at_a_terminal_opens_the_app_without_loading_the_commands(tmp_path, words, started):
    """`wonders-scorer` alone goes straight to the table app: neither argparse nor any command's module is
    imported, no parser built (40-60 ms of every start), and the app gets the same history and language as
    through the parser."""
    done = subprocess.run(
        [sys.executable, "-c", NO_COMMAND, *words],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT), "WONDERS_SCORER_DB": str(tmp_path / "env.json")},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [started.format(tmp=tmp_path), "[]"]


ONE_COMMAND = """
import json, sys
from scorer import catalog
from scorer.cli import main, parser

built = []
whole = parser.build_parser


def counted(only=None):
    made = whole(only)
    built.append(sorted(made[1]))
    return made


parser.build_parser = counted
status = main(sys.argv[1:])
loaded = {name: getattr(catalog, name).cache_info().currsize for name in ("load_catalog", "load_islands")}
modules = sorted(name for name in sys.modules if name.startswith("scorer.cli."))
print(json.dumps({"built": built, "loaded": loaded, "modules": modules}), file=sys.stderr)
sys.exit(status)
"""


@pytest.mark.parametrize("abstain", [[], ["--abstain", "Ann"]], ids=["all-fight", "abstain"])
def test_a_cold_naval_ruling_builds_its_own_parser_and_reads_only_its_rules(tmp_path, abstain):
    """`naval` builds its one parser of thirteen, imports no other command's module, and reads the limits, the
    Naval rewards and the rulings, not the whole catalogue (the islands only to check --abstain): a cold
    ruling once took 5x the time of importing Rich."""
    done = subprocess.run(
        [sys.executable, "-c", ONE_COMMAND, "naval", "--age", "2", "Ann=8", "Bob=2", "Cid=6", *abstain],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    probe = json.loads(done.stderr.splitlines()[-1])
    assert probe["built"] == [["naval"]]
    assert probe["loaded"] == {"load_catalog": 0, "load_islands": 1 if abstain else 0}
    assert not {"scorer.cli.game", "scorer.cli.host", "scorer.cli.history.listing"} & set(probe["modules"])
    assert "Age II" in done.stdout


def test_a_command_s_parser_built_alone_is_the_one_built_with_all(capsys):
    from scorer.cli.parser import COMMANDS, build_parser

    _, every = build_parser()
    assert list(every) == list(COMMANDS)  # --help lists them in this order
    for command in COMMANDS:
        _, alone = build_parser(command)
        assert list(alone) == [command]
        assert alone[command].format_help() == every[command].format_help()
        assert main([command, "--help"]) == 0
        assert capsys.readouterr().out == every[command].format_help()


def test_a_refused_language_or_a_db_without_a_path_is_refused_as_before_with_no_command(capsys):
    assert main(["--lang", "xx"]) == 2
    assert "--lang" in capsys.readouterr().err
    assert main(["--db"]) == 2
    assert "--db" in capsys.readouterr().err


def test_the_core_alone_at_a_terminal_prints_the_help_with_no_command(capsys, monkeypatch, tmp_path):
    """scorer.cli knows no table app (the core never imports the UI): given none, no command prints the help."""
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["--db", str(tmp_path / "h.json")]) == 0
    assert "naval" in capsys.readouterr().out
    assert not (tmp_path / "h.json").exists()


def test_the_console_script_is_the_launcher():
    """`wonders-scorer` starts in widgets.launcher, which hands scorer.cli the table app."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["scripts"] == {"wonders-scorer": "widgets.launcher:main"}
