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
        self._bounds: dict[tuple[str, ...], tuple[float, float]] = {}

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
        found = self._bounds.get(rack)
        if found is None:
            values = [0.0]
            for size in range(1, len(rack)):
                for kept in set(combinations(rack, size)):
                    values.append(leaves.value(kept))
            found = (min(values), max(values))
            if len(self._bounds) > 50_000:
                self._bounds.clear()
            self._bounds[rack] = found
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
    while the bag still holds tiles; after that, going out is worth the opponent's
    tiles and keeping tiles costs their value).  ``raw`` is None when nothing fits.

    Only moves that can win are looked at: what a leave can add lies between the worst
    and the best value of the rack's sub-racks, so the generator keeps only moves scoring
    within that span of the best score, and the scan stops at the first move (by score)
    that could not beat the best equity found even with the best leave."""
    use_leaves = leaves is not None and bag_left > 0
    key = leave_key(rack)
    if use_leaves:
        assert leaves is not None
        low, high = table.leave_bounds(key, leaves)
    elif bag_left == 0:
        low, high = -float(table.value(key)), 0.0
    else:
        low = high = 0.0
    window = int(math.ceil(high - low))
    moves = table.finder.generate(board, rack, player, window=window)
    if not moves:
        return Reply(None, 0.0, key)
    raw_moves = sorted(moves, key=_score, reverse=True)
    counts = Counter(rack)
    cache: dict[bytes, tuple[float, tuple[str, ...]]] = {}
    best: RawMove | None = None
    best_equity = -math.inf
    best_leave: tuple[str, ...] = ()
    for raw in raw_moves:
        if raw[4] + high < best_equity:
            break
        played = raw[3].translate(None, EXISTING_CODES)
        found = cache.get(played)
        if found is None:
            left = counts.copy()
            left.subtract(table.played(raw))
            kept = leave_key(left.elements())
            if use_leaves:
                assert leaves is not None
                worth = leaves.value(kept)
            elif bag_left == 0:
                worth = -table.value(kept) if kept else 0.0
            else:
                worth = 0.0
            found = cache[played] = (worth, kept)
        equity = raw[4] + found[0]
        if equity > best_equity:
            best, best_equity, best_leave = raw, equity, found[1]
    return Reply(best, best_equity, best_leave)


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
