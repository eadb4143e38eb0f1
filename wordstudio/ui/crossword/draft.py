"""The move a person is laying down: the rack as he arranged it, tentative tiles, the cursor.

No Qt here: the draft is plain state that the board and rack views draw and that mouse
drags, typing and hints change.  Whether the move is *legal* and what it scores is the
engine's business (:meth:`wordstudio.crossword.game.Game.check_play`); the draft only
knows which tiles the person holds and which squares are free.

Keyboard entry follows the crossword-game programs people know: click a square (click it
again to turn it - across, down, and the diagonals in games that have them - or press
an arrow key; in games with diagonals Home, Page Up, End and Page Down, the diagonal keys
of the number pad, turn it along a diagonal), type letters - each goes on the
next free square, skipping tiles already on the board - Backspace takes the last one
back.  A letter the rack does not hold uses a blank when there is one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wordstudio.crossword.board import Board, Placement
from wordstudio.crossword.gameconfig import Direction
from wordstudio.crossword.tiles import BLANK

ACROSS = Direction.ACROSS
DOWN = Direction.DOWN


@dataclass(frozen=True)
class RackTile:
    """One tile of the rack; ``ident`` follows it through reorders and placements."""

    ident: int
    tile: str  # a letter, or BLANK


@dataclass(frozen=True)
class Tentative:
    """A tile put on the board this turn, not yet played."""

    ident: int
    row: int
    col: int
    letter: str
    blank: bool

    def placement(self) -> Placement:
        return Placement(self.row, self.col, self.letter, self.blank)


class DraftError(ValueError):
    """A tile cannot go where it was asked to (the message says why, in plain words)."""


class MoveDraft:
    """Rack arrangement + tentative tiles + typing cursor for the player to move."""

    def __init__(self, board: Board, tiles: Sequence[str] = ()) -> None:
        self.board = board
        self._next_id = 0
        self.rack: list[RackTile] = []
        self.placed: dict[tuple[int, int], Tentative] = {}
        #: Squares in the order tiles went down (Backspace takes the last one back).
        self.order: list[tuple[int, int]] = []
        self.cursor: tuple[int, int] | None = None
        #: Where the cursor was put before typing began (Esc goes back there).
        self._typing_start: tuple[int, int] | None = None
        self.direction = ACROSS
        self.sync(tiles)

    # --- the rack ------------------------------------------------------------------------
    def sync(self, tiles: Sequence[str], board: Board | None = None) -> None:
        """Take the engine's rack after a turn: tiles still held keep the person's order,
        new ones go at the end.  Tentative tiles and the cursor are cleared."""
        if board is not None:
            self.board = board
        self.clear(keep_cursor=False)
        wanted = list(tiles)
        kept: list[RackTile] = []
        for rt in self.rack:
            if rt.tile in wanted:
                wanted.remove(rt.tile)
                kept.append(rt)
        for tile in wanted:
            kept.append(self._new(tile))
        self.rack = kept

    def _new(self, tile: str) -> RackTile:
        self._next_id += 1
        return RackTile(self._next_id, tile)

    def tiles(self) -> list[str]:
        return [rt.tile for rt in self.rack]

    def free(self) -> list[RackTile]:
        """Rack tiles not on the board, in the person's order."""
        used = {t.ident for t in self.placed.values()}
        return [rt for rt in self.rack if rt.ident not in used]

    def tile(self, ident: int) -> RackTile:
        for rt in self.rack:
            if rt.ident == ident:
                return rt
        raise DraftError("that tile is not on the rack")

    def reorder(self, ident: int, index: int) -> None:
        """Move a rack tile so it shows at ``index`` among the free tiles."""
        moving = self.tile(ident)
        free = [rt for rt in self.free() if rt.ident != ident]
        index = max(0, min(index, len(free)))
        self.rack.remove(moving)
        if index >= len(free):
            self.rack.append(moving)
        else:
            self.rack.insert(self.rack.index(free[index]), moving)

    def shuffle(self, rng: random.Random | None = None) -> None:
        """Computer SCRABBLE's "juggle": a new arrangement (never the same one if avoidable)."""
        rng = rng or random.Random()
        before = list(self.rack)
        for _ in range(8):
            rng.shuffle(self.rack)
            if self.rack != before or len({rt.tile for rt in before}) < 2:
                break

    def sort(self) -> None:
        """Alphabetical, blanks last."""
        self.rack.sort(key=lambda rt: (rt.tile == BLANK, rt.tile))

    # --- tiles on the board ------------------------------------------------------------
    def placements(self) -> list[Placement]:
        return [t.placement() for t in sorted(self.placed.values(), key=lambda t: (t.row, t.col))]

    def is_free_square(self, row: int, col: int) -> bool:
        board = self.board
        return (board.on_board(row, col) and not board.is_blocked(row, col)
                and not board.has_tile(row, col) and (row, col) not in self.placed)

    def place(self, ident: int, row: int, col: int, letter: str | None = None) -> Tentative:
        """Put rack tile ``ident`` on a square; a blank needs the ``letter`` it stands for."""
        rt = self.tile(ident)
        if any(t.ident == ident for t in self.placed.values()):
            raise DraftError("that tile is already on the board")
        if not self.is_free_square(row, col):
            raise DraftError("that square is not free")
        if rt.tile == BLANK:
            if not letter:
                raise DraftError("choose the letter the blank stands for")
            if letter.upper() not in self.board.alphabet:
                raise DraftError(f"{letter!r} is not a letter of this game")
            tentative = Tentative(ident, row, col, letter.upper(), True)
        else:
            tentative = Tentative(ident, row, col, rt.tile, False)
        self.placed[(row, col)] = tentative
        self.order.append((row, col))
        return tentative

    def lift(self, row: int, col: int) -> int:
        """Take a tentative tile back to the rack; returns its ident."""
        tentative = self.placed.pop((row, col), None)
        if tentative is None:
            raise DraftError("there is no tile of yours on that square")
        self.order.remove((row, col))
        return tentative.ident

    def move(self, source: tuple[int, int], target: tuple[int, int]) -> None:
        """Move a tentative tile to another free square (a blank keeps its letter)."""
        if source == target:
            return
        if not self.is_free_square(*target):
            raise DraftError("that square is not free")
        tentative = self.placed.pop(source)
        self.order.remove(source)
        self.placed[target] = Tentative(tentative.ident, target[0], target[1],
                                        tentative.letter, tentative.blank)
        self.order.append(target)

    def clear(self, keep_cursor: bool = True) -> None:
        """Every tentative tile back to the rack (Esc); the cursor returns to where typing
        started, so the word can be typed again."""
        self.placed.clear()
        self.order.clear()
        if not keep_cursor:
            self.cursor = None
            self._typing_start = None
        elif self._typing_start is not None:
            self.cursor = self._typing_start

    def set_move(self, placements: Iterable[Placement]) -> None:
        """Lay a whole move down (a hint, a typed WordsWorth entry) from the rack's tiles;
        raises DraftError naming a tile the rack lacks, leaving the board as it was."""
        placements = list(placements)
        available = {rt.ident: rt.tile for rt in self.rack}
        chosen: list[tuple[int, Placement]] = []
        for p in placements:
            need = BLANK if p.blank else p.letter
            ident = next((i for i, tile in available.items() if tile == need), None)
            if ident is None:
                if need == BLANK:
                    raise DraftError("you don't have a blank")
                article = "an" if need[0] in "AEFHILMNORSX" else "a"
                raise DraftError(f"you don't have {article} {need}")
            del available[ident]
            chosen.append((ident, p))
        for p in placements:
            if not self.board.on_board(p.row, p.col) or self.board.is_blocked(p.row, p.col) \
                    or self.board.has_tile(p.row, p.col):
                raise DraftError("that move does not fit the board")
        self.clear(keep_cursor=False)
        for ident, p in chosen:
            self.placed[(p.row, p.col)] = Tentative(ident, p.row, p.col, p.letter, p.blank)
            self.order.append((p.row, p.col))

    # --- typing ------------------------------------------------------------------------
    def click(self, row: int, col: int) -> None:
        """Click a square: put the cursor there pointing across, or turn it to the next
        direction (down, then the diagonals where the game has them) if it is already there."""
        if self.cursor == (row, col):
            # Through every direction the game allows (WORDwhami: the diagonals too).
            ways = list(self.board.config.directions) or [ACROSS, DOWN]
            index = ways.index(self.direction) if self.direction in ways else -1
            self.direction = ways[(index + 1) % len(ways)]
        elif self.board.on_board(row, col) and not self.board.is_blocked(row, col):
            self.cursor = (row, col)
            self.direction = ACROSS
            self._typing_start = (row, col)

    def arrow(self, drow: int, dcol: int) -> None:
        """An arrow key: turns the cursor to that axis, or moves it when already along it.

        A diagonal step (both non-zero) stands for a diagonal axis: down-right for
        (1, 1) and (-1, -1), up-right for (-1, 1) and (1, -1); it does nothing in a game
        without that diagonal.
        """
        if drow and dcol:
            wanted = Direction.DIAGONAL_DOWN if drow == dcol else Direction.DIAGONAL_UP
            if wanted not in self.board.config.directions:
                return
        else:
            wanted = ACROSS if dcol else DOWN
        if self.cursor is None:
            self.cursor = (self.board.rows // 2, self.board.cols // 2)
            return
        if wanted != self.direction:
            self.direction = wanted
            return
        row, col = self.cursor[0] + drow, self.cursor[1] + dcol
        if self.board.on_board(row, col):
            self.cursor = (row, col)
            self._typing_start = (row, col)

    def _step(self) -> tuple[int, int]:
        return self.direction.step

    def _next_free(self, row: int, col: int) -> tuple[int, int] | None:
        """The first square from (row, col) along the direction with no tile on it."""
        dr, dc = self._step()
        board = self.board
        while board.on_board(row, col):
            if board.is_blocked(row, col):
                return None
            if not board.has_tile(row, col) and (row, col) not in self.placed:
                return row, col
            row, col = row + dr, col + dc
        return None

    def type_letter(self, letter: str, blank: bool = False) -> Tentative:
        """Put a letter on the next free square from the cursor (DraftError if it can't)."""
        if self.cursor is None:
            raise DraftError("click a square first, then type the word")
        letter = letter.upper()
        if letter not in self.board.alphabet:
            raise DraftError(f"{letter!r} is not a letter of this game")
        square = self._next_free(*self.cursor)
        if square is None:
            raise DraftError("no free square left in that direction")
        free = self.free()
        tile = None if blank else next((rt for rt in free if rt.tile == letter), None)
        if tile is None:
            tile = next((rt for rt in free if rt.tile == BLANK), None)
        if tile is None:
            article = "an" if letter[0] in "AEFHILMNORSX" else "a"
            raise DraftError(f"you don't have {article} {letter}" + (" or a blank" if not blank else ""))
        placed = self.place(tile.ident, square[0], square[1], letter)
        dr, dc = self._step()
        after = (square[0] + dr, square[1] + dc)
        # The cursor waits on the next square a letter would go to, never on a tile
        # already there (it would hide it).
        self.cursor = self._next_free(*after) or after
        return placed

    def backspace(self) -> None:
        """Take the last tile back and put the cursor where it was."""
        if not self.order:
            return
        square = self.order[-1]
        self.lift(*square)
        self.cursor = square
