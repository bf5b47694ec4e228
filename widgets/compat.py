"""Every private part of Textual the table app relies on, in one place: a Textual upgrade is this file and
tests/tui/test_compat.py, where each hook has a test that goes red when Textual changes it.

Textual has no public way to do these, and each one earns its place:
- `active_message_pump`: the pump handling the current message (widgets.key_order waits for the keys
  typed before a priority binding to be handled, and must not wait on itself).
- `FooterKey`: the Footer's key widget, which SteadyFooter keeps instead of remounting on every focus change.
- `SelectCurrent`, `SelectOverlay`: the parts of a Select, which the table's own dropdowns compose so that
  their list never takes the focus (widgets.in_turn, the Rulings guild menu).
- `notifications` / `withdraw`: the toasts on show, and taking one back (what a toast's own click calls):
  a refusal replaced by the next one, an explanation that would hide the line the table reads.
- `is_registered`: whether a node is mounted in the app (App._registry), so a class set while a widget is
  built is not styled twice (WondersApp.update_styles).
- `add_rows_at_once`: many rows into a DataTable in one go, each row's cells a mapping worded only when drawn
  (the history list of ten thousand games: add_row words every cell up front and moves the cursor after each
  row, 2 s). It fills DataTable's own row maps (_row_locations, _data, rows, _new_rows) and its caches.
- `StyledAtMount`: a new screen is not styled a second time when it is first shown. Textual restyles the
  whole screen on every ScreenResume it sends at a push, and a screen pushed for the first time has just been
  styled, node by node, as it mounted: the age screen of 7 seats styled twice before the table could type,
  about a tenth of the TUI tests' CPU. It relies on Textual calling each class's own handler along the MRO,
  the mixin's before Screen's, so it can clear the event's `refresh_styles` first. Later resumes (a screen
  shown again after another) restyle as Textual does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from textual._context import active_message_pump
from textual.widgets._footer import FooterKey
from textual.widgets._select import SelectCurrent, SelectOverlay

if TYPE_CHECKING:
    from textual import events
    from textual.app import App
    from textual.dom import DOMNode
    from textual.notifications import Notification
    from textual.widgets import DataTable


__all__ = [
    "FooterKey",
    "SelectCurrent",
    "SelectOverlay",
    "StyledAtMount",
    "active_message_pump",
    "add_rows_at_once",
    "is_registered",
    "notifications",
    "withdraw",
]


def notifications(app: App[Any]) -> list[Notification]:
    """The toasts the app shows now, oldest first."""
    return list(app._notifications)


def withdraw(app: App[Any], notification: Notification) -> None:
    """Take `notification` back off the screen (a no-op once it has gone)."""
    app._unnotify(notification)


def is_registered(app: App[Any], node: DOMNode) -> bool:
    """Whether `node` is mounted in `app`."""
    return node in app._registry


def add_rows_at_once(table: DataTable[Any], rows: Iterable[Mapping[Any, Any]]) -> None:
    """Append `rows` (each a mapping of column key to cell) as add_row would, in one go: the maps add_row
    fills, then once what add_row does after each. The rows' order and line offsets, which DataTable caches
    per update count, are counted after the rows are in, so they are listed once (not once for the cursor
    and again for the size), and into an empty table they are the rows as added. Every row is one line, and
    a table whose columns all have fixed widths has nothing to measure."""
    from textual.widgets.data_table import Row, RowKey

    first = table.row_count
    added: list[Row] = []
    for index, cells in enumerate(rows, start=first):
        key = RowKey()
        table._row_locations[key] = index
        table._data[key] = cells  # type: ignore[assignment]
        table.rows[key] = row = Row(key, 1)
        added.append(row)
    if not added:
        return
    if any(column.auto_width for column in table.columns.values()):  # else nothing to measure
        table._new_rows.update(row.key for row in added)
    table._require_update_dimensions = True
    table._update_count += 1
    if first == 0:
        table._ordered_row_cache[(table.row_count, table._update_count)] = added
    table.cursor_coordinate = table.cursor_coordinate
    if first == 0 and table.columns and table.show_cursor and table.cursor_type != "none":
        table._highlight_cursor()
    table.check_idle()


class StyledAtMount:
    """Mix into a screen before the Screen class: its first ScreenResume, right after it mounted (and was
    styled as it did), does not restyle the whole screen again (see the module's docstring)."""

    _styled_at_mount = True  # until the first resume

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if self._styled_at_mount:
            self._styled_at_mount = False
            event.refresh_styles = False
