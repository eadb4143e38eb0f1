"""GameConfig: the one description of a crossword game.

Everything the WordsWorth configuration language (seed 001, Appendix A) can say maps onto
these value types, plus WordStudio's extensions (bigger boards, custom alphabets, player
counts, end-of-game rules, WORDwhami's directions, backward words and length-squared
scoring).  ``wordstudio.crossword.config.files`` reads and writes them as WordsWorth files.

The types are frozen dataclasses so a config can be shared between the GUI, worker
processes and saved games without anyone changing it underneath the others.
"""

from __future__ import annotations

import enum
import string
from dataclasses import dataclass, field, replace
from typing import Any

MAX_ROWS = 30
MAX_COLUMNS = 30
MAX_MULTIPLIER = 11
#: Move-generation masks are 64-bit; one bit is kept spare.
MAX_ALPHABET = 63

#: BoardPositionScore codes: ``a`` plain, ``b``..``k`` letter x2..x11, ``B``..``K`` word
#: x2..x11, ``@`` blocked (a black square).
PLAIN = "a"
BLOCKED = "@"
LETTER_CODES = "bcdefghijk"
WORD_CODES = "BCDEFGHIJK"

DEFAULT_ALPHABET: tuple[str, ...] = tuple(string.ascii_uppercase)


class Direction(enum.Enum):
    """A direction in which a word may be laid (the value is the WordsWorth-style name)."""

    ACROSS = "Across"
    DOWN = "Down"
    DIAGONAL_DOWN = "DiagonalDown"  # top-left to bottom-right
    DIAGONAL_UP = "DiagonalUp"  # bottom-left to top-right

    @property
    def step(self) -> tuple[int, int]:
        """(row step, column step) from one letter of a word to the next."""
        return _STEPS[self]

    @property
    def is_diagonal(self) -> bool:
        return self in (Direction.DIAGONAL_DOWN, Direction.DIAGONAL_UP)


_STEPS = {
    Direction.ACROSS: (0, 1),
    Direction.DOWN: (1, 0),
    Direction.DIAGONAL_DOWN: (1, 1),
    Direction.DIAGONAL_UP: (-1, 1),
}

STRAIGHT = (Direction.ACROSS, Direction.DOWN)


class Scoring(enum.Enum):
    """How a play is scored."""

    LETTER_SUM = "LetterSum"  # Scrabble / WordsWorth: letter values with premiums
    LENGTH_SQUARED = "LengthSquared"  # WORDwhami: each new different word scores len**2


class FirstMoveDir(enum.IntEnum):
    """WordsWorth ``FirstMoveDir``."""

    ANY = 0
    DOWN = 1
    ACROSS = 2


class FreeForm(enum.IntEnum):
    """WordsWorth ``FreeForm``: 0 anchored, 1 territorial, anything else free-form."""

    ANCHORED = 0
    TERRITORIAL = 1
    FREE = 2

    @classmethod
    def from_value(cls, value: int) -> FreeForm:
        if value == 0:
            return cls.ANCHORED
        if value == 1:
            return cls.TERRITORIAL
        return cls.FREE


class ExchangeAllowed(enum.IntEnum):
    """WordsWorth ``ExchangeAllowed``: when a blank may be picked up from the board."""

    NEVER = 0
    WHOLE_MOVE = 1  # the pick-up is the player's whole move
    BEFORE_PASS = 2  # may be followed by a pass/swap with the pool, not by a word
    BEFORE_ANY = 3  # may be done before any move, word plays included


def square_code(kind: str, factor: int) -> str:
    """The BoardPositionScore code for a premium: ``square_code('word', 3) == 'C'``."""
    if factor == 1:
        return PLAIN
    if not 2 <= factor <= MAX_MULTIPLIER:
        raise ValueError(f"a premium must be x2 to x{MAX_MULTIPLIER}, not x{factor}")
    if kind == "letter":
        return LETTER_CODES[factor - 2]
    if kind == "word":
        return WORD_CODES[factor - 2]
    raise ValueError(f"unknown premium kind {kind!r}")


def letter_multiplier(code: str) -> int:
    """Letter multiplier of a square code (1 for anything that is not a letter premium)."""
    index = LETTER_CODES.find(code)
    return index + 2 if index >= 0 else 1


