"""Where a move may go and whether it is legal, in plain words; what it scores.

Two things live here:

* :func:`anchor_masks` decides which empty squares a move may attach to (first-move
  constraints, anchored / territorial / free-form play).  The move generator and the
  legality check both use it, so they can never disagree about placement rules.
* :func:`analyse_play` checks a proposed move square by square, independently of the
  move generator's automaton (it reads words off the board and looks them up), and
  explains a refusal with WordsWorth's reasons: "no anchor square", "conflicts with the
  board", "not in the dictionary: XYZZY", "you don't have a blank", "bad cross-word:
  QAT", "can't end there", and the first-move rules.  Property tests check every
  generated move against it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass
from functools import lru_cache

from wordstudio.crossword.board import (
    BLOCKED,
    EMPTY,
    Board,
    Placement,
    column_name,
    row_name,
    square_name,
)
from wordstudio.crossword.gameconfig import Direction, FirstMoveDir, FreeForm, Scoring
from wordstudio.crossword.scoring import (
    Line,
    checked_directions,
    length_squared,
    letter_sum,
    line_through,
    read_line,
    readings,
    unchecked_directions,
)
from wordstudio.crossword.tiles import BLANK, Rack
from wordstudio.errors import UserError
from wordstudio.lexicon.spelling import Spelling

ACROSS = Direction.ACROSS
DOWN = Direction.DOWN
DIAGONAL_DOWN = Direction.DIAGONAL_DOWN
DIAGONAL_UP = Direction.DIAGONAL_UP


class IllegalMove(UserError):
    """A move the rules do not allow; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


# --- where moves may attach ----------------------------------------------------------------
def is_first_move(board: Board) -> bool:
    """True while no tile at all is on the board (a preset board is not a first move)."""
    return board.is_empty()


def anchor_masks(board: Board, player: int | None = None) -> dict[Direction, bytearray]:
    """For each direction the config allows, the squares a move may attach to.

    First move: the squares the config's first-move row/column/direction allow (a
    diagonal first move must cover the first-move square when one is set, or cross the
    row/column).  Later: anchored play (FreeForm 0) - empty squares next to any tile
    (diagonal neighbours count too when diagonal words are allowed); territorial (1) -
    next to a tile of ``player`` (a player with no tile of his own yet attaches to any
    tile); free-form - every empty square.
    """
    config = board.config
    rows, cols = board.rows, board.cols
    n = rows * cols
    cells = board.cells
    mask = bytearray(n)
    masks = {d: mask for d in config.directions}
    if is_first_move(board):
        row = config.first_move_row - 1 if config.first_move_row else -1
        col = config.first_move_col - 1 if config.first_move_col else -1
        for i, cell in enumerate(cells):
            r, c = divmod(i, cols)
            if cell == EMPTY and (row < 0 or r == row) and (col < 0 or c == col):
                mask[i] = 1
        empty = bytearray(n)
        if config.first_move_dir == FirstMoveDir.DOWN:
            masks = {d: (mask if d == DOWN else empty) for d in config.directions}
        elif config.first_move_dir == FirstMoveDir.ACROSS:
            masks = {d: (mask if d == ACROSS else empty) for d in config.directions}
        return masks
    if config.free_form == FreeForm.FREE:
        for i, cell in enumerate(cells):
            if cell == EMPTY:
                mask[i] = 1
        return masks
    own_only = (config.free_form == FreeForm.TERRITORIAL and player is not None
                and any(o == player for o in board.owners))
    owners = board.owners
    # Mark the empty neighbours of each tile: there are far fewer tiles than squares.
    table = _neighbours(rows, cols, any(d.is_diagonal for d in config.directions))
    for i, cell in enumerate(cells):
        if cell >= 0 and (not own_only or owners[i] == player):
            for j in table[i]:
                if cells[j] == EMPTY:
                    mask[j] = 1
    return masks


@lru_cache(maxsize=32)
def _neighbours(rows: int, cols: int, diagonal: bool) -> tuple[tuple[int, ...], ...]:
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return tuple(
        tuple((r + dr) * cols + c + dc for dr, dc in steps
              if 0 <= r + dr < rows and 0 <= c + dc < cols)
        for r in range(rows) for c in range(cols))


