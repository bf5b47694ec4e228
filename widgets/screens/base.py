"""StepScreen: what every screen of a game in progress shares — back, next, undo, and edits that validate.

Escape goes back a step (pressed twice: see EscapeAsksFirst), ctrl+n moves on, ctrl+z undoes the last edit, ctrl+o
opens Phones (the game shared with the players' phones: widgets/screens/phones.py). While a phone asks for a
seat with the table link, one line above the Footer says which seat and the code its phone shows
(widgets.seat_request_line): ctrl+f confirms it, ctrl+k refuses it, from any box.
Edits go through the session, so a refused value changes nothing and the table sees why at once. A step screen
is written in the language of the moment it is built: back from Settings in another language, it is built again
(the draft keeps where the table was, the player on screen included).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from textual.actions import SkipAction
from textual.binding import Binding
from textual.screen import Screen

from scorer.edits import Edit
from scorer.flow import Step, previous_step
from scorer.i18n import t
from scorer.session import GameSession
from widgets.compat import StyledAtMount
from widgets.key_order import keys_handled
from widgets.localised import LocalisedBindings, RebuiltInNewLanguage
from widgets.screens.steps import step_title

if TYPE_CHECKING:
    from scorer.phones.tokens import SeatRequest
    from widgets.app import WondersApp
    from widgets.seat_request_line import SeatRequestLine


class EscapeAsksFirst:
    """Escape leaves a step (back a step, or out of the game) only when pressed twice with no other key
    between; the first press says where the second goes. Without it one Escape too many (closing History,
    say) walked the game back a step without a word, and the next key landed in that step's boxes."""

    if TYPE_CHECKING:  # each screen's own: the app, as the table app it is

        @property
        def wonders(self) -> WondersApp: ...

    def leave_on_second_escape(self, warning: str, leave: Callable[[], None]) -> None:
        if self.wonders.escape_warned is self:
            self.wonders.escape_warned = None
            leave()
        else:
            self.wonders.escape_warned = self
            self.wonders.notify(warning, timeout=5, markup=False)


class PlayerByPlayer:
    """A step typed one player at a time (the age screen, the score pad). PgUp/PgDn (priority bindings, so
    they work from any box) move to the previous or next player once every key typed before has acted on the
    player on screen (see widgets.in_turn), and only when what is typed in that player's boxes can be
    stored: the screen keeps it, or says why and keeps the focus there."""

    player: str
    session: GameSession
    step: Step

    if TYPE_CHECKING:  # each screen's own: store its boxes, draw the player, focus the first box

        def _commit_all(self) -> bool: ...
        def _refresh(self) -> None: ...
        def _focus_first(self) -> None: ...

    async def action_player(self, delta: int) -> None:
        await keys_handled(cast("Screen[Any]", self))  # mixed into a Screen
        if not self._commit_all():
            return
        names = self.session.record.names
        self.player = names[(names.index(self.player) + delta) % len(names)]
        self.session.go(self.step, player=self.player)
        self._refresh()
        self._focus_first()