def word_multiplier(code: str) -> int:
    """Word multiplier of a square code (1 for anything that is not a word premium)."""
    index = WORD_CODES.find(code)
    return index + 2 if index >= 0 else 1


def is_square_code(code: str) -> bool:
    return len(code) == 1 and (
        code in (PLAIN, BLOCKED) or code in LETTER_CODES or code in WORD_CODES
    )


@dataclass(frozen=True)
class Strategy:
    """WordsWorth's level and strategy control elements (Appendix A, notes 2-4, 7-9, 12).

    ``minimum_allowed_score`` is WordsWorth's ``MininumAllowedScore`` (sic).  Zero means
    "no limit" for the score limits, the restricted search and the word lengths.
    """

    length_weight: int = 2
    minimum_allowed_score: int = 0
    maximum_allowed_score: int = 0
    restricted_search_min: int = 0
    restricted_search_count: int = 0
    minimum_word_length: int = 0
    maximum_word_length: int = 21
    control_strategy: int = 0
    include_cross_weights: int = 0
    adaptive_strategy: int = 1
    blank_threshold: int = 20
    #: WordStudio: the skill level (1-9) a knob file adjusts; 0 = the game's elements.
    skill_level: int = 0
    #: WordStudio: seconds a move of look-ahead (the Championship player's); 0 = none.
    thinking_time: int = 0


def _default_frequencies() -> tuple[int, ...]:
    vowels = {"A": 7, "E": 10, "I": 6, "O": 7, "U": 4}
    return tuple(vowels.get(letter, 2) for letter in DEFAULT_ALPHABET)


@dataclass(frozen=True)
class TileSet:
    """The alphabet and, for each letter, how many tiles, their score and strategy weight.

    Letters are strings so that multi-character tiles (Spanish ``CH``, ``LL``...) work; a
    word list is split into tiles greedily by the longest matching letter.
    """

    alphabet: tuple[str, ...] = DEFAULT_ALPHABET
    frequencies: tuple[int, ...] = field(default_factory=_default_frequencies)
    scores: tuple[int, ...] = (1,) * 26
    weights: tuple[int, ...] = (0,) * 26
    blank_count: int = 2
    blank_score: int = 0
    blank_weight: int = 0

    def __post_init__(self) -> None:
        n = len(self.alphabet)
        if not 1 <= n <= MAX_ALPHABET:
            raise ValueError(f"an alphabet needs 1 to {MAX_ALPHABET} letters, not {n}")
        if len(set(self.alphabet)) != n:
            raise ValueError("the alphabet lists a letter twice")
        for name in ("frequencies", "scores", "weights"):
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} has {len(getattr(self, name))} values for {n} letters")

    @property
    def size(self) -> int:
        return len(self.alphabet)

    @property
    def total_tiles(self) -> int:
        return sum(self.frequencies) + self.blank_count

    def index(self, letter: str) -> int:
        """Index of ``letter`` (upper case) in the alphabet; ValueError if it is not one."""
        return self.alphabet.index(letter)

    def score_of(self, letter: str) -> int:
        return self.scores[self.alphabet.index(letter)]


@dataclass(frozen=True)
class EndRules:
    """How a game ends and is settled (extension; Scrabble defaults)."""

    #: End after this many consecutive scoreless turns by all players together (0 = off).
    scoreless_turns_limit: int = 0
    #: End as soon as a player reaches this score (0 = off).
    score_limit: int = 0
    #: Deduct each player's unplayed tiles at the end.
    deduct_unplayed: bool = True
    #: The player who went out gains the sum of the others' unplayed tiles.
    going_out_bonus: bool = True
    #: With nothing left to draw, every player passing in turn ends the game (WordsWorth's
    #: "stuck"); off, only the scoreless-turns limit does (tournament rules: a GCG record
    #: whose players passed on is read so).
    passing_ends: bool = True


@dataclass(frozen=True)
class Display:
    """WordsWorth's display elements, kept so they round-trip; the GUI may use them.

    ``values`` maps each element name (as WordsWorth spells it) to its value: a string
    for a single colour, texture or character, a tuple of strings for a table.  Video
    settings (``VideoCard``, ``VideoMode``) are kept here too and otherwise ignored.
    """

    values: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.values:
            if key == name:
                return value
        return default

    def as_dict(self) -> dict[str, Any]:
        return dict(self.values)


