"""The dialogs of the score sheet: how one cell was computed, which age to edit, and yes/no questions.

CellDetail answers "why is that a 13?" at the table without anyone opening a rulebook: the cell's account
(what was counted), the rulings that decided it, each with the rulebook's words and where they are printed,
and for Military and Naval the conflicts of every age that gave this player tokens. Everything shown comes
from the Sheet that `scorer` computed; nothing here scores.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Static

from scorer.model import GameRecord
from scorer.rules.sheet import AgeConflicts, Sheet
from scorer.ruling import Ruling, age_name, ruling
from widgets.localised import LocalisedBindings

ROW_LABELS = {
    "military": "Military", "naval": "Naval", "treasury": "Treasury", "wonder": "Wonder", "civilian": "Civilian",
    "commercial": "Commercial", "guilds": "Guilds", "science": "Science", "leaders": "Leaders",
    "islands": "Islands", "dockyard": "Dockyard", "total": "Total", "coins": "Coins", "place": "Place",
}


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th … as a score pad writes places."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def signed(value: int) -> str:
    return f"{value:+d}"


def _line(*parts: str | tuple[str, str]) -> Static:
    return Static(Text.assemble(*parts))


def _item(key: str, *parts: str | tuple[str, str], wide: bool = False) -> Horizontal:
    """A line with a hanging indent: the key (a bullet, or wide: a token) left, the text wrapping beside it."""
    return Horizontal(Static(Text(key), classes="detail-key -wide" if wide else "detail-key"),
                      Static(Text.assemble(*parts), classes="detail-text"), classes="detail-item")


def _rulings(notes: Iterable[Ruling]) -> list[Static]:
    """Each rule's words once, with where they are printed (a Military cell can cite one rule six times)."""
    quoted: dict[str, Ruling] = {}
    for note in notes:
        quoted.setdefault(note.rule_id, note)
    widgets: list[Static] = [Static("The rules", classes="detail-heading")] if quoted else []
    for note in quoted.values():
        widgets.append(Static(Text(f"“{note.quote}”"), classes="detail-quote"))
        widgets.append(Static(Text(f"— {note.source}"), classes="detail-source"))
    return widgets


