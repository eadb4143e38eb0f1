"""Personal word lists: a shipped list with the player's own words added or taken away,
or a topic list of its own words only.

A personal list is a small text file, ``NAME.wordlist``, in the user's ``word-lists``
folder (``wordstudio lexicon folder`` prints it).  People may edit it by hand::

    # WordStudio personal word list
    base en-US-standard        <- the shipped list it changes ("base none": a topic list)
    topic Sailing              <- optional: what the list is about
    +AHOY                      <- a word added (a bare word is added too)
    -ZA                        <- a word taken away

Topic lists are WORDwhami's "game limited to the terminology of a specific subject or
topic" (seed 003, Limits 3): their words, and no others, are the game's dictionary.

Lines that are none of these are reported (:class:`~wordstudio.lexicon.wordlist.RejectedLines`)
and left out, never silently dropped.  Every change is written atomically.  This module
only reads and writes the files; :mod:`wordstudio.lexicon.catalog` combines a list with
its base into the words a game checks against.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from wordstudio.filecheck import read_limited
from wordstudio.lexicon.wordlist import (
    MAX_WORD_LIST_BYTES,
    REPORT_LINES,
    LexiconError,
    RejectedLines,
)
from wordstudio.paths import atomic_write_text, user_data_dir

SUFFIX = ".wordlist"
HEADER = "# WordStudio personal word list"
#: The base of a topic list: no shipped words at all.
NO_BASE = "none"
_WORD = re.compile(r"[A-Za-z]{2,}")
_NAME = re.compile(r"[\w][\w .+-]{0,60}")


def personal_dir() -> Path:
    """The folder that holds the user's personal and topic lists."""
    path = user_data_dir() / "word-lists"
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass(frozen=True)
class PersonalList:
    """A personal list: its base list (None for a topic list) and its own changes."""

    name: str
    base: str | None
    added: frozenset[str] = frozenset()
    removed: frozenset[str] = frozenset()
    topic: str = ""
    path: Path | None = None
    rejected: RejectedLines = field(default_factory=RejectedLines)

    @property
    def is_topic(self) -> bool:
        return self.base is None

    def with_added(self, words: Iterable[str]) -> PersonalList:
        """This list with ``words`` added (and no longer taken away)."""
        new = frozenset(_checked(words))
        return replace(self, added=self.added | new, removed=self.removed - new)

    def with_removed(self, words: Iterable[str]) -> PersonalList:
        """This list with ``words`` taken away: dropped from the additions, and (for a
        list with a base) recorded so the base's copy is taken away too."""
        gone = frozenset(_checked(words))
        removed = self.removed if self.is_topic else self.removed | gone
        return replace(self, added=self.added - gone, removed=removed)

    def apply(self, base_words: Iterable[str]) -> list[str]:
        """The words of this list, given the words of its base."""
        return sorted((set(base_words) | self.added) - self.removed)

    def describe(self) -> str:
        """One line for menus and ``wordstudio lexicon list``."""
        about = f" ({self.topic})" if self.topic else ""
        if self.is_topic:
            count = len(self.added)
            return f"topic list{about}: {count} word{'' if count == 1 else 's'}"
        return (f"{self.base}{about}, {len(self.added)} added, "
                f"{len(self.removed)} taken away")

    def text(self) -> str:
        """The file's text."""
        lines = [HEADER, f"base {self.base or NO_BASE}"]
        if self.topic:
            lines.append(f"topic {self.topic}")
        lines += [f"+{word}" for word in sorted(self.added)]
        lines += [f"-{word}" for word in sorted(self.removed)]
        return "\n".join(lines) + "\n"


def _checked(words: Iterable[str]) -> list[str]:
    out = []
    for word in words:
        text = word.strip()
        if not _WORD.fullmatch(text):
            raise LexiconError(None, f"{text!r} is not a word of two or more letters A-Z")
        out.append(text.upper())
    return out


