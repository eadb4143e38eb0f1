"""A move's first square as people read and type it: the coordinate of game records.

GCG and the move lists write a move across row first (``8H``) and a move down column
first (``H8``): the order says the direction.  Games with diagonal or backward words
write the square column first and an arrow for the way the word reads (``M23↗``,
``V16↙`` - from the square where the reading starts); there the order says nothing.
:func:`parse_coordinate` reads what a person types in either form (the arrow optional);
:func:`write_coordinate` writes a square and direction the way the game's moves are
written, so what the window offers to be typed is what its lists show.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wordstudio.crossword.board import column_name, row_name
from wordstudio.crossword.gameconfig import Direction
from wordstudio.crossword.moves import ARROWS

#: The arrows, and the (row, column) step of the way each one reads.
ARROW_STEPS = {arrow: step for step, arrow in ARROWS.items()}
_SQUARE = re.compile(r"(?:(\d{1,2})([A-Z]{1,2})|([A-Z]{1,2})(\d{1,2}))\s*(.?)")


@dataclass(frozen=True)
class Coordinate:
    """A square (0-based) and, when the text said it, the way the word reads from it."""

    row: int
    col: int
    #: (row step, column step) of the reading; None when the text does not say.
    step: tuple[int, int] | None

    def direction(self) -> tuple[Direction, bool] | None:
        """The direction the word is laid in, and whether it reads backwards along it
        (an arrow against the direction's own way); None when the text does not say."""
        if self.step is None:
            return None
        for direction in Direction:
            if direction.step == self.step:
                return direction, False
            if direction.step == (-self.step[0], -self.step[1]):
                return direction, True
        return None


def parse_coordinate(text: str, rows: int, columns: int, arrows: bool) -> Coordinate | None:
    """The coordinate ``text`` writes on a ``rows`` x ``columns`` board, or None when it
    is none (or off the board).  ``arrows``: the game writes its moves with arrows, so
    the order of row and column says nothing and an arrow may follow."""
    match = _SQUARE.fullmatch(text.strip().upper())
    if match is None:
        return None
    row_first = match.group(1) is not None
    number, letters = (match.group(1), match.group(2)) if row_first else \
        (match.group(4), match.group(3))
    arrow = match.group(5)
    row, col = int(number) - 1, _column_index(letters)
    if col is None or not (0 <= row < rows and 0 <= col < columns):
        return None
    if arrow:
        if arrow not in ARROW_STEPS:
            return None
        return Coordinate(row, col, ARROW_STEPS[arrow])
    if arrows:
        return Coordinate(row, col, None)
    return Coordinate(row, col, Direction.ACROSS.step if row_first else Direction.DOWN.step)


def write_coordinate(row: int, col: int, direction: Direction, arrows: bool) -> str:
    """A move's first square as the game writes its moves: ``8H`` across, ``H8`` down;
    with ``arrows``, column first and the arrow of the direction (``H8↘``)."""
    if arrows:
        return f"{column_name(col)}{row_name(row)}{ARROWS[direction.step]}"
    if direction is Direction.ACROSS:
        return f"{row_name(row)}{column_name(col)}"
    return f"{column_name(col)}{row_name(row)}"


def _column_index(letters: str) -> int | None:
    """A, B, ... Z, AA, AB ... as a 0-based column; None for what is not one."""
    if len(letters) == 1:
        return ord(letters) - ord("A")
    index = (ord(letters[0]) - ord("A") + 1) * 26 + ord(letters[1]) - ord("A")
    return index if column_name(index) == letters else None