# --- reading words off the board -----------------------------------------------------------
@dataclass(frozen=True)
class WordOnBoard:
    """A word a play forms (one reading of a line), with what it scores."""

    word: str  # upper case, as read (a backward reading is reversed)
    shown: str  # lower case for blanks, as laid on the board (forwards)
    row: int
    col: int
    direction: Direction
    score: int
    backwards: bool = False


@dataclass(frozen=True)
class PlayAnalysis:
    """A structurally legal play: its words, score and any words not in the lexicon."""

    placements: tuple[Placement, ...]
    direction: Direction
    main: WordOnBoard
    cross: tuple[WordOnBoard, ...]
    score: int
    bonus: int
    unknown: tuple[str, ...]

    @property
    def words(self) -> tuple[WordOnBoard, ...]:
        return (self.main, *self.cross)


def _collinear(placements: Sequence[Placement], directions: Sequence[Direction]
               ) -> Direction | None:
    rows = {p.row for p in placements}
    cols = {p.col for p in placements}
    if len(rows) == 1 and ACROSS in directions:
        return ACROSS
    if len(cols) == 1 and DOWN in directions:
        return DOWN
    if len({p.col - p.row for p in placements}) == 1 and DIAGONAL_DOWN in directions:
        return DIAGONAL_DOWN
    if len({p.col + p.row for p in placements}) == 1 and DIAGONAL_UP in directions:
        return DIAGONAL_UP
    return None


def _single_tile_direction(board: Board, cells: list[int], p: Placement,
                           words: Container[str] | None) -> Direction:
    """Across or down when the tile makes a line there; else the first diagonal along
    which it makes a word (WORDwhami), or failing that the first diagonal line it makes;
    else across (the play then has no word at all).  The diagonals are tried down-right
    first, whatever order the configuration lists them in: the move generator records a
    one-tile play in that order, and the two must agree on which word is the play's own
    (the other diagonal's word does not score with it)."""
    config = board.config
    for d in (ACROSS, DOWN):
        if len(line_through(cells, board.rows, board.cols, p.row, p.col, d)) > 1:
            return d
    diagonal_runs = []
    for d in (DIAGONAL_DOWN, DIAGONAL_UP):
        if d in config.directions:
            run = line_through(cells, board.rows, board.cols, p.row, p.col, d)
            if len(run) > 1:
                line = read_line(board, cells, run, d, True)
                if words is None or any(not why for _, why in readings(line, config, words)):
                    return d
                diagonal_runs.append(d)
    return diagonal_runs[0] if diagonal_runs else ACROSS


def analyse_play(board: Board, placements: Sequence[Placement], rack: Rack | None = None,
                 words: Container[str] | None = None, player: int | None = None) -> PlayAnalysis:
    """Check a proposed play against the rules; raise :class:`IllegalMove` with the reason.

    ``rack`` None skips the "do you hold these tiles" check (unlimited games).  Words
    missing from ``words`` do not raise here: they are listed in ``unknown`` so the game
    can refuse them or let the player confirm them.  Wild-tile rules (WORDwhami) do raise.
    """
    config = board.config
    placements = tuple(sorted(placements, key=lambda p: (p.row, p.col)))
    if not placements:
        raise IllegalMove("place at least one tile")
    squares = [(p.row, p.col) for p in placements]
    if len(set(squares)) != len(squares):
        raise IllegalMove("two tiles on the same square")
    for p in placements:
        if not board.on_board(p.row, p.col):
            raise IllegalMove(f"square ({p.row + 1}, {p.col + 1}) is off the board")
        if board.is_blocked(p.row, p.col):
            raise IllegalMove(f"square {square_name(p.row, p.col)} is a blocked square")
        existing = board.tile_at(p.row, p.col)
        if existing is not None:
            raise IllegalMove(
                f"the word conflicts with the board: {square_name(p.row, p.col)} already "
                f"holds {existing[0]}")
        if p.letter not in board.alphabet:
            raise IllegalMove(f"{p.letter!r} is not a letter of this game")
    if rack is not None:
        _check_rack(rack, placements)
    cells = list(board.cells)
    new = set(squares)
    for p in placements:
        cells[p.row * board.cols + p.col] = board.encode(p.letter, p.blank)
    rows, cols = board.rows, board.cols
    if len(placements) == 1:
        direction = _single_tile_direction(board, cells, placements[0], words)
    else:
        found = _collinear(placements, config.directions)
        if found is None:
            shape = "one row or one column" if not any(
                d.is_diagonal for d in config.directions) else "one line"
            raise IllegalMove(f"all the tiles of a play must be in {shape}")
        direction = found
    if direction.is_diagonal:
        placements = tuple(sorted(placements, key=lambda p: p.col))
    first, last = placements[0], placements[-1]
    run = line_through(cells, rows, cols, first.row, first.col, direction)
    if (last.row, last.col) not in run:
        raise IllegalMove("the tiles must make one word with no gaps between them")
    if len(run) < 2:
        raise IllegalMove("a word needs at least two letters")
    _check_attachment(board, placements, direction, player)
    main_line = read_line(board, cells, run, direction, True)
    lines = [main_line]
    checked = checked_directions(direction)
    for p in placements:
        for d in (*checked, *unchecked_directions(direction, config)):
            cross = line_through(cells, rows, cols, p.row, p.col, d)
            if len(cross) > 1:
                lines.append(read_line(board, cells, cross, d, d in checked))
    return _score(board, cells, placements, direction, lines, new, words)


