"""Home: resume the unfinished game (offered first when there is one), start a new game, settle a ruling,
look back at past games and their stats, change settings, or quit.

Its words are read when it is built, and again when the table comes back to it in another language (Settings
opened over home switched it)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from scorer.errors import InputError
from scorer.history import GameShared, GameSummary
from scorer.i18n import current_language, t
from widgets.compat import StyledAtMount
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter
from widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from widgets.app import WondersApp


def describe(summary: GameSummary) -> str:
    """'Ann, Bob, Cid · Age II · saved 2026-11-27 21:40' — enough to recognise last night's game."""
    from scorer.ruling import age_name  # the rulings' words: loaded when a draft is shown, not for an empty home

    where = age_name(summary.ages) if summary.ages else t("home.setup")
    saved = datetime.fromisoformat(summary.saved_at).astimezone()  # local time
    return t("home.draft", players=", ".join(summary.names), where=where, saved=saved.strftime(t("home.saved_format")))


MENU = (
    ("n", "new"),
    ("u", "rulings"),
    ("h", "history"),
    ("s", "stats"),
    ("o", "settings"),
    ("d", "dockyard"),
    ("q", "quit"),
)  # key, choice (its words: home.menu.<choice>)
TOOLS = ("rulings", "history", "stats", "settings")


class HomeScreen(LocalisedBindings, StyledAtMount, Screen[None]):
    DEFAULT_CSS = """
    HomeScreen {
        #tagline { padding: 1 2; color: $text-muted; }
        #menu { margin: 0 2; height: auto; max-height: 16; }
    }
    """
    BINDINGS = [
        Binding("r", "resume", "home.keys.resume"),
        Binding("n", "new_game", "home.keys.new_game"),
        Binding("u", "app.open_tool('rulings')", "home.keys.rulings"),
        Binding("h", "app.open_tool('history')", "home.keys.history"),
        Binding("s", "app.open_tool('stats')", "home.keys.stats"),
        Binding("o", "app.open_tool('settings')", "home.keys.settings"),
        Binding("d", "dockyard", "home.keys.dockyard", show=False),
        Binding("q", "app.quit", "home.keys.quit"),
    ]

    @property
    def wonders(self) -> WondersApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(t("home.tagline"), id="tagline")
        yield OptionList(id="menu")
        # its keys are the same when mounted and when the menu takes the focus; ctrl+p still opens the palette,
        # whose Footer entry would cut the last key (q) at 80 columns in Portuguese
        yield SteadyFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        store = self.wonders.store
        self.drafts = store.drafts() if store is not None else []  # read once: the footer asks often
        self.fill_menu()
        self.query_one("#menu", OptionList).focus()

    def on_screen_resume(self) -> None:
        if self.language != current_language():  # Settings, opened over home, switched the language
            self.query_one("#tagline", Static).update(t("home.tagline"))
            self.fill_menu()

    def fill_menu(self) -> None:
        """The drafts to resume, then what else the table can do, in the current language."""
        self.language = current_language()
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted or 0
        menu.clear_options()
        for i, summary in enumerate(self.drafts):
            key = "r" if i == 0 else " "  # r resumes the newest; older drafts are chosen with the arrows
            menu.add_option(
                Option(
                    Text.assemble((key, "bold"), f"  {t('home.resume')}  ", describe(summary)),
                    id=f"resume:{summary.id}",
                )
            )
        for key, choice in MENU:
            menu.add_option(Option(Text.assemble((key, "bold"), "  ", t(f"home.menu.{choice}")), id=choice))
        menu.highlighted = highlighted

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return bool(getattr(self, "drafts", None))
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("resume:"):
            self._resume(choice.removeprefix("resume:"))
        elif choice == "new":
            self.action_new_game()
        elif choice == "dockyard":
            self.action_dockyard()
        elif choice in TOOLS:
            self.wonders.action_open_tool(choice)
        elif choice == "quit":
            self.app.action_quit()  # type: ignore[unused-coroutine]

    def action_resume(self) -> None:
        if self.drafts:
            self._resume(self.drafts[0].id)

    def action_new_game(self) -> None:
        from widgets.screens.setup import SetupScreen

        self.wonders.show(SetupScreen())

    def action_dockyard(self) -> None:
        from widgets.screens.calibration import open_calibration

        open_calibration(self.app)

    def _resume(self, game_id: str) -> None:
        store = self.wonders.store
        assert store is not None
        if store.shared_elsewhere(game_id):  # its host alone writes it: a second writer would lose phone edits
            self.notify(
                str(GameShared(game_id)), title=t("home.shared_title"), severity="error", timeout=20, markup=False
            )
            return
        try:
            self.wonders.start_game(store.load(game_id), store.memory(game_id))
        except InputError as error:  # a draft an older version kept that today's checks refuse (coins past 999)
            self.notify(
                t("home.resume_refused", error=error),
                title=t("home.resume_refused_title"),
                severity="error",
                timeout=20,
                markup=False,
            )
