"""What a word means: short definitions from WordNet 3.0, shipped in ``lexicons/``.

``lexicons/meanings.txt.gz`` (made by ``lexicons/build_meanings.py``, WordNet's notice in
``lexicons/WORDNET-LICENSE.txt``) holds the most frequent senses of each base word and the
irregular forms (GEESE -> GOOSE).  Regular inflections are found here the way WordNet's
own ``morphy`` finds them: by taking the usual endings off (OATS -> OAT, RULED -> RULE,
STOPPING -> STOP) until a word with senses turns up.

The file is decompressed once, on the first look-up (about 0.1 s), and kept as text:
about 60,000 sorted lines, searched by bisection, so no table is built.  Without the file
every word simply has no meaning (:func:`meanings_available` says so).
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from wordstudio.paths import lexicons_dir

MEANINGS_FILE = "meanings.txt.gz"
PARTS_OF_SPEECH = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}
#: WordNet's detachment rules: (ending, replacement), tried in order for every part.
_ENDINGS: tuple[tuple[str, str], ...] = (
    ("ies", "y"), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
    ("men", "man"), ("es", "e"), ("es", ""), ("s", ""),
    ("ied", "y"), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""),
    ("ier", "y"), ("iest", "y"), ("er", "e"), ("er", ""), ("est", "e"), ("est", ""),
)  # fmt: skip


@dataclass(frozen=True)
class Sense:
    """One meaning: its part of speech (``noun``, ``verb``...) and its definition."""

    part: str
    gloss: str


@dataclass(frozen=True)
class WordMeaning:
    """The meanings of ``word``, found under ``base`` (the word itself or its base form)."""

    word: str
    base: str
    senses: tuple[Sense, ...]

    def describe(self, limit: int = 3) -> str:
        """Plain text: one line per sense, ``base`` named when it differs from the word."""
        lines = []
        if self.base != self.word:
            lines.append(f"{self.word}: a form of {self.base}")
        for sense in self.senses[:limit]:
            lines.append(f"{sense.part}: {sense.gloss}")
        return "\n".join(lines)


@lru_cache(maxsize=2)
def _text(path: str) -> str:
    """The meanings file's sorted lines ("" when it cannot be read)."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            return handle.read()
    except (OSError, EOFError, UnicodeDecodeError):
        return ""


def _fields(text: str, word: str) -> tuple[str, ...]:
    """The fields after ``word`` on its line of the sorted ``text``, by bisection (a tab
    sorts before every letter, so line order is word order)."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi) // 2
        start = text.rfind("\n", 0, mid) + 1
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        line = text[start:end]
        key = line.split("\t", 1)[0]
        if key == word:
            return tuple(line.split("\t")[1:])
        if key < word:
            lo = end + 1
        else:
            hi = start
    return ()


def meanings_path() -> Path:
    return lexicons_dir() / MEANINGS_FILE


def meanings_available() -> bool:
    """Whether the shipped meanings file is there (and readable)."""
    return bool(_text(str(meanings_path())))


def _senses(fields: tuple[str, ...]) -> tuple[Sense, ...]:
    pairs = zip(fields[0::2], fields[1::2], strict=False)
    return tuple(Sense(PARTS_OF_SPEECH.get(tag, tag), gloss) for tag, gloss in pairs)


def _candidates(word: str) -> list[str]:
    """The word, then the bases its endings suggest (doubled consonants undoubled)."""
    found = [word]
    for ending, replacement in _ENDINGS:
        if word.endswith(ending.upper()) and len(word) > len(ending) + 1:
            stem = word[: -len(ending)] + replacement.upper()
            found.append(stem)
            if not replacement and len(stem) > 2 and stem[-1] == stem[-2]:
                found.append(stem[:-1])  # STOPPED -> STOPP -> STOP
    return found


def meaning_of(word: str, path: Path | None = None) -> WordMeaning | None:
    """The meanings of a word (any case), or None when none is known."""
    text = _text(str(path or meanings_path()))
    upper = word.strip().upper()
    if not text or not upper.isalpha():
        return None
    for candidate in _candidates(upper):
        fields = _fields(text, candidate)
        if not fields:
            continue
        if fields[0] == "=":
            base_fields = _fields(text, fields[1]) if len(fields) > 1 else ()
            if base_fields and base_fields[0] != "=":
                return WordMeaning(upper, fields[1], _senses(base_fields))
            continue
        return WordMeaning(upper, candidate, _senses(fields))
    return None


def describe_word(word: str, limit: int = 3) -> str:
    """A word's meanings as plain text, or a sentence saying none is known."""
    meaning = meaning_of(word)
    if meaning is None:
        if not meanings_available():
            return f"{word.upper()}: no meanings are installed"
        return f"{word.upper()}: no meaning known"
    return f"{meaning.word}\n{meaning.describe(limit)}"
