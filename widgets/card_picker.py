"""CardPicker: find a card (or island, or leader) by typing part of its English or Portuguese name.

The ranking and the names shown are the core's (scorer.search), shared with the phones' card search.

Players read names off Brazilian cards, so a search must match "alfandega" to "Alfândega Portuária" and
"stock" to "Stockade": matching is accent- and case-insensitive on both names, whatever the table's language.
The picker only offers the candidates it is given (the screen decides what exists at this table and is still
free), so a card that cannot be built here is simply never offered, and an empty result says so while the
table types.

Names are shown as the table reads them: in English "English / Português" (the table's cards are the
Brazilian edition); in Portuguese the Portuguese name alone, with the English one beside it only when the
search matched the English name, so "stock" visibly finds "Paliçada / Stockade".

Keys: type to filter, up/down move the highlight, Enter adds the highlighted entry, Escape clears the
search. The matches list does not take focus, so the table keeps typing without leaving the input.

Keys are handled in the order they were typed, however they arrive: a fast typist on a busy machine, or a
paste of "barr⏎theat⏎loom⏎", delivers many keys in one read, all queued at the input before it handles the
first. Enter, up and down therefore act where the input reads them, between the letters around them, on
the text as it is at that moment (as Textual bindings they would run only after the letters behind them
had joined the search); a paste with line breaks picks each line in turn; and letters queued behind an Enter
that moved the focus on (recruitment) follow it to the box that has the focus now.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Self
from weakref import WeakSet

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.scalar import Unit
from textual.geometry import Region, Size
from textual.message import Message
from textual.notifications import Notification, Notify
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Input, OptionList
from textual.widgets.input import Selection
from textual.widgets.option_list import Option

from scorer.i18n import local_name, t
from scorer.search import label_of, matches
from widgets.compat import withdraw
from widgets.steady_list import SteadyOptionList
from widgets.text_fit import KeepTail


def colour_of(item: Any) -> str:
    """The default detail: a card's colour in the table's words (islands and leaders have none)."""
    colour = getattr(item, "colour", "")
    return t(f"picker.colour.{colour}") if colour else ""


class _Matches(SteadyOptionList, can_focus=False):
    """The filtered list under the input; moved from the input's keys so focus never leaves the input.

    Its height follows the matches up to its max-height (5 lines, 4 for the islands), and the screen is laid out
    again when it changes. Most letters typed change the matches but not that height (15 cards match, then 7:
    five lines either way; or one card, then another one), and OptionList asks for a layout of the whole screen
    at every change of its options all the same: `steady_options` replaces them without it when the list keeps
    its height and its scrollbar, and only repaints it."""

    _steady = False  # True while options are replaced by as many one-line options as are shown now

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        return super().refresh(*regions, repaint=repaint, layout=layout and not self._steady, recompose=recompose)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A line a match: each is one name on one line (cut, never wrapped), so they are counted, where
        OptionList renders every option to measure it at every layout of the screen (about 5 % of the CPU of
        opening the age screen, whose picker lists the age's cards). Why nothing matches may wrap: measured."""
        if self.has_class("-nothing"):
            return super().get_content_height(container, viewport, width)
        return self.option_count

    def steady_options(self, options: list[Option]) -> None:
        """set_options, laying the screen out again only if the list's height or scrollbar may change."""
        cap = self.styles.max_height
        lines = (self.option_count, len(options))
        self._steady = (
            self.is_mounted
            and bool(self.size.height)
            and not self.has_class("-nothing")  # each option one line (nowrap): the list is as high as it has options
            and cap is not None
            and cap.unit == Unit.CELLS
            and self.size.height == min(lines[0], int(cap.value))
            and len({min(count, int(cap.value)) for count in lines}) == 1
            and len({count > cap.value for count in lines}) == 1  # the scrollbar shown or not, as now
        )
        try:
            self.set_options(options)
        finally:
            self._steady = False


