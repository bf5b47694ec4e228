"""The game history: every game a group plays, kept safe, mergeable between tables, summed up in stats.

What the CLI and the TUI call (the other modules of this package are how it is done):

    path = resolve_db_path(args.db)           # --db PATH, else $WONDERS_SCORER_DB, else the per-user data folder
    store = HistoryStore.open(path)           # creates the folder and an empty history if missing
    store.save_draft(record)                  # after every step of a game in progress (replaces by record.id)
    store.drafts()                            # games in progress, newest first: [GameSummary]
    store.load(game_id)                       # -> GameRecord, to resume a draft or show a finished game
    store.discard(game_id)                    # throw away a game in progress (a finished one is refused)
    store.finalise(record)                    # the game is over: stored finished with its sheet, one write
    store.save(record)                        # stored with the record's own status; True if it is new
    store.games() / store.games("finished")   # summaries, newest first (names, wonders, totals, winners...)
    summary_to_dict(summary)                  # a listed game's --json form
    store.resolve_id(text)                    # the full id from a unique prefix typed on the command line
    store.delete(game_id)                     # -> the GameSummary of the game removed
    import_files(store, paths)                # -> ImportReport(added, completed, skipped); all or nothing
    export_to(store, "json" | "csv", path)    # path None: standard output; returns the number of games
    history_stats(games, GameFilter(...))     # players, wonders and sides, player counts, naval per age
    player_report(games, name)                # one player: their stats, wonders, rivals, naval per age
    head_to_head(games, a, b)                 # two players over the games they shared
    stats_to_dict(stats_or_report)            # the --json form

Every operation takes the history's process lock for the moment it needs it, and first re-reads the file
if another process changed it, so several windows and commands can share one history. HistoryStore is
safe to call from worker threads (the TUI saves off the UI thread).

Errors, each with a message fit to print as it is:
    HistoryRefused — HistoryUnreadable (empty, cut short, damaged, not a history file) or HistoryTooNew
        (written by a newer version). The file is left untouched; `.fresh_path` names a new file beside it
        that the caller may offer: opening that path creates it. The CLI exits with code 3.
    HistoryLocked — another process kept the history busy longer than the wait (10 s by default).
    HistoryError — the base of those; also a write that failed (disk full), leaving the file as it was.
    InputError (scorer.errors) — a bad import file or game (the field names the file and the game), an id
        that matches no game or several (GameNotFound), discarding a finished game.
"""

from scorer.history.errors import (
    GameNotFound,
    HistoryError,
    HistoryLocked,
    HistoryRefused,
    HistoryTooNew,
    HistoryUnreadable,
)
from scorer.history.export import FORMATS, export_to
from scorer.history.importing import import_files, with_stable_id
from scorer.history.location import resolve_db_path
from scorer.history.stats import (
    GameFilter,
    HistoryStats,
    PlayerReport,
    head_to_head,
    history_stats,
    player_report,
    stats_to_dict,
)
from scorer.history.store import HistoryStore, ImportReport
from scorer.history.summary import GameSummary, SeatSummary, summary_to_dict

__all__ = [
    "FORMATS", "GameFilter", "GameNotFound", "GameSummary", "HistoryError", "HistoryLocked", "HistoryRefused",
    "HistoryStats", "HistoryStore", "HistoryTooNew", "HistoryUnreadable", "ImportReport", "PlayerReport",
    "SeatSummary", "export_to", "head_to_head", "history_stats", "import_files", "player_report",
    "resolve_db_path", "stats_to_dict", "summary_to_dict", "with_stable_id",
]
