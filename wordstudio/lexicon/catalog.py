"""The word lists shipped in ``lexicons/`` and how a lexicon name is resolved.

Shipped lists are named ``<spelling>-<size>``: ``en-US-common``, ``en-US-standard``,
``en-US-large`` and the same for ``en-GB``.  ``common`` (SCOWL sizes up to 35) is the
small everyday vocabulary of the low skill levels; ``standard`` (up to 70) is the default.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from wordstudio.lexicon.wordlist import LexiconError, WordList, load_word_list
from wordstudio.paths import lexicons_dir

DEFAULT_LEXICON = "en-US-standard"
SPELLINGS = {"en-US": "American English", "en-GB": "British English"}
SIZES = {
    "common": "common words",
    "standard": "standard",
    "large": "large",
}
#: WordsWorth's own dictionary names map onto ours.
ALIASES = {"wwdict": DEFAULT_LEXICON, "": DEFAULT_LEXICON}


@dataclass(frozen=True)
class ShippedLexicon:
    ident: str
    label: str
    path: Path


def shipped_lexicons() -> list[ShippedLexicon]:
    """Every shipped list that is present, American first, small to large."""
    found = []
    for spelling, spelling_label in SPELLINGS.items():
        for size, size_label in SIZES.items():
            ident = f"{spelling}-{size}"
            path = lexicons_dir() / f"{ident}.txt"
            if path.exists():
                found.append(ShippedLexicon(ident, f"{spelling_label}, {size_label}", path))
    return found


def common_counterpart(ident: str) -> str:
    """The common-words list of the same spelling as ``ident`` (for levels 1-4)."""
    for spelling in SPELLINGS:
        if ident.startswith(spelling):
            return f"{spelling}-common"
    return f"{DEFAULT_LEXICON.rsplit('-', 1)[0]}-common"


def resolve_lexicon(name: str | Path, relative_to: Path | None = None) -> Path:
    """The file for a lexicon name: a shipped identifier, an alias or a file path."""
    text = str(name).strip()
    ident = ALIASES.get(text.lower(), text)
    shipped = lexicons_dir() / f"{ident}.txt"
    if shipped.exists():
        return shipped
    path = Path(text).expanduser()
    if not path.is_absolute() and relative_to is not None:
        candidate = relative_to / path
        if candidate.exists():
            return candidate
    if path.exists():
        return path
    raise LexiconError(text, "no such word list (not a shipped lexicon, and no such file)")


@lru_cache(maxsize=8)
def _load_cached(path: str, mtime: float) -> WordList:
    return load_word_list(path)


def load_lexicon(name: str | Path, relative_to: Path | None = None) -> WordList:
    """Load (and remember) the word list a name resolves to."""
    path = resolve_lexicon(name, relative_to)
    return _load_cached(str(path), path.stat().st_mtime)
