"""The compiled automaton the move generator walks: a minimal GADDAG in one flat array.

A GADDAG (Gordon 1994) holds, for every word ``w`` and every split ``1 <= i <= len(w)``,
the path ``rev(w[:i]) + SEP + w[i:]`` (for ``i == len(w)`` just ``rev(w)``).  Starting at
any letter of a word, a generator can read leftwards, cross the separator and read
rightwards, so every move is found from one anchor square.

How it is built (fast enough in pure Python, about a second per 100 k words):

* the part after a separator is the *forward DAWG* of the word list: after
  ``rev(x) SEP`` the rest is exactly the set of completions of the prefix ``x``, which is
  the DAWG state reached by ``x``;
* the part before a separator is the minimal automaton of the reversed prefixes
  ``rev(x)``; a node for ``rev(x)`` is final when ``x`` is a word, and has a separator arc
  to the DAWG state of ``x`` when ``x`` can be continued.

Both parts are minimised with Daciuk's incremental algorithm over sorted input.

Flat layout (``array('q')``; every node index below is an offset into the array)::

    node:   [child_mask, accept_mask, child_0, child_1, ...]

``child_mask`` has bit ``L`` set when letter ``L`` leads on (bit :data:`SEP` for the
separator); the children follow in increasing bit order, so the child for ``L`` is at
``node + 2 + popcount(child_mask & ((1 << L) - 1))``.  ``accept_mask`` bit ``L`` is set
when taking letter ``L`` completes a word.  The header records the alphabet size, the
GADDAG root and the DAWG root (the DAWG alone answers "is this a word?").
"""

from __future__ import annotations

import hashlib
import os
import struct
import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from wordstudio.lexicon.wordlist import LexiconError, WordList, tokenize

SEP = 62
SEP_BIT = 1 << SEP
MAGIC = 0x57534744  # "WSGD"
FORMAT_VERSION = 3
HEADER = 8  # int64 slots before the first node
_FILE_MAGIC = b"WSGADDAG"

ProgressFn = Callable[[float, str], None]


class Gaddag:
    """A loaded GADDAG: the flat array plus the alphabet it was built for."""

    def __init__(self, data: array, alphabet: Sequence[str], digest: str = "") -> None:
        if data.typecode != "q" or len(data) < HEADER or data[0] != MAGIC:
            raise ValueError("not a WordStudio GADDAG")
        self.data = data
        self.alphabet = tuple(alphabet)
        self.letters = int(data[2])
        self.root = int(data[3])
        self.dawg_root = int(data[4])
        self.digest = digest
        self._index = {letter: i for i, letter in enumerate(self.alphabet)}
        if self.letters != len(self.alphabet):
            raise ValueError("the GADDAG was built for a different alphabet")

    # --- navigation ------------------------------------------------------------------
    def child(self, node: int, letter: int) -> int:
        """The node reached from ``node`` by ``letter`` (or SEP), or -1."""
        mask = self.data[node]
        bit = 1 << letter
        if not mask & bit:
            return -1
        return int(self.data[node + 2 + (mask & (bit - 1)).bit_count()])

    def accepts(self, node: int, letter: int) -> bool:
        """True when taking ``letter`` from ``node`` completes a word."""
        return bool(self.data[node + 1] & (1 << letter))

    def letters_from(self, node: int) -> list[int]:
        """Letters (not SEP) leading on from ``node``."""
        mask = self.data[node] & ~SEP_BIT
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
                nxt = self.child(node, letter)
                stack.append((nxt, text))
                if self.accepts(node, letter):
                    out.append(text)
        out.sort()
        return out

    @property
    def nbytes(self) -> int:
        return len(self.data) * self.data.itemsize


# --- building -------------------------------------------------------------------------
def _daciuk(strings: list[str], info: Callable[[str], tuple[int, int]] | None,
            nodes: list[tuple], register: dict[tuple, int]) -> int:
    """Minimal acyclic automaton of sorted, unique ``strings`` (Daciuk et al. 2000).

    Nodes are appended to ``nodes`` as signatures ``(final, sep_target, c1, id1, c2,
    id2, ...)``; equal signatures are shared through ``register``.  ``info(s)`` gives
    ``(final, sep_target)`` for a string of the set (default: final, no separator);
    strings that are only prefixes of others are ``(0, -1)`` unless ``info`` says more.
    Returns the root's id.
    """
    stack_arcs: list[list[int]] = [[]]
    stack_info: list[tuple[int, int]] = [(0, -1)]
    prev = ""
    for s in strings:
        # Length of the common prefix with the previous string.
        k = 0
        limit = min(len(prev), len(s))
        while k < limit and prev[k] == s[k]:
            k += 1
        _close(prev, k, stack_arcs, stack_info, nodes, register)
        del stack_arcs[k + 1:]
        del stack_info[k + 1:]
        for _ in range(len(s) - k):
            stack_arcs.append([])
            stack_info.append((0, -1))
        stack_info[len(s)] = info(s) if info is not None else (1, -1)
        prev = s
    _close(prev, 0, stack_arcs, stack_info, nodes, register)
    sig = (*stack_info[0], *stack_arcs[0])
    nodes.append(sig)
    return len(nodes) - 1


