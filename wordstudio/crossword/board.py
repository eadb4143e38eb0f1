"""The board: squares from the config, tiles placed on them, and who placed each.

Cells are kept flat (row-major) as small integers, the form the move generator reads:
:data:`EMPTY`, :data:`BLOCKED`, or the tile's letter index in the config's alphabet, plus
:data:`BLANK_FLAG` when the tile is a blank standing for that letter.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from wordstudio.crossword.gameconfig import (
    BLOCKED as BLOCKED_CODE,
)
from wordstudio.crossword.gameconfig import (
    GameConfig,
    letter_multiplier,
    word_multiplier,
)
from wordstudio.errors import UserError

EMPTY = -1
BLOCKED = -2
BLANK_FLAG = 64
LETTER_MASK = 63
NO_OWNER = -1


class BoardError(UserError):
    """A square off the board, blocked, or already holding a tile."""


class Placement(NamedTuple):
    """One tile put on the board: square, the letter it shows, and whether it is a blank.

    A named tuple (not a dataclass) because move generation creates many of them.
    """

    row: int
    col: int
    letter: str
    blank: bool = False

    @property
    def square(self) -> tuple[int, int]:
        return self.row, self.col

    @property
    def tile(self) -> str:
        """The tile that leaves the rack: the letter, or ``?`` for a blank."""
        return "?" if self.blank else self.letter

    def shown(self) -> str:
        """The letter as WordsWorth writes it: lower case for a blank."""
        return self.letter.lower() if self.blank else self.letter


class Board:
    """Tiles on a config's board.  Cheap to copy; the config itself is shared."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.rows = config.rows
        self.cols = config.columns
        self.alphabet = config.tiles.alphabet
        self._index = {letter: i for i, letter in enumerate(self.alphabet)}
        self.cells: list[int] = [
            BLOCKED if code == BLOCKED_CODE else EMPTY for row in config.layout for code in row
        ]
        self.owners: list[int] = [NO_OWNER] * (self.rows * self.cols)
        if config.starting_board:
            self.set_rows(config.starting_board)

    # --- squares ---------------------------------------------------------------------
    def index(self, row: int, col: int) -> int:
        return row * self.cols + col

    def on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def is_blocked(self, row: int, col: int) -> bool:
        return self.cells[row * self.cols + col] == BLOCKED

    def is_empty_square(self, row: int, col: int) -> bool:
        return self.cells[row * self.cols + col] == EMPTY

    def has_tile(self, row: int, col: int) -> bool:
        return self.cells[row * self.cols + col] >= 0

    def tile_at(self, row: int, col: int) -> tuple[str, bool] | None:
        """(letter, is_blank) of the tile on a square, or None."""
        cell = self.cells[row * self.cols + col]
        if cell < 0:
            return None
        return self.alphabet[cell & LETTER_MASK], bool(cell & BLANK_FLAG)

    def owner(self, row: int, col: int) -> int:
        return self.owners[row * self.cols + col]

    def letter_multiplier(self, row: int, col: int) -> int:
        return letter_multiplier(self.config.layout[row][col])

    def word_multiplier(self, row: int, col: int) -> int:
        return word_multiplier(self.config.layout[row][col])

    def tile_count(self) -> int:
        return sum(1 for c in self.cells if c >= 0)

    def is_empty(self) -> bool:
        return all(c < 0 for c in self.cells)

    def tiles(self) -> Iterator[tuple[int, int, str, bool]]:
        for i, cell in enumerate(self.cells):
            if cell >= 0:
                row, col = divmod(i, self.cols)
                yield row, col, self.alphabet[cell & LETTER_MASK], bool(cell & BLANK_FLAG)

    # --- changing it -----------------------------------------------------------------
    def encode(self, letter: str, blank: bool) -> int:
        try:
            code = self._index[letter]
        except KeyError:
            raise BoardError(f"{letter!r} is not a letter of this game") from None
        return code | BLANK_FLAG if blank else code

    def place(self, placements: Iterable[Placement], owner: int = NO_OWNER) -> None:
        """Put tiles on empty squares (BoardError if a square is unusable)."""
        placements = list(placements)
        for p in placements:
            if not self.on_board(p.row, p.col):
                raise BoardError(f"square ({p.row + 1}, {p.col + 1}) is off the board")
            cell = self.cells[p.row * self.cols + p.col]
            if cell == BLOCKED:
                raise BoardError(f"square {square_name(p.row, p.col)} is blocked")
            if cell != EMPTY:
                raise BoardError(f"square {square_name(p.row, p.col)} already holds a tile")
        for p in placements:
            i = p.row * self.cols + p.col
            self.cells[i] = self.encode(p.letter, p.blank)
            self.owners[i] = owner

    def remove(self, squares: Iterable[tuple[int, int]]) -> None:
        for row, col in squares:
            i = row * self.cols + col
            if self.cells[i] >= 0:
                self.cells[i] = EMPTY
                self.owners[i] = NO_OWNER

    def replace_blank(self, row: int, col: int, owner: int = NO_OWNER) -> str:
        """Swap a blank on the board for the real letter (blank pick-up); returns it."""
        tile = self.tile_at(row, col)
        if tile is None or not tile[1]:
            raise BoardError(f"there is no blank on {square_name(row, col)}")
        i = row * self.cols + col
        self.cells[i] &= LETTER_MASK
        self.owners[i] = owner
        return tile[0]

    def set_rows(self, rows: Sequence[str]) -> None:
        """Fill the board from text rows (``.`` empty, upper case a tile, lower a blank)."""
        if len(rows) != self.rows:
            raise BoardError(f"expected {self.rows} rows, got {len(rows)}")
        for r, text in enumerate(rows):
            squares = row_squares(text)
            if len(squares) != self.cols:
                raise BoardError(f"row {r + 1} has {len(squares)} squares, expected {self.cols}")
            for c, ch in enumerate(squares):
                i = r * self.cols + c
                if ch in ".#@ ":
                    continue
                if self.cells[i] == BLOCKED:
                    raise BoardError(f"a letter on blocked square {square_name(r, c)}")
                self.cells[i] = self.encode(ch.upper(), ch.islower())

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.config = self.config
        other.rows = self.rows
        other.cols = self.cols
        other.alphabet = self.alphabet
        other._index = self._index
        other.cells = list(self.cells)
        other.owners = list(self.owners)
        return other

    def to_rows(self, blocked: str = "#") -> list[str]:
        """Text rows: ``.`` empty, ``blocked`` for blocked squares, letters (lower = blank)."""
        out = []
        for r in range(self.rows):
            row = []
            for c in range(self.cols):
                cell = self.cells[r * self.cols + c]
                if cell == EMPTY:
                    row.append(".")
                elif cell == BLOCKED:
                    row.append(blocked)
                else:
                    letter = self.alphabet[cell & LETTER_MASK]
                    shown = letter.lower() if cell & BLANK_FLAG else letter
                    row.append(f"[{shown}]" if len(letter) > 1 else shown)
            out.append("".join(row))
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells and self.config == other.config

    __hash__ = None  # type: ignore[assignment]


def row_squares(text: str) -> list[str]:
    """A text row's squares: one character each, or a tile of more than one letter in
    brackets (``..[CH]A.``, as ``to_rows`` and CGP write it)."""
    if "[" not in text:
        return list(text)
    squares: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "[" and (end := text.find("]", i)) > i + 1:
            squares.append(text[i + 1:end])
            i = end + 1
        else:
            squares.append(text[i])
            i += 1
    return squares


def letters_name(index: int) -> str:
    """A, B, ... Z, then AA, AB, ... (columns of boards wider than 26)."""
    if index < 26:
        return chr(ord("A") + index)
    return chr(ord("A") + index // 26 - 1) + chr(ord("A") + index % 26)


def column_name(col: int) -> str:
    """Columns are lettered (A at the left), as on a crossword-game board."""
    return letters_name(col)


def row_name(row: int) -> str:
    """Rows are numbered from 1 at the top."""
    return str(row + 1)


def square_name(row: int, col: int) -> str:
    """``H8``: column letter then row number."""
    return f"{column_name(col)}{row_name(row)}"
