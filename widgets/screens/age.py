"""End of an age, one player at a time: what they built, their wonder, their fleets and islands, and the
Ground and Naval strengths the app derives from it all, with the breakdown so the table can check it.

The table goes round the seats (PgDn / PgUp); the player on screen is saved in the draft, so a restart
resumes on them. Every change is one of the core's edits (scorer.edits), validated with the whole record:
refused values change nothing and say why. The table may type a strength of its own: it is kept, used and
marked "typed" beside the derived one. A player may switch to quick counts per colour instead of card
names (then strengths are typed); ctrl+t switches the whole table to the score pad (widgets/screens/pad.py).
While the player has a build from the discard pile this age (a Halicarnassus stage just built, Solomon
recruited), the card picker offers earlier ages' cards too, marked with their age: the pile keeps them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.reactive import var
from textual.validation import Integer
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, OptionList, Select, Static

from scorer.catalog import FLEETS, Card, fold, load_catalog
from scorer.dockyard_words import fleet_note
from scorer.edits import Edit, Game
from scorer.edits.age import (
    add_card,
    add_island,
    choose_courtesans_copy,
    choose_incursion,
    move_ship,
    remove_card,
    remove_island,
    set_wonder_stages,
    stay_out_of_naval,
)
from scorer.edits.base import scored_quick
from scorer.edits.pad import start_score_pad
from scorer.edits.quick import (
    QUICK_COUNTS,
    StrengthKind,
    quick_count,
    set_quick_count,
    switch_quick,
    type_strength,
)
from scorer.flow import Step
from scorer.i18n import current_language, local_name, t, tn
from scorer.rules.city import Strength
from scorer.rules.free_moves import IslandMoves
from scorer.rules.turns import AgeTurns
from scorer.ruling import age_name
from scorer.search import label_of, not_offered_text
from scorer.seat import Courtesans, SeatView, card_choices, seat_view
from widgets.card_picker import CardPicker, colour_of
from widgets.compat import ListMadeWhenOpened, notifications, withdraw
from widgets.item_list import ItemList
from widgets.key_order import keys_handled
from widgets.screens.base import PlayerByPlayer, StepScreen
from widgets.screens.steps import step_title
from widgets.steady_footer import SteadyFooter
from widgets.stepper import Stepper
from widgets.title_bar import TitleBar
from widgets.toggles import GlyphCheckbox

# --- parts of the screen ----------------------------------------------------------------------------


def shown(widget: Widget) -> bool:
    """Whether the widget is displayed: it and every container above it (hidden parts hold no input)."""
    return all(node.display for node in widget.ancestors_with_self if isinstance(node, Widget))


def count_input(id: str, width_class: str = "age-count", placeholder: str = "") -> Input:
    """A whole number 0 or more, or empty; shown red while it is not one."""
    return Input(
        id=id,
        classes=width_class,
        compact=True,
        type="integer",
        max_length=3,
        placeholder=placeholder,
        validators=[Integer(minimum=0)],
        valid_empty=True,
    )


class StrengthRow(Horizontal):
    """'Ground 3 — Stockade 1 + Barracks 1 + … = 3' and a box where the table may type its own total."""

    def __init__(self, kind: StrengthKind) -> None:
        super().__init__(id=f"age-{kind}", classes="age-strength")
        self.kind = kind

    def compose(self) -> ComposeResult:
        yield Static(classes="age-account")
        yield Label(t("age.strength.typed_label"), classes="age-typed-label")
        yield count_input(f"typed-{self.kind}", "age-typed", placeholder="—")

    @property
    def typed(self) -> Input:
        """The box where the table types its own total."""
        return self.query_one(Input)

    def show(self, title: str, strength: Any, note: str = "") -> None:
        marked = strength.typed and strength.value != strength.derived
        text = Text.assemble((f"{title} {strength.value}", "bold"))
        if marked:
            text.append(f" {t('age.strength.typed_mark')}", style="bold reverse")
        text.append(f" — {strength.account()}{note}")
        self.query_one(".age-account", Static).update(text)


def island_detail(island: Any) -> str:
    """An island's level and what it does, as its card says it, in the table's language."""
    effect = island.effect_pt if current_language() == "pt" and island.effect_pt else island.effect
    return t("age.islands.detail", level=island.level, effect=effect)


def beyond_turns(turn: AgeTurns) -> str:
    """Why a player's plays above the age's turns are right: each free build and Babylon B's last card."""
    why = [t("age.turns.discard_build", source=local_name(source)) for source in turn.discard_builds]
    if turn.last_card is not None:
        why.append(t("age.turns.last_card", wonder=local_name(turn.last_card)))
    return t("age.turns.beyond", player=turn.player, played=turn.played, turns=turn.turns, why="; ".join(why))


