"""Conflicts at the end of an age: who takes which Ground and Naval tokens, and the rule that decided each.

Nothing is typed here: the tokens follow from what the table entered for the age (cards, stages, ships,
islands, incursions, typed strengths). The screen shows them so the table can take the tokens from the box,
and settles arguments with the rule in plain words; `w` (or Enter) opens the rulebook quote. A wrong number
is fixed where it was entered: Escape goes back to the age.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from scorer.catalog import load_catalog
from scorer.i18n import local_name, t
from scorer.rules.city import Strength
from scorer.rules.ground import GroundConflict
from scorer.rules.naval import tie_case
from scorer.rules.sheet import AgeConflicts
from scorer.ruling import Ruling, age_name
from widgets.dialogs.ruling import RulingDialog
from widgets.screens.base import StepScreen
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar


def tokens_text(values: Sequence[int]) -> str:
    """'+3 +3 -1', or 'none' — how the tokens look in the box."""
    return " ".join(f"{v:+d}" for v in values) if values else t("conflicts.no_token")


def rulings_for(name: str, general: Iterable[Ruling]) -> list[Ruling]:
    """The age's general rulings that concern `name`: those about them, and those about no one in particular."""
    return [r for r in general if name in r.players or not r.players]


def strength_text(strength: Strength, *, out: bool = False) -> str:
    """The value used, marked when the table typed it (and with '≠' when it differs from the cards)."""
    if out:
        return t("conflicts.strength.out", value=strength.value)
    if strength.typed and strength.value != strength.derived:
        return t("conflicts.strength.typed_differs", value=strength.value, derived=strength.derived)
    return t("conflicts.strength.typed", value=strength.value) if strength.typed else str(strength.value)


def ground_why(name: str, conflicts: Sequence[GroundConflict]) -> str:
    """One player's fights in short, shields compared: 'beats Flor 10:6 · loses to Guto 2:10 (incursion)'."""
    parts = []
    for fight in conflicts:
        if name not in (fight.first, fight.second):
            continue
        other = fight.second if fight.first == name else fight.first
        mine, theirs = fight.shields[name], fight.shields[other]
        outcome = "ties" if fight.winner is None else "beats" if fight.winner == name else "loses"
        text = t(f"conflicts.fight.{outcome}", other=other, mine=mine, theirs=theirs)
        notes = [t("conflicts.fight.incursion")] if fight.kind == "incursion" else []
        if fight.decided_by.rule_id == "ground.tomyris":
            tomyris = load_catalog().leader("Tomyris")
            notes.append(local_name(tomyris) if tomyris is not None else "Tomyris")
        parts.append(t("conflicts.fight.noted", fight=text, notes=", ".join(notes)) if notes else text)
    return " · ".join(parts) or t("conflicts.fight.nobody")


def naval_why(decided: Ruling) -> str:
    """The ruling behind a player's naval token; a tie's without its leading 'Name: ' (the row already names
    them), as a sentence of its own, so more of it fits."""
    case = tie_case(decided)
    if case is None:
        return decided.summary
    text = str(case)
    return text[:1].upper() + text[1:]


