"""Live checks of a design, in plain words (no Qt).

Two sources of problems:

* the engine's own reading (:meth:`ConfigDocument.to_config`): any error it raises -
  a board row of the wrong width in an included file, a premium beyond x11, a table of
  the wrong length - is shown with the file and line it names;
* the designer's own checks on the leniently read values, which also run while the file
  is broken, and say things the engine cannot know are unwanted: a board with nowhere to
  play, a first move that cannot be made, a bag too small for the racks, open squares an
  anchored game can never reach.

The engine also refuses a first move it cannot make; when the designer has said so in
its own words, the engine's message about it is left out, so it is said once.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from wordstudio.crossword.config.syntax import ConfigError
from wordstudio.crossword.gameconfig import BLOCKED
from wordstudio.ui.designer.boardedit import Board, region
from wordstudio.ui.designer.document import DesignDocument, DesignValues


class Level(enum.Enum):
    """How much a problem matters."""

    ERROR = "error"  # the game cannot be played (or saved as a valid file) like this
    WARNING = "warning"  # it can, but probably not as the designer means


class Area(enum.Enum):
    """The part of the designer a problem belongs to (the page shows that part)."""

    BOARD = "board"
    TILES = "tiles"
    RULES = "rules"
    FILE = "file"


#: Which area each element is edited in; anything else is a rule.
_AREAS = {
    "Rows": Area.BOARD, "Columns": Area.BOARD, "BoardPositionScore": Area.BOARD,
    "StartingBoard": Area.BOARD, "FirstMoveRow": Area.BOARD, "FirstMoveCol": Area.BOARD,
    "Alphabet": Area.TILES, "LetterFrequencies": Area.TILES, "LetterScores": Area.TILES,
    "LetterWeights": Area.TILES,
}  # fmt: skip


def area_of(name: str | None) -> Area:
    """The part of the designer where element ``name`` is edited."""
    if name is None:
        return Area.FILE
    return _AREAS.get(name, Area.RULES)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a design."""

    level: Level
    message: str
    area: Area
    element: str | None = None
    path: Path | None = None
    line: int | None = None


def check_design(document: DesignDocument, values: DesignValues) -> list[Problem]:
    """Every problem with the design, errors first."""
    own = board_problems(values) + tile_problems(values)
    engine = engine_problem(document)
    # A board with no open square has no first move either: that is said already too.
    said = any(p.level is Level.ERROR and (p.element in _FIRST_MOVE or p.message == NO_SQUARE)
               for p in own)
    if engine is not None and not (said and _about_first_move(engine)):
        own.insert(0, engine)
    return sorted(own, key=lambda p: p.level is not Level.ERROR)


_FIRST_MOVE = ("FirstMoveRow", "FirstMoveCol")
NO_SQUARE = "The board has no square to play on: every square is blocked."


def _about_first_move(problem: Problem) -> bool:
    return problem.element in _FIRST_MOVE or "first move" in problem.message


def engine_problem(document: DesignDocument) -> Problem | None:
    """The first error the engine finds reading the files, or None."""
    try:
        document.to_config()
    except ConfigError as error:
        name = document.element_at(error.path, error.line)
        return Problem(Level.ERROR, str(_relative(error)), area_of(name), name, error.path, error.line)
    return None


def _relative(error: ConfigError) -> str:
    """The error's text with the file's name rather than its whole path."""
    where = []
    if error.path is not None:
        where.append(error.path.name)
    if error.line is not None:
        where.append(f"line {error.line}")
    return f"{', '.join(where)}: {error.message}" if where else error.message


def _open_squares(layout: Board) -> set[tuple[int, int]]:
    return {
        (r, c) for r, row in enumerate(layout) for c, code in enumerate(row) if code != BLOCKED
    }


def board_problems(values: DesignValues) -> list[Problem]:
    """No playable square; a first move outside the board or on blocked squares;
    open squares that an anchored game cannot reach."""
    layout: Board = values["BoardPositionScore"]
    rows, columns = values.rows, values.columns
    problems: list[Problem] = []
    open_squares = _open_squares(layout)
    if not open_squares:
        problems.append(Problem(Level.ERROR, NO_SQUARE, Area.BOARD, "BoardPositionScore"))
        return problems
    row, col = values.raw_first_move
    if row > rows:
        problems.append(Problem(
            Level.ERROR,
            f"The first move must cross row {row}, which is outside the board "
            f"(it has {rows} rows).", Area.BOARD, "FirstMoveRow"))
    if col > columns:
        problems.append(Problem(
            Level.ERROR,
            f"The first move must cross column {col}, which is outside the board "
            f"(it has {columns} columns).", Area.BOARD, "FirstMoveCol"))
    row, col = values["FirstMoveRow"], values["FirstMoveCol"]
    if row and col and layout[row - 1][col - 1] == BLOCKED:
        problems.append(Problem(
            Level.ERROR,
            f"The first move must cover row {row}, column {col}, which is a blocked square.",
            Area.BOARD, "FirstMoveRow"))
    elif row and not col and all(code == BLOCKED for code in layout[row - 1]):
        problems.append(Problem(
            Level.ERROR,
            f"The first move must cross row {row}, but every square of it is blocked.",
            Area.BOARD, "FirstMoveRow"))
    elif col and not row and all(line[col - 1] == BLOCKED for line in layout):
        problems.append(Problem(
            Level.ERROR,
            f"The first move must cross column {col}, but every square of it is blocked.",
            Area.BOARD, "FirstMoveCol"))
    if values["FreeForm"] == 0 and len(open_squares) > 1:
        parts = _parts(layout, open_squares)
        if parts > 1:
            problems.append(Problem(
                Level.WARNING,
                f"Blocked squares cut the open squares into {parts} separate parts; every "
                "move must join the tiles already played, so only one part can be used.",
                Area.BOARD, "BoardPositionScore"))
    return problems


def _parts(layout: Board, open_squares: set[tuple[int, int]]) -> int:
    # Mark open squares with one code and blocked ones with another, then count regions.
    marked = tuple(
        "".join("o" if (r, c) in open_squares else "x" for c in range(len(layout[0])))
        for r in range(len(layout))
    )
    seen: set[tuple[int, int]] = set()
    parts = 0
    for square in sorted(open_squares):
        if square not in seen:
            seen |= region(marked, square)
            parts += 1
    return parts


def tile_problems(values: DesignValues) -> list[Problem]:
    """Fewer tiles than the racks need; an empty pool."""
    rack = values["NumberOfTiles"]
    size = len(values.alphabet)
    frequencies = values["LetterFrequencies"]
    total = sum(frequencies[:size]) + (frequencies[size] if len(frequencies) > size else 0)
    low, high = max(1, values["MinimumPlayers"]), max(1, values["MaximumPlayers"])
    problems: list[Problem] = []
    if rack == 1 and total == 0:
        problems.append(Problem(
            Level.ERROR, "Players play from the pool, but the pool has no tiles.",
            Area.TILES, "LetterFrequencies"))
    elif rack > 1 and total < rack * low:
        players = "one player" if low == 1 else f"{low} players"
        problems.append(Problem(
            Level.ERROR,
            f"Fewer tiles than the racks need: the bag holds {total} tiles, but {players} "
            f"with racks of {rack} need {rack * low}.", Area.TILES, "LetterFrequencies"))
    elif rack > 1 and total < rack * high:
        fits = total // rack
        problems.append(Problem(
            Level.WARNING,
            f"The bag holds {total} tiles: enough for {fits} racks of {rack}, not for "
            f"{high} players (they need {rack * high}).", Area.TILES, "LetterFrequencies"))
    return problems
