"""The word lists shipped in ``lexicons/`` and how a lexicon name is resolved.

Shipped lists are named ``<spelling>-<size>``: ``en-US-common``, ``en-US-standard``,
``en-US-large`` and the same for ``en-GB``; the ten language games' lists by language code
(``fr``, ``es``, ``de``, ``it``, ``nl``, ``ca``, ``pl``, ``pt``, ``sv``, ``nb``).  ``common`` (SCOWL sizes up to 35) is the
small everyday vocabulary of the low skill levels; ``standard`` (up to 70) is the default.

A name can also be one of the user's personal or topic lists
(:mod:`wordstudio.lexicon.personal`), or the path of any plain word-list file.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from wordstudio.lexicon.personal import SUFFIX, find_personal, load_personal, personal_lists
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
#: The ten language games' lists (``lexicons/<code>.txt.gz``, made by
#: ``lexicons/build_languages.py``), named in their own language.  They have no smaller
#: common-words list: levels 1-4 play from the whole list.
LANGUAGES = {
    "fr": "Français", "es": "Español", "de": "Deutsch", "it": "Italiano",
    "nl": "Nederlands", "ca": "Català", "pl": "Polski", "pt": "Português",
    "sv": "Svenska", "nb": "Norsk bokmål",
}


@dataclass(frozen=True)
class ShippedLexicon:
    """A list a player can choose by name: shipped, or (``personal``) the player's own."""

    ident: str
    label: str
    path: Path
    personal: bool = False


def shipped_lexicons() -> list[ShippedLexicon]:
    """Every shipped list that is present, American first, small to large."""
    found = []
    for spelling, spelling_label in SPELLINGS.items():
        for size, size_label in SIZES.items():
            ident = f"{spelling}-{size}"
            path = lexicons_dir() / f"{ident}.txt"
            if path.exists():
                found.append(ShippedLexicon(ident, f"{spelling_label}, {size_label}", path))
    for code, name in LANGUAGES.items():
        language_list = _shipped_file(code)
        if language_list is not None:
            found.append(ShippedLexicon(code, name, language_list))
    return found


def _shipped_file(ident: str) -> Path | None:
    """The shipped list ``ident``, plain or compressed (None: no such list)."""
    for suffix in (".txt", ".txt.gz"):
        path = lexicons_dir() / f"{ident}{suffix}"
        if path.exists():
            return path
    return None


def available_lexicons() -> list[ShippedLexicon]:
    """The shipped lists, then the player's personal and topic lists by name."""
    found = shipped_lexicons()
    for personal in personal_lists():
        if personal.path is not None:
            label = f"{personal.name} (personal list: {personal.describe()})"
            found.append(ShippedLexicon(personal.name, label, personal.path, personal=True))
    return found


def common_counterpart(ident: str) -> str:
    """The common-words list of the same spelling as ``ident`` (for levels 1-4); for a
    personal list, that of its base."""
    if ident in LANGUAGES:
        return ident
    personal = find_personal(ident) if _shipped_file(ident) is None else None
    if personal is not None:
        base = load_personal(personal).base
        ident = base if base is not None else DEFAULT_LEXICON
        if ident in LANGUAGES:
            return ident
    for spelling in SPELLINGS:
        if ident.startswith(spelling):
            return f"{spelling}-common"
    return f"{DEFAULT_LEXICON.rsplit('-', 1)[0]}-common"


def resolve_lexicon(name: str | Path, relative_to: Path | None = None) -> Path:
    """The file for a lexicon name: a shipped identifier, an alias or a file path."""
    text = str(name).strip()
    ident = ALIASES.get(text.lower(), text)
    try:
        shipped = _shipped_file(ident) if ident and "/" not in ident else None
        if shipped is not None:
            return shipped
        personal = find_personal(text)
        if personal is not None:
            return personal
        path = Path(text).expanduser()
        if not path.is_absolute() and relative_to is not None:
            candidate = relative_to / path
            if candidate.exists():
                return candidate
        if path.exists():
            return path
    except (OSError, ValueError, RuntimeError):
        pass  # a name no file can have (too long, a NUL character)
    shown = text if len(text) <= 60 else text[:57] + "..."
    raise LexiconError(
        shown, "no such word list (not a shipped lexicon, a personal list, or a file)")


@lru_cache(maxsize=8)
def _load_cached(path: str, stamp: tuple[int, int]) -> WordList:
    if path.endswith(SUFFIX):
        return _load_personal(Path(path))
    return load_word_list(path)


def _load_personal(path: Path) -> WordList:
    """A personal list's words: its base's words with its own changes."""
    personal = load_personal(path)
    base_words: tuple[str, ...] = ()
    if personal.base is not None:
        base_path = resolve_lexicon(personal.base, relative_to=path.parent)
        if base_path.suffix == SUFFIX:
            raise LexiconError(path, f"the base {personal.base!r} is itself a personal list; "
                               "a personal list changes a shipped list or a word-list file")
        base_words = load_lexicon(base_path).words
    words = personal.apply(base_words)
    if not words:
        detail = f"; {personal.rejected.describe()}" if personal.rejected else ""
        raise LexiconError(path, f"no words found{detail}")
    return WordList(name=personal.name, words=tuple(words), source=str(path),
                    rejected=personal.rejected)


def load_lexicon(name: str | Path, relative_to: Path | None = None) -> WordList:
    """Load (and remember) the word list a name resolves to."""
    path = resolve_lexicon(name, relative_to)
    try:
        status = path.stat()
    except OSError as exc:
        raise LexiconError(path, f"cannot read the word list ({exc.strerror or exc})") from None
    # Size too: a personal list changed twice within the clock's resolution.
    return _load_cached(str(path), (status.st_mtime_ns, status.st_size))
