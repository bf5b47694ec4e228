"""Free moves: the ships an island moves for free when it enters a player's city (Armada).

The rulebook (Armada, "Descrição das cartas de ilha"): "ILHA DO TOPÁZIO - ILHA ÂMBAR: Essas cartas de ilha
permitem que o jogador mova o Navio da cor indicada gratuitamente um espaço para cima em seu tabuleiro de
Estaleiro. PORTO ESPUMANTE: ... mova dois Navios diferentes gratuitamente um espaço para cima cada ...
ARQUIPÉLAGO TEMPESTUOSO: ... mova três Navios diferentes ...", and "Quando um Navio atingir o último espaço de
sua linha no tabuleiro de Estaleiro, não é mais possível melhorar a frota correspondente."

The player moves the ship on their own board when the island arrives, and the record keeps where each ship
stands at the end of the age as the table reads it off that board: the move is already in the position
typed, so the app never adds it (that would count it twice). What the record cannot hold is a move
forgotten in the typing, so an age whose positions cannot account for the islands' moves is only ever asked
about (the age screen beside the islands, its ctrl+n), never refused: the island "allows" the move.

What the positions can account for: a ship at the end of its line when the age began cannot move and takes
no island's move; one at the end when the age ended may have reached it before the island came, so it is
never asked about; any other fleet accounts for as many moves as the spaces it went up this age (a Naval
Construction or a blue card may have moved it too: the positions cannot tell, so they are read generously).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations, product

from scorer.catalog import FLEETS, Catalog, Island
from scorer.model import GameRecord


@dataclass(frozen=True, slots=True)
class IslandMoves:
    """The free ship moves of the islands a player took in an age, against what their Dockyard shows."""

    player: str
    islands: tuple[Island, ...]  # taken this age, each moving ships for free
    due: int  # the moves those islands give that the ships could take (none for a ship already at the end)
    shown: int  # how many of them the ships' positions at the end of the age account for

    @property
    def missing(self) -> int:
        """Moves the positions cannot account for: each a ship the table may have forgotten to move."""
        return self.due - self.shown


def island_free_moves(record: GameRecord, catalog: Catalog, age: int, name: str) -> IslandMoves:
    """`name`'s islands of `age` that move ships, and how many of their moves the Dockyard shows (see the module)."""
    before = _positions(record, age - 1, name)
    after = _positions(record, age, name)
    last = catalog.dockyard.last
    islands = tuple(
        island
        for island in (catalog.island(taken) for taken in record.entry(age, name).islands)
        if island is not None and island.ship_moves is not None
    )
    # Each island's moves: `count` on its one fleet, or one each on `count` different fleets (fewer if fewer
    # can still move), and every way the player could have placed them.
    choices = []
    for island in islands:
        moves = island.ship_moves
        assert moves is not None
        if moves.colour is not None:
            choices.append([(moves.colour,) * min(moves.count, last - before[moves.colour])])
        else:
            free = [colour for colour in FLEETS if before[colour] < last]
            choices.append(list(combinations(free, min(moves.count, len(free)))))
    # The moves each fleet's positions account for (None: any, the ship ends the age at the end of its line).
    room = {colour: None if after[colour] >= last else after[colour] - before[colour] for colour in FLEETS}
    shown = max((_accounted(room, placed) for placed in product(*choices)), default=0)
    due = sum(len(options[0]) for options in choices)
    return IslandMoves(player=name, islands=islands, due=due, shown=shown)


def _accounted(room: Mapping[str, int | None], placed: tuple[tuple[str, ...], ...]) -> int:
    """How many of the moves placed on the fleets their spaces moved can account for."""
    wanted = dict.fromkeys(FLEETS, 0)
    for colours in placed:
        for colour in colours:
            wanted[colour] += 1
    shown = 0
    for colour, count in wanted.items():
        limit = room[colour]
        shown += count if limit is None else min(count, limit)
    return shown


def _positions(record: GameRecord, age: int, name: str) -> dict[str, int]:
    """Where `name`'s ships stand at the end of `age` (0: before the game), each kept until moved again."""
    ships = dict.fromkeys(FLEETS, 0)
    for earlier in range(1, age + 1):
        typed = record.entry(earlier, name).ships
        if typed is not None:
            ships |= typed
    return ships
