"""The reference the end-game solver is checked against.

:func:`plain_minimax` searches the same game tree as :mod:`.exact` in full - no
pruning, no table, no move order, a fresh move list at every node - so a solver that
prunes wrongly disagrees with it (tests and ``benchmarks/endgame.py`` compare them on
end games small enough for it).  :func:`line_value` plays a line to the end of the game
and adds up what it earns: a solver's line must earn the value it claims.
"""

from __future__ import annotations

from collections.abc import Sequence

from wordstudio.crossword.board import Board
from wordstudio.crossword.players.endgames.exact import Step
from wordstudio.crossword.players.leaves import leave_key
from wordstudio.crossword.players.playout import Table, remove


def plain_minimax(table: Table, board: Board, racks: tuple[Sequence[str], Sequence[str]],
                  mover: int, passed: bool = False) -> float:
    """The same game tree searched in full, nothing pruned or remembered (only for end
    games with a few tiles: its cost grows with every move of every line)."""
    mine = leave_key(racks[mover])
    theirs = leave_key(racks[1 - mover])
    best = -1e9
    options: list[Step] = [*table.finder.raw_moves(board, mine, mover), None]
    for raw in options:
        if raw is None:
            if passed:
                value = float(table.value(theirs) - table.value(mine)) if table.deducts else 0.0
            else:
                after: list[tuple[str, ...]] = [(), ()]
                after[mover], after[1 - mover] = mine, theirs
                value = -plain_minimax(table, board, (after[0], after[1]), 1 - mover, True)
        else:
            kept = remove(mine, table.played(raw))
            if not kept:
                value = raw[4] + float(table.out_factor * table.value(theirs))
            else:
                filled = table.place(board, raw, mover)
                after = [(), ()]
                after[mover], after[1 - mover] = kept, theirs
                try:
                    value = raw[4] - plain_minimax(table, board, (after[0], after[1]),
                                                   1 - mover, False)
                finally:
                    table.take_back(board, filled)
        best = max(best, value)
    return best


def line_value(table: Table, board: Board, racks: tuple[Sequence[str], Sequence[str]],
               mover: int, line: Sequence[Step], passed: bool = False) -> float | None:
    """What a line is worth to ``mover`` when played to the end of the game, or None if
    the line stops before the game ends (a check that a solver's line earns its value)."""
    work = board.copy()
    held = [leave_key(racks[0]), leave_key(racks[1])]
    totals = [0.0, 0.0]
    player = mover
    for step in line:
        if step is None:
            if passed:
                if table.deducts:
                    totals[0] -= table.value(held[0])
                    totals[1] -= table.value(held[1])
                return totals[mover] - totals[1 - mover]
            passed = True
        else:
            passed = False
            held[player] = remove(held[player], table.played(step))
            table.place(work, step, player)
            totals[player] += step[4]
            if not held[player]:
                other = held[1 - player]
                totals[player] += (table.out_factor - int(table.deducts)) * table.value(other)
                totals[1 - player] -= int(table.deducts) * table.value(other)
                return totals[mover] - totals[1 - mover]
        player = 1 - player
    return None
