"""WordsWorth configuration files <-> :class:`~wordstudio.crossword.gameconfig.GameConfig`.

WordStudio reads and writes the whole configuration language of WordsWorth (seed 001,
section 1 and Appendix A), so WordsWorth's own files work unchanged and ours read like
its.  In short::

    # a comment
    Include = scrabbrd.def          # another file, relative to this one's folder
    Rows = 15                       # element names in any case
    BoardPositionScore = {          # a table; each line is one row of the board
    CaabaaaCaaabaaC
    ...
    }
    LetterMarks = { $1 $2 $3 }      # $n is ASCII n ($0 is 10); \\# \\{ \\} \\$ \\\\ escape

``Include`` goes one level deep only.  ``Rows`` and ``Columns`` must come before the
entries that depend on the board size (``FirstMoveRow``, ``FirstMoveCol``,
``BoardPositionScore``, ``StartingBoard``).  A setting given twice takes the later value.
Every element of Appendix A is understood; the display and video elements are checked
and kept in ``GameConfig.display``.  The manual's misspelling ``MininumAllowedScore`` is
the name written; ``MinimumAllowedScore`` is read too.

Appendix A's first-move default (row 8, column 8) suits its 13x13 board.  When
``FirstMoveRow`` or ``FirstMoveCol`` is left unset and the default does not fit the board
(the board is smaller, or the square is blocked) the constraint is dropped; when it is
set, it must fit.

WordStudio extensions
---------------------
Same syntax, elements WordsWorth does not have::

    Title = Standard 15x15 game     # S  the game's name
    Alphabet = { A B C CH D ... }   # {S} the letters (default A-Z); CH-style tiles allowed;
                                    #     the per-letter tables follow this order
    MinimumPlayers = 2              # N  fewest players (default 1)
    MaximumPlayers = 4              # N  most players (default 4)
    ExchangeMinimumBag = 7          # N  tiles that must be in the bag to swap (0 = any)
    ScorelessTurnsLimit = 6         # N  end after this many scoreless turns in a row (0 off)
    ScoreLimit = 0                  # N  end when a player reaches this score (0 off)
    DeductUnplayedTiles = 1         # 0/1 unplayed tiles count against their holder
    GoingOutBonus = 1               # 0/1 who goes out gains the others' unplayed tiles
    PassingEnds = 1                 # 0/1 with nothing to draw, all passing in turn ends it
    Directions = { Across Down }    # any of Across Down DiagonalDown DiagonalUp
    BackwardWords = 0               # 0/1 a line may also read as a word backwards
    Scoring = LetterSum             # LetterSum | LengthSquared
    WildOncePerWord = 0             # 0/1 at most one blank in a word
    WildNoPlurals = 0               # 0/1 no blank to make a plural
    StuckExchangeAll = 0            # 0/1 a player who cannot play exchanges every tile
    SkillLevel = 0                  # N  knob files: the level 1-9 it adjusts (0 = none)
    ThinkingTime = 0                # N  knob files: seconds a move of look-ahead (0 = none)
    StartingBoard = {               # letters on the board before play, one row a line:
    ..........                      #   . empty, A-Z a tile, a-z a blank standing for it;
    }                               #   { } for an empty board

Boards go up to 30x30 and premiums up to x11 (``b``..``k`` letter, ``B``..``K`` word).
Per-letter tables (``LetterFrequencies``, ``LetterScores``, ``LetterWeights``) take one
number per letter of the alphabet, plus optionally the blank's last; numbers are
separated by whitespace or commas.

:func:`load_config` and :func:`parse_config` read; :func:`write_config` writes one
canonical file; :func:`config_to_json` gives the JSON view ``wordstudio config show
--json`` prints.  :mod:`wordstudio.crossword.config.document` edits files in place.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wordstudio.crossword.config.elements import (
    ALIASES,
    ELEMENT_NAMES,
    INCLUDE,
    MAX_TILES,
    PER_LETTER_TABLES,
    config_from_elements,
    defaults,
    find_element,
)
from wordstudio.crossword.config.syntax import ConfigError, Statement, split_statements
from wordstudio.crossword.config.values import EMPTY_SQUARE, Shape, ValueProblem
from wordstudio.crossword.config.writer import config_to_json, format_value, write_config
from wordstudio.crossword.gameconfig import BLOCKED, DEFAULT_ALPHABET, GameConfig
from wordstudio.paths import read_limited

__all__ = [
    "MAX_STATEMENTS",
    "ConfigError",
    "Entry",
    "SourceFile",
    "build_config",
    "config_to_json",
    "expand_includes",
    "format_value",
    "include_target",
    "load_config",
    "parse_config",
    "read_source",
    "write_config",
]

PathLike = str | os.PathLike[str]


# --- files ---------------------------------------------------------------------------------


@dataclass
class SourceFile:
    """One configuration file: its path, its exact text and the statements in it.

    ``encoding`` is how the file was decoded, so it can be written back byte for byte.
    ``path`` is None for text that did not come from a file.
    """

    path: Path | None
    text: str
    encoding: str = "utf-8"
    statements: list[Statement] = field(default_factory=list)

    @classmethod
    def from_text(
        cls, text: str, path: PathLike | None = None, encoding: str = "utf-8"
    ) -> SourceFile:
        """Split ``text`` into statements (ConfigError if it is not valid syntax)."""
        path = Path(path) if path is not None else None
        return cls(path, text, encoding, split_statements(text, path))


def decode_bytes(data: bytes) -> tuple[str, str]:
    """The text of a file's bytes and the encoding that reproduces them exactly.

    UTF-8 (with or without a byte-order mark) is expected; anything else is taken as
    code page 437, the DOS character set WordsWorth's own files were written in.
    """
    try:
        if data.startswith(b"\xef\xbb\xbf"):
            return data.decode("utf-8-sig"), "utf-8-sig"
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("cp437"), "cp437"  # every byte is a character in code page 437


#: The largest configuration file read: a 30x30 board with every element is a few kB.
MAX_CONFIG_BYTES = 1_000_000


def read_source(path: PathLike) -> SourceFile:
    """Read and split one file.  OSError if it cannot be read (or is not a plain file of
    at most :data:`MAX_CONFIG_BYTES`), ConfigError if its syntax is wrong."""
    path = Path(path)
    text, encoding = decode_bytes(read_limited(path, MAX_CONFIG_BYTES, "configuration"))
    return SourceFile.from_text(text, path, encoding)


def include_target(name: str, including: Path | None) -> Path:
    """The file ``Include = name`` means in a file at ``including``: relative names are
    relative to that file's folder (the current folder for text without a path)."""
    target = Path(name)
    if not target.is_absolute():
        base = including.parent if including is not None else Path()
        target = base / target
    try:
        if not target.exists():
            # WordsWorth ran on DOS, where "Include = SCRABBRD.DEF" finds scrabbrd.def.
            for candidate in target.parent.iterdir():
                if candidate.name.lower() == target.name.lower():
                    return candidate
    except (OSError, ValueError):
        pass  # a name no file can have: reading it says why
    return target


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


