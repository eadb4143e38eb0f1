"""WordsWorth's Consult pattern language: parse a pattern, list the words it matches.

A pattern is a row of *elements*, each standing for one tile (seed 001, section 4.1):

* a letter (``A`` or ``a``) -- that tile;
* ``_`` or ``?`` -- a blank, any letter;
* ``[A-C]``, ``[A-MZ]``, ``[AEIOU]`` -- any one letter of a set (ranges allowed);
  ``[!AEIOU]`` -- any one letter *not* in the set;
* ``*`` before a letter, blank or set -- this tile *must* be used.

Patterns are at most 79 characters long.  Two modes apply to a search: *ordered* (the
word spells the tiles in the pattern's order) or *anagram* (in any order), and *all*
tiles or *some* tiles.

How we read the manual where it is vague or contradicts itself
==============================================================

Matching.  A word matches when each of its letters can be given to a different element
that accepts it, and every *required* element gets a letter.  In anagram mode any such
assignment will do; in ordered mode the elements used must spell the word left to right,
skipping only elements that are not required.  Letter sets make this a bipartite matching
problem (``BA`` against ``[AB]B`` needs the set to take the A, not the B), so the search
solves it exactly rather than greedily.

Which elements are required.  ``*`` names the tiles that must be used.  A pattern with no
``*``: mode *all* requires every element (so a word has exactly as many letters as the
pattern has elements), mode *some* requires none.  A pattern with ``*``: the marked
elements are required and the others are optional, **in either mode**.  This is the only
reading under which every example's description holds: ``C A A ???*X`` "will list all
words of up to four letters that contain an X" -- if *all* overrode the marks it would
list only four-letter words.  (In mode *some* the marks mean the same, e.g.
``C A S ABJEIPN*[BHOS]``: at least one B, H, O or S, taken by the marked tile.)

``C A S DIVIDE``.  The manual says "all words of up to seven letters that can be made
from the letters DDEIIV"; six tiles cannot make a seven-letter word, so this lists words
of up to *six* letters (the "seven" was carried over from the ``DIVIDE_`` example).

Ordered with some tiles (the manual gives no example).  WordsWorth "will use all
combinations of choices out of those letters"; in ordered mode a combination keeps the
pattern's order, so a word matches when it spells a *subsequence* of the elements that
includes every required one: ``O S DIVIDE`` lists DIVIDE, DIVE, VIDE, DID, DIE, IDE but
not DIED (no D after the E).

Blanks and negated sets range over the letters of the word list's alphabet (A-Z for
every shipped list); ``[A-Z]`` is therefore the same as ``?`` for them.  Patterns may use
upper or lower case; words are listed in upper case.  The 79-character limit counts the
pattern as typed, without surrounding spaces.

Order of results.  Longest words first, alphabetical within a length -- the order a
player wants when looking for the best play, and one the search can produce as it goes
(it walks the list one word length at a time), so a window can show words as they are
found and stop when the user cancels.

Speed.  Each word list gets an index once (words grouped by length, each word also as
bytes), kept in a small module-level cache keyed by the list's digest.  A search maps
every letter to its *type* -- the letters that every element treats alike -- with one
``bytes.translate`` per word; whether a word matches depends only on that typed word, so
answers are memoised per typed word (ordered) or per multiset of types (anagram) and the
exact check runs once per distinct key.  Ordered patterns with every tile required
compile to one regular expression run over all words of the right length at once.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from wordstudio.errors import UserError
from wordstudio.lexicon.spelling import Spelling
from wordstudio.lexicon.wordlist import DEFAULT_ALPHABET, LexiconError, WordList

#: Longest pattern WordsWorth accepts, in characters.
MAX_PATTERN_LENGTH = 79
#: Words scanned between two checks of the caller's ``cancelled`` function.
CANCEL_CHECK_EVERY = 4096
#: Word lists whose search index is kept in memory at once.
INDEX_CACHE_SIZE = 4

_BLANKS = "?_"
#: Type number of letters no element accepts (and of codes no letter uses).
_REJECT = 255


class PatternError(UserError):
    """A Consult pattern that cannot be read; says which column and character is wrong."""

    def __init__(self, pattern: str, message: str, column: int | None = None):
        self.pattern = pattern
        self.column = column
        self.message = message
        shown = pattern if len(pattern) <= 40 else pattern[:37] + "..."
        where = f"pattern {shown!r}"
        if column is not None:
            where += f", column {column}"
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Element:
    """One tile of a pattern: a letter, a blank, or a (possibly negated) set of letters.

    ``letters`` are upper case.  A blank is the negated empty set: it accepts every letter.
    """

    letters: frozenset[str]
    negated: bool = False
    must: bool = False

    @property
    def is_blank(self) -> bool:
        return self.negated and not self.letters

    def accepts(self, letter: str) -> bool:
        """Whether this tile can stand for ``letter`` (upper case)."""
        return (letter in self.letters) != self.negated

    def __str__(self) -> str:
        mark = "*" if self.must else ""
        if self.is_blank:
            return mark + "?"
        if len(self.letters) == 1 and not self.negated:
            return mark + next(iter(self.letters))
        return f"{mark}[{'!' if self.negated else ''}{_write_set(self.letters)}]"


def _write_set(letters: frozenset[str]) -> str:
    """Letters in code-point order, with runs of three or more written as ranges."""
    ordered = sorted(letters)
    parts: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ord(ordered[j + 1]) == ord(ordered[j]) + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{ordered[i]}-{ordered[j]}")
        else:
            parts.extend(ordered[i : j + 1])
        i = j + 1
    return "".join(parts)


@dataclass(frozen=True)
class Pattern:
    """A parsed Consult pattern; ``str(pattern)`` writes it back in canonical form."""

    elements: tuple[Element, ...]

    @classmethod
    def parse(cls, text: str) -> Pattern:
        """Read a pattern as typed; raises PatternError naming the column at fault."""
        return _Parser(text).parse()

    def __str__(self) -> str:
        return "".join(str(element) for element in self.elements)

    def __len__(self) -> int:
        return len(self.elements)

    @property
    def marked(self) -> bool:
        """Whether any element carries ``*``."""
        return any(element.must for element in self.elements)

    def required(self, use_all: bool) -> tuple[bool, ...]:
        """Which elements a matching word must use (see the module docstring)."""
        if self.marked:
            return tuple(element.must for element in self.elements)
        return (use_all,) * len(self.elements)


def parse_pattern(text: str) -> Pattern:
    """Read a Consult pattern; raises PatternError naming the column at fault."""
    return Pattern.parse(text)


def _is_letter(ch: str) -> bool:
    # Any alphabetic character that stays one character in upper case (so not "ß"),
    # which lets a list with a custom alphabet (e.g. Ñ) be consulted too; or the stand-in
    # of a multi-letter tile (see _tile_text).
    # Catalan's middle dot passes too: L·L is read as one tile once the list is known.
    return ((ch.isalpha() and len(ch.upper()) == 1) or _STAND_IN <= ch < _STAND_IN_END
            or ch == "\u00b7")


#: Multi-letter tiles (Spanish CH) stand for one character each while Consult works:
#: private-use characters, which no word holds.
_STAND_IN = "\ue000"
_STAND_IN_END = "\ue100"


def _stand_ins(alphabet: Sequence[str]) -> dict[str, str]:
    """Each multi-letter tile of ``alphabet`` and the character standing for it."""
    return {tile: chr(ord(_STAND_IN) + i) for i, tile in enumerate(alphabet) if len(tile) > 1}


def _tile_text(text: str, alphabet: Sequence[str]) -> str:
    """A pattern written in a game's tiles: marks without a tile dropped (É as E) and each
    multi-letter tile as its stand-in, longest first (C then H is the CH tile)."""
    spelling = Spelling.of(alphabet)
    folded = []
    for ch in text:
        letters = spelling.fold(ch) if ch.isalpha() else None
        folded.append(letters if letters else ch)
    out = "".join(folded)
    for tile, stand_in in sorted(_stand_ins(alphabet).items(), key=lambda item: -len(item[0])):
        out = out.replace(tile, stand_in).replace(tile.lower(), stand_in)
    return out


class _Parser:
    """Reads one pattern left to right, remembering columns for error messages."""

    def __init__(self, text: str):
        self.text = text
        self.body = text.strip()
        # Columns are counted in the text as typed, leading spaces included.
        self.offset = len(text) - len(text.lstrip())

    def fail(self, message: str, index: int | None = None) -> PatternError:
        column = None if index is None else self.offset + index + 1
        return PatternError(self.text, message, column)

    def parse(self) -> Pattern:
        body = self.body
        if not body:
            raise self.fail("the pattern is empty; give at least one letter, '?' or [set]")
        if len(body) > MAX_PATTERN_LENGTH:
            raise self.fail(
                f"the pattern is {len(body)} characters long; the limit is {MAX_PATTERN_LENGTH}"
            )
        elements: list[Element] = []
        i = 0
        while i < len(body):
            must = body[i] == "*"
            if must:
                if i + 1 == len(body):
                    raise self.fail("'*' at the end marks nothing; put it before a tile", i)
                if body[i + 1] == "*":
                    raise self.fail("'*' twice in a row; one '*' marks a tile as required", i + 1)
                i += 1
            ch = body[i]
            if ch in _BLANKS:
                elements.append(Element(frozenset(), negated=True, must=must))
                i += 1
            elif ch == "[":
                letters, negated, i = self.parse_set(i)
                elements.append(Element(letters, negated, must))
            elif _is_letter(ch):
                elements.append(Element(frozenset(ch.upper()), must=must))
                i += 1
            elif ch == "]":
                raise self.fail("']' without a '[' before it", i)
            else:
                raise self.fail(f"{ch!r} is not a letter, '?', '_', '[set]' or '*'", i)
        return Pattern(tuple(elements))

    def parse_set(self, start: int) -> tuple[frozenset[str], bool, int]:
        """Read ``[...]`` starting at ``start``; returns the letters, negation, next index."""
        body = self.body
        i = start + 1
        negated = i < len(body) and body[i] == "!"
        if negated:
            i += 1
        letters: set[str] = set()
        while True:
            if i >= len(body):
                raise self.fail("'[' is never closed with ']'", start)
            ch = body[i]
            if ch == "]":
                if not letters:
                    raise self.fail("empty set '[]': put at least one letter in it", start)
                return frozenset(letters), negated, i + 1
            if not _is_letter(ch):
                if ch == "-":
                    raise self.fail("'-' needs a letter on each side, as in [A-C]", i)
                raise self.fail(f"{ch!r} in a set is not a letter", i)
            low = ch.upper()
            if i + 1 < len(body) and body[i + 1] == "-":
                if i + 2 >= len(body) or not _is_letter(body[i + 2]):
                    raise self.fail(f"unfinished range '{low}-': give its last letter", i + 1)
                high = body[i + 2].upper()
                if high < low:
                    raise self.fail(f"range {low}-{high} runs backwards; write {high}-{low}", i)
                letters.update(c for c in map(chr, range(ord(low), ord(high) + 1)) if _is_letter(c))
                i += 3
            else:
                letters.add(low)
                i += 1


# --------------------------------------------------------------------------------------
# The per-list index


@dataclass(frozen=True)
class _Index:
    """A word list arranged for Consult: words by length, each also as one byte per letter."""

    universe: tuple[str, ...]  # every letter the list can use
    code_of: dict[str, int]  # letter -> its byte in ``codes``
    words: dict[int, tuple[str, ...]]  # length -> words, alphabetical
    codes: dict[int, tuple[bytes, ...]]  # length -> the same words as bytes
    blobs: dict[int, str]  # length -> the words joined by newlines (for regexes)
    shown: dict[int, str]  # stand-in -> multi-letter tile (str.translate table)


_INDEXES: OrderedDict[str, _Index] = OrderedDict()
_INDEX_LOCK = threading.Lock()


def _index_for(words: WordList) -> _Index:
    """The (cached) index of ``words``; built once per list content."""
    key = words.digest
    with _INDEX_LOCK:
        index = _INDEXES.get(key)
        if index is not None:
            _INDEXES.move_to_end(key)
            return index
        # Built under the lock: two GUI workers asking at once should not both pay for it.
        index = _build_index(words)
        _INDEXES[key] = index
        while len(_INDEXES) > INDEX_CACHE_SIZE:
            _INDEXES.popitem(last=False)
        return index


def _build_index(words: WordList) -> _Index:
    stand_ins = _stand_ins(words.alphabet)
    # Consult works tile by tile: a multi-letter tile is one character, its stand-in.
    written = words.words
    if stand_ins:
        spelling = Spelling.of(words.alphabet)
        written = tuple("".join(stand_ins.get(t, t) for t in spelling.split(w) or ())
                        for w in words.words)
    universe = tuple(sorted((set(words.alphabet) - set(stand_ins)) | set(stand_ins.values())
                            | set("".join(written))))
    if len(universe) >= _REJECT:
        raise LexiconError(words.source or words.name, "too many different letters to consult")
    if all(ord(c) < 128 for c in universe):
        code_of = {c: ord(c) for c in universe}

        def encode(word: str) -> bytes:
            return word.encode("ascii")
    else:
        code_of = {c: n for n, c in enumerate(universe)}
        to_code = str.maketrans({c: chr(n) for c, n in code_of.items()})

        def encode(word: str) -> bytes:
            return word.translate(to_code).encode("latin-1")

    grouped: dict[int, list[str]] = {}
    shown: dict[int, list[str]] = {}
    for word, tiles in zip(words.words, written, strict=True):  # sorted: groups alphabetical
        grouped.setdefault(len(tiles), []).append(tiles)
        shown.setdefault(len(tiles), []).append(word)
    return _Index(
        universe=universe,
        code_of=code_of,
        words={n: tuple(group) for n, group in shown.items()},
        codes={n: tuple(map(encode, group)) for n, group in grouped.items()},
        blobs={n: "\n".join(group) for n, group in grouped.items()},
        shown=str.maketrans({c: tile for tile, c in stand_ins.items()}),
    )


# --------------------------------------------------------------------------------------
# Letter types and the exact checks


class _Query:
    """One pattern, mode and index, reduced to letter types and bit masks.

    Two letters have the same *type* when every element accepts both or neither; a word's
    match depends only on its sequence (ordered) or multiset (anagram) of types.
    """

    def __init__(self, pattern: Pattern, index: _Index, use_all: bool):
        elements = pattern.elements
        self.size = len(elements)
        required = pattern.required(use_all)
        self.required_count = sum(required)
        classes: list[tuple[frozenset[str], bool]] = []
        for element in elements:
            if (element.letters, element.negated) not in classes:
                classes.append((element.letters, element.negated))
        # Letter types, numbered in order of first appearance.
        type_of: dict[tuple[bool, ...], int] = {}
        table = bytearray([_REJECT]) * 256
        for letter in index.universe:
            membership = tuple((letter in letters) != negated for letters, negated in classes)
            if any(membership):
                table[index.code_of[letter]] = type_of.setdefault(membership, len(type_of))
        self.table = bytes(table)
        self.type_count = len(type_of)
        # For each class, the set of types it accepts, as a bit mask.
        class_types = [0] * len(classes)
        for membership, number in type_of.items():
            for c, inside in enumerate(membership):
                if inside:
                    class_types[c] |= 1 << number
        # For the ordered check: bit j of accept[t] says element j accepts type t, bit j of
        # optional says element j may be skipped.
        self.accept = [0] * 256
        self.optional = 0
        # For the anagram check, tiles are grouped by class: how many, how many required.
        group_size = [0] * len(classes)
        group_required = [0] * len(classes)
        for j, element in enumerate(elements):
            c = classes.index((element.letters, element.negated))
            group_size[c] += 1
            group_required[c] += required[j]
            if not required[j]:
                self.optional |= 1 << j
            for t in range(self.type_count):
                if class_types[c] >> t & 1:
                    self.accept[t] |= 1 << j
        self._prepare_anagram(class_types, group_size, group_required)

    def _prepare_anagram(
        self, class_types: list[int], group_size: list[int], group_required: list[int]
    ) -> None:
        types = range(self.type_count)
        everything = (1 << self.type_count) - 1
        self.group_size = group_size
        self.group_required = group_required
        self.letters_to_tiles = [
            [g for g, mask in enumerate(class_types) if mask >> t & 1] for t in types
        ]
        self.tiles_to_letters = [[t for t in types if mask >> t & 1] for mask in class_types]
        # Most patterns are letters, blanks and sets whose letters no other tile takes:
        # every class then accepts one type or all of them, and simple counting is exact.
        self.simple = all(mask == everything or mask.bit_count() == 1 for mask in class_types)
        self.fixed = [0] * self.type_count  # tiles that take only this type
        self.fixed_required = [0] * self.type_count
        self.wild = self.wild_required = 0  # tiles that take any type
        for mask, size, needed in zip(class_types, group_size, group_required, strict=True):
            if mask == everything:
                self.wild += size
                self.wild_required += needed
            elif mask.bit_count() == 1:
                t = mask.bit_length() - 1
                self.fixed[t] += size
                self.fixed_required[t] += needed

    def anagram_fits(self, key: bytes) -> bool:
        """Whether a word with these letter types (sorted) matches in anagram mode.

        The word's letters must all get tiles, and the required tiles must all get letters.
        By the Mendelsohn-Dulmage theorem, a matching that covers every letter and one that
        covers every required tile imply a single matching covering both, so checking the
        two sides separately is exact.
        """
        if key and key[-1] == _REJECT:  # sorted, so a letter no tile takes sorts last
            return False
        have = [0] * self.type_count
        for t in key:
            have[t] += 1
        if self.simple:
            excess = 0
            for count, fixed, needed in zip(have, self.fixed, self.fixed_required, strict=True):
                if count < needed:
                    return False
                if count > fixed:
                    excess += count - fixed
            return excess <= self.wild and (
                len(key) - sum(self.fixed_required) >= self.wild_required
            )
        if _max_transport(have, self.group_size, self.letters_to_tiles) < len(key):
            return False
        if not self.required_count:
            return True
        flow = _max_transport(self.group_required, have, self.tiles_to_letters)
        return flow == self.required_count

    def ordered_fits(self, key: bytes) -> bool:
        """Whether a word with these letter types (in order) matches in ordered mode.

        Runs the pattern as a nondeterministic automaton, all states at once in one int:
        bit j set means "the next letter may go to element j".
        """
        accept, optional = self.accept, self.optional
        states = _skip_optional(1, optional)
        for t in key:
            states = (states & accept[t]) << 1
            if not states:
                return False
            states = _skip_optional(states, optional)
        return bool(states >> self.size & 1)


def _skip_optional(states: int, optional: int) -> int:
    """Add every state reachable from ``states`` by skipping optional elements.

    A state inside a run of optional elements reaches every later element of the run and
    the first element after it.  Adding the states to the run mask carries a 1 from the
    lowest such state to just past the run; XOR with the mask leaves exactly the bits that
    changed, which are the reachable ones (states within the run come back with ``|``).
    """
    seeds = states & optional
    return states | ((optional + seeds) ^ optional)


def _max_transport(
    supply: Sequence[int], capacity: Sequence[int], edges: Sequence[Sequence[int]]
) -> int:
    """Maximum flow from suppliers to receivers along unlimited ``edges``.

    Supplier ``i`` has ``supply[i]`` units and may send to the receivers ``edges[i]``;
    receiver ``j`` takes at most ``capacity[j]``.  Augmenting paths over the residual graph
    (forward along an edge, back along one that carries flow), one supplier at a time: as
    in bipartite matching, a supplier that cannot augment now never can later.
    """
    suppliers = range(len(supply))
    flow = [[0] * len(capacity) for _ in suppliers]
    spare = list(capacity)
    total = 0
    for source in suppliers:
        left = supply[source]
        while left:
            # Breadth-first search from ``source`` for a receiver with spare capacity.
            reached_from: dict[int, int] = {}  # receiver -> supplier that sends to it
            freed_by: dict[int, int] = {source: -1}  # supplier -> receiver it can give up
            queue = [source]
            end = -1
            for u in queue:
                for v in edges[u]:
                    if v in reached_from:
                        continue
                    reached_from[v] = u
                    if spare[v]:
                        end = v
                        break
                    for w in suppliers:
                        if flow[w][v] and w not in freed_by:
                            freed_by[w] = v
                            queue.append(w)
                if end >= 0:
                    break
            if end < 0:
                break
            # Walk back: forward steps gain flow, backward steps give it up.
            forward: list[tuple[int, int]] = []
            backward: list[tuple[int, int]] = []
            push = min(left, spare[end])
            v = end
            while True:
                u = reached_from[v]
                forward.append((u, v))
                v = freed_by[u]
                if v < 0:
                    break
                backward.append((u, v))
                push = min(push, flow[u][v])
            for u, v in forward:
                flow[u][v] += push
            for u, v in backward:
                flow[u][v] -= push
            spare[end] -= push
            left -= push
            total += push
    return total


# --------------------------------------------------------------------------------------
# The search


def search(
    words: WordList,
    pattern: Pattern | str,
    anagram: bool,
    use_all: bool,
    cancelled: Callable[[], bool] | None = None,
) -> Iterator[str]:
    """Yield the words of ``words`` that ``pattern`` matches, longest first, then A-Z.

    ``anagram`` picks anagram (True) or ordered (False) mode, ``use_all`` the all (True)
    or some (False) tiles mode; the module docstring says exactly what they mean.  Words
    come out as they are found; ``cancelled`` is called every few thousand words and the
    search stops quietly once it returns True.

    Problems are raised by this call, before any word is asked for: PatternError for a
    malformed pattern given as text, LexiconError for a list Consult cannot read.
    """
    if words.alphabet != DEFAULT_ALPHABET:
        # Read in the list's tiles: marks folded, C then H the CH tile, L·L one tile.
        pattern = parse_pattern(_tile_text(str(pattern), words.alphabet))
    elif isinstance(pattern, str):
        pattern = parse_pattern(pattern)
    index = _index_for(words)
    query = _Query(pattern, index, use_all)
    shortest = max(1, query.required_count)
    lengths = [n for n in sorted(index.words, reverse=True) if shortest <= n <= query.size]
    if not anagram and query.required_count == query.size:
        # Every tile in order: one regular expression over all words of that length.
        return _regex_search(pattern, index, lengths, cancelled)
    return _scan(query, index, lengths, anagram, cancelled)


def _scan(
    query: _Query,
    index: _Index,
    lengths: list[int],
    anagram: bool,
    cancelled: Callable[[], bool] | None,
) -> Iterator[str]:
    """Check every word of the given lengths, one memoised exact check per distinct key."""
    fits = query.anagram_fits if anagram else query.ordered_fits
    table = query.table
    memo: dict[bytes, bool] = {}
    # Anagram answers depend on the multiset of types only: a second memo keyed by the
    # sorted key saves the exact check for words that differ only in letter order.
    by_multiset: dict[bytes, bool] = {}
    for length in lengths:
        group, codes = index.words[length], index.codes[length]
        for start in range(0, len(group), CANCEL_CHECK_EVERY):
            if cancelled is not None and cancelled():
                return
            stop = start + CANCEL_CHECK_EVERY
            for word, code in zip(group[start:stop], codes[start:stop], strict=True):
                key = code.translate(table)
                ok = memo.get(key)
                if ok is None:
                    if anagram:
                        sorted_key = bytes(sorted(key))
                        ok = by_multiset.get(sorted_key)
                        if ok is None:
                            ok = by_multiset[sorted_key] = fits(sorted_key)
                    else:
                        ok = fits(key)
                    memo[key] = ok
                if ok:
                    yield word


def _regex_search(
    pattern: Pattern,
    index: _Index,
    lengths: list[int],
    cancelled: Callable[[], bool] | None,
) -> Iterator[str]:
    """Ordered mode with every tile required: words of the pattern's length that spell it."""
    if not lengths:
        return
    (length,) = lengths  # exactly the pattern's length
    regex = re.compile("^" + "".join(map(_regex_class, pattern.elements)) + "$", re.MULTILINE)
    if cancelled is not None and cancelled():
        return
    for found, match in enumerate(regex.finditer(index.blobs[length]), start=1):
        if found % CANCEL_CHECK_EVERY == 0 and cancelled is not None and cancelled():
            return
        yield match.group().translate(index.shown)


def _regex_class(element: Element) -> str:
    if element.is_blank:
        return "."  # the blob holds only letters and newlines; '.' skips newlines
    letters = "".join(re.escape(c) for c in sorted(element.letters))
    if element.negated:
        return f"[^{letters}\\n]"
    return letters if len(element.letters) == 1 else f"[{letters}]"
