"""The value types of a Word For Word game: who plays, the moves, what a turn did.

These are small frozen values so a game can be replayed from its record, handed to a
worker process, and written to a saved game without anyone changing them underneath.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from wordstudio.errors import UserError

#: The word lengths seed 000 allows (rule 1).
WORD_LENGTHS = (3, 4, 5)
#: Rule 1: "two or more players"; the seed sets no upper limit.  The only one is the
#: lexicon's: every player needs a puzzle word of his own (dealing says so).
MIN_PLAYERS = 2
#: The strengths of computer players, weakest first (see :mod:`.players`).
STRENGTHS = ("Novice", "Club", "Expert")


class WordForWordError(UserError):
    """Bad input to a Word For Word game: a setup, a move, a word, a record."""


class IllegalMove(WordForWordError):
    """Not a move at all in this position (distinct from a move that forfeits the turn).

    Examples: any move during the study period, a delete-to-draw with more than two
    players left, a Save without a word.  A word that is merely wrong is *not* illegal:
    the rules say it forfeits the turn.
    """


class MoveKind(enum.Enum):
    """The six moves of rule 4, by command letter, plus the move clock running out."""

    SAVE = "S"
    DELETE = "D"
    WIN = "W"
    SAVE_TO_WIN = "A"
    DELETE_TO_DRAW = "E"
    RESIGN = "R"
    #: Not a command: recorded when a time-limited move is not made in time.
    TIME_UP = "T"

    @property
    def label(self) -> str:
        """The name as the board shows it: the command letter upper case, the rest lower."""
        return _LABELS[self]

    @property
    def letter(self) -> str:
        return self.value

    @property
    def needs_word(self) -> bool:
        return self in (MoveKind.SAVE, MoveKind.DELETE, MoveKind.SAVE_TO_WIN,
                        MoveKind.DELETE_TO_DRAW)

    @classmethod
    def from_letter(cls, letter: str) -> MoveKind:
        """The command for a typed letter, in either case (rule 4)."""
        kind = _BY_LETTER.get(letter.strip().upper())
        if kind is None:
            raise IllegalMove(f"{letter!r} is not a command letter (use S, D, W, A, E or R)")
        return kind


_LABELS = {
    MoveKind.SAVE: "Save",
    MoveKind.DELETE: "Delete",
    MoveKind.WIN: "Win",
    MoveKind.SAVE_TO_WIN: "sAve-to-win",
    MoveKind.DELETE_TO_DRAW: "dElete-to-draw",
    MoveKind.RESIGN: "Resign",
    MoveKind.TIME_UP: "time up",
}
#: The commands a player may give, in the order the board shows them.
COMMANDS = (MoveKind.SAVE, MoveKind.DELETE, MoveKind.WIN, MoveKind.SAVE_TO_WIN,
            MoveKind.DELETE_TO_DRAW, MoveKind.RESIGN)
_BY_LETTER = {kind.letter: kind for kind in COMMANDS}
_MOVE_TEXT = re.compile(r"\s*([A-Za-z])(?:\s+(\S+))?\s*")


def normalize_word(text: str) -> str:
    """A typed word as the lexicon spells it: trimmed, upper case.  Nothing else is fixed."""
    return text.strip().upper()


@dataclass(frozen=True)
class Move:
    """A command and, for Save/Delete/sAve-to-win/dElete-to-draw, the word it names."""

    kind: MoveKind
    word: str | None = None

    def __post_init__(self) -> None:
        if self.kind.needs_word:
            if not self.word or not self.word.strip():
                raise IllegalMove(f"{self.kind.label} needs a word")
            object.__setattr__(self, "word", normalize_word(self.word))
        elif self.word is not None:
            raise IllegalMove(f"{self.kind.label} takes no word")

    @classmethod
    def parse(cls, text: str, *, recorded: bool = False) -> Move:
        """Read ``"S CART"``, ``"w"``, ``"e dart"``: a command letter and maybe a word.

        ``recorded``: the text comes from a game record, which may also hold ``T`` (the
        move clock ran out); no one can type that as a command.
        """
        match = _MOVE_TEXT.fullmatch(text)
        if match is None:
            raise IllegalMove(f"cannot read {text!r} as a move (a command letter, then a word)")
        letter = match.group(1)
        if recorded and letter.upper() == MoveKind.TIME_UP.letter:
            return cls(MoveKind.TIME_UP, match.group(2))
        return cls(MoveKind.from_letter(letter), match.group(2))

    def __str__(self) -> str:
        return self.kind.letter if self.word is None else f"{self.kind.letter} {self.word}"

    def describe(self) -> str:
        """Plain words: ``Save CART``."""
        return self.kind.label if self.word is None else f"{self.kind.label} {self.word}"


class Forfeit(enum.Enum):
    """Why a turn was forfeited (rules 5, 6, 8, 9, 10, and the move clock)."""

    NOT_IN_LEXICON = "not in the lexicon"
    ALREADY_DELETED = "already deleted"
    ALREADY_SAVED = "already saved"
    WOULD_ELIMINATE_ALL = "would cut every player off"
    TIME_UP = "the time for the move ran out"


class Effect(enum.Enum):
    """What a turn did (a turn can also eliminate others and end the game; see Turn)."""

    SAVED = "saved"
    DELETED = "deleted"
    FORFEITED = "forfeited"
    WON = "won"
    FAILED_WIN = "failed win"
    DRAWN = "drawn"
    FAILED_DRAW = "failed draw"
    RESIGNED = "resigned"


@dataclass(frozen=True)
class PlayerSpec:
    """A player as entered before the game: a name, and a strength for a computer player."""

    name: str
    computer: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.computer is not None


@dataclass(frozen=True)
class GameSetup:
    """Everything chosen before the game starts (rule 1), plus the seed that deals it.

    ``study_seconds``: None for a study period ended by the players' agreement, 0 for no
    study period, else its time limit.  ``move_seconds``: None for moves at each player's
    discretion, else the limit for every move.  ``min_distance``: our reading of "select
    at random": a puzzle word is at least this many steps from the common word, so no
    one can win on his first move (3 needs two more words: one move cannot do it).
    """

    players: tuple[PlayerSpec, ...]
    length: int = 4
    lexicon: str = "en-US-common"
    seed: int = 0
    study_seconds: int | None = None
    move_seconds: int | None = None
    min_distance: int = 3

    def __post_init__(self) -> None:
        if self.length not in WORD_LENGTHS:
            raise WordForWordError(f"a game is of 3-, 4- or 5-letter words, not {self.length}")
        if len(self.players) < MIN_PLAYERS:
            raise WordForWordError(
                f"a game needs {MIN_PLAYERS} or more players, not {len(self.players)}")
        names = [p.name.strip() for p in self.players]
        if any(not name for name in names):
            raise WordForWordError("every player needs a name")
        if len({name.casefold() for name in names}) != len(names):
            raise WordForWordError("two players have the same name")
        for player in self.players:
            if player.computer is not None and player.computer not in STRENGTHS:
                raise WordForWordError(
                    f"{player.name}: unknown computer strength {player.computer!r} "
                    f"(choose {', '.join(STRENGTHS)})")
        for label, value in (("study period", self.study_seconds),
                             ("move time", self.move_seconds)):
            if value is not None and value < 0:
                raise WordForWordError(f"the {label} cannot be negative")
        if self.move_seconds == 0:
            raise WordForWordError("a move time limit must be at least one second")
        if self.min_distance < 1:
            raise WordForWordError("puzzle words must be at least one step from the common word")


@dataclass(frozen=True)
class Turn:
    """One turn of the game record: who moved, what, and everything that followed."""

    number: int
    seat: int
    move: Move
    effect: Effect
    forfeit: Forfeit | None = None
    #: Seats eliminated by this turn (the acting player's among them when he lost).
    eliminated: tuple[int, ...] = ()
    #: Set when the turn ended the game with a winner.
    winner: int | None = None
    drawn: bool = False
    #: For a win, the chain of saved words that proved it.
    chain: tuple[str, ...] = ()
    message: str = ""

    @property
    def ends_game(self) -> bool:
        return self.winner is not None or self.drawn
