"""The history list's file dialogs: export games to a file, import another table's file.

Each path is checked as it is typed (the folder must exist, a folder is not a file; the history's own files,
links, pipes and devices are never a target: scorer.history.target) and the reason is shown under the field;
Enter goes ahead only with a valid path, and an existing file is replaced only after asking. The work itself
is `scorer.history`'s (export_to and import_files, both all or nothing) and runs off the UI thread; a refused
file keeps the dialog open with the whole message, so the table can pick another file or Escape.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import partial
from pathlib import Path
from typing import TypeVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.validation import ValidationResult, Validator
from textual.widgets import Input, Label, RadioSet, Static
from textual.worker import Worker, WorkerState

from scorer.errors import InputError
from scorer.history.errors import HistoryError
from scorer.history.store import HistoryStore, ImportReport
from scorer.history.target import refusal
from scorer.i18n import t, tn, whole
from scorer.text import inert
from widgets.compat import StyledAtMount
from widgets.dialogs.confirm import ConfirmDialog
from widgets.localised import LocalisedBindings
from widgets.steady_footer import SteadyFooter
from widgets.toggles import GlyphRadioButton

# The export dialog's choices, in order; their words: history_screen.export.<format>
FORMATS = ("json", "csv", "bgstats")
EXTENSIONS = {"json": "json", "csv": "csv", "bgstats": "bgsplay"}  # a file's extension for each format
DEFAULT_NAME = "wonders-history-{day}.{fmt}"


def typed_path(text: str) -> Path:
    """The path typed, with ~ expanded; a relative path is taken from the folder the app was started in."""
    return Path(text.strip()).expanduser().absolute()


def default_export_path(today: date, fmt: str) -> str:
    """'~/wonders-history-2026-11-27.json': in the home folder, named for the day, as the field shows it."""
    return f"~/{DEFAULT_NAME.format(day=today.isoformat(), fmt=EXTENSIONS[fmt])}"


class ExportTarget(Validator):
    """A file that can be written: its folder exists, it is not a folder, and the core's export check
    (scorer.history.target) allows it: not the history, its lock or its backups, nor a link, a pipe or a
    device. An existing regular file passes; the dialog asks before replacing it."""

    def __init__(self, history: Path | None, example: str) -> None:
        super().__init__()
        self.history = history.absolute() if history is not None else None
        self.example = example

    def validate(self, value: str) -> ValidationResult:
        if not value.strip():
            return self.failure(t("history_screen.path.empty", example=self.example))
        path = typed_path(value)
        if path.is_dir():
            example = f"{value.strip().rstrip('/')}/{Path(self.example).name}"
            return self.failure(t("history_screen.path.is_folder", path=value.strip(), example=example))
        if not path.parent.is_dir():
            return self.failure(t("history_screen.path.no_folder", folder=path.parent))
        if self.history is not None and (reason := refusal(path, self.history, replace=True)) is not None:
            why = t(f"history.target.{reason}")
            return self.failure(t("history_screen.path.refused", path=value.strip(), reason=why))
        return self.success()


class ImportSource(Validator):
    """A file that exists (what it holds is checked by import_files)."""

    def validate(self, value: str) -> ValidationResult:
        if not value.strip():
            return self.failure(t("history_screen.path.empty", example=t("history_screen.import.example")))
        path = typed_path(value)
        if not path.exists():
            return self.failure(t("history_screen.path.no_file", path=value.strip()))
        if not path.is_file():
            return self.failure(t("history_screen.path.not_a_file", path=value.strip()))
        return self.success()


@dataclass(frozen=True, slots=True)
class Exported:
    """What an export wrote, for the list's message."""

    games: int
    path: Path
    fmt: str


Result = TypeVar("Result")


