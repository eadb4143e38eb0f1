"""Word War boards and the grids players write on them.

A :class:`Board` is one of the printed, wipe-off boards: a crossword-like shape of black
squares with four vowels already printed.  A :class:`Grid` is what one player has written
on a board so far.  Both are immutable values written as text, one string per row:

* ``#`` a black square,
* ``.`` an empty square,
* an upper-case letter a written (or printed) letter.

The nine shipped boards are WordsWorth-style definition files in ``boards/wordwar/``
(``board1.def`` .. ``board9.def``), read with :func:`wordstudio.crossword.config.files.load_config`
so the board designer opens the very same files: ``BoardPositionScore`` gives the shape
(``@`` black) and ``StartingBoard`` the printed vowels.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from wordstudio.paths import boards_dir, read_limited
from wordstudio.wordwar.deck import DeckSpec
from wordstudio.wordwar.errors import BoardError, IllegalPlay

if TYPE_CHECKING:
    from wordstudio.crossword.gameconfig import GameConfig

BLACK = "#"
EMPTY = "."
LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: Largest grid the scoresheet and window lay out comfortably.
MAX_SIZE = 15
#: Largest grid ``wordwar score`` reads (every substring of a line is looked up, so the
#: work grows with the square of a line's length).
MAX_GRID = 30
#: A grid file is a few hundred bytes.
MAX_GRID_BYTES = 100_000
_BOARD_FILE = re.compile(r"board(\d+)\.def", re.IGNORECASE)
#: The deck file of a board set.
DECK_FILE = "wordwar.def"

Square = tuple[int, int]


@dataclass(frozen=True)
class Segment:
    """A maximal run of non-black squares along a row or a column (length two or more)."""

    across: bool
    line: int
    start: int
    length: int

    def squares(self) -> Iterator[Square]:
        for offset in range(self.length):
            k = self.start + offset
            yield (self.line, k) if self.across else (k, self.line)


@dataclass(frozen=True)
class Grid:
    """What is written on one board: rows of ``#``, ``.`` and upper-case letters."""

    rows: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.rows or not self.rows[0]:
            raise BoardError(None, "a grid needs at least one row and one column")
        width = len(self.rows[0])
        for number, row in enumerate(self.rows, start=1):
            if len(row) != width:
                raise BoardError(None, f"row {number} has {len(row)} squares, not {width}")
            bad = set(row) - LETTERS - {BLACK, EMPTY}
            if bad:
                raise BoardError(None, f"row {number} holds {''.join(sorted(bad))!r}; "
                                       "use # for black, . for empty, A-Z for letters")

    # --- reading and writing ------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, source: Path | str | None = None) -> Grid:
        """Read a grid from text (blank lines around it ignored, letters in any case)."""
        lines = [line.rstrip() for line in text.splitlines()]
        numbered = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
        if not numbered:
            raise BoardError(source, "the grid is empty")
        if len(numbered) > MAX_GRID:
            raise BoardError(source, f"the grid has {len(numbered)} rows; at most {MAX_GRID}",
                             numbered[MAX_GRID][0])
        width = len(numbered[0][1].strip())
        if width > MAX_GRID:
            raise BoardError(source, f"the row has {width} squares; at most {MAX_GRID}",
                             numbered[0][0])
        rows = []
        for number, line in numbered:
            # Only ASCII is upper-cased: 'ß'.upper() is 'SS', one square made two.
            row = line.strip()
            row = row.upper() if row.isascii() else row
            if len(row) != width:
                raise BoardError(source, f"this row has {len(row)} squares, the first has {width}",
                                 number)
            bad = set(row) - LETTERS - {BLACK, EMPTY}
            if bad:
                raise BoardError(source, f"unexpected {''.join(sorted(bad))!r}: use # for a black "
                                         "square, . for an empty one, letters A-Z", number)
            rows.append(row)
        return cls(tuple(rows))

    @classmethod
    def load(cls, path: Path | str) -> Grid:
        """Read a grid text file; :class:`BoardError` names the file and line on trouble."""
        try:
            text = read_limited(path, MAX_GRID_BYTES, "Word War grid").decode("utf-8-sig")
        except OSError as exc:
            raise BoardError(path, f"cannot read the grid ({exc.strerror or exc})") from None
        except UnicodeDecodeError as exc:
            raise BoardError(path, f"cannot read the grid (not UTF-8 text: {exc.reason})"
                             ) from None
        return cls.parse(text, source=path)

    def to_text(self) -> str:
        return "\n".join(self.rows) + "\n"

    # --- geometry -------------------------------------------------------------------------
    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    def at(self, row: int, col: int) -> str:
        return self.rows[row][col]

    def columns(self) -> tuple[str, ...]:
        """The columns as strings, top to bottom."""
        return tuple("".join(row[c] for row in self.rows) for c in range(self.width))

    def transpose(self) -> Grid:
        """The grid mirrored in its main diagonal: rows become columns."""
        return Grid(self.columns())

    def empty_squares(self) -> list[Square]:
        return [(r, c) for r, row in enumerate(self.rows) for c, ch in enumerate(row) if ch == EMPTY]

    @property
    def empty_count(self) -> int:
        return sum(row.count(EMPTY) for row in self.rows)

    @property
    def is_full(self) -> bool:
        return self.empty_count == 0

    def place(self, row: int, col: int, letter: str) -> Grid:
        """This grid with ``letter`` written on the empty square (row, col)."""
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise IllegalPlay(f"there is no square at row {row + 1}, column {col + 1}")
        if len(letter) != 1 or letter.upper() not in LETTERS:
            raise IllegalPlay(f"{letter!r} is not a letter A-Z")
        if self.rows[row][col] != EMPTY:
            raise IllegalPlay(f"row {row + 1}, column {col + 1} is not an empty square")
        text = self.rows[row]
        rows = list(self.rows)
        rows[row] = text[:col] + letter.upper() + text[col + 1:]
        return Grid(tuple(rows))

    def shape_matches(self, other: Grid) -> bool:
        """Same size and the same black squares."""
        if (self.height, self.width) != (other.height, other.width):
            return False
        return all((a == BLACK) == (b == BLACK)
                   for ra, rb in zip(self.rows, other.rows, strict=True)
                   for a, b in zip(ra, rb, strict=True))


