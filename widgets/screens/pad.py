"""The score pad: the whole game typed at the end, one player at a time, as a table with the paper pad does.

Each age's Ground and Naval strengths (the app resolves the conflicts, naval ties and incursions from them),
then the rows the pad adds up, coins last (scorer.edits.pad.pad_fields). Every box moves on the same way, so
the keys for a player never depend on what was typed before: once its digits fill it (a box is as wide as its
largest value: Ground and Naval take two) or after a 0, and Enter always goes to the next box (never past one
that a value made pointless: 0 guild cards still lands on Guilds VP, so "25⏎⏎⏎⏎" lands where the operator
counts). The ticks beside (incursions, Forgotten Port, leaders) are Tab's: Enter passes them by for every
player alike, and Enter on one goes on, Space ticks it. Enter on the coins goes to the next player. The line
under the boxes says what the box with the cursor means, so a newcomer never guesses; a count that repeats
what the app adds itself (the wonder's science symbol of any kind) is flagged under the boxes while it
stands. Every box is one of the core's edits, validated with the whole record.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.validation import Integer
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Static

from scorer.catalog import SYMBOLS, Leader, load_catalog, present
from scorer.edits.pad import PadField, pad_fields, pad_leaders, pad_most, pad_value, set_pad_value, wonder_wildcards
from scorer.flow import score_pad
from scorer.i18n import local_name, t
from scorer.ruling import age_name
from widgets.in_turn import Tickbox
from widgets.screens.base import PlayerByPlayer, StepScreen
from widgets.screens.steps import step_title
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar

SCIENCE = frozenset((*SYMBOLS, "wildcards", "most_common"))
# Yes/no boxes beside an age's strengths, the guilds (a Courtesans copy) and the Leaders VP (a leader recruited),
# ticked as the app reads the key (widgets.in_turn), so a space typed with the Tab behind it ticks this box.
TICKED = frozenset({"incursion", "stays_out", "copied", "recruited"})
# The boxes Enter passes by, rare at a table: reached with Tab from the box before them.
BESIDE = TICKED | {"recruited_in"}
LEADER_BOXES = frozenset({"copied", "recruited", "recruited_in"})
PLAYER_KEYS = Binding.Group("pad.keys.player")
# The pad's first box behind each row of the sheet: where the sheet's `e` on that row puts the cursor.
ROW_BOXES = {
    "military": "ground-1",
    "naval": "naval-1",
    "treasury": "coins",
    "wonder": "stages",
    "civilian": "quick-civilian",
    "commercial": "quick-commercial",
    "guilds": "quick-guilds",
    "science": "quick-science-compass",
    "leaders": "quick-leaders",
    "islands": "quick-islands",
    "dockyard": "blue",
    "coins": "coins",
}


class PadBox(Input):
    """A pad's box: its digits are the screen's to type (PadScreen.action_digit, as the app reads each key).
    Textual drops a screen's binding for a key the focused Input takes itself, so the box lets digits go."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return not (character is not None and character.isdigit()) and super().check_consume_key(key, character)


def name_of(field: PadField) -> str:
    """The word a box's label and help are filed under ("ground", "civilian", "compass", "coins"; a leader's
    box by its kind, "recruited_in", its label being the leader's name)."""
    return field.path[-1] if field.kind == "quick" else field.kind


def row_of(field: PadField) -> str:
    """Which line of the pad the box sits on: one per age, then the pad's rows grouped to fit 80 columns (a
    Courtesans copy beside the guilds, a leader recruited beside the Leaders VP)."""
    if field.age is not None:
        return f"age-{field.age}"
    name = name_of(field)
    if name in SCIENCE:
        return "science"
    rows = {"stages": "a", "civilian": "a", "commercial": "a", "purple": "b", "guilds": "b", "copied": "b"}
    return rows.get(name, "c" if name == "leaders" or field.kind in LEADER_BOXES else "d")


def leader_of(field: PadField) -> Leader:
    """The leader a leader box of the pad is about."""
    return present(load_catalog().leader(field.path[-1]), field.path[-1])