class StepScreen(EscapeAsksFirst, LocalisedBindings, RebuiltInNewLanguage, StyledAtMount, Screen[None]):
    BINDINGS = [
        Binding("escape", "back", "steps.keys.back"),
        # Priority, acting in turn with the keys typed before them (widgets.in_turn): as ordinary bindings they
        # ran once the key had gone down to the focused box and back up, after the keys behind them, so in one
        # read 'barr⏎ ctrl+z bath⏎' undid Baths, and 'ctrl+n walls⏎' typed Walls into the age being left.
        Binding("ctrl+n", "next", "steps.keys.next", priority=True),
        Binding("ctrl+z", "undo", "steps.keys.undo", priority=True),
        # Priority too, so it reaches the app from a focused box; ctrl+o: no box, terminal or tmux takes it. In
        # every step's Footer (compact, and without the palette's entry where the keys need its cells: issue 13
        # asks for one key to the phones that a table sees); the palette lists it too ("Phones").
        Binding("ctrl+o", "app.phones", "phones.tui.key", priority=True),
        # A seat asked for with the table link, answered from any box (the line above the Footer says these
        # keys and the code). ctrl+f is the one control letter no step screen, box or terminal takes (the age
        # screen's ctrl+r/y/g/b jump to a fleet): confirming never shares a key with anything else. ctrl+k,
        # a box's "delete to the end", refuses only while a request waits (a refusal the phone asks again).
        Binding("ctrl+f", "answer_seat(True)", show=False, priority=True),
        Binding("ctrl+k", "answer_seat(False)", show=False, priority=True),
    ]

    _asked: SeatRequest | None = None  # the request the line shows: the one ctrl+f and ctrl+k answer
    _request_line: SeatRequestLine | None = None  # mounted the first time a request waits

    @property
    def wonders(self) -> WondersApp:
        return self.app  # type: ignore[return-value]

    def on_mount(self) -> None:
        """Each screen's own on_mount runs too (Textual calls every class's handler): a request already
        waiting shows as soon as the step does."""
        self.show_seat_requests()

    def on_screen_resume(self) -> None:
        self.show_seat_requests()  # answered, or another one made, on the Phones screen over this one

    def show_seat_requests(self) -> None:
        """The oldest seat request in the line above the Footer, or no line (widgets.sharing calls this when
        the requests change)."""
        table = self.wonders.sharing.table
        pending = table.pending() if table is not None else []
        self._asked = pending[0] if pending else None
        line = self._request_line
        if self._asked is None:
            if line is not None:
                line.display = False
            return
        if line is None:
            from widgets.seat_request_line import SeatRequestLine

            line = self._request_line = SeatRequestLine()
            self.mount(line)
        line.show(self._asked.seat, self._asked.code, len(pending) - 1, self.app.size.width)
        line.display = True

    def action_answer_seat(self, confirm: bool) -> None:
        """Confirm (or refuse) the request the line shows, if it still waits; the next one shows. With no
        request shown the key is not this screen's (SkipAction): ctrl+k deletes to the end of a box as ever."""
        table, asked = self.wonders.sharing.table, self._asked
        if asked is None:
            raise SkipAction
        if table is not None and asked is not None and asked in table.pending():
            (table.confirm if confirm else table.refuse)(asked)
            said = "phones.tui.confirmed" if confirm else "phones.tui.refused"
            self.notify(t(said, seat=asked.seat, code=asked.code), timeout=5, markup=False)
        self.wonders.sharing.requests_changed()

    def rebuild(self) -> None:
        """Settings switched the language over this step: show the step again, in the new words."""
        if self.wonders.session is not None:
            self.wonders.show_step()

    @property
    def session(self) -> GameSession:
        session = self.wonders.session
        assert session is not None, "a step screen is shown only while a game is in progress"
        return session

    def apply(self, edit: Edit) -> bool:
        """Apply an edit to the game; on refusal, say what is wrong and what is allowed."""
        error = self.session.apply(edit)
        if error is not None:
            self.notify(str(error), title=t("steps.notify.not_accepted"), severity="error", timeout=8, markup=False)
            return False
        return True

    def reload(self) -> None:
        """Show the record as it is now (after undo). Screens with inputs override this."""

    async def action_undo(self) -> None:
        from scorer.undone import undone

        await keys_handled(self)
        before = self.session.record
        if self.session.undo():
            self.reload()
            what = "; ".join(map(str, undone(before, self.session.record)))
            said = t("steps.notify.undone_what", what=what) if what else t("steps.notify.undone")
            self.notify(said, timeout=5, markup=False)
        else:
            self.notify(t("steps.notify.nothing_to_undo"), timeout=3)

    async def action_next(self) -> None:
        """Move on once the keys typed before ctrl+n are in; the next step's screen is up, its first box
        focused, before the app reads the keys typed behind it."""
        await keys_handled(self)
        if self.ready():
            self.session.advance()
            await self.wonders.show_step()

    def action_back(self) -> None:
        if self.session.step == self.session.steps[0]:
            self.leave_on_second_escape(t("steps.notify.escape_home"), self.wonders.go_home)
        else:
            previous = previous_step(self.session.record, self.session.step)
            self.leave_on_second_escape(t("steps.notify.escape_back", step=step_title(previous)), self._back)

    def _back(self) -> None:
        self.session.back()
        self.wonders.show_step()

    def ready(self) -> bool:
        """Whether the table may leave this step; screens that need something first say what."""
        return True