def _close(prev: str, keep: int, stack_arcs: list[list[int]],
           stack_info: list[tuple[int, int]], nodes: list[tuple],
           register: dict[tuple, int]) -> None:
    """Finish the open nodes deeper than ``keep`` on the path of ``prev``: share each
    with an equal registered node or register it, and link it to its parent."""
    for depth in range(len(prev), keep, -1):
        sig = (*stack_info[depth], *stack_arcs[depth])
        node_id = register.get(sig)
        if node_id is None:
            node_id = len(nodes)
            register[sig] = node_id
            nodes.append(sig)
        stack_arcs[depth - 1].append(ord(prev[depth - 1]))
        stack_arcs[depth - 1].append(node_id)


def build_gaddag(words: Iterable[Sequence[int]], letters: int,
                 progress: ProgressFn | None = None) -> array:
    """Build the flat GADDAG array for words given as sequences of letter indices."""
    if not 1 <= letters <= SEP:
        raise ValueError(f"an alphabet of {letters} letters is too large for a GADDAG")
    report = progress or (lambda fraction, message: None)
    # Letters are packed into str characters so sorting and prefix tests run in C.
    encoded = sorted({"".join(chr(c + 1) for c in w) for w in words if len(w) >= 1})
    report(0.05, "forward automaton")
    dawg_nodes: list[tuple] = []
    dawg_root = _daciuk(encoded, None, dawg_nodes, {})
    report(0.35, "prefixes")

    # DAWG transitions, to find the state every prefix reaches.
    trans: list[dict[int, int]] = []
    for sig in dawg_nodes:
        arcs = sig[2:]
        trans.append({arcs[i]: arcs[i + 1] for i in range(0, len(arcs), 2)})
    word_set = set(encoded)
    prefix_state: dict[str, int] = {}
    path = [dawg_root]
    prev = ""
    for w in encoded:
        k = 0
        limit = min(len(prev), len(w))
        while k < limit and prev[k] == w[k]:
            k += 1
        del path[k + 1:]
        for i in range(k, len(w)):
            state = trans[path[i]][ord(w[i])]
            path.append(state)
            prefix_state[w[: i + 1]] = state
        prev = w
    report(0.55, "reverse automaton")

    def info(rev: str) -> tuple[int, int]:
        x = rev[::-1]
        state = prefix_state.get(x, -1)
        # A separator arc only where the prefix can go on (its DAWG state has arcs).
        sep = state if state >= 0 and len(dawg_nodes[state]) > 2 else -1
        return (1 if x in word_set else 0), sep

    reversed_prefixes = sorted(p[::-1] for p in prefix_state)
    rev_nodes: list[tuple] = []
    rev_root = _daciuk(reversed_prefixes, info, rev_nodes, {})
    report(0.85, "packing")
    data = _flatten(dawg_nodes, dawg_root, rev_nodes, rev_root, letters)
    report(1.0, "done")
    return data


def _flatten(dawg_nodes: list[tuple], dawg_root: int, rev_nodes: list[tuple], rev_root: int,
             letters: int) -> array:
    # Offsets: DAWG nodes first, then reverse nodes; each node takes 2 + arcs slots.
    dawg_off: list[int] = []
    pos = HEADER
    for sig in dawg_nodes:
        dawg_off.append(pos)
        pos += 2 + (len(sig) - 2) // 2
    rev_off: list[int] = []
    for sig in rev_nodes:
        rev_off.append(pos)
        pos += 2 + (len(sig) - 2) // 2 + (1 if sig[1] >= 0 else 0)
    data = array("q", bytes(8 * pos))
    data[0] = MAGIC
    data[1] = FORMAT_VERSION
    data[2] = letters
    data[3] = rev_off[rev_root]
    data[4] = dawg_off[dawg_root]
    data[5] = pos
    for sig, off in zip(dawg_nodes, dawg_off, strict=True):
        _write_node(data, off, sig, dawg_nodes, dawg_off, None)
    for sig, off in zip(rev_nodes, rev_off, strict=True):
        _write_node(data, off, sig, rev_nodes, rev_off, dawg_off)
    return data


