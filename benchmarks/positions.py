"""Benchmark positions made by seeded self-play: the same boards and racks every run.

Each game deals racks from a seeded bag of the game's tiles; the player to move plays
its best move by equity - score plus the value of the tiles it keeps (the game's leave
values: the learnt table for the standard tiles), so blanks are kept for a better move
as good players keep them - or, without leave values, its highest-scoring move (ties
are broken as the generator ranks them, so every generator makes the same games); then
it draws.  With no move it changes its whole rack.  Every turn's board and rack is a
position.  Used by ``benchmarks/movegen.py`` (the 200 standard-game
positions, and 30x30 WORDwhami positions) and ``benchmarks/search_bounds.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from wordstudio.crossword.board import Board
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.movegen.equity import LeaveValues
from wordstudio.crossword.moves import MoveFinder
from wordstudio.crossword.tiles import BLANK, Rack


@dataclass(frozen=True)
class BenchPosition:
    """A board (rows of ``.``, letters, lower case for blanks) and the rack to move."""

    ident: str
    rows: tuple[str, ...]
    rack: str

    @property
    def blanks(self) -> int:
        return self.rack.count(BLANK)

    def board(self, config: GameConfig) -> Board:
        board = Board(config)
        board.set_rows(list(self.rows))
        return board

    def reference_line(self) -> str:
        """The line the reference timing server reads: id, rack, board squares."""
        return f"{self.ident} {self.rack} {''.join(self.rows)}"


def self_play(config: GameConfig, finder: MoveFinder, count: int, seed: int = 2024,
              prefix: str = "s", max_turns: int = 40,
              leaves: LeaveValues | None = None) -> list[BenchPosition]:
    """``count`` positions from seeded games (seeds ``seed``, ``seed + 1``...)."""
    tiles = config.tiles
    found: list[BenchPosition] = []
    game = 0
    while len(found) < count:
        rng = random.Random(seed + game)
        bag = [letter for letter, n in zip(tiles.alphabet, tiles.frequencies, strict=True)
               for _ in range(n)] + [BLANK] * tiles.blank_count
        rng.shuffle(bag)
        size = config.rack_size
        racks = [[bag.pop() for _ in range(min(size, len(bag)))] for _ in range(2)]
        board = Board(config)
        passes = 0
        for turn in range(max_turns):
            rack = racks[turn % 2]
            if not rack or passes >= 4 or len(found) >= count:
                break
            found.append(BenchPosition(f"{prefix}{len(found)}", tuple(_rows(board)),
                                       "".join(sorted(rack, key=lambda t: (t == BLANK, t)))))
            best = finder.top_moves(board, Rack(tuple(rack)), 1, player=turn % 2,
                                    leaves=leaves if bag else None)
            if not best:
                passes += 1
                if len(bag) >= size:
                    bag.extend(rack)
                    rng.shuffle(bag)
                    rack[:] = [bag.pop() for _ in range(size)]
                continue
            passes = 0
            move = finder.to_move(best[0].raw)
            board.place(move.placed, owner=turn % 2)
            for tile in move.tiles_used:
                rack.remove(tile)
            while len(rack) < size and bag:
                rack.append(bag.pop())
        game += 1
    return found


def _rows(board: Board) -> list[str]:
    shown = {(r, c): letter for r, c, letter, _blank in board.tiles()}
    blanks = {(r, c) for r, c, _letter, blank in board.tiles() if blank}
    return ["".join(shown[(r, c)].lower() if (r, c) in blanks else shown.get((r, c), ".")
                    for c in range(board.cols)) for r in range(board.rows)]
