"""Rulings: settle an argument at the table fast — naval tokens, coins lost, ground conflicts, the guild cap.

Pushed over whatever is showing (home, or a game in progress through the command palette) and closed with
Escape, so asking never loses the table's place. Nothing here changes a game: it is a calculator that
quotes the rulebook. The seats start from the game in progress, else tonight's last finished game, else empty; the four
tabs share them, so a name typed once serves every question. ctrl+x types the rulebook's own example into
the current tab, which is also the quickest way to see how a tab reads.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Select, TabbedContent, TabPane

from scorer.catalog import load_catalog, load_limits
from scorer.i18n import t
from widgets.compat import StyledAtMount
from widgets.dialogs.ruling import RulingDialog
from widgets.key_order import keys_handled
from widgets.localised import LocalisedBindings, RebuiltInNewLanguage
from widgets.screens.rulings_coins import CoinsPane
from widgets.screens.rulings_ground import GroundPane
from widgets.screens.rulings_guild import GuildPane
from widgets.screens.rulings_naval import NavalPane
from widgets.screens.rulings_seats import RulingPane, SeatPane, tonights_names
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar

TABS = Binding.Group("rulings_screen.keys.tab", compact=True)


class RulingTabs(TabbedContent):
    """The tabs, switched by the screen alone (ctrl+←/→, a click on a tab). Textual also shows the tab of a box
    that gets focus, but that report arrives after the keys behind it: ctrl+→ typed ahead of a tab being built
    (a fast typist, a busy machine) was sent back to the tab whose box had had the focus."""

    def _on_tab_pane_focused(self, event: TabPane.Focused) -> None:
        event.prevent_default()
        event.stop()


class RulingsScreen(LocalisedBindings, RebuiltInNewLanguage, StyledAtMount, Screen[None]):
    """Four tabs (Naval, Coins lost, Ground, Guild cap), each recomputed on every key with the rules quoted."""

    # The focus goes to the shown tab's first box once it is shown (on_mount), not first to the tabs' row as
    # Textual's auto-focus would: each of those two moves restyled the row and its nine parts.
    AUTO_FOCUS = ""

    DEFAULT_CSS = """
    RulingsScreen TabbedContent { height: 1fr; }
    RulingsScreen ContentSwitcher { height: 1fr; }
    """

    BINDINGS = [
        Binding("escape", "close", "rulings_screen.keys.close"),
        Binding("ctrl+left", "tab(-1)", "rulings_screen.keys.previous_tab", priority=True, group=TABS),
        Binding("ctrl+right", "tab(1)", "rulings_screen.keys.next_tab", priority=True, group=TABS),
        Binding(
            "ctrl+x", "example", "rulings_screen.keys.example", tooltip="rulings_screen.keys.example_tip", priority=True
        ),
        Binding("ctrl+r", "rules", "rulings_screen.keys.rules"),
        Binding(
            "pagedown",
            "scroll_result(1)",
            "rulings_screen.keys.scroll",
            tooltip="rulings_screen.keys.scroll_tip",
            priority=True,
        ),
        Binding("pageup", "scroll_result(-1)", "rulings_screen.keys.scroll_back", show=False, priority=True),
        # Priority, so the focus moves when the app reads the key and the keys behind it in one read (a fast
        # typist, a busy machine) reach the next seat's box: see check_action and action_seat.
        Binding("down", "seat(1)", "rulings_screen.keys.next_seat", show=False, priority=True),
        Binding("up", "seat(-1)", "rulings_screen.keys.previous_seat", show=False, priority=True),
        Binding("enter", "seat(1, True)", show=False, priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.names = [""] * load_limits().players  # the seats, shared by the tabs (each SeatPane holds this list)
        self._panes: list[RulingPane] = []  # the tabs, once composed

    def compose(self) -> ComposeResult:
        self.sub_title = t("rulings_screen.title")
        session = getattr(self.app, "session", None)
        if session is not None:
            self.names[: len(session.record.names)] = session.record.names
        self._panes = [
            NavalPane(self.names),
            CoinsPane(self.names, getattr(self.app, "track", None) or load_catalog().dockyard),
            GroundPane(self.names),
            GuildPane(armada=session.record.armada if session is not None else True),
        ]
        yield TitleBar()
        with RulingTabs(id="rulings-tabs"):
            yield from self._panes
        yield SteadyFooter()

    async def on_mount(self) -> None:
        await self.pane.show()
        self.pane.first_field().focus()
        if getattr(self.app, "session", None) is None:
            self.seat_last_game()

    @work(thread=True, exclusive=True)
    def seat_last_game(self) -> None:
        """Seat tonight's last finished game's players, read off the UI thread (listing a long history takes
        time); with none played today the seats stay empty."""
        today = getattr(self.app, "today", None)
        names = tonights_names(getattr(self.app, "store", None), today.isoformat()) if today is not None else []
        if names:
            self.app.call_from_thread(self.seat_unless_typed, names)

    def seat_unless_typed(self, names: list[str]) -> None:
        if self.is_attached and not any(self.names):  # the table may have typed names, or closed the screen
            self.seat_everyone(names)

    async def on_tabbed_content_tab_activated(self) -> None:
        await self.pane.show()

    @property
    def pane(self) -> RulingPane:
        pane = self.query_one(TabbedContent).active_pane
        assert isinstance(pane, RulingPane)
        return pane

    def panes(self) -> list[RulingPane]:
        """The tabs in order, as composed (a query would walk every widget of every tab built)."""
        return self._panes

    # --- seats shared by the tabs ---------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        """A name typed in one tab is the same seat in every tab."""
        field = event.input
        if not field.has_class("seat-name") or field.id is None:
            return
        seat = int(field.id.rsplit("-", 1)[1])
        self.names[seat] = field.value
        for pane in self.panes():
            if isinstance(pane, SeatPane):
                pane.set_name(seat, field.value)

    def seat_everyone(self, names: list[str]) -> None:
        self.names[:] = [*names, *[""] * (load_limits().players - len(names))]
        for pane in self.panes():
            if isinstance(pane, SeatPane):
                for seat, name in enumerate(self.names):
                    pane.set_name(seat, name)

    # --- actions --------------------------------------------------------------------------------------

    def action_close(self) -> None:
        self.dismiss()

    async def action_tab(self, step: int) -> None:
        panes = self.panes()
        pane = panes[(panes.index(self.pane) + step) % len(panes)]
        self.query_one(TabbedContent).active = pane.KEY
        await pane.show()
        self.set_focus(pane.first_field())  # now, while its tab is shown: Widget.focus's later turn may find it hidden

    def action_example(self) -> None:
        pane = self.pane
        names = pane.example_names()
        if names is not None:
            self.seat_everyone(names)
        pane.load_example()

    def action_rules(self) -> None:
        pane = self.pane
        if not pane.rulings:
            self.notify(t("rulings_screen.nothing_to_quote"), timeout=4)
            return
        assert pane.settled is not None
        self.app.push_screen(RulingDialog(pane.settled.title, [], pane.rulings))

    def action_scroll_result(self, pages: int) -> None:
        self.pane.scroll_result(pages)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Up, Down and Enter move along a seat column only from a box of it: anywhere else the key goes on to
        the focused widget (a dropdown opens on Down, a tick box ticks on Enter, the tabs move)."""
        if action != "seat":
            return True
        step, *enter = parameters
        assert isinstance(step, int)
        focused = self.focused
        if isinstance(focused, Select) or (enter and not isinstance(focused, Input)):
            return False
        return self._seat_box(step) is not None

    async def action_seat(self, step: int, enter: bool = False) -> None:  # enter: only check_action reads it
        """Up/down (and Enter in a box): the same box on the previous/next seat (a spreadsheet's column). It
        first waits for the keys read before it (widgets.key_order), then moves the focus at once, so the keys
        read behind it go to the new box: `ana↓bia` typed in one read seats Ana and Bia, not 'anabia'."""
        await keys_handled(self)
        box = self._seat_box(step)
        if box is not None:
            self.set_focus(box)

    def _seat_box(self, step: int) -> Widget | None:
        """The box `step` seats below (above) the focused one in its column, if there is one on show."""
        focused = self.focused
        if focused is None or focused.id is None:
            return None
        head, _, seat = focused.id.rpartition("-")
        if not seat.isdigit():
            return None
        pane, selector = self.pane, f"#{head}-{int(seat) + step}"
        box = pane.box(selector, Widget) if pane.has_box(selector) else None
        row = box.parent if box is not None else None
        if row is None or not isinstance(row, Widget) or not row.display:  # a row hidden for a guild's fewer counts
            return None
        return box
