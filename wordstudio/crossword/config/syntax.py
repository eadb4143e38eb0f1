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
which only a comment may follow on that line.  A line may hold at most
:data:`MAX_LINE_CHARS` characters (comment included); reading takes time in proportion
to the text's length, however its lines are made.
"""

from __future__ import annotations

import operator
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate, repeat
from pathlib import Path

from wordstudio.errors import UserError, shown_path


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
            where.append(shown_path(self.path))
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

    def _plain(self) -> bool:
        """True when no character came from an escape: str's own (C-speed) methods then
        split and strip it exactly as the per-character rules would."""
        return True not in self.literal

    def stripped(self) -> str:
        """The text without unescaped whitespace at either end (how strings are read)."""
        if self._plain():
            return self.text.strip()
        start, stop = 0, len(self.text)
        while start < stop and self._is_blank(start):
            start += 1
        while stop > start and self._is_blank(stop - 1):
            stop -= 1
        return self.text[start:stop]

    def chars(self) -> str:
        """Every character except unescaped whitespace (how ``{C}`` tables are read)."""
        if self._plain():
            return "".join(self.text.split())
        return "".join(c for i, c in enumerate(self.text) if not self._is_blank(i))

    def words(self) -> list[str]:
        """The text split at unescaped whitespace and commas (how lists of names and
        numbers are read)."""
        if self._plain():
            # ``\s`` matches exactly what str.isspace() calls whitespace.
            return [word for word in _SEPARATORS.split(self.text) if word]
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


_SEPARATORS = re.compile(r"[\s,]+")


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

#: The longest line read, in characters.  WordStudio writes lines of at most a few hundred
#: (a per-letter table of a 63-letter alphabet), WordsWorth's own files under 120; a longer
#: line is damage, refused before any of it is decoded.
MAX_LINE_CHARS = 10_000

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
#: What decoding stops at: a comment, an escape, a character code.
_SPECIAL = re.compile(r"[#\\$]")
_NAME = re.compile(r"[A-Za-z0-9_]*")
_BRACE = re.compile(r"[{}]")
_DIGITS = "0123456789"


def _split_lines(text: str) -> list[tuple[int, int, int]]:
    """Each line as (offset of its first character, of its line break or the end of the
    text, just past the line break)."""
    # Only CR, LF and CRLF end lines; str.splitlines would also split at form feeds and
    # other separators, and line numbers would disagree with the user's editor.
    if "\r" in text:
        lines = []
        pos = 0
        for match in _LINE_BREAK.finditer(text):
            stop, after = match.span()
            lines.append((pos, stop, after))
            pos = after
        if pos < len(text):
            lines.append((pos, len(text), len(text)))
        return lines
    # Only LF: the offsets are sums of the lines' lengths, worked out at C speed (a file
    # of a million short lines is read in a fraction of the time).
    pieces = text.split("\n")
    if not pieces[-1]:
        pieces.pop()  # the text ends with a line break (or is empty)
    ends = list(accumulate(map(operator.add, map(len, pieces), repeat(1))))
    stops = list(map(operator.sub, ends, repeat(1)))
    if ends and ends[-1] > len(text):  # the last line has no line break
        ends[-1] = stops[-1] = len(text)
    starts = [0, *ends[:-1]] if ends else []
    return list(zip(starts, stops, ends, strict=True))


class _Decoded:
    """One line up to any comment, its escapes resolved, and where each character came
    from in the file's text.

    A line without escapes (nearly all) is a slice of the text: ``literal`` and ``starts``
    are then None and character ``i`` sits at offset ``base + i``.  Otherwise
    ``literal[i]`` says whether character ``i`` came from an escape (two characters of
    source) and ``starts[i]`` where it begins.  Positions below are indexes into
    ``chars``; every scan is a C-speed string search or one pass, so a line costs time
    in proportion to its length.
    """

    __slots__ = ("base", "chars", "literal", "starts")

    def __init__(self, chars: str, base: int, literal: list[bool] | None = None,
                 starts: list[int] | None = None) -> None:
        self.chars = chars
        self.base = base
        self.literal = literal
        self.starts = starts

    def start(self, i: int) -> int:
        """The offset in the file's text where character ``i`` begins."""
        return self.base + i if self.starts is None else self.starts[i]

    def stop(self, i: int) -> int:
        """The offset just past the source of character ``i``."""
        if self.starts is None or self.literal is None:
            return self.base + i + 1
        return self.starts[i] + (2 if self.literal[i] else 1)

    def blank(self, i: int) -> bool:
        return (self.literal is None or not self.literal[i]) and self.chars[i].isspace()

    def is_(self, i: int, char: str) -> bool:
        return (self.literal is None or not self.literal[i]) and self.chars[i] == char

    def trim(self, lo: int, hi: int) -> tuple[int, int]:
        """``lo``..``hi`` without unescaped whitespace at either end."""
        if self.literal is None:
            part = self.chars[lo:hi]
            content = part.lstrip()
            lo += len(part) - len(content)
            return lo, lo + len(content.rstrip())
        while lo < hi and self.blank(lo):
            lo += 1
        while hi > lo and self.blank(hi - 1):
            hi -= 1
        return lo, hi

    def brace(self, lo: int, hi: int) -> int:
        """The first unescaped ``{`` or ``}`` in ``lo``..``hi``, or -1."""
        while True:
            match = _BRACE.search(self.chars, lo, hi)
            if match is None:
                return -1
            if self.literal is None or not self.literal[match.start()]:
                return match.start()
            lo = match.end()

    def piece(self, line: int, lo: int, hi: int) -> Piece:
        literal = ((False,) * (hi - lo) if self.literal is None
                   else tuple(self.literal[lo:hi]))
        return Piece(line, self.chars[lo:hi], literal)


