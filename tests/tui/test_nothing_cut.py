"""Nothing a person reads is cut at the table's 80×24 terminal, in either language (issue 14 item 4): a line
of words may wrap or end in an ellipsis, but a word must never run into a widget's edge and vanish ('10 VP ·
1 naval' for '… naval shield', a move's lost '(+2)').

One app per language walks the screens in sequence (home, the tools, every step of a 7-player Leaders and
Armada game, each focusable part of Age III) and, on each, reads every visible text widget's words
in what the screen draws inside that widget's region (`cut_words`). An ellipsis excuses a cut, but not one
that takes a card's colour with it: a colour the words give in brackets ('Stockade / Paliçada (red)', '(vermelha,
Era II, pilha de descarte)') must be drawn, in a text widget and on each line of a list (`lost_colours`). The
Footer has its own test (test_footer_fits.py)."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import DataTable, Footer, Label, OptionList

from scorer.catalog import COLOURS
from scorer.flow import Step
from scorer.i18n import set_language, t
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import SIZE, press, settle, start_at
from widgets.stepper import Stepper
from widgets.text_fit import KeepTail

EXAMPLES = ("base-3p.json", "leaders-5p.json", "leaders-armada-7p.json", "teams-armada-6p.json")
TOOLS = ["n", "u", "h", "s", "o", "d"]  # from home: setup, rulings, history, stats, settings, calibration
STEPS = [
    Step("recruitment", 1),
    *(Step(kind, age) for age in (1, 2, 3) for kind in ("age", "conflicts")),
    Step("end"),
    Step("sheet"),
]


LINE = " \x00"  # between two drawn lines: a space for the words, a mark to find a folded word across them


def drawn(strips, region) -> str:
    """What the screen's lines `strips` show inside `region`, its lines joined by a space and LINE."""
    return LINE.join(
        "".join(segment.text for segment in strips[y].crop(region.x, region.right))
        for y in range(region.y, region.bottom)
    )


def text_of(widget) -> str | None:
    """The words a text widget was given to show (a Static, a Label, a Stepper), None for other widgets."""
    if not isinstance(widget, Stepper) and type(widget).render is not Label.render:
        return None
    rendered = widget.render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


def lost_colours(text: str, shown: str) -> list[str]:
    """The card colours `text` gives in brackets ('(red)', '(vermelha, Era II, pilha de descarte)': a colour
    word of the catalogue first) that `shown` does not draw as such, bracket and all."""
    colours = {t(f"picker.colour.{colour}") for colour in COLOURS}
    said = re.findall(r"\(([^(),]+)[,)]", text)
    return [f"({word}" for word in said if word in colours and f"({word}" not in shown]


def cut_options(options: OptionList, strips) -> list[str]:
    """Each option a list draws whose card colour (`lost_colours`) its lines do not show; an option scrolled
    partly out of sight is skipped."""
    region = options.scrollable_content_region
    first = options.scroll_offset.y
    shown: dict[int, list[str]] = {}
    for y, (index, _) in enumerate(options._lines[first : first + region.height]):  # (option, line) per line
        line = strips[region.y + y].crop(region.x, region.right)
        shown.setdefault(index, []).append("".join(segment.text for segment in line))
    problems = []
    for index, lines in shown.items():
        label = str(options.get_option_at_index(index).prompt)
        if len(lines) == options._heights[index] and (lost := lost_colours(label, LINE.join(lines))):
            problems.append(f"{options.id or type(options).__name__}: {label} without {' '.join(lost)}")
    return problems


def cut_words(app) -> list[str]:
    """Each visible text widget whose words are not all drawn in its region, and which does not say so with
    an ellipsis: 'widget id: missing words'. A widget scrolled partly out of sight is skipped (what scrolls
    is not cut), and so is the Footer (test_footer_fits.py)."""
    problems = []
    strips = app.screen._compositor.render_strips()
    geometry = app.screen._compositor.full_map
    for widget, where in geometry.items():
        if widget is app.screen or any(isinstance(node, Footer) for node in widget.ancestors_with_self):
            continue
        if isinstance(widget, DataTable):
            problems += cut_cells(widget)
            continue
        if not widget.display or where.region.intersection(where.clip) != where.region:
            continue
        if isinstance(widget, OptionList):
            problems += cut_options(widget, strips)
            continue
        text = text_of(widget)
        if not text or not text.strip():
            continue
        shown = drawn(strips, where.region)
        if lost := lost_colours(text, shown):
            problems.append(f"{widget.id or type(widget).__name__}: {text} without {' '.join(lost)}")
            continue
        if "…" in shown:
            continue
        # A word wider than the widget (a long history path) can only be folded across lines: read it so.
        folded = "".join(line.strip() for line in shown.split(LINE))
        missing = [
            word
            for word in re.findall(r"\S+", text)
            if word not in shown and not (cell_len(word) > where.region.width and word in folded)
        ]
        if missing:
            problems.append(f"{widget.id or type(widget).__name__}: {' '.join(missing)}")
    return problems


