"""Moves as the rest of the program sees them, and the friendly move-generation API.

:class:`MoveFinder` binds a config and its automata to the move generator
(:mod:`wordstudio.crossword.movegen`: compiled when installed, else pure Python) and
turns its compact output into :class:`Move` values - only for the moves a caller keeps.
What it offers, fastest first:

* :meth:`MoveFinder.top_moves` - the N best moves by equity (score + leave value + the
  knobs that depend on the move alone), ranked inside the search: no Python object for
  the moves it passes over.  Computer players, hints and simulation use it.
* :meth:`MoveFinder.generate` - every move, as a move list (:class:`~.movegen.FoundMoves`) kept in
  one buffer (a Python object only for the moves looked at); with a limit, a deadline,
  a stop callable, or streamed in chunks, so no rack on any board can exhaust memory.
* :meth:`MoveFinder.moves` - every move as :class:`Move` values, highest score first.

Boards change a few tiles at a time: the generator keeps what each square allows between
calls and works out again only the lines whose tiles changed, so calling it on one
board after another costs no more than the difference.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from typing import Any, NamedTuple

from wordstudio.crossword import movegen
from wordstudio.crossword.board import Board, Placement, column_name, row_name
from wordstudio.crossword.gameconfig import (
    Direction,
    GameConfig,
    Scoring,
    letter_multiplier,
    word_multiplier,
)
from wordstudio.crossword.movegen import EXISTING_FLAG, FoundMoves, RawMove, line_geometry
from wordstudio.crossword.movegen.equity import PLAIN, Knobs, LeaveValues, RackEquity, rack_equity
from wordstudio.crossword.tiles import BLANK, Rack
from wordstudio.errors import UserError
from wordstudio.lexicon.gaddag import Gaddag, shared_gaddag
from wordstudio.lexicon.spelling import Spelling
from wordstudio.lexicon.wordlist import WordList

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


def is_compiled() -> bool:
    """True when the move generator in use is the compiled extension."""
    return movegen.is_compiled()


#: Moves :meth:`MoveFinder.moves` makes into Move values at most (a few hundred MB).
MOVES_LIMIT = 1_000_000


class TooManyMoves(UserError):
    """A position with more moves than a caller can take at once."""


class Ranked(NamedTuple):
    """A move of a ranked search: the raw move, its score and its equity
    (:meth:`MoveFinder.to_move` makes the :class:`Move`)."""

    raw: RawMove
    score: int
    equity: float


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
    #: The word's tiles, one a square (blanks lower case), where a tile may be several
    #: letters (Spanish CH); empty when every tile is one letter (then the word's own).
    tiles: tuple[str, ...] = ()

    @property
    def squares(self) -> tuple[str, ...]:
        """The word's tiles, one a square."""
        return self.tiles or tuple(self.word)

    @property
    def key(self) -> frozenset[Placement]:
        return frozenset(self.placed)

    @property
    def tiles_used(self) -> tuple[str, ...]:
        return tuple(BLANK if p.blank else p.letter for p in self.placed)

    @property
    def length(self) -> int:
        return sum(1 for tile in self.squares if tile[0].isalpha())

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
        letters = [((self.row + dr * k, self.col + dc * k), ch) for k, ch in enumerate(self.squares)]
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
    right ones.  ``pure`` uses the pure-Python generator even where the compiled one is
    installed (tests compare the two).  A finder keeps state between calls (what each
    square allows), so give each thread its own.
    """

    def __init__(self, config: GameConfig, gaddag: Gaddag, pure: bool = False,
                 check: Gaddag | None = None) -> None:
        if tuple(gaddag.alphabet) != tuple(config.tiles.alphabet):
            raise ValueError("the lexicon was compiled for a different alphabet")
        if config.backward_words and check is None:
            raise ValueError("a game with backward words needs the plain automaton too")
        self.config = config
        self.gaddag = gaddag
        module = movegen.implementation(pure)
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
            config.first_move_row - 1 if config.first_move_row else -1,
            config.first_move_col - 1 if config.first_move_col else -1,
            int(config.first_move_dir),
            int(config.free_form),
        )
        self._geometry = [line_geometry(config.rows, config.columns, d) for d in range(4)]
        self.alphabet = alphabet
        # Letter names by code, and as shown (lower case for blanks, code | 64).
        self._names = list(self.alphabet) + [""] * (64 - len(self.alphabet))
        self._shown = self._names + [n.lower() for n in self._names]
        self._multi_letter = any(len(n) > 1 for n in self._names)
        self._timed_out = False
        self._found = 0

    def generate(self, board: Board | Sequence[int], rack: Rack | Sequence[str],
                 player: int | None = None, *, window: int = -1, deadline: float = 0.0,
                 limit: int = 0, stop: Callable[[], bool] | None = None,
                 on_chunk: Callable[[FoundMoves], Any] | None = None,
                 anchors: dict[Direction, bytearray] | None = None) -> FoundMoves:
        """Every legal move of ``rack`` on ``board`` (a Board, or its cells), as a
        move list (:class:`~.movegen.FoundMoves`) of raw moves in the order found.

        ``limit`` caps the moves kept (default ``movegen.DEFAULT_LIMIT``; the list is then
        ``truncated``), or with ``on_chunk`` is the size of the chunks handed to it as
        they fill (return False to stop); ``deadline`` (a ``time.monotonic()`` value) and
        ``stop`` end the search early with what it found (``timed_out``); ``window`` >= 0
        keeps only moves within that many points of the best so far; ``anchors``
        replaces the rules' anchor squares with a subset (a search that only looks in
        some places).  The list's moves are raw tuples; :meth:`to_move` makes a Move.
        """
        rack = rack if isinstance(rack, Rack) else Rack(tuple(rack))
        found = self.generator.generate(
            *self._position(board, rack, player, anchors),
            window=window, deadline=deadline, limit=limit, stop=stop, on_chunk=on_chunk)
        self._timed_out = bool(found.timed_out)
        self._found = found.found
        return found

    #: The generator's compact output (the name older callers use).
    raw_moves = generate

    def top_moves(self, board: Board | Sequence[int], rack: Rack | Sequence[str], n: int = 10,
                  *, leaves: LeaveValues | None = None, knobs: Knobs = PLAIN,
                  player: int | None = None, deadline: float = 0.0,
                  stop: Callable[[], bool] | None = None,
                  anchors: dict[Direction, bytearray] | None = None,
                  equity: RackEquity | None = None) -> list[Ranked]:
        """The ``n`` best moves by equity, best first, ranked inside the search.

        Equity is the score, plus the value of the tiles kept (``leaves``, e.g. a
        :class:`~wordstudio.crossword.players.leaves.LeaveTable`; None: nothing), plus
        the per-move knobs (``knobs``: length and letter weights, score and length
        bounds, the blank threshold; see :mod:`wordstudio.crossword.movegen.equity`).
        Ties go to the higher score, then to the smaller raw move, on either generator.
        ``deadline``/``stop``: the best found so far when time runs out (see
        :attr:`timed_out`).  Raises ValueError for racks too large to rank this way (more
        than 65,536 different leaves); :meth:`generate` serves those.  ``equity``: the
        rack's tables made already (:func:`~.movegen.equity.rack_equity`), in place of
        ``leaves`` and ``knobs`` (a search that keeps its own).
        """
        rack = rack if isinstance(rack, Rack) else Rack(tuple(rack))
        counts = rack.counts(self.alphabet)
        table = equity
        if table is None and (leaves is not None or knobs != PLAIN):
            table = rack_equity(counts, rack.blanks, self.alphabet, leaves, knobs)
        found = self.generator.generate(
            *self._position(board, rack, player, anchors, counts),
            top=max(n, 1), equity=table, deadline=deadline, stop=stop)
        self._timed_out = bool(found.timed_out)
        self._found = found.found
        return [Ranked(found[i], found.score(i), found.equity(i)) for i in range(len(found))]

    def _position(self, board: Board | Sequence[int], rack: Rack, player: int | None,
                  anchors: dict[Direction, bytearray] | None,
                  counts: list[int] | None = None) -> tuple:
        """The generator's positional arguments for a search."""
        cells: Sequence[int] = board.cells if isinstance(board, Board) else board
        owners = board.owners if isinstance(board, Board) else None
        masks = None if anchors is None else [anchors.get(d) for d in _DIRECTIONS]
        return (cells, counts if counts is not None else rack.counts(self.alphabet),
                rack.blanks, masks, owners, -1 if player is None else player)

    @property
    def timed_out(self) -> bool:
        """True when the last search stopped at its deadline or was asked to stop."""
        return self._timed_out

    @property
    def found(self) -> int:
        """How many legal moves the last search found (all of them, ranked or not)."""
        return self._found

    def moves(self, board: Board, rack: Rack | Sequence[str], player: int | None = None,
              limit: int = MOVES_LIMIT) -> list[Move]:
        """Every legal move, highest score first.  Raises :class:`TooManyMoves` rather
        than make more than ``limit`` Move values (:meth:`generate` streams any number,
        :meth:`top_moves` gives the best)."""
        found = self.generate(board, rack, player, limit=limit)
        if found.truncated:
            raise TooManyMoves(f"this position has more than {limit:,} moves: too many to list "
                               "at once (ask for the best few instead)")
        moves = [self.to_move(raw) for raw in found]
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
        shown = self._shown
        tiles = [shown[code & 127] for code in word]
        return Move(first_sq // cols, first_sq % cols, _DIRECTIONS[direction],
                    "".join(tiles), tuple(placed), score,
                    tuple(tiles) if self._multi_letter else ())


