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
- `dimensions_changed`: DataTable recomputes its size at the next refresh, after the history list added its
  rows in place (widgets.screens.history.GameTable, which fills DataTable's own row maps for speed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual._context import active_message_pump
from textual.widgets._footer import FooterKey
from textual.widgets._select import SelectCurrent, SelectOverlay

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode
    from textual.notifications import Notification
    from textual.widgets import DataTable

__all__ = [
    "FooterKey",
    "SelectCurrent",
    "SelectOverlay",
    "active_message_pump",
    "dimensions_changed",
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


def dimensions_changed(table: DataTable[Any]) -> None:
    """Have `table` measure its rows again at its next refresh."""
    table._require_update_dimensions = True
