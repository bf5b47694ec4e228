"""End of the game: the coins each player holds, what is still open, and what the app resolves for them.

Coins are what only the table knows at the end, so they are typed here (Enter saves and goes on); so are
the two quick-count totals cards cannot give (commercial and guild VP) for a player scored with quick
counts, and Olympia B's choice of guild to copy. Science is not typed: wildcards and "most common" symbols
are resolved to the best total and shown, so nobody has to work out where Babylon's symbol goes. With
Armada, the Blue and Yellow ships' positions are shown with the value they give, so a misread board is
spotted before the sheet. The sheet (ctrl+n) waits until every player's coins are in.
"""

from __future__ import annotations

from typing import cast

from rich.text import Text
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, Select, Static

from scorer.catalog import SYMBOLS, fold, load_catalog
from scorer.edits import Edit
from scorer.edits.end import (
    COUNTS,
    Count,
    copy_guild,
    end_count,
    forget_coins,
    forgettable,
    olympia_guilds,
    set_end_count,
)
from scorer.i18n import local_name, t, tn
from scorer.model import GameRecord
from scorer.rules.city import City
from scorer.rules.dockyard import DockyardEnd, dockyard_end
from scorer.rules.sheet import Cell, Sheet
from widgets.compat import ListMadeWhenOpened
from widgets.dialogs.ruling import RulingDialog
from widgets.key_order import keys_handled
from widgets.screens.base import StepScreen
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar

BEST = "best"


def _resolution(kind: str, split: tuple[int, int, int]) -> str:
    """'wildcard → tablet', '2 wildcards → gear, tablet', '3 most common → tablet' (kind: wildcards, most_common)
    from how many went to each symbol."""
    counts = [(n, symbol) for symbol, n in zip(SYMBOLS, split) if n]
    symbols = ", ".join(
        t(f"end.symbol.{symbol}") if n == 1 or len(counts) == 1 else tn(f"end.symbols.{symbol}", n)
        for n, symbol in counts
    )
    return tn(f"end.science.{kind}", sum(split), symbols=symbols)


def science_text(cell: Cell) -> str:
    """'4 compass, 4 gear, 2 tablet = 50 (wildcard → tablet)': the sheet's resolved science, in one line, worded
    from the science outcome's figures (the symbols counted, the wildcards' and most-common symbols' split, the
    VP per set)."""
    science = cell.science
    if science is None or not any(science.counts):
        return t("end.science.none")
    symbols = ", ".join(tn(f"end.symbols.{symbol}", n) for symbol, n in zip(SYMBOLS, science.counts))
    notes = []
    if any(science.wildcards):
        notes.append(_resolution("wildcards", science.wildcards))
    if any(science.most_common):
        notes.append(_resolution("most_common", science.most_common))
    if science.set_bonus != 7:
        notes.append(t("end.science.aristotle", points=science.set_bonus))
    line = t("end.science.total", symbols=symbols, points=cell.value)
    return t("end.science.noted", line=line, notes="; ".join(notes)) if notes else line


def dockyard_text(end: DockyardEnd) -> str:
    """The positions whose value counts at the end, with that value: 'Dockyard: blue 6 = 10 VP · yellow 4 = CL 2'.

    A value the rulebook does not confirm (and the table has not calibrated) is marked '?', so a board that
    shows another number is noticed here rather than on the sheet.
    """
    return t(
        "end.dockyard.values",
        blue=end.blue,
        vp=end.blue_vp,
        vp_mark="?" if end.blue_vp_assumed else "",
        yellow=end.yellow,
        level=end.commercial_level,
        level_mark="?" if end.commercial_level_assumed else "",
    )


def olympia_options(record: GameRecord, city: City) -> list[tuple[str, str]] | None:
    """Olympia B's menu: the neighbours' guilds it may copy, worded with their owners (None: no choice)."""
    guilds = olympia_guilds(record, load_catalog(), city)
    if guilds is None:
        return None
    return [(t("end.olympia.guild", guild=local_name(card), owner=owner), card.en) for card, owner in guilds]


def _copied(guilds: Cell) -> list[str]:
    """The account of the guild Olympia B copies ('Scientists Guild: no VP'), if it copies one."""
    return [guilds.copied.account] if guilds.copied is not None else []


def count_input(kind: str, seat: int) -> Input:
    return Input(
        type="integer",
        id=f"{kind}-{seat}",
        classes=f"end-{kind}",
        compact=True,
        max_length=4,
        placeholder="—",
        select_on_focus=True,
    )


