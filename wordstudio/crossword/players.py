"""Computer players: generate the legal moves, choose one by a strategy.

The entry point for the GUI, hints and self-play is :func:`choose_action`: a top-level
function of picklable arguments, so it runs in a worker process.  It keeps a best answer
so far, so ``control.should_stop()`` ("play now", the turn clock) always gets one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.actions import Action, Pass, Play
from wordstudio.crossword.game import PlayerSpec
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.moves import Move, MoveFinder
from wordstudio.crossword.position import Position
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.gaddag import shared_gaddag


@dataclass(frozen=True)
class Candidate:
    """A move with the player's own measure of it (equity: score plus leave value)."""

    move: Move
    score: int
    equity: float


@dataclass(frozen=True)
class Decision:
    """What a computer player chose, and its ranked alternatives (for "next move")."""

    action: Action
    candidates: tuple[Candidate, ...] = ()
    moves_considered: int = 0


@lru_cache(maxsize=8)
def _finder(config: GameConfig, lexicon: str) -> MoveFinder:
    words = load_lexicon(lexicon)
    return MoveFinder(config, shared_gaddag(words, config.tiles.alphabet))


def move_finder(position: Position) -> MoveFinder:
    """The move finder for a position's game and lexicon (one per worker process)."""
    return _finder(position.config, position.lexicon or position.config.dictionary)


def choose_action(position: Position, spec: PlayerSpec, control: SearchControl = NULL_CONTROL,
                  top: int = 20) -> Decision:
    """The action a computer player takes in ``position`` (greedy: the best score)."""
    finder = move_finder(position)
    moves = finder.moves(position.board(), position.rack, position.player)
    candidates = tuple(Candidate(m, m.score, float(m.score)) for m in moves[:top])
    if candidates:
        return Decision(Play(candidates[0].move.placed), candidates, len(moves))
    config = position.config
    need = max(config.exchange_minimum_bag, len(position.rack))
    if config.rack_size and position.bag_size >= need and len(position.rack):
        return Decision(Pass(position.rack.tiles), (), 0)
    return Decision(Pass(), (), 0)