class PathDialog(LocalisedBindings, StyledAtMount, ModalScreen[Result | None]):
    """A titled dialog around a validated path field and a line for its problem; `proceed` does the work
    (off the UI thread) once the path is valid. Escape cancels, except while the work runs."""

    DEFAULT_CSS = """
    PathDialog { align: center middle; }
    PathDialog > Vertical {
        width: 78; max-width: 100%; height: auto; border: round $accent; background: $surface; padding: 0 1;
    }
    PathDialog .dialog-title { text-style: bold; margin-bottom: 1; }
    PathDialog .dialog-row { height: auto; margin-bottom: 1; }
    PathDialog .dialog-label { width: 8; color: $text-muted; }
    PathDialog RadioSet { width: 1fr; }
    PathDialog Input { width: 1fr; }
    PathDialog .dialog-problem { height: auto; color: $error; }
    """

    BINDINGS = [Binding("escape", "cancel", "history_screen.keys.cancel")]

    busy = False

    @property
    def store(self) -> HistoryStore:
        store = getattr(self.app, "store", None)
        assert store is not None, "the history list is shown only while the history is open"
        return store

    @property
    def path_input(self) -> Input:
        return self.query_one("#dialog-path", Input)

    def say(self, text: str) -> None:
        """The problem line; inert, since a refusal quotes the path typed or a value of the file."""
        self.query_one(".dialog-problem", Static).update(Text(inert(text)))

    @on(Input.Changed, "#dialog-path")
    def _path_changed(self, event: Input.Changed) -> None:
        result = event.validation_result
        self.say("" if result is None or result.is_valid else result.failure_descriptions[0])

    @on(Input.Submitted, "#dialog-path")
    def _path_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_go()

    def valid_path(self) -> Path | None:
        """The typed path if it passes the field's check; otherwise None, the reason shown."""
        field = self.path_input
        result = field.validate(field.value)
        if result is not None and not result.is_valid:
            self.say(result.failure_descriptions[0])
            field.focus()
            return None
        return typed_path(field.value)

    def action_go(self) -> None:
        if self.busy:
            return
        path = self.valid_path()
        if path is not None:
            self.proceed(path)

    def proceed(self, path: Path) -> None:
        """Do the dialog's work with a valid path (each dialog says what)."""
        raise NotImplementedError

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The work's result closes the dialog once its worker has ended. Dismissed from inside the worker, the
        dialog was removed (and its worker cancelled with it) while the worker was still returning, so a
        finished import or export could be reported as cancelled."""
        if event.state == WorkerState.SUCCESS and event.worker.result is not None:
            self.dismiss(event.worker.result)

    def start(self, message: str) -> None:
        self.busy = True
        self.say(message)

    def failed(self, message: str) -> None:
        """The work was refused: say why, and let the table try again or leave."""
        self.busy = False
        self.say(message)

    def action_cancel(self) -> None:
        if not self.busy:
            self.dismiss(None)


class ExportDialog(PathDialog[Exported]):
    """Export the games shown (filtered) or all of them, as JSON, CSV or BG Stats plays; dismissed with an
    Exported, or None."""

    BINDINGS = [Binding("ctrl+s", "go", "history_screen.keys.export")]

    def __init__(self, shown: list[str], stored: int, filter_text: str) -> None:
        super().__init__()
        self.shown, self.stored, self.filter_text = shown, stored, filter_text
        self.filtered = len(shown) != stored

    @property
    def today(self) -> date:
        return getattr(self.app, "today", None) or date.today()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t("history_screen.export.title"), classes="dialog-title")
            with Horizontal(classes="dialog-row"):
                yield Label(t("history_screen.export.format"), classes="dialog-label")
                with RadioSet(id="export-format", compact=True):
                    for i, fmt in enumerate(FORMATS):
                        yield GlyphRadioButton(t(f"history_screen.export.{fmt}"), value=i == 0)
            with Horizontal(classes="dialog-row", id="export-scope-row"):
                yield Label(t("history_screen.export.games"), classes="dialog-label")
                with RadioSet(id="export-scope", compact=True):
                    shown = len(self.shown)
                    yield GlyphRadioButton(
                        tn("history_screen.export.shown", shown, number=whole(shown), filter=self.filter_text),
                        value=True,
                    )
                    yield GlyphRadioButton(tn("history_screen.export.stored", self.stored, number=whole(self.stored)))
            with Horizontal(classes="dialog-row"):
                yield Label(t("history_screen.export.file"), classes="dialog-label")
                example = default_export_path(self.today, "json")
                history = getattr(self.app, "db_path", None)
                yield Input(example, id="dialog-path", validators=[ExportTarget(history, example)], compact=True)
            yield Static("", classes="dialog-problem")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.query_one("#export-scope-row").display = self.filtered
        self.query_one("#export-format", RadioSet).focus()

    @property
    def fmt(self) -> str:
        return FORMATS[max(self.query_one("#export-format", RadioSet).pressed_index, 0)]

    @on(RadioSet.Changed, "#export-format")
    def _format_changed(self, event: RadioSet.Changed) -> None:
        """A path still ending in the other format's extension follows the choice."""
        field = self.path_input
        stem, dot, extension = field.value.rpartition(".")
        wanted = EXTENSIONS[self.fmt]
        if dot and extension.lower() in EXTENSIONS.values() and extension.lower() != wanted:
            field.value = f"{stem}.{wanted}"

    def _replace_or_not(self, path: Path, yes: bool | None) -> None:
        if yes:
            self._export(path)
        else:
            self.path_input.focus()

    def proceed(self, path: Path) -> None:
        if path.exists():
            self.app.push_screen(
                ConfirmDialog(
                    t("history_screen.export.replace", path=path),
                    t("history_screen.export.replace_yes"),
                    t("history_screen.export.replace_no"),
                ),
                partial(self._replace_or_not, path),
            )
        else:
            self._export(path)

    def _export(self, path: Path) -> None:
        everything = not self.filtered or self.query_one("#export-scope", RadioSet).pressed_index == 1
        self.start(t("history_screen.export.working"))
        self._write(path, self.fmt, None if everything else frozenset(self.shown))

    @work(thread=True, exclusive=True, group="history-file")
    def _write(self, path: Path, fmt: str, game_ids: frozenset[str] | None) -> Exported | None:
        from scorer.history.export import export_to

        try:
            count = export_to(self.store, fmt, path, game_ids=game_ids, replace=True)  # asked before, if it exists
        except (HistoryError, OSError, InputError) as error:
            self.app.call_from_thread(self.failed, t("history_screen.export.failed", error=error))
            return None
        return Exported(count, path, fmt)


class ImportDialog(PathDialog[ImportReport]):
    """Merge a game record or export bundle into the history; dismissed with the ImportReport, or None."""

    BINDINGS = [Binding("ctrl+s", "go", "history_screen.keys.import")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t("history_screen.import.title"), classes="dialog-title")
            with Horizontal(classes="dialog-row"):
                yield Label(t("history_screen.import.file"), classes="dialog-label")
                yield Input(
                    placeholder=t("history_screen.import.example"),
                    id="dialog-path",
                    validators=[ImportSource()],
                    compact=True,
                    valid_empty=False,
                )
            yield Static("", classes="dialog-problem")
        yield SteadyFooter()

    def on_mount(self) -> None:
        self.path_input.focus()

    def proceed(self, path: Path) -> None:
        self.start(t("history_screen.import.working"))
        self._read(path)

    @work(thread=True, exclusive=True, group="history-file")
    def _read(self, path: Path) -> ImportReport | None:
        from scorer.history.importing import import_files

        try:
            report = import_files(self.store, [path])
        except (InputError, HistoryError) as error:
            self.app.call_from_thread(self.failed, t("history_screen.import.failed", error=error))
            return None
        return report