@dataclass(frozen=True)
class Entry:
    """A statement in reading order: the file it is in, and the top file's statement
    that brought it in (the statement itself, or the Include of its file)."""

    source: SourceFile
    statement: Statement
    via: Statement


#: The most statements a configuration may make, its Includes' counted in.  A 30x30 game
#: setting every element makes a few hundred; tens of thousands are damage (an Include
#: repeated thousands of times once took seconds to read), refused before reading on.
MAX_STATEMENTS = 20_000


def expand_includes(top: SourceFile, load: Callable[[Path], SourceFile]) -> Iterator[Entry]:
    """Every statement in reading order: the top file's own, and in place of each
    ``Include`` the statements of the included file.

    ``load`` reads an included file (OSError when it cannot).  An included file that
    includes another is an error: WordsWorth allows one level.  More than
    :data:`MAX_STATEMENTS` statements in all are an error too.
    """
    count = 0
    for statement in top.statements:
        count += 1
        if count > MAX_STATEMENTS:
            raise ConfigError(top.path, statement.line, _too_many_statements())
        if statement.name.lower() != INCLUDE.lower():
            yield Entry(top, statement, statement)
            continue
        target = include_target(include_name(top, statement), top.path)
        try:
            included = load(target)
        except OSError as exc:
            raise ConfigError(
                top.path, statement.line, f"cannot read included file '{target}': {_reason(exc)}"
            ) from None
        for inner in included.statements:
            if inner.name.lower() == INCLUDE.lower():
                where = (
                    f"{top.path}, line {statement.line}" if top.path else f"line {statement.line}"
                )
                raise ConfigError(
                    included.path,
                    inner.line,
                    f"an included file cannot include another (this file is included from "
                    f"{where}); WordsWorth allows one level of Include",
                )
            count += 1
            if count > MAX_STATEMENTS:
                raise ConfigError(top.path, statement.line, _too_many_statements())
            yield Entry(included, inner, statement)