def parse_personal(text: str, name: str, path: Path | None = None) -> PersonalList:
    """Read a personal list's text; lines that mean nothing are reported, not fatal."""
    base: str | None = None
    seen_base = False
    topic = ""
    added: set[str] = set()
    removed: set[str] = set()
    bad: list[tuple[int, str]] = []
    bad_count = 0
    for number, line in enumerate(text.splitlines(), start=1):
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        key, _, value = entry.partition(" ")
        if key.lower() == "base" and value.strip() and not seen_base:
            seen_base = True
            base = None if value.strip().lower() == NO_BASE else value.strip()
            continue
        if key.lower() == "topic" and value.strip():
            topic = value.strip()
            continue
        sign, word = (entry[0], entry[1:].strip()) if entry[0] in "+-" else ("+", entry)
        if _WORD.fullmatch(word):
            (added if sign == "+" else removed).add(word.upper())
            (removed if sign == "+" else added).discard(word.upper())
            continue
        bad_count += 1
        if len(bad) < REPORT_LINES:
            bad.append((number, entry))
    if not seen_base:
        # A plain list of words with no header is a list of its own words.
        base = None
    return PersonalList(name, base, frozenset(added), frozenset(removed), topic, path,
                        RejectedLines(bad_count, tuple(bad)))


def personal_path(name: str) -> Path:
    """Where the personal list called ``name`` lives (whether or not it exists)."""
    text = name.strip()
    if not _NAME.fullmatch(text):
        raise LexiconError(None, f"{name!r} cannot name a word list (use letters, digits, "
                           "spaces, '.', '+' or '-', at most 61 characters)")
    return personal_dir() / f"{text}{SUFFIX}"


def find_personal(name: str) -> Path | None:
    """The file of an existing personal list called ``name``, if there is one."""
    try:
        path = personal_path(name)
    except LexiconError:
        return None
    return path if path.is_file() else None


def load_personal(path: Path) -> PersonalList:
    try:
        raw = read_limited(path, MAX_WORD_LIST_BYTES, "word list")
        text = raw.decode("utf-8-sig", errors="replace")
    except OSError as exc:
        raise LexiconError(path, f"cannot read the word list ({exc.strerror or exc})") from exc
    return parse_personal(text, Path(path).stem, Path(path))


def save_personal(personal: PersonalList) -> PersonalList:
    """Write a list to its file (its own path, or the personal folder); returns it with
    the path set."""
    path = personal.path or personal_path(personal.name)
    atomic_write_text(path, personal.text())
    return replace(personal, path=path)


def create_personal(name: str, base: str | None, topic: str = "",
                    words: Iterable[str] = ()) -> PersonalList:
    """A new list in the personal folder; refuses to overwrite one of the same name."""
    path = personal_path(name)
    if path.exists():
        raise LexiconError(path, f"there is already a word list called {name.strip()!r}")
    personal = PersonalList(name.strip(), base, topic=topic.strip()).with_added(words)
    return save_personal(replace(personal, path=path))


def personal_lists() -> list[PersonalList]:
    """Every list in the personal folder, by name."""
    found = []
    for path in sorted(personal_dir().glob(f"*{SUFFIX}"), key=lambda p: p.stem.lower()):
        try:
            found.append(load_personal(path))
        except LexiconError:
            continue  # unreadable: ``lexicon info`` on it says why
    return found


def change_personal(name: str, add: Iterable[str] = (), remove: Iterable[str] = ()) -> PersonalList:
    """Add and take away words in the list called ``name`` (it must exist)."""
    path = find_personal(name)
    if path is None:
        raise LexiconError(None, f"there is no personal word list called {name.strip()!r}")
    personal = load_personal(path).with_added(add).with_removed(remove)
    return save_personal(personal)


def insisted_list_name(lexicon: str) -> str:
    """The personal list that words insisted on in a game on ``lexicon`` go to: the
    game's own list when it is personal, else ``<list> + my words``."""
    if find_personal(lexicon) is not None:
        return lexicon.strip()
    return f"{Path(lexicon.strip()).stem[:48]} + my words"


def add_insisted_words(lexicon: str, words: Iterable[str]) -> PersonalList:
    """Add words a player insisted on during a game (seed 004: "it is quite possible to
    play a valid word that the program does not recognize") to his own list, making the
    list - based on the game's list - the first time."""
    name = insisted_list_name(lexicon)
    if find_personal(name) is None:
        create_personal(name, lexicon.strip())
    return change_personal(name, add=words)
