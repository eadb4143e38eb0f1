"""Every legal move for a rack: the GADDAG move generator (Gordon 1994), any board.

This module is the engine's hot loop.  It is plain Python that Cython can also compile
(pure-Python mode: types come from the ``cython`` shadow module, and ``movegen.pxd``
declares the C bit-twiddling builtins), so it runs everywhere and runs ~20x faster where
``pip install`` found a C compiler.  :class:`wordstudio.crossword.moves.MoveFinder` is
the friendly entry point; this module speaks flat integer arrays:

* the board is a flat list of cells, row-major: :data:`EMPTY`, :data:`BLOCKED`, or a tile
  ``letter`` / ``letter | BLANK_FLAG`` (a blank standing for that letter);
* anchors (where a move may attach) are decided by the rules code and passed in, one
  byte per square for each direction, so the generator and the legality check share
  them;
* a move comes out as ``(direction, line, start, word, score)``: direction 0 across,
  1 down, 2 diagonal down-right, 3 diagonal up-right; ``line`` and ``start`` locate the
  word's first letter (see :meth:`MoveGenerator.square`); ``word`` is bytes, one per
  letter of the whole main word: ``letter | BLANK_FLAG`` for a blank, ``| EXISTING_FLAG``
  for a tile already on the board.

Beyond Scrabble-style games it handles WordStudio's extensions: diagonal words (a
diagonal play must make words along the rows and columns it touches; a straight play
need not along diagonals), backward words (the generation automaton then holds every
word reversed too, and a second, plain automaton tells which way a line reads),
length-squared scoring of every different word formed (exact, computed when a move is
recorded), and WORDwhami's wild-tile rules (one wild per word, no wild plurals).

Rules easy to get wrong, and how they are kept: extending left from an anchor never
places a tile on another anchor, so each move is found once, from its leftmost anchor;
a one-tile play that forms words in several directions is recorded only by the first
direction pass that accepts it (across, down, diagonal down, diagonal up - the same
order the rules code uses); blanks on the board score 0; a real tile and a blank as the
same letter are two moves.

The file is longer than most in the project on purpose: Cython needs the hot functions
in one extension type.
"""

from __future__ import annotations

from array import array
from time import monotonic

try:
    import cython
except ImportError:  # pragma: no cover - without Cython the shadow keeps the code running
    from wordstudio.crossword import _cyshadow as cython

EMPTY = -1
BLOCKED = -2
BLANK_FLAG = 64
EXISTING_FLAG = 128
LETTER_MASK = 63
SEP = 62
MAXLINE = 32
MAXSQUARES = 1024
MAXLETTERS = 64
ACROSS = 0
DOWN = 1
DIAGONAL_DOWN = 2
DIAGONAL_UP = 3
#: Room for the words one move forms, when they are scored one by one.
MAXWORDS = 96

# C-level copies for the hot code (module globals would be Python objects when compiled).
_EMPTY = cython.declare(cython.int, -1)
_BLOCKED = cython.declare(cython.int, -2)
_BLANK = cython.declare(cython.int, 64)
_EXISTING = cython.declare(cython.int, 128)
_LMASK = cython.declare(cython.int, 63)
_OFFSET = cython.declare(cython.longlong, (1 << 31) - 1)
_ALL = cython.declare(cython.longlong, (1 << 62) - 1)
_MAXLETTERS = cython.declare(cython.int, 64)
_MAXLINE = cython.declare(cython.int, 32)
_MAXWORDS = cython.declare(cython.int, 96)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _popcount(x: cython.longlong) -> cython.int:
    if cython.compiled:
        return __builtin_popcountll(x)  # type: ignore[name-defined]  # noqa: F821 - movegen.pxd
    return x.bit_count()


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _lowbit_index(x: cython.longlong) -> cython.int:
    if cython.compiled:
        return __builtin_ctzll(x)  # type: ignore[name-defined]  # noqa: F821 - movegen.pxd
    return (x & -x).bit_length() - 1


if not cython.compiled:
    # Uncompiled, call C builtins directly instead of Python-level helper functions.
    globals()["_popcount"] = int.bit_count
    globals()["_lowbit_index"] = {1 << i: i for i in range(64)}.__getitem__


def _writable(data):  # type: ignore[no-untyped-def]
    """The automaton as a writable ``array('I')`` (a memory-mapped cache file is read-only,
    which this generator's typed views cannot take)."""
    return data if isinstance(data, array) else array("I", data.tobytes())


def line_geometry(rows: int, cols: int, direction: int) -> list[tuple[int, int, int]]:
    """The lines of a board along a direction: (first square, length, step) each."""
    if direction == ACROSS:
        return [(r * cols, cols, 1) for r in range(rows)]
    if direction == DOWN:
        return [(c, rows, cols) for c in range(cols)]
    if direction == DIAGONAL_DOWN:
        starts = [(0, c) for c in range(cols)] + [(r, 0) for r in range(1, rows)]
        return [(r * cols + c, min(rows - r, cols - c), cols + 1) for r, c in starts]
    starts = [(r, 0) for r in range(rows)] + [(rows - 1, c) for c in range(1, cols)]
    return [(r * cols + c, min(r + 1, cols - c), 1 - cols) for r, c in starts]


