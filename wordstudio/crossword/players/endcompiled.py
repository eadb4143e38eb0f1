"""The end-game search in C, with the Python solver's face.

:mod:`._endsolve` (compiled from Cython where ``pip install`` found a C compiler) runs
the search of :class:`~.endsolve.Solver` with no Python object below the root's moves.
:func:`compiled_solver` makes one for an end game when it can - the compiled move
generator in use, racks of at most 31 tiles - and :func:`~.endsolve.solve` uses it;
otherwise the Python solver searches (the same values: tests hold both to a plain
full minimax).
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Sequence
from types import ModuleType

from wordstudio.control import SearchControl
from wordstudio.crossword.board import Board
from wordstudio.crossword.players.playout import RawMove, Table
from wordstudio.crossword.tiles import BLANK

_module: ModuleType | None
try:
    _module = importlib.import_module("wordstudio.crossword.players._endsolve")
except ImportError:  # nothing was compiled: the Python solver searches
    _module = None

#: The transposition table holds 2**TABLE_BITS entries of 120 bytes (64 MB).
TABLE_BITS = 19
#: Tiles on one rack the compiled search takes at most.
MAX_RACK = 31


def is_compiled() -> bool:
    """True when the compiled end-game search is installed."""
    return _module is not None


class CompiledSolver:
    """The compiled search behind :func:`~.endsolve.solve`'s interface: ``root(depth)``
    ranks the root's moves (``(value, raw move or None)``, best first), ``low`` and
    ``high`` are the root's proven bounds, ``line()`` the principal line of the last
    depth, ``first_move()`` what to play when no depth finished."""

    def __init__(self, search: object) -> None:
        self.search = search
        self._best: RawMove | None = None

    @property
    def nodes(self) -> int:
        return int(self.search.nodes)  # type: ignore[attr-defined]

    @property
    def low(self) -> int:
        return int(self.search.low)  # type: ignore[attr-defined]

    @property
    def high(self) -> int:
        return int(self.search.high)  # type: ignore[attr-defined]

    def root(self, depth: int) -> list[tuple[int, RawMove | None]]:
        valued = self.search.root(depth)  # type: ignore[attr-defined]
        self._best = valued[0][1]
        return valued

    def depths(self, limit: int) -> list[int]:
        """The depths to search: a few shallow ones to order the moves, then straight to
        the end of the game (:func:`~.endsolve.depths_to_the_end`)."""
        from wordstudio.crossword.players.endsolve import depths_to_the_end

        return depths_to_the_end(limit)

    def interrupted(self) -> list[tuple[int, RawMove | None]]:
        """The root moves valued at the depth the time ran out in (best first), or []."""
        partial = list(self.search.partial)  # type: ignore[attr-defined]
        if partial:
            self._best = partial[0][1]
        return partial

    def line(self, proven: bool = False) -> list[RawMove | None]:
        """The principal line; ``proven`` (the root's value is): nodes on the way whose
        table entries were replaced are solved again, so the line reaches the end."""
        return list(self.search.line(self._best, proven=proven))  # type: ignore[attr-defined]

    def first_move(self) -> tuple[RawMove | None, int]:
        raw, score = self.search.first_move()  # type: ignore[attr-defined]
        return raw, int(score)


def compiled_solver(table: Table, board: Board,
                    racks: tuple[Sequence[str], Sequence[str]], mover: int,
                    control: SearchControl, seconds: float, passed: bool,
                    timeout: type[BaseException]) -> CompiledSolver | None:
    """The compiled search for this end game, or None where it cannot run (nothing
    compiled, the pure-Python move generator in use, a rack too large)."""
    if _module is None:
        return None
    generator = table.finder.generator
    if not hasattr(generator, "state_address"):
        return None
    if max(len(racks[0]), len(racks[1])) > MAX_RACK:
        return None
    alphabet = list(table.finder.alphabet)
    index = {letter: k for k, letter in enumerate(alphabet)}
    counts: list[list[int]] = []
    blanks: list[int] = []
    for rack in racks:
        seat = [0] * len(alphabet)
        for tile in rack:
            if tile != BLANK:
                seat[index[tile]] += 1
        counts.append(seat)
        blanks.append(sum(1 for tile in rack if tile == BLANK))
    values = [table.value_of[letter] for letter in alphabet]
    deadline = time.monotonic() + seconds if seconds > 0 else 0.0
    search = _module.EndgameSearch(
        generator, list(board.cells), list(board.owners), counts, blanks, values,
        int(table.value_of[BLANK]), table.out_factor, table.deducts, mover, passed,
        TABLE_BITS, deadline, control.should_stop, timeout)
    return CompiledSolver(search)
