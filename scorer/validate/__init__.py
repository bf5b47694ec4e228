"""Checks a game record where it enters (file, CLI, TUI): the JSON Schema first, then the game's own rules.

Inside the core, a validated record is trusted; every problem found here is an InputError naming the
field, the value and what is allowed, and nothing is half-applied. The error's `field` is the record's
JSON path (what a person editing a file searches for, the same in every language); its `label` and
`allowed` are words in the interface's language, with names of game pieces as the table's cards print them.

Three jobs, a module each: names (every player name in its kept form), schema (the record's shape and its
words), rules (the game's own rules); load_record runs them in that order.
"""

from __future__ import annotations

from typing import Any

from scorer.catalog import Catalog, load_catalog
from scorer.model import GameRecord
from scorer.validate.names import names_kept
from scorer.validate.rules import check_record, check_teams
from scorer.validate.schema import calendar_day, check_ages_once, check_free_text, record_schema, schema_errors
from scorer.validate.words import age_words, either

__all__ = ["age_words", "calendar_day", "check_record", "check_teams", "either", "load_record", "record_schema"]


def load_record(data: Any, catalog: Catalog | None = None) -> GameRecord:
    """Validate `data` (a parsed JSON document) and return the GameRecord it describes."""
    data = names_kept(data)
    schema_errors(data)
    check_free_text(data)
    check_ages_once(data)
    record = GameRecord.from_dict(data)
    check_record(record, catalog or load_catalog())
    return record