@dataclass(frozen=True)
class Board:
    """A printed Word War board: number, title, shape and printed vowels."""

    number: int
    title: str
    blank: Grid
    source: str | None = None

    @property
    def height(self) -> int:
        return self.blank.height

    @property
    def width(self) -> int:
        return self.blank.width

    @property
    def open_squares(self) -> int:
        """Squares a player may write in (not black, not printed)."""
        return self.blank.empty_count

    @cached_property
    def printed(self) -> frozenset[Square]:
        """Squares that hold a printed letter."""
        return frozenset((r, c) for r, row in enumerate(self.blank.rows)
                         for c, ch in enumerate(row) if ch in LETTERS)

    @cached_property
    def segments(self) -> tuple[Segment, ...]:
        """Every run of two or more non-black squares, across then down."""
        found: list[Segment] = []
        for across, lines in ((True, self.blank.rows), (False, self.blank.columns())):
            for index, text in enumerate(lines):
                for match in re.finditer(r"[^#]{2,}", text):
                    found.append(Segment(across, index, match.start(), match.end() - match.start()))
        return tuple(found)

    @classmethod
    def from_config(cls, config: GameConfig, number: int, source: str | None = None) -> Board:
        """A board from a parsed definition: ``@`` squares black, ``StartingBoard`` letters."""
        where = source or f"board {number}"
        if max(config.rows, config.columns) > MAX_SIZE:
            raise BoardError(where, f"a Word War board is at most {MAX_SIZE}x{MAX_SIZE}")
        rows = []
        for r in range(config.rows):
            row = []
            for c in range(config.columns):
                if config.is_blocked(r, c):
                    row.append(BLACK)
                    continue
                printed = config.starting_board[r][c] if config.starting_board else EMPTY
                if printed != EMPTY and printed.upper() not in LETTERS:
                    raise BoardError(where, f"row {r + 1} of StartingBoard holds {printed!r}")
                row.append(printed.upper() if printed != EMPTY else EMPTY)
            rows.append("".join(row))
        if config.starting_board:
            for r, text in enumerate(config.starting_board):
                for c, ch in enumerate(text):
                    if ch != EMPTY and config.is_blocked(r, c):
                        raise BoardError(where, f"the printed {ch} at row {r + 1}, column "
                                                f"{c + 1} is on a black square")
        blank = Grid(tuple(rows))
        if blank.empty_count == 0:
            raise BoardError(where, "the board has no square to write in")
        return cls(number, config.title or f"Word War board {number}", blank, source)


