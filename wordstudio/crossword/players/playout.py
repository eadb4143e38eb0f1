"""Playing moves out fast, on flat cells: what simulation and the end-game solver share.

A look-ahead plays thousands of moves that never reach a :class:`~wordstudio.crossword.game.Game`:
it works on the move generator's raw moves (``(direction, line, start, word, score)``,
see :mod:`wordstudio.crossword.movegen`) and a board whose ``cells`` it changes in place.
:class:`Table` knows one game's geometry and tiles: which squares a raw move fills,
which tiles it takes from the rack, what tiles are worth at the end of the game.
:func:`best_by_equity` is the static player every simulated opponent plays: the move
with the most score plus leave value.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from wordstudio.crossword.board import Board
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.movegen import line_geometry
from wordstudio.crossword.moves import MoveFinder
from wordstudio.crossword.players.leaves import LeaveValues, leave_key
from wordstudio.crossword.position import Position
from wordstudio.crossword.tiles import BLANK

RawMove = tuple[int, int, int, bytes, int]

BLANK_FLAG = 64
EXISTING_FLAG = 128
EXISTING_CODES = bytes(range(EXISTING_FLAG, 256))
#: Spread deviation per tile still to be played: how uncertain a lead is with n tiles
#: left is about ``SPREAD_PER_TILE * sqrt(n)`` points (about 85 points for a whole game,
#: 25 for the last rack) - what turns a simulated lead into a chance of winning.
SPREAD_PER_TILE = 8.5


class Table:
    """One game's geometry and tiles, for playing raw moves on flat cells."""

    def __init__(self, config: GameConfig, finder: MoveFinder) -> None:
        self.config = config
        self.finder = finder
        self.geometry = [line_geometry(config.rows, config.columns, d) for d in range(4)]
        tiles = config.tiles
        self.names = list(tiles.alphabet)
        self.value_of = dict(zip(tiles.alphabet, tiles.scores, strict=True))
        self.value_of[BLANK] = tiles.blank_score
        end = config.end
        #: How many times the opponent's tiles count for the player who goes out
        #: (deducted from him, added to the player): 0, 1 or 2.
        self.out_factor = int(end.deduct_unplayed) + int(end.going_out_bonus)
        self.deducts = end.deduct_unplayed
        #: Leave values once the bag is empty: a tile kept costs its value.
        self.stranded = TileCost(self)
        self._played: dict[bytes, tuple[str, ...]] = {}
        #: By rack and leave values (two players in one process may value leaves apart;
        #: the values themselves are kept, so a reused id is not taken for them).
        self._bounds: dict[tuple[tuple[str, ...], int],
                           tuple[LeaveValues, tuple[float, float]]] = {}

    def squares(self, raw: RawMove) -> list[tuple[int, int]]:
        """(square, tile code) of each tile the move puts down."""
        direction, line, start, word, _score = raw
        first, _length, step = self.geometry[direction][line]
        sq = first + start * step
        out = []
        for code in word:
            if not code & EXISTING_FLAG:
                out.append((sq, code))
            sq += step
        return out

    def place(self, board: Board, raw: RawMove, player: int) -> list[int]:
        """Put the move's tiles on ``board``; returns the squares filled (to take back)."""
        filled = []
        cells, owners = board.cells, board.owners
        for sq, code in self.squares(raw):
            cells[sq] = code
            owners[sq] = player
            filled.append(sq)
        return filled

    @staticmethod
    def take_back(board: Board, filled: Iterable[int]) -> None:
        for sq in filled:
            board.cells[sq] = -1
            board.owners[sq] = -1

    def played(self, raw: RawMove) -> tuple[str, ...]:
        """The tiles the move takes from the rack (``?`` for a blank)."""
        key = raw[3].translate(None, EXISTING_CODES)
        found = self._played.get(key)
        if found is None:
            names = self.names
            found = tuple(BLANK if code & BLANK_FLAG else names[code & 63] for code in key)
            self._played[key] = found
        return found

    def leave_bounds(self, rack: tuple[str, ...], leaves: LeaveValues) -> tuple[float, float]:
        """The lowest and highest value of any tiles a move from ``rack`` may keep (every
        sub-rack but the whole one; the empty leave is worth 0)."""
        key = (rack, id(leaves))
        known = self._bounds.get(key)
        if known is not None and known[0] is leaves:
            return known[1]
        values = [0.0]
        for size in range(1, len(rack)):
            for kept in set(combinations(rack, size)):
                values.append(leaves.value(kept))
        found = (min(values), max(values))
        if len(self._bounds) > 50_000:
            self._bounds.clear()
        self._bounds[key] = (leaves, found)
        return found

    def value(self, tiles: Iterable[str]) -> int:
        """What tiles count at the end of the game."""
        value_of = self.value_of
        return sum(value_of[t] for t in tiles)


