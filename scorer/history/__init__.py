"""The game history: every game a group plays, kept safe, mergeable between tables, summed up in stats.

What the CLI and the TUI call (the other modules of this package are how it is done):

    path = resolve_db_path(args.db)           # --db PATH, else $WONDERS_SCORER_DB, else Settings, else per-user data
    locate_history(args.db)                   # -> HistoryLocation(path, source): which of those chose it
    store = HistoryStore.open(path)           # creates the folder and an empty history if missing
    store.save_draft(record)                  # after every step of a game in progress (replaces its own draft)
    store.drafts()                            # games in progress, newest first: [GameSummary]
    store.load(game_id)                       # -> GameRecord, to resume a draft or show a finished game
    store.discard(game_id)                    # throw away a game in progress (a finished one is refused)
    store.finalise(record)                    # the game is over: stored finished with its sheet, one write
    store.save(record)                        # stored with its own status -> Merge.NEW / REPLACES_DRAFT / SAME
                                              # a finished game is never replaced: FinishedGameKept (merging.py)
    store.games() / store.games("finished")   # summaries, newest first (names, wonders, totals, winners...)
    store.count()                             # how many games are stored, without reading them
    summary_to_dict(summary)                  # a listed game's --json form
    store.resolve_id(text)                    # the full id from a unique prefix typed on the command line
    store.delete(game_id)                     # -> the GameSummary of the game removed
    import_files(store, paths)                # -> ImportReport(added, completed, skipped, kept_apart, repeated)
    export_to(store, "json" | "csv", path)    # path None: standard output; returns the number of games
    export_to(store, fmt, path, game_ids=ids) # only those games (what a filtered list shows)
    repair(damaged_path, new_path)            # (scorer.history.repair) -> RepairReport: the sound games copied
    history_stats(games, GameFilter(...))     # players, wonders and sides, player counts, naval per age
    player_report(games, name)                # one player: their stats, wonders, rivals, naval per age
    head_to_head(games, a, b)                 # two players over the games they shared
    stats_to_dict(stats_or_report)            # the --json form
    rate_games(games, GameFilter(...))        # -> Ratings: each player's openskill rating, its games, the ones
                                              # that moved it most; ratings_to_dict(ratings) its --json form

Every operation takes the history's process lock for the moment it needs it, and first re-reads the file
if another process changed it, so several windows and commands can share one history. HistoryStore is
safe to call from worker threads (the TUI saves off the UI thread).

Errors, each with a message fit to print as it is:
    HistoryRefused — HistoryUnreadable (empty, cut short, damaged, not a history file) or HistoryTooNew
        (written by a newer version). The file is left untouched; `.fresh_path` names a new file beside it
        that the caller may offer: opening that path creates it. The CLI exits with code 3.
        HistoryDamaged, a HistoryUnreadable, is a file that fails its checksums: `.survey` says which games
        still hold and `.repaired_path` where repair() could copy them. When only summaries fail, the store
        opens anyway (`store.damage` is that error: readers get them scored again from their games) and
        raises it on every write instead.
    HistoryLocked — another process kept the history busy longer than the wait (10 s by default).
    HistoryReadOnly — a write to a history whose file or folder has no write permission (checked from the
        permission bits too, so root is refused as well); reading works, without the lock. The CLI exits 3.
    HistoryNotAFile — the path names a folder, a device, a pipe or a link that loops: refused before anything
        is read (a link to a file is followed, and the history written where it points). The CLI exits 2.
    HistoryError — the base of those; also a write that failed (disk full), leaving the file as it was.
    InputError (scorer.errors) — a bad import file or game (the field names the file and the game), an id
        that matches no game or several (GameNotFound), discarding a finished game, a record that would
        replace a finished game (FinishedGameKept, scorer.history.errors: a draft, or a different game), a
        write of a game another process shares with phones (GameShared, sharing.py: that process alone writes it).
"""

from importlib import import_module
from typing import Any

# Loaded on first use: the table app needs only the store at start-up, not export, import or stats,
# and every millisecond before the first screen counts (benchmarks/startup.py).
_WHERE = {
    "GameNotFound": "errors",
    "GameShared": "errors",
    "HistoryNotAFile": "errors",
    "HistoryError": "errors",
    "HistoryLocked": "errors",
    "HistoryReadOnly": "errors",
    "HistoryRefused": "errors",
    "HistoryDamaged": "errors",
    "HistoryTooNew": "errors",
    "HistoryUnreadable": "errors",
    "FORMATS": "export",
    "export_to": "export",
    "import_files": "importing",
    "with_stable_id": "importing",
    "HistoryLocation": "location",
    "locate_history": "location",
    "resolve_db_path": "location",
    "Ratings": "ratings",
    "rate_games": "ratings",
    "ratings_to_dict": "ratings",
    "GameFilter": "stats",
    "HistoryStats": "stats",
    "PlayerReport": "stats",
    "head_to_head": "stats",
    "history_stats": "stats",
    "player_report": "stats",
    "stats_to_dict": "stats",
    "HistoryStore": "store",
    "ImportReport": "store",
    "GameSummary": "summary",
    "SeatSummary": "summary",
    "summary_to_dict": "summary",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'scorer.history' has no attribute {name!r}")
    value = getattr(import_module(f"scorer.history.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "FORMATS",
    "GameFilter",
    "GameNotFound",
    "GameShared",
    "GameSummary",
    "HistoryDamaged",
    "HistoryError",
    "HistoryLocation",
    "HistoryLocked",
    "HistoryNotAFile",
    "HistoryReadOnly",
    "HistoryRefused",
    "HistoryStats",
    "HistoryStore",
    "HistoryTooNew",
    "HistoryUnreadable",
    "ImportReport",
    "PlayerReport",
    "Ratings",
    "SeatSummary",
    "export_to",
    "head_to_head",
    "history_stats",
    "import_files",
    "locate_history",
    "player_report",
    "rate_games",
    "ratings_to_dict",
    "resolve_db_path",
    "stats_to_dict",
    "summary_to_dict",
    "with_stable_id",
]