def _too_many_statements() -> str:
    return (f"the configuration makes more than {MAX_STATEMENTS:,} settings, its Includes "
            "counted in (a game with every element set makes a few hundred)")


def include_name(source: SourceFile, statement: Statement) -> str:
    """The file name an ``Include`` statement gives (ConfigError if it gives none)."""
    name = "" if statement.is_table else statement.scalar_text()
    if not name:
        raise ConfigError(source.path, statement.line, "Include needs a file name")
    return name


# --- reading a configuration ----------------------------------------------------------------


def _unknown_element(name: str) -> str:
    names = {n.lower(): n for n in ELEMENT_NAMES} | {alias: ALIASES[alias] for alias in ALIASES}
    close = difflib.get_close_matches(name.lower(), list(names), n=1, cutoff=0.8)
    hint = f" (did you mean '{names[close[0]]}'?)" if close else ""
    return f"unknown element '{name}'{hint}"


@dataclass
class _Setting:
    """Where an element was last set, and its place in reading order."""

    path: Path | None
    statement: Statement
    order: int


class _Reader:
    """Reads statements in order into element values, then checks the whole."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self.settings: dict[str, _Setting] = {}
        self.shape = Shape(13, 13)
        self.board_entry: tuple[str, _Setting] | None = None

    def error(self, name: str, message: str, line: int | None = None) -> ConfigError:
        setting = self.settings[name]
        return ConfigError(setting.path, line or setting.statement.line, message)

    def read(self, source: SourceFile, statement: Statement) -> None:
        element = find_element(statement.name)
        if element is None:
            raise ConfigError(source.path, statement.line, _unknown_element(statement.name))
        if element.name in ("Rows", "Columns") and self.board_entry is not None:
            name, where = self.board_entry
            place = f"line {where.statement.line}"
            if where.path != source.path:
                place = f"{where.path}, {place}"
            raise ConfigError(
                source.path,
                statement.line,
                f"{element.name} must be set before {name} ({place}), which depends on the "
                "board size",
            )
        try:
            value = element.kind.read(statement, self.shape)
        except ValueProblem as problem:
            raise ConfigError(
                source.path, problem.line or statement.line, f"{element.name} {problem.message}"
            ) from None
        if element.name == "Rows":
            self.shape = Shape(value, self.shape.columns)
        elif element.name == "Columns":
            self.shape = Shape(self.shape.rows, value)
        setting = _Setting(source.path, statement, len(self.settings))
        if element.board_dependent and self.board_entry is None:
            self.board_entry = (element.name, setting)
        self.values[element.name] = value
        self.settings.pop(element.name, None)  # keep the dict in reading order
        self.settings[element.name] = setting

    def finish(self) -> GameConfig:
        alphabet = self.values.get("Alphabet", DEFAULT_ALPHABET)
        values = defaults(self.shape.rows, self.shape.columns, alphabet) | self.values
        self.check_letter_tables(values)
        self.settle_first_move(values)
        self.check_starting_board(values)
        self.check_players(values)
        return config_from_elements(values)

    def latest(self, *names: str) -> str:
        """Of the elements ``names``, the one set last (they must not all be unset)."""
        return max((n for n in names if n in self.settings), key=lambda n: self.settings[n].order)

    def check_letter_tables(self, values: dict[str, Any]) -> None:
        size = len(values["Alphabet"])
        for name in PER_LETTER_TABLES:
            count = len(values[name])
            if name in self.values and count not in (size, size + 1):
                raise self.error(
                    name,
                    f"{name} has {count} values; the {size}-letter alphabet needs {size}, "
                    f"or {size + 1} with the blank's last",
                )
        total = sum(values["LetterFrequencies"])
        if "LetterFrequencies" in self.values and total > MAX_TILES:
            raise self.error(
                "LetterFrequencies",
                f"LetterFrequencies makes a set of {total:,} tiles; at most {MAX_TILES:,} "
                "are allowed",
            )

    def settle_first_move(self, values: dict[str, Any]) -> None:
        rows, columns = self.shape
        layout = values["BoardPositionScore"]
        row, col = values["FirstMoveRow"], values["FirstMoveCol"]
        row_set, col_set = "FirstMoveRow" in self.values, "FirstMoveCol" in self.values
        # An unset constraint is Appendix A's default for a 13x13 board; drop it where it
        # does not fit (see the module docstring).
        if not row_set and row > rows:
            row = 0
        if not col_set and col > columns:
            col = 0
        if row and col and layout[row - 1][col - 1] == BLOCKED:
            if not (row_set and col_set):
                row, col = (row if row_set else 0), (col if col_set else 0)
            else:
                culprit = self.latest("FirstMoveRow", "FirstMoveCol", "BoardPositionScore")
                raise self.error(
                    culprit,
                    f"the first move must cover row {row}, column {col}, which is a blocked square",
                )
        if row and not col and all(code == BLOCKED for code in layout[row - 1]):
            if not row_set:
                row = 0
            else:
                culprit = self.latest("FirstMoveRow", "BoardPositionScore")
                raise self.error(
                    culprit, f"the first move must cross row {row}, which is all blocked squares"
                )
        if col and not row and all(line[col - 1] == BLOCKED for line in layout):
            if not col_set:
                col = 0
            else:
                culprit = self.latest("FirstMoveCol", "BoardPositionScore")
                raise self.error(
                    culprit,
                    f"the first move must cross column {col}, which is all blocked squares",
                )
        values["FirstMoveRow"], values["FirstMoveCol"] = row, col

    def check_starting_board(self, values: dict[str, Any]) -> None:
        board = values["StartingBoard"]
        if not board:
            return
        statement = self.settings["StartingBoard"].statement
        lines = [piece.line for piece in statement.pieces if piece.chars()]
        alphabet = set(values["Alphabet"])
        layout = values["BoardPositionScore"]
        for r, row in enumerate(board):
            line = lines[r] if len(lines) == len(board) else lines[0]
            for c, code in enumerate(row):
                if code == EMPTY_SQUARE:
                    continue
                where = f"StartingBoard row {r + 1}, column {c + 1}"
                if code.upper() not in alphabet:
                    raise self.error(
                        "StartingBoard", f"{where}: {code!r} is not a letter of the alphabet", line
                    )
                if layout[r][c] == BLOCKED:
                    raise self.error("StartingBoard", f"{where}: a tile on a blocked square", line)

    def check_players(self, values: dict[str, Any]) -> None:
        low, high = values["MinimumPlayers"], values["MaximumPlayers"]
        if low > high:
            raise self.error(
                self.latest("MinimumPlayers", "MaximumPlayers"),
                f"MinimumPlayers ({low}) is more than MaximumPlayers ({high})",
            )


def build_config(top: SourceFile, load: Callable[[Path], SourceFile]) -> GameConfig:
    """The GameConfig a top file describes, reading included files with ``load`` (each
    file once, however often it is included)."""
    loaded: dict[Path, SourceFile] = {}

    def load_once(path: Path) -> SourceFile:
        if path not in loaded:
            loaded[path] = load(path)
        return loaded[path]

    reader = _Reader()
    for entry in expand_includes(top, load_once):
        reader.read(entry.source, entry.statement)
    return reader.finish()


def parse_config(text: str, path: PathLike | None = None) -> GameConfig:
    """The game a configuration text describes.

    ``path`` is where the text came from: error messages name it and Includes are found
    relative to its folder (the current folder when it is None).  Raises ConfigError.
    """
    return build_config(SourceFile.from_text(text, path), read_source)


def load_config(path: PathLike) -> GameConfig:
    """The game a configuration file (``.cfg`` or ``.def``) describes.  Raises ConfigError,
    naming the file and line, for anything wrong, a missing file included."""
    try:
        top = read_source(path)
    except OSError as exc:
        raise ConfigError(path, None, f"cannot read the file: {_reason(exc)}") from None
    return build_config(top, read_source)
