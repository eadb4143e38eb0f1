"""Every legal move for a rack: the GADDAG move generator (Gordon 1994), any board.

This module is the engine's hot loop.  It is plain Python that Cython can also compile
(pure-Python mode: types come from the ``cython`` shadow module, and ``movegen.pxd``
declares the C bit-twiddling builtins), so it runs everywhere and runs ~20x faster where
``pip install`` found a C compiler.  :func:`wordstudio.crossword.moves.generate_moves` is
the friendly entry point; this module speaks flat integer arrays:

* the board is a flat list of cells, row-major: :data:`EMPTY`, :data:`BLOCKED`, or a tile
  ``letter | BLANK_FLAG`` (blank) / ``letter`` (real tile);
* anchors (where a move may attach) are decided by the rules code and passed in, one
  byte per square per direction, so the generator and the legality check share them;
* a move comes out as ``(direction, line, start, word, score)``: direction 0 across
  (``line`` is the row, ``start`` the column of the word's first letter) or 1 down (line
  is the column); ``word`` is bytes, one per letter of the whole main word:
  ``letter | BLANK_FLAG`` for a blank, ``| EXISTING_FLAG`` for a tile already on the
  board.

Rules easy to get wrong, and how they are kept: extending left from an anchor never
places a tile on another anchor, so each move is found once, from its leftmost anchor;
a one-tile play that forms words both ways is recorded only by the across pass; blanks
on the board score 0; a real tile and a blank as the same letter are two moves.
"""

from __future__ import annotations

from array import array

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

# C-level copies for the hot code (module globals would be Python objects when compiled).
_EMPTY = cython.declare(cython.int, -1)
_BLOCKED = cython.declare(cython.int, -2)
_BLANK = cython.declare(cython.int, 64)
_EXISTING = cython.declare(cython.int, 128)
_LMASK = cython.declare(cython.int, 63)
_SEP_BIT = cython.declare(cython.longlong, 1 << 62)
_ALL = cython.declare(cython.longlong, (1 << 62) - 1)
_MAXLETTERS = cython.declare(cython.int, 64)
_ACROSS = cython.declare(cython.int, 0)
_DOWN = cython.declare(cython.int, 1)


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


