"""Word lists: loading, checking and identifying them.

A word list is a text file with one word per line, in any case.  Every line that is not
a word for the game's alphabet is *reported* (how many, and the first few with their line
numbers) and left out; it is never silently merged.  Empty lines are simply skipped.

Words are kept upper-case, sorted and unique.  A list is identified by the SHA-256 of
that normalised content, so two files holding the same words share one compiled cache.
"""

from __future__ import annotations

import codecs
import gzip
import hashlib
import io
import itertools
import re
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from wordstudio.errors import UserError, shown_path
from wordstudio.lexicon.spelling import Spelling
from wordstudio.paths import read_limited

DEFAULT_ALPHABET: tuple[str, ...] = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: How many rejected lines a report quotes.
REPORT_LINES = 10
#: Longer lines are not words (the longest in any dictionary has 45 letters), and the
#: automaton's work grows with the square of a word's length: they are rejected.
MAX_WORD_LENGTH = 60
#: The largest word-list file read (the shipped large lists are 2.5 MB), and the most
#: text a compressed one may unpack to (the Polish list is about 45 MB).
MAX_WORD_LIST_BYTES = 50_000_000
MAX_WORD_LIST_TEXT = 120_000_000
_PLAIN = re.compile(r"[A-Za-z]+")
#: A list's first line may name the tiles its words are written in (``#alphabet: A B CH``);
#: a list in another language's letters needs it (the ten language games' lists have it).
ALPHABET_HEADER = "#alphabet:"


class LexiconError(UserError):
    """A word list that cannot be used; names the file (and line, where there is one)."""

    def __init__(self, path: Path | str | None, message: str, line: int | None = None):
        self.path = str(path) if path is not None else None
        self.line = line
        self.message = message
        where = shown_path(self.path) if self.path else "word list"
        if line is not None:
            where += f", line {line}"
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class RejectedLines:
    """Lines of a word list that were not words: how many, and the first few."""

    count: int = 0
    first: tuple[tuple[int, str], ...] = ()

    def __bool__(self) -> bool:
        return self.count > 0

    def describe(self) -> str:
        if not self.count:
            return "every line is a word"
        shown = ", ".join(f"line {n} ({text[:30]!r})" for n, text in self.first)
        more = "" if self.count <= len(self.first) else ", ..."
        if self.count == 1:
            return f"1 line is not a word and was left out: {shown}"
        return f"{self.count} lines are not words and were left out: {shown}{more}"


def tokenize(word: str, alphabet: Sequence[str]) -> tuple[str, ...] | None:
    """Split an upper-case word into tiles of ``alphabet`` (longest letter first).

    Returns None when the word cannot be spelt with the alphabet.  For the plain A-Z
    alphabet this is just the word's characters.  (:meth:`Spelling.split`.)
    """
    return Spelling.of(alphabet).split(word)


