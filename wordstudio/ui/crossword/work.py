"""The engine work the crossword window hands to the background runner.

Top-level functions of picklable arguments, so they run in a worker process (a
pure-Python search in a GUI thread would hold the GIL and make the window stutter).
Each takes the runner's ``control``: progress goes out through ``control.report`` and
``control.should_stop()`` says "play now" or "cancel".  Nothing here touches widgets.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from wordstudio.control import SearchControl
from wordstudio.crossword.game import PlayerSpec
from wordstudio.crossword.players.computer import Decision, choose_action, hint
from wordstudio.crossword.position import Position
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.gaddag import shared_gaddag
from wordstudio.lexicon.pattern import search
from wordstudio.lexicon.wordlist import WordList, load_word_list

#: Consult results are sent in batches at least this often (seconds) while found.
CONSULT_BATCH_SECONDS = 0.08
CONSULT_BATCH_WORDS = 400
#: How many moves a computer player ranks: WordsWorth keeps twenty for "Next move".
TOP_MOVES = 20


def prepare_lexicon(name: str, alphabet: Sequence[str], reversible: bool, *,
                    control: SearchControl) -> WordList:
    """Load a word list and compile (or load from the cache) its automaton.

    The automaton stays in this worker process for the computer players' searches;
    the word list goes back to the window, which checks plays against it.
    """
    control.report(0.0, "Reading the word list\u2026")
    words = load_lexicon(name)
    control.report(0.05, preparing_text(reversible))

    def progress(fraction: float, _step: str) -> None:
        # The automaton's own steps mean nothing to a player: one sentence in his words.
        control.report(0.05 + 0.95 * fraction, preparing_text(reversible))

    shared_gaddag(words, tuple(alphabet), reversible=reversible, progress=progress)
    if reversible:
        # The move finder also checks the lines a play crosses, read forwards.
        shared_gaddag(words, tuple(alphabet))
    return words


def preparing_text(reversible: bool) -> str:
    """What the wait while a word list is compiled is for, in a player's words."""
    if reversible:
        return ("Getting the word list ready to be read backwards as well as forwards. "
                "This happens once; from now on the game starts at once.")
    return ("Getting the word list ready for the computer players. "
            "This happens once; from now on games start at once.")


def computer_decision(position: Position, spec: PlayerSpec, top: int = TOP_MOVES, *,
                      control: SearchControl) -> Decision:
    """A computer player's move (or a hint): its choice and its ranked alternatives."""
    return choose_action(position, spec, control=control, top=top)


@dataclass(frozen=True)
class ConsultResult:
    """The end of a dictionary search: every word found, and whether it was stopped.

    The batches sent while searching only make the list fill up live; the result holds
    every word, so a batch the runner drops when the job ends early loses nothing.
    """

    words: tuple[str, ...]
    stopped: bool

    @property
    def total(self) -> int:
        return len(self.words)


def consult(lexicon: str, pattern: str, anagram: bool, use_all: bool, *,
            control: SearchControl) -> ConsultResult:
    """WordsWorth's Consult: words matching ``pattern``, sent to the window as found.

    Found words travel in batches as progress messages (one word a line), so the list
    fills while the search goes on; ``control.should_stop()`` ends the search quietly.
    """
    words = load_lexicon(lexicon)
    found: list[str] = []
    batch: list[str] = []
    last = time.monotonic()
    for word in search(words, pattern, anagram, use_all, cancelled=control.should_stop):
        batch.append(word)
        found.append(word)
        now = time.monotonic()
        if len(batch) >= CONSULT_BATCH_WORDS or now - last >= CONSULT_BATCH_SECONDS:
            control.report(0.0, "\n".join(batch))
            batch = []
            last = now
    return ConsultResult(tuple(found), control.should_stop())


@dataclass(frozen=True)
class WordListReport:
    """A word list the person picked: how many words, and the lines that were left out."""

    path: str
    count: int
    rejected: str


def check_word_list(path: str) -> WordListReport:
    """Read a person's own word list (raises LexiconError when it cannot be used)."""
    words = load_word_list(path)
    return WordListReport(path, len(words), words.rejected.describe() if words.rejected else "")


def hint_decision(position: Position, top: int = TOP_MOVES, *, control: SearchControl) -> Decision:
    """Hints for a person: ranked as the game's ControlStrategy says (WordsWorth 4.2)."""
    return hint(position, None, control=control, top=top)
