"""The designer's document: a :class:`ConfigDocument` with what an editor needs on top.

No Qt here, so all of it can be tested without a window:

* :meth:`DesignDocument.design_values` reads every element even while the game is not
  valid (a board row of the wrong width, a table of the wrong length), so the panels
  always have something to show while the checks say what is wrong;
* :meth:`DesignDocument.restore_text` puts a file's text back exactly, which is how undo
  returns files byte for byte;
* :meth:`DesignDocument.set_near` adds a setting beside a related one (the alphabet
  next to the letter tables it orders) instead of at the end of the top file;
* number tables keep the user's column layout when one number changes
  (:func:`format_table_like`), so the aligned comment above them stays true;
* a design can start from a template: the template and its parts are copied to a
  scratch folder, and the first save writes the parts beside the new game file, as
  WordsWorth's SETUP wrote ``ww.cfg`` beside its ``.def`` files.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wordstudio.crossword.config.document import ConfigDocument, PathLike
from wordstudio.crossword.config.elements import (
    ELEMENTS,
    PER_LETTER_TABLES,
    defaults,
    element,
    elements_of,
)
from wordstudio.crossword.config.files import SourceFile
from wordstudio.crossword.config.syntax import ConfigError, Statement
from wordstudio.crossword.config.values import EMPTY_SQUARE, Shape, Text, ValueProblem
from wordstudio.crossword.gameconfig import (
    BLOCKED,
    DEFAULT_ALPHABET,
    MAX_COLUMNS,
    MAX_ROWS,
    PLAIN,
    is_square_code,
)
from wordstudio.filecheck import holds
from wordstudio.paths import atomic_write_bytes

__all__ = ["DesignDocument", "DesignValues", "format_table_like", "lenient_board"]


@dataclass
class DesignValues:
    """One value per element (defaults filled in), read leniently.

    ``valid`` says whether the whole document is a valid game (then the values are the
    engine's own reading, first-move defaults settled); ``blank_written`` says, for each
    per-letter table, whether the file gives the blank's value (so an edit keeps the
    table the length it was); ``raw_first_move`` is (row, column) as written even when it
    lies outside the board, for the checks.
    """

    values: dict[str, Any]
    valid: bool
    blank_written: dict[str, bool] = field(default_factory=dict)
    raw_first_move: tuple[int, int] = (0, 0)

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    @property
    def rows(self) -> int:
        """Rows on the board."""
        return int(self.values["Rows"])

    @property
    def columns(self) -> int:
        """Columns on the board."""
        return int(self.values["Columns"])

    @property
    def alphabet(self) -> tuple[str, ...]:
        """The letters, in the order of the per-letter tables."""
        return tuple(self.values["Alphabet"])


def lenient_board(statement: Statement, rows: int, columns: int, empty: str) -> tuple[str, ...]:
    """A board table read as well as it can be: rows padded or cut to the board, unknown
    squares read as ``empty``.  Only for showing a board the checks report as wrong."""
    lines = [piece.chars() for piece in statement.pieces if piece.chars()]
    if len(lines) == 1 and rows > 1 and len(lines[0]) == rows * columns:
        lines = [lines[0][r * columns : (r + 1) * columns] for r in range(rows)]
    board = []
    for r in range(rows):
        line = lines[r] if r < len(lines) else ""
        squares = line[:columns].ljust(columns, empty)
        board.append(squares)
    return tuple(board)


def _clean_layout(board: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("".join(c if is_square_code(c) else PLAIN for c in row) for row in board)


def _clean_letters(board: tuple[str, ...]) -> tuple[str, ...]:
    cleaned = tuple("".join(c if c.isalpha() else EMPTY_SQUARE for c in row) for row in board)
    return () if all(set(row) <= {EMPTY_SQUARE} for row in cleaned) else cleaned


def format_table_like(old: str | None, values: Sequence[int]) -> str | None:
    """Value text for a table of numbers laid out like ``old`` (one line, ``{ ... }``):
    each number takes the place of the one before it, right-aligned in the same width
    when it fits.  None when ``old`` is not such a table (write it plainly then)."""
    if old is None or "\n" in old or "\r" in old:
        return None
    match = re.fullmatch(r"\{(.*)\}", old.strip())
    if match is None or "#" in old:
        return None
    inner = match.group(1)
    fields = re.findall(r"([\s,]*)([^\s,]+)", inner)
    if not fields or any(not re.fullmatch(r"[+-]?\d+", token) for _, token in fields):
        return None
    trailing = re.search(r"[\s,]*$", inner)
    out = []
    for i, value in enumerate(values):
        separator, token = fields[min(i, len(fields) - 1)]
        text = str(int(value))
        core = separator.strip()
        gap = 1 if not core and (i > 0 or separator) else 0
        spaces = max(gap, len(separator) + len(token) - len(core) - len(text))
        out.append(core + " " * spaces + text)
    return "{" + "".join(out) + (trailing.group() if trailing else "") + "}"


class DesignDocument(ConfigDocument):
    """A configuration open in the designer (see the module docstring)."""

    #: The shipped game this design was started from (its first save asks for a name).
    template: Path | None = None
    #: The scratch folder a template was copied to; removed by :meth:`discard_scratch`.
    scratch: Path | None = None

    @classmethod
    def open(cls, path: PathLike) -> DesignDocument:
        """Open a file and the files it Includes (see :meth:`ConfigDocument.open`)."""
        document = super().open(path)
        assert isinstance(document, DesignDocument)  # the base class builds a ``cls``
        return document

    # --- templates ------------------------------------------------------------------------

    @classmethod
    def from_template(cls, template: Path) -> DesignDocument:
        """A new, unnamed design that starts as a copy of ``template`` and its parts.

        The parts must sit beside the template (as every file in ``boards/`` does), so
        the Include lines stay as they are when the design is saved with its parts.
        """
        template = Path(template)
        original = ConfigDocument.open(template)
        scratch = Path(tempfile.mkdtemp(prefix="wordstudio-design-"))
        try:
            for path in original.files:
                assert path is not None  # opened from a file, so every file has a path
                if path.resolve().parent != template.resolve().parent:
                    raise ConfigError(
                        template, None,
                        f"{path.name} is not in the template's folder; a template's parts "
                        "must sit beside it",
                    )
                shutil.copyfile(path, scratch / path.name)
            document = cls.open(scratch / template.name)
        except BaseException:
            shutil.rmtree(scratch, ignore_errors=True)
            raise
        document.template, document.scratch = template, scratch
        return document

    @property
    def is_untitled(self) -> bool:
        """True until a design started from a template has been saved under a name."""
        return self.template is not None

    def parts(self) -> list[Path]:
        """The included files (every file but the top one)."""
        return [path for path in self.files[1:] if path is not None]

    def part_conflicts(self, folder: Path) -> list[Path]:
        """Files in ``folder`` that saving this design there with its parts would
        replace by different text."""
        found = []
        for part in self.parts():
            target = Path(folder) / part.name
            # Compared without waiting on a named pipe or reading a device whole.
            if target.exists() and not holds(target, self.text(part).encode(
                self._file(part).encoding
            )):
                found.append(target)
        return found

    def save_with_parts(self, path: Path) -> DesignDocument:
        """Write the top file at ``path`` and every part beside it (a part already there
        with the same text is left alone); returns the design opened from there."""
        path = Path(path)
        for part in self.parts():
            source = self._file(part)
            data = source.text.encode(source.encoding)
            target = path.parent / part.name
            if not holds(target, data):
                atomic_write_bytes(target, data)
        top = self._file(None)
        atomic_write_bytes(path, top.text.encode(top.encoding))
        return DesignDocument.open(path)

    def discard_scratch(self) -> None:
        """Remove the scratch copy of a template (the design is saved or closed)."""
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.scratch = None

    # --- editing --------------------------------------------------------------------------

    def restore_text(self, path: Path | None, text: str) -> None:
        """Give one file of the document exactly this text (undo and redo)."""
        self._retext(self._file(path), text)

    def set_near(self, name: str, value: Any, near: str) -> None:
        """Set ``name``; when it is set nowhere yet and ``near`` is, add it to ``near``'s
        file just before ``near`` (e.g. ``Alphabet`` before ``LetterFrequencies``)."""
        wanted, neighbour = element(name), element(near)
        entry = None if self.is_set(name) else self._effective(neighbour)
        if entry is None:
            self.set(name, value)
            return
        if isinstance(value, str) and not isinstance(wanted.kind, Text):
            text = value.strip()
        else:
            text = wanted.kind.write(value)
        source = entry.source
        newline = "\r\n" if "\r\n" in source.text else "\n"
        line = f"{wanted.name} = {text}".replace("\n", newline) + newline
        at = entry.statement.start
        self._retext(source, source.text[:at] + line + source.text[at:])

    def statement_of(self, name: str) -> tuple[SourceFile, Statement] | None:
        """The file and statement of the setting in force, or None when unset."""
        entry = self._effective(element(name))
        return (entry.source, entry.statement) if entry else None

    def element_at(self, path: Path | None, line: int | None) -> str | None:
        """The element whose setting covers ``line`` of file ``path`` (for placing a
        ConfigError), or None."""
        if line is None:
            return None
        key = path.resolve() if path is not None else None
        for setting in self.settings():
            here = setting.path.resolve() if setting.path is not None else None
            if here == key and setting.line <= line <= setting.last_line:
                return setting.name
        return None

    # --- reading leniently ----------------------------------------------------------------

    def design_values(self) -> DesignValues:
        """Every element's value (see :class:`DesignValues`)."""
        blank_written = {}
        for name in PER_LETTER_TABLES:
            found = self.statement_of(name)
            count = len([w for p in found[1].pieces for w in p.words()]) if found else 0
            blank_written[name] = found is not None and count > len(self._alphabet())
        raw = (self._raw_number("FirstMoveRow"), self._raw_number("FirstMoveCol"))
        try:
            config = self.to_config()
        except ConfigError:
            return DesignValues(self._lenient_values(), False, blank_written, raw)
        return DesignValues(elements_of(config), True, blank_written, raw)

    def _read(self, name: str, shape: Shape) -> Any:
        """The element's value as set, or raises ValueProblem / KeyError when unset."""
        found = self.statement_of(name)
        if found is None:
            raise KeyError(name)
        return element(name).kind.read(found[1], shape)

    def _alphabet(self) -> tuple[str, ...]:
        try:
            return tuple(self._read("Alphabet", Shape(1, 1)))
        except (KeyError, ValueProblem):
            return DEFAULT_ALPHABET

    def _raw_number(self, name: str) -> int:
        """The number as written; 0 when unset (the engine drops an unset default that
        does not fit) or not a number (the engine reports that itself)."""
        found = self.statement_of(name)
        if found is None or found[1].is_table:
            return 0
        text = found[1].scalar_text()
        return int(text) if text.isdigit() else 0

    def _lenient_values(self) -> dict[str, Any]:
        size = []
        for name, limit in (("Rows", MAX_ROWS), ("Columns", MAX_COLUMNS)):
            try:
                size.append(min(limit, max(1, int(self._read(name, Shape(1, 1))))))
            except (KeyError, ValueProblem):
                size.append(int(element(name).default))
        rows, columns = size
        shape = Shape(rows, columns)
        alphabet = self._alphabet()
        values = defaults(rows, columns, alphabet)
        for e in ELEMENTS:
            if e.name in ("Rows", "Columns", "Alphabet"):
                continue
            found = self.statement_of(e.name)
            if found is None:
                continue
            try:
                values[e.name] = e.kind.read(found[1], shape)
            except ValueProblem:
                values[e.name] = self._fallback(e.name, found[1], shape, values[e.name])
        for name in PER_LETTER_TABLES:
            table = list(values[name])[: len(alphabet) + 1]
            default = defaults(1, 1, alphabet)[name]
            values[name] = tuple(table + list(default[len(table) :]))
        self._settle_first_move(values)
        return values

    def _fallback(self, name: str, statement: Statement, shape: Shape, default: Any) -> Any:
        """A value for a setting that is wrong, good enough to show and edit."""
        if name == "BoardPositionScore" and statement.is_table:
            return _clean_layout(lenient_board(statement, shape.rows, shape.columns, PLAIN))
        if name == "StartingBoard" and statement.is_table:
            board = lenient_board(statement, shape.rows, shape.columns, EMPTY_SQUARE)
            return _clean_letters(board)
        if name in ("FirstMoveRow", "FirstMoveCol"):
            return 0  # outside the board: no square to show (the checks say why)
        if name in PER_LETTER_TABLES and statement.is_table:
            words = [w for p in statement.pieces for w in p.words()]
            return tuple(int(w) for w in words if re.fullmatch(r"[+-]?\d+", w))
        return default

    def _settle_first_move(self, values: dict[str, Any]) -> None:
        """First-move values as the engine would settle them, where it can: an unset
        default that does not fit the board is dropped; a set value outside it reads 0."""
        rows, columns = values["Rows"], values["Columns"]
        row, col = values["FirstMoveRow"], values["FirstMoveCol"]
        row = row if 0 <= row <= rows else 0
        col = col if 0 <= col <= columns else 0
        layout = values["BoardPositionScore"]
        if (
            row and col and layout[row - 1][col - 1] == BLOCKED
            and not (self.is_set("FirstMoveRow") and self.is_set("FirstMoveCol"))
        ):
            row = row if self.is_set("FirstMoveRow") else 0
            col = col if self.is_set("FirstMoveCol") else 0
        values["FirstMoveRow"], values["FirstMoveCol"] = row, col


def source_label(document: ConfigDocument, name: str) -> str:
    """Where a setting comes from, for people: ``scrabbrd.def, line 10`` or ``default``."""
    found = document.source(name)
    if found is None:
        return "default"
    path, line = found
    return f"{path.name if path else 'this file'}, line {line}"

