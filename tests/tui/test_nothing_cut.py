"""Nothing a person reads is cut at the table's 80×24 terminal, in either language (issue 14 item 4): a line
of words may wrap or end in an ellipsis, but a word must never run into a widget's edge and vanish ('10 VP ·
1 naval' for '… naval shield', a move's lost '(+2)').

One app per language walks the screens in sequence (home, the tools, every step of a 7-player Leaders and
Armada game, each focusable part of Age III, then the score pad with each box focused in turn, its meaning
shown and the keys' line under it kept on screen) and, on each, reads every visible text widget's words
in what the screen draws inside that widget's region (`cut_words`). An ellipsis excuses a cut, but not one
that takes a card's colour with it: a colour the words give in brackets ('Stockade / Paliçada (red)', '(vermelha,
Era II, pilha de descarte)') must be drawn, in a text widget and on each line of a list (`lost_colours`).

The same walk reads each screen's Footer (`cut_off`): every key a screen offers must be readable at 80 columns
in both languages, Portuguese words being longer, for a key cut off at the edge ("n Nav") is a key the table
never learns about. The Phones key (ctrl+o) is one of them on every step (issue 13), and the home screen with
a game to resume (r) is the fullest of all."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.visual import RichVisual
from textual.widgets import DataTable, Label, OptionList

from scorer.catalog import COLOURS
from scorer.flow import Step
from scorer.i18n import set_language, t
from scorer.validate import load_record
from tests.records import example
from tests.tui.driver import SIZE, cut_off, footer, press, settle, start_at
from widgets.screens.pad import PadScreen
from widgets.steady_footer import SteadyFooter
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


def scrolls_down(region, clip) -> bool:
    """Whether a widget in `region` is out of its view's sight only above or below, if at all: a dialog's
    lines below the fold, read as the widget draws them whole (what scrolls sideways is skipped)."""
    return region.x >= clip.x and region.right <= clip.right


def drawn_whole(widget, region) -> str:
    """What `widget` draws in the whole of `region`, also the lines its view has scrolled out of sight."""
    strips = widget.render_lines(Region(0, 0, region.width, region.height))
    return LINE.join(strip.text for strip in strips)


def text_of(widget) -> str | None:
    """The words a text widget was given to show (a Static, a Label, a Stepper), None for other widgets."""
    if not isinstance(widget, Stepper) and type(widget).render is not Label.render:
        return None
    rendered = widget.render()
    if isinstance(rendered, RichVisual):  # given a Rich renderable: a Rulings tab's result, a KeepTail label
        return plain_of(widget.content)
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


def plain_of(renderable) -> str:
    """The words of a Rich renderable: a Group's parts, a Table's headers and cells, one per line."""
    if isinstance(renderable, Text):
        return renderable.plain
    if isinstance(renderable, Group):
        return "\n".join(map(plain_of, renderable.renderables))
    if isinstance(renderable, Table):
        return "\n".join(plain_of(cell) for column in renderable.columns for cell in (column.header, *column.cells))
    return str(renderable)


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
    an ellipsis: 'widget id: missing words'. A widget its view has scrolled down out of sight is read whole
    (`drawn_whole`), one scrolled sideways is skipped, and so is the Footer (read by `cut_off`)."""
    problems = []
    strips = app.screen._compositor.render_strips()
    geometry = app.screen._compositor.full_map
    for widget, where in geometry.items():
        if widget is app.screen or any(isinstance(node, SteadyFooter) for node in widget.ancestors_with_self):
            continue
        if isinstance(widget, DataTable):
            problems += cut_cells(widget)
            continue
        region, clip = where.region, where.clip
        in_sight = region.intersection(clip) == region
        if not widget.display or not (in_sight or scrolls_down(region, clip)):
            continue
        if isinstance(widget, OptionList):
            if in_sight:
                problems += cut_options(widget, strips)
            continue
        text = text_of(widget)
        if not text or not text.strip():
            continue
        shown = drawn(strips, region) if in_sight else drawn_whole(widget, region)
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
            if word not in shown and not (cell_len(word) > region.width and word in folded)
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


async def test_a_label_scrolled_out_of_sight_is_read_whole():
    app = _TooLong()
    async with app.run_test(size=(20, 6)) as pilot:
        app.query_one("#too-long").display = False
        below = Label("a label whose last words run past its edge", id="below", shrink=True)
        await app.mount(VerticalScroll(*(Label(f"line {n}") for n in range(8)), below, id="view"))
        app.query_one("#view").styles.height = 3
        below.styles.height = 1
        await settle(pilot)
        assert not app.query_one("#view", VerticalScroll).is_vertical_scroll_end
        assert cut_words(app) == ["below: words run past its edge"]


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


