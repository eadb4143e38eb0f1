"""The types of value a configuration element takes, and how each is read and written.

WordsWorth's manual (seed 001, Appendix A) names its types with letters: S string,
C character, N natural number, Z integer, H colour, T texture, and ``{n}`` a table of
type n.  Each :class:`Kind` here reads one of those (or one of WordStudio's extension
types) from a :class:`~wordstudio.crossword.config.syntax.Statement`, writes a Python
value back as value text, and turns it into plain JSON.

A kind reports a bad value with :class:`ValueProblem`, whose message reads on from the
element's name ("must be 1 to 30, not 31"); the reader adds the name, file and line.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from wordstudio.crossword.config.syntax import Statement, escape_text
from wordstudio.crossword.gameconfig import (
    BLOCKED,
    LETTER_CODES,
    MAX_ALPHABET,
    WORD_CODES,
    Direction,
    is_square_code,
)

COLOURS = (
    "Black", "Blue", "Green", "Cyan", "Red", "Magenta", "Brown", "LightGray",
    "DarkGray", "LightBlue", "LightGreen", "LightCyan", "LightRed", "LightMagenta",
    "Yellow", "White",
)  # fmt: skip
TEXTURES = (
    "Solid", "Line", "ThinSlash", "ThickSlash", "ThickBackslash", "ThinBackslash",
    "ThinHatch", "ThickHatch", "InterleavingLine", "WideSpacedDots", "CloseSpacedDots",
)  # fmt: skip
VIDEO_CARDS = ("Autodetect", "Hercules", "EGA", "VGA", "SuperVGA")
#: The highest ``VideoMode`` of any card (WordsWorth's manual, note 14: SuperVGA's 4,
#: 1024x768; the others stop at 0, 1 or 2, though the manual's own SETUP example gives EGA
#: mode 2, so a mode is not held to its card's).
MAX_VIDEO_MODE = 4
#: WordsWorth's marks cover premiums x2..x11: ten of each kind at most.
MAX_MARKS = 10
#: ``StartingBoard``: an empty square.
EMPTY_SQUARE = "."


class ValueProblem(Exception):
    """A value is wrong; ``line`` is set when the problem is on one line of a table."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


class Shape(NamedTuple):
    """The board size in force when a board-dependent element is read."""

    rows: int
    columns: int


class Kind:
    """How one type of value is read, written and shown as JSON."""

    #: What the manual's type letters would call it, for messages.
    what = "a value"
    #: Whether the value is written in braces.
    table = False

    def read(self, statement: Statement, shape: Shape) -> Any:
        if self.table and not statement.is_table:
            raise ValueProblem(f"needs a table in {{ }}, not {statement.scalar_text()!r}")
        if not self.table and statement.is_table:
            raise ValueProblem(f"takes {self.what}, not a table")
        if self.table:
            return self.read_table(statement, shape)
        return self.read_text(statement.scalar_text(), shape)

    def read_text(self, text: str, shape: Shape) -> Any:
        raise NotImplementedError

    def read_table(self, statement: Statement, shape: Shape) -> Any:
        raise NotImplementedError

    def write(self, value: Any) -> str:
        """Value text for ``value``; tables may span lines (joined with ``\\n``)."""
        raise NotImplementedError

    def to_json(self, value: Any) -> Any:
        return value


def _table_words(statement: Statement) -> list[tuple[int, str]]:
    return [(piece.line, word) for piece in statement.pieces for word in piece.words()]


def _inline_table(items: Sequence[str]) -> str:
    return "{ " + " ".join(items) + " }" if items else "{ }"


#: No number in a configuration is larger (nine digits): checked on the text, so a number
#: of a thousand digits is never converted, and no later sum or product can overflow.
MAX_NUMBER = 999_999_999


def _parse_int(text: str, signed: bool) -> int | None:
    """The number ``text`` writes (plain ASCII digits), None if it writes none;
    ValueProblem when it has more digits than any setting needs."""
    pattern = r"[+-]?0*([0-9]+)" if signed else r"\+?0*([0-9]+)"
    match = re.fullmatch(pattern, text)
    if match is None:
        return None
    if len(match.group(1)) > len(str(MAX_NUMBER)):
        shown = text if len(text) <= 20 else f"{text[:12]}... ({len(text)} digits)"
        raise ValueProblem(f"has the number {shown}; numbers go up to {MAX_NUMBER:,}")
    # The digits after any leading zeros: thousands of zeros are still a small number
    # (and int() refuses strings of more than 4,300 digits).
    return -int(match.group(1)) if text.startswith("-") else int(match.group(1))