_JSON_DIRECTIONS = {Direction.ACROSS: "across", Direction.DOWN: "down",
                    Direction.DIAGONAL_DOWN: "diagonal-down", Direction.DIAGONAL_UP: "diagonal-up"}


def word_tiles(shown: str, alphabet: Sequence[str]) -> tuple[str, ...]:
    """A word as laid (blanks lower case) split into its tiles, for :attr:`Move.tiles`:
    empty when every tile of the game is one letter."""
    spelling = Spelling.of(alphabet)
    if not spelling.multi_letter:
        return ()
    tiles = spelling.split(shown.upper())
    if tiles is None:
        return ()
    out: list[str] = []
    at = 0
    for tile in tiles:
        out.append(shown[at:at + len(tile)])
        at += len(tile)
    return tuple(out)


def finder_for(config: GameConfig, words: WordList, pure: bool = False) -> MoveFinder:
    """A MoveFinder with the automata a config needs (one load per process and list)."""
    alphabet = config.tiles.alphabet
    gaddag = shared_gaddag(words, alphabet, reversible=config.backward_words)
    check = shared_gaddag(words, alphabet) if config.backward_words else None
    return MoveFinder(config, gaddag, pure=pure, check=check)


def best_moves(moves: Iterable[Move], n: int) -> list[Move]:
    return sorted(moves, key=lambda m: -m.score)[:n]
