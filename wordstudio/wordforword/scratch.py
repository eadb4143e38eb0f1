"""The scratch pad: a ladder a player works out, checked against the board.

The seed's players work their puzzles out on paper during the study period and between
turns (rule 3).  The scratch pad is that paper: the player writes words, and each is
checked against what the board shows everybody - one letter changed from the word
before, the word's length, whether it is saved, a puzzle word or deleted - and what is
left to do: which words of the ladder still need saving before a Win.

Whether a word is in the lexicon at all is *not* public: a person who confirms a
misspelling forfeits his turn (rule 10), so the program is no spelling checker.  Only
with the practice aid on does the check say which words are not in the lexicon.

Plain data and no searching: cheap enough to run on every key press.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wordstudio.wordforword.rules import WordClass
from wordstudio.wordforword.solver import letters_changed

#: What separates the words a player writes: spaces, commas, arrows, new lines.
_SEPARATORS = re.compile(r"[\s,;>→\-–—]+")


def parse_ladder(text: str) -> list[str]:
    """The words of ``text`` in capitals, in order (``PUNT -> PANT, WANT`` and one word a
    line alike)."""
    return [word.upper() for word in _SEPARATORS.split(text) if word]


@dataclass(frozen=True)
class Rung:
    """One word of the ladder and what is wrong with it ('' when nothing is)."""

    word: str
    kind: WordClass
    problem: str = ""
    #: Written by the player (the puzzle's first and last words are added when left out).
    written: bool = True

    @property
    def needs_saving(self) -> bool:
        """Still open: a Win needs it saved first."""
        return not self.problem and self.kind in (WordClass.OPEN, WordClass.UNKNOWN)


@dataclass(frozen=True)
class LadderCheck:
    """A ladder from ``start`` to ``goal`` as far as the player has written it."""

    start: str
    goal: str
    rungs: tuple[Rung, ...]
    #: Letters still to change from the last word to the goal (0 once it is reached).
    gap: int

    @property
    def broken(self) -> Rung | None:
        """The first word with a problem."""
        return next((rung for rung in self.rungs if rung.problem), None)

    @property
    def complete(self) -> bool:
        return self.gap == 0 and self.broken is None

    @property
    def to_save(self) -> list[str]:
        """The ladder's words not saved yet, each once, in order."""
        seen: list[str] = []
        for rung in self.rungs:
            if rung.needs_saving and rung.word not in seen:
                seen.append(rung.word)
        return seen

    def summary(self) -> str:
        """One sentence: what the ladder lacks, or what it lets the player do."""
        broken = self.broken
        if broken is not None:
            return f"{broken.word}: {broken.problem}."
        if len(self.rungs) <= 1 and self.gap:
            return (f"Write words from {self.start} to {self.goal}, each one letter "
                    "changed from the word before.")
        if self.gap:
            last = self.rungs[-1].word
            letters = "letter" if self.gap == 1 else "letters"
            return f"So far so good: {last} is {self.gap} {letters} from {self.goal}."
        steps = len(self.rungs) - 1
        ladder = f"A ladder of {steps} step{'s' if steps != 1 else ''}"
        missing = self.to_save
        if not missing:
            return f"{ladder}, every word saved: a Win."
        if len(missing) == 1:
            return f"{ladder}; {missing[0]} is not saved yet: Save to win with it."
        return f"{ladder}; {len(missing)} words are not saved yet: {', '.join(missing)}."


def check_ladder(words: Sequence[str], start: str, goal: str,
                 word_class: Callable[[str], WordClass], spell_check: bool) -> LadderCheck:
    """Check ``words`` as a ladder from ``start`` to ``goal``.

    ``word_class`` says what the board shows of a word; with ``spell_check`` off a word
    not in the lexicon is shown as still open (see the module's note).  The start word is
    put first when the player did not write it, and the goal last when his last word is
    one letter from it."""
    start, goal = start.upper(), goal.upper()
    ladder = [word.upper() for word in words]
    written = [True] * len(ladder)
    if not ladder or ladder[0] != start:
        ladder.insert(0, start)
        written.insert(0, False)
    if ladder[-1] != goal and letters_changed(ladder[-1], goal) == 1:
        ladder.append(goal)
        written.append(False)
    rungs: list[Rung] = []
    for index, word in enumerate(ladder):
        kind = word_class(word)
        if kind is WordClass.UNKNOWN and not spell_check:
            kind = WordClass.OPEN
        problem = ""
        changed = letters_changed(ladder[index - 1], word) if index else 1
        if len(word) != len(start):
            problem = f"not {len(start)} letters"
        elif changed != 1:
            problem = ("the same word as before it" if changed == 0 else
                       f"{changed} letters changed from {ladder[index - 1]} (one at a time)")
        elif kind is WordClass.DELETED:
            problem = "deleted: no ladder may use it"
        elif kind is WordClass.UNKNOWN:
            problem = "not in the lexicon"
        elif word in ladder[:index]:
            problem = "already in the ladder: the ladder goes round in a circle"
        rungs.append(Rung(word, kind, problem, written[index]))
    return LadderCheck(start, goal, tuple(rungs), letters_changed(ladder[-1], goal))