# --- scalars ------------------------------------------------------------------------------


class Natural(Kind):
    """N: a whole number, optionally limited to ``minimum``..``maximum``."""

    what = "a whole number"

    def __init__(self, minimum: int = 0, maximum: int | None = None):
        self.minimum = minimum
        self.maximum = maximum

    def read_text(self, text: str, shape: Shape) -> int:
        number = _parse_int(text, signed=False)
        if number is None:
            raise ValueProblem(f"needs a whole number, not {text!r}")
        self.check_range(number, self.maximum)
        return number

    def check_range(self, number: int, maximum: int | None) -> None:
        if maximum is not None and not self.minimum <= number <= maximum:
            raise ValueProblem(f"must be {self.minimum} to {maximum}, not {number}")
        if number < self.minimum:
            raise ValueProblem(f"must be at least {self.minimum}, not {number}")

    def write(self, value: Any) -> str:
        return str(int(value))

    def to_json(self, value: Any) -> Any:
        return None if value is None else int(value)


class BoardIndex(Natural):
    """A 1-based row or column of the board, 0 for "no constraint" (``FirstMoveRow``)."""

    def __init__(self, axis: str):
        super().__init__(0)
        self.axis = axis

    def read_text(self, text: str, shape: Shape) -> int:
        number = _parse_int(text, signed=False)
        if number is None:
            raise ValueProblem(f"needs a whole number, not {text!r}")
        size = shape.rows if self.axis == "row" else shape.columns
        if number > size:
            plural = "rows" if self.axis == "row" else "columns"
            raise ValueProblem(
                f"{number} is outside the board, which has {size} {plural} "
                f"(use 1 to {size}, or 0 for no constraint)"
            )
        return number


class Integer(Kind):
    """Z: a whole number that may be negative."""

    what = "a number"

    def read_text(self, text: str, shape: Shape) -> int:
        number = _parse_int(text, signed=True)
        if number is None:
            raise ValueProblem(f"needs a number, not {text!r}")
        return number

    def write(self, value: Any) -> str:
        return str(int(value))


class Flag(Kind):
    """0 or 1 (WordStudio's on/off extensions)."""

    what = "0 or 1"

    def read_text(self, text: str, shape: Shape) -> bool:
        if text not in ("0", "1"):
            raise ValueProblem(f"must be 0 or 1, not {text!r}")
        return text == "1"

    def write(self, value: Any) -> str:
        return "1" if value else "0"

    def to_json(self, value: Any) -> Any:
        return bool(value)


class Text(Kind):
    """S: a string; whitespace inside it is kept, at its ends dropped."""

    what = "a string"

    def __init__(self, allow_empty: bool = False):
        self.allow_empty = allow_empty

    def read_text(self, text: str, shape: Shape) -> str:
        if not text and not self.allow_empty:
            raise ValueProblem("needs a value")
        return text

    def write(self, value: Any) -> str:
        return escape_text(str(value))


class Choice(Kind):
    """One name from a fixed list, any case: a colour (H), a texture (T), a video card."""

    def __init__(self, names: Sequence[str], noun: str):
        self.names = tuple(names)
        self.noun = noun
        self.what = f"a {noun}"
        self._by_key = {name.lower(): name for name in names}

    def canonical(self, text: str) -> str:
        try:
            return self._by_key[text.lower()]
        except KeyError:
            raise ValueProblem(
                f"has unknown {self.noun} {text!r}; use one of {', '.join(self.names)}"
            ) from None

    def read_text(self, text: str, shape: Shape) -> str:
        if not text:
            raise ValueProblem(f"needs {self.what}")
        return self.canonical(text)

    def write(self, value: Any) -> str:
        return self.canonical(str(value))


class EnumChoice(Kind):
    """An enum member written as its value, any case (``Scoring = LengthSquared``)."""

    def __init__(self, enum_type: type[enum.Enum], noun: str):
        self.enum_type = enum_type
        self.noun = noun
        self.what = f"a {noun} name"
        self._by_key = {str(member.value).lower(): member for member in enum_type}

    def member(self, text: str) -> enum.Enum:
        try:
            return self._by_key[text.lower()]
        except KeyError:
            names = ", ".join(str(m.value) for m in self.enum_type)
            raise ValueProblem(f"has unknown {self.noun} {text!r}; use one of {names}") from None

    def read_text(self, text: str, shape: Shape) -> enum.Enum:
        return self.member(text)

    def write(self, value: Any) -> str:
        return str(self.enum_type(value).value)

    def to_json(self, value: Any) -> Any:
        return self.enum_type(value).value