def _score(board: Board, cells: list[int], placements: tuple[Placement, ...],
           direction: Direction, lines: list[Line], new: set[tuple[int, int]],
           words: Container[str] | None) -> PlayAnalysis:
    config = board.config
    square_sum = config.scoring == Scoring.LETTER_SUM
    formed: list[WordOnBoard] = []
    unknown: list[str] = []
    distinct: dict[str, int] = {}
    for line in lines:
        (r0, c0) = line.squares[0]
        options = readings(line, config, words) if words is not None else [(line.text, "")]
        good = [(text, k) for k, (text, why) in enumerate(options) if not why]
        if square_sum:
            good = good[:1]  # a line scores its letters once, whichever way it reads
        if line.checked and not good:
            problems = [why for _, why in options if why != "not a word"]
            if problems:
                raise IllegalMove(f"{problems[0]}: {line.text}")
            if line.text not in unknown:
                unknown.append(line.text)
            good = [(line.text, 0)]  # scored as if accepted (confirm / challenge games)
        for text, k in good:
            if square_sum:
                if not line.checked:
                    continue
                score = letter_sum(board, cells, line, new)
            else:
                score = 0 if text in distinct else line.length * line.length
                distinct[text] = line.length
            formed.append(WordOnBoard(text, line.shown, r0, c0, line.direction, score, k == 1))
    bonus = 0
    if config.rack_size and len(placements) == config.rack_size:
        bonus = config.play_all_tile_bonus
    total = sum(w.score for w in formed) + bonus
    if not square_sum:
        total = length_squared(distinct) + bonus
    return PlayAnalysis(placements, direction, formed[0], tuple(formed[1:]), total, bonus,
                        tuple(unknown))


def check_play(board: Board, placements: Sequence[Placement], rack: Rack | None,
               words: Container[str], player: int | None = None) -> PlayAnalysis:
    """:func:`analyse_play`, refusing words that are not in ``words``."""
    analysis = analyse_play(board, placements, rack, words, player)
    if analysis.unknown:
        bad = analysis.unknown[0]
        if bad == analysis.main.word:
            raise IllegalMove(f"not in the dictionary: {bad}")
        raise IllegalMove(f"bad cross-word: {bad}")
    return analysis


def _check_rack(rack: Rack, placements: Sequence[Placement]) -> None:
    need = Counter(BLANK if p.blank else p.letter for p in placements)
    have = Counter(rack.tiles)
    for tile, count in need.items():
        if have[tile] < count:
            if tile == BLANK:
                raise IllegalMove("you don't have a blank")
            raise IllegalMove(f"you don't have a{'n' if tile[0] in 'AEFHILMNORSX' else ''} {tile}")


