"""Every change a person can make to a game, as a named, typed function over the record.

Each function returns an `Edit`: what it changes, for which player, and how, applied by the game session
(`scorer.session.GameSession.apply`), which validates the whole record before keeping it, so a refused edit
changes nothing and says why. The edges (the table's screens, the phones' pages of the next issue, tests)
make exactly the same edits; none of them reads or writes the record's JSON shape itself.

One module per area of the game: `age` (what a player built and sailed in an age), `quick` (quick counts
and typed strengths), `leaders` (the recruitment phase), `end` (coins and Olympia's guild at the end),
`table` (seats, expansions and teams from setup).
"""

from scorer.edits.base import Edit, Game

__all__ = ["Edit", "Game"]