# --- tables of names, characters and numbers ----------------------------------------------


class ChoiceTable(Kind):
    """{H} or {T}: up to ``limit`` colour or texture names."""

    table = True

    def __init__(self, choice: Choice, limit: int = MAX_MARKS):
        self.choice = choice
        self.limit = limit
        self.what = f"a table of {choice.noun}s"

    def read_table(self, statement: Statement, shape: Shape) -> tuple[str, ...]:
        words = _table_words(statement)
        if len(words) > self.limit:
            raise ValueProblem(
                f"has {len(words)} entries; at most {self.limit} are allowed", words[self.limit][0]
            )
        names = []
        for line, word in words:
            try:
                names.append(self.choice.canonical(word))
            except ValueProblem as problem:
                raise ValueProblem(problem.message, line) from None
        return tuple(names)

    def write(self, value: Any) -> str:
        return _inline_table([self.choice.canonical(v) for v in value])

    def to_json(self, value: Any) -> Any:
        return list(value)


class CharTable(Kind):
    """{C}: characters, whitespace between them ignored (``LetterMarks = { $1 $2 }``)."""

    table = True
    what = "a table of characters"

    def __init__(self, limit: int = MAX_MARKS):
        self.limit = limit

    def read_table(self, statement: Statement, shape: Shape) -> tuple[str, ...]:
        chars: list[str] = []
        for piece in statement.pieces:
            chars.extend(piece.chars())
            if len(chars) > self.limit:
                raise ValueProblem(
                    f"has more than {self.limit} characters; at most {self.limit} are allowed",
                    piece.line,
                )
        return tuple(chars)

    def write(self, value: Any) -> str:
        return _inline_table([escape_text(c) for c in value])

    def to_json(self, value: Any) -> Any:
        return list(value)


class NumberTable(Kind):
    """{N} or {Z}: numbers separated by whitespace or commas.

    How many there must be depends on the alphabet, which may be set later in the file;
    the reader checks the count once the whole configuration has been read.
    """

    table = True

    def __init__(self, signed: bool):
        self.signed = signed
        self.what = "a table of numbers" if signed else "a table of whole numbers"

    def read_table(self, statement: Statement, shape: Shape) -> tuple[int, ...]:
        numbers = []
        for line, word in _table_words(statement):
            try:
                number = _parse_int(word, self.signed)
            except ValueProblem as problem:
                raise ValueProblem(problem.message, line) from None
            if number is None:
                wanted = "number" if self.signed else "whole number"
                raise ValueProblem(f"needs a {wanted} for each letter, not {word!r}", line)
            numbers.append(number)
        return tuple(numbers)

    def write(self, value: Any) -> str:
        return _inline_table([str(int(v)) for v in value])

    def to_json(self, value: Any) -> Any:
        return list(value)


def _tile_letter(letter: str) -> bool:
    """Upper-case letters, with Catalan's middle dot allowed between two (``L·L``)."""
    if not letter or not letter[0].isalpha() or not letter[-1].isalpha():
        return False
    return all(c == "\u00b7" or (c.isalpha() and c.upper() == c != c.lower()) for c in letter)


class AlphabetTable(Kind):
    """``Alphabet``: the letters in play, one word each (``{ A B C CH D ... }``).

    Letters are upper case so that lower case can stand for a blank, as WordsWorth writes
    it; a letter may be several characters (Spanish ``CH``, ``LL``).
    """

    table = True
    what = "a table of letters"

    def read_table(self, statement: Statement, shape: Shape) -> tuple[str, ...]:
        words = _table_words(statement)
        if not words:
            raise ValueProblem("needs at least one letter")
        if len(words) > MAX_ALPHABET:
            raise ValueProblem(
                f"has {len(words)} letters; at most {MAX_ALPHABET} are allowed",
                words[MAX_ALPHABET][0],
            )
        seen: set[str] = set()
        for line, letter in words:
            if not _tile_letter(letter):
                raise ValueProblem(
                    f"letter {letter!r} must be made of upper-case letters "
                    "(lower case stands for a blank; a middle dot may join two, as in L·L)",
                    line,
                )
            if letter in seen:
                raise ValueProblem(f"lists {letter!r} twice", line)
            seen.add(letter)
        return tuple(word for _, word in words)

    def write(self, value: Any) -> str:
        return _inline_table(list(value))

    def to_json(self, value: Any) -> Any:
        return list(value)