def _check_attachment(board: Board, placements: Sequence[Placement], direction: Direction,
                      player: int | None) -> None:
    config = board.config
    masks = anchor_masks(board, player)
    mask = masks.get(direction)
    if mask is not None and any(mask[p.row * board.cols + p.col] for p in placements):
        return
    if len(placements) == 1:
        # A single tile counts in any direction.
        p = placements[0]
        if any(m[p.row * board.cols + p.col] for m in masks.values()):
            return
    if not is_first_move(board):
        if config.free_form == FreeForm.TERRITORIAL:
            raise IllegalMove("no anchor square: the word must build on your own tiles")
        raise IllegalMove("no anchor square: the word must build on the tiles already on the board")
    if config.first_move_dir == FirstMoveDir.ACROSS and direction != ACROSS:
        raise IllegalMove("the first word must be played across")
    if config.first_move_dir == FirstMoveDir.DOWN and direction != DOWN:
        raise IllegalMove("the first word must be played down")
    row = config.first_move_row - 1
    col = config.first_move_col - 1
    if config.first_move_row and config.first_move_col:
        raise IllegalMove(f"the first word must cover square {square_name(row, col)}")
    if config.first_move_row:
        raise IllegalMove(f"the first word must cross row {row_name(row)}")
    raise IllegalMove(f"the first word must cross column {column_name(col)}")


def placements_from_word(board: Board, row: int, col: int, direction: Direction, word: str,
                         *, fold: bool = False) -> list[Placement]:
    """WordsWorth-style entry: the whole word typed from its first square.

    Letters already on the board must match; lower case means a blank.  With ``fold`` (a
    person typing) marks the game has no tile for are dropped first (lexicon.spelling:
    CANCIÓN as CANCION); a record's word is taken as written.  Raises IllegalMove with
    the seed's reasons ("conflicts with the board", "can't end there").
    """
    dr, dc = direction.step
    tokens = _split_word(word, board.alphabet, fold)
    r_before, c_before = row - dr, col - dc
    if board.on_board(r_before, c_before) and board.has_tile(r_before, c_before):
        raise IllegalMove("can't start there: the word runs on from the tile before it")
    placements: list[Placement] = []
    r, c = row, col
    for letter, blank in tokens:
        if not board.on_board(r, c):
            raise IllegalMove("the word runs off the board")
        if board.is_blocked(r, c):
            raise IllegalMove(f"the word runs into the blocked square {square_name(r, c)}")
        existing = board.tile_at(r, c)
        if existing is not None:
            if existing[0] != letter:
                raise IllegalMove(
                    f"the word conflicts with the board: {square_name(r, c)} holds {existing[0]}")
        else:
            placements.append(Placement(r, c, letter, blank))
        r += dr
        c += dc
    if board.on_board(r, c) and board.has_tile(r, c):
        raise IllegalMove("can't end there: the next square holds a tile")
    if not placements:
        raise IllegalMove("every letter of that word is already on the board")
    return placements


def _split_word(word: str, alphabet: Sequence[str], fold: bool = False
                ) -> list[tuple[str, bool]]:
    """A word as (tile, blank) pairs, multi-letter tiles taken longest first; lower case
    is a blank.  ``fold``: marks the game has no tile for dropped first."""
    letters = sorted(alphabet, key=len, reverse=True)
    folded = Spelling.of(alphabet).fold_keeping_case(word.strip()) if fold else None
    if folded is not None:
        word = folded
    out: list[tuple[str, bool]] = []
    i = 0
    while i < len(word):
        if word[i] == "[":
            # A tile of more than one letter in brackets: ``[CH]``, a blank ``[ch]``.
            end = word.find("]", i)
            piece = word[i + 1:end] if end > i else ""
            if piece.upper() not in alphabet or not (piece.isupper() or piece.islower()):
                raise IllegalMove(f"{word[i:end + 1] if end > i else word[i:]!r} is not a "
                                  "tile of this game")
            out.append((piece.upper(), piece.islower()))
            i = end + 1
            continue
        for letter in letters:
            piece = word[i:i + len(letter)]
            if piece.upper() == letter and (piece.isupper() or piece.islower()):
                out.append((letter, piece.islower()))
                i += len(letter)
                break
        else:
            raise IllegalMove(f"{word[i]!r} is not a letter of this game")
    return out


__all__ = [
    "ACROSS", "BLOCKED", "DOWN", "EMPTY", "IllegalMove", "PlayAnalysis", "WordOnBoard",
    "analyse_play", "anchor_masks", "check_play", "is_first_move", "placements_from_word",
]
