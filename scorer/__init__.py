"""Headless core of the Wonders table scorer: rules engine, game record, history and CLI.

Nothing in this package imports Textual, so the rules can be used and tested without a terminal UI.
"""

__version__ = "0.1.0"