class _Splitter:
    """Walks a file line by line, decoding escapes and cutting out statements."""

    def __init__(self, text: str, path: str | os.PathLike[str] | None):
        self.text = text
        self.path = path
        self.lines = _split_lines(text)

    def error(self, line: int, message: str) -> ConfigError:
        return ConfigError(self.path, line, message)

    def decode(self, index: int) -> _Decoded:
        """The characters of line ``index`` (0-based) up to any comment, decoded."""
        start, stop, _ = self.lines[index]
        if stop - start > MAX_LINE_CHARS:
            raise self.error(
                index + 1,
                f"the line is {stop - start:,} characters long; "
                f"a configuration line may have at most {MAX_LINE_CHARS:,}",
            )
        text = self.text
        special = _SPECIAL.search(text, start, stop)
        if special is None or text[special.start()] == "#":
            end = stop if special is None else special.start()
            return _Decoded(text[start:end], start)
        chunks: list[str] = []
        literal: list[bool] = []
        starts: list[int] = []
        pos = start
        while True:
            special = _SPECIAL.search(text, pos, stop)
            end = stop if special is None else special.start()
            chunks.append(text[pos:end])
            literal += [False] * (end - pos)
            starts += range(pos, end)
            if special is None or text[end] == "#":
                break
            if text[end] == "\\":
                if end + 1 >= stop:
                    raise self.error(
                        index + 1,
                        "a '\\' at the end of a line escapes nothing; write '\\\\' for a backslash",
                    )
                chunks.append(text[end + 1])
            else:
                digit = text[end + 1] if end + 1 < stop else ""
                if not digit or digit not in _DIGITS:
                    raise self.error(
                        index + 1,
                        "'$' must be followed by one digit ($1..$9, or $0 for 10); "
                        "write '\\$' for a dollar sign",
                    )
                chunks.append(chr(int(digit) or 10))
            literal.append(True)
            starts.append(end)
            pos = end + 2
        return _Decoded("".join(chunks), start, literal, starts)

    def statements(self) -> Iterator[Statement]:
        index = 0
        while index < len(self.lines):
            line = self.decode(index)
            lo, hi = line.trim(0, len(line.chars))
            if lo == hi:
                index += 1
                continue
            statement = self.statement(index, line, lo, hi)
            yield statement
            index = statement.last_line  # the line after the statement (0-based)

    def statement(self, index: int, line: _Decoded, lo: int, hi: int) -> Statement:
        """The statement starting at line ``index``, whose content is ``lo``..``hi``."""
        lineno = index + 1
        if line.is_(lo, "}"):
            raise self.error(lineno, "'}' has no matching '{'")
        if line.is_(lo, "{"):
            raise self.error(lineno, "a table needs a name: write 'Name = { ... }'")
        match = _NAME.match(line.chars, lo, hi)
        k = match.end() if match else lo
        if line.literal is not None and True in line.literal[lo:k]:
            k = line.literal.index(True, lo, k)
        name = line.chars[lo:k]
        if not name or not name[0].isalpha():
            shown = line.chars[lo:hi][:30]
            raise self.error(lineno, f"expected 'Name = value', not {shown!r}")
        while k < hi and line.blank(k):
            k += 1
        if k >= hi or not line.is_(k, "="):
            raise self.error(lineno, f"expected '=' after '{name}'")
        equals_end = line.stop(k)
        rest_lo, rest_hi = line.trim(k + 1, hi)
        if rest_lo < rest_hi and line.is_(rest_lo, "{"):
            return self.table(name, index, equals_end, index, line.start(rest_lo), line,
                              rest_lo + 1, rest_hi)
        brace = line.brace(rest_lo, rest_hi)
        if brace >= 0:
            if line.chars[brace] == "{":
                raise self.error(lineno, f"'{{' must come straight after '{name} ='")
            raise self.error(lineno, "'}' has no matching '{'")
        if rest_lo < rest_hi:
            value_start, value_end = line.start(rest_lo), line.stop(rest_hi - 1)
        else:
            # Nothing after '=': the value may be a table whose '{' starts a later line.
            after = self.table_on_later_line(index)
            if after is not None:
                brace_index, brace_line, brace_lo, brace_hi = after
                return self.table(name, index, equals_end, brace_index,
                                  brace_line.start(brace_lo), brace_line, brace_lo + 1,
                                  brace_hi)
            value_start = value_end = equals_end
        return Statement(
            name=name,
            pieces=(line.piece(lineno, rest_lo, rest_hi),),
            is_table=False,
            first_line=lineno,
            last_line=lineno,
            start=self.lines[index][0],
            equals_end=equals_end,
            value_start=value_start,
            value_end=value_end,
            end=self.lines[index][2],
        )

    def table_on_later_line(self, index: int) -> tuple[int, _Decoded, int, int] | None:
        """The next line with content, if that content starts with ``{``: (its index,
        the line, its content's bounds)."""
        for later in range(index + 1, len(self.lines)):
            line = self.decode(later)
            lo, hi = line.trim(0, len(line.chars))
            if lo < hi:
                return (later, line, lo, hi) if line.is_(lo, "{") else None
        return None

    def table(
        self,
        name: str,
        name_index: int,
        equals_end: int,
        index: int,
        brace_start: int,
        line: _Decoded,
        lo: int,
        hi: int,
    ) -> Statement:
        """A table whose ``{`` (at offset ``brace_start``) is on line ``index``, its
        content going on from ``lo``..``hi`` of that line."""
        open_line = index + 1
        pieces: list[Piece] = []
        while True:
            lineno = index + 1
            brace = line.brace(lo, hi)
            if brace >= 0:
                if line.chars[brace] == "{":
                    raise self.error(lineno, "'{' inside a table; write '\\{' for a literal brace")
                after_lo, after_hi = line.trim(brace + 1, hi)
                if after_lo < after_hi:
                    raise self.error(lineno, "unexpected text after '}'")
                pieces.append(line.piece(lineno, lo, brace))
                return Statement(
                    name=name,
                    pieces=tuple(pieces),
                    is_table=True,
                    first_line=name_index + 1,
                    last_line=lineno,
                    start=self.lines[name_index][0],
                    equals_end=equals_end,
                    value_start=brace_start,
                    value_end=line.stop(brace),
                    end=self.lines[index][2],
                )
            pieces.append(line.piece(lineno, lo, hi))
            index += 1
            if index >= len(self.lines):
                raise self.error(
                    open_line,
                    f"the '{{' of {name} is never closed: no '}}' before the end of the file",
                )
            line = self.decode(index)
            lo, hi = 0, len(line.chars)


def split_statements(text: str, path: str | os.PathLike[str] | None = None) -> list[Statement]:
    """Every statement of a configuration text, in order.

    Raises :class:`ConfigError` for text that is not ``Name = value`` lines and tables:
    unbalanced braces, a bad escape, a line that is not a setting.  ``path`` is only used
    in error messages.
    """
    return list(_Splitter(text, path).statements())
