"""The Guild cap tab of the Rulings screen: one Guild card's VP as counted and as scored with Armada's cap.

The table picks a guild (type part of its English or Portuguese name in the open list, accents and case
ignored: "filo" finds the Guilda dos Filósofos) and types only the counts that guild's ScoreSpec looks at —
the boxes change with the guild, so every one of the 14 guilds works. The engine is scorer.rules.guild_cap.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Checkbox, Label, Select, Static

from scorer.catalog import Card, fold, load_catalog
from scorer.i18n import current_language, local_name, t
from scorer.rules.guild_cap import GuildCount, cap_guild, guild_counts
from widgets.compat import ListMadeWhenOpened
from widgets.dialogs.yes_no import yes_no
from widgets.in_turn import FoldingOverlay
from widgets.screens.rulings_seats import Problems, RulingPane, Settled, WholeNumber
from widgets.toggles import GlyphCheckbox

# The Armada rulebook's example (Scoring Guilds): Romeo's Philosophers' Guild, neighbours with 7 and 5 green cards.
EXAMPLE_GUILD = "philosophers_guild"
EXAMPLE_COUNTS = {("left", "green"): 7, ("right", "green"): 5}


def armada_label(armada: bool) -> str:
    return t("rulings_screen.guild.armada", answer=yes_no(armada))


def guild_label(card: Card) -> str:
    """A guild's name in the picker: "Guilda dos Filósofos" in Portuguese, as the Brazilian card prints it;
    "Philosophers' Guild / Guilda dos Filósofos" in English, where the table may be holding the Brazilian
    cards (as the card picker's labels, scorer.search.label_of; one name when both print the same word)."""
    if current_language() == "pt":
        return card.pt
    return card.en if fold(card.en) == fold(card.pt) else f"{card.en} / {card.pt}"


def effect_of(card: Card) -> str:
    return card.effect_pt if current_language() == "pt" and card.effect_pt else card.effect


class GuildSelect(ListMadeWhenOpened[str]):
    """A Select whose list is searched ignoring accents (FoldingOverlay), made when it first opens."""

    def new_list(self) -> FoldingOverlay:
        return FoldingOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)


class GuildPane(RulingPane):
    TITLE = "rulings_screen.guild.title"
    KEY = "guild"

    DEFAULT_CSS = """
    GuildPane .ruling-form { width: 42; }
    GuildPane #guild-choice { width: 1fr; }
    GuildPane #guild-choice CurrentValue { text-wrap: nowrap; text-overflow: ellipsis; }
    GuildPane .guild-count-label { width: 1fr; }
    """

    def __init__(self, *, armada: bool) -> None:
        super().__init__()
        self._armada = armada
        catalog = load_catalog()
        self.guilds = {card.id: card for card in catalog.cards if card.is_guild}
        self.counts = {card.id: guild_counts(card, catalog) for card in self.guilds.values()}
        self.rows = max(len(counts) for counts in self.counts.values())  # count boxes: the most a guild needs
        self.shown: tuple[GuildCount, ...] = ()
        self._shown_for: str | None = ""  # the guild whose boxes are shown (None: no guild; "": none shown yet)

    def compose_form(self) -> ComposeResult:
        yield GuildSelect(
            [(guild_label(card), card.id) for card in self.guilds.values()],
            prompt=t("rulings_screen.guild.prompt"),
            id="guild-choice",
            compact=True,
        )
        yield GlyphCheckbox(armada_label(self._armada), self._armada, id="guild-armada", compact=True)
        yield Static("", id="guild-effect", classes="form-hint")
        yield Static(classes="form-gap")
        for row in range(self.rows):
            with Horizontal(classes="form-row", id=f"guild-row-{row}"):
                yield Label("", id=f"guild-label-{row}", classes="guild-count-label")
                yield WholeNumber(0, 0, id=f"guild-count-{row}", classes="seat-value")

    def after_build(self) -> None:
        self.show_counts()

    def first_field(self) -> Widget:
        return self.box("#guild-choice", Select)

    @property
    def guild(self) -> Card | None:
        value = self.box("#guild-choice", Select).value
        return self.guilds.get(value) if isinstance(value, str) else None

    def count_field(self, row: int) -> WholeNumber:
        return self.box(f"#guild-count-{row}", WholeNumber)

    def show_counts(self) -> None:
        """One box per count the chosen guild needs, labelled and bounded by it; the others hidden and cleared.

        Only when the guild changes: a later Select.Changed for the same guild keeps what is typed."""
        guild = self.guild
        if self._shown_for == (guild.id if guild else None):
            return
        self._shown_for = guild.id if guild else None
        self.shown = self.counts[guild.id] if guild is not None else ()
        self.box("#guild-effect", Static).update(effect_of(guild) if guild is not None else "")
        for row in range(self.rows):
            field = self.count_field(row)
            field.value = ""
            self.box(f"#guild-row-{row}", Horizontal).display = row < len(self.shown)
            if row < len(self.shown):
                count = self.shown[row]
                self.box(f"#guild-label-{row}", Label).update(count.label)
                field.set_range(0, count.most)

    def on_select_changed(self) -> None:
        self.show_counts()
        self.recompute()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = armada_label(event.value)
        self.recompute()

    def on_input_changed(self) -> None:
        self.recompute()

    def state(self) -> tuple[object, ...]:
        return (
            self.box("#guild-choice", Select).value,
            self.box("#guild-armada", Checkbox).value,
            *(self.count_field(row).value for row in range(len(self.shown))),
        )

    def apply_example(self) -> str:
        self.box("#guild-choice", Select).value = EXAMPLE_GUILD
        self.show_counts()
        self.box("#guild-armada", Checkbox).value = True
        for row, count in enumerate(self.shown):
            self.count_field(row).value = str(EXAMPLE_COUNTS[(count.city, count.thing)])
        return t("rulings_screen.guild.caption", guild=local_name(self.guilds[EXAMPLE_GUILD]))

    def settle(self, problems: Problems) -> Settled | None:
        guild = self.guild
        if guild is None:
            problems.append(t("rulings_screen.guild.choose"))
            return None
        counts: dict[tuple[str, str], int] = {}
        for row, count in enumerate(self.shown):
            value = problems.number(self.count_field(row), count.label)
            if value is not None:
                counts[(count.city, count.thing)] = value
        if problems:
            return None
        armada = self.box("#guild-armada", Checkbox).value
        outcome = cap_guild(guild, counts, armada=armada)
        scored = t("rulings_screen.guild.with_cap") if armada else t("rulings_screen.guild.no_armada")
        rows = [(t("rulings_screen.guild.as_counted"), str(outcome.uncapped)), (scored, str(outcome.points))]
        headers = ("", t("rulings_screen.guild.vp"))
        return Settled(guild_label(guild), headers, rows, outcome.rulings, (outcome.account,))