class PlayerEnd(Horizontal):
    """One player: name, coins, then the resolved science, Dockyard values, quick-count VP and Olympia B's copy."""

    def __init__(
        self, seat: int, name: str, *, olympia: list[tuple[str, str]] | None, armada: bool, quick: bool
    ) -> None:
        super().__init__(classes="end-row")
        self.seat, self.player = seat, name
        self.olympia, self._armada, self.quick = olympia, armada, quick

    def compose(self) -> ComposeResult:
        yield Label(Text(self.player), classes="end-name")
        yield count_input("coins", self.seat)
        with Vertical(classes="end-info"):
            yield Static(id=f"science-{self.seat}", classes="end-science")
            if self._armada:
                yield Static(id=f"dockyard-{self.seat}", classes="end-dockyard")
            if self.quick:
                with Horizontal(classes="end-quick"):
                    yield Label(t("end.quick.commercial"), classes="end-quick-label")
                    yield count_input("commercial", self.seat)
                    yield Label(t("end.quick.guilds"), classes="end-quick-label")
                    yield count_input("guilds", self.seat)
            if self.olympia is not None:
                with Horizontal(classes="end-olympia"):
                    yield Label(t("end.olympia.copies"), classes="end-olympia-label")
                    yield ListMadeWhenOpened(
                        [(t("end.olympia.best", player=self.player), BEST), *self.olympia],
                        value=BEST,
                        allow_blank=False,
                        id=f"olympia-{self.seat}",
                        compact=True,
                    )
                yield Label("", id=f"copied-{self.seat}", classes="end-copied")


