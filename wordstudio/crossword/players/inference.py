"""Rack inference: what the opponent's last play says about the tiles he kept.

A player who plays a few tiles for few points while holding a bingo is rare; a play is
evidence about the rest of the rack it came from.  Before the play the opponent held the
tiles he put down plus the ones he kept, and the kept ones are still on his rack, among
the tiles this player cannot see.  :func:`inferred_leaves` draws possible kept tiles from
those unseen ones (random draws: a likely leave comes up as often as it would be dealt)
and keeps those with which the play made was about the best a static player would
find - within :data:`TOLERANCE` points of equity of the best move for that whole rack on
the board as it was.  Simulation then deals the opponent one of these leaves (plus
random tiles for the rest of his rack) instead of any tiles at all.

When the play says nothing (every draw agrees with it) or contradicts too much (too few
agree: the opponent does not play like a static player, or he fished), the list is empty
and the racks are dealt at random as before.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from wordstudio.crossword.board import Board
from wordstudio.crossword.players.leaves import LeaveValues, leave_key
from wordstudio.crossword.players.playout import Table, best_by_equity
from wordstudio.crossword.position import LastPlay, Position
from wordstudio.crossword.tiles import BLANK

#: Draws of kept tiles looked at, at most.
SAMPLES = 240
#: Points of equity a play may be below the best one and still count as chosen.
TOLERANCE = 4.0
#: The share of draws that must agree with the play for the inference to be used.
MIN_SHARE = 0.05


def board_before(position: Position, last: LastPlay) -> Board:
    """The board as it was before the opponent's last play."""
    board = position.board()
    cols = board.cols
    for placement in last.placements:
        index = placement.row * cols + placement.col
        board.cells[index] = -1
        board.owners[index] = -1
    return board


def tiles_played(last: LastPlay) -> tuple[str, ...]:
    return tuple(BLANK if p.blank else p.letter for p in last.placements)


def agrees(table: Table, leaves: LeaveValues, before: Board, last: LastPlay,
           kept: Sequence[str], bag_then: int) -> bool:
    """Would a static player holding the tiles played plus ``kept`` have made about this
    play (its equity within :data:`TOLERANCE` of his best)?"""
    rack = (*tiles_played(last), *kept)
    best = best_by_equity(table, before, rack, last.player, leaves, bag_then)
    if bag_then > 0:
        worth = leaves.value(leave_key(kept))
    else:
        worth = -float(table.value(kept)) if kept else 0.0
    return last.score + worth >= best.equity - TOLERANCE


def inferred_leaves(position: Position, table: Table, leaves: LeaveValues, seed: int,
                    seconds: float = 0.0, samples: int = SAMPLES) -> list[tuple[str, ...]]:
    """Kept tiles the opponent's last play agrees with, one entry per agreeing draw
    (a leave drawn twice counts twice); empty when the play tells nothing usable
    (module docstring).  ``seconds`` > 0 bounds the time spent."""
    last = position.last_play
    if last is None or position.players != 2 or last.player == position.player:
        return []
    unseen = list(position.unseen)
    held = max(0, len(unseen) - position.bag_size)
    kept_count = held - last.drawn
    if kept_count <= 0 or kept_count > len(unseen):
        return []
    # The bag as the opponent saw it before drawing.
    bag_then = position.bag_size + last.drawn
    before = board_before(position, last)
    rng = random.Random(f"infer:{seed}")
    deadline = time.monotonic() + seconds if seconds > 0 else 0.0
    agreeing: list[tuple[str, ...]] = []
    verdicts: dict[tuple[str, ...], bool] = {}
    looked = 0
    for _ in range(samples):
        if deadline and time.monotonic() >= deadline:
            break
        kept = leave_key(rng.sample(unseen, kept_count))
        verdict = verdicts.get(kept)
        if verdict is None:
            verdict = verdicts[kept] = agrees(table, leaves, before, last, kept, bag_then)
        looked += 1
        if verdict:
            agreeing.append(kept)
    if not looked or len(agreeing) == looked or len(agreeing) < MIN_SHARE * looked:
        return []
    return agreeing


def deal(pool: list[str], kept: Sequence[str]) -> list[str]:
    """``pool`` (shuffled unseen tiles) with ``kept`` moved to the front, where the
    simulation deals the opponent's rack from."""
    rest = list(pool)
    for tile in kept:
        rest.remove(tile)
    return [*kept, *rest]
