"""What every computer player answers, and the words it may play.

Shared by the crossword player (:mod:`.computer`) and WORDwhami's (:mod:`.whami`), so
that neither needs the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from wordstudio.crossword.actions import Action
from wordstudio.crossword.moves import Move
from wordstudio.crossword.players.knobs import Vocabulary
from wordstudio.crossword.position import Position
from wordstudio.lexicon.catalog import common_counterpart, load_lexicon
from wordstudio.lexicon.wordlist import WordList


@dataclass(frozen=True)
class Candidate:
    """A move with the player's own measure of it (``equity``: weight plus leave value,
    or the end-game look-ahead's value; plain score for ``greedy``)."""

    move: Move
    score: int
    equity: float


@dataclass(frozen=True)
class Decision:
    """What a computer player chose, its ranked alternatives ("next move", hints), how
    many moves it looked at, and the rest of the turn after ``action`` (a pick-up first)."""

    action: Action
    candidates: tuple[Candidate, ...] = ()
    moves_considered: int = 0
    follow_up: tuple[Action, ...] = ()

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the turn, in order."""
        return (self.action, *self.follow_up)


# --- vocabularies ------------------------------------------------------------------------------
def lexicon_name(position: Position) -> str:
    return position.lexicon or position.config.dictionary


@lru_cache(maxsize=8)
def vocabulary_words(lexicon: str, vocabulary: Vocabulary) -> WordList:
    """The words a player may play: the game's lexicon, or its common words (those of the
    common list of the same spelling that the game's lexicon also holds; the whole
    lexicon when none are, as for a word list in another language)."""
    words = load_lexicon(lexicon)
    if vocabulary is Vocabulary.FULL:
        return words
    common = words.subset(load_lexicon(common_counterpart(lexicon)), name=f"{words.name}/common")
    return common if len(common) else words
