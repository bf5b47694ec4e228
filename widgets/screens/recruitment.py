"""Leaders: the recruitment phase at the start of an age — each player's leader and what they did with it.

One row per player, in seating order: the leader (typed in English or Portuguese; only leaders nobody has
played yet in this game are offered) and its use: recruited, tucked under the wonder as a stage, or
discarded for coins. A leader used as a wonder stage is one of that age's wonder stages, so choosing
"wonder stage" adds one to the player's stages for the age and changing it back takes it away again.

Rome B's stages let a player recruit more leaders during the age; this screen records the one leader of
the recruitment phase and keeps any further ones already in the record untouched.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import var
from textual.widgets import Label, Select, Static

from scorer.catalog import Leader, fold
from scorer.edits.leaders import USES, Use, choose_leader
from scorer.i18n import local_name, t, tn
from scorer.seat import Recruitment, seat_view
from widgets.card_picker import CardPicker
from widgets.in_turn import Dropdown
from widgets.screens.base import StepScreen
from widgets.screens.steps import step_title
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar


class RecruitRow(Horizontal):
    """One player: their name, the leader they played (searchable), and what they did with it.

    The row draws itself from its seat's view (`recruitment`, scorer.seat), set by the screen whenever the
    session changes: the leaders on offer when they change, the leader played when the record's changed (a
    search the host is typing in this row, `keep_text`, stays), the use."""

    recruitment: var[Recruitment | None] = var(None)

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(classes="recruit-row", id=f"recruit-{seat}")
        self.seat = seat
        self.player = name
        self.shown: str | None = None  # the recorded leader last put in the box (None: nothing yet)
        self.keep_text = False  # the host is typing a search here: a phone's change leaves it

    def compose(self) -> ComposeResult:
        yield Label(self.player, classes="recruit-name")
        yield CardPicker(
            placeholder=t("recruitment.placeholder"),
            id=f"leader-{self.seat}",
            keep_choice=True,
            dropdown=True,
            advance=True,
            describe=lambda leader: tn("recruitment.cost", leader.cost),
            classes="recruit-leader",
            nothing=t("recruitment.nothing"),
        )
        options = [(t(f"recruitment.use.{use}"), use) for use in USES]
        use = Dropdown(
            options, value="recruit", allow_blank=False, compact=True, id=f"use-{self.seat}", classes="recruit-use"
        )
        # a letter chooses without opening the list: r(ecruit), w(onder), d(iscard), and each word's own
        # initial in the table's language (Construir: c)
        use.letters = {label[0].lower(): value for label, value in options} | {value[0]: value for _, value in options}
        yield use

    @property
    def picker(self) -> CardPicker:
        return self.query_one(CardPicker)

    @property
    def use(self) -> Use:
        return next(use for use in USES if use == self.query_one(Select).value)

    def watch_recruitment(self, old: Recruitment | None, new: Recruitment | None) -> None:
        if new is None:
            return
        if old is None or old.choices != new.choices:
            self.picker.set_candidates(sorted(new.choices, key=lambda leader: fold(local_name(leader))))
        recorded = local_name(new.leader) if new.leader else ""
        if self.shown != recorded and not self.keep_text:  # only a record changed: a search typed here stays
            self.picker.show_text(recorded)
            self.shown = recorded
        select = self.query_one(Select)
        use = new.use or "recruit"
        if select.value != use:
            with self.prevent(Select.Changed):
                select.value = use


class RecruitmentScreen(StepScreen):
    DEFAULT_CSS = """
    RecruitmentScreen {
        #recruit-hint { color: $text-muted; padding: 0 1; height: auto; }
        #recruit-rows { height: 1fr; padding: 1 1 0 1; }
        .recruit-row { height: auto; }
        .recruit-name { width: 14; }
        .recruit-leader { width: 1fr; margin-right: 2; }
        .recruit-use { width: 42; }  /* the Leaders rulebook's words, "Construir um estágio de uma Maravilha" */
        #recruit-status { color: $text-muted; padding: 0 1; height: auto; }
    }
    """

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(t("recruitment.hint"), id="recruit-hint")
        # The rows' list is never focused itself (a row's box scrolls it into view): Textual focused it first as
        # the screen opened, then the box chosen in on_mount, restyling the list and every widget in it each
        # time (78 at seven players), and Shift+Tab from the first box stopped on it for nothing.
        with VerticalScroll(id="recruit-rows", can_focus=False):
            for seat, name in enumerate(self.session.record.names):
                yield RecruitRow(seat, name)
        yield Static(id="recruit-status")
        yield SteadyFooter(compact=True)

    def on_mount(self) -> None:
        self.step = self.session.step
        self.age: int = self.step.age or 1
        self._confirm_next = False
        self.sub_title = step_title(self.step)
        if not self.session.record.leaders:
            self.query_one("#recruit-hint", Static).update(t("recruitment.no_leaders"))
        self._refresh()
        self._focus_first_empty()

    def _focus_first_empty(self) -> None:
        """Wait in the first player's box with no leader yet (the first row's use menu when every leader is
        in): resuming here, the first key typed must not replace a recruited leader."""
        rows = list(self.query(RecruitRow))
        empty = [row for row in rows if self._choice(row.player)[0] is None]
        if empty:
            empty[0].picker.input.focus()
        else:
            rows[0].query_one(Select).focus()

    # --- showing the record ------------------------------------------------------------------------------

    def _view(self, name: str) -> Recruitment:
        """`name`'s seat at this recruitment (scorer.seat): the leader played, its use, the leaders on offer."""
        recruitment = seat_view(self.session, name).recruitment
        assert recruitment is not None, "the recruitment screen shows the recruitment step"
        return recruitment

    def _choice(self, name: str) -> tuple[Leader | None, str]:
        recruitment = self._view(name)
        return recruitment.leader, recruitment.use or "recruit"

    def _refresh(self, keep: RecruitRow | None = None) -> None:
        """Show the session as it is now: each row draws its seat's view; the row `keep` (the host typing a
        search in it) keeps its text."""
        self._confirm_next = False
        for row in self.query(RecruitRow):
            row.keep_text = row is keep
            row.recruitment = self._view(row.player)
            row.keep_text = False
        entered = [row.player for row in self.query(RecruitRow) if self._choice(row.player)[0] is not None]
        stages = [t("recruitment.status.stage", player=name) for name in entered if self._choice(name)[1] == "wonder"]
        self._show_status(len(entered), stages)

    def _show_status(self, count: int, stages: list[str]) -> None:
        """How many leaders are entered (and who tucked one as a stage), and who is done on a phone."""
        total = len(self.session.record.names)
        text = (
            t("recruitment.status.with_stages", count=count, total=total, stages=", ".join(stages))
            if stages
            else t("recruitment.status.entered", count=count, total=total)
        )
        phones = self.wonders.sharing.status_line()
        self.query_one("#recruit-status", Static).update(f"{text}\n{phones}" if phones else text)

    def phone_changed(self, player: str | None) -> None:
        """A phone chose (or changed) `player`'s leader: show it, except in the row where the host is typing
        a search of their own (their pick is the record's next)."""
        if not self.is_mounted or self.session.step != self.step:
            return
        typing = next(  # None too: a seat's phone state, said on the status line
            (row for row in self.query(RecruitRow) if row.picker.input.has_focus and row.picker.text != row.shown),
            None,
        )
        self._refresh(keep=typing)

    def reload(self) -> None:
        if self.session.step != self.step:
            self.session.go(self.step)
        self._refresh()

    # --- edits -----------------------------------------------------------------------------------------

    def _row(self, widget: Any) -> RecruitRow:
        return next(node for node in widget.ancestors if isinstance(node, RecruitRow))

    def _choose(self, row: RecruitRow, leader: str | None, use: Use) -> None:
        self.apply(choose_leader(self.age, row.player, leader, use))
        self._refresh()

    def on_card_picker_picked(self, event: CardPicker.Picked) -> None:
        """Record the leader. The picker has already moved on to the next player's box (advance=True): the
        table types the leaders round the table one after another (a use other than recruiting is set on the
        row's menu, shift+tab back)."""
        row = self._row(event.picker)
        self._choose(row, event.card.en, row.use)

    def on_card_picker_cleared(self, event: CardPicker.Cleared) -> None:
        row = self._row(event.picker)
        if self._choice(row.player)[0] is not None:
            self._choose(row, None, row.use)

    def on_select_changed(self, event: Select.Changed) -> None:
        """A use chosen on a row's menu. Each menu also reports the value it starts with when mounted, and that
        message may arrive after the recorded use was shown: only the menu's current value is a choice, or
        opening the screen would turn every stage and discard back into a recruit."""
        if event.value != event.select.value:
            return
        row = self._row(event.select)
        leader, use = self._choice(row.player)
        if leader is not None and event.value != use:
            self._choose(row, leader.en, row.use)

    # --- moving on -------------------------------------------------------------------------------------

    def ready(self) -> bool:
        for row in self.query(RecruitRow):
            leader, _ = self._choice(row.player)
            typed = row.picker.text
            if typed and (leader is None or fold(typed) not in (fold(leader.en), fold(leader.pt))):
                row.picker.input.focus()
                self.notify(
                    t("recruitment.not_picked", player=row.player, typed=typed),
                    title=t("recruitment.not_picked_title"),
                    severity="warning",
                    timeout=8,
                    markup=False,
                )
                return False
        missing = [row.player for row in self.query(RecruitRow) if self._choice(row.player)[0] is None]
        if missing and self.session.record.leaders and not self._confirm_next:
            self._confirm_next = True
            self.notify(
                t("recruitment.missing", players=", ".join(missing)),
                title=t("recruitment.missing_title"),
                severity="warning",
                timeout=8,
                markup=False,
            )
            return False
        return True