async def visit(pilot, problems: dict[str, list[str]], name: str, *, footer: bool = False) -> None:
    """The words cut on the screen shown, and with `footer` its keys that do not fit in the Footer."""
    await settle(pilot)
    problems[name] = cut_words(pilot.app)
    if footer:
        problems[name] += [f"Footer: {key}" for key in cut_off(pilot.app)]


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_no_word_is_cut_on_any_screen_at_80x24(make_app, language):
    set_language(language)
    app = make_app()
    problems: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        for name in EXAMPLES:  # History and Stats with games to show: a team win, 3 to 7 players
            app.store.save(load_record(example(name)))
        await visit(pilot, problems, "home", footer=True)
        for key in TOOLS:
            await press(pilot, key)
            await visit(pilot, problems, f"tool {key}", footer=True)
            await press(pilot, "escape")
        # tonight's game, not the one the history holds finished (whose draft the app would ask about)
        data = {**example("leaders-armada-7p.json"), "id": "tonight"}
        for step in STEPS:
            start_at(app, data, step)
            await visit(pilot, problems, str(step), footer=True)
            assert not app.screen.is_modal, f"{step}: {app.screen} shown over it"
            phones = app.screen.active_bindings.get("ctrl+o")
            if phones is None or not phones.binding.show:
                problems[str(step)].append("Footer: ctrl+o not shown")
            if step == Step("age", 3):  # the fullest age: each focusable part once (each costs a layout)
                for widget in list(app.screen.focus_chain):
                    app.screen.set_focus(widget)
                    await visit(pilot, problems, f"{step} focus {widget.id or type(widget).__name__}")
                for _ in data["players"][1:]:  # then every player's cards, leader, fleets and islands
                    await press(pilot, "pagedown")
                    await visit(pilot, problems, f"{step} {app.screen.player}")
        start_at(app, data, Step("age", 1))
        await settle(pilot)
        await press(pilot, "ctrl+l")  # the coin losses, as a table reaches them from an age
        await visit(pilot, problems, "coin losses")
        await press(pilot, "escape", "ctrl+t")  # the score pad, as a table reaches it from an age
        pad = app.screen
        assert isinstance(pad, PadScreen)
        for field in pad.fields:  # each box once, its meaning shown under the boxes (each costs a layout)
            pad.set_focus(pad.widget_of(field))
            name = f"score pad {field.key}"
            await visit(pilot, problems, name, footer=field is pad.fields[0])
            if not keys_hint_shown(app):
                problems[name].append(f"keys hint off screen: {t('pad.keys_hint')}")
        app.go_home()  # the game is kept: r resumes it
        await visit(pilot, problems, "home with a game to resume", footer=True)
        assert "r" in footer(app.screen)
    assert {screen: words for screen, words in problems.items() if words} == {}


def keys_hint_shown(app) -> bool:
    """Whether the score pad's line of how the keys move between boxes is drawn whole on one screen line (a
    help line too long wraps onto it and pushes it below the screen's last line)."""
    return any(t("pad.keys_hint") in strip.text for strip in app.screen._compositor.render_strips())


async def open_if_new(pilot, problems, name: str, key: str, rulings, quoted: set[str]) -> None:
    """Open the ruling dialog with `key` when it quotes a rule the walk has not opened yet (each dialog costs
    a layout of the screen under it; the words of its summaries are read in the pane that lists them)."""
    new = {ruling.rule_id for ruling in rulings} - quoted
    if new:
        quoted |= new
        await press(pilot, key)
        await visit(pilot, problems, name)
        await press(pilot, "escape")


@pytest.mark.parametrize("language", ["en", "pt"])
async def test_no_word_is_cut_in_what_the_steps_open_at_80x24(make_app, language):
    """The panes and dialogs the screens open over a 7-player Leaders and Armada game: the sheet's cell detail
    (Enter) on every row, the players taken in turn, and the age to correct Military and Naval (e); each
    conflicts row's detail in every age and its ruling (w), and each player's science ruling at the end
    (ctrl+r), whenever it quotes a rule not opened yet; the Rulings screen's tabs with the rulebook's example
    typed (ctrl+x) and quoted (ctrl+r)."""
    set_language(language)
    app = make_app()
    problems: dict[str, list[str]] = {}
    data = example("leaders-armada-7p.json")
    names = [player["name"] for player in data["players"]]
    async with app.run_test(size=SIZE) as pilot:
        start_at(app, data, Step("sheet"))
        await settle(pilot)
        table = app.screen.query_one(DataTable)
        for row, key in enumerate(table.rows):  # each row once, for each player in turn (each costs a layout)
            table.move_cursor(row=row, column=row % len(names) + 1, animate=False)
            await press(pilot, "enter")
            await visit(pilot, problems, f"sheet {key.value} {names[row % len(names)]}")
            await press(pilot, "escape")
            if key.value in ("military", "naval"):
                await press(pilot, "e")
                await visit(pilot, problems, f"sheet {key.value} age to correct")
                await press(pilot, "escape")
        quoted: set[str] = set()
        for age in (1, 2, 3):
            start_at(app, data, Step("conflicts", age))
            await settle(pilot)
            for kind in ("ground", "naval"):
                rows = app.screen.query_one(f"#{kind}", DataTable)
                rows.focus()
                for row, name in enumerate(names):
                    rows.move_cursor(row=row, animate=False)
                    await visit(pilot, problems, f"conflicts {age} {kind} {name}")
                    why = app.screen.explain(kind, name)[2]
                    await open_if_new(pilot, problems, f"conflicts {age} {kind} {name} ruling", "w", why, quoted)
        start_at(app, data, Step("end"))
        await settle(pilot)
        for seat, name in enumerate(names):
            app.screen.query_one(f"#coins-{seat}").focus()
            science = app.screen.sheet.players[seat].rows["science"].rulings
            await open_if_new(pilot, problems, f"end science {name}", "ctrl+r", science, quoted)
        app.action_open_tool("rulings")
        await settle(pilot)
        for tab in range(4):
            await press(pilot, "ctrl+x")
            await visit(pilot, problems, f"rulings tab {tab} example")
            await press(pilot, "ctrl+r")
            await visit(pilot, problems, f"rulings tab {tab} rules")
            await press(pilot, "escape", "ctrl+right")
    assert {screen: words for screen, words in problems.items() if words} == {}
