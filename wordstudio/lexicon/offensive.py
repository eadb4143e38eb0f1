"""Slurs and offensive words: the words a computer player never chooses on its own.

They are the reviewed entries of ``lexicons/offensive-words.txt`` (the family lists are
the shipped lists without them).  A person may still play one where the game's list holds
it, as the rules allow; the computer players of Word For Word and Word War never save,
delete or write one of their own accord, and Word For Word never deals one as a puzzle.
"""

from __future__ import annotations

from functools import lru_cache

from wordstudio.paths import lexicons_dir

FILE_NAME = "offensive-words.txt"


@lru_cache(maxsize=1)
def offensive_words() -> frozenset[str]:
    """Every word the file lists (one word and its forms a line; ``#`` starts the
    reason), upper case.  Empty when the file is missing: a damaged install."""
    try:
        text = (lexicons_dir() / FILE_NAME).read_text(encoding="utf-8")
    except OSError:
        return frozenset()
    words: set[str] = set()
    for line in text.splitlines():
        words.update(word.upper() for word in line.split("#", 1)[0].split() if word.isalpha())
    return frozenset(words)


def is_offensive(word: str) -> bool:
    return word.upper() in offensive_words()


def longest_offensive() -> int:
    """The length of the longest offensive word (0 when there are none)."""
    return max(map(len, offensive_words()), default=0)