class CellDetail(LocalisedBindings, ModalScreen[bool]):
    """How one cell of the sheet was computed. Dismissed with True when the table asks to edit its input
    (only when `editable`: a past game's sheet is read-only)."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter", "close", "Close", show=False),
        Binding("e", "edit", "Edit this input"),
    ]

    def __init__(self, sheet: Sheet, record: GameRecord, player: str, row: str, *, editable: bool = True) -> None:
        super().__init__()
        self.sheet = sheet
        self.record = record
        self.player = player
        self.row = row
        self.editable = editable

    def compose(self) -> ComposeResult:
        player = next(p for p in self.sheet.players if p.name == self.player)
        with Vertical(id="detail"):
            yield Static(Text.assemble((f"{self.player} · {ROW_LABELS[self.row]}", "bold"), "  ",
                                       (self._value_text(), "bold")), id="detail-title")
            with VerticalScroll(id="detail-body"):
                if self.row == "total":
                    yield from self._total(player.rows)
                elif self.row == "coins":
                    yield from self._coins(player.coins)
                elif self.row == "place":
                    yield from self._place()
                else:
                    cell = player.rows[self.row]
                    decided: list[Ruling] = list(cell.rulings)
                    for account in cell.account:
                        yield _item("•", account)
                    if not cell.account and not cell.rulings:
                        yield _line(("Nothing in this city scores on this row.", "italic"))
                    if self.row == "military":
                        decided += yield from self._ground(self.sheet.ages)
                    elif self.row == "naval":
                        decided += yield from self._naval(self.sheet.ages)
                    for note in cell.rulings:
                        yield _item("•", note.summary)
                    yield from _rulings(decided)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#detail-body").focus()

    def _value_text(self) -> str:
        player = next(p for p in self.sheet.players if p.name == self.player)
        if self.row == "total":
            return f"{player.total} VP"
        if self.row == "coins":
            return f"{player.coins} coins"
        if self.row == "place":
            team = next((t for t in self.sheet.teams if self.player in t.members), None)
            in_team = f", team {ordinal(team.rank)}" if team is not None else ""
            return ordinal(player.rank) + in_team + (" ★ winner" if self.player in self.sheet.winners else "")
        return f"{player.rows[self.row].value} VP"

    def _total(self, rows: dict) -> Iterable[Widget]:
        parts = " + ".join(f"{ROW_LABELS[row]} {cell.value}" for row, cell in rows.items() if cell.value)
        yield _item("•", f"{parts or 'nothing'} = {sum(cell.value for cell in rows.values())} VP")
        yield _line(("Open a row's cell (Enter) to see how it was computed.", "italic"))

    def _coins(self, coins: int) -> Iterable[Widget]:
        if self.player in self.record.end:
            yield _item("•", f"{coins} coins in the treasury at the end of the game, as entered.")
        else:
            then = "(Treasury and the tie-break). Press e to enter them." if self.editable else "(Treasury and the tie-break)."
            yield _item("•", ("No coins entered for this player: they count as 0 ", "bold"), then)
        yield _item("•", f"Treasury: {coins} coins ÷ 3 = {coins // 3} VP (rounded down); coins also break a tie on total.")

    def _place(self) -> Iterable[Widget]:
        players = sorted(self.sheet.players, key=lambda p: p.rank)
        for p in players:
            mark = " ★" if p.name in self.sheet.winners else ""
            yield _line(f"{ordinal(p.rank):>4}  ", (p.name, "bold" if p.name == self.player else ""),
                        f" — {p.total} VP, {p.coins} coins{mark}")
        notes = [r for r in self.sheet.rulings if r.rule_id.startswith("final.")]
        if self.sheet.teams:
            for team in sorted(self.sheet.teams, key=lambda t: t.rank):
                yield _line(f"team {ordinal(team.rank)}: ", " + ".join(team.members),
                            f" — {team.total} VP, {team.coins} coins")
        if not any(r.rule_id == "final.tie-break" for r in notes):
            notes.append(ruling("final.tie-break", "Places go by total VP; equal totals by coins; equal coins share the place."))
        for note in notes:
            yield _item("•", note.summary)
        yield from _rulings(notes)

    def _ground(self, ages: Sequence[AgeConflicts]):
        """Per age: this player's shields (with what made them), then each fight they were in."""
        decided: list[Ruling] = []
        for age in ages:
            strength = age.ground_strength[self.player]
            yield _line((f"{age_name(age.age)}", "bold"), f" — shields {strength.value}: {strength.account()}")
            fights = [c for c in age.ground.conflicts if self.player in (c.first, c.second)]
            for conflict in fights:
                tokens = conflict.tokens.get(self.player, ())
                got = ", ".join(map(signed, tokens)) if tokens else "no token"
                yield _item(got, conflict.decided_by.summary, wide=True)
                decided.append(conflict.decided_by)
            if not fights:
                yield _item("", "no conflict for this player", wide=True)
            decided += [r for r in age.ground.rulings if self.player in r.summary or r.rule_id.startswith("ground.team")]
        return decided

    def _naval(self, ages: Sequence[AgeConflicts]):
        """Per age: this player's Naval Strength (with its parts) and the token the Naval Conflict gave."""
        decided: list[Ruling] = []
        for age in ages:
            if age.naval is None or age.naval_strength is None:
                continue
            strength = age.naval_strength[self.player]
            token = age.naval.tokens.get(self.player, 0)
            yield _line((f"{age_name(age.age)}", "bold"), f" — naval strength {strength.value}: {strength.account()}")
            why = age.naval.decided_by.get(self.player)
            yield _item(signed(token) if token else "no token", why.summary if why else "", wide=True)
            if why is not None:
                decided.append(why)
        return decided

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "edit":
            return self.editable and self.row not in ("total", "place")  # total, place: computed from the rows
        return True

    def action_close(self) -> None:
        self.dismiss(False)

    def action_edit(self) -> None:
        self.dismiss(True)


class PickAge(LocalisedBindings, ModalScreen[int | None]):
    """Military and Naval come from three ages: ask which one to correct (1, 2 or 3; Escape keeps the sheet)."""

    BINDINGS = [
        Binding("1", "pick(1)", "Age I"),
        Binding("2", "pick(2)", "Age II"),
        Binding("3", "pick(3)", "Age III"),
        Binding("escape", "pick(0)", "Cancel"),
    ]

    def __init__(self, title: str, ages: Sequence[tuple[int, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.ages = dict(ages)

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-age", classes="sheet-dialog"):
            yield Static(Text(self.title_text, style="bold"))
            for age, line in self.ages.items():
                yield _line((f" {age} ", "reverse"), f" {age_name(age)}: {line}")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters and parameters[0]:
            return parameters[0] in self.ages
        return True

    def action_pick(self, age: int) -> None:
        self.dismiss(age or None)


class ConfirmDialog(LocalisedBindings, ModalScreen[bool]):
    """A yes/no question; y answers yes, n or Escape answers no (nothing is done by default)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="sheet-dialog"):
            yield Static(Text(self.question))
            yield _line((" y ", "reverse"), f" {self.yes}    ", (" n ", "reverse"), f" {self.no}")
        yield Footer()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
