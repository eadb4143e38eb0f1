"""The word lists shipped in ``lexicons/`` and how a lexicon name is resolved.

Shipped lists are named ``<spelling>-<kind>``, ``en-US`` or ``en-GB`` and one of:

* ``wordgame``: the words word-game players play (ENABLE, SCOWL's standard words and the
  words the tournament lists added since 2000); the default of every crossword game;
* ``common``, ``standard``, ``large``: dictionary lists (SCOWL sizes up to 35, 70, 80);
  ``common`` is the everyday vocabulary of the low skill levels and Word For Word's default;
* ``wordwar``: Word War's default, the standard list as Word War's rules count words.

Each has a family variant, ``<name>-family``, without slurs and offensive words.  The
ten language games' lists are named by language code (``fr``, ``es``, ``de``, ``it``,
``nl``, ``ca``, ``pl``, ``pt``, ``sv``, ``nb``: :func:`language_lexicons`).
``lexicons/lists.json`` (written by ``lexicons/build_lexicons.py``) records each shipped
list's use and sources.

A name can also be one of the user's personal or topic lists
(:mod:`wordstudio.lexicon.personal`), or the path of any plain word-list file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from wordstudio.lexicon.personal import SUFFIX, find_personal, load_personal, personal_lists
from wordstudio.lexicon.wordlist import LexiconError, WordList, load_word_list
from wordstudio.paths import lexicons_dir

#: The default of every crossword game.
DEFAULT_LEXICON = "en-US-wordgame"
#: Word War's default: a dictionary list that counts words as its rule book does.
WORD_WAR_LEXICON = "en-US-wordwar"
#: Word For Word's default: a dictionary list of everyday words.
WORD_FOR_WORD_LEXICON = "en-US-common"
SPELLINGS = {"en-US": "American English", "en-GB": "British English"}
KINDS = {
    "wordgame": "word game",
    "common": "common words",
    "standard": "standard",
    "large": "large",
    "wordwar": "Word War",
}
#: The suffix of a family list's name: the list without slurs and offensive words.
FAMILY_SUFFIX = "-family"
#: The record of what each shipped list is for and is made from.
CATALOG = "lists.json"
#: WordsWorth's own dictionary names map onto ours.
ALIASES = {"wwdict": DEFAULT_LEXICON, "": DEFAULT_LEXICON}
#: The ten language games' lists (``lexicons/<code>.txt.gz``, made by
#: ``lexicons/build_languages.py``), named in their own language.  They have no smaller
#: common-words list (levels 1-4 play from the whole list) and no family variant.
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
    family: bool = False


def shipped_lexicons(*, family: bool | None = None) -> list[ShippedLexicon]:
    """Every shipped list that is present, American first, the word-game list first; each
    list's family variant after it.  ``family`` True or False keeps only the family lists
    or only the others."""
    found = []
    for spelling, spelling_label in SPELLINGS.items():
        for kind, kind_label in KINDS.items():
            for is_family in (False, True):
                if family is not None and family != is_family:
                    continue
                ident = f"{spelling}-{kind}" + (FAMILY_SUFFIX if is_family else "")
                label = f"{spelling_label}, {kind_label}" + (", family" if is_family else "")
                path = lexicons_dir() / f"{ident}.txt"
                if path.exists():
                    found.append(ShippedLexicon(ident, label, path, family=is_family))
    return found


def language_lexicons() -> list[ShippedLexicon]:
    """The language games' lists that are present (README "Other languages")."""
    found = []
    for code, name in LANGUAGES.items():
        path = _shipped_file(code)
        if path is not None:
            found.append(ShippedLexicon(code, name, path))
    return found


def _shipped_file(ident: str) -> Path | None:
    """The shipped list ``ident``, plain or compressed (None: no such list)."""
    for suffix in (".txt", ".txt.gz"):
        path = lexicons_dir() / f"{ident}{suffix}"
        if path.exists():
            return path
    return None


def is_family(ident: str) -> bool:
    """Whether ``ident`` names a family list (or a personal list based on one)."""
    return ident.endswith(FAMILY_SUFFIX)


def family_variant(ident: str) -> str:
    """The family list of a shipped list (``en-US-wordgame`` -> ``en-US-wordgame-family``);
    a family list, or a name with no shipped family variant, is returned as it is."""
    if is_family(ident):
        return ident
    candidate = ident + FAMILY_SUFFIX
    return candidate if (lexicons_dir() / f"{candidate}.txt").exists() else ident


def full_variant(ident: str) -> str:
    """The list a family list leaves words out of (``en-US-wordgame-family`` ->
    ``en-US-wordgame``); any other name is returned as it is."""
    return ident.removesuffix(FAMILY_SUFFIX) if is_family(ident) else ident


@lru_cache(maxsize=1)
def _catalog(path: str, stamp: float) -> dict[str, dict[str, object]]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def list_record(ident: str) -> dict[str, object]:
    """What ``lexicons/lists.json`` says of a shipped list (its use and sources), or {}."""
    path = lexicons_dir() / CATALOG
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return {}
    record = _catalog(str(path), stamp).get(ident)
    return record if isinstance(record, dict) else {}


def available_lexicons() -> list[ShippedLexicon]:
    """The shipped lists, the language games' lists, then the player's personal and
    topic lists by name."""
    found = shipped_lexicons() + language_lexicons()
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
    suffix = FAMILY_SUFFIX if is_family(ident) else ""
    for spelling in SPELLINGS:
        if ident.startswith(spelling):
            return f"{spelling}-common{suffix}"
    return f"{DEFAULT_LEXICON.rsplit('-', 1)[0]}-common{suffix}"


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
