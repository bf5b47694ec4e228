"""RulingDialog: the full text behind a number — how it was counted, then each rule applied with its rulebook quote.

Opened by the conflicts, coin-loss, end and Rulings screens, so it lives with the other shared dialogs.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from scorer.i18n import t
from scorer.ruling import Ruling
from widgets.compat import StyledAtMount
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter


class RulingDialog(LocalisedBindings, StyledAtMount, ModalScreen[None]):
    """How a number was counted (`lines`), then each ruling once with its rulebook quote; Escape, Enter or `w`
    closes it."""

    DEFAULT_CSS = """
    RulingDialog {
        align: center middle;
        #ruling-box {
            width: 100%; max-width: 78; height: auto; max-height: 100%;
            border: round $foreground; background: $surface; padding: 0 1;
        }
        #ruling-scroll { height: auto; max-height: 100%; }
        .ruling-summary { margin-top: 1; }
        .ruling-source { color: $text-muted; }
    }
    """

    BINDINGS = [
        Binding("escape,enter,w", "dismiss", "conflicts.keys.close"),
        Binding("up", "scroll(-1)", "conflicts.keys.scroll", show=False),
        Binding("down", "scroll(1)", "conflicts.keys.scroll", show=False),
    ]

    def __init__(self, title: str, lines: Sequence[str], rulings: Sequence[Ruling]) -> None:
        super().__init__(classes="ruling-dialog")
        self._title = title
        self._lines = lines
        self._rulings = rulings

    def compose(self) -> ComposeResult:
        with Vertical(id="ruling-box") as box:
            box.border_title = self._title
            box.border_subtitle = t("conflicts.ruling.esc_closes")
            with VerticalScroll(id="ruling-scroll"):
                for line in self._lines:
                    yield Static(Text(line), classes="ruling-line")
                seen: set[tuple[str, str]] = set()
                for item in self._rulings:
                    summary = item.summary
                    if (item.rule_id, summary) in seen:
                        continue
                    seen.add((item.rule_id, summary))
                    yield Static(Text(summary, style="bold"), classes="ruling-summary")
                    yield Static(Text(f"“{item.quote}”", style="italic"), classes="ruling-quote")
                    yield Static(Text(f"— {item.source}", style="dim"), classes="ruling-source")
        yield SteadyFooter()

    def action_scroll(self, delta: int) -> None:
        self.query_one("#ruling-scroll", VerticalScroll).scroll_relative(y=delta, animate=False)