@cython.final
@cython.cclass
class MoveGenerator:
    """Generates moves on one board geometry; reuse it for many positions.

    ``letter_mult``/``word_mult``: premium multipliers of each square (flat, row-major);
    ``scores``: each letter's score; ``bonus_tiles``/``bonus``: the full-rack bonus (0
    tiles = none); ``directions``: which of the four directions words may take;
    ``check_data``: the plain (forward-only) automaton when ``gaddag_data`` also holds
    reversed words; ``length_squared``, ``wild_once``, ``wild_no_plurals`` and
    ``s_letter`` (index of S, or -1) switch on WORDwhami's scoring and wild rules.
    """

    rows: cython.int
    cols: cython.int
    n: cython.int
    nletters: cython.int
    all_letters: cython.longlong
    g: cython.uint[::1]
    root: cython.longlong
    dawg_root: cython.longlong
    c: cython.uint[::1]
    # The automaton's layout: mask slots per node (1 or 2) and the separator's bit.
    ms: cython.int
    sep_bit: cython.longlong
    c_root: cython.longlong
    scores: cython.int[::1]
    letter_mult: cython.int[::1]
    word_mult: cython.int[::1]
    bonus_tiles: cython.int
    bonus: cython.int
    enabled: cython.int[::1]
    dr: cython.int[::1]
    dc: cython.int[::1]
    backward: cython.int
    lsq: cython.int
    wild_once: cython.int
    wild_plural: cython.int
    s_letter: cython.int
    fast_cross: cython.int
    exact: cython.int
    geometry: list
    # The position being searched.
    cells: cython.int[::1]
    rack: cython.int[::1]
    blanks: cython.int
    rack_mask: cython.longlong
    main_wilds: cython.int
    can_blank: cython.int
    # Validity of each square's line in each direction: letters for a real tile and a
    # blank, the tiles' letter sum, whether a line of two or more tiles exists.
    vm: cython.longlong[::1]
    vmb: cython.longlong[::1]
    vcs: cython.int[::1]
    vhas: cython.int[::1]
    # The line being searched.
    l_tile: cython.int[::1]
    l_sq: cython.int[::1]
    l_cross: cython.longlong[::1]
    l_crossb: cython.longlong[::1]
    l_cscore: cython.int[::1]
    l_ncross: cython.int[::1]
    l_lm: cython.int[::1]
    l_wm: cython.int[::1]
    l_anchor: cython.int[::1]
    l_skip: cython.longlong[::1]
    l_skipb: cython.longlong[::1]
    l_len: cython.int
    anchor: cython.int
    anchor_right_free: cython.int
    anchor_can_right: cython.int
    direction: cython.int
    line: cython.int
    wbuf: cython.uchar[::1]
    wbytes: bytearray
    # Scratch for reading lines and collecting a move's words.
    sbuf: cython.int[::1]
    wlen: cython.int[::1]
    nwords: cython.int
    out: list
    # Strong-moves-only searches.
    window: cython.int
    best: cython.int
    deadline: cython.double
    timed_out: cython.int

    def __init__(self, gaddag_data: array, letters: int, rows: int, cols: int,
                 letter_mult: list, word_mult: list, scores: list,
                 bonus_tiles: int = 0, bonus: int = 0, directions: tuple = (0, 1),
                 check_data: array | None = None, length_squared: bool = False,
                 wild_once: bool = False, wild_no_plurals: bool = False,
                 s_letter: int = -1) -> None:
        if rows * cols > MAXSQUARES or rows > MAXLINE - 1 or cols > MAXLINE - 1:
            raise ValueError("board too large for the move generator")
        self.g = _writable(gaddag_data)
        self.c = _writable(check_data) if check_data is not None else self.g
        self.ms = gaddag_data[6]
        self.sep_bit = 1 << gaddag_data[7]
        self.backward = 1 if check_data is not None else 0
        self.nletters = letters
        self.all_letters = (1 << letters) - 1
        self.root = gaddag_data[3]
        self.dawg_root = gaddag_data[4]
        self.c_root = self.c[4]
        self.rows = rows
        self.cols = cols
        self.n = rows * cols
        self.letter_mult = array("i", letter_mult)
        self.word_mult = array("i", word_mult)
        self.scores = array("i", list(scores) + [0] * (MAXLETTERS - len(scores)))
        self.bonus_tiles = bonus_tiles
        self.bonus = bonus
        self.enabled = array("i", [1 if d in directions else 0 for d in range(4)])
        self.dr = array("i", [0, 1, 1, -1])
        self.dc = array("i", [1, 0, 1, 1])
        self.lsq = 1 if length_squared else 0
        self.wild_once = 1 if wild_once else 0
        self.wild_plural = 1 if wild_no_plurals and s_letter >= 0 else 0
        self.s_letter = s_letter
        # The plain cross-check (one automaton walk shared by all letters) is exact only
        # without backward words and wild rules; otherwise each letter is read in full.
        self.fast_cross = 1 if not (self.backward or wild_once or self.wild_plural) else 0
        # Moves are re-read when recorded for length-squared scores and wild plurals.
        self.exact = 1 if (self.lsq or self.wild_plural) else 0
        self.geometry = [line_geometry(rows, cols, d) for d in range(4)]
        n = rows * cols
        self.cells = array("i", [EMPTY] * n)
        self.rack = array("i", [0] * MAXLETTERS)
        self.vm = array("q", [0] * (4 * n))
        self.vmb = array("q", [0] * (4 * n))
        self.vcs = array("i", [0] * (4 * n))
        self.vhas = array("i", [0] * (4 * n))
        self.l_tile = array("i", [0] * MAXLINE)
        self.l_sq = array("i", [0] * MAXLINE)
        self.l_cross = array("q", [0] * MAXLINE)
        self.l_crossb = array("q", [0] * MAXLINE)
        self.l_cscore = array("i", [0] * MAXLINE)
        self.l_ncross = array("i", [0] * MAXLINE)
        self.l_lm = array("i", [1] * MAXLINE)
        self.l_wm = array("i", [1] * MAXLINE)
        self.l_anchor = array("i", [0] * MAXLINE)
        self.l_skip = array("q", [0] * MAXLINE)
        self.l_skipb = array("q", [0] * MAXLINE)
        self.wbytes = bytearray(MAXLINE)
        self.wbuf = self.wbytes
        self.sbuf = array("i", [0] * (MAXLINE * (MAXWORDS + 1)))
        self.wlen = array("i", [0] * MAXWORDS)
        self.out = []

    # --- public ------------------------------------------------------------------------
    def generate(self, cells: list, rack_counts: list, blanks: int, anchors: list,
                 window: int = -1, deadline: float = 0.0) -> list:
        """All moves for ``rack_counts`` (per letter) plus ``blanks`` on ``cells``.

        ``anchors`` holds, for each direction 0-3, a bytearray with 1 for each square a
        move in that direction may attach to (None or empty for a direction not used).

        For searches that only want strong moves (WORDwhami's huge move lists): with
        ``window`` >= 0 only moves scoring at least the best found so far minus
        ``window`` are kept; with ``deadline`` (a ``time.monotonic()`` value) the search
        stops at the first anchor after it and sets ``timed_out``.
        """
        i: cython.int
        d: cython.int
        self.window = window
        self.best = -(1 << 30)
        self.deadline = deadline
        self.timed_out = 0
        for i in range(self.n):
            self.cells[i] = cells[i]
        self.rack_mask = 0
        for i in range(_MAXLETTERS):
            self.rack[i] = 0
        for i in range(len(rack_counts)):
            self.rack[i] = rack_counts[i]
            if rack_counts[i] > 0:
                self.rack_mask |= 1 << i
        self.blanks = blanks
        self.main_wilds = 0
        self._update_can_blank()
        self.out = []
        self._all_lines()
        for d in range(4):
            if self.enabled[d] and anchors[d] and any(anchors[d]) and not self.timed_out:
                self._direction(d, anchors[d])
        return self.out

    def stopped_early(self) -> bool:
        """True when the last search stopped at its deadline."""
        return self.timed_out != 0

    def square(self, direction: int, line: int, start: int) -> tuple:
        """(row, col) of letter ``start`` of line ``line`` in ``direction``."""
        first, _length, step = self.geometry[direction][line]
        sq = first + start * step
        return sq // self.cols, sq % self.cols

    def line_check(self, cells: list, square: int, direction: int) -> tuple:
        """(letters allowed for a real tile, for a blank, tiles' letter sum, has a line)
        for the line through ``square`` along ``direction`` (exposed for tests)."""
        i: cython.int
        for i in range(self.n):
            self.cells[i] = cells[i]
        self._line_masks(square, direction)
        k: cython.int = direction * self.n + square
        return self.vm[k], self.vmb[k], self.vcs[k], self.vhas[k]

    # --- what each square allows -------------------------------------------------------
    @cython.cfunc
    @cython.locals(sq=cython.int, d=cython.int, n=cython.int, r=cython.int, c=cython.int,
                   rr=cython.int, cc=cython.int, nd=cython.int, idx=cython.int,
                   lonely=cython.int)
    def _all_lines(self) -> cython.void:
        """Validity of every empty square's line in every direction that is needed."""
        n = self.n
        cols: cython.int = self.cols
        rows: cython.int = self.rows
        cells = self.cells
        nd = 4 if (self.enabled[2] or self.enabled[3]) else 2
        for sq in range(n):
            if cells[sq] != _EMPTY:
                for d in range(nd):
                    idx = d * n + sq
                    self.vm[idx] = 0
                    self.vmb[idx] = 0
                    self.vcs[idx] = 0
                    self.vhas[idx] = 0
                continue
            r = sq // cols
            c = sq % cols
            for d in range(nd):
                idx = d * n + sq
                # Most squares have no tile next to them along d: no line, no limit.
                if d == 0:
                    lonely = 0 if ((c > 0 and cells[sq - 1] >= 0)
                                   or (c < cols - 1 and cells[sq + 1] >= 0)) else 1
                elif d == 1:
                    lonely = 0 if ((sq >= cols and cells[sq - cols] >= 0)
                                   or (sq + cols < n and cells[sq + cols] >= 0)) else 1
                else:
                    lonely = 1
                    rr = r - self.dr[d]
                    cc = c - self.dc[d]
                    if 0 <= rr < rows and 0 <= cc < cols and cells[rr * cols + cc] >= 0:
                        lonely = 0
                    rr = r + self.dr[d]
                    cc = c + self.dc[d]
                    if 0 <= rr < rows and 0 <= cc < cols and cells[rr * cols + cc] >= 0:
                        lonely = 0
                if lonely:
                    self.vm[idx] = self.all_letters
                    self.vmb[idx] = self.all_letters
                    self.vcs[idx] = 0
                    self.vhas[idx] = 0
                else:
                    self._line_masks(sq, d)

    @cython.cfunc
    @cython.locals(dr=cython.int, dc=cython.int, r=cython.int, c=cython.int, k=cython.int,
                   before=cython.int, after=cython.int, t=cython.int, score=cython.int,
                   node=cython.longlong, mask=cython.longlong, result=cython.longlong,
                   resultb=cython.longlong, bit=cython.longlong, nxt=cython.longlong,
                   node_mask=cython.longlong,
                   ok=cython.int, idx=cython.int, letter=cython.int, length=cython.int,
                   bits=cython.int)
    def _line_masks(self, sq: cython.int, d: cython.int) -> cython.void:
        """Letters that make the line through empty ``sq`` along ``d`` a word."""
        cols: cython.int = self.cols
        idx = d * self.n + sq
        dr = self.dr[d]
        dc = self.dc[d]
        r = sq // cols
        c = sq % cols
        # Tiles before sq (in reading order) go to sbuf[0..before), after it follow.
        before = 0
        while (0 <= r - dr * (before + 1) < self.rows and 0 <= c - dc * (before + 1) < cols
               and self.cells[(r - dr * (before + 1)) * cols + c - dc * (before + 1)] >= 0):
            before += 1
        after = 0
        while (0 <= r + dr * (after + 1) < self.rows and 0 <= c + dc * (after + 1) < cols
               and self.cells[(r + dr * (after + 1)) * cols + c + dc * (after + 1)] >= 0):
            after += 1
        if before == 0 and after == 0:
            self.vm[idx] = self.all_letters
            self.vmb[idx] = self.all_letters
            self.vcs[idx] = 0
            self.vhas[idx] = 0
            return
        self.vhas[idx] = 1
        score = 0
        length = before + after + 1
        for k in range(length):
            if k == before:
                continue
            t = self.cells[(r + dr * (k - before)) * cols + c + dc * (k - before)]
            self.sbuf[k] = t
            if not (t & _BLANK):
                score += self.scores[t & _LMASK]
        self.vcs[idx] = score
        if self.fast_cross:
            # One walk for the tiles before, then each letter's continuation.
            node = self.dawg_root
            for k in range(before):
                node = self._child(node, self.sbuf[k] & _LMASK)
                if node < 0:
                    self.vm[idx] = 0
                    self.vmb[idx] = 0
                    return
            result = 0
            node_mask = self._mask(node)
            mask = node_mask & self.all_letters
            while mask:
                bit = mask & -mask
                mask ^= bit
                nxt = self.g[node + self.ms + _popcount(node_mask & (bit - 1))]
                if after == 0:
                    if nxt > _OFFSET:
                        result |= bit
                    continue
                nxt &= _OFFSET
                ok = 1
                for k in range(before + 1, length - 1):
                    nxt = self._child(nxt, self.sbuf[k] & _LMASK)
                    if nxt < 0:
                        ok = 0
                        break
                if ok and self._accepts(nxt, self.sbuf[length - 1] & _LMASK):
                    result |= bit
            self.vm[idx] = result
            self.vmb[idx] = result
            return
        result = 0
        resultb = 0
        for letter in range(self.nletters):
            self.sbuf[before] = letter
            bits = self._readings(0, length)
            if bits:
                result |= 1 << letter
            self.sbuf[before] = letter | _BLANK
            bits = self._readings(0, length)
            if bits:
                resultb |= 1 << letter
        self.vm[idx] = result
        self.vmb[idx] = resultb

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _child(self, node: cython.longlong, letter: cython.int) -> cython.longlong:
        bit: cython.longlong = 1 << letter
        mask: cython.longlong = self._mask(node)
        if not mask & bit:
            return -1
        return self.g[node + self.ms + _popcount(mask & (bit - 1))] & _OFFSET

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _accepts(self, node: cython.longlong, letter: cython.int) -> cython.int:
        bit: cython.longlong = 1 << letter
        mask: cython.longlong = self._mask(node)
        if not mask & bit:
            return 0
        return 1 if self.g[node + self.ms + _popcount(mask & (bit - 1))] > _OFFSET else 0

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _mask(self, node: cython.longlong) -> cython.longlong:
        if self.ms == 1:
            return self.g[node]
        return self.g[node] | (cython.cast(cython.longlong, self.g[node + 1]) << 32)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _cmask(self, node: cython.longlong) -> cython.longlong:
        if self.ms == 1:
            return self.c[node]
        return self.c[node] | (cython.cast(cython.longlong, self.c[node + 1]) << 32)

    @cython.cfunc
    @cython.locals(node=cython.longlong, k=cython.int, letter=cython.int,
                   bit=cython.longlong, mask=cython.longlong)
    @cython.exceptval(check=False)
    def _is_word(self, base: cython.int, n: cython.int, reverse: cython.int) -> cython.int:
        """Is sbuf[base:base+n] (read backwards when ``reverse``) in the plain lexicon?"""
        node = self.c_root
        for k in range(n):
            letter = self.sbuf[base + (n - 1 - k if reverse else k)] & _LMASK
            bit = 1 << letter
            mask = self._cmask(node)
            if not mask & bit:
                return 0
            node = self.c[node + self.ms + _popcount(mask & (bit - 1))]
            if k == n - 1:
                return 1 if node > _OFFSET else 0
            node &= _OFFSET
        return 0

    @cython.cfunc
    @cython.locals(wilds=cython.int, k=cython.int, bits=cython.int, same=cython.int,
                   last=cython.int)
    @cython.exceptval(check=False)
    def _readings(self, base: cython.int, n: cython.int) -> cython.int:
        """Which ways sbuf[base:base+n] reads as a word, wild rules applied: bit 1
        forwards, bit 2 backwards (only when that is a different string)."""
        wilds = 0
        for k in range(n):
            if self.sbuf[base + k] & _BLANK:
                wilds += 1
        if self.wild_once and wilds > 1:
            return 0
        bits = 0
        if self._is_word(base, n, 0):
            last = self.sbuf[base + n - 1]
            if not (self.wild_plural and n > 2 and last & _BLANK
                    and (last & _LMASK) == self.s_letter and self._is_word(base, n - 1, 0)):
                bits |= 1
        if self.backward:
            same = 1
            for k in range(n // 2):
                if (self.sbuf[base + k] & _LMASK) != (self.sbuf[base + n - 1 - k] & _LMASK):
                    same = 0
                    break
            if not same and self._is_word(base, n, 1):
                last = self.sbuf[base]
                if not (self.wild_plural and n > 2 and last & _BLANK
                        and (last & _LMASK) == self.s_letter
                        and self._is_word(base + 1, n - 1, 1)):
                    bits |= 2
        return bits

    # --- lines -------------------------------------------------------------------------
    @cython.cfunc
    @cython.locals(line=cython.int, pos=cython.int, sq=cython.int, first=cython.int,
                   step=cython.int, length=cython.int, o=cython.int, has_anchor=cython.int,
                   n=cython.int, skip=cython.longlong)
    def _direction(self, d: cython.int, anchors: cython.uchar[::1]) -> cython.void:
        n = self.n
        self.direction = d
        lines = self.geometry[d]
        for line in range(len(lines)):
            first, length, step = lines[line]
            has_anchor = 0
            sq = first
            pos = 0
            while pos < length:
                if anchors[sq] and self.cells[sq] == _EMPTY:
                    has_anchor = 1
                    break
                sq += step
                pos += 1
            if not has_anchor:
                continue
            sq = first
            for pos in range(length):
                self.l_sq[pos] = sq
                self.l_tile[pos] = self.cells[sq]
                self.l_lm[pos] = self.letter_mult[sq]
                self.l_wm[pos] = self.word_mult[sq]
                self.l_anchor[pos] = 1 if anchors[sq] and self.cells[sq] == _EMPTY else 0
                # The lines that must be words: the perpendicular one for a straight
                # play, both straight lines for a diagonal play.
                if d < 2:
                    o = (1 - d) * n + sq
                    self.l_cross[pos] = self.vm[o]
                    self.l_crossb[pos] = self.vmb[o]
                    self.l_cscore[pos] = self.vcs[o]
                    self.l_ncross[pos] = self.vhas[o]
                    if d == 1:
                        # A one-tile down play that also makes an across word was
                        # recorded by the across pass.
                        skip = _ALL if self.vhas[sq] else 0
                        self.l_skip[pos] = skip
                        self.l_skipb[pos] = skip
                else:
                    self.l_cross[pos] = self.vm[sq] & self.vm[n + sq]
                    self.l_crossb[pos] = self.vmb[sq] & self.vmb[n + sq]
                    self.l_cscore[pos] = self.vcs[sq] + self.vcs[n + sq]
                    self.l_ncross[pos] = self.vhas[sq] + self.vhas[n + sq]
                    # One-tile plays: the straight passes come first, and the
                    # down-right diagonal before the up-right one.
                    skip = _ALL if self.vhas[sq] or self.vhas[n + sq] else 0
                    if d == 3 and not skip and self.enabled[2] and self.vhas[2 * n + sq]:
                        self.l_skip[pos] = self.vm[2 * n + sq]
                        self.l_skipb[pos] = self.vmb[2 * n + sq]
                    else:
                        self.l_skip[pos] = skip
                        self.l_skipb[pos] = skip
                sq += step
            self.l_len = length
            self.line = line
            for pos in range(length):
                if self.l_anchor[pos]:
                    if self.deadline > 0 and monotonic() > self.deadline:
                        self.timed_out = 1
                        return
                    self.anchor = pos
                    self.anchor_right_free = pos + 1 >= length or self.l_tile[pos + 1] < 0
                    self.anchor_can_right = pos + 1 < length and self.l_tile[pos + 1] != _BLOCKED
                    self._left(pos, self.root, 0, 1, 0, 0)

    # --- the search --------------------------------------------------------------------
    # The two recursive functions below are the hot loop.  They copy what they use
    # into locals once per call (attribute lookups dominate in pure Python) and keep
    # the rack-letter loop flat; the real-tile and blank branches differ only in the
    # letter's value, the cross-checks and the rack bookkeeping.
    @cython.cfunc
    @cython.locals(tile=cython.int, letter=cython.int, bit=cython.longlong,
                   mask=cython.longlong, node_mask=cython.longlong,
                   nxt=cython.longlong, sep=cython.longlong, nxt_mask=cython.longlong,
                   accepts=cython.int, ms=cython.int, sep_bit=cython.longlong,
                   value=cython.int, lm=cython.int, wm=cython.int, cs=cython.int,
                   nc=cython.int, m2=cython.int, c2=cython.int, free_left=cython.int,
                   can_left=cython.int, go_right=cython.int, record=cython.int,
                   anchor=cython.int, w2=cython.int,
                   left_tile_bit=cython.longlong, crossb=cython.longlong,
                   next_cross=cython.longlong, next_crossb=cython.longlong,
                   own_cross=cython.longlong, next_blank=cython.longlong)
    def _left(self, pos: cython.int, node: cython.longlong, main: cython.int,
              wmult: cython.int, cross: cython.int, nplaced: cython.int) -> cython.void:
        """Place or read the square at ``pos`` (<= anchor), going leftwards."""
        g = self.g
        ms = self.ms
        sep_bit = self.sep_bit
        l_tile = self.l_tile
        anchor = self.anchor
        node_mask = self._mask(node)
        left_tile_bit = 0
        next_cross = 0
        next_crossb = 0
        if pos == 0:
            free_left = 1
            can_left = 0
        else:
            tile = l_tile[pos - 1]
            free_left = tile < 0
            can_left = tile >= 0 or (tile != _BLOCKED and not self.l_anchor[pos - 1])
            if tile >= 0:
                left_tile_bit = 1 << (tile & _LMASK)
            else:
                next_cross = self.l_cross[pos - 1]
                next_crossb = self.l_crossb[pos - 1]
        # A word may end at the anchor when nothing follows it, and may turn right
        # (through the separator) when the square before ``pos`` is free.
        record = free_left and self.anchor_right_free
        go_right = free_left and self.anchor_can_right
        tile = l_tile[pos]
        if tile >= 0:
            letter = tile & _LMASK
            bit = 1 << letter
            if not node_mask & bit:
                return
            if tile & _BLANK:
                if self.wild_once and self.main_wilds:
                    return
                self.main_wilds += 1
                self._update_can_blank()
                m2 = main
            else:
                m2 = main + self.scores[letter]
            self.wbuf[pos] = tile | _EXISTING
            nxt = g[node + ms + _popcount(node_mask & (bit - 1))]
            if record and nxt > _OFFSET:
                self._record(pos, anchor, m2 * wmult + cross, nplaced)
            nxt &= _OFFSET
            nxt_mask = self._mask(nxt)
            # Prune before calling: the next square must offer some letter.
            if can_left and nxt_mask & (left_tile_bit if left_tile_bit else (
                    next_cross & self.rack_mask | (next_crossb if self.can_blank else 0))):
                self._left(pos - 1, nxt, m2, wmult, cross, nplaced)
            if go_right and nxt_mask & sep_bit:
                sep = g[nxt + ms + _popcount(nxt_mask & (sep_bit - 1))] & _OFFSET
                self._right(anchor + 1, sep, pos, m2, wmult, cross, nplaced)
            if tile & _BLANK:
                self.main_wilds -= 1
                self._update_can_blank()
            return
        # An empty square: try each rack letter the automaton and cross-checks allow.
        rack = self.rack
        crossb = self.l_crossb[pos] if self.can_blank else 0
        own_cross = self.l_cross[pos]
        mask = node_mask & (own_cross & self.rack_mask | crossb)
        lm = self.l_lm[pos]
        wm = self.l_wm[pos]
        w2 = wmult * wm
        cs = self.l_cscore[pos]
        nc = self.l_ncross[pos]
        # pos < anchor: a one-letter main word is no move.
        record = record and pos < anchor
        # Real tiles first, then blanks.  The two loops are written out in full (rather
        # than one loop over both kinds) because this is the hottest code in pure Python.
        real = mask & own_cross & self.rack_mask
        # Placing real tiles leaves the blank count alone, so this part of the next
        # square's test stays fixed through the loop.
        next_blank = next_crossb if self.can_blank else 0
        scores = self.scores
        wbuf = self.wbuf
        while real:
            bit = real & -real
            real ^= bit
            letter = _lowbit_index(bit)
            nxt = g[node + ms + _popcount(node_mask & (bit - 1))]
            accepts = nxt > _OFFSET
            nxt &= _OFFSET
            nxt_mask = self._mask(nxt)
            value = scores[letter] * lm
            rack[letter] -= 1
            if rack[letter] == 0:
                self.rack_mask ^= bit
            wbuf[pos] = letter
            m2 = main + value
            c2 = cross + (cs + nc * value) * wm if nc else cross
            if record and accepts:
                self._record(pos, anchor, m2 * w2 + c2, nplaced + 1)
            if can_left and nxt_mask & (left_tile_bit or (next_cross & self.rack_mask | next_blank)):
                self._left(pos - 1, nxt, m2, w2, c2, nplaced + 1)
            if go_right and nxt_mask & sep_bit:
                sep = g[nxt + ms + _popcount(nxt_mask & (sep_bit - 1))] & _OFFSET
                self._right(anchor + 1, sep, pos, m2, w2, c2, nplaced + 1)
            if rack[letter] == 0:
                self.rack_mask |= bit
            rack[letter] += 1
        blank = mask & crossb
        while blank:
            bit = blank & -blank
            blank ^= bit
            letter = _lowbit_index(bit)
            nxt = g[node + ms + _popcount(node_mask & (bit - 1))]
            accepts = nxt > _OFFSET
            nxt &= _OFFSET
            nxt_mask = self._mask(nxt)
            self.blanks -= 1
            self.main_wilds += 1
            self._update_can_blank()
            self.wbuf[pos] = letter | _BLANK
            c2 = cross + cs * wm if nc else cross
            if record and accepts:
                self._record(pos, anchor, main * w2 + c2, nplaced + 1)
            if can_left and nxt_mask & (left_tile_bit if left_tile_bit else (
                    next_cross & self.rack_mask | (next_crossb if self.can_blank else 0))):
                self._left(pos - 1, nxt, main, w2, c2, nplaced + 1)
            if go_right and nxt_mask & sep_bit:
                sep = g[nxt + ms + _popcount(nxt_mask & (sep_bit - 1))] & _OFFSET
                self._right(anchor + 1, sep, pos, main, w2, c2, nplaced + 1)
            self.blanks += 1
            self.main_wilds -= 1
            self._update_can_blank()

    @cython.cfunc
    @cython.locals(tile=cython.int, letter=cython.int, bit=cython.longlong,
                   mask=cython.longlong, node_mask=cython.longlong,
                   nxt=cython.longlong, ms=cython.int,
                   value=cython.int, lm=cython.int, wm=cython.int, cs=cython.int,
                   nc=cython.int, m2=cython.int, c2=cython.int, free_right=cython.int,
                   can_right=cython.int, w2=cython.int, real=cython.longlong, blank=cython.longlong,
                   right_tile_bit=cython.longlong, crossb=cython.longlong,
                   next_cross=cython.longlong, next_crossb=cython.longlong,
                   own_cross=cython.longlong, next_blank=cython.longlong)
    def _right(self, pos: cython.int, node: cython.longlong, start: cython.int,
               main: cython.int, wmult: cython.int, cross: cython.int,
               nplaced: cython.int) -> cython.void:
        """Place or read the square at ``pos`` (> anchor), going rightwards."""
        g = self.g
        ms = self.ms
        l_tile = self.l_tile
        node_mask = self._mask(node)
        right_tile_bit = 0
        next_cross = 0
        next_crossb = 0
        if pos + 1 >= self.l_len:
            free_right = 1
            can_right = 0
        else:
            tile = l_tile[pos + 1]
            free_right = tile < 0
            can_right = tile != _BLOCKED
            if tile >= 0:
                right_tile_bit = 1 << (tile & _LMASK)
            else:
                next_cross = self.l_cross[pos + 1]
                next_crossb = self.l_crossb[pos + 1]
        tile = l_tile[pos]
        if tile >= 0:
            letter = tile & _LMASK
            bit = 1 << letter
            if not node_mask & bit:
                return
            if tile & _BLANK:
                if self.wild_once and self.main_wilds:
                    return
                self.main_wilds += 1
                self._update_can_blank()
                m2 = main
            else:
                m2 = main + self.scores[letter]
            self.wbuf[pos] = tile | _EXISTING
            nxt = g[node + ms + _popcount(node_mask & (bit - 1))]
            if free_right and nxt > _OFFSET:
                self._record(start, pos, m2 * wmult + cross, nplaced)
            if can_right:
                nxt &= _OFFSET
                if self._mask(nxt) & (right_tile_bit if right_tile_bit else (
                        next_cross & self.rack_mask | (next_crossb if self.can_blank else 0))):
                    self._right(pos + 1, nxt, start, m2, wmult, cross, nplaced)
            if tile & _BLANK:
                self.main_wilds -= 1
                self._update_can_blank()
            return
        rack = self.rack
        crossb = self.l_crossb[pos] if self.can_blank else 0
        own_cross = self.l_cross[pos]
        mask = node_mask & (own_cross & self.rack_mask | crossb)
        lm = self.l_lm[pos]
        wm = self.l_wm[pos]
        w2 = wmult * wm
        cs = self.l_cscore[pos]
        nc = self.l_ncross[pos]
        real = mask & own_cross & self.rack_mask
        next_blank = next_crossb if self.can_blank else 0
        scores = self.scores
        wbuf = self.wbuf
        while real:
            bit = real & -real
            real ^= bit
            letter = _lowbit_index(bit)
            value = scores[letter] * lm
            rack[letter] -= 1
            if rack[letter] == 0:
                self.rack_mask ^= bit
            wbuf[pos] = letter
            m2 = main + value
            c2 = cross + (cs + nc * value) * wm if nc else cross
            nxt = g[node + ms + _popcount(node_mask & (bit - 1))]
            if free_right and nxt > _OFFSET:
                self._record(start, pos, m2 * w2 + c2, nplaced + 1)
            if can_right:
                nxt &= _OFFSET
                if self._mask(nxt) & (right_tile_bit or (next_cross & self.rack_mask | next_blank)):
                    self._right(pos + 1, nxt, start, m2, w2, c2, nplaced + 1)
            if rack[letter] == 0:
                self.rack_mask |= bit
            rack[letter] += 1
        blank = mask & crossb
        while blank:
            bit = blank & -blank
            blank ^= bit
            letter = _lowbit_index(bit)
            self.blanks -= 1
            self.main_wilds += 1
            self._update_can_blank()
            self.wbuf[pos] = letter | _BLANK
            c2 = cross + cs * wm if nc else cross
            nxt = g[node + ms + _popcount(node_mask & (bit - 1))]
            if free_right and nxt > _OFFSET:
                self._record(start, pos, main * w2 + c2, nplaced + 1)
            if can_right:
                nxt &= _OFFSET
                if self._mask(nxt) & (right_tile_bit if right_tile_bit else (
                        next_cross & self.rack_mask | (next_crossb if self.can_blank else 0))):
                    self._right(pos + 1, nxt, start, main, w2, c2, nplaced + 1)
            self.blanks += 1
            self.main_wilds -= 1
            self._update_can_blank()

    @cython.cfunc
    def _update_can_blank(self) -> cython.void:
        """A blank may be placed while one is left and (one-wild rule) the main word holds
        no wild yet; the search reads this flag instead of the counts."""
        self.can_blank = 1 if self.blanks > 0 and not (self.wild_once and self.main_wilds) else 0

    @cython.cfunc
    @cython.locals(n=cython.int, base=cython.int, k=cython.int, bits=cython.int, d=cython.int,
                   o=cython.int, pos=cython.int, code=cython.int, sq=cython.int, r=cython.int,
                   c=cython.int, dr=cython.int, dc=cython.int, back=cython.int,
                   length=cython.int, checked=cython.int, total=cython.int, w=cython.int)
    @cython.exceptval(check=False)
    def _exact_score(self, start: cython.int, end: cython.int) -> cython.int:
        """The move in wbuf[start..end] read in full: -1 when a wild rule makes it illegal;
        otherwise its length-squared score (every different word it forms), or 0 with
        letter-sum scoring."""
        n = end - start + 1
        base = MAXLINE * MAXWORDS
        for k in range(n):
            self.sbuf[base + k] = self.wbuf[start + k] & (_LMASK | _BLANK)
        bits = self._readings(base, n)
        if not bits:
            return -1
        if not self.lsq:
            return 0
        self.nwords = 0
        self._add_words(base, n, bits)
        d = self.direction
        cols: cython.int = self.cols
        for pos in range(start, end + 1):
            code = self.wbuf[pos]
            if code & _EXISTING:
                continue
            sq = self.l_sq[pos]
            for o in range(4):
                if o == d or not (self.enabled[o] or (d >= 2 and o < 2)):
                    continue
                dr = self.dr[o]
                dc = self.dc[o]
                r = sq // cols
                c = sq % cols
                back = 0
                while (0 <= r - dr * (back + 1) < self.rows and 0 <= c - dc * (back + 1) < cols
                       and self.cells[(r - dr * (back + 1)) * cols + c - dc * (back + 1)] >= 0):
                    back += 1
                length = 0
                while True:
                    k = length - back
                    if k == 0:
                        self.sbuf[base + length] = code
                    elif (0 <= r + dr * k < self.rows and 0 <= c + dc * k < cols
                          and self.cells[(r + dr * k) * cols + c + dc * k] >= 0):
                        self.sbuf[base + length] = self.cells[(r + dr * k) * cols + c + dc * k]
                    else:
                        break
                    length += 1
                if length < 2:
                    continue
                bits = self._readings(base, length)
                checked = 1 if (d < 2 and o == 1 - d) or (d >= 2 and o < 2) else 0
                if checked and not bits:
                    return -1
                self._add_words(base, length, bits)
        total = 0
        for w in range(self.nwords):
            total += self.wlen[w] * self.wlen[w]
        return total

    @cython.cfunc
    @cython.locals(reading=cython.int, w=cython.int, k=cython.int, same=cython.int,
                   letter=cython.int)
    def _add_words(self, base: cython.int, n: cython.int, bits: cython.int) -> cython.void:
        """Remember each reading of sbuf[base:base+n] that is not already a word of the
        move (words are kept by letter, so a blank and a real tile read the same)."""
        for reading in range(1, 3):
            if not bits & reading:
                continue
            for w in range(self.nwords):
                if self.wlen[w] != n:
                    continue
                same = 1
                for k in range(n):
                    letter = self.sbuf[base + (k if reading == 1 else n - 1 - k)] & _LMASK
                    if self.sbuf[w * MAXLINE + k] != letter:
                        same = 0
                        break
                if same:
                    break
            else:
                if self.nwords < _MAXWORDS:
                    w = self.nwords
                    for k in range(n):
                        self.sbuf[w * MAXLINE + k] = self.sbuf[
                            base + (k if reading == 1 else n - 1 - k)] & _LMASK
                    self.wlen[w] = n
                    self.nwords += 1

    @cython.cfunc
    def _record(self, start: cython.int, end: cython.int, score: cython.int,
                nplaced: cython.int) -> cython.void:
        k: cython.int
        code: cython.int
        if nplaced == 1 and self.direction > 0:
            # A single tile that an earlier direction pass recorded is not recorded again.
            for k in range(start, end + 1):
                code = self.wbuf[k]
                if not code & _EXISTING:
                    if (self.l_skipb[k] if code & _BLANK else self.l_skip[k]) & (
                            1 << (code & _LMASK)):
                        return
                    break
        if self.exact:
            k = self._exact_score(start, end)
            if k < 0:
                return
            if self.lsq:
                score = k
        if self.bonus_tiles > 0 and nplaced == self.bonus_tiles:
            score += self.bonus
        if self.window >= 0:
            if score < self.best - self.window:
                return
            if score > self.best:
                self.best = score
        self.out.append((self.direction, self.line, start,
                         bytes(self.wbytes[start:end + 1]), score))
