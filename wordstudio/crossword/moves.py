"""Moves as the rest of the program sees them, and the friendly move-generation API.

:class:`MoveFinder` binds a config and its GADDAG to the (compiled when available) move
generator in :mod:`wordstudio.crossword.movegen` and turns its raw output into
:class:`Move` values.  ``movegen_module(pure=True)`` loads the same source uncompiled,
so tests can run both paths against the oracle.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Container, Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

from wordstudio.crossword import movegen as _movegen
from wordstudio.crossword.board import Board, Placement, column_name, row_name
from wordstudio.crossword.gameconfig import (
    Direction,
    GameConfig,
    Scoring,
    letter_multiplier,
    word_multiplier,
)
from wordstudio.crossword.movegen import line_geometry
from wordstudio.crossword.rules import anchor_masks
from wordstudio.crossword.tiles import BLANK, Rack
from wordstudio.lexicon.gaddag import Gaddag, shared_gaddag
from wordstudio.lexicon.wordlist import WordList

BLANK_FLAG = 64
EXISTING_FLAG = 128
_DIRECTIONS = (Direction.ACROSS, Direction.DOWN, Direction.DIAGONAL_DOWN, Direction.DIAGONAL_UP)
_DIRECTION_CODES = {d: i for i, d in enumerate(_DIRECTIONS)}


#: The way a word reads, by its (row, column) step: the arrow of the arrow notation.
ARROWS = {(0, 1): "→", (1, 0): "↓", (1, 1): "↘", (-1, 1): "↗",
          (0, -1): "←", (-1, 0): "↑", (-1, -1): "↖", (1, -1): "↙"}


def reads_backwards(move: Move, words: Container[str]) -> bool:
    """True when the move's main word is a word only read backwards (WORDwhami)."""
    word = move.word.upper()
    return word not in words and word[::-1] in words


def arrow_notation(config: GameConfig) -> bool:
    """Does this game write its moves with arrows (diagonal or backward words)?"""
    return config.backward_words or any(d.is_diagonal for d in config.directions)


def move_notation(move: Move, config: GameConfig, words: Container[str] | None = None) -> str:
    """A move written as this game writes moves: a backward word (when ``words`` tells)
    the way it reads, arrows in games with diagonal or backward words."""
    backwards = bool(config.backward_words and words is not None
                     and reads_backwards(move, words))
    return move.notation(backwards, arrow_notation(config))


def movegen_module(pure: bool = False) -> ModuleType:
    """The move generator: compiled if installed that way, or the pure-Python source."""
    if not pure:
        return _movegen
    name = "wordstudio.crossword._movegen_pure"
    module = sys.modules.get(name)
    if module is None:
        source = Path(_movegen.__file__).with_name("movegen.py")
        spec = importlib.util.spec_from_file_location(name, source)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return module


def is_compiled() -> bool:
    """True when the move generator in use is the Cython-compiled extension."""
    return not str(_movegen.__file__).endswith(".py")


class Move(NamedTuple):
    """A play: where its main word starts, its direction, the whole word, the new tiles.

    ``word`` is the whole main word including tiles already on the board, with blanks in
    lower case; ``placed`` are the new tiles only.  Two moves are the same move when
    they place the same tiles (square, letter, blank or not).  A named tuple because
    move generation creates thousands of them.
    """

    row: int
    col: int
    direction: Direction
    word: str
    placed: tuple[Placement, ...]
    score: int

    @property
    def key(self) -> frozenset[Placement]:
        return frozenset(self.placed)

    @property
    def tiles_used(self) -> tuple[str, ...]:
        return tuple(BLANK if p.blank else p.letter for p in self.placed)

    @property
    def length(self) -> int:
        return sum(1 for ch in self.word if ch.isalpha())

    def notation(self, backwards: bool = False, arrows: bool | None = None) -> str:
        """The move as players write it; tiles already on the board in brackets.

        Classic form (across and down games): ``8H WORD`` across (row then column),
        ``H8 WORD`` down.  Arrow form (games with diagonal or backward words, and any
        diagonal or ``backwards`` move): the square of the word's first letter *as it
        reads*, column then row, an arrow for the way it reads, then the word as read -
        ``O15↗ TRANSCEND``, ``V16↙ SUBTLEST`` (a backward word is written the way
        it is read, from the square where the reading starts).  ``arrows`` None: the
        arrow form only where the classic one cannot say it.
        """
        placed = {p.square for p in self.placed}
        dr, dc = self.direction.step
        letters = [((self.row + dr * k, self.col + dc * k), ch) for k, ch in enumerate(self.word)]
        if backwards:
            letters.reverse()
            dr, dc = -dr, -dc
        out: list[str] = []
        inside = False
        for square, ch in letters:
            existing = square not in placed
            if existing != inside:
                out.append("(" if existing else ")")
                inside = existing
            out.append(ch)
        if inside:
            out.append(")")
        text = "".join(out)
        if arrows is None:
            arrows = backwards or self.direction.is_diagonal
        (row, col), _ = letters[0]
        if arrows:
            return f"{column_name(col)}{row_name(row)}{ARROWS[(dr, dc)]} {text}"
        if self.direction == Direction.ACROSS:
            return f"{row_name(row)}{column_name(col)} {text}"
        return f"{column_name(col)}{row_name(row)} {text}"

    def to_json(self) -> dict:
        return {
            "row": self.row,
            "col": self.col,
            "dir": _JSON_DIRECTIONS[self.direction],
            "word": self.word,
            "placed": [[p.row, p.col, p.shown()] for p in self.placed],
            "score": self.score,
        }


