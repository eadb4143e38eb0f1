"""Disputed words in Word War (seed 002: "If players disagree on the validity of a word, a
dictionary should be consulted").

The word list is the game's dictionary, but players may overrule it: a word the list lacks
can be accepted ("RULED is a word"), a word it holds rejected (an abbreviation the list
lets through).  The players' ruling holds for the rest of the game and is recorded with
it; the round being scored is scored again under it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from wordstudio.wordwar.boards import Grid
from wordstudio.wordwar.errors import IllegalPlay
from wordstudio.wordwar.scoring import WordScorer, scorer_for

_WORD = re.compile(r"[A-Z]{2,}")


@dataclass(frozen=True)
class Ruling:
    """The players' decision on a disputed word: ``accepted`` counts it, else it never
    counts; ``raised_by`` is the player who disputed it, ``round_index`` when."""

    word: str
    accepted: bool
    raised_by: int
    round_index: int

    def describe(self, names: Sequence[str]) -> str:
        verdict = "accepted" if self.accepted else "rejected"
        who = names[self.raised_by] if 0 <= self.raised_by < len(names) else "a player"
        return f"{self.word} {verdict} (disputed by {who}, round {self.round_index + 1})"


def checked_word(text: str, grids: Iterable[Grid]) -> str:
    """The disputed word in upper case; it must be on one of ``grids`` (in a row or
    column, within a run of letters)."""
    word = text.strip().upper()
    if not _WORD.fullmatch(word):
        raise IllegalPlay(f"{text.strip()!r} is not a word of two or more letters A-Z")
    for grid in grids:
        if any(word in line for line in (*grid.rows, *grid.columns())):
            return word
    raise IllegalPlay(f"{word} is on no player's grid")


def ruled_scorer(base: WordScorer, rulings: Sequence[Ruling]) -> WordScorer:
    """``base`` with the players' rulings: accepted words added, rejected ones removed
    (the latest ruling on a word holds)."""
    if not rulings:
        return base
    verdicts = {ruling.word: ruling.accepted for ruling in rulings}
    words = (set(base.words) | {w for w, ok in verdicts.items() if ok}) - {
        w for w, ok in verdicts.items() if not ok}
    return WordScorer(words, name=f"{base.name} (with the players' rulings)")


def verdicts(rulings: Sequence[Ruling]) -> tuple[tuple[str, bool], ...]:
    """The rulings as (word, accepted) pairs, in order: what a computer player is told."""
    return tuple((ruling.word, ruling.accepted) for ruling in rulings)


@lru_cache(maxsize=8)
def scorer_with_verdicts(lexicon: str, given: tuple[tuple[str, bool], ...]) -> WordScorer:
    """The scorer of ``lexicon`` with the players' verdicts (one per process and set, so a
    computer player's judgement of lines is built once)."""
    rulings = [Ruling(word, accepted, -1, -1) for word, accepted in given]
    return ruled_scorer(scorer_for(lexicon), rulings)
