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

from wordstudio.crossword.board import (
    BLANK_FLAG,
    BLOCKED,
    EMPTY,
    LETTER_MASK,
    Board,
    Placement,
    column_name,
    row_name,
    square_name,
)
from wordstudio.crossword.gameconfig import Direction, FirstMoveDir, FreeForm
from wordstudio.crossword.tiles import BLANK, Rack
from wordstudio.errors import UserError

ACROSS = Direction.ACROSS
DOWN = Direction.DOWN


class IllegalMove(UserError):
    """A move the rules do not allow; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


# --- where moves may attach ----------------------------------------------------------------
def is_first_move(board: Board) -> bool:
    """True while no tile at all is on the board (a preset board is not a first move)."""
    return board.is_empty()


def anchor_masks(board: Board, player: int | None = None) -> tuple[bytearray, bytearray]:
    """Squares an across move and a down move may attach to (one byte per square).

    First move: the squares the config's first-move row/column/direction allow.  Later:
    anchored play (FreeForm 0) - empty squares next to any tile; territorial (1) - next
    to a tile of ``player`` (a player with no tile of his own yet attaches to any tile);
    free-form - every empty square.
    """
    config = board.config
    rows, cols = board.rows, board.cols
    across = bytearray(rows * cols)
    down = bytearray(rows * cols)
    cells = board.cells
    if is_first_move(board):
        row = config.first_move_row - 1 if config.first_move_row else -1
        col = config.first_move_col - 1 if config.first_move_col else -1
        for i, cell in enumerate(cells):
            if cell != EMPTY:
                continue
            r, c = divmod(i, cols)
            if (row < 0 or r == row) and (col < 0 or c == col):
                across[i] = 1
                down[i] = 1
        if config.first_move_dir == FirstMoveDir.DOWN:
            across = bytearray(rows * cols)
        elif config.first_move_dir == FirstMoveDir.ACROSS:
            down = bytearray(rows * cols)
        return across, down
    mode = config.free_form
    if mode == FreeForm.FREE:
        for i, cell in enumerate(cells):
            if cell == EMPTY:
                across[i] = down[i] = 1
        return across, down
    own_only = (
        mode == FreeForm.TERRITORIAL
        and player is not None
        and any(o == player for o in board.owners)
    )
    owners = board.owners
    for i, cell in enumerate(cells):
        if cell != EMPTY:
            continue
        r, c = divmod(i, cols)
        for j in (i - cols if r > 0 else -1, i + cols if r < rows - 1 else -1,
                  i - 1 if c > 0 else -1, i + 1 if c < cols - 1 else -1):
            if j >= 0 and cells[j] >= 0 and (not own_only or owners[j] == player):
                across[i] = down[i] = 1
                break
    return across, down


# --- reading words off the board -----------------------------------------------------------
@dataclass(frozen=True)
class WordOnBoard:
    """A line of two or more tiles a move forms, with what it scores."""

    word: str  # upper case, blanks shown as their letter
    shown: str  # lower case for blanks, as WordsWorth writes words
    row: int
    col: int
    direction: Direction
    score: int


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


def _line_extent(cells: list[int], rows: int, cols: int, row: int, col: int, dr: int, dc: int
                 ) -> tuple[int, int, int, int]:
    """First and last square of the run of tiles through (row, col) along (dr, dc)."""
    r0, c0 = row, col
    while 0 <= r0 - dr < rows and 0 <= c0 - dc < cols and cells[(r0 - dr) * cols + c0 - dc] >= 0:
        r0 -= dr
        c0 -= dc
    r1, c1 = row, col
    while 0 <= r1 + dr < rows and 0 <= c1 + dc < cols and cells[(r1 + dr) * cols + c1 + dc] >= 0:
        r1 += dr
        c1 += dc
    return r0, c0, r1, c1


def _score_run(board: Board, cells: list[int], new: set[tuple[int, int]], r0: int, c0: int,
               r1: int, c1: int, dr: int, dc: int) -> tuple[str, str, int]:
    config = board.config
    scores = config.tiles.scores
    total = 0
    mult = 1
    letters: list[str] = []
    shown: list[str] = []
    r, c = r0, c0
    while True:
        cell = cells[r * board.cols + c]
        letter = board.alphabet[cell & LETTER_MASK]
        blank = bool(cell & BLANK_FLAG)
        value = 0 if blank else scores[cell & LETTER_MASK]
        if (r, c) in new:
            value *= board.letter_multiplier(r, c)
            mult *= board.word_multiplier(r, c)
        total += value
        letters.append(letter)
        shown.append(letter.lower() if blank else letter)
        if (r, c) == (r1, c1):
            break
        r += dr
        c += dc
    return "".join(letters), "".join(shown), total * mult


def analyse_play(board: Board, placements: Sequence[Placement], rack: Rack | None = None,
                 words: Container[str] | None = None, player: int | None = None) -> PlayAnalysis:
    """Check a proposed play against the rules; raise :class:`IllegalMove` with the reason.

    ``rack`` None skips the "do you hold these tiles" check (pool and unlimited games
    check the pool instead).  Words missing from ``words`` do not raise here: they are
    listed in ``unknown`` so the game can refuse them or let the player confirm them.
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
    rows_used = {p.row for p in placements}
    cols_used = {p.col for p in placements}
    if len(rows_used) > 1 and len(cols_used) > 1:
        raise IllegalMove("all the tiles of a play must be in one row or one column")
    cells = list(board.cells)
    new = set(squares)
    for p in placements:
        cells[p.row * board.cols + p.col] = board.encode(p.letter, p.blank)
    rows, cols = board.rows, board.cols
    # Direction: the line the tiles share; a single tile takes across if it makes an
    # across word there, else down.
    if len(placements) > 1:
        direction = ACROSS if len(rows_used) == 1 else DOWN
    else:
        p = placements[0]
        r0, c0, r1, c1 = _line_extent(cells, rows, cols, p.row, p.col, 0, 1)
        direction = ACROSS if c1 > c0 else DOWN
    dr, dc = (0, 1) if direction == ACROSS else (1, 0)
    first, last = placements[0], placements[-1]
    r0, c0, r1, c1 = _line_extent(cells, rows, cols, first.row, first.col, dr, dc)
    if (r1, c1) < (last.row, last.col):
        raise IllegalMove("the tiles must make one word with no gaps between them")
    if (r0, c0) == (r1, c1):
        raise IllegalMove("a word needs at least two letters")
    _check_attachment(board, placements, direction, r0, c0, r1, c1, player)
    main_word, main_shown, main_score = _score_run(board, cells, new, r0, c0, r1, c1, dr, dc)
    main = WordOnBoard(main_word, main_shown, r0, c0, direction, main_score)
    cross: list[WordOnBoard] = []
    pdr, pdc = dc, dr
    other = DOWN if direction == ACROSS else ACROSS
    for p in placements:
        q0r, q0c, q1r, q1c = _line_extent(cells, rows, cols, p.row, p.col, pdr, pdc)
        if (q0r, q0c) != (q1r, q1c):
            word, shown, score = _score_run(board, cells, new, q0r, q0c, q1r, q1c, pdr, pdc)
            cross.append(WordOnBoard(word, shown, q0r, q0c, other, score))
    bonus = 0
    if config.rack_size and len(placements) == config.rack_size:
        bonus = config.play_all_tile_bonus
    total = main.score + sum(w.score for w in cross) + bonus
    unknown: list[str] = []
    if words is not None:
        for w in (main, *cross):
            if w.word not in words and w.word not in unknown:
                unknown.append(w.word)
    return PlayAnalysis(placements, direction, main, tuple(cross), total, bonus, tuple(unknown))


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
                      r0: int, c0: int, r1: int, c1: int, player: int | None) -> None:
    config = board.config
    across, down = anchor_masks(board, player)
    mask = across if direction == ACROSS else down
    if any(mask[p.row * board.cols + p.col] for p in placements):
        return
    if len(placements) == 1:
        # A single tile counts in either direction.
        other = down if direction == ACROSS else across
        p = placements[0]
        if other[p.row * board.cols + p.col]:
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


def placements_from_word(board: Board, row: int, col: int, direction: Direction, word: str
                         ) -> list[Placement]:
    """WordsWorth-style entry: the whole word typed from its first square.

    Letters already on the board must match; lower case means a blank.  Raises
    IllegalMove with the seed's reasons ("conflicts with the board", "can't end there").
    """
    dr, dc = direction.step
    tokens = _split_word(word, board.alphabet)
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


def _split_word(word: str, alphabet: Sequence[str]) -> list[tuple[str, bool]]:
    letters = sorted(alphabet, key=len, reverse=True)
    out: list[tuple[str, bool]] = []
    i = 0
    while i < len(word):
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