class TileCost:
    """Leave values for the end of the game: the tiles kept cost what they count."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def value(self, tiles: Sequence[str]) -> float:
        return -float(self.table.value(tiles))


def remove(rack: Sequence[str], tiles: Iterable[str]) -> tuple[str, ...]:
    """``rack`` less ``tiles`` (each once), in canonical order."""
    left = Counter(rack)
    left.subtract(tiles)
    return leave_key(left.elements())


@dataclass
class Reply:
    """The move a static player chose, and its equity (score + leave)."""

    raw: RawMove | None
    equity: float
    leave: tuple[str, ...]


def best_by_equity(table: Table, board: Board, rack: Sequence[str], player: int,
                   leaves: LeaveValues | None, bag_left: int) -> Reply:
    """The static player's move: the most score plus leave value (leave values only
    while the bag still holds tiles; after that, keeping tiles costs their value).
    ``raw`` is None when nothing fits.

    Ranked inside the move generator (:meth:`~wordstudio.crossword.moves.MoveFinder.
    top_moves`): no Python object for the moves passed over, however many blanks the
    rack holds; ties go to the higher score."""
    if bag_left == 0:
        worth: LeaveValues | None = table.stranded
    else:
        worth = leaves
    key = leave_key(rack)
    try:
        best = table.finder.top_moves(board, rack, 1, leaves=worth, player=player)
    except ValueError:  # too many different leaves to rank in the search
        return _best_by_scan(table, board, key, player, worth)
    if not best:
        return Reply(None, 0.0, key)
    return Reply(best[0].raw, best[0].equity, remove(key, table.played(best[0].raw)))


def _best_by_scan(table: Table, board: Board, key: tuple[str, ...], player: int,
                  worth: LeaveValues | None) -> Reply:
    """:func:`best_by_equity` for racks too large to rank in the search: only moves
    within the span of the rack's leave values of the best score are generated, and
    the scan (by score) stops at the first that could not beat the best even with the
    best leave."""
    low, high = table.leave_bounds(key, worth) if worth is not None else (0.0, 0.0)
    moves = table.finder.generate(board, key, player, window=int(math.ceil(high - low)))
    best = Reply(None, -math.inf, key)
    for raw in sorted(moves, key=_score, reverse=True):
        if raw[4] + high < best.equity:
            break
        kept = remove(key, table.played(raw))
        equity = raw[4] + (worth.value(kept) if worth is not None else 0.0)
        if equity > best.equity:
            best = Reply(raw, equity, kept)
    return best if best.raw is not None else Reply(None, 0.0, key)


def _score(raw: RawMove) -> int:
    return raw[4]


def win_chance(lead: float, tiles_left: int) -> float:
    """The chance that a ``lead`` holds with ``tiles_left`` tiles still to be played
    (racks and bag): a normal curve whose width grows with the tiles left
    (:data:`SPREAD_PER_TILE`); certain either way once nothing is left."""
    if tiles_left <= 0:
        return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
    sigma = SPREAD_PER_TILE * math.sqrt(tiles_left)
    return 0.5 * (1.0 + math.erf(lead / (sigma * math.sqrt(2.0))))


def opponent_tiles(position: Position) -> int:
    """How many tiles the opponents hold: what the player cannot see less the bag."""
    return max(0, len(position.unseen) - position.bag_size)