def islands_named(moves: IslandMoves) -> str:
    """The islands whose free moves are asked about, in the table's language."""
    return ", ".join(local_name(island) for island in moves.islands)


def free_moves_warning(views: Sequence[SeatView], age: int) -> tuple[str, str] | None:
    """ctrl+n's question (title, words) about the players whose islands' free moves the ships' spaces do not
    show this age, or None: asked once, as a turn short is (the ship may be right, at the end of its line)."""
    unmoved = [moves for view in views if (moves := view.island_moves) is not None and moves.missing]
    if not unmoved:
        return None
    players = ", ".join(
        t("age.free_moves.player", player=m.player, islands=islands_named(m), shown=m.shown, due=m.due) for m in unmoved
    )
    return t("age.free_moves.short_title"), t("age.free_moves.short", players=players, age=age_name(age))


def quick_id(path: tuple[str, ...]) -> str:
    return "quick-" + "-".join(path)


class QuickForm(Vertical):
    """Counts for the whole game so far, typed instead of card names (what the score sheet needs of them).

    Its boxes are mounted the first time the screen shows a player on quick counts, not with the screen: most
    games never use them, and their 33 widgets hidden under the cards were laid out, styled and waited for
    (the Pilot's and Textual's idle wait visits every widget of the screen) on every key typed."""

    def show(self, quick: Any) -> None:
        """The counts of this player's record, the boxes mounted first if they are not yet."""
        if not self.children:
            grid = Grid(id="age-quick-grid")
            # Mounted one level at a time, so the boxes are in the DOM now (queried, focused) and not only
            # once the form has composed: the keys typed behind a PgDn reach the box focused.
            self.mount(Static(t("age.quick.heading"), classes="age-heading"), grid)
            for path in QUICK_COUNTS:
                grid.mount(Label(t(f"age.quick.{path[-1]}"), classes="age-quick-label"), count_input(quick_id(path)))
        for path in QUICK_COUNTS:
            self.query_one(f"#{quick_id(path)}", Input).value = str(quick_count(quick, path))


# --- the screen -------------------------------------------------------------------------------------


# The box behind a sheet row that is not a card (cards are the search, the player's first box): where the
# sheet's `e` on that row puts the cursor.
ROW_WIDGETS = {
    "wonder": "#age-stages",
    "naval": "#fleet-red",
    "dockyard": "#fleet-blue",
    "islands": "#age-island-picker Input",
}
PLAYER_KEYS = Binding.Group("age.keys.player")  # one Footer entry for both keys: Portuguese fits 80 columns


