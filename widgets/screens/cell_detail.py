"""The dialogs of the score sheet: how one cell was computed and which age to edit.

CellDetail answers "why is that a 13?" at the table without anyone opening a rulebook: the cell's account
(what was counted), the rulings that decided it, each with the rulebook's words and where they are printed,
and for Military and Naval the conflicts of every age that gave this player tokens. Everything shown comes
from the Sheet that `scorer` computed; nothing here scores.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Mapping, Sequence
from string import Formatter
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from scorer.i18n import ordinal, t, tn
from scorer.model import GameRecord
from scorer.rules.sheet import ROWS as SHEET_ROWS
from scorer.rules.sheet import AgeConflicts, Cell, Sheet
from scorer.ruling import Ruling, age_name, ruling
from scorer.words import Words
from widgets.compat import StyledAtMount
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter

ROWS = (*SHEET_ROWS, "total", "coins", "place")  # the score pad's rows, then what the sheet adds below them


def row_label(row: str) -> str:
    """A row's name as the score pad prints it, in the table's language ('Military' / 'Militar')."""
    return t(f"sheet.rows.{row}")


def sentence(key: str, /, *, bold: Iterable[str] = (), count: int | None = None, **params: Any) -> Text:
    """A catalogue sentence with some of its {placeholders} in bold (a name, a number): the sentence stays
    one key, so each language puts the bold words where its word order wants them. With `count`, the key's
    `one` or `other` text, as tn() picks it."""
    if count is not None:
        key, params = f"{key}.{'one' if count == 1 else 'other'}", {**params, "count": count}
    text = Text()
    for literal, field, _, _ in Formatter().parse(t(key)):
        text.append(literal)
        if field is not None:
            text.append(str(params[field]), style="bold" if field in bold else "")
    return text


def signed(value: int) -> str:
    return f"{value:+d}"


def _line(*parts: str | tuple[str, str]) -> Static:
    return Static(Text.assemble(*parts))


def _item(key: str, *parts: str | tuple[str, str], wide: bool = False) -> Horizontal:
    """A line with a hanging indent: the key (a bullet, or wide: a token) left, the text wrapping beside it."""
    return Horizontal(
        Static(Text(key), classes="detail-key -wide" if wide else "detail-key"),
        Static(Text.assemble(*parts), classes="detail-text"),
        classes="detail-item",
    )


def _rulings(notes: Iterable[Ruling]) -> list[Static]:
    """Each rule's words once, with where they are printed (a Military cell can cite one rule six times)."""
    quoted: dict[str, Ruling] = {}
    for note in notes:
        quoted.setdefault(note.rule_id, note)
    widgets: list[Static] = [Static(t("sheet.detail.rules"), classes="detail-heading")] if quoted else []
    for note in quoted.values():
        widgets.append(Static(Text(f"“{note.quote}”"), classes="detail-quote"))
        widgets.append(Static(Text(f"— {note.source}"), classes="detail-source"))
    return widgets