def _default_layout(rows: int, columns: int) -> tuple[str, ...]:
    return tuple(PLAIN * columns for _ in range(rows))


@dataclass(frozen=True)
class GameConfig:
    """A complete crossword game: board, tiles, rules, strategy defaults and display.

    Rows and columns of ``first_move_row``/``first_move_col`` are 1-based as in
    WordsWorth; 0 means "no constraint".
    """

    rows: int = 13
    columns: int = 13
    layout: tuple[str, ...] = field(default_factory=lambda: _default_layout(13, 13))
    first_move_row: int = 8
    first_move_col: int = 8
    first_move_dir: FirstMoveDir = FirstMoveDir.ANY
    free_form: FreeForm = FreeForm.ANCHORED
    #: The raw FreeForm number as written (any value other than 0/1 means free-form).
    free_form_value: int = 0
    tiles: TileSet = field(default_factory=TileSet)
    #: WordsWorth NumberOfTiles: 0 unlimited letters, 1 play from the pool, N rack size.
    number_of_tiles: int = 6
    play_all_tile_bonus: int = 0
    exchange_allowed: ExchangeAllowed = ExchangeAllowed.NEVER
    dictionary: str = "wwdict"
    strategy: Strategy = field(default_factory=Strategy)
    display: Display = field(default_factory=Display)
    # --- extensions -------------------------------------------------------------------
    title: str = ""
    min_players: int = 1
    max_players: int = 4
    #: Fewest tiles that must be left in the bag to swap tiles (Scrabble: 7). 0 = as many
    #: as the player returns.
    exchange_minimum_bag: int = 0
    end: EndRules = field(default_factory=EndRules)
    directions: tuple[Direction, ...] = STRAIGHT
    backward_words: bool = False
    scoring: Scoring = Scoring.LETTER_SUM
    #: WORDwhami wild-tile rules: at most one blank per word (and not to extend a word
    #: that already holds one); no blank to make a plural.
    wild_once_per_word: bool = False
    wild_no_plurals: bool = False
    #: WORDwhami: a player who cannot form a word must exchange all letters and pass.
    stuck_exchange_all: bool = False
    #: Letters printed on the board before play (``StartingBoard``): one string per row,
    #: ``.`` an empty square, an upper-case letter a tile, lower case a blank standing for
    #: that letter.  Empty tuple = an empty board.  (Word War boards' printed vowels too.)
    starting_board: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= MAX_ROWS and 1 <= self.columns <= MAX_COLUMNS):
            raise ValueError(
                f"a board must be 1x1 to {MAX_ROWS}x{MAX_COLUMNS}, not {self.rows}x{self.columns}"
            )
        if len(self.layout) != self.rows or any(len(r) != self.columns for r in self.layout):
            raise ValueError(f"the layout is not {self.rows} rows of {self.columns} squares")
        if self.starting_board and (
            len(self.starting_board) != self.rows
            or any(len(r) != self.columns for r in self.starting_board)
        ):
            raise ValueError(f"the starting board is not {self.rows} rows of {self.columns} squares")

    # --- board queries ---------------------------------------------------------------
    def square(self, row: int, col: int) -> str:
        """The BoardPositionScore code of a square (0-based row and column)."""
        return self.layout[row][col]

    def is_blocked(self, row: int, col: int) -> bool:
        return self.layout[row][col] == BLOCKED

    def on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.columns

    @property
    def rack_size(self) -> int:
        """Tiles on a rack, or 0 when letters come from the pool or are unlimited."""
        return self.number_of_tiles if self.number_of_tiles > 1 else 0

    @property
    def unlimited_tiles(self) -> bool:
        return self.number_of_tiles == 0

    @property
    def play_from_pool(self) -> bool:
        return self.number_of_tiles == 1

    @property
    def first_move_square(self) -> tuple[int, int] | None:
        """0-based square the first move must cover, when both row and column are set."""
        if self.first_move_row and self.first_move_col:
            return self.first_move_row - 1, self.first_move_col - 1
        return None

    def with_changes(self, **changes: Any) -> GameConfig:
        """A copy with some fields replaced (``dataclasses.replace``)."""
        return replace(self, **changes)