def cut_cells(table: DataTable) -> list[str]:
    """Each cell (and column label) of `table` that does not fit its column in the lines its row has and does
    not end in an ellipsis: a DataTable crops what does not fit, without saying so. A row added with its
    height left to its content (the conflicts' Why) wraps its words: fine while they fit its lines."""
    console = Console(width=table.size.width or 80)
    cut = []
    labelled = [(column, [(column.label, table.header_height)]) for column in table.columns.values()]
    for column, cells in labelled:
        if column.auto_width:
            continue
        cells += [(table.get_cell(key, column.key), row.height) for key, row in table.rows.items()]
        for cell, lines in cells:
            text = cell if isinstance(cell, Text) else Text(str(cell))
            if text.plain.endswith("…"):
                continue
            if (
                len(text.wrap(console, column.width)) > lines
                or cell_len(max(text.plain.split(), key=cell_len, default="")) > column.width
            ):
                cut.append(f"{table.id or 'DataTable'}: {text.plain}")
    return cut


class _TooLong(App[None]):
    def compose(self) -> ComposeResult:
        yield Label("a label whose last words run past its edge", id="too-long", shrink=True)


async def test_a_label_too_long_for_its_region_is_reported():
    app = _TooLong()
    async with app.run_test(size=(20, 3)) as pilot:
        app.query_one("#too-long").styles.height = 1
        await settle(pilot)
        assert cut_words(app) == ["too-long: words run past its edge"]
        app.query_one("#too-long").styles.text_wrap = "wrap"
        app.query_one("#too-long").styles.height = "auto"
        await settle(pilot)
        assert cut_words(app) == []


async def test_a_table_cell_wider_than_its_column_is_reported():
    app = _TooLong()
    async with app.run_test(size=(20, 8)) as pilot:
        table = DataTable(id="tight")
        await app.mount(table)
        table.add_column("Who", width=4, key="who")
        table.add_rows([("Alexandra",), ("Ana",), ("Alex…",)])
        await settle(pilot)
        assert cut_cells(table) == ["tight: Alexandra"]


LISTED = "Strategists Guild / Guilda dos Estrategistas (purple)"


async def test_a_card_cut_with_its_colour_is_reported_even_with_an_ellipsis():
    """The age screen's lists before KeepTail: 'Strategists Guild / Guilda dos Estrategis…' had lost '(purple)'."""
    app = _TooLong()
    async with app.run_test(size=(30, 8)) as pilot:
        await app.mount(OptionList(LISTED, "Stockade (red)", id="cards"), Label(LISTED, id="card", shrink=True))
        app.query_one("#too-long").display = False
        for one_line in app.query("#cards, #card"):
            one_line.styles.text_wrap, one_line.styles.text_overflow = "nowrap", "ellipsis"
        await settle(pilot)
        assert sorted(cut_words(app)) == [f"card: {LISTED} without (purple", f"cards: {LISTED} without (purple"]
        app.query_one("#cards", OptionList).set_options([KeepTail(LISTED), "Stockade (red)"])
        app.query_one("#card", Label).update(KeepTail(LISTED))
        await settle(pilot)
        assert cut_words(app) == []


async def visit(pilot, problems: dict[str, list[str]], name: str) -> None:
    await settle(pilot)
    problems[name] = cut_words(pilot.app)


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_no_word_is_cut_on_any_screen_at_80x24(make_app, language):
    set_language(language)
    app = make_app()
    problems: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        for name in EXAMPLES:  # History and Stats with games to show: a team win, 3 to 7 players
            app.store.save(load_record(example(name)))
        await visit(pilot, problems, "home")
        for key in TOOLS:
            await press(pilot, key)
            await visit(pilot, problems, f"tool {key}")
            await press(pilot, "escape")
        data = example("leaders-armada-7p.json")
        for step in STEPS:
            start_at(app, data, step)
            await visit(pilot, problems, str(step))
            if step == Step("age", 3):  # the fullest age: each focusable part once (each costs a layout)
                for widget in list(app.screen.focus_chain):
                    app.screen.set_focus(widget)
                    await visit(pilot, problems, f"{step} focus {widget.id or type(widget).__name__}")
        start_at(app, data, Step("age", 1))
        await settle(pilot)
        await press(pilot, "ctrl+l")  # the coin losses, as a table reaches them from an age
        await visit(pilot, problems, "coin losses")
    assert {screen: words for screen, words in problems.items() if words} == {}