class EndScreen(StepScreen):
    """Step "end": coins per player (validated, saved on Enter or when leaving the field), science resolved."""

    DEFAULT_CSS = """
    EndScreen {
        #end-hint { color: $text-muted; padding: 0 1; height: auto; }
        #end-players { height: 1fr; padding: 0 1; }
        .end-row { height: auto; }
        .end-head { color: $text-muted; text-style: bold; padding: 0 1; margin-top: 1; }
        .end-name { width: 11; margin-right: 1; text-wrap: nowrap; text-overflow: ellipsis; }
        .end-coins { width: 7; margin-right: 2; }
        .end-quick { height: 1; }
        .end-quick-label { margin-right: 1; }
        .end-commercial, .end-guilds { width: 5; margin-right: 2; }
        .end-info { width: 1fr; height: auto; }
        .end-dockyard { color: $text-muted; }
        .end-olympia { height: 1; }
        .end-olympia-label { width: 17; }
        .end-olympia Select { width: 1fr; max-width: 34; }
        .end-copied { width: 1fr; color: $text-muted; }
        #end-status { height: auto; padding: 0 1; color: $text-muted; }
    }
    """

    BINDINGS = [
        Binding("ctrl+r", "why", "end.keys.why"),
        # Enter on a number acts in turn with the keys around it (widgets.in_turn): as the input's own binding it
        # ran after the keys behind it, so '7⏎12⏎' typed in one read gave the first player 712 and nobody 12.
        Binding("enter", "enter_count", show=False, priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.sheet: Sheet | None = None
        self._shown: dict[str, str] = {}  # each number box's text as the screen last showed it (phone_changed)

    def compose(self) -> ComposeResult:
        self.sub_title = t("end.title")  # before the title bar mounts: it reads it once ready
        record = self.session.record
        cities = self.session.history[3]
        yield TitleBar()
        yield Static(t("end.hint"), id="end-hint")
        with Horizontal(classes="end-row end-head"):
            yield Label(t("end.column.player"), classes="end-name")
            yield Label(t("end.column.coins"), classes="end-coins")
            yield Label(t("end.column.science_dockyard" if record.armada else "end.column.science"), classes="end-info")
        with VerticalScroll(id="end-players", can_focus=False):
            for seat, name in enumerate(record.names):
                end = record.end.get(name)
                yield PlayerEnd(
                    seat,
                    name,
                    olympia=olympia_options(record, cities[name]),
                    armada=record.armada,
                    quick=end is not None and end.quick is not None,
                )
        yield Static("", id="end-status")
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        self.reload()
        row, record = self.wonders.take_landing(), self.session.record
        wanted = (record.progress or {}).get("player")
        if row is not None and wanted in record.names:  # the sheet's e: on the cell being corrected
            seat = record.names.index(wanted)
            kind = row if row in ("commercial", "guilds") and self.query(f"#{row}-{seat}") else "coins"
            self.query_one(f"#{kind}-{seat}", Input).focus()
            return
        missing = self.missing_coins()
        first = record.names.index(missing[0]) if missing else 0
        self.query_one(f"#coins-{first}", Input).focus()

    # --- showing the record --------------------------------------------------------------------------------

    def reload(self) -> None:
        """Show the record as it is now (on mount and after undo): inputs, choices, resolved values."""
        record = self.session.record
        for row in self.query(PlayerEnd).results(PlayerEnd):
            for kind in COUNTS:
                for field in self.query(f"#{kind}-{row.seat}").results(Input):
                    value = end_count(record, row.player, kind)
                    field.value = self._shown[field.id or ""] = "" if value is None else str(value)
                    field.remove_class("-invalid")
            if row.olympia is not None:
                end = record.end.get(row.player)
                choice = end.olympia_copy if end and end.olympia_copy else BEST
                self.query_one(f"#olympia-{row.seat}", Select).value = next(
                    (value for _, value in row.olympia if fold(value) == fold(choice)), BEST
                )
        self.refresh_resolved()

    def phone_changed(self, player: str | None) -> None:
        """A phone entered `player`'s coins: show them and what follows, except in a box the host has typed
        in since it was shown (leaving it then stores what the host typed, as any correction)."""
        if not self.is_mounted:
            return
        if player not in self.session.record.names:  # a seat's phone state: the status line says who is done
            self.refresh_resolved()
            return
        seat, record = self.session.record.names.index(player), self.session.record
        for kind in COUNTS:
            for field in self.query(f"#{kind}-{seat}").results(Input):
                value = end_count(record, player, kind)
                if field.has_focus and field.value != self._shown.get(field.id or "", field.value):
                    continue
                field.value = self._shown[field.id or ""] = "" if value is None else str(value)
                field.remove_class("-invalid")
        self.refresh_resolved()

    def refresh_resolved(self) -> None:
        """Score the record as it stands and show each player's science, Dockyard and Olympia copy."""
        record = self.session.record
        self.sheet = self.session.sheet()
        cities = self.session.history[3]
        assumed = False
        for seat, player in enumerate(self.sheet.players):
            self.query_one(f"#science-{seat}", Static).update(Text(science_text(player.rows["science"])))
            if record.armada:
                end = dockyard_end(self.session.track, cities[player.name].ships)
                assumed |= end.assumed
                self.query_one(f"#dockyard-{seat}", Static).update(Text(dockyard_text(end)))
            for label in self.query(f"#copied-{seat}").results(Label):
                copied = _copied(player.rows["guilds"])
                label.update(Text(t("end.olympia.copied", guild=copied[0]) if copied else t("end.olympia.nothing")))
        self._show_status(assumed=assumed)

    def _cell(self, name: str, row: str) -> Cell:
        assert self.sheet is not None
        return next(p for p in self.sheet.players if p.name == name).rows[row]

    def _show_status(self, *, assumed: bool) -> None:
        """What is still missing before the sheet can be trusted, and (`assumed`: a Dockyard value shown is an
        assumed one) what a '?' beside a value means."""
        record = self.session.record
        notes = []
        for name in record.names:
            absent = ["I" * age for age in (1, 2, 3) if name not in record.ages.get(age, {})]
            if absent:
                notes.append(tn("end.missing", len(absent), player=name, numerals=", ".join(absent)))
        if assumed:
            notes.append(t("end.dockyard.unconfirmed"))
        text = "; ".join(notes)
        text = text[0].upper() + text[1:] if text else ""
        phones = self.wonders.sharing.status_line()
        self.query_one("#end-status", Static).update(Text(f"{text}\n{phones}" if text and phones else text or phones))

    # --- typed numbers -------------------------------------------------------------------------------------

    def missing_coins(self) -> list[str]:
        record = self.session.record
        return [name for name in record.names if record.coins(name) is None]

    @staticmethod
    def _field(field: Input) -> tuple[Count, int] | None:
        """(kind, seat) of one of this screen's number inputs."""
        kind, _, seat = (field.id or "").rpartition("-")
        return next(((count, int(seat)) for count in COUNTS if count == kind and seat.isdigit()), None)

    async def action_enter_count(self) -> None:
        """Enter on a number: once the keys typed before it are in, save it and move to the next number to
        type, past Olympia's menu (coins go round the table), before the app reads the keys behind it."""
        await keys_handled(self)
        found = self._field(self.focused) if isinstance(self.focused, Input) else None
        if found is None:
            raise SkipAction()  # Enter is the focused menu's own
        if self.commit(*found):
            self.focus_next(Input)

    def on_input_blurred(self, event: Input.Blurred) -> None:
        found = self._field(event.input)
        if found is not None and self.is_current:
            self.commit(*found)

    def commit(self, kind: Count, seat: int) -> bool:
        """Save one typed number if it changed; refuse what is not allowed (the record stays as it was)."""
        record = self.session.record
        name = record.names[seat]
        field = self.query_one(f"#{kind}-{seat}", Input)
        what = t(f"end.count.{kind}")
        text = field.value.strip()
        stored = end_count(record, name, kind)
        if not text:
            if stored is None:
                return True
            if kind == "coins" and forgettable(record, name):
                return self._apply(field, forget_coins(name))
            return self._refuse(field, t("end.refused.needed", what=what, player=name))
        try:
            value = int(text)
        except ValueError:
            return self._refuse(field, t("end.refused.not_a_number", what=what, player=name, text=text))
        if value < 0:
            refused = "end.refused.coins_below_zero" if kind == "coins" else "end.refused.below_zero"
            return self._refuse(field, t(refused, what=what, player=name, value=value))
        if value == stored:
            field.remove_class("-invalid")
            return True
        return self._apply(field, set_end_count(name, kind, value))

    def apply(self, edit: Edit) -> bool:
        """As StepScreen.apply, with the refusal shown as plain text (a player's name is not markup)."""
        error = self.session.apply(edit)
        if error is not None:
            self.notify(str(error), title=t("end.not_accepted"), severity="error", timeout=8, markup=False)
            return False
        return True

    def _apply(self, field: Input, edit: Edit) -> bool:
        if not self.apply(edit):
            field.add_class("-invalid")
            return False
        field.remove_class("-invalid")
        self.refresh_resolved()
        return True

    def _refuse(self, field: Input, message: str) -> bool:
        field.add_class("-invalid")
        self.notify(message, title=t("end.not_accepted"), severity="error", timeout=8, markup=False)
        return False

    # --- Olympia B -----------------------------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        kind, _, seat_text = (event.select.id or "").rpartition("-")
        if kind != "olympia" or event.value != event.select.value:  # a stale report of a value shown since
            return
        row = self._row(int(seat_text))
        menu = cast("Select[str]", event.select)  # the Olympia menus hold guild names
        end = self.session.record.end.get(row.player)
        current = end.olympia_copy if end and end.olympia_copy else BEST
        choice = str(event.value)
        if fold(choice) == fold(current):
            return
        if end is None:
            menu.value = BEST
            self.notify(
                t("end.coins_first", player=row.player), title=t("end.not_yet"), severity="warning", markup=False
            )
            return
        if self.apply(copy_guild(row.player, None if choice == BEST else choice)):
            self.refresh_resolved()
        else:
            menu.value = next((v for _, v in row.olympia or [] if fold(v) == fold(current)), BEST)

    def _row(self, seat: int) -> PlayerEnd:
        return next(row for row in self.query(PlayerEnd).results(PlayerEnd) if row.seat == seat)

    # --- leaving -------------------------------------------------------------------------------------------

    def ready(self) -> bool:
        """The sheet needs every player's coins: save what is typed, then name whoever is still missing."""
        for row in self.query(PlayerEnd).results(PlayerEnd):
            for kind in COUNTS:
                if self.query(f"#{kind}-{row.seat}") and not self.commit(kind, row.seat):
                    self.query_one(f"#{kind}-{row.seat}", Input).focus()
                    return False
        missing = self.missing_coins()
        if missing:
            self.notify(
                t("end.coins_missing", players=", ".join(missing)),
                title=t("end.not_yet"),
                severity="warning",
                timeout=8,
                markup=False,
            )
            self.query_one(f"#coins-{self.session.record.names.index(missing[0])}", Input).focus()
            return False
        return True

    def action_back(self) -> None:
        """Keep what was typed in the focused field (if it is allowed), then go back a step."""
        found = self._field(self.focused) if isinstance(self.focused, Input) else None
        if found is not None:
            self.commit(*found)
        super().action_back()

    def action_why(self) -> None:
        """The science of the player whose row has the focus, with the rules quoted."""
        focused = self.focused
        ancestors = focused.ancestors_with_self if focused is not None else []
        row = next((node for node in ancestors if isinstance(node, PlayerEnd)), None)
        if row is None or self.sheet is None:
            return
        cell = self._cell(row.player, "science")
        copied = [t("end.why_copied", guild=guild) for guild in _copied(self._cell(row.player, "guilds"))]
        title = t("end.why_title", player=row.player)
        self.app.push_screen(RulingDialog(title, [science_text(cell), *copied], cell.rulings))