class _Search(Input):
    """The picker's input: Enter, up and down are the picker's, taken in turn with the letters (see the
    module's docstring); keys and pastes that reach it after its Enter handed the focus on go after it."""

    PICKER_KEYS = {"enter": None, "down": 1, "up": -1}
    # The box is as wide as the picker and its text scrolls inside it: a longer search never moves anything
    # on the screen, so a letter repaints the box without laying the screen out again (Input's own virtual
    # size asks for a layout of the whole screen at every key).
    virtual_size = Reactive(Size(0, 0), layout=False)
    # The input's own editing keys (backspace, ctrl+u, left…) run as they are read too: as bindings they ran
    # after the letters behind them, so "barx⌫r⏎" in one read searched "barx", not "barr".
    EDITING = {
        key: binding.action
        for binding in Input.BINDINGS
        if isinstance(binding, Binding)
        for key in binding.key.split(",")
        if key != "enter"
    }

    def __init__(self, picker: CardPicker, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._picker = picker
        self.handed_on: Widget | None = None  # where this input's Enter moved the focus, while it lasts

    def _on_focus(self, event: events.Focus) -> None:
        self.handed_on = None

    def _pass_on(self, event: events.Key | events.Paste) -> bool:
        """Send `event` on to the box the focus was handed to, if it left this one that way."""
        if self.handed_on is None or self.screen.focused is self:
            return False
        event.prevent_default()
        event.stop()
        copy = events.Key(event.key, event.character) if isinstance(event, events.Key) else events.Paste(event.text)
        self.handed_on._forward_event(copy)
        return True

    async def _on_key(self, event: events.Key) -> None:
        if self._pass_on(event):
            return
        if event.key in self.EDITING:
            if await self.app.run_action(self.EDITING[event.key], self):
                event.prevent_default()
                event.stop()
            return  # not done here (nothing to delete, say): it goes up to the screen's bindings as usual
        if event.key not in self.PICKER_KEYS:
            return  # a letter: Input's own handler inserts it
        event.prevent_default()
        event.stop()
        delta = self.PICKER_KEYS[event.key]
        if delta is None:
            self._picker.submit()
        else:
            self._picker.action_move(delta)

    def _on_paste(self, event: events.Paste) -> None:
        if self._pass_on(event) or (not event.text.splitlines()[1:] and not event.text.endswith(("\n", "\r"))):
            return  # one name: Input's own handler inserts it
        event.prevent_default()
        event.stop()
        lines = event.text.splitlines(keepends=True)
        for at, line in enumerate(lines):
            if self.handed_on is not None:  # a pick moved the focus on: the rest is the next box's
                self.handed_on._forward_event(events.Paste("".join(lines[at:])))
                return
            name = line.rstrip("\r\n")
            if name:
                self.replace(name, *self.selection)
            if name != line:
                self._picker.submit()


class CardPicker(Vertical):
    """An Input with the matching candidates listed below it; Enter (or a click) picks one."""

    DEFAULT_CSS = """
    CardPicker {
        height: auto;
    }
    CardPicker > Input {
        width: 1fr;
    }
    CardPicker > _Matches {
        height: auto;
        max-height: 5;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    CardPicker > _Matches.-nothing {
        text-wrap: wrap;  /* why nothing is offered is read whole, not cut at the column's edge */
    }
    """

    BINDINGS = [Binding("escape", "clear", "picker.keys.clear")]

    # The picker shows no scrollbars (a Vertical's overflow is hidden): when the matches list changes
    # height, the layout pass that resized it has placed everything already, and the picker's new virtual
    # size needs neither a second pass nor a second paint (a Widget's virtual size asks for both).
    virtual_size = Reactive(Size(0, 0), layout=False, repaint=False)

    class Picked(Message):
        """The table chose `card` (a Card; an Island or a Leader when the picker lists those)."""

        def __init__(self, picker: CardPicker, card: Any) -> None:
            super().__init__()
            self.picker = picker
            self.card = card

        @property
        def control(self) -> CardPicker:
            return self.picker

    class Cleared(Message):
        """Enter on an empty search: the owner may take it as "none" (a recruitment row clears its leader)."""

        def __init__(self, picker: CardPicker) -> None:
            super().__init__()
            self.picker = picker

        @property
        def control(self) -> CardPicker:
            return self.picker

    def __init__(
        self,
        candidates: Iterable[Any] = (),
        *,
        placeholder: str | None = None,
        describe: Callable[[Any], str] = colour_of,
        nothing: str | None = None,
        explain: Callable[[str], str | None] | None = None,
        keep_choice: bool = False,
        dropdown: bool = False,
        advance: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """`placeholder` and `nothing` (what an empty result means) are texts in the table's language, a
        general one when not given; `explain` may say better why what is typed is not offered (a card
        left out at this table, already built); `keep_choice` leaves the picked name in the input (a field
        that shows its value, as in recruitment) instead of clearing it for the next card; `dropdown`
        shows the matches only while the picker has focus, so a column of pickers stays one line each;
        `advance` makes a pick move the focus to the next picker on the screen (recruitment's next row)."""
        super().__init__(id=id, classes=classes)
        self._candidates: list[Any] = list(candidates)
        self._shown: list[Any] = []
        self._placeholder = placeholder or t("picker.placeholder")
        self._describe = describe
        self._nothing = nothing or t("picker.nothing")
        self._explain = explain
        self._keep_choice = keep_choice
        self._dropdown = dropdown
        self._advance = advance
        self._listed: tuple[str, ...] = ()  # the texts the matches list shows
        self._refusal: Notification | None = None  # the last refusal shown, replaced by the next one
        self._clearable = False  # whether Escape clears a search (else it belongs to the screen: Back)
        self._button_down = False  # a mouse button is held (dropdown only: see _follow_pointer)
        self._pointer_events: WeakSet[Message] = WeakSet()
        self._fold_on_release = False

    def compose(self) -> ComposeResult:
        yield _Search(self, placeholder=self._placeholder, compact=True)
        # made with the class the first listing gives it (on_mount), so that listing does not restyle it
        nothing = "-nothing" if not self.matches("") else None
        yield _Matches(compact=True, markup=False, classes=nothing)

    def on_mount(self) -> None:
        self._refilter()
        self.watch(self.input, "value", self._refilter, init=False)
        self.query_one(_Matches).display = not self._dropdown
        if self._dropdown:
            self.app.message_signal.subscribe(self, self._follow_pointer, immediate=True)

    def on_descendant_focus(self) -> None:
        if self._dropdown:
            self._fold_on_release = False
            self.query_one(_Matches).display = True

    def on_descendant_blur(self) -> None:
        """Fold the dropdown away, once the click that took the focus is over: folding it at the button-down
        moves the widgets below it up under the pointer, and the button-up then misses what was clicked
        (a Forgotten Port box under the island picker, a recruitment row's menu)."""
        if not self._dropdown:
            return
        if self._button_down:
            self._fold_on_release = True
        else:
            self.query_one(_Matches).display = False

    def _follow_pointer(self, message: Message) -> None:
        """Note each button-down and button-up as the app reads them from the terminal (each event reaches the
        app again when it has bubbled up from the widget under the pointer: only its first pass counts). The
        app has made its Click of a button-up by the time this hears of it, so folding then misses nothing."""
        if not isinstance(message, (events.MouseDown, events.MouseUp)) or message in self._pointer_events:
            return
        self._pointer_events.add(message)
        self._button_down = isinstance(message, events.MouseDown)
        if not self._button_down and self._fold_on_release:
            self._fold_on_release = False
            if not self.has_focus_within:
                self.query_one(_Matches).display = False

    # --- what it offers ---------------------------------------------------------------------------------

    @property
    def input(self) -> Input:
        return self.query_one(Input)

    @property
    def text(self) -> str:
        return self.input.value.strip()

    @property
    def shown(self) -> Sequence[Any]:
        """The candidates currently listed, best match first."""
        return tuple(self._shown)

    @property
    def highlighted(self) -> Any | None:
        """The match Enter would pick now (None: nothing listed)."""
        at = self.query_one(_Matches).highlighted
        return self._shown[at] if at is not None and 0 <= at < len(self._shown) else None

    def set_candidates(self, candidates: Iterable[Any]) -> None:
        """Offer these from now on (the screen recomputes them after every accepted change)."""
        self._candidates = list(candidates)
        if self.is_mounted:
            self._refilter()

    def matches(self, query: str) -> list[Any]:
        return matches(query, self._candidates)

    def show_text(self, text: str) -> None:
        """Put `text` in the input (e.g. the recorded choice) without it counting as the table typing. A new
        text is listed by the input's watcher (on_mount), the same one listed again here."""
        changed = self.input.value != text
        with self.prevent(Input.Changed):
            self.input.value = text
            self.input.cursor_position = len(text)
        if not changed or not self.is_mounted:
            self._refilter()

    def _refilter(self) -> None:
        """List the matches for the text as it is now, the best one highlighted.

        The list's options are replaced only when what it lists changes: most letters typed into a name
        already down to one card leave it as it is, and replacing them would lay out the screen again."""
        matches = self.query_one(_Matches)
        self._shown = self.matches(self.text)
        if self._shown:
            listed = tuple(label_of(item, self._describe(item), self.text) for item in self._shown)
        else:
            listed = (
                t("picker.nothing_for", text=self.text, nothing=self._why_nothing()) if self.text else self._nothing,
            )
        if listed != self._listed:
            self._listed = listed
            matches.set_class(not self._shown, "-nothing")
            matches.steady_options(
                [Option(KeepTail(label) if self._shown else label, disabled=not self._shown) for label in listed]
            )  # a match cut to the list's width keeps its colour
        if self._shown:
            matches.highlighted = 0
        clearable = bool(self.text)
        if clearable != self._clearable:  # the Footer is rebuilt on every refresh: only when Escape's meaning changes
            self._clearable = clearable
            self.refresh_bindings()

    def _why_nothing(self) -> str:
        return (self._explain(self.text) if self._explain else None) or self._nothing

    # --- keys ------------------------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()

    def submit(self) -> None:
        """Enter: pick the highlighted match of the text typed so far, or refuse it."""
        if not self.text:
            self.post_message(self.Cleared(self))
            return
        highlighted = self.query_one(_Matches).highlighted
        if not self._shown or highlighted is None:
            self._refuse()
            return
        self._pick(self._shown[highlighted])

    def _refuse(self) -> None:
        """Say why nothing is picked, in place of this picker's previous refusal, and select the refused text:
        the table sees what was refused, and the next name typed or pasted replaces it instead of joining it."""
        self.app.bell()
        if self._refusal is not None:
            # Queued behind that refusal's own Notify, which the app may not have handled yet (refusals typed in
            # one read); withdraw is what a Toast's own click calls: Textual has no public call for one.
            self.app.call_later(withdraw, self.app, self._refusal)
        self._refusal = Notification(
            t("picker.not_found", text=self.text, nothing=self._why_nothing()),
            severity="warning",
            timeout=5,
            markup=False,
        )
        self.app.post_message(Notify(self._refusal))
        self.input.selection = Selection(0, len(self.input.value))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._shown):
            self._pick(self._shown[event.option_index])

    def _pick(self, item: Any) -> None:
        self.show_text(local_name(item) if self._keep_choice else "")
        self.post_message(self.Picked(self, item))
        if self._advance:
            self._move_on()

    def _move_on(self) -> None:
        """Focus the next picker on the screen now, not when Picked is handled: the keys typed behind this
        Enter are already queued here, and follow the focus (see _Search)."""
        pickers = list(self.screen.query(CardPicker))
        following = pickers.index(self) + 1
        if following < len(pickers):
            box = pickers[following].input
            self.screen.set_focus(box)
            self.query_one(_Search).handed_on = box

    def action_move(self, delta: int) -> None:
        matches = self.query_one(_Matches)
        if delta > 0:
            matches.action_cursor_down()
        else:
            matches.action_cursor_up()

    def action_clear(self) -> None:
        self.input.value = ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "clear":
            return bool(self.is_mounted and self.text and not self._keep_choice)
        return True
