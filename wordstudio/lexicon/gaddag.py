"""The compiled automaton the move generator walks: a minimal GADDAG in one flat array.

A GADDAG (Gordon 1994) holds, for every word ``w`` and every split ``1 <= i <= len(w)``,
the path ``rev(w[:i]) + SEP + w[i:]`` (for ``i == len(w)`` just ``rev(w)``).  Starting at
any letter of a word, a generator can read leftwards, cross the separator and read
rightwards, so every move is found from one anchor square.  How it is built:
:mod:`wordstudio.lexicon.gaddag_build` (pure Python) and its compiled twin
:mod:`wordstudio.lexicon._gaddag_native`, which makes the same array about twenty times
faster.

Flat layout (format 4): unsigned 32-bit slots (``array('I')``); every node index below
is an offset into the array::

    header: MAGIC, FORMAT_VERSION, letters, GADDAG root, DAWG root, length,
            mask slots (1 or 2), separator bit (31 or 63), 8 reserved slots
    node:   [child_mask (1 or 2 slots, low half first), child_0, child_1, ...]

``child_mask`` has bit ``L`` set when letter ``L`` leads on, and the separator bit when
the separator does; an alphabet of up to 31 letters takes one 32-bit mask slot (the
separator is bit 31), a larger one (up to 62 letters) two (bit 63).  The children follow
in increasing bit order, so the child for ``L`` is slot ``node + mask_slots +
popcount(child_mask & ((1 << L) - 1))``.  A child slot is the child's offset, with bit 31
set when taking that letter completes a word.  The DAWG root alone answers "is this a
word?".  Words longer than :data:`MAX_WORD_LETTERS` fit on no board and are left out.

Compiled automata are cached per user, one file per word list, alphabet and direction
(:func:`load_gaddag`), and loaded by memory-mapping the file: no copy, pages shared
between processes, a few milliseconds to open.  A cache file is checked before use
(checksum, and in compiled builds every child offset) and rebuilt when anything is wrong.
:func:`gaddag_for_file` finds the automaton of a word-list file from the file's bytes
alone, so a fresh process need not read the words at all.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import mmap
import os
import struct
import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from wordstudio.filecheck import open_plain, read_limited
from wordstudio.lexicon.gaddag_build import (
    ACCEPT,
    FORMAT_VERSION,
    HEADER,
    MAGIC,
    OFFSET,
    build_words,
    layout,
)
from wordstudio.lexicon.wordlist import (
    DEFAULT_ALPHABET,
    MAX_WORD_LIST_BYTES,
    LexiconError,
    RejectedLines,
    WordList,
    load_word_list,
    tokenize,
)
from wordstudio.paths import atomic_write_bytes
from wordstudio.paths import cache_dir as default_cache_dir

_native: ModuleType | None
try:
    _native = importlib.import_module("wordstudio.lexicon._gaddag_native")
except ImportError:  # no compiler at install time: the pure-Python builder
    _native = None

#: Longest word kept: no board is longer than 30 squares (one spare for safety).
MAX_WORD_LETTERS = 31
_FILE_MAGIC = b"WSGADDAG"
#: File header: magic, key (32 bytes), payload length, CRC-32, padding to 64 bytes.
_FILE_HEADER = struct.Struct("<8s32sQI12x")
#: A cache note (a word list's automaton, word count and first rejected lines) is a few
#: hundred bytes: a larger one is not ours, and is rebuilt.
MAX_NOTE_BYTES = 1_000_000
assert _FILE_HEADER.size == 64 and array("I").itemsize == 4

ProgressFn = Callable[[float, str], None]
_PLAIN_CODES = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ\n", bytes([*range(26), 255]))


def compiled_builder() -> bool:
    """True when the compiled GADDAG builder is installed."""
    return _native is not None


class Gaddag:
    """A loaded GADDAG: the flat array (an ``array('I')`` or a memory-mapped view of a
    cache file) plus the alphabet it was built for."""

    def __init__(self, data: array | memoryview, alphabet: Sequence[str], digest: str = "") -> None:
        if len(data) < HEADER or data[0] != MAGIC or data[1] != FORMAT_VERSION:
            raise ValueError("not a WordStudio GADDAG")
        self.data = data
        self.alphabet = tuple(alphabet)
        self.letters = int(data[2])
        self.root = int(data[3])
        self.dawg_root = int(data[4])
        self.mask_slots = int(data[6])
        #: The separator's code for :meth:`child` (its bit in the child mask).
        self.sep = int(data[7])
        self.digest = digest
        self._index = {letter: i for i, letter in enumerate(self.alphabet)}
        if self.letters != len(self.alphabet):
            raise ValueError("the GADDAG was built for a different alphabet")

    # --- navigation ------------------------------------------------------------------
    def mask(self, node: int) -> int:
        """The child mask of ``node``: letters (and the separator bit) leading on."""
        data = self.data
        if self.mask_slots == 1:
            return int(data[node])
        return int(data[node]) | int(data[node + 1]) << 32

    def _slot(self, node: int, letter: int) -> int:
        mask = self.mask(node)
        bit = 1 << letter
        if not mask & bit:
            return -1
        return int(self.data[node + self.mask_slots + (mask & (bit - 1)).bit_count()])

    def child(self, node: int, letter: int) -> int:
        """The node reached from ``node`` by ``letter`` (or :attr:`sep`), or -1."""
        slot = self._slot(node, letter)
        return slot if slot < 0 else slot & OFFSET

    def accepts(self, node: int, letter: int) -> bool:
        """True when taking ``letter`` from ``node`` completes a word."""
        slot = self._slot(node, letter)
        return slot >= 0 and bool(slot & ACCEPT)

    def letters_from(self, node: int) -> list[int]:
        """Letters (not the separator) leading on from ``node``."""
        mask = self.mask(node)
        return [i for i in range(self.letters) if mask >> i & 1]

    def walk(self, node: int, letters: Iterable[int]) -> int:
        for letter in letters:
            node = self.child(node, letter)
            if node < 0:
                return -1
        return node

    # --- word queries (through the forward DAWG) -------------------------------------
    def encode(self, word: str) -> tuple[int, ...] | None:
        tiles = tokenize(word.upper(), self.alphabet)
        if tiles is None:
            return None
        return tuple(self._index[t] for t in tiles)

    def contains_codes(self, codes: Sequence[int]) -> bool:
        if not codes:
            return False
        node = self.walk(self.dawg_root, codes[:-1])
        return node >= 0 and self.accepts(node, codes[-1])

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        codes = self.encode(word)
        return codes is not None and self.contains_codes(codes)

    def words(self) -> list[str]:
        """Every word, in alphabet order (for tests and pattern search)."""
        out: list[str] = []
        stack: list[tuple[int, str]] = [(self.dawg_root, "")]
        while stack:
            node, prefix = stack.pop()
            for letter in reversed(self.letters_from(node)):
                text = prefix + self.alphabet[letter]
                stack.append((self.child(node, letter), text))
                if self.accepts(node, letter):
                    out.append(text)
        out.sort()
        return out

    @property
    def nbytes(self) -> int:
        return len(self.data) * 4


# --- building -------------------------------------------------------------------------
def build_gaddag(words: Iterable[Sequence[int] | bytes], letters: int,
                 progress: ProgressFn | None = None, *, pure: bool = False) -> array:
    """The flat GADDAG array for words given as sequences of letter indices (compiled
    builder unless ``pure`` or none is installed; both give the same array)."""
    if not 1 <= letters <= 62:
        raise ValueError(f"an alphabet of {letters} letters is too large for a GADDAG")
    report = progress or (lambda fraction, message: None)
    encoded = [w if isinstance(w, bytes) else bytes(w) for w in words
               if 1 <= len(w) <= MAX_WORD_LETTERS]
    if not encoded:
        raise ValueError("no words to build a GADDAG from")
    report(0.1, "building the automaton")
    if _native is not None and not pure:
        data = _native.build(encoded, letters)  # sorts and drops repeats itself
    else:
        data = build_words(sorted(set(encoded)), letters)
    report(1.0, "done")
    return data


def encode_words(words: WordList, alphabet: Sequence[str], reversible: bool = False
                 ) -> list[bytes]:
    """Letter codes of each word of a list (plus each word reversed when asked)."""
    alphabet = tuple(alphabet)
    blob = b""
    if alphabet == DEFAULT_ALPHABET:
        # One C-level translation for the whole list (newlines become 255, so no letter
        # code is taken for a separator); words with other characters (none, in a list
        # read with the same alphabet) are dropped.
        blob = "\n".join(words).encode("ascii", "replace").translate(_PLAIN_CODES)
    if blob and blob.count(255) == len(words) - 1:
        out = [w for w in blob.split(b"\xff") if w and max(w) < 26]
    else:
        index = {letter: i for i, letter in enumerate(alphabet)}
        out = []
        for word in words:
            tiles = tokenize(word, alphabet)
            if tiles is not None:
                out.append(bytes(index[t] for t in tiles))
    if reversible:
        out += [w[::-1] for w in out]
    return out


# --- the per-user cache ------------------------------------------------------------------
def cache_key(words: WordList, alphabet: Sequence[str], reversible: bool) -> str:
    h = hashlib.sha256()
    h.update(words.digest.encode())
    h.update(("|".join(alphabet)).encode())
    h.update(b"bidi" if reversible else b"fwd")
    h.update(str(FORMAT_VERSION).encode())
    return h.hexdigest()[:32]


def cache_path(cache_dir: Path, key: str) -> Path:
    return cache_dir / "lexicons" / f"gaddag-{key}.bin"


def save_gaddag(path: Path, data: array, key: str) -> None:
    """Write the array with a header (magic, key, length, CRC) so corruption is detected."""
    payload = data.tobytes()
    header = _FILE_HEADER.pack(_FILE_MAGIC, key.encode().ljust(32, b" "), len(payload),
                               zlib.crc32(payload))
    atomic_write_bytes(path, header + payload)


def read_cached(path: Path, key: str) -> memoryview | None:
    """The cached array, memory-mapped, or None when the file is missing, stale or
    damaged in any way."""
    try:
        # Opened without waiting, and only when it is a plain file: a named pipe in the
        # cache folder kept every command (and the window's start) waiting for ever.
        fd, info = open_plain(path)
    except OSError:
        return None
    try:
        if info.st_size <= _FILE_HEADER.size:
            return None
        mapped = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)
    magic, stored_key, length, crc = _FILE_HEADER.unpack_from(mapped)
    view = memoryview(mapped)[_FILE_HEADER.size:]
    if (magic != _FILE_MAGIC or stored_key.rstrip(b" ") != key.encode() or length != len(view)
            or length % 4 or zlib.crc32(view) != crc):
        view.release()
        mapped.close()
        return None
    data = view.cast("I")
    if not _well_formed(data):
        data.release()
        view.release()
        mapped.close()
        return None
    return data


def _well_formed(data: memoryview | array) -> bool:
    """The whole structure is checked where compiled code will walk it; the pure-Python
    generator cannot read outside the array, so there the header is enough."""
    if _native is not None:
        return bool(_native.check(data))
    if len(data) < HEADER or data[0] != MAGIC or data[1] != FORMAT_VERSION:
        return False
    letters = data[2]
    return (data[5] == len(data) and 1 <= letters <= 62
            and (data[6], data[7]) == layout(letters)
            and HEADER <= data[3] < len(data) and HEADER <= data[4] < len(data))


def load_gaddag(words: WordList, alphabet: Sequence[str] | None = None, *,
                reversible: bool = False, cache_dir: Path | None = None,
                progress: ProgressFn | None = None) -> Gaddag:
    """The GADDAG for a word list: from the per-user cache, or built (and cached) now.

    ``reversible`` builds it for the list plus every word reversed (games where a line
    may read backwards).  A damaged or stale cache file is rebuilt, never trusted.
    """
    alphabet = tuple(alphabet or words.alphabet)
    key = cache_key(words, alphabet, reversible)
    path = cache_path(cache_dir or default_cache_dir(), key)
    data: array | memoryview | None = read_cached(path, key)
    if data is None:
        codes = encode_words(words, alphabet, reversible)
        if not codes or not any(len(c) <= MAX_WORD_LETTERS for c in codes):
            raise LexiconError(words.source or words.name, "no words can be spelt with this alphabet")
        data = build_gaddag(codes, len(alphabet), progress)
        try:
            save_gaddag(path, data, key)
        except OSError:
            pass  # a read-only cache folder only costs a rebuild next time
    elif progress is not None:
        progress(1.0, "loaded")
    return Gaddag(data, alphabet, key)


_memo: dict[str, Gaddag] = {}


def _remember(gaddag: Gaddag) -> Gaddag:
    if len(_memo) > 6:
        _memo.clear()
    _memo[gaddag.digest] = gaddag
    return gaddag


def shared_gaddag(words: WordList, alphabet: Sequence[str] | None = None, *,
                  reversible: bool = False, progress: ProgressFn | None = None) -> Gaddag:
    """Like :func:`load_gaddag`, but one instance per process and word list."""
    alphabet = tuple(alphabet or words.alphabet)
    found = _memo.get(cache_key(words, alphabet, reversible))
    if found is None:
        found = _remember(load_gaddag(words, alphabet, reversible=reversible, progress=progress))
    return found


@dataclass(frozen=True)
class FileAutomaton:
    """The automaton of a word-list file, and what reading the file rejected."""

    gaddag: Gaddag
    words: int
    rejected: RejectedLines


def gaddag_for_file(path: Path, alphabet: Sequence[str] = DEFAULT_ALPHABET, *,
                    reversible: bool = False, cache_dir: Path | None = None) -> FileAutomaton:
    """The GADDAG of the word-list file ``path`` read as :func:`load_word_list` reads it
    (A-Z words, two letters or more), encoded in ``alphabet`` - the same automaton as
    ``shared_gaddag(load_word_list(path), alphabet)``, found from the file's bytes.

    A small note in the cache maps the file's SHA-256 to its automaton, so a process
    that only generates moves (``wordstudio moves``) never parses the list.
    """
    path = Path(path)
    folder = cache_dir or default_cache_dir()
    try:
        raw = read_limited(path, MAX_WORD_LIST_BYTES, "word list")
    except OSError as exc:
        raise LexiconError(path, f"cannot read the word list ({exc.strerror or exc})") from None
    alphabet = tuple(alphabet)
    h = hashlib.sha256(raw)
    h.update(("|".join(alphabet)).encode())
    h.update(b"bidi" if reversible else b"fwd")
    h.update(str(FORMAT_VERSION).encode())
    note = folder / "lexicons" / f"source-{h.hexdigest()[:32]}.json"
    try:
        known = json.loads(read_limited(note, MAX_NOTE_BYTES, "cache note").decode("utf-8"))
        key = str(known["gaddag"])
        found = _memo.get(key)
        if found is None:
            data = read_cached(cache_path(folder, key), key)
            if data is not None:
                found = _remember(Gaddag(data, alphabet, key))
        if found is not None:
            first = tuple((int(n), str(text)) for n, text in known["rejected"][1])
            return FileAutomaton(found, int(known["words"]),
                                 RejectedLines(int(known["rejected"][0]), first))
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        pass  # no note yet, or a damaged one: read the list
    words = load_word_list(path)
    gaddag = _memo.get(cache_key(words, alphabet, reversible))
    if gaddag is None:
        gaddag = _remember(load_gaddag(words, alphabet, reversible=reversible, cache_dir=folder))
    summary = {"gaddag": gaddag.digest, "words": len(words),
               "rejected": [words.rejected.count, [list(r) for r in words.rejected.first]]}
    try:
        atomic_write_bytes(note, json.dumps(summary).encode("utf-8"))
    except OSError:
        pass
    return FileAutomaton(gaddag, len(words), words.rejected)


def remove_cache(cache_dir: Path) -> int:
    """Delete every cached GADDAG and note (returns how many automata)."""
    folder = cache_dir / "lexicons"
    count = 0
    if folder.is_dir():
        for path in [*folder.glob("gaddag-*.bin"), *folder.glob("source-*.json")]:
            try:
                os.unlink(path)
            except OSError:
                continue  # in use elsewhere (Windows keeps mapped files)
            count += path.name.startswith("gaddag-")
    return count
