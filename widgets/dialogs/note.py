"""NoteDialog: the table's one line about a game, typed on its sheet (a game in progress), on a saved game's
sheet or the result, and on History's list. Enter keeps what is typed (empty: no note), Escape leaves it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from scorer.edits.note import one_line
from scorer.errors import InputError
from scorer.history.errors import HistoryError
from scorer.i18n import t
from scorer.text import inert
from widgets.compat import StyledAtMount
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter

if TYPE_CHECKING:
    from scorer.history.store import HistoryStore
    from scorer.history.summary import GameSummary

NOTE_LIMIT = 120  # the record's limit (scorer/game_record.schema.json)


class NoteDialog(LocalisedBindings, StyledAtMount, ModalScreen[str | None]):
    """Dismissed with the note (one line, '' for none) on Enter, None on Escape."""

    DEFAULT_CSS = "NoteDialog { align: center middle; } NoteDialog #note { width: 76; height: auto; }"
    BINDINGS = [Binding("escape", "leave", "note.keys.leave")]

    def __init__(self, note: str | None) -> None:
        super().__init__()
        self.note = note or ""

    def compose(self) -> ComposeResult:
        with Vertical(id="note", classes="sheet-dialog"):
            yield Static(Text(t("note.question", limit=NOTE_LIMIT)))
            yield Input(self.note, placeholder=t("note.placeholder"), max_length=NOTE_LIMIT, id="note-text")
        yield SteadyFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(one_line(event.value) or "")

    def action_leave(self) -> None:
        self.dismiss(None)


def note_saved_game(screen: Screen[Any], game: GameSummary, done: Callable[[GameSummary], None]) -> None:
    """`n` on a saved game (History's list, its sheet, the result): ask for its note, store it off the UI
    thread (a whole-file write, as History's deletions are), then `done(its new summary)` on the UI thread; a
    refusal (a game in progress, a busy or read-only history) is said in a notification."""

    def typed(note: str | None) -> None:
        if note is not None and note != (game.note or ""):
            screen.run_worker(partial(_store, screen, game.id, note or None, done), thread=True, group="history-write")

    screen.app.push_screen(NoteDialog(game.note), typed)


def _store(screen: Screen[Any], game_id: str, note: str | None, done: Callable[[GameSummary], None]) -> None:
    store: HistoryStore | None = getattr(screen.app, "store", None)
    if store is None:
        return
    try:
        summary = store.annotate(game_id, note)
    except (HistoryError, InputError) as error:
        screen.app.call_from_thread(screen.notify, inert(str(error)), severity="error", timeout=10, markup=False)
        return
    screen.app.call_from_thread(_stored, screen, summary, done)


def _stored(screen: Screen[Any], summary: GameSummary, done: Callable[[GameSummary], None]) -> None:
    screen.notify(t("note.saved" if summary.note else "note.cleared"), timeout=4)
    if screen.is_attached:
        done(summary)