def _write_node(data: array, off: int, sig: tuple, nodes: list[tuple], offsets: list[int],
                sep_offsets: list[int] | None) -> None:
    child_mask = 0
    accept_mask = 0
    arcs = sig[2:]
    slot = off + 2
    for i in range(0, len(arcs), 2):
        letter = arcs[i] - 1
        child = arcs[i + 1]
        child_mask |= 1 << letter
        if nodes[child][0]:
            accept_mask |= 1 << letter
        data[slot] = offsets[child]
        slot += 1
    if sig[1] >= 0 and sep_offsets is not None:
        child_mask |= SEP_BIT
        data[slot] = sep_offsets[sig[1]]
    data[off] = child_mask
    data[off + 1] = accept_mask


def encode_words(words: WordList, alphabet: Sequence[str], reversible: bool = False
                 ) -> list[tuple[int, ...]]:
    """Letter-index sequences for a word list (plus each word reversed when asked)."""
    index = {letter: i for i, letter in enumerate(alphabet)}
    out: list[tuple[int, ...]] = []
    for word in words:
        tiles = tokenize(word, alphabet)
        if tiles is None:
            continue
        codes = tuple(index[t] for t in tiles)
        out.append(codes)
        if reversible:
            out.append(codes[::-1])
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
    from wordstudio.paths import atomic_write_bytes

    payload = data.tobytes()
    header = _FILE_MAGIC + key.encode().ljust(32, b" ") + struct.pack(
        "<QI", len(payload), zlib.crc32(payload))
    atomic_write_bytes(path, header + payload)


def read_cached(path: Path, key: str) -> array | None:
    """The cached array, or None when the file is missing, stale or damaged in any way."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head = len(_FILE_MAGIC) + 32 + 12
    if len(raw) < head or not raw.startswith(_FILE_MAGIC):
        return None
    if raw[len(_FILE_MAGIC):len(_FILE_MAGIC) + 32].rstrip(b" ") != key.encode():
        return None
    length, crc = struct.unpack("<QI", raw[head - 12:head])
    payload = raw[head:]
    if len(payload) != length or length % 8 or zlib.crc32(payload) != crc:
        return None
    data = array("q")
    data.frombytes(payload)
    if len(data) < HEADER or data[0] != MAGIC or data[1] != FORMAT_VERSION or data[5] != len(data):
        return None
    if not (HEADER <= data[3] < len(data) and HEADER <= data[4] < len(data)):
        return None
    return data


def load_gaddag(words: WordList, alphabet: Sequence[str] | None = None, *,
                reversible: bool = False, cache_dir: Path | None = None,
                progress: ProgressFn | None = None) -> Gaddag:
    """The GADDAG for a word list: from the per-user cache, or built (and cached) now.

    ``reversible`` builds it for the list plus every word reversed (games where a line
    may read backwards).  A damaged or stale cache file is rebuilt, never trusted.
    """
    from wordstudio.paths import cache_dir as default_cache_dir

    alphabet = tuple(alphabet or words.alphabet)
    key = cache_key(words, alphabet, reversible)
    path = cache_path(cache_dir or default_cache_dir(), key)
    data = read_cached(path, key)
    if data is None:
        codes = encode_words(words, alphabet, reversible)
        if not codes:
            raise LexiconError(words.source or words.name, "no words can be spelt with this alphabet")
        data = build_gaddag(codes, len(alphabet), progress)
        try:
            save_gaddag(path, data, key)
        except OSError:
            pass  # a read-only cache folder only costs a rebuild next time
    elif progress is not None:
        progress(1.0, "loaded")
    return Gaddag(data, alphabet, key)


_memo: dict[tuple[str, tuple[str, ...], bool], Gaddag] = {}


def shared_gaddag(words: WordList, alphabet: Sequence[str] | None = None, *,
                  reversible: bool = False, progress: ProgressFn | None = None) -> Gaddag:
    """Like :func:`load_gaddag`, but one instance per process and word list."""
    alphabet = tuple(alphabet or words.alphabet)
    memo_key = (words.digest, alphabet, reversible)
    found = _memo.get(memo_key)
    if found is None:
        found = load_gaddag(words, alphabet, reversible=reversible, progress=progress)
        if len(_memo) > 6:
            _memo.clear()
        _memo[memo_key] = found
    return found


def remove_cache(cache_dir: Path) -> int:
    """Delete every cached GADDAG (returns how many files)."""
    folder = cache_dir / "lexicons"
    count = 0
    if folder.is_dir():
        for path in folder.glob("gaddag-*.bin"):
            os.unlink(path)
            count += 1
    return count
