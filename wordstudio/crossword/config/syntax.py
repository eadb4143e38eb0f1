"""The lexical layer of the WordsWorth configuration language.

This module splits a configuration file into statements (``Name = value``) without
knowing what any element means.  Every statement remembers where it sits in the text,
lines and character offsets, so the designer's document model can rewrite one value and
leave every other byte of the file alone.

The rules come from the WordsWorth manual (seed 001, Appendix A):

* ``#`` starts a comment that runs to the end of the line.
* ``\\`` makes the next character literal: ``\\#``, ``\\{``, ``\\}``, ``\\$``, ``\\\\``
  (any other character may be escaped too, a space included).
* ``$n`` with one digit is ASCII character *n*, and ``$0`` stands for 10.  WordsWorth
  used these for the ten premium-mark glyphs of its font.
* Whitespace is ignored except inside strings.
* A table is written in ``{ }`` and may span lines.  The ``{`` may also start the line
  after ``Name =``.

A scalar value runs to the end of its line; a table runs to its closing ``}``, after
which only a comment may follow on that line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from wordstudio.errors import UserError


class ConfigError(UserError):
    """A configuration file is wrong: ``path`` and ``line`` say where, ``message`` what.

    ``str()`` reads like ``boards/x.def, line 12: unknown element 'Foo'``.  ``path`` is
    None for text that did not come from a file, and ``line`` is None for problems with
    the file as a whole (it cannot be read).
    """

    def __init__(self, path: str | os.PathLike[str] | None, line: int | None, message: str):
        self.path = Path(path) if path is not None else None
        self.line = line
        self.message = message
        super().__init__(self._describe())

    def _describe(self) -> str:
        where = []
        if self.path is not None:
            where.append(str(self.path))
        if self.line is not None:
            where.append(f"line {self.line}")
        return f"{', '.join(where)}: {self.message}" if where else self.message

    def __reduce__(self) -> tuple[type[ConfigError], tuple[Path | None, int | None, str]]:
        # Errors cross process boundaries (worker processes); keep them picklable.
        return (ConfigError, (self.path, self.line, self.message))


@dataclass(frozen=True)
class Piece:
    """The decoded text of one line of a value: comments removed, escapes resolved.

    ``literal[i]`` is True where ``text[i]`` came from an escape (``\\x`` or ``$n``).
    Such characters never count as whitespace or separators.
    """

    line: int
    text: str
    literal: tuple[bool, ...]

    def _is_blank(self, i: int) -> bool:
        return not self.literal[i] and self.text[i].isspace()

    def stripped(self) -> str:
        """The text without unescaped whitespace at either end (how strings are read)."""
        start, stop = 0, len(self.text)
        while start < stop and self._is_blank(start):
            start += 1
        while stop > start and self._is_blank(stop - 1):
            stop -= 1
        return self.text[start:stop]

    def chars(self) -> str:
        """Every character except unescaped whitespace (how ``{C}`` tables are read)."""
        return "".join(c for i, c in enumerate(self.text) if not self._is_blank(i))

    def words(self) -> list[str]:
        """The text split at unescaped whitespace and commas (how lists of names and
        numbers are read)."""
        words: list[str] = []
        current: list[str] = []
        for i, c in enumerate(self.text):
            if not self.literal[i] and (c.isspace() or c == ","):
                if current:
                    words.append("".join(current))
                    current = []
            else:
                current.append(c)
        if current:
            words.append("".join(current))
        return words


@dataclass(frozen=True)
class Statement:
    """One ``Name = value`` setting and where it sits in its file.

    ``pieces`` holds one piece for a scalar, or one per line inside the braces of a table
    (the text after ``{`` on the opening line and before ``}`` on the closing line
    included, even when empty).  Offsets index the file's text: ``start`` is the start
    of the first line, ``end`` just past the last line's line break, ``equals_end`` just
    past the ``=``, and ``value_start``/``value_end`` bracket the value as written (for
    a table, from ``{`` to just past ``}``; for an empty scalar, both equal
    ``equals_end``).
    """

    name: str
    pieces: tuple[Piece, ...]
    is_table: bool
    first_line: int
    last_line: int
    start: int
    equals_end: int
    value_start: int
    value_end: int
    end: int

    @property
    def line(self) -> int:
        """The line the statement starts on (the one errors name by default)."""
        return self.first_line

    def scalar_text(self) -> str:
        """A scalar's value as a string (outer whitespace stripped)."""
        return self.pieces[0].stripped() if self.pieces else ""