@dataclass(frozen=True)
class WordList:
    """An upper-case, sorted, duplicate-free list of words with its identity."""

    name: str
    words: tuple[str, ...]
    source: str | None = None
    rejected: RejectedLines = field(default_factory=RejectedLines)
    alphabet: tuple[str, ...] = DEFAULT_ALPHABET

    @classmethod
    def from_words(
        cls, words: Iterable[str], name: str = "words", alphabet: Sequence[str] = DEFAULT_ALPHABET
    ) -> WordList:
        """A list from words already known to be good (upper-cased and de-duplicated here)."""
        return cls(
            name=name, words=tuple(sorted({w.upper() for w in words})), alphabet=tuple(alphabet)
        )

    @cached_property
    def digest(self) -> str:
        """SHA-256 of the normalised content (plus the alphabet when it is not A-Z)."""
        h = hashlib.sha256()
        if self.alphabet != DEFAULT_ALPHABET:
            h.update(("|".join(self.alphabet) + "\n").encode())
        h.update("\n".join(self.words).encode())
        return h.hexdigest()

    @cached_property
    def _set(self) -> frozenset[str]:
        return frozenset(self.words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self._set

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def of_length(self, length: int) -> list[str]:
        """Every word of exactly ``length`` tiles."""
        if all(len(letter) == 1 for letter in self.alphabet):
            return [w for w in self.words if len(w) == length]
        return [w for w in self.words if len(tokenize(w, self.alphabet) or ()) == length]

    def subset(self, keep: Iterable[str], name: str | None = None) -> WordList:
        """The words of this list that are also in ``keep`` (e.g. a common-words vocabulary)."""
        keep_set = {w.upper() for w in keep}
        return WordList(
            name=name or self.name,
            words=tuple(w for w in self.words if w in keep_set),
            source=self.source,
            alphabet=self.alphabet,
        )


def parse_word_list(
    text: str,
    name: str = "words",
    source: str | None = None,
    alphabet: Sequence[str] = DEFAULT_ALPHABET,
    min_length: int = 2,
    max_length: int = MAX_WORD_LENGTH,
) -> WordList:
    """Read words from ``text`` (one per line); see the module docstring for the rules.
    Words of fewer than ``min_length`` or more than ``max_length`` letters are rejected."""
    alphabet = tuple(letter.upper() for letter in alphabet)
    lines = text.splitlines()
    declared = _declared_alphabet(lines[0] if lines else "", source)
    if declared is not None and alphabet == DEFAULT_ALPHABET:
        alphabet = declared
    plain = alphabet == DEFAULT_ALPHABET
    spelling = Spelling.of(alphabet)
    if declared is not None:
        body = [line for line in lines[1:] if line]
        if spelling.all_written(body, min_length, max_length):
            # A list already in its tiles' letters, as the shipped lists are: one pass.
            in_order = all(map(str.__lt__, body, itertools.islice(body, 1, None)))
            return WordList(name=name, words=tuple(body if in_order else sorted(set(body))),
                            source=source, alphabet=alphabet)
    words: set[str] = set()
    rejected = 0
    first: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        word = line.strip()
        if not word or (number == 1 and declared is not None):
            continue
        if len(word) > max_length * 4:
            # Far too long for any letters (the longest tile is a few characters):
            # rejected before any work is done on it.
            ok = False
        elif plain:
            ok = _PLAIN.fullmatch(word) is not None and min_length <= len(word) <= max_length
        else:
            # A word already written in the game's letters (a shipped list's) needs no
            # folding, which costs far more than the split.
            tiles = spelling.split(word)
            if tiles is None:
                folded = spelling.fold(word)
                tiles = spelling.split(folded) if folded else None
                word = folded or word
            ok = tiles is not None and min_length <= len(tiles) <= max_length
        if ok:
            words.add(word.upper())
        else:
            rejected += 1
            if len(first) < REPORT_LINES:
                first.append((number, word))
    return WordList(
        name=name,
        words=tuple(sorted(words)),
        source=source,
        rejected=RejectedLines(rejected, tuple(first)),
        alphabet=alphabet,
    )


def _declared_alphabet(line: str, source: str | None) -> tuple[str, ...] | None:
    """The tiles a first line ``#alphabet: A B CH ...`` names (None: no such line)."""
    if not line.startswith(ALPHABET_HEADER):
        return None
    letters = tuple(line[len(ALPHABET_HEADER):].split())
    if not letters or len(set(letters)) != len(letters) or any(
            letter != letter.upper() for letter in letters):
        raise LexiconError(source, "the #alphabet line must name each upper-case tile once",
                           line=1)
    return letters


def _unpacked(path: Path, raw: bytes) -> bytes:
    """The text of a gzip-compressed list (``.gz``), at most MAX_WORD_LIST_TEXT bytes."""
    if not raw.startswith(b"\x1f\x8b"):
        return raw
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as unpacking:
            data = unpacking.read(MAX_WORD_LIST_TEXT + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise LexiconError(path, f"a damaged compressed word list ({exc})") from None
    if len(data) > MAX_WORD_LIST_TEXT:
        raise LexiconError(path, f"unpacks to more than {MAX_WORD_LIST_TEXT:,} bytes")
    return data


def _decode(path: Path, raw: bytes) -> str:
    """The text of a word-list file.

    Windows editors often save UTF-8 with a byte-order mark (which would otherwise stick
    to the first word and get it rejected) or save "Unicode" text as UTF-16, whose zero
    bytes would look like binary data; both are read as the text they are.  Anything else
    is UTF-8, with undecodable bytes replaced so the lines holding them are reported.
    """
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise LexiconError(path, f"damaged UTF-16 text ({exc.reason})") from exc
    if b"\x00" in raw[:4096]:
        raise LexiconError(path, "this is not a text file (it holds binary data)")
    return raw.decode("utf-8-sig", errors="replace")


def load_word_list(
    path: Path | str,
    alphabet: Sequence[str] = DEFAULT_ALPHABET,
    min_length: int = 2,
    name: str | None = None,
) -> WordList:
    """Load a word list file; raises LexiconError when it is missing or holds no words.

    Lines that are not words are counted in ``WordList.rejected``; show
    ``rejected.describe()`` to the user.
    """
    path = Path(path)
    try:
        raw = read_limited(path, MAX_WORD_LIST_BYTES, "word list")
    except OSError as exc:
        raise LexiconError(path, f"cannot read the word list ({exc.strerror or exc})") from None
    text = _decode(path, _unpacked(path, raw))
    words = parse_word_list(
        text, name=name or Path(path.name.removesuffix(".gz")).stem,
        source=str(path), alphabet=alphabet, min_length=min_length
    )
    if not words.words:
        detail = f"; {words.rejected.describe()}" if words.rejected else ""
        raise LexiconError(path, f"no words found{detail}")
    return words