def board_folder(folder: Path | str | None = None) -> Path:
    """The folder holding a board set (``boards/wordwar`` among the shipped data)."""
    return Path(folder) if folder is not None else boards_dir() / "wordwar"


def _load_config(path: Path) -> GameConfig:
    from wordstudio.crossword.config.files import ConfigError, load_config

    try:
        return load_config(path)
    except ConfigError as exc:
        raise BoardError(path, exc.message if hasattr(exc, "message") else str(exc),
                         getattr(exc, "line", None)) from exc


@dataclass(frozen=True)
class BoardSet:
    """The boards players choose from, and the deck they share.

    On disk a board set is a folder of ``board<N>.def`` files and, optionally, a
    ``wordwar.def`` holding the deck's ``LetterFrequencies`` (without it: the standard
    deck of two cards per letter and two WILD cards).
    """

    boards: tuple[Board, ...]
    deck: DeckSpec = DeckSpec()
    #: Where the set was read from (None: the shipped boards).
    folder: str | None = None

    def __post_init__(self) -> None:
        if not self.boards:
            raise BoardError(self.folder, "a board set needs at least one board")
        numbers = [board.number for board in self.boards]
        if len(set(numbers)) != len(numbers):
            raise BoardError(self.folder, "two boards have the same number")

    @property
    def numbers(self) -> list[int]:
        return [board.number for board in self.boards]

    def board(self, number: int) -> Board:
        for board in self.boards:
            if board.number == number:
                return board
        raise BoardError(self.folder, f"there is no Word War board {number}")

    @classmethod
    def load(cls, folder: Path | str | None = None) -> BoardSet:
        """Read a board set folder (the shipped boards when ``folder`` is None)."""
        return _load_set_cached(str(board_folder(folder)), None if folder is None else str(folder),
                                _folder_stamp(board_folder(folder)))


def _folder_stamp(root: Path) -> tuple[tuple[str, float], ...]:
    """Names and modification times of a folder's definition files (a cache key)."""
    try:
        return tuple(sorted((p.name, p.stat().st_mtime) for p in root.glob("*.def")))
    except OSError:
        return ()


@lru_cache(maxsize=8)
def _load_set_cached(root_text: str, folder: str | None,
                     stamp: tuple[tuple[str, float], ...]) -> BoardSet:
    root = Path(root_text)
    try:
        is_folder = root.is_dir()
    except OSError as exc:  # a name too long for the system, say
        raise BoardError(root, f"cannot be read as a board folder ({exc.strerror})") from None
    if not is_folder:
        raise BoardError(root, "there is no such board folder")
    boards = []
    for name, _ in stamp:
        match = _BOARD_FILE.fullmatch(name)
        if match:
            path = root / name
            number = int(match.group(1))
            boards.append(Board.from_config(_load_config(path), number, source=str(path)))
    if not boards:
        raise BoardError(root, "the folder holds no board<N>.def files")
    boards.sort(key=lambda board: board.number)
    deck = DeckSpec()
    deck_path = root / DECK_FILE
    if deck_path.exists():
        try:
            deck = DeckSpec.from_config(_load_config(deck_path))
        except ValueError as exc:
            raise BoardError(deck_path, f"unusable deck: {exc}") from exc
    return BoardSet(tuple(boards), deck, folder)


def load_board(number: int, folder: Path | str | None = None) -> Board:
    """Board ``number`` of a board set (the shipped nine by default)."""
    return BoardSet.load(folder).board(number)
