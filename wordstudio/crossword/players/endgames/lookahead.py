"""Level 8's end game: once the bag is empty, look at the opponent's best reply.

With the bag empty the tiles a player cannot see are exactly the opponent's rack, so a
two-player end game is a game of perfect information.  A full search is not needed to
avoid the usual static blunders (keeping a heavy tile, missing a two-move out, letting
the opponent go out and collect double the tiles left):

* every move that goes out is worth its score plus the opponent's tiles, counted as the
  game's end rules count them (deducted from him, added to the player);
* any other move is worth its score, less the opponent's best reply - his score, plus
  the player's tiles counted against the player when that reply goes out - and less half
  the value of the tiles the player still holds when it does not (they will cost points
  or moves later).

The moves examined are every move that goes out plus the :data:`WIDTH` best by score.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import NamedTuple

from wordstudio.control import SearchControl
from wordstudio.crossword.board import Board
from wordstudio.crossword.moves import MoveFinder
from wordstudio.crossword.players.strategy import EXISTING_FLAG, Judged, RawMove
from wordstudio.crossword.position import Position
from wordstudio.crossword.tiles import BLANK

WIDTH = 15


class EndgameLine(NamedTuple):
    """A move and what the look-ahead makes of it (points of spread)."""

    value: float
    judged: Judged


def applies(position: Position) -> bool:
    """True when the look-ahead is sound: two players, racks, an empty bag, tiles seen."""
    config = position.config
    return (position.players == 2 and config.rack_size > 0 and position.bag_size == 0
            and bool(position.unseen) and bool(position.rack.tiles))


def tiles_value(tiles: Sequence[str], position: Position) -> int:
    tileset = position.config.tiles
    return sum(tileset.blank_score if t == BLANK else tileset.score_of(t) for t in tiles)


def _tiles_placed(raw: RawMove) -> int:
    return sum(1 for code in raw[3] if not code & EXISTING_FLAG)


def _after(board: Board, raw: RawMove, player: int) -> Board:
    """A copy of ``board`` with the move's tiles on it."""
    direction, line, start, word, _score = raw
    copy = board.copy()
    cols = copy.cols
    for k, code in enumerate(word):
        if code & EXISTING_FLAG:
            continue
        index = line * cols + start + k if direction == 0 else (start + k) * cols + line
        copy.cells[index] = code
        copy.owners[index] = player
    return copy


def look_ahead(position: Position, found: Sequence[Judged], finder: MoveFinder,
               control: SearchControl) -> list[EndgameLine]:
    """The moves examined, best value first (module docstring); stops early when asked,
    with what it has valued so far."""
    if not found:
        return []
    config = position.config
    board = position.board()
    opponent = 1 - position.player
    their_rack = list(position.unseen)
    out_factor = int(config.end.deduct_unplayed) + int(config.end.going_out_bonus)
    their_value = tiles_value(their_rack, position)
    outs = [j for j in found if not j.leave]
    by_score = heapq.nsmallest(WIDTH, found, key=lambda j: (-j.score, -j.measure, j.order))
    examined = list({j.order: j for j in outs + by_score}.values())
    lines: list[EndgameLine] = []
    for judged in examined:
        if control.should_stop():
            break
        if not judged.leave:
            lines.append(EndgameLine(judged.score + out_factor * their_value, judged))
            continue
        kept_value = tiles_value(judged.leave, position)
        replies = finder.raw_moves(_after(board, judged.raw, position.player), their_rack,
                                   opponent)
        best_reply = 0.0
        reply_goes_out = False
        for reply in replies:
            goes_out = _tiles_placed(reply) == len(their_rack)
            value = reply[4] + (out_factor * kept_value if goes_out else 0)
            if value > best_reply:
                best_reply, reply_goes_out = value, goes_out
        penalty = 0.0 if reply_goes_out else kept_value / 2
        lines.append(EndgameLine(judged.score - best_reply - penalty, judged))
    lines.sort(key=lambda line: (-line.value, -line.judged.score, line.judged.order))
    return lines