# --- escaping -----------------------------------------------------------------------------

#: Characters with a meaning of their own; a string holding one must escape it.
SPECIAL_CHARACTERS = "#{}$\\"


def escape_text(text: str) -> str:
    """Write ``text`` so that reading it back gives ``text`` again.

    Special characters get a backslash, ASCII 1-10 become ``$1``..``$0`` (the only way to
    write a newline), and whitespace that would otherwise be stripped or ignored is
    escaped.  A carriage return cannot be written: it would end the line.
    """
    out: list[str] = []
    last = len(text) - 1
    for i, c in enumerate(text):
        code = ord(c)
        if 1 <= code <= 10:
            out.append(f"${code % 10}")
        elif c == "\r":
            raise ValueError(f"{text!r} holds a carriage return, which a value cannot hold")
        elif c in SPECIAL_CHARACTERS or (c.isspace() and (i in (0, last) or c != " ")):
            out.append("\\" + c)
        else:
            out.append(c)
    return "".join(out)


# --- splitting a file into statements -------------------------------------------------------

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class _Line:
    start: int  # offset of the first character
    stop: int  # offset of the line break (or the end of the text)
    end: int  # offset just past the line break


@dataclass(frozen=True)
class _Unit:
    """One decoded character and the span of source text it came from."""

    char: str
    literal: bool
    start: int
    stop: int

    @property
    def blank(self) -> bool:
        return not self.literal and self.char.isspace()

    def is_(self, char: str) -> bool:
        return not self.literal and self.char == char


def _split_lines(text: str) -> list[_Line]:
    # Only CR, LF and CRLF end lines; str.splitlines would also split at form feeds and
    # other separators, and line numbers would disagree with the user's editor.
    lines = []
    pos = 0
    for match in _LINE_BREAK.finditer(text):
        lines.append(_Line(pos, match.start(), match.end()))
        pos = match.end()
    if pos < len(text):
        lines.append(_Line(pos, len(text), len(text)))
    return lines


def _piece(line: int, units: list[_Unit]) -> Piece:
    return Piece(line, "".join(u.char for u in units), tuple(u.literal for u in units))


def _trim(units: list[_Unit]) -> list[_Unit]:
    start, stop = 0, len(units)
    while start < stop and units[start].blank:
        start += 1
    while stop > start and units[stop - 1].blank:
        stop -= 1
    return units[start:stop]