class DirectionTable(Kind):
    """``Directions``: the directions words may be laid in (``{ Across Down }``)."""

    table = True
    what = "a table of directions"

    def __init__(self) -> None:
        self._choice = EnumChoice(Direction, "direction")

    def read_table(self, statement: Statement, shape: Shape) -> tuple[Direction, ...]:
        words = _table_words(statement)
        if not words:
            raise ValueProblem("needs at least one direction")
        directions: list[Direction] = []
        for line, word in words:
            try:
                direction = self._choice.member(word)
            except ValueProblem as problem:
                raise ValueProblem(problem.message, line) from None
            if direction in directions:
                raise ValueProblem(f"lists {direction.value} twice", line)
            directions.append(Direction(direction))
        return tuple(directions)

    def write(self, value: Any) -> str:
        return _inline_table([Direction(v).value for v in value])

    def to_json(self, value: Any) -> Any:
        return [Direction(v).value for v in value]


# --- boards -------------------------------------------------------------------------------


class BoardTable(Kind):
    """A board-shaped {C} table: each line inside the braces is one row of the board.

    The whole board may also be written as one run of rows x columns characters.  An
    empty table means "nothing" when ``allow_empty`` (an empty ``StartingBoard``).
    """

    table = True
    what = "a table of board rows"

    def __init__(self, allow_empty: bool):
        self.allow_empty = allow_empty

    def read_table(self, statement: Statement, shape: Shape) -> tuple[str, ...]:
        lines = [(piece.line, piece.chars()) for piece in statement.pieces if piece.chars()]
        if not lines and self.allow_empty:
            return ()
        rows, columns = shape
        if len(lines) == 1 and rows > 1 and len(lines[0][1]) == rows * columns:
            line, run = lines[0]
            lines = [(line, run[r * columns : (r + 1) * columns]) for r in range(rows)]
        for number, (line, row) in enumerate(lines, start=1):
            if number > rows:
                raise ValueProblem(f"has more than {rows} rows: the board has {rows}", line)
            if len(row) != columns:
                raise ValueProblem(f"row {number} has {len(row)} squares, not {columns}", line)
            for column, code in enumerate(row, start=1):
                self.check_square(code, number, column, line)
        if len(lines) < rows:
            raise ValueProblem(f"has {len(lines)} rows, not {rows}", statement.last_line)
        return tuple(row for _, row in lines)

    def check_square(self, code: str, row: int, column: int, line: int) -> None:
        raise NotImplementedError

    def write(self, value: Any) -> str:
        if not value:
            return "{ }"
        return "{\n" + "\n".join(value) + "\n}"

    def to_json(self, value: Any) -> Any:
        return list(value)


class PremiumBoard(BoardTable):
    """``BoardPositionScore``: ``a`` plain, ``b``..``k`` letter x2..x11, ``B``..``K`` word
    x2..x11, ``@`` blocked."""

    def __init__(self) -> None:
        super().__init__(allow_empty=False)

    def check_square(self, code: str, row: int, column: int, line: int) -> None:
        if is_square_code(code):
            return
        where = f"row {row}, column {column}"
        if code.isascii() and code.isalpha():
            factor = ord(code.lower()) - ord("a") + 1
            kind = "letter" if code.islower() else "word"
            last = LETTER_CODES[-1] if code.islower() else WORD_CODES[-1]
            raise ValueProblem(
                f"{where}: {code!r} would be a {kind} x{factor} square; premiums go up to "
                f"x11 ({last!r})",
                line,
            )
        raise ValueProblem(
            f"{where}: unknown square {code!r}; use a (plain), b-k (letter x2-x11), "
            f"B-K (word x2-x11) or {BLOCKED} (blocked)",
            line,
        )


class StartingTiles(BoardTable):
    """``StartingBoard``: ``.`` an empty square, an upper-case letter a tile, a lower-case
    letter a blank standing for it.  Which letters exist is checked against the alphabet
    once the whole configuration has been read."""

    def __init__(self) -> None:
        super().__init__(allow_empty=True)

    def read_table(self, statement: Statement, shape: Shape) -> tuple[str, ...]:
        rows = super().read_table(statement, shape)
        # A board of nothing but empty squares is the same as no starting board.
        return () if all(set(row) == {EMPTY_SQUARE} for row in rows) else rows

    def check_square(self, code: str, row: int, column: int, line: int) -> None:
        if code != EMPTY_SQUARE and not code.isalpha():
            raise ValueProblem(
                f"row {row}, column {column}: {code!r} is not a letter or "
                f"'{EMPTY_SQUARE}' (an empty square)",
                line,
            )
