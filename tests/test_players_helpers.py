"""Shared pieces for the computer-player tests: positions, styles and an independent
reference for WordsWorth's weight formula (no tests here).

The reference reads cross words with the rules module (not the move generator's output)
and writes the Appendix A formula out plainly, so the player's fast path is checked
against a second reading of the manual.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from wordstudio.crossword.board import Board
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.gameconfig import GameConfig, Strategy
from wordstudio.crossword.moves import Move, MoveFinder
from wordstudio.crossword.players.computer import Decision, move_finder
from wordstudio.crossword.players.knobs import PlayerStyle
from wordstudio.crossword.position import Position
from wordstudio.crossword.rules import analyse_play
from wordstudio.crossword.tiles import BLANK, Rack
from wordstudio.paths import boards_dir

#: A standard game after eight greedy moves (seed 7): plenty of hooks and premiums.
MIDGAME = (
    "...............",
    "...............",
    "....B..........",
    "...HERM........",
    "..VINEYARD.....",
    "....Z..........",
    "..P.Y..........",
    "..APLITE.......",
    "..WAS..........",
    "...C...........",
    "...KORUNA......",
    "...E...........",
    "..FRANC........",
    "...............",
    "...............",
)


@lru_cache(maxsize=8)
def shipped(name: str) -> GameConfig:
    return load_config(boards_dir() / name)


def standard() -> GameConfig:
    return shipped("scrabble.cfg")


def position(rack: str, rows: Sequence[str] | None = MIDGAME, config: GameConfig | None = None,
             scores: tuple[int, int] = (0, 0), bag: int = 50, unseen: str = "",
             player: int = 0, lexicon: str = "en-US-standard") -> Position:
    """A two-player position with ``rack`` to move."""
    config = config or standard()
    board = Board(config)
    if rows:
        board.set_rows(rows)
    return Position(config=config, cells=tuple(board.cells), owners=tuple(board.owners),
                    rack=Rack.parse(rack, config.tiles.alphabet), player=player, players=2,
                    scores=scores, unseen=tuple(Rack.parse(unseen, config.tiles.alphabet).tiles),
                    bag_size=bag, ply=0, lexicon=lexicon)


def style(weights: dict[str, int] | None = None, **knobs: int) -> PlayerStyle:
    """A style with plain knobs: no length weight, no limits, not adaptive, and the given
    letter weights (none by default) - each test turns on what it studies."""
    base = {"length_weight": 0, "maximum_word_length": 0, "adaptive_strategy": 0,
            "blank_threshold": 0}
    return PlayerStyle("test", Strategy(**(base | knobs)),
                       letter_weights=tuple((weights or {}).items()))


def all_moves(pos: Position) -> list[Move]:
    return move_finder(pos).moves(pos.board(), pos.rack, pos.player)


def chosen_move(pos: Position, decision: Decision) -> Move | None:
    """The generated move the decision plays (None for anything but a play)."""
    placements = getattr(decision.action, "placements", None)
    if placements is None:
        return None
    wanted = frozenset(placements)
    for move in all_moves(pos):
        if move.key == wanted:
            return move
    raise AssertionError(f"the decision plays a move the generator does not know: {decision}")


def reference_weight(move: Move, pos: Position, knobs: Strategy,
                     weights: dict[str, int]) -> float:
    """Appendix A: score + LengthWeight x length + the letter weights of the tiles played,
    counted again for each cross word a tile is part of when IncludeCrossWeights is on."""
    def weight_of(tile: str) -> int:
        return weights.get(tile, 0)

    total = move.score + knobs.length_weight * len(move.word)
    total += sum(weight_of(p.tile) for p in move.placed)
    if knobs.include_cross_weights:
        analysis = analyse_play(pos.board(), move.placed)
        for cross in analysis.cross:
            dr, dc = cross.direction.step
            squares = {(cross.row + dr * k, cross.col + dc * k) for k in range(len(cross.word))}
            total += sum(weight_of(p.tile) for p in move.placed if p.square in squares)
    return total


def reference_acceptable(move: Move, knobs: Strategy, weight: float) -> bool:
    """Appendix A's filters: score and word-length limits (0 = none), BlankThreshold."""
    length = len(move.word)
    if move.score < knobs.minimum_allowed_score:
        return False
    if knobs.maximum_allowed_score and move.score > knobs.maximum_allowed_score:
        return False
    if length < knobs.minimum_word_length:
        return False
    if knobs.maximum_word_length and length > knobs.maximum_word_length:
        return False
    uses_blank = any(p.tile == BLANK for p in move.placed)
    return not (uses_blank and weight < knobs.blank_threshold)


def rank_only(monkeypatch) -> list[dict]:
    """Make listing every move fail and record each ranked search of the move generator
    (its keyword arguments: the leave values, knobs and anchors it searched with): a
    player that weighs moves in Python instead of inside the search fails its test."""
    searches: list[dict] = []
    rank = MoveFinder.top_moves

    def recorded(finder, *args, **kwargs):
        searches.append(kwargs)
        return rank(finder, *args, **kwargs)

    def listed(*_args, **_kwargs):
        raise AssertionError("every move was listed and weighed in Python")

    monkeypatch.setattr(MoveFinder, "top_moves", recorded)
    for name in ("generate", "raw_moves", "moves"):
        monkeypatch.setattr(MoveFinder, name, listed)
    return searches
