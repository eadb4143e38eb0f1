"""What both move generators share: codes, limits and board geometry.

* The board is a flat sequence of cells, row-major: :data:`EMPTY`, :data:`BLOCKED`, or a
  tile ``letter`` / ``letter | BLANK_FLAG`` (a blank standing for that letter).
* A raw move is ``(direction, line, start, word, score)``: direction 0 across, 1 down,
  2 diagonal down-right, 3 diagonal up-right; ``line`` and ``start`` locate the word's
  first letter (:func:`line_geometry`); ``word`` is bytes, one per letter of the whole
  main word: ``letter | BLANK_FLAG`` for a blank, ``| EXISTING_FLAG`` for a tile already
  on the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, overload

EMPTY = -1
BLOCKED = -2
BLANK_FLAG = 64
EXISTING_FLAG = 128
LETTER_MASK = 63
MAXLINE = 32
MAXSQUARES = 1024
MAXLETTERS = 64
ACROSS = 0
DOWN = 1
DIAGONAL_DOWN = 2
DIAGONAL_UP = 3
#: Moves an unranked search keeps at most before it stops (or hands them to its chunk
#: callback): about 160 MB at the longest words, so no rack on any board can exhaust
#: memory.
DEFAULT_LIMIT = 4_000_000
#: Moves handed to a chunk callback at a time, unless the caller says otherwise.
STREAM_CHUNK = 65_536

RawMove = tuple[int, int, int, bytes, int]


class FoundMoves(Protocol):
    """What a search returns (each generator's ``MoveList``): its moves as raw moves, in
    the order found (a ranked search: best first), and how the search went."""

    #: Every legal move the search found (more than ``len()`` when it streamed them).
    found: int
    #: The steps the search took.
    nodes: int
    #: A limit on the moves kept stopped the search.
    truncated: bool
    #: Its deadline or a stop request stopped it.
    timed_out: bool

    def __len__(self) -> int: ...

    @overload
    def __getitem__(self, index: int) -> RawMove: ...

    @overload
    def __getitem__(self, index: slice) -> list[RawMove]: ...

    def __iter__(self) -> Iterator[RawMove]: ...

    def score(self, index: int) -> int:
        """The score of move ``index``."""

    def equity(self, index: int) -> float:
        """The equity of move ``index`` (a ranked search; otherwise its score)."""

    def scores(self) -> list[int]:
        """Every move's score, in order."""


def check_board_size(rows: int, cols: int) -> None:
    if rows * cols > MAXSQUARES or not 0 < rows < MAXLINE or not 0 < cols < MAXLINE:
        raise ValueError("board too large for the move generator")


def line_geometry(rows: int, cols: int, direction: int) -> list[tuple[int, int, int]]:
    """The lines of a board along a direction: (first square, length, step) each."""
    if direction == ACROSS:
        return [(r * cols, cols, 1) for r in range(rows)]
    if direction == DOWN:
        return [(c, rows, cols) for c in range(cols)]
    if direction == DIAGONAL_DOWN:
        starts = [(0, c) for c in range(cols)] + [(r, 0) for r in range(1, rows)]
        return [(r * cols + c, min(rows - r, cols - c), cols + 1) for r, c in starts]
    starts = [(r, 0) for r in range(rows)] + [(rows - 1, c) for c in range(1, cols)]
    return [(r * cols + c, min(r + 1, cols - c), 1 - cols) for r, c in starts]


def rank_key(equity: float, score: int, raw: RawMove) -> tuple[float, int, int, int, int, bytes]:
    """How ranked searches order moves, best first: higher equity, then higher score,
    then the smaller raw move - an order that does not depend on how a search went, so
    both generators (and any caller) rank alike."""
    return (-equity, -score, raw[0], raw[1], raw[2], raw[3])