@cython.final
@cython.cclass
class MoveGenerator:
    """Generates moves on one board geometry; reuse it for many positions.

    ``letter_mult`` and ``word_mult`` are the premium multipliers of each square (flat,
    row-major).  ``scores`` is the score of each letter.  ``bonus_tiles``/``bonus`` are
    the full-rack bonus (0 tiles = no bonus).
    """

    rows: cython.int
    cols: cython.int
    nletters: cython.int
    all_letters: cython.longlong
    g: cython.longlong[::1]
    root: cython.longlong
    dawg_root: cython.longlong
    scores: cython.int[::1]
    letter_mult: cython.int[::1]
    word_mult: cython.int[::1]
    bonus_tiles: cython.int
    bonus: cython.int
    # The position being searched.
    cells: cython.int[::1]
    rack: cython.int[::1]
    blanks: cython.int
    rack_mask: cython.longlong
    # The line being searched.
    l_tile: cython.int[::1]
    l_cross: cython.longlong[::1]
    l_cscore: cython.int[::1]
    l_lm: cython.int[::1]
    l_wm: cython.int[::1]
    l_anchor: cython.int[::1]
    l_len: cython.int
    anchor: cython.int
    anchor_right_free: cython.int
    anchor_can_right: cython.int
    direction: cython.int
    line: cython.int
    dedupe_single: cython.int
    wbuf: cython.uchar[::1]
    wbytes: bytearray
    out: list
    # Cross-checks for the whole board in each direction.
    cross_across: cython.longlong[::1]
    cross_down: cython.longlong[::1]
    cscore_across: cython.int[::1]
    cscore_down: cython.int[::1]

    def __init__(self, gaddag_data: array, letters: int, rows: int, cols: int,
                 letter_mult: list, word_mult: list, scores: list,
                 bonus_tiles: int = 0, bonus: int = 0) -> None:
        if rows * cols > MAXSQUARES or rows > MAXLINE - 1 or cols > MAXLINE - 1:
            raise ValueError("board too large for the move generator")
        self.g = gaddag_data
        self.nletters = letters
        self.all_letters = (1 << letters) - 1
        self.root = gaddag_data[3]
        self.dawg_root = gaddag_data[4]
        self.rows = rows
        self.cols = cols
        self.letter_mult = array("i", letter_mult)
        self.word_mult = array("i", word_mult)
        self.scores = array("i", list(scores) + [0] * (MAXLETTERS - len(scores)))
        self.bonus_tiles = bonus_tiles
        self.bonus = bonus
        self.cells = array("i", [_EMPTY] * (rows * cols))
        self.rack = array("i", [0] * MAXLETTERS)
        self.l_tile = array("i", [0] * MAXLINE)
        self.l_cross = array("q", [0] * MAXLINE)
        self.l_cscore = array("i", [0] * MAXLINE)
        self.l_lm = array("i", [1] * MAXLINE)
        self.l_wm = array("i", [1] * MAXLINE)
        self.l_anchor = array("i", [0] * MAXLINE)
        self.wbytes = bytearray(MAXLINE)
        self.wbuf = self.wbytes
        n = rows * cols
        self.cross_across = array("q", [0] * n)
        self.cross_down = array("q", [0] * n)
        self.cscore_across = array("i", [0] * n)
        self.cscore_down = array("i", [0] * n)
        self.out = []

    # --- public ------------------------------------------------------------------------
    def generate(self, cells: list, rack_counts: list, blanks: int,
                 anchors_across: bytearray, anchors_down: bytearray) -> list:
        """All moves for ``rack_counts`` (per letter) plus ``blanks`` on ``cells``."""
        i: cython.int
        n: cython.int = self.rows * self.cols
        for i in range(n):
            self.cells[i] = cells[i]
        self.rack_mask = 0
        for i in range(_MAXLETTERS):
            self.rack[i] = 0
        for i in range(len(rack_counts)):
            self.rack[i] = rack_counts[i]
            if rack_counts[i] > 0:
                self.rack_mask |= 1 << i
        self.blanks = blanks
        self.out = []
        self._all_crosschecks()
        if any(anchors_across):
            self._direction(ACROSS, anchors_across)
        if any(anchors_down):
            self._direction(DOWN, anchors_down)
        return self.out

    def crosscheck(self, cells: list, square: int, direction: int) -> tuple:
        """(allowed-letter mask, cross score or -1) for a move in ``direction`` at ``square``.

        The cross word runs perpendicular to ``direction``.  Exposed for tests and the
        rules code.
        """
        i: cython.int
        for i in range(self.rows * self.cols):
            self.cells[i] = cells[i]
        if direction == _ACROSS:
            return self._crosscheck(square, self.cols)
        return self._crosscheck(square, 1)

    # --- cross-checks ------------------------------------------------------------------
    @cython.cfunc
    def _all_crosschecks(self) -> cython.void:
        sq: cython.int
        n: cython.int = self.rows * self.cols
        cols: cython.int = self.cols
        c: cython.int
        cells = self.cells
        for sq in range(n):
            if cells[sq] != _EMPTY:
                self.cross_across[sq] = 0
                self.cross_down[sq] = 0
                self.cscore_across[sq] = -1
                self.cscore_down[sq] = -1
                continue
            # An across move is checked against the column through the square; only
            # squares with a tile above or below have a cross word to check.
            if (sq >= cols and cells[sq - cols] >= 0) or (sq + cols < n and cells[sq + cols] >= 0):
                mask, score = self._crosscheck(sq, cols)
                self.cross_across[sq] = mask
                self.cscore_across[sq] = score
            else:
                self.cross_across[sq] = self.all_letters
                self.cscore_across[sq] = -1
            c = sq % cols
            if (c > 0 and cells[sq - 1] >= 0) or (c < cols - 1 and cells[sq + 1] >= 0):
                mask, score = self._crosscheck(sq, 1)
                self.cross_down[sq] = mask
                self.cscore_down[sq] = score
            else:
                self.cross_down[sq] = self.all_letters
                self.cscore_down[sq] = -1

    @cython.cfunc
    @cython.locals(step=cython.int, first=cython.int,
                   last=cython.int, k=cython.int, t=cython.int, score=cython.int,
                   node=cython.longlong, mask=cython.longlong, result=cython.longlong,
                   bit=cython.longlong, letter=cython.int, nxt=cython.longlong, ok=cython.int)
    def _crosscheck(self, sq: cython.int, step: cython.int) -> tuple:
        """Letters allowed at empty ``sq`` by the perpendicular line; step = cols (a
        column) or 1 (a row)."""
        cols: cython.int = self.cols
        # Extent of the tiles touching sq along the perpendicular line.
        first = sq
        if step == 1:
            while first % cols > 0 and self.cells[first - 1] >= 0:
                first -= 1
            last = sq
            while last % cols < cols - 1 and self.cells[last + 1] >= 0:
                last += 1
        else:
            while first - cols >= 0 and self.cells[first - cols] >= 0:
                first -= cols
            last = sq
            while last + cols < self.rows * cols and self.cells[last + cols] >= 0:
                last += cols
        if first == sq and last == sq:
            return self.all_letters, -1
        score = 0
        node = self.dawg_root
        k = first
        while k < sq:
            t = self.cells[k]
            if not (t & _BLANK):
                score += self.scores[t & _LMASK]
            node = self._child(node, t & _LMASK)
            if node < 0:
                return 0, score
            k += step
        k = sq + step
        while k <= last:
            t = self.cells[k]
            if not (t & _BLANK):
                score += self.scores[t & _LMASK]
            k += step
        result = 0
        mask = self.g[node] & self.all_letters
        while mask:
            bit = mask & -mask
            mask ^= bit
            if last == sq:
                if self.g[node + 1] & bit:
                    result |= bit
                continue
            nxt = self.g[node + 2 + _popcount(self.g[node] & (bit - 1))]
            ok = 1
            k = sq + step
            while k < last:
                nxt = self._child(nxt, self.cells[k] & _LMASK)
                if nxt < 0:
                    ok = 0
                    break
                k += step
            if ok and self.g[nxt + 1] & (1 << (self.cells[last] & _LMASK)):
                result |= bit
        return result, score

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _child(self, node: cython.longlong, letter: cython.int) -> cython.longlong:
        bit: cython.longlong = 1 << letter
        mask: cython.longlong = self.g[node]
        if not mask & bit:
            return -1
        return self.g[node + 2 + _popcount(mask & (bit - 1))]

    # --- lines -------------------------------------------------------------------------
    @cython.cfunc
    def _direction(self, direction: cython.int, anchors: cython.uchar[::1]) -> cython.void:
        nlines: cython.int
        length: cython.int
        line: cython.int
        pos: cython.int
        sq: cython.int
        first: cython.int
        step: cython.int
        if direction == _ACROSS:
            nlines = self.rows
            length = self.cols
        else:
            nlines = self.cols
            length = self.rows
        self.direction = direction
        self.dedupe_single = 1 if direction == _DOWN else 0
        cells = self.cells
        if direction == _ACROSS:
            cross = self.cross_across
            cscore = self.cscore_across
        else:
            cross = self.cross_down
            cscore = self.cscore_down
        for line in range(nlines):
            if direction == _ACROSS:
                first = line * self.cols
                step = 1
            else:
                first = line
                step = self.cols
            has_anchor = False
            sq = first
            pos = 0
            while pos < length:
                if anchors[sq] and cells[sq] == _EMPTY:
                    has_anchor = True
                    break
                sq += step
                pos += 1
            if not has_anchor:
                continue
            sq = first
            for pos in range(length):
                self.l_tile[pos] = cells[sq]
                self.l_cross[pos] = cross[sq]
                self.l_cscore[pos] = cscore[sq]
                self.l_lm[pos] = self.letter_mult[sq]
                self.l_wm[pos] = self.word_mult[sq]
                self.l_anchor[pos] = 1 if anchors[sq] and cells[sq] == _EMPTY else 0
                sq += step
            self.l_len = length
            self.line = line
            for pos in range(length):
                if self.l_anchor[pos]:
                    self.anchor = pos
                    self.anchor_right_free = pos + 1 >= length or self.l_tile[pos + 1] < 0
                    self.anchor_can_right = pos + 1 < length and self.l_tile[pos + 1] != _BLOCKED
                    self._left(pos, self.root, 0, 1, 0, 0)

    # --- the search --------------------------------------------------------------------
    # The two recursive functions below are the hot loop.  They copy what they use
    # into locals once per call (attribute lookups dominate in pure Python) and keep
    # the rack-letter loop flat; the real-tile and blank branches differ only in the
    # letter's value and the rack bookkeeping.
    @cython.cfunc
    @cython.locals(tile=cython.int, letter=cython.int, bit=cython.longlong,
                   mask=cython.longlong, node_mask=cython.longlong,
                   accept=cython.longlong, nxt=cython.longlong, sep=cython.longlong,
                   value=cython.int, lm=cython.int, wm=cython.int, cs=cython.int,
                   m2=cython.int, c2=cython.int, free_left=cython.int, can_left=cython.int,
                   go_right=cython.int, record=cython.int, anchor=cython.int,
                   variant=cython.int, w2=cython.int, left_tile_bit=cython.longlong)
    def _left(self, pos: cython.int, node: cython.longlong, main: cython.int,
              wmult: cython.int, cross: cython.int, nplaced: cython.int) -> cython.void:
        """Place or read the square at ``pos`` (<= anchor), going leftwards."""
        g = self.g
        l_tile = self.l_tile
        anchor = self.anchor
        node_mask = g[node]
        accept = g[node + 1]
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
                left_tile_bit = 0
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
            m2 = main if tile & _BLANK else main + self.scores[letter]
            self.wbuf[pos] = tile | _EXISTING
            if record and (accept & bit):
                self._record(pos, anchor, m2 * wmult + cross, nplaced)
            nxt = g[node + 2 + _popcount(node_mask & (bit - 1))]
            # Prune before calling: the next square must offer some letter.
            if can_left and g[nxt] & (left_tile_bit if left_tile_bit else (
                    self.l_cross[pos - 1] & (self.rack_mask if self.blanks == 0 else _ALL))):
                self._left(pos - 1, nxt, m2, wmult, cross, nplaced)
            if go_right and g[nxt] & _SEP_BIT:
                sep = g[nxt + 2 + _popcount(g[nxt] & (_SEP_BIT - 1))]
                self._right(anchor + 1, sep, pos, m2, wmult, cross, nplaced)
            return
        # An empty square: try each rack letter the automaton and cross-check allow.
        rack = self.rack
        mask = node_mask & self.l_cross[pos]
        if self.blanks == 0:
            mask &= self.rack_mask
        lm = self.l_lm[pos]
        wm = self.l_wm[pos]
        w2 = wmult * wm
        cs = self.l_cscore[pos]
        # pos < anchor: a one-letter main word is no move.
        record = record and pos < anchor
        while mask:
            bit = mask & -mask
            mask ^= bit
            letter = _lowbit_index(bit)
            nxt = g[node + 2 + _popcount(node_mask & (bit - 1))]
            for variant in range(2):
                if variant == 0:
                    if rack[letter] == 0:
                        continue
                    value = self.scores[letter] * lm
                    rack[letter] -= 1
                    if rack[letter] == 0:
                        self.rack_mask ^= bit
                    self.wbuf[pos] = letter
                else:
                    if self.blanks == 0:
                        break
                    value = 0
                    self.blanks -= 1
                    self.wbuf[pos] = letter | _BLANK
                m2 = main + value
                c2 = cross + (cs + value) * wm if cs >= 0 else cross
                if record and (accept & bit):
                    self._record(pos, anchor, m2 * w2 + c2, nplaced + 1)
                if can_left and g[nxt] & (left_tile_bit if left_tile_bit else (
                        self.l_cross[pos - 1] & (self.rack_mask if self.blanks == 0 else _ALL))):
                    self._left(pos - 1, nxt, m2, w2, c2, nplaced + 1)
                if go_right and g[nxt] & _SEP_BIT:
                    sep = g[nxt + 2 + _popcount(g[nxt] & (_SEP_BIT - 1))]
                    self._right(anchor + 1, sep, pos, m2, w2, c2, nplaced + 1)
                if variant == 0:
                    if rack[letter] == 0:
                        self.rack_mask |= bit
                    rack[letter] += 1
                else:
                    self.blanks += 1

    @cython.cfunc
    @cython.locals(tile=cython.int, letter=cython.int, bit=cython.longlong,
                   mask=cython.longlong, node_mask=cython.longlong,
                   accept=cython.longlong, nxt=cython.longlong,
                   value=cython.int, lm=cython.int, wm=cython.int, cs=cython.int,
                   m2=cython.int, c2=cython.int, free_right=cython.int, can_right=cython.int,
                   variant=cython.int, w2=cython.int, right_tile_bit=cython.longlong)
    def _right(self, pos: cython.int, node: cython.longlong, start: cython.int,
               main: cython.int, wmult: cython.int, cross: cython.int,
               nplaced: cython.int) -> cython.void:
        """Place or read the square at ``pos`` (> anchor), going rightwards."""
        g = self.g
        l_tile = self.l_tile
        node_mask = g[node]
        accept = g[node + 1]
        if pos + 1 >= self.l_len:
            free_right = 1
            can_right = 0
        else:
            tile = l_tile[pos + 1]
            free_right = tile < 0
            can_right = tile != _BLOCKED
            right_tile_bit = 1 << (tile & _LMASK) if tile >= 0 else 0
        tile = l_tile[pos]
        if tile >= 0:
            letter = tile & _LMASK
            bit = 1 << letter
            if not node_mask & bit:
                return
            m2 = main if tile & _BLANK else main + self.scores[letter]
            self.wbuf[pos] = tile | _EXISTING
            if free_right and (accept & bit):
                self._record(start, pos, m2 * wmult + cross, nplaced)
            if can_right:
                nxt = g[node + 2 + _popcount(node_mask & (bit - 1))]
                if g[nxt] & (right_tile_bit if right_tile_bit else (
                        self.l_cross[pos + 1] & (self.rack_mask if self.blanks == 0 else _ALL))):
                    self._right(pos + 1, nxt, start, m2, wmult, cross, nplaced)
            return
        rack = self.rack
        mask = node_mask & self.l_cross[pos]
        if self.blanks == 0:
            mask &= self.rack_mask
        lm = self.l_lm[pos]
        wm = self.l_wm[pos]
        w2 = wmult * wm
        cs = self.l_cscore[pos]
        while mask:
            bit = mask & -mask
            mask ^= bit
            letter = _lowbit_index(bit)
            for variant in range(2):
                if variant == 0:
                    if rack[letter] == 0:
                        continue
                    value = self.scores[letter] * lm
                    rack[letter] -= 1
                    if rack[letter] == 0:
                        self.rack_mask ^= bit
                    self.wbuf[pos] = letter
                else:
                    if self.blanks == 0:
                        break
                    value = 0
                    self.blanks -= 1
                    self.wbuf[pos] = letter | _BLANK
                m2 = main + value
                c2 = cross + (cs + value) * wm if cs >= 0 else cross
                if free_right and (accept & bit):
                    self._record(start, pos, m2 * w2 + c2, nplaced + 1)
                if can_right:
                    nxt = g[node + 2 + _popcount(node_mask & (bit - 1))]
                    if g[nxt] & (right_tile_bit if right_tile_bit else (
                            self.l_cross[pos + 1] & (self.rack_mask if self.blanks == 0 else _ALL))):
                        self._right(pos + 1, nxt, start, m2, w2, c2, nplaced + 1)
                if variant == 0:
                    if rack[letter] == 0:
                        self.rack_mask |= bit
                    rack[letter] += 1
                else:
                    self.blanks += 1

    @cython.cfunc
    def _record(self, start: cython.int, end: cython.int, score: cython.int,
                nplaced: cython.int) -> cython.void:
        k: cython.int
        if self.dedupe_single and nplaced == 1:
            # A single tile that also makes an across word was recorded by that pass.
            for k in range(start, end + 1):
                if not self.wbuf[k] & _EXISTING:
                    if self.l_cscore[k] >= 0:
                        return
                    break
        if self.bonus_tiles > 0 and nplaced == self.bonus_tiles:
            score += self.bonus
        self.out.append((self.direction, self.line, start,
                         bytes(self.wbytes[start:end + 1]), score))
