"""The word list a saved game goes on with, when the list it was saved with is gone or has
changed since.

A saved game records its list's name and digest.  A game opens on that list when it is
still there; when it is not (a personal list deleted, a list renamed), a one-line note says
so and the game opens on today's list of the same kind: the word-game list of the same
spelling, family or not.  Either way, when the list now differs from the one the game was
played with, the words the game's own moves made stay allowed in it - a game that was
legal when played replays as it was played - and a note names them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from wordstudio.lexicon.catalog import (
    DEFAULT_LEXICON,
    FAMILY_SUFFIX,
    SPELLINGS,
    is_family,
    load_lexicon,
)
from wordstudio.lexicon.wordlist import LexiconError, WordList

#: How many kept words a note names.
NAMED_WORDS = 8


@dataclass
class SavedGameWords:
    """The list a saved game replays with, the name it goes on with, and what to tell."""

    words: WordList
    name: str
    notes: list[str] = field(default_factory=list)
    #: Whether the list differs from the one the game was saved with.
    changed: bool = False


def replacement_lexicon(name: str, kind: str = "wordgame") -> str:
    """Today's list in place of a missing one: the list of ``kind`` (the word-game list
    for a crossword game, ``wordwar`` for Word War) of its spelling (the default's when it
    names none), the family list for a family list."""
    spelling = next((code for code in SPELLINGS if name.startswith(code)),
                    DEFAULT_LEXICON.rsplit("-", 1)[0])
    return f"{spelling}-{kind}" + (FAMILY_SUFFIX if is_family(name) else "")


def saved_game_words(name: str, file: str | None, digest: str | None,
                     played: Iterable[str], relative_to: Path | None = None) -> SavedGameWords:
    """The words a saved game replays with (see the module docstring)."""
    found: WordList | None = None
    problem = ""
    for candidate in (name, file):
        if not candidate:
            continue
        try:
            found = load_lexicon(candidate, relative_to=relative_to)
            break
        except LexiconError as exc:
            problem = problem or exc.message
    if found is not None:
        result = SavedGameWords(found, name, changed=bool(digest) and digest != found.digest)
        if result.changed:
            result.notes.append(f"the word list {name} has changed since this game was saved")
    else:
        replacement = replacement_lexicon(name)
        shown = name if len(name) <= 60 else name[:57] + "..."
        result = SavedGameWords(load_lexicon(replacement), replacement, changed=True)
        result.notes.append(f"the word list {shown} is not found ({problem}); "
                            f"the game opens on {replacement}")
    if result.changed:
        kept = sorted({word.upper() for word in played if word.isalpha()}
                      - set(result.words.words))
        if kept:
            shown_words = ", ".join(kept[:NAMED_WORDS]) + (", ..." if len(kept) > NAMED_WORDS else "")
            result.notes.append(f"words this game played that the list does not hold stay "
                                f"allowed in it: {shown_words}")
            result.words = WordList(name=result.words.name,
                                    words=tuple(sorted({*result.words.words, *kept})),
                                    source=result.words.source,
                                    alphabet=result.words.alphabet)
    return result
