"""Board editing without Qt: symmetry, strokes, rectangles, flood fill and resizing.

A board is a tuple of row strings of ``BoardPositionScore`` codes (or of ``StartingBoard``
characters); every function returns a new board and leaves its argument alone, so the
painter can preview a stroke and the undo stack can keep both ends.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Iterable, Iterator

Square = tuple[int, int]
Board = tuple[str, ...]


class Symmetry(enum.Enum):
    """How a painted square is repeated, as crossword editors offer it."""

    NONE = "none"
    LEFT_RIGHT = "left-right"  # mirrored across the vertical centre line
    TOP_BOTTOM = "top-bottom"  # mirrored across the horizontal centre line
    BOTH = "both"  # both mirrors: four squares at a time
    ROTATIONAL = "rotational"  # turned half a turn about the centre (crossword style)

    @property
    def label(self) -> str:
        """The symmetry in words, for the palette."""
        return _LABELS[self]


_LABELS = {
    Symmetry.NONE: "No symmetry",
    Symmetry.LEFT_RIGHT: "Mirror left-right",
    Symmetry.TOP_BOTTOM: "Mirror top-bottom",
    Symmetry.BOTH: "Mirror both ways",
    Symmetry.ROTATIONAL: "Rotational (180\u00b0)",
}


def images(square: Square, rows: int, columns: int, symmetry: Symmetry) -> set[Square]:
    """The square and the squares symmetry repeats it on."""
    r, c = square
    mirror_r, mirror_c = rows - 1 - r, columns - 1 - c
    found = {square}
    if symmetry in (Symmetry.LEFT_RIGHT, Symmetry.BOTH):
        found.add((r, mirror_c))
    if symmetry in (Symmetry.TOP_BOTTOM, Symmetry.BOTH):
        found.add((mirror_r, c))
    if symmetry in (Symmetry.BOTH, Symmetry.ROTATIONAL):
        found.add((mirror_r, mirror_c))
    return found


def with_images(squares: Iterable[Square], rows: int, columns: int, symmetry: Symmetry) -> set[Square]:
    """Every square of ``squares`` and their symmetric images."""
    found: set[Square] = set()
    for square in squares:
        found |= images(square, rows, columns, symmetry)
    return found


def paint(board: Board, squares: Iterable[Square], code: str) -> Board:
    """``board`` with ``code`` on each of ``squares`` (squares off the board ignored)."""
    rows = [list(row) for row in board]
    for r, c in squares:
        if 0 <= r < len(rows) and 0 <= c < len(rows[r]):
            rows[r][c] = code
    return tuple("".join(row) for row in rows)


def line(start: Square, end: Square) -> Iterator[Square]:
    """The squares on a straight line from ``start`` to ``end`` (Bresenham), so a fast
    mouse stroke leaves no gaps."""
    (r0, c0), (r1, c1) = start, end
    dr, dc = abs(r1 - r0), abs(c1 - c0)
    step_r, step_c = (1 if r1 >= r0 else -1), (1 if c1 >= c0 else -1)
    error = dc - dr
    r, c = r0, c0
    while True:
        yield r, c
        if (r, c) == (r1, c1):
            return
        twice = 2 * error
        if twice > -dr:
            error -= dr
            c += step_c
        if twice < dc:
            error += dc
            r += step_r


def rectangle(corner: Square, other: Square) -> set[Square]:
    """Every square of the rectangle with these opposite corners."""
    (r0, c0), (r1, c1) = corner, other
    return {
        (r, c)
        for r in range(min(r0, r1), max(r0, r1) + 1)
        for c in range(min(c0, c1), max(c0, c1) + 1)
    }


def region(board: Board, start: Square) -> set[Square]:
    """The squares joined to ``start`` across or down through squares of its code
    (what a paint-bucket fill changes)."""
    rows = len(board)
    columns = len(board[0]) if rows else 0
    r0, c0 = start
    if not (0 <= r0 < rows and 0 <= c0 < columns):
        return set()
    code = board[r0][c0]
    found = {start}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            inside = 0 <= nr < rows and 0 <= nc < columns
            if inside and (nr, nc) not in found and board[nr][nc] == code:
                found.add((nr, nc))
                queue.append((nr, nc))
    return found


def offset_for(old: int, new: int) -> int:
    """How far the old board moves when it grows or shrinks: it stays centred (an even
    change keeps a symmetric board symmetric)."""
    return (new - old) // 2


def resize(board: Board, rows: int, columns: int, fill: str) -> Board:
    """``board`` centred on a board of ``rows`` x ``columns``: new squares are ``fill``,
    squares that no longer fit are dropped."""
    old_rows = len(board)
    old_columns = len(board[0]) if old_rows else 0
    dr, dc = offset_for(old_rows, rows), offset_for(old_columns, columns)
    out = []
    for r in range(rows):
        source_r = r - dr
        row = []
        for c in range(columns):
            source_c = c - dc
            inside = 0 <= source_r < old_rows and 0 <= source_c < old_columns
            row.append(board[source_r][source_c] if inside else fill)
        out.append("".join(row))
    return tuple(out)


def moved_index(index: int, old: int, new: int) -> int:
    """Where a 1-based row or column (0: none) lands after :func:`resize`; 0 when it
    falls off the board."""
    if index == 0:
        return 0
    moved = index + offset_for(old, new)
    return moved if 1 <= moved <= new else 0


def is_symmetric(board: Board, symmetry: Symmetry) -> bool:
    """Whether ``board`` already has this symmetry."""
    rows = len(board)
    columns = len(board[0]) if rows else 0
    return all(
        board[ir][ic] == board[r][c]
        for r in range(rows)
        for c in range(columns)
        for ir, ic in images((r, c), rows, columns, symmetry)
    )