def help_of(field: PadField) -> str:
    """What a box means, for the line under the boxes: filled in with its Age, its leader (and what that leader
    adds to a science set), or the leaders Tab reaches from the Leaders VP. One line of #pad-help, above the
    keys' line: tests/unit/test_pad_help.py holds every box's to the room the screen gives it."""
    values: dict[str, object] = {"age": age_name(field.age) if field.age else ""}
    if field.kind in LEADER_BOXES:
        leader = leader_of(field)
        values |= {"leader": local_name(leader), "bonus": leader.science_set_bonus}
    elif name_of(field) == "leaders":
        values["leaders"] = ", ".join(local_name(leader) for leader in pad_leaders(load_catalog()))
    return t(f"pad.help.{name_of(field)}", **values)


class PadScreen(PlayerByPlayer, StepScreen):
    DEFAULT_CSS = """
    PadScreen {
        SteadyFooter.-compact .footer-label { margin: 0 1 0 0; }  /* a group's words apart from the next key */
        #pad-top { height: 1; padding: 0 1; }
        #pad-heading { color: $text-muted; padding: 0 1; height: auto; }
        #pad-boxes { height: auto; padding: 0 1; }
        .pad-row { height: 1; margin-top: 1; }
        .pad-label { width: auto; margin: 0 1 0 0; color: $text-muted; }
        .pad-age { width: 9; text-style: bold; }
        .pad-box { margin-right: 1; }  /* as wide as its digits: _box */
        .pad-tick { width: auto; margin-right: 2; }
        #pad-help { height: 3; padding: 0 1; border-top: solid $foreground 30%; }
        #pad-total { height: 1; padding: 0 1; }
    }
    """
    BINDINGS = [
        Binding("pageup", "player(-1)", "pad.keys.previous_player", priority=True, group=PLAYER_KEYS),
        Binding("pagedown", "player(1)", "pad.keys.next_player", priority=True, group=PLAYER_KEYS),
        # Priority: handled as the app reads them, so a burst ("3⏎2⏎") fills one box after the other.
        Binding("enter", "enter_box", show=False, priority=True),
        *(Binding(str(digit), f"digit('{digit}')", show=False, priority=True) for digit in range(10)),
    ]

    def compose(self) -> ComposeResult:
        record = self.session.record
        self.fields = pad_fields(record)
        yield TitleBar()
        yield Static(id="pad-top")
        yield Static(t("pad.heading"), id="pad-heading")
        rows: dict[str, list[PadField]] = {}
        for field in self.fields:
            rows.setdefault(row_of(field), []).append(field)
        with Vertical(id="pad-boxes"):
            for row, fields in rows.items():
                with Horizontal(classes="pad-row"):
                    if row.startswith("age-"):
                        yield Label(t("pad.label.age", age=age_name(int(row[4:]))), classes="pad-age")
                    elif row == "science":
                        yield Label(t("pad.label.science"), classes="pad-label")
                    for field in fields:
                        if field.kind == "copied" and field is next(f for f in fields if f.kind == "copied"):
                            yield Label(t("pad.label.copied"), classes="pad-label")
                        yield from self._box(field)
        yield Static(id="pad-help")
        yield Static(id="pad-total")
        yield SteadyFooter(compact=True, show_command_palette=False)  # as the age screen: ctrl+p still opens it

    def _box(self, field: PadField) -> ComposeResult:
        if field.kind in LEADER_BOXES:
            leader = local_name(leader_of(field))
            label = t("pad.label.recruited_in", leader=leader) if field.kind == "recruited_in" else leader
        else:
            label = t(f"pad.label.{name_of(field)}")
        if field.kind in TICKED:
            yield Tickbox(label, id=f"pad-{field.key}", classes="pad-tick", compact=True)
            return
        yield Label(label, classes="pad-label")
        digits = len(str(pad_most(self.session.record, field)))
        box = PadBox(
            id=f"pad-{field.key}",
            classes="pad-box",
            compact=True,
            type="integer",
            max_length=digits,
            placeholder="0",
            validators=[Integer(minimum=0)],
            valid_empty=True,
        )
        box.styles.width = digits + 2  # the digits and the cursor after them
        yield box

    def on_mount(self) -> None:
        self.step = self.session.step
        self.sub_title = step_title(self.step)
        names = self.session.record.names
        wanted = (self.session.record.progress or {}).get("player")
        self.player = str(wanted) if wanted in names else names[0]
        if wanted != self.player:
            self.session.go(self.step, player=self.player)
        self._warned = False
        self._typing: Input | None = None  # the box the last digit went into: the next one adds to it
        self._refresh()
        self._focus(self._landing() or self.fields[0])

    def _landing(self) -> PadField | None:
        """The box of the sheet row the sheet's `e` corrects (ROW_BOXES), if it sent the table here."""
        row = self.wonders.take_landing()
        key = ROW_BOXES.get(row or "")
        return next((field for field in self.fields if field.key == key), None)

    # --- showing the player ------------------------------------------------------------------------------

    def widget_of(self, field: PadField) -> Widget:
        return self.query_one(f"#pad-{field.key}")

    def field_of(self, widget: Widget) -> PadField | None:
        return next((f for f in self.fields if widget.id == f"pad-{f.key}"), None)

    def _refresh(self, *, keep_typing: bool = False) -> None:
        """Show the record as it is now for the player on screen (`keep_typing`: all but the box being typed
        in, whose digits are not stored yet)."""
        record = self.session.record
        self._warned = False
        strip = Text(no_wrap=True, overflow="ellipsis")
        for name in record.names:
            mark = "✓" if record.coins(name) is not None else ""
            style = "bold reverse" if name == self.player else ("" if mark else "dim")
            strip.append(f" {name}{mark} ", style=style)
        self.query_one("#pad-top", Static).update(strip)
        for field in self.fields:
            value = pad_value(record, self.player, field)
            widget = self.widget_of(field)
            if isinstance(widget, Checkbox):
                widget.value = bool(value)
            elif isinstance(widget, Input) and not (keep_typing and widget is self._typing):
                widget.value = str(value) if value else ""
        total = next(p.total for p in self.session.sheet().players if p.name == self.player)
        line = Text(t("pad.total", player=self.player, total=total))
        if (flag := self._twice()) is not None:
            line.append(f"  ⚠ {flag}", style="bold")
        self.query_one("#pad-total", Static).update(line)

    def _twice(self) -> str | None:
        """What the player's counts repeat of what the app adds itself: the wonder's science symbols of any
        kind counted in the "any" box too (None: nothing)."""
        own = wonder_wildcards(self.session.game(), self.player)
        any_box = next(f for f in self.fields if name_of(f) == "wildcards")
        if own and pad_value(self.session.record, self.player, any_box):
            wonder = next(seat.wonder for seat in self.session.record.players if seat.name == self.player)
            named = load_catalog().wonder(wonder)
            return t("pad.twice.wildcards", wonder=local_name(named) if named else wonder, count=own)
        return None

    def on_descendant_focus(self, event: object) -> None:
        """Say what the box with the cursor means."""
        focused = self.focused
        field = self.field_of(focused) if focused is not None else None
        if field is not None:
            said = help_of(field)
            if name_of(field) == "wildcards" and (own := wonder_wildcards(self.session.game(), self.player)):
                said = t("pad.twice.wildcards_here", count=own)  # said while here: the wonder's are the app's
            self.query_one("#pad-help", Static).update(f"{said}\n{t('pad.keys_hint')}")

    def _focus(self, field: PadField) -> None:
        """Focus a box now, before the keys the app has not read yet (as the age screen does)."""
        self._typing = None
        self.set_focus(self.widget_of(field))

    # --- typing ------------------------------------------------------------------------------------------

    def _commit(self, box: Input) -> bool:
        """Store what a box holds if it changed; False (with the reason shown) when it cannot be stored."""
        field = self.field_of(box)
        if field is None:
            return True
        text = box.value.strip()
        if text and not text.isdigit():
            self.notify(
                t("age.typed.not_number", text=text),
                title=t("steps.notify.not_accepted"),
                severity="error",
                timeout=8,
                markup=False,
            )
            return False
        value = int(text) if text else 0
        if value == pad_value(self.session.record, self.player, field):
            return True
        accepted = self.apply(set_pad_value(self.session.game(), self.player, field, value))
        self._refresh(keep_typing=box is not self._typing)
        return accepted

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Digits and Enter are the pad's own on its boxes (elsewhere, as the focused widget has them)."""
        if action in ("digit", "enter_box"):
            focused = self.focused
            return focused is not None and self.field_of(focused) is not None
        return True

    def action_digit(self, digit: str) -> None:
        """A digit typed into the box with the cursor, as the app reads it (so the keys typed behind it reach
        the box it moves on to): the first digit replaces what the box showed. A box its digits fill then
        moves on, as does a 0 (it never grows); on a yes/no box, 1 ticks and 0 clears it."""
        focused = self.focused
        field = self.field_of(focused) if focused is not None else None
        if field is None:
            return
        if isinstance(focused, Checkbox):
            if digit in "01":
                focused.value = digit == "1"
            return
        assert isinstance(focused, Input)
        text = digit if self._typing is not focused else focused.value + digit
        self._typing = focused
        if len(text) > (focused.max_length or len(text)):
            self.app.bell()
            return
        focused.value = text
        focused.cursor_position = len(text)
        if text != "0" and len(text) < (focused.max_length or len(text)):
            return
        if self._commit(focused):
            self._move_on(field)
        else:
            self._typing = None  # refused (and said why): the next digit replaces it

    def action_enter_box(self) -> None:
        """Enter: the box stored, then the next one; on a tick, the next box, the tick as it is (Space
        ticks it)."""
        focused = self.focused
        field = self.field_of(focused) if focused is not None else None
        if field is None:
            return
        if isinstance(focused, Input) and not self._commit(focused):
            return
        self._move_on(field)

    def on_input_blurred(self, event: Input.Blurred) -> None:
        if self.app.screen is self and self.field_of(event.input) is not None:
            self._commit(event.input)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        field = self.field_of(event.checkbox)
        if field is None or event.value != event.checkbox.value:
            return
        if int(event.value) != pad_value(self.session.record, self.player, field):
            self.apply(set_pad_value(self.session.game(), self.player, field, int(event.value)))
            self._refresh()

    def _move_on(self, field: PadField) -> None:
        """The next box in the pad's order, the same for every player whatever was typed: the boxes beside are
        left to Tab (from one of them, on to the box after it in the order); after the coins, the next player."""
        order = [f for f in self.fields if f.kind not in BESIDE or f == field]
        index = order.index(field) + 1
        if index >= len(order):
            self.run_worker(self.action_player(1))
            return
        self._focus(order[index])

    def _commit_all(self) -> bool:
        for box in self.query(".pad-box").results(Input):
            if not self._commit(box):
                box.focus()
                return False
        return True

    # --- moving on -------------------------------------------------------------------------------------

    def _focus_first(self) -> None:
        """A player's pad starts at its first box (PlayerByPlayer's PgUp/PgDn)."""
        self._focus(self.fields[0])

    def reload(self) -> None:
        """After undo: show the player whose change was undone; undoing the switch to the pad (the age
        screen's ctrl+t) goes back to the age it was made on, card names and all."""
        if not score_pad(self.session.record):
            self.wonders.show_step()
            return
        names = self.session.record.names
        wanted = (self.session.record.progress or {}).get("player")
        if wanted in names:
            self.player = str(wanted)
        elif self.player not in names:
            self.player = names[0]
        self._refresh()

    def ready(self) -> bool:
        """The sheet once every box is stored; players with no coins typed are named once."""
        if not self._commit_all():
            return False
        record = self.session.record
        missing = [name for name in record.names if record.coins(name) is None]
        if missing and not self._warned:
            self._warned = True
            self.notify(
                t("pad.notify.no_coins", players=", ".join(missing)),
                title=t("pad.notify.no_coins_title"),
                severity="warning",
                timeout=8,
                markup=False,
            )
            return False
        return True