class _Splitter:
    """Walks a file line by line, decoding escapes and cutting out statements."""

    def __init__(self, text: str, path: str | os.PathLike[str] | None):
        self.text = text
        self.path = path
        self.lines = _split_lines(text)

    def error(self, line: int, message: str) -> ConfigError:
        return ConfigError(self.path, line, message)

    def decode(self, index: int) -> list[_Unit]:
        """The characters of line ``index`` (0-based) up to any comment, decoded."""
        line = self.lines[index]
        text, i, stop = self.text, line.start, line.stop
        units: list[_Unit] = []
        while i < stop:
            c = text[i]
            if c == "#":
                break
            if c == "\\":
                if i + 1 >= stop:
                    raise self.error(
                        index + 1,
                        "a '\\' at the end of a line escapes nothing; write '\\\\' for a backslash",
                    )
                units.append(_Unit(text[i + 1], True, i, i + 2))
                i += 2
            elif c == "$":
                digit = text[i + 1] if i + 1 < stop else ""
                if digit not in tuple("0123456789"):
                    raise self.error(
                        index + 1,
                        "'$' must be followed by one digit ($1..$9, or $0 for 10); "
                        "write '\\$' for a dollar sign",
                    )
                units.append(_Unit(chr(int(digit) or 10), True, i, i + 2))
                i += 2
            else:
                units.append(_Unit(c, False, i, i + 1))
                i += 1
        return units

    def statements(self) -> Iterator[Statement]:
        index = 0
        while index < len(self.lines):
            units = _trim(self.decode(index))
            if not units:
                index += 1
                continue
            statement = self.statement(index, units)
            yield statement
            index = statement.last_line  # the line after the statement (0-based)

    def statement(self, index: int, units: list[_Unit]) -> Statement:
        lineno = index + 1
        first = units[0]
        if first.is_("}"):
            raise self.error(lineno, "'}' has no matching '{'")
        if first.is_("{"):
            raise self.error(lineno, "a table needs a name: write 'Name = { ... }'")
        k = 0
        while (
            k < len(units)
            and not units[k].literal
            and (units[k].char.isascii() and (units[k].char.isalnum() or units[k].char == "_"))
        ):
            k += 1
        name = "".join(u.char for u in units[:k])
        if not name or not name[0].isalpha():
            shown = "".join(u.char for u in units)[:30]
            raise self.error(lineno, f"expected 'Name = value', not {shown!r}")
        while k < len(units) and units[k].blank:
            k += 1
        if k >= len(units) or not units[k].is_("="):
            raise self.error(lineno, f"expected '=' after '{name}'")
        equals = units[k]
        rest = _trim(units[k + 1 :])
        if rest and rest[0].is_("{"):
            return self.table(name, index, equals.stop, index, rest[0], rest[1:])
        for unit in rest:
            if unit.is_("{"):
                raise self.error(lineno, f"'{{' must come straight after '{name} ='")
            if unit.is_("}"):
                raise self.error(lineno, "'}' has no matching '{'")
        line = self.lines[index]
        if rest:
            value_start, value_end = rest[0].start, rest[-1].stop
        else:
            # Nothing after '=': the value may be a table whose '{' starts a later line.
            after = self.table_on_later_line(index)
            if after is not None:
                brace_index, brace_units = after
                return self.table(
                    name, index, equals.stop, brace_index, brace_units[0], brace_units[1:]
                )
            value_start = value_end = equals.stop
        return Statement(
            name=name,
            pieces=(_piece(lineno, rest),),
            is_table=False,
            first_line=lineno,
            last_line=lineno,
            start=line.start,
            equals_end=equals.stop,
            value_start=value_start,
            value_end=value_end,
            end=line.end,
        )

    def table_on_later_line(self, index: int) -> tuple[int, list[_Unit]] | None:
        """The next line with content, if that content starts with ``{``."""
        for later in range(index + 1, len(self.lines)):
            units = _trim(self.decode(later))
            if units:
                return (later, units) if units[0].is_("{") else None
        return None

    def table(
        self,
        name: str,
        name_index: int,
        equals_end: int,
        index: int,
        brace: _Unit,
        units: list[_Unit],
    ) -> Statement:
        open_line = index + 1
        pieces: list[Piece] = []
        while True:
            lineno = index + 1
            for k, unit in enumerate(units):
                if unit.is_("{"):
                    raise self.error(lineno, "'{' inside a table; write '\\{' for a literal brace")
                if unit.is_("}"):
                    if _trim(units[k + 1 :]):
                        raise self.error(lineno, "unexpected text after '}'")
                    pieces.append(_piece(lineno, units[:k]))
                    return Statement(
                        name=name,
                        pieces=tuple(pieces),
                        is_table=True,
                        first_line=name_index + 1,
                        last_line=lineno,
                        start=self.lines[name_index].start,
                        equals_end=equals_end,
                        value_start=brace.start,
                        value_end=unit.stop,
                        end=self.lines[index].end,
                    )
            pieces.append(_piece(lineno, units))
            index += 1
            if index >= len(self.lines):
                raise self.error(
                    open_line,
                    f"the '{{' of {name} is never closed: no '}}' before the end of the file",
                )
            units = self.decode(index)


def split_statements(text: str, path: str | os.PathLike[str] | None = None) -> list[Statement]:
    """Every statement of a configuration text, in order.

    Raises :class:`ConfigError` for text that is not ``Name = value`` lines and tables:
    unbalanced braces, a bad escape, a line that is not a setting.  ``path`` is only used
    in error messages.
    """
    return list(_Splitter(text, path).statements())