class MoveFinder:
    """Every legal move on a config's board, from a lexicon's GADDAG.

    For games where words may read backwards, ``gaddag`` must be the reversible GADDAG
    (words and their reversals) and ``check`` the plain one; :func:`finder_for` loads the
    right ones.
    """

    def __init__(self, config: GameConfig, gaddag: Gaddag, pure: bool = False,
                 check: Gaddag | None = None) -> None:
        if tuple(gaddag.alphabet) != tuple(config.tiles.alphabet):
            raise ValueError("the lexicon was compiled for a different alphabet")
        if config.backward_words and check is None:
            raise ValueError("a game with backward words needs the plain automaton too")
        self.config = config
        self.gaddag = gaddag
        module = movegen_module(pure)
        layout = [code for row in config.layout for code in row]
        alphabet = config.tiles.alphabet
        self.directions = tuple(_DIRECTION_CODES[d] for d in config.directions)
        self.generator = module.MoveGenerator(
            gaddag.data,
            len(alphabet),
            config.rows,
            config.columns,
            [letter_multiplier(code) for code in layout],
            [word_multiplier(code) for code in layout],
            list(config.tiles.scores),
            config.rack_size if config.play_all_tile_bonus else 0,
            config.play_all_tile_bonus,
            self.directions,
            check.data if config.backward_words and check is not None else None,
            config.scoring == Scoring.LENGTH_SQUARED,
            config.wild_once_per_word,
            config.wild_no_plurals,
            alphabet.index("S") if "S" in alphabet else -1,
        )
        self._geometry = [line_geometry(config.rows, config.columns, d) for d in range(4)]
        self.alphabet = alphabet
        # Letter names by code, and as shown (lower case for blanks, code | 64).
        self._names = list(self.alphabet) + [""] * (64 - len(self.alphabet))
        self._shown = self._names + [n.lower() for n in self._names]

    def raw_moves(self, board: Board, rack: Rack | Sequence[str], player: int | None = None,
                  window: int = -1, deadline: float = 0.0,
                  anchors: dict[Direction, bytearray] | None = None
                  ) -> list[tuple[int, int, int, bytes, int]]:
        """The generator's compact output (see :mod:`wordstudio.crossword.movegen`).

        ``window``/``deadline`` ask for strong moves only, found in limited time (see
        ``MoveGenerator.generate``); ``anchors`` replaces the rules' anchor squares with a
        subset (a search that only looks near the tiles already played).
        """
        rack = rack if isinstance(rack, Rack) else Rack(tuple(rack))
        masks = anchors if anchors is not None else anchor_masks(board, player)
        return self.generator.generate(
            board.cells, rack.counts(self.alphabet), rack.blanks,
            [masks.get(d) for d in _DIRECTIONS], window, deadline)

    @property
    def timed_out(self) -> bool:
        """True when the last search stopped at its deadline."""
        return bool(self.generator.stopped_early())

    def moves(self, board: Board, rack: Rack | Sequence[str], player: int | None = None
              ) -> list[Move]:
        """Every legal move, highest score first."""
        moves = [self.to_move(raw) for raw in self.raw_moves(board, rack, player)]
        moves.sort(key=lambda m: (-m.score, m.row, m.col, m.direction.value, m.word))
        return moves

    def to_move(self, raw: tuple[int, int, int, bytes, int]) -> Move:
        direction, line, start, word, score = raw
        names = self._names
        first, _length, step = self._geometry[direction][line]
        cols = self.config.columns
        sq = first + start * step
        placed: list[Placement] = []
        for code in word:
            if not code & EXISTING_FLAG:
                placed.append(Placement(sq // cols, sq % cols, names[code & 63], code & 64 != 0))
            sq += step
        first_sq = first + start * step
        return Move(first_sq // cols, first_sq % cols, _DIRECTIONS[direction],
                    self._word(word), tuple(placed), score)

    def _word(self, word: bytes) -> str:
        shown = self._shown
        return "".join([shown[code & 127] for code in word])


_JSON_DIRECTIONS = {Direction.ACROSS: "across", Direction.DOWN: "down",
                    Direction.DIAGONAL_DOWN: "diagonal-down", Direction.DIAGONAL_UP: "diagonal-up"}


def finder_for(config: GameConfig, words: WordList, pure: bool = False) -> MoveFinder:
    """A MoveFinder with the automata a config needs (one load per process and list)."""
    alphabet = config.tiles.alphabet
    gaddag = shared_gaddag(words, alphabet, reversible=config.backward_words)
    check = shared_gaddag(words, alphabet) if config.backward_words else None
    return MoveFinder(config, gaddag, pure=pure, check=check)


def best_moves(moves: Iterable[Move], n: int) -> list[Move]:
    return sorted(moves, key=lambda m: -m.score)[:n]