class CellDetail(LocalisedBindings, StyledAtMount, ModalScreen[bool]):
    """How one cell of the sheet was computed. Dismissed with True when the table asks to edit its input
    (only when `editable`: a past game's sheet is read-only)."""

    DEFAULT_CSS = """
    CellDetail {
        align: center middle;
        #detail {
            width: 78; max-width: 100%; height: auto; max-height: 21;
            border: round $accent; background: $surface; padding: 0 1;
        }
        #detail-title { height: 1; margin-bottom: 1; }
        #detail-body { height: auto; max-height: 17; }
        .detail-heading { margin-top: 1; text-style: bold underline; }
        .detail-quote { text-style: italic; }
        .detail-source { color: $text-muted; margin-bottom: 1; }
        .detail-item { height: auto; }
        .detail-key { width: 2; }
        .detail-key.-wide { width: 12; padding: 0 2 0 2; text-align: right; }
        .detail-text { width: 1fr; }
    }
    """

    BINDINGS = [
        Binding("escape", "close", "sheet.keys.close"),
        Binding("enter", "close", "sheet.keys.close", show=False),
        Binding("e", "edit", "sheet.keys.edit_cell"),
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
            yield Static(
                Text.assemble(
                    (t("sheet.detail.title", player=self.player, row=row_label(self.row)), "bold"),
                    "  ",
                    (self._value_text(), "bold"),
                ),
                id="detail-title",
            )
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
                        yield _line((t("sheet.detail.nothing"), "italic"))
                    if self.row == "military":
                        decided += yield from self._ground(self.sheet.ages)
                    elif self.row == "naval":
                        decided += yield from self._naval(self.sheet.ages)
                    for note in cell.rulings:
                        yield _item("•", note.summary)
                    yield from _rulings(decided)
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one("#detail-body").focus()

    def _value_text(self) -> str:
        player = next(p for p in self.sheet.players if p.name == self.player)
        if self.row == "total":
            return t("sheet.detail.vp", vp=player.total)
        if self.row == "coins":
            return tn("sheet.detail.coins", player.coins)
        if self.row == "place":
            team = next((team for team in self.sheet.teams if self.player in team.members), None)
            won = self.player in self.sheet.winners
            if team is None:
                return t("sheet.detail.place.won" if won else "sheet.detail.place.alone", place=ordinal(player.rank))
            return t(
                "sheet.detail.place.team_won" if won else "sheet.detail.place.team",
                place=ordinal(player.rank),
                team=ordinal(team.rank),
            )
        return t("sheet.detail.vp", vp=player.rows[self.row].value)

    def _total(self, rows: Mapping[str, Cell]) -> Iterable[Widget]:
        parts = " + ".join(f"{row_label(row)} {cell.value}" for row, cell in rows.items() if cell.value)
        yield _item(
            "•",
            t(
                "sheet.detail.sum",
                rows=parts or t("sheet.detail.sum_nothing"),
                total=sum(cell.value for cell in rows.values()),
            ),
        )
        yield _line((t("sheet.detail.open_a_row"), "italic"))

    def _coins(self, coins: int) -> Iterable[Widget]:
        if self.player in self.record.end:
            yield _item("•", tn("sheet.detail.coins_entered", coins))
        else:
            yield _item(
                "•", (t("sheet.detail.coins_missing_edit" if self.editable else "sheet.detail.coins_missing"), "bold")
            )
        yield _item("•", tn("sheet.detail.treasury", coins, vp=coins // 3))

    def _place(self) -> Iterable[Widget]:
        players = sorted(self.sheet.players, key=lambda p: p.rank)
        for p in players:
            line = sentence(
                "sheet.detail.place_line",
                count=p.coins,
                bold=("player",) if p.name == self.player else (),
                place=ordinal(p.rank).rjust(4),
                player=p.name,
                total=p.total,
            )
            yield Static(line.append(" ★" if p.name in self.sheet.winners else ""))
        notes = [r for r in self.sheet.rulings if r.rule_id.startswith("final.")]
        if self.sheet.teams:
            for team in sorted(self.sheet.teams, key=lambda team: team.rank):
                yield _line(
                    tn(
                        "sheet.detail.team_line",
                        team.coins,
                        place=ordinal(team.rank),
                        members=" + ".join(team.members),
                        total=team.total,
                    )
                )
        if not any(r.rule_id == "final.tie-break" for r in notes):
            notes.append(ruling("final.tie-break", Words("sheet.detail.places_rule")))
        for note in notes:
            yield _item("•", note.summary)
        yield from _rulings(notes)

    def _ground(self, ages: Sequence[AgeConflicts]) -> Generator[Widget, None, list[Ruling]]:
        """Per age: this player's shields (with what made them), then each fight they were in."""
        decided: list[Ruling] = []
        for age in ages:
            strength = age.ground_strength[self.player]
            yield Static(
                sentence(
                    "sheet.detail.shields",
                    bold=("age",),
                    age=age_name(age.age),
                    value=strength.value,
                    account=strength.account(),
                )
            )
            fights = [c for c in age.ground.conflicts if self.player in (c.first, c.second)]
            for conflict in fights:
                tokens = conflict.tokens.get(self.player, ())
                got = ", ".join(map(signed, tokens)) if tokens else t("sheet.detail.no_token")
                yield _item(got, conflict.decided_by.summary, wide=True)
                decided.append(conflict.decided_by)
            if not fights:
                yield _item("", t("sheet.detail.no_conflict"), wide=True)
            concern = [r for r in age.ground.rulings if self.player in r.players or r.rule_id.startswith("ground.team")]
            decided += concern
        return decided

    def _naval(self, ages: Sequence[AgeConflicts]) -> Generator[Widget, None, list[Ruling]]:
        """Per age: this player's Naval Strength (with its parts) and the token the Naval Conflict gave."""
        decided: list[Ruling] = []
        for age in ages:
            if age.naval is None or age.naval_strength is None:
                continue
            strength = age.naval_strength[self.player]
            token = age.naval.tokens.get(self.player, 0)
            yield Static(
                sentence(
                    "sheet.detail.naval",
                    bold=("age",),
                    age=age_name(age.age),
                    value=strength.value,
                    account=strength.account(),
                )
            )
            why = age.naval.decided_by.get(self.player)
            yield _item(signed(token) if token else t("sheet.detail.no_token"), why.summary if why else "", wide=True)
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


class PickAge(LocalisedBindings, StyledAtMount, ModalScreen[int | None]):
    """Military and Naval come from three ages: ask which one to correct (1, 2 or 3; Escape keeps the sheet)."""

    DEFAULT_CSS = "PickAge { align: center middle; }"

    BINDINGS = [
        Binding("1", "pick(1)", "sheet.keys.age_1"),
        Binding("2", "pick(2)", "sheet.keys.age_2"),
        Binding("3", "pick(3)", "sheet.keys.age_3"),
        Binding("escape", "pick(0)", "sheet.keys.cancel"),
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
        yield SteadyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick" and parameters and parameters[0]:
            return parameters[0] in self.ages
        return True

    def action_pick(self, age: int) -> None:
        self.dismiss(age or None)
