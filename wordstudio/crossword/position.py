"""A snapshot of a game as one player sees it: what computer players and hints work on.

Positions are plain picklable values, so they travel to worker processes; a result that
comes back for a position that is no longer current is dropped by the GUI (compare
``Position.ply``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from wordstudio.crossword.board import Board, Placement
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.tiles import Rack


class LastPlay(NamedTuple):
    """The play made just before this turn by another player, as everyone saw it: who,
    the tiles put down, the score, and how many tiles he drew after it (not which)."""

    player: int
    placements: tuple[Placement, ...]
    score: int
    drawn: int


@dataclass(frozen=True)
class Position:
    config: GameConfig
    cells: tuple[int, ...]
    owners: tuple[int, ...]
    rack: Rack
    player: int
    players: int
    scores: tuple[int, ...]
    #: Tiles this player cannot see: the bag plus the opponents' racks.
    unseen: tuple[str, ...]
    bag_size: int
    ply: int
    scoreless_streak: int = 0
    #: The lexicon the game checks words against (a shipped name or a file path).
    lexicon: str = ""
    #: Blanks already picked up this turn (ExchangeAllowed 2 then allows only a pass).
    pickups_this_turn: int = 0
    #: The previous turn, when it was another player's play (what rack inference reads).
    last_play: LastPlay | None = None

    def board(self) -> Board:
        board = Board.__new__(Board)
        board.config = self.config
        board.rows = self.config.rows
        board.cols = self.config.columns
        board.alphabet = self.config.tiles.alphabet
        board._index = {letter: i for i, letter in enumerate(board.alphabet)}
        board.cells = list(self.cells)
        board.owners = list(self.owners)
        return board

    @property
    def opponents_best_score(self) -> int:
        others = [s for i, s in enumerate(self.scores) if i != self.player]
        return max(others) if others else 0

    @property
    def lead(self) -> int:
        """This player's score minus the best opponent's."""
        return self.scores[self.player] - self.opponents_best_score
