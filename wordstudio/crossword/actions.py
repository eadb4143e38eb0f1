"""What a player can do on a turn, and the record each turn leaves in the history.

Actions are small frozen values; the game applies them.  Undo, redo, saved games and
replays are all the history of :class:`Turn` records played again from the start.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from wordstudio.crossword.board import Placement


@dataclass(frozen=True)
class Play:
    """Put tiles on the board.  ``confirmed`` words are accepted though not in the lexicon
    (the player confirmed them, as WordsWorth and Computer SCRABBLE allow).  ``conceded``:
    the program challenged the play's unknown words and the player accepted the challenge,
    so no tile moves and the turn is lost (Computer SCRABBLE E8).  ``recorded``: the score
    a game record gives the play where the rules give another; it is the one that counts
    (the record is the authority for what happened)."""

    placements: tuple[Placement, ...]
    confirmed: tuple[str, ...] = ()
    conceded: bool = False
    recorded: int | None = None


@dataclass(frozen=True)
class Pass:
    """Pass the turn, optionally returning ``discards`` to the bag and drawing replacements
    (WordsWorth's pass with discards; Computer SCRABBLE's CHANGE)."""

    discards: tuple[str, ...] = ()

    @property
    def is_exchange(self) -> bool:
        return bool(self.discards)


@dataclass(frozen=True)
class PickUpBlank:
    """Put the real letter from the rack on a blank's square and take the blank (WordsWorth's
    X move; when it is allowed and whether the turn goes on is ``ExchangeAllowed``)."""

    row: int
    col: int


@dataclass(frozen=True)
class Resign:
    """Leave the game: the player takes no further turns and cannot win."""


@dataclass(frozen=True)
class TimeOut:
    """The turn clock ran out: the turn is lost (recorded by the engine, not chosen)."""


@dataclass(frozen=True)
class Challenge:
    """Challenge the previous play.  A phony is taken back and its player loses the turn;
    a valid play costs the challenger (his turn, or a penalty) or earns the player
    challenged a bonus, as the settings say.

    ``upheld`` is the ruling a game record gives (a game read from a file was judged by
    the word list it was played with, which may not be this one); None lets the game's
    own word list decide.  ``bonus`` and ``penalty``: what a game record says a failed
    challenge gave the player challenged or cost the challenger, where it differs from
    the game's settings (None: the settings').
    """

    upheld: bool | None = None
    bonus: int | None = None
    penalty: int | None = None


@dataclass(frozen=True)
class TimePenalty:
    """Points ``player`` lost for going over the game clock, as a game record gives them
    (a game read from a file).  Given once the game is over; games played here get their
    penalties from their own clocks."""

    player: int
    points: int


Action = Play | Pass | PickUpBlank | Resign | TimeOut | Challenge | TimePenalty


class Outcome(enum.Enum):
    """What became of a turn."""

    PLAYED = "played"
    PASSED = "passed"
    EXCHANGED = "exchanged"
    PICKED_UP = "picked up a blank"
    RESIGNED = "resigned"
    TIMED_OUT = "ran out of time"
    WITHDRAWN = "withdrawn after a challenge"
    CHALLENGE_WON = "challenge upheld"
    CHALLENGE_LOST = "challenge failed"
    PENALISED = "penalised for time"


@dataclass(frozen=True)
class Turn:
    """One entry of the history: who did what, what it scored, what was drawn, how long.

    ``score`` is what the action added to the player's score (a failed challenge with a
    penalty is negative, so is a time penalty).  ``awarded`` is what a failed challenge
    gave the player challenged (``GameSettings.challenge_bonus``).  ``ends_turn`` is
    False for a blank pick-up that the player follows with another action
    (``ExchangeAllowed`` 2 and 3), for a challenge that does not cost the challenger his
    turn, and for a time penalty.
    """

    player: int
    action: Action
    score: int = 0
    drawn: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    seconds: float = 0.0
    outcome: Outcome = Outcome.PLAYED
    ends_turn: bool = True
    withdrawn: bool = False
    notation: str = ""
    rack_before: tuple[str, ...] = field(default_factory=tuple)
    awarded: int = 0

    def describe(self, names: list[str] | None = None) -> str:
        who = names[self.player] if names else f"Player {self.player + 1}"
        if isinstance(self.action, Play) and self.action.conceded:
            return (f"{who}: {self.notation} - the program challenged "
                    f"{', '.join(self.words)}; challenge accepted, turn lost")
        if isinstance(self.action, Play):
            text = f"{who}: {self.notation} for {self.score}"
            if self.withdrawn:
                text += " (withdrawn: phony)"
            return text
        if isinstance(self.action, Pass):
            if self.action.discards:
                count = len(self.action.discards)
                return f"{who}: exchanged {count} tile{'' if count == 1 else 's'}"
            return f"{who}: passed"
        if isinstance(self.action, Challenge):
            text = f"{who}: challenged - {self.outcome.value}"
            if self.score:
                text += f" ({self.score:+d})"
            if self.awarded:
                text += f" (+{self.awarded} to the player challenged)"
            return text
        if isinstance(self.action, TimePenalty):
            return f"{who}: {self.outcome.value} ({self.score:+d})"
        return f"{who}: {self.outcome.value}"
