"""Every private part of Textual the table app relies on, in one place: a Textual upgrade is this file and
tests/tui/test_compat.py, where each hook has a test that goes red when Textual changes it.

Textual has no public way to do these, and each one earns its place:
- `active_message_pump`: the pump handling the current message (widgets.key_order waits for the keys
  typed before a priority binding to be handled, and must not wait on itself).
- `styled_node`: an unseen node under a widget, styled by the stylesheet as a widget there would be, as Textual
  styles a widget's component classes (attached with DOMNode's private `_attach`). SteadyFooter, TitleBar and
  CurrentValue draw the parts of Textual's Footer, Header and SelectCurrent with the styles such nodes get (the
  footer two levels deep: a key, and its key and words within it, where component classes are one level).
- `SelectCurrent`, `SelectOverlay`: the parts of a Select, which the table's own dropdowns compose so that
  their list never takes the focus (widgets.in_turn, the Rulings guild menu).
- `notifications` / `withdraw`: the toasts on show, and taking one back (what a toast's own click calls):
  a refusal replaced by the next one, an explanation that would hide the line the table reads.
- `is_registered`: whether a node is mounted in the app (App._registry), so a class set while a widget is
  built is not styled twice (WondersApp.update_styles).
- `add_rows_at_once`: many rows into a DataTable in one go, each row's cells a mapping worded only when drawn
  (the history list of ten thousand games: add_row words every cell up front and moves the cursor after each
  row, 2 s). It fills DataTable's own row maps (_row_locations, _data, rows, _new_rows) and its caches.
- `ListMadeWhenOpened`: a Select whose open list is made the first time it opens, not with the Select.
  Select composes its list (an OptionList) up front and Textual's Select reaches it in three private places:
  filling it with the options (`_setup_options_renderables`), highlighting the value chosen (`_watch_value`)
  and showing it (`_watch_expanded`). Setup has 25 dropdowns and most are never opened: their lists were a
  quarter of building the screen (150 ms of CPU), and the recruitment screen has one a seat. Its current
  value is made showing the value it starts with (Select's `_value`, `_allow_blank`), not given it once
  mounted, which restyled it.
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
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.widgets import Select
from textual.widgets._select import SelectCurrent, SelectOverlay, SelectType

if TYPE_CHECKING:
    from textual import events
    from textual.app import App, ComposeResult
    from textual.notifications import Notification
    from textual.widgets import DataTable
    from textual.widgets._select import NoSelection


__all__ = [
    "ListMadeWhenOpened",
    "SelectCurrent",
    "SelectOverlay",
    "StyledAtMount",
    "active_message_pump",
    "add_rows_at_once",
    "is_registered",
    "notifications",
    "styled_node",
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


def styled_node(parent: DOMNode, classes: str) -> DOMNode:
    """A node under `parent` with `classes`, never mounted nor drawn, styled by the app's stylesheet: its
    `styles` and `rich_style` are those of a widget with these classes there (its colours over the
    backgrounds it is in)."""
    node = DOMNode(classes=classes)
    node._attach(parent)
    parent.app.stylesheet.apply(node, animate=False)
    return node


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


class ListMadeWhenOpened(Select[SelectType]):
    """A Select composed of its current value only; its list is made by `made_list` the first time it is
    wanted (opened, or asked for), then filled and kept as Select keeps its own."""

    def compose(self) -> ComposeResult:
        # Made showing a value when it starts with one (given, or the first option where it cannot be blank):
        # Select gives it once mounted, and the current value's -has-value class then restyled it and its
        # three parts against the whole stylesheet (every side and mode box, each time setup is built).
        from widgets.current_value import CurrentValue  # drawn by itself; it takes its parts from this module

        current = CurrentValue(self.prompt)
        valued = self._value != Select.NULL or not self._allow_blank
        current.set_reactive(SelectCurrent.has_value, valued)
        current.set_class(valued, "-has-value", update=False)
        yield current

    def new_list(self) -> SelectOverlay:
        """The list to mount, empty (Select fills it): the subclass's own kind of list."""
        return SelectOverlay(type_to_search=self._type_to_search)

    def made_list(self) -> SelectOverlay:
        """The open list, made and filled with the options the first time it is asked for."""
        made = self.query_children(SelectOverlay)
        if made:
            return made.first()
        pump = active_message_pump.set(self)  # as in compose: what the list binds to (data_bind) is this Select's
        try:
            listed = self.new_list()
        finally:
            active_message_pump.reset(pump)
        self.mount(listed)  # registered at once: Select's own parts find it from now on
        super()._setup_options_renderables()
        return listed

    def _has_list(self) -> bool:
        return bool(self.query_children(SelectOverlay))

    def _setup_options_renderables(self) -> None:
        if self._has_list():  # else the list is filled when it is made
            super()._setup_options_renderables()

    def _watch_value(self, value: SelectType | NoSelection) -> None:
        if self._has_list():
            super()._watch_value(value)
            return
        # Select's, without a list to highlight the value in (Select highlights it as the list opens)
        self._value = value
        try:
            current = self.query_one(SelectCurrent)
        except NoMatches:
            return
        if value == Select.NULL:
            current.update(Select.NULL)
        else:
            current.update(next(prompt for prompt, option in self._options if option == value))
        self.post_message(self.Changed(self, value))

    def _watch_expanded(self, expanded: bool) -> None:
        if expanded:
            self.made_list()
        super()._watch_expanded(expanded)
