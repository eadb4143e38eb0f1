"""The word judge: is each word in a game's list?  Answered at once, as a club's word
judge does.

A shipped English list is a sorted file of upper-case words, one a line, so a word is
looked up by a binary search of the file's bytes: no list is parsed, a few milliseconds
for the largest.
Any other list (a personal list, a word-list file) is loaded as the game would load it.
A play stands only if every word it makes is in the list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from wordstudio.lexicon.catalog import SPELLINGS, load_lexicon, resolve_lexicon, shipped_lexicons
from wordstudio.lexicon.wordlist import MAX_WORD_LIST_BYTES, LexiconError
from wordstudio.paths import read_limited


@dataclass(frozen=True)
class Ruling:
    """The judge's answer for one word."""

    word: str
    acceptable: bool
    #: Why a word is refused before it is looked up (it is not made of letters).
    reason: str = ""

    def describe(self) -> str:
        if self.reason:
            return f"{self.word}: not acceptable ({self.reason})"
        return f"{self.word}: {'acceptable' if self.acceptable else 'not acceptable'}"


def in_sorted_file(data: bytes, word: str) -> bool:
    """Whether ``word`` is a line of ``data``, a file of lines in byte order."""
    target = word.encode("utf-8")
    lo, hi = 0, len(data)
    while lo < hi:
        mid = (lo + hi) // 2
        start = data.rfind(b"\n", 0, mid) + 1
        end = data.find(b"\n", mid)
        end = len(data) if end < 0 else end
        line = data[start:end].rstrip(b"\r")
        if line == target:
            return True
        if line < target:
            lo = end + 1
        else:
            hi = start
    return False


def judge(words: Iterable[str], lexicon: str) -> list[Ruling]:
    """A ruling for each word (any case) against the list ``lexicon`` names."""
    asked = [word.strip().upper() for word in words]
    path = resolve_lexicon(lexicon)
    look_up = _file_lookup(path) if _is_sorted_english(path) else _loaded_lookup(lexicon)
    rulings = []
    for word in asked:
        if not word.isalpha():
            rulings.append(Ruling(word, False, "a word is made of letters only"))
        else:
            rulings.append(Ruling(word, look_up(word)))
    return rulings


def _is_sorted_english(path: Path) -> bool:
    """A shipped English list: sorted upper-case ASCII, one word a line (the build)."""
    shipped = {entry.path.resolve() for entry in shipped_lexicons()
               if entry.ident.startswith(tuple(SPELLINGS))}
    return path.resolve() in shipped


def _file_lookup(path: Path) -> Callable[[str], bool]:
    try:
        data = read_limited(path, MAX_WORD_LIST_BYTES, "word list")
    except OSError as exc:
        raise LexiconError(path, f"cannot read the word list ({exc.strerror or exc})") from None
    return lambda word: in_sorted_file(data, word)


def _loaded_lookup(lexicon: str) -> Callable[[str], bool]:
    words = load_lexicon(lexicon)
    return lambda word: word in words
