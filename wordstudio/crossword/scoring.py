"""The words a play forms and what they score, in every scoring system the engine knows.

A play lays its tiles along one *main* direction.  Through each new tile run the lines
of the other enabled directions.  Which of them must be words depends on the main
direction (WORDwhami rule 6, DESIGN section 3):

* a straight play (across or down): the perpendicular straight line is *checked* (it must
  be a word); diagonal lines are *unchecked* (they score if they happen to be words);
* a diagonal play: both straight lines are checked; the other diagonal is unchecked.

A line is a word when it reads as one forwards, or (``BackwardWords``) backwards.

Scoring:

* ``LetterSum`` (Scrabble, WordsWorth): each checked word scores its letters' values,
  letter premiums under new tiles first, then word premiums under new tiles; the blank
  scores 0; plus the full-rack bonus.
* ``LengthSquared`` (WORDwhami): every new and different word scores its length squared;
  a line that reads as one word forwards and another backwards scores both; a wild
  (blank) counts as a letter.  "Different" means each word string is counted once per
  play.

Wild-tile rules (WORDwhami, when the config asks for them): a word holds at most one
wild (so a wild cannot extend a word that already has one), and a wild may not be the
``S`` that makes a plural of a word.  A checked line that breaks them makes the play
illegal; an unchecked line that breaks them simply does not count as a word.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass

from wordstudio.crossword.board import BLANK_FLAG, LETTER_MASK, Board
from wordstudio.crossword.gameconfig import STRAIGHT, Direction, GameConfig, Scoring

ACROSS = Direction.ACROSS
DOWN = Direction.DOWN


def checked_directions(main: Direction) -> tuple[Direction, ...]:
    """Directions whose lines through a new tile must be words for a play along ``main``."""
    if main.is_diagonal:
        return STRAIGHT
    return (DOWN,) if main == ACROSS else (ACROSS,)


def unchecked_directions(main: Direction, config: GameConfig) -> tuple[Direction, ...]:
    checked = checked_directions(main)
    return tuple(d for d in config.directions if d != main and d not in checked)


def line_through(cells: Sequence[int], rows: int, cols: int, row: int, col: int,
                 direction: Direction) -> list[tuple[int, int]]:
    """The squares of the run of tiles through (row, col) along ``direction``, in order."""
    dr, dc = direction.step
    r, c = row, col
    while 0 <= r - dr < rows and 0 <= c - dc < cols and cells[(r - dr) * cols + c - dc] >= 0:
        r -= dr
        c -= dc
    run = []
    while 0 <= r < rows and 0 <= c < cols and cells[r * cols + c] >= 0:
        run.append((r, c))
        r += dr
        c += dc
    return run


@dataclass(frozen=True)
class Line:
    """A run of two or more tiles a play forms or extends."""

    squares: tuple[tuple[int, int], ...]
    direction: Direction
    text: str  # upper case, forwards
    shown: str  # lower case for blanks
    blanks: tuple[int, ...]  # indices of blank tiles in the run
    checked: bool

    @property
    def length(self) -> int:
        return len(self.squares)


def read_line(board: Board, cells: Sequence[int], squares: Sequence[tuple[int, int]],
              direction: Direction, checked: bool) -> Line:
    letters = []
    shown = []
    blanks = []
    for i, (r, c) in enumerate(squares):
        cell = cells[r * board.cols + c]
        letter = board.alphabet[cell & LETTER_MASK]
        letters.append(letter)
        if cell & BLANK_FLAG:
            blanks.append(i)
            shown.append(letter.lower())
        else:
            shown.append(letter)
    return Line(tuple(squares), direction, "".join(letters), "".join(shown), tuple(blanks), checked)


def _is_plural_by_wild(text: str, last_is_blank: bool, words: Container[str]) -> bool:
    return last_is_blank and text.endswith("S") and len(text) > 2 and text[:-1] in words


def readings(line: Line, config: GameConfig, words: Container[str]) -> list[tuple[str, str]]:
    """The word(s) a line reads as: (word, why-not) pairs where why-not is "" for a word.

    Forwards first, then backwards when the config allows backward words and the reversed
    text is a different string.  Wild rules are applied to each reading.
    """
    out: list[tuple[str, str]] = []
    candidates = [(line.text, line.length - 1 in line.blanks)]
    if config.backward_words:
        back = line.text[::-1]
        if back != line.text:
            candidates.append((back, 0 in line.blanks))
    for text, last_blank in candidates:
        if text not in words:
            out.append((text, "not a word"))
        elif config.wild_once_per_word and len(line.blanks) > 1:
            out.append((text, "only one wild tile may be used in a word"))
        elif config.wild_no_plurals and _is_plural_by_wild(text, last_blank, words):
            out.append((text, "a wild tile may not be used to make a plural"))
        else:
            out.append((text, ""))
    return out


def letter_sum(board: Board, cells: Sequence[int], line: Line, new: set[tuple[int, int]]) -> int:
    """Letter values (blanks 0), letter premiums under new tiles, then word premiums."""
    scores = board.config.tiles.scores
    total = 0
    mult = 1
    for r, c in line.squares:
        cell = cells[r * board.cols + c]
        value = 0 if cell & BLANK_FLAG else scores[cell & LETTER_MASK]
        if (r, c) in new:
            value *= board.letter_multiplier(r, c)
            mult *= board.word_multiplier(r, c)
        total += value
    return total * mult


def length_squared(words: dict[str, int]) -> int:
    """WORDwhami: each different word (word -> its length in tiles) scores length squared."""
    return sum(length * length for length in words.values())


__all__ = [
    "Line", "Scoring", "checked_directions", "length_squared", "letter_sum", "line_through",
    "read_line", "readings", "unchecked_directions",
]