class ConflictsScreen(StepScreen):
    """Step "conflicts" of an age: the Ground table, the Naval table (Armada) and the highlighted row's rule."""

    DEFAULT_CSS = """
    ConflictsScreen {
        .conflict-table { height: auto; max-height: 9; padding: 0 1; overflow-x: hidden; }
        #conflict-detail { height: 1fr; min-height: 3; padding: 0 1; border-top: solid $foreground 30%; }
    }
    """

    BINDINGS = [
        Binding("w", "why", "conflicts.keys.why"),
        Binding("g", "focus_table('ground')", "conflicts.keys.ground"),
        Binding("n", "focus_table('naval')", "conflicts.keys.naval"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.result: AgeConflicts | None = None

    @property
    def age(self) -> int:
        age = self.session.step.age
        assert age is not None, "the conflicts step always has an age"
        return age

    def compose(self) -> ComposeResult:
        # before the title bar mounts: it reads it once ready
        self.sub_title = t("conflicts.title", age=age_name(self.age))
        yield TitleBar()
        yield DataTable(id="ground", cursor_type="row", zebra_stripes=True, classes="conflict-table")
        yield DataTable(id="naval", cursor_type="row", zebra_stripes=True, classes="conflict-table")
        with VerticalScroll(id="conflict-detail", can_focus=False):
            yield Static(id="conflict-why")
        yield SteadyFooter(
            compact=True, show_command_palette=False
        )  # ctrl+p still opens the palette; its Footer entry would cut a key at 80 columns

    def on_mount(self) -> None:
        self.query_one("#naval").display = self.session.record.armada
        self.reload()
        self.query_one("#ground", DataTable).focus()

    def on_resize(self) -> None:
        if self.result is not None:
            self.reload()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "focus_table":
            return self.session.record.armada  # one table without Armada: nothing to switch to
        return True

    # --- building the tables -----------------------------------------------------------------------------

    def reload(self) -> None:
        """Recompute from the record (after undo too) and refill both tables, keeping the highlighted rows."""
        record = self.session.record
        self.result = self.session.conflicts(self.age)
        names = record.names
        ground = self.result.ground
        self._fill(
            "ground",
            ("ground", "shields", "tokens"),
            [
                (
                    name,
                    strength_text(self.result.ground_strength[name]),
                    tokens_text(ground.tokens[name]),
                    ground_why(name, ground.conflicts),
                )
                for name in names
            ],
        )
        naval, strengths = self.result.naval, self.result.naval_strength
        if naval is not None and strengths is not None:
            out = {n for n, r in naval.decided_by.items() if r.rule_id == "naval.forgotten-port"}
            self._fill(
                "naval",
                ("naval", "strength", "token"),
                [
                    (
                        name,
                        strength_text(strengths[name], out=name in out),
                        f"{naval.tokens[name]:+d}" if naval.tokens[name] else t("conflicts.no_token"),
                        naval_why(naval.decided_by[name]),
                    )
                    for name in names
                ],
            )
        self._show_detail()

    def _fill(self, table_id: str, columns: tuple[str, str, str], rows: list[tuple[str, str, str, str]]) -> None:
        """Refill one table (`columns`: conflicts.column.<name>); the Why column takes the width left so nothing
        scrolls sideways at 80 columns. Each seat is one line, a reason longer than its column ending in "…":
        8 seats of Ground and of Naval then fit 80x24 whole, where wrapped reasons hid the last seats behind a
        scroll; the highlighted seat's reason is below in full, with its rule."""
        table = self.query_one(f"#{table_id}", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        headers = [t(f"conflicts.column.{column}") for column in columns]
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
        for header, width in zip(headers, widths):
            table.add_column(header, width=width)
        # every cell has 1 column of padding each side; the table 1 each side; room kept for the vertical
        # scrollbar a table of wrapped rows shows (2 columns), which would otherwise hide a reason's last letters
        scrollbar = table.styles.scrollbar_size_vertical
        spare = self.size.width - sum(w + 2 for w in widths) - 2 - 2 - scrollbar
        why = max(20, spare)
        table.add_column(t("conflicts.column.why"), width=why)
        for *cells, reason in rows:
            why_cell = Text(reason, no_wrap=True, overflow="ellipsis")
            table.add_row(*(Text(c) for c in cells), why_cell, key=cells[0], height=1)
        table.move_cursor(row=max(0, min(row, len(rows) - 1)))

    # --- the highlighted row -----------------------------------------------------------------------------

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def on_descendant_focus(self) -> None:
        self._show_detail()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_why()

    def _current(self) -> tuple[str, str] | None:
        """(table id, player) of the highlighted row in the focused table (Ground when none is focused)."""
        focused = self.focused
        table = focused if isinstance(focused, DataTable) else self.query_one("#ground", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return (table.id or "ground", str(key))

    def explain(self, kind: str, name: str) -> tuple[str, list[str], list[Ruling]]:
        """(title, how the strength adds up, the rulings behind this player's tokens) for one row."""
        assert self.result is not None
        era = age_name(self.age)
        if kind == "naval" and self.result.naval is not None and self.result.naval_strength is not None:
            strength = self.result.naval_strength[name]
            rulings = [self.result.naval.decided_by[name], *rulings_for(name, self.result.naval.rulings)]
            lines = [t("conflicts.detail.naval_strength", value=strength.value, account=strength.account())]
            return (t("conflicts.detail.naval", player=name, age=era), lines, rulings)
        strength = self.result.ground_strength[name]
        rulings = [c.decided_by for c in self.result.ground.conflicts if name in (c.first, c.second)]
        rulings += rulings_for(name, self.result.ground.rulings)
        lines = [t("conflicts.detail.shields", value=strength.value, account=strength.account())]
        return (t("conflicts.detail.ground", player=name, age=era), lines, rulings)

    def _show_detail(self) -> None:
        current = self._current()
        why = self.query_one("#conflict-why", Static)
        if current is None:
            why.update("")
            return
        title, lines, rulings = self.explain(*current)
        text = Text()
        if self.age not in self.session.record.ages:
            text.append(t("conflicts.not_entered", age=age_name(self.age)) + "\n", style="bold reverse")
        text.append(title, style="bold")
        for line in lines:
            text.append(f"\n{line}")
        for item in rulings:
            text.append(f"\n• {item.summary}")
        why.update(text)

    # --- actions -----------------------------------------------------------------------------------------

    def action_why(self) -> None:
        current = self._current()
        if current is not None:
            self.app.push_screen(RulingDialog(*self.explain(*current)))

    def action_focus_table(self, kind: str) -> None:
        self.query_one(f"#{kind}", DataTable).focus()