class AgeScreen(PlayerByPlayer, StepScreen):
    # The player on screen's view (scorer.seat), as of the session's version: each part of the screen is drawn
    # from it by watch_seat, and only when the values it shows changed.
    seat: var[SeatView | None] = var(None)

    DEFAULT_CSS = """
    AgeScreen {
        /* a group's words apart from the next key, as other keys are */
        SteadyFooter.-compact .footer-label { margin: 0 1 0 0; }
        .age-heading { color: $text-muted; height: auto; }
        #age-top { height: 1; padding: 0 1; }
        #age-players { width: 1fr; }
        #age-quick { width: auto; }
        #age-pad-key { width: auto; margin-left: 2; color: $text-muted; }
        #age-body { height: 1fr; padding: 0 1; }
        #age-left { width: 42; margin-right: 2; }
        #age-cards { height: 1fr; }
        #age-built { height: 1fr; min-height: 2; text-wrap: nowrap; text-overflow: ellipsis; }
        #age-picker { border-top: solid $foreground 30%; }
        #age-right { width: 1fr; overflow-y: auto; scrollbar-size-vertical: 1; }
        #age-leader { height: auto; }  /* wraps: "Leader: Nefertiti as a wonder stage" is wider than the column */
        #age-courtesans { height: auto; }
        #age-courtesans-choice { width: 1fr; }
        #age-armada { height: auto; }
        #age-islands { height: auto; max-height: 3; text-wrap: nowrap; text-overflow: ellipsis; }
        #age-island-moves { height: auto; color: $text-warning; display: none; }
        #age-island-picker > _Matches { max-height: 4; }
        #age-island-effect { height: auto; display: none; }
        #age-incursions { height: auto; }
        .age-incursion-row { height: 1; }
        .age-incursion-label { width: auto; margin-right: 1; }
        .age-incursion { width: 1fr; }
        #age-quick-grid { grid-size: 4; grid-columns: 14 5 14 5; grid-gutter: 0 1; height: auto; }
        .age-quick-label { color: $text-muted; }
        .age-count { width: 5; }
        #age-strengths { height: auto; padding: 0 1; border-top: solid $foreground 30%; }
        .age-strength { height: auto; }
        .age-strength .age-account { width: 1fr; height: auto; }
        .age-strength .age-typed-label { color: $text-muted; margin: 0 1; }
        .age-strength .age-typed { width: 5; }
        #age-body _Matches, #age-built, #age-islands { scrollbar-size-vertical: 1; }
    }
    """
    BINDINGS = [
        Binding("pageup", "player(-1)", "age.keys.previous_player", priority=True, group=PLAYER_KEYS),
        Binding("pagedown", "player(1)", "age.keys.next_player", priority=True, group=PLAYER_KEYS),
        Binding("ctrl+l", "coin_losses", "age.keys.coins_lost"),
        # Priority: from a box too. Not in the Footer, full at 80 columns in Portuguese: the top line shows it
        # beside Quick counts. (ctrl+e is the island picker's, the key a table uses every age.)
        Binding("ctrl+t", "score_pad", "age.keys.score_pad", priority=True, show=False),
        # Straight to a stepper from any box, its digit next (the Dockyard heading says so: the Footer is full).
        # not in the Footer (no room at 80 columns): the help (F1) lists them with these words
        Binding("ctrl+s", "jump('age-stages')", "age.keys.stages", show=False, priority=True),
        *(
            Binding(
                f"ctrl+{colour[0]}", f"jump('fleet-{colour}')", f"age.keys.fleet_{colour}", show=False, priority=True
            )
            for colour in FLEETS
        ),
        Binding("ctrl+e", "islands", "age.keys.islands", show=False, priority=True),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The coins-lost calculator exists only with Armada (taxes and pirates)."""
        if action in ("coin_losses", "islands") or (action == "jump" and parameters != ("age-stages",)):
            return self.session.record.armada
        return True

    def action_coin_losses(self) -> None:
        """Open the coins-lost calculator for a turn of this age (it never changes the record)."""
        from widgets.screens.coin_losses import open_coin_losses

        open_coin_losses(self)

    async def action_score_pad(self) -> None:
        """The whole table scored at the end, like the paper pad, from what is entered so far (the sheet's
        rows as they stand, each age's strengths): the pad's screen, where the table types the rest. ctrl+z
        there brings the card names back."""
        await keys_handled(self)
        if not self._commit_all():
            return
        if self.apply(start_score_pad(self.game)):
            self.session.go(Step("pad"))
            await self.wonders.show_step()

    async def action_jump(self, widget_id: str) -> None:
        """Focus a stepper (ctrl+s the stages, ctrl+r/y/b/g a fleet): the digit typed next sets it and hands
        the focus back to the player's first box, so a ship costs two keys from wherever the table types. It
        waits for the keys read before it, as PgDn does (widgets.key_order)."""
        await keys_handled(self)
        stepper = self.query_one(f"#{widget_id}", Stepper)
        self.set_focus(stepper)
        stepper.hand_back(self._first_box())

    async def action_islands(self) -> None:
        """ctrl+e: the island picker, from any box (islands are explored)."""
        await keys_handled(self)
        self.set_focus(self.query_one("#age-island-picker", CardPicker).input)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="age-top"):
            yield Static(id="age-players")
            yield GlyphCheckbox(t("age.quick.switch"), id="age-quick", compact=True)
            yield Static(t("age.quick.pad_key"), id="age-pad-key")
        with Horizontal(id="age-body"):
            with Vertical(id="age-left"):
                with Vertical(id="age-cards"):
                    yield Static(id="age-cards-title", classes="age-heading")
                    yield ItemList(id="age-built", compact=True, markup=False)
                    yield CardPicker(
                        placeholder=t("age.cards.placeholder"),
                        id="age-picker",
                        describe=self._detail,
                        nothing=t("age.cards.nothing"),
                        explain=self._why_not_offered,
                    )
                yield QuickForm(id="age-quickform")
            with Vertical(id="age-right"):
                # each fleet by its colour, with the key that reaches it (ctrl+ the English colour's initial)
                # where the language's colours do not start with it (age.fleet.label: Vermelha ^r, Azul ^b)
                fleets = {
                    colour: t("age.fleet.label", colour=t(f"picker.colour.{colour}").capitalize(), key=colour[0])
                    for colour in FLEETS
                }
                fleet_width = max(len(label) + 1 for label in fleets.values())
                width = max(8, len(t("age.stages")) + 1)  # the stages' note keeps its room; the fleets' their own
                yield Stepper(t("age.stages"), high=4, label_width=width, id="age-stages")
                yield Static(id="age-leader", classes="age-heading")
                with Vertical(id="age-courtesans"):  # shown while this age's cards hold the Courtesans Guild
                    yield Static(id="age-courtesans-title", classes="age-heading")  # its menu: _show_courtesans
                with Vertical(id="age-armada"):
                    yield Static(t("age.fleet.heading"), classes="age-heading")
                    for colour, label in fleets.items():
                        yield Stepper(label, high=6, label_width=fleet_width, id=f"fleet-{colour}")
                    yield Static(id="age-islands-title", classes="age-heading")
                    yield ItemList(id="age-islands", compact=True, markup=False)
                    yield Static(id="age-island-moves", markup=False)  # _show_free_moves
                    yield CardPicker(
                        placeholder=t("age.islands.placeholder"),
                        id="age-island-picker",
                        dropdown=True,
                        describe=lambda island: "",
                        nothing=t("age.islands.nothing"),
                    )
                    yield Vertical(id="age-incursions")
                    yield GlyphCheckbox(id="age-abstain", compact=True)  # labelled with the island that allows it
                    # The highlighted island's level and effect, last: shown and hidden as the island picker
                    # takes and leaves the focus, it moves nothing a click may be aiming at.
                    yield Static(id="age-island-effect", classes="age-heading")
        with Vertical(id="age-strengths"):
            yield StrengthRow(StrengthKind.GROUND)
            yield StrengthRow(StrengthKind.NAVAL)
        yield SteadyFooter(
            compact=True, show_command_palette=False
        )  # ctrl+p still opens the palette; its Footer entry would cut a key at 80 columns

    def on_mount(self) -> None:
        self.step = self.session.step
        self.age: int = self.step.age or 1
        names = self.session.record.names
        wanted = (self.session.record.progress or {}).get("player")
        self.player: str = wanted if wanted in names else names[0]
        if wanted != self.player:
            self.session.go(self.step, player=self.player)  # every edit's undo snapshot then names its player
        self._confirm_next = False
        self._explained: set[str] = set()  # the marks explained on this screen already (on_descendant_focus)
        self._incursion_rows: tuple[Any, ...] = ()
        self._courtesans_options: tuple[tuple[str, str], ...] | None = None
        self.sub_title = step_title(self.step)
        armada = self.session.record.armada
        self.query_one("#age-armada").display = armada
        self.query_one("#age-naval").display = armada
        self._refresh()
        self._focus_first()
        landing = ROW_WIDGETS.get(self.wonders.take_landing() or "")
        if landing is not None and self.query(landing) and self.query_one(landing).display:
            self.set_focus(self.query_one(landing))  # the sheet's e: on the input behind the corrected cell

    # --- showing the player ------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game as the next edit finds it (its cities computed once per record, by the session)."""
        return self.session.game()

    @property
    def quick(self) -> bool:
        return scored_quick(self.session.record, self.player)

    def _why_not_offered(self, text: str) -> str | None:
        """The rule that keeps the card typed out of the picker, in the table's words (None: no one card)."""
        return not_offered_text(self.session.record, load_catalog(), self.age, self.player, text)

    def _detail(self, card: Card) -> str:
        """A card's colour, and for an earlier age's card (only built from the discard pile now) its age."""
        if card.age < self.age:
            return t("age.cards.from_discard", colour=colour_of(card), its_age=age_name(card.age))
        return colour_of(card)

    def _refresh(self) -> None:
        """Show the session as it is now: the seat strip, and the player on screen's view (scorer.seat), each
        part of the screen drawn again only when the values it shows changed (watch_seat)."""
        self._confirm_next = False
        self._show_players()
        self.seat = seat_view(self.session, self.player)

    def _redraw(self) -> None:
        """Draw every part again, changed or not: after a refused edit a stepper or a box may show what was
        refused while the view, unchanged, would redraw nothing."""
        self._confirm_next = False
        self._show_players()
        self.watch_seat(None, seat_view(self.session, self.player))

    def watch_seat(self, old: SeatView | None, new: SeatView | None) -> None:
        """Each part of the screen from the seat's view: a part whose values are the same as those shown
        (another part's edit, a phone's poll) is left as it is."""
        if new is None:
            return

        def changed(*fields: str) -> bool:
            return old is None or any(getattr(old, name) != getattr(new, name) for name in ("player", *fields))

        if changed("quick", "version"):
            self.query_one("#age-quick", Checkbox).value = new.quick
            self.query_one("#age-cards").display = not new.quick
            self.query_one("#age-quickform").display = new.quick
            if new.quick:
                self._show_quick()
        if not new.quick and changed("quick", "cards", "turns"):
            self._show_cards(new)
        if changed("stages", "leaders", "wonder", "side", "wonder_stages_built", "wonder_stages_total"):
            self._show_stages(new)
        if changed("courtesans"):
            self._show_courtesans(new.courtesans)
        if self.session.record.armada:
            if changed("fleets"):
                self._show_fleets(new)
            if changed("islands", "free_islands", "island_moves"):
                self._show_islands(new)
            if changed("incursions"):
                self._show_incursions(new)
            if changed("opt_out", "abstain_naval"):
                self._show_abstain(new)
        if changed("ground", "naval", "opt_out", "abstain_naval"):
            self._show_strengths(new)

    def _show_players(self) -> None:
        """The seats, the one on screen reversed, each entered one ticked. While the game is shared with the
        phones, a seat on a phone is underlined and ticked only once its phone has nothing missing."""
        phones = self.wonders.sharing.table
        strip = Text(no_wrap=True, overflow="ellipsis")
        for name in self.session.record.names:
            on_phone = phones is not None and phones.on_phone(name)
            done = phones.seat_status(name) == "done" if phones is not None and on_phone else None
            mark = "✓" if (seat_view(self.session, name).entered if done is None else done) else ""
            style = "bold reverse" if name == self.player else ("" if mark else "dim")
            strip.append(f" {name}{mark} ", style=f"{style} underline" if on_phone else style)
        self.query_one("#age-players", Static).update(strip)

    def phone_changed(self, player: str | None) -> None:
        """A phone changed `player`'s entries (None: a seat's phone state): show them, the strip always, the
        entries if that player is on screen — the box the host is typing in keeps its focus and its text. The
        cards another seat took are no longer offered to the player on screen."""
        if not self.is_mounted or self.session.step != self.step:
            return
        if player != self.player:
            self._show_players()
            if player is not None and not self.quick:
                self._offer_cards()
            return
        focused = self.focused
        typing = (focused.value, focused.cursor_position) if isinstance(focused, Input) else None
        self._refresh()
        if isinstance(focused, Input) and typing is not None and focused.is_attached:
            if focused.value != typing[0]:
                focused.value = typing[0]
            focused.cursor_position = typing[1]
            if self.focused is not focused:
                self.set_focus(focused)

    def _show_cards(self, view: SeatView) -> None:
        turns = view.turns
        assert turns is not None, "card names are shown only for a seat not on quick counts"
        self.query_one("#age-cards-title", Static).update(
            tn("age.cards.title", len(view.cards), age=age_name(self.age), plays=turns.played, turns=turns.expected)
        )
        self.query_one("#age-built", ItemList).show([label_of(card, self._detail(card)) for card in view.cards])
        self._offer_cards()

    def _offer_cards(self) -> None:
        """The picker's cards: the seat's card choices (scorer.seat), by name in the table's language."""
        offered = card_choices(self.session, self.player)
        self.query_one("#age-picker", CardPicker).set_candidates(
            sorted(offered, key=lambda card: fold(local_name(card)))
        )

    def _show_quick(self) -> None:
        quick = self.session.record.end[self.player].quick
        assert quick is not None, "shown only for a player scored with quick counts"
        self.query_one("#age-quickform", QuickForm).show(quick)

    def _show_stages(self, view: SeatView) -> None:
        plays = [t(f"age.leader.{use}", leader=local_name(leader)) for leader, use in view.leaders]
        self.query_one("#age-leader", Static).update(t("age.leader.line", plays=", ".join(plays)) if plays else "")
        stepper = self.query_one("#age-stages", Stepper)
        stepper.value = view.stages
        assert view.wonder is not None, "an age's view names the seat's wonder"
        stepper.note = t(
            "age.stages_built",
            wonder=local_name(view.wonder),
            side=view.side,
            built=view.wonder_stages_built,
            total=view.wonder_stages_total,
        )

    def _show_courtesans(self, courtesans: Courtesans | None) -> None:
        """The leader the Courtesans Guild copies, chosen among the neighbours' recruited leaders; when they
        have none, the line says so instead of offering an empty menu.

        The options are set again only when they change, so choosing keeps the focus on the menu. The menu is
        mounted the first time it has options to offer: a hidden Select is 7 widgets more for every key's
        layout and idle wait, in the many games without the guild."""
        box = self.query_one("#age-courtesans", Vertical)
        box.display = courtesans is not None
        if courtesans is None:
            return
        guild = local_name(courtesans.guild)
        title = self.query_one("#age-courtesans-title", Static)
        select = next(box.query("#age-courtesans-choice").results(Select), None)
        if select is not None:
            select.display = bool(courtesans.choices)
        if not courtesans.choices:
            title.update(t("age.courtesans.none", guild=guild, left=courtesans.left, right=courtesans.right))
            return
        title.update(t("age.courtesans.title", guild=guild))
        options = tuple(
            (t("age.courtesans.option", leader=local_name(leader), player=owner), leader.en)
            for leader, owner in courtesans.choices
        )
        chosen = courtesans.chosen.en if courtesans.chosen is not None else Select.NULL
        if select is None:
            self._courtesans_options = options
            prompt = t("age.courtesans.prompt")
            box.mount(
                ListMadeWhenOpened(options, prompt=prompt, value=chosen, compact=True, id="age-courtesans-choice")
            )
            return
        if options != self._courtesans_options:
            self._courtesans_options = options
            select.set_options(options)
        if select.value != chosen:
            select.value = chosen

    def _show_fleets(self, view: SeatView) -> None:
        for fleet in view.fleets:
            stepper = self.query_one(f"#fleet-{fleet.colour}", Stepper)
            stepper.value = fleet.position
            note = fleet_note(self.session.track, fleet.colour, fleet.position) if fleet.reached else "—"
            stepper.note = note + (f" (+{fleet.moved})" if fleet.moved else "")

    def _show_islands(self, view: SeatView) -> None:
        """The islands gained, the picker's free islands, and under them the islands whose free moves the
        ships' spaces do not show (scorer.rules.free_moves): the board shows the ship moved, the typing may
        have missed it."""
        self.query_one("#age-islands-title", Static).update(
            t("age.islands.title" if view.islands else "age.islands.none")
        )
        listed = self.query_one("#age-islands", ItemList)
        listed.display = bool(view.islands)
        listed.show([label_of(island) for island in view.islands])
        self.query_one("#age-island-picker", CardPicker).set_candidates(list(view.free_islands))
        moves = view.island_moves
        line = self.query_one("#age-island-moves", Static)
        line.display = moves is not None and moves.missing > 0
        if moves is not None and moves.missing:
            line.update(t("age.free_moves.line", islands=islands_named(moves), shown=moves.shown, due=moves.due))

    def _show_abstain(self, view: SeatView) -> None:
        abstain = self.query_one("#age-abstain", Checkbox)
        abstain.display = view.opt_out is not None
        if view.opt_out is not None:
            abstain.label = t("age.abstain", island=local_name(view.opt_out))
        abstain.value = view.abstain_naval

    def _show_incursions(self, view: SeatView) -> None:
        """One row per Dock/Quay/Jetty built this age: the player it attacks, which the table may change.

        Rows are rebuilt only when the cards change, so choosing a target keeps the focus where it is."""
        key = (self.player, *(incursion.card.id for incursion in view.incursions))
        box = self.query_one("#age-incursions", Vertical)
        if key == self._incursion_rows:
            for select, incursion in zip(box.query(Select), view.incursions):
                if select.value != incursion.target:
                    select.value = incursion.target
            return
        self._incursion_rows = key
        box.remove_children()
        for incursion in view.incursions:
            left2, right2 = incursion.choices  # one player at a table of four: one option
            sides = {left2: t("age.incursion.left", player=left2), right2: t("age.incursion.right", player=right2)}
            options = [(label, name) for name, label in sides.items()]
            box.mount(
                Horizontal(
                    Label(t("age.incursion.attacks", card=local_name(incursion.card)), classes="age-incursion-label"),
                    ListMadeWhenOpened(
                        options,
                        value=incursion.target,
                        allow_blank=False,
                        compact=True,
                        name=str(incursion.index),
                        classes="age-incursion",
                    ),
                    classes="age-incursion-row",
                )
            )

    def _show_strengths(self, view: SeatView) -> None:
        row = self.query_one("#age-ground", StrengthRow)
        assert view.ground is not None, "an age's view holds the seat's strengths"
        row.show(t("age.strength.ground"), view.ground)
        self._set_input(row.typed, view.ground)
        if view.naval is not None:
            row = self.query_one("#age-naval", StrengthRow)
            out = view.opt_out if view.abstain_naval else None
            note = t("age.strength.stays_out", island=local_name(out)) if out is not None else ""
            row.show(t("age.strength.naval"), view.naval, note)
            self._set_input(row.typed, view.naval)

    @staticmethod
    def _set_input(box: Input, strength: Strength) -> None:
        """The box shows the strength the table typed, empty when it typed none."""
        box.value = str(strength.value) if strength.typed else ""

    def _focus_first(self) -> None:
        """Focus the player's first box now: Widget.focus would wait behind the keys the app has not read yet
        (a burst's `PgDn bath⏎`), and they would reach the box being left."""
        self.set_focus(self._first_box())

    def _first_box(self) -> Widget:
        """The player's first box: the card search, or the first quick count."""
        return self.query_one("#quick-colours-brown" if self.quick else "#age-picker Input")

    # --- edits -----------------------------------------------------------------------------------------

    def _edit(self, edit: Edit) -> bool:
        """Apply one edit of this player's city; show the record as it is then (every part, when refused: the
        widget that asked shows what the record holds again)."""
        accepted = self.apply(edit)
        if accepted:
            self._refresh()
        else:
            self._redraw()
        return accepted

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_island_effect()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The first time the cursor reaches a box whose marks a newcomer cannot guess, say what they mean:
        a typed strength ("typed —", TYPED on the line) and a fleet's "(+N)". Once a screen: the table
        knows them after that. The island picker's effect line follows the focus too."""
        self._show_island_effect()
        focused = self.focused
        name = focused.id or "" if focused is not None else ""
        kind = "typed" if name.startswith("typed-") else "moved" if name.startswith("fleet-") else None
        if kind is None or kind in self._explained:
            return
        self._explained.add(kind)
        self.notify(t(f"age.explain.{kind}"), timeout=10, markup=False)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._show_island_effect()

    def _show_island_effect(self) -> None:
        """Under the island picker, while it has the focus, the highlighted island's level and what it does:
        the list has room for its names only."""
        if not self.session.record.armada:
            return
        picker = self.query_one("#age-island-picker", CardPicker)
        island = picker.highlighted if picker.input.has_focus else None
        line = self.query_one("#age-island-effect", Static)
        line.display = island is not None
        if island is not None:
            line.update(island_detail(island))
            self._withdraw_explanations()

    def _withdraw_explanations(self) -> None:
        """Take back the toasts explaining a mark (on_descendant_focus): drawn over the bottom of the right
        column for 10 s, they hid the island's effect line the table reads once the island picker has the
        focus (ctrl+b, a digit, ctrl+e). Textual has no public way to withdraw one toast (widgets.compat)."""
        said = {t(f"age.explain.{kind}") for kind in self._explained}
        for note in notifications(self.app):
            if note.message in said:
                withdraw(self.app, note)

    def on_card_picker_picked(self, event: CardPicker.Picked) -> None:
        add = add_island if event.picker.id == "age-island-picker" else add_card
        self._edit(add(self.game, self.age, self.player, event.card))

    def on_item_list_removed(self, event: ItemList.Removed) -> None:
        remove = remove_island if event.items.id == "age-islands" else remove_card
        self._edit(remove(self.game, self.age, self.player, event.index))

    def on_stepper_changed(self, event: Stepper.Changed) -> None:
        if event.stepper.id == "age-stages":
            self._edit(set_wonder_stages(self.game, self.age, self.player, event.value))
            return
        colour = (event.stepper.id or "").removeprefix("fleet-")
        self._edit(move_ship(self.game, self.age, self.player, colour, event.value))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "age-courtesans-choice":
            self._choose_courtesans(event)
            return
        if not event.select.has_class("age-incursion") or event.value == Select.NULL:
            return
        if event.value != event.select.value:  # a stale report of a value the screen has shown since
            return
        incursions = seat_view(self.session, self.player).incursions
        index = int(event.select.name or 0)
        if index >= len(incursions) or incursions[index].target == event.value:
            return
        self._edit(choose_incursion(self.game, self.age, self.player, index, str(event.value)))

    def _choose_courtesans(self, event: Select.Changed) -> None:
        """Store the leader the Courtesans Guild copies (English name), or remove the copy when cleared.

        A change the screen made itself (showing another player, options set again) arrives here too: one
        that is no longer the menu's value, or is already the record's, changes nothing."""
        if event.value != event.select.value:
            return
        chosen = None if event.value == Select.NULL else str(event.value)
        courtesans = seat_view(self.session, self.player).courtesans
        leader = courtesans.chosen if courtesans is not None else None
        if chosen == (leader.en if leader else None):
            return
        self._edit(choose_courtesans_copy(self.game, self.age, self.player, chosen))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.value != event.checkbox.value:  # a stale report: the box shows another player's value since
            return
        if event.checkbox.id == "age-abstain":
            if event.value != self.session.record.entry(self.age, self.player).abstain_naval:
                self._edit(stay_out_of_naval(self.game, self.age, self.player, event.value))
        elif event.checkbox.id == "age-quick" and event.value != self.quick:
            self._switch_quick(event.value)

    def _switch_quick(self, on: bool) -> None:
        """Card names ⇄ quick counts, losing nothing (scorer.edits.quick.switch_quick): the card names a
        switch on takes out are set aside in the session, and switching off puts them back."""
        name, game = self.player, self.game
        if on:
            self.session.set_aside_cards(name)
        if self.apply(switch_quick(game, self.age, name, on, self.session.aside(name))) and on:
            self.notify(t("age.quick.switched", player=name), timeout=6, markup=False)
        self._refresh()
        self._focus_first()

    # --- typed values ----------------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self._is_typed(event.input):
            event.stop()
            self._commit(event.input)

    def on_input_blurred(self, event: Input.Blurred) -> None:
        if self._is_typed(event.input) and self.app.screen is self:
            self._commit(event.input)

    def _is_typed(self, box: Input) -> bool:
        if not box.id:
            return False
        return box.id.startswith("typed-") or (box.id.startswith("quick-") and self.quick)

    def _commit(self, box: Input) -> bool:
        """Store a typed number if it changed; False (with the reason shown) when it cannot be stored."""
        text = box.value.strip()
        row = next((node for node in box.ancestors if isinstance(node, StrengthRow)), None)
        if text and not text.isdigit():
            message = "age.typed.not_number_strength" if row is not None else "age.typed.not_number"
            self.notify(
                t(message, text=text), title=t("steps.notify.not_accepted"), severity="error", timeout=8, markup=False
            )
            return False
        value = int(text) if text else None
        if row is not None:
            if value == row.kind.typed(self.session.record.entry(self.age, self.player)):
                return True
            return self._edit(type_strength(self.game, self.age, self.player, row.kind, value))
        return self._commit_quick(box, value or 0)

    def _commit_quick(self, box: Input, value: int) -> bool:
        path = next(p for p in QUICK_COUNTS if quick_id(p) == box.id)
        quick = self.session.record.end[self.player].quick
        current = quick_count(quick, path) if quick is not None else 0
        if value == current:
            box.value = str(current)
            return True
        return self._edit(set_quick_count(self.player, path, value))

    def _commit_all(self) -> bool:
        """Store what is typed in the boxes on screen; False if one holds something that cannot be stored."""
        for box in self.query(Input):
            if self._is_typed(box) and shown(box) and not self._commit(box):
                box.focus()
                return False
        return True

    # --- moving on -------------------------------------------------------------------------------------

    def reload(self) -> None:
        """After undo: show the player whose change was undone (the draft remembers whose screen it was)."""
        names = self.session.record.names
        wanted = (self.session.record.progress or {}).get("player")
        if wanted in names:
            self.player = wanted
        elif self.player not in names:
            self.player = names[0]
        if self.session.step != self.step or wanted != self.player:
            self.session.go(self.step, player=self.player)
        self._refresh()

    def ready(self) -> bool:
        if not self._commit_all():
            return False
        for picker in self.query(CardPicker):
            if picker.text and shown(picker):
                picker.input.focus()
                self.notify(
                    t("age.not_added", text=picker.text),
                    title=t("age.not_added_title"),
                    severity="warning",
                    timeout=8,
                    markup=False,
                )
                return False
        if self._confirm_next:
            return True
        warnings = []
        age = age_name(self.age)
        views = [seat_view(self.session, name) for name in self.session.record.names]
        if missing := [view.player for view in views if "age" in view.missing]:
            warnings.append((t("age.missing_title"), t("age.missing", players=", ".join(missing), age=age)))
        turns = [view.turns for view in views if view.turns is not None and "age" not in view.missing]
        if short := [turn for turn in turns if not turn.done]:
            players = ", ".join(
                t("age.turns.player", player=turn.player, played=turn.played, expected=turn.expected) for turn in short
            )
            warnings.append((t("age.turns.short_title"), t("age.turns.short", players=players, age=age)))
        if (unmoved := free_moves_warning(views, self.age)) is not None:
            warnings.append(unmoved)
        for view in views:
            if "courtesans" in view.missing and view.courtesans is not None:
                guild = local_name(view.courtesans.guild)
                warnings.append(
                    (
                        t("age.courtesans.unchosen_title"),
                        t("age.courtesans.unchosen", player=view.player, guild=guild, age=age),
                    )
                )
        for turn in turns:
            if turn.beyond_turns:  # allowed (the validator refuses more): said once, holding nothing back
                self.notify(beyond_turns(turn), title=t("age.turns.beyond_title"), timeout=8, markup=False)
        if not warnings:
            return True
        self._confirm_next = True  # said once: ctrl+n again goes on
        for title, message in warnings:
            self.notify(message, title=title, severity="warning", timeout=8, markup=False)
        return False
