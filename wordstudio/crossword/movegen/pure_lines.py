"""What each empty square allows, where moves may attach, and a move read in full.

The pure-Python side of :mod:`._lines` (same rules, same results), as the base class of
the pure-Python :class:`~.pure.MoveGenerator`:

* :meth:`Lines.sync_board` keeps, for every empty square and direction, the letters that
  make the line through it a word (a real tile and a blank apart, for the wild rules),
  the letter sum of that line's tiles and whether there is a line at all; only the lines
  through squares whose tile changed since the last search are worked out again;
* :meth:`Lines.compute_anchors` marks where a move may attach, as
  :func:`wordstudio.crossword.rules.anchor_masks` does;
* :meth:`Lines.exact_score` re-reads a move when the wild rules or length-squared scoring
  need every word it forms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wordstudio.crossword.movegen.base import (
    BLANK_FLAG,
    EMPTY,
    EXISTING_FLAG,
    LETTER_MASK,
    MAXLINE,
    line_geometry,
)

_OFFSET = (1 << 31) - 1
#: Room for the words one move forms, when they are scored one by one.
MAXWORDS = 96
_DR = (0, 1, 1, -1)
_DC = (1, 0, 1, 1)


class Lines:
    """Cross-checks, anchors and exact scores over one board geometry and automaton."""

    def __init__(self, gaddag_data: Any, letters: int, rows: int, cols: int,
                 scores: Sequence[int], directions: Sequence[int], check_data: Any,
                 wild_once: bool, wild_no_plurals: bool, s_letter: int) -> None:
        self.g = gaddag_data
        self.c = check_data if check_data is not None else gaddag_data
        self.ms = int(gaddag_data[6])
        self.backward = 1 if check_data is not None else 0
        self.nletters = letters
        self.all_letters = (1 << letters) - 1
        self.dawg_root = int(gaddag_data[4])
        self.c_root = int(self.c[4])
        self.rows = rows
        self.cols = cols
        self.n = rows * cols
        self.scores = list(scores) + [0] * (64 - len(scores))
        self.enabled = [1 if d in directions else 0 for d in range(4)]
        self.nd = 4 if (self.enabled[2] or self.enabled[3]) else 2
        self.wild_once = 1 if wild_once else 0
        self.wild_plural = 1 if wild_no_plurals and s_letter >= 0 else 0
        self.s_letter = s_letter
        self.free_form = 0
        self.first_row = self.first_col = -1
        self.first_dir = 0
        # The plain cross-check (one automaton walk shared by all letters) is exact only
        # without backward words and wild rules; otherwise each letter is read in full.
        self.fast_cross = 0 if (self.backward or wild_once or self.wild_plural) else 1
        self._lines = [line_geometry(rows, cols, d) for d in range(4)]
        self.line_of = [[0] * self.n for _ in range(4)]
        for d in range(4):
            for line, (first, length, step) in enumerate(self._lines[d]):
                for k in range(length):
                    self.line_of[d][first + k * step] = line
        n = self.n
        self.have_board = False
        self.cells = [EMPTY] * n
        self.owners = [-1] * n
        self.tiles_on_board = 0
        self.vm = [[0] * n for _ in range(4)]
        self.vmb = [[0] * n for _ in range(4)]
        self.vcs = [[0] * n for _ in range(4)]
        self.vhas = [[0] * n for _ in range(4)]
        self.anchors = [[0] * n for _ in range(4)]
        self.sbuf = [0] * (MAXLINE * (MAXWORDS + 1))
        self.wlen = [0] * MAXWORDS
        self.nwords = 0

    # --- the board ---------------------------------------------------------------------
    def sync_board(self, cells: Sequence[int], owners: Sequence[int] | None) -> None:
        """Take in the board of the next search; work out again the lines it changed."""
        self.owners = list(owners) if owners is not None else [-1] * self.n
        self.tiles_on_board = sum(1 for cell in cells if cell >= 0)
        dirty: set[tuple[int, int]] = set()
        for sq in range(self.n):
            if self.have_board and cells[sq] == self.cells[sq]:
                continue
            self.cells[sq] = cells[sq]
            for d in range(self.nd):
                dirty.add((d, self.line_of[d][sq]))
        if self.have_board and not dirty:
            return
        for d in range(self.nd):
            for line, (first, length, step) in enumerate(self._lines[d]):
                if self.have_board and (d, line) not in dirty:
                    continue
                for k in range(length):
                    self._square_masks(first + k * step, d)
        self.have_board = True

    def _tile_at(self, r: int, c: int) -> int:
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return self.cells[r * self.cols + c]
        return EMPTY

    def _square_masks(self, sq: int, d: int) -> None:
        if self.cells[sq] != EMPTY:
            self.vm[d][sq] = self.vmb[d][sq] = self.vcs[d][sq] = self.vhas[d][sq] = 0
            return
        r, c = divmod(sq, self.cols)
        # Most squares have no tile next to them along d: no line, no limit.
        if self._tile_at(r - _DR[d], c - _DC[d]) < 0 and self._tile_at(r + _DR[d], c + _DC[d]) < 0:
            self.vm[d][sq] = self.vmb[d][sq] = self.all_letters
            self.vcs[d][sq] = self.vhas[d][sq] = 0
        else:
            self._line_masks(sq, d)

    def _line_masks(self, sq: int, d: int) -> None:
        """Letters that make the line through empty ``sq`` along ``d`` a word."""
        dr, dc = _DR[d], _DC[d]
        r, c = divmod(sq, self.cols)
        before = 0
        while self._tile_at(r - dr * (before + 1), c - dc * (before + 1)) >= 0:
            before += 1
        after = 0
        while self._tile_at(r + dr * (after + 1), c + dc * (after + 1)) >= 0:
            after += 1
        self.vhas[d][sq] = 1
        length = before + after + 1
        sbuf = self.sbuf
        score = 0
        for k in range(length):
            if k == before:
                continue
            tile = self._tile_at(r + dr * (k - before), c + dc * (k - before))
            sbuf[k] = tile
            if not tile & BLANK_FLAG:
                score += self.scores[tile & LETTER_MASK]
        self.vcs[d][sq] = score
        if self.fast_cross:
            # One walk for the tiles before, then each letter's continuation.
            node = self.dawg_root
            for k in range(before):
                slot = self._slot(self.g, node, sbuf[k] & LETTER_MASK)
                if slot < 0:
                    self.vm[d][sq] = self.vmb[d][sq] = 0
                    return
                node = slot & _OFFSET
            result = 0
            mask = self._mask(self.g, node) & self.all_letters
            while mask:
                bit = mask & -mask
                mask ^= bit
                slot = self._slot(self.g, node, bit.bit_length() - 1)
                for k in range(before + 1, length):
                    slot = self._slot(self.g, slot & _OFFSET, sbuf[k] & LETTER_MASK)
                    if slot < 0:
                        break
                if slot > _OFFSET:
                    result |= bit
            self.vm[d][sq] = self.vmb[d][sq] = result
            return
        result = resultb = 0
        for letter in range(self.nletters):
            sbuf[before] = letter
            if self._readings(0, length):
                result |= 1 << letter
            sbuf[before] = letter | BLANK_FLAG
            if self._readings(0, length):
                resultb |= 1 << letter
        self.vm[d][sq] = result
        self.vmb[d][sq] = resultb

    def _mask(self, a: Any, node: int) -> int:
        return a[node] if self.ms == 1 else a[node] | a[node + 1] << 32

    def _slot(self, a: Any, node: int, letter: int) -> int:
        """The child slot of ``letter`` from ``node`` (offset, and bit 31 when it completes
        a word), or -1."""
        mask = self._mask(a, node)
        bit = 1 << letter
        if not mask & bit:
            return -1
        return a[node + self.ms + (mask & (bit - 1)).bit_count()]

    # --- words -------------------------------------------------------------------------
    def _is_word(self, base: int, n: int, reverse: bool) -> bool:
        """Is sbuf[base:base+n] (read backwards when ``reverse``) in the plain lexicon?"""
        node = self.c_root
        slot = 0
        for k in range(n):
            letter = self.sbuf[base + (n - 1 - k if reverse else k)] & LETTER_MASK
            slot = self._slot(self.c, node, letter)
            if slot < 0:
                return False
            node = slot & _OFFSET
        return slot > _OFFSET

    def _readings(self, base: int, n: int) -> int:
        """Which ways sbuf[base:base+n] reads as a word, wild rules applied: bit 1
        forwards, bit 2 backwards (only when that is a different string)."""
        sbuf = self.sbuf
        if self.wild_once and sum(1 for k in range(n) if sbuf[base + k] & BLANK_FLAG) > 1:
            return 0
        bits = 0
        if self._is_word(base, n, False):
            last = sbuf[base + n - 1]
            if not (self.wild_plural and n > 2 and last & BLANK_FLAG
                    and (last & LETTER_MASK) == self.s_letter
                    and self._is_word(base, n - 1, False)):
                bits |= 1
        if self.backward:
            same = all((sbuf[base + k] & LETTER_MASK) == (sbuf[base + n - 1 - k] & LETTER_MASK)
                       for k in range(n // 2))
            if not same and self._is_word(base, n, True):
                last = sbuf[base]
                if not (self.wild_plural and n > 2 and last & BLANK_FLAG
                        and (last & LETTER_MASK) == self.s_letter
                        and self._is_word(base + 1, n - 1, True)):
                    bits |= 2
        return bits

    def _add_words(self, base: int, n: int, bits: int) -> None:
        """Remember each reading of sbuf[base:base+n] that is not already a word of the
        move (words are kept by letter, so a blank and a real tile read the same)."""
        sbuf = self.sbuf
        for reading in (1, 2):
            if not bits & reading:
                continue
            letters = [sbuf[base + (k if reading == 1 else n - 1 - k)] & LETTER_MASK
                       for k in range(n)]
            if any(self.wlen[w] == n and sbuf[w * MAXLINE:w * MAXLINE + n] == letters
                   for w in range(self.nwords)):
                continue
            if self.nwords < MAXWORDS:
                w = self.nwords
                sbuf[w * MAXLINE:w * MAXLINE + n] = letters
                self.wlen[w] = n
                self.nwords += 1

    def exact_score(self, start: int, end: int) -> int:
        """The move in wbuf[start..end] read in full: -1 when a wild rule makes it
        illegal; otherwise its length-squared score (every different word it forms), or
        0 with letter-sum scoring."""
        wbuf: list[int] = self.wbuf  # type: ignore[attr-defined]
        n = end - start + 1
        base = MAXLINE * MAXWORDS
        sbuf = self.sbuf
        for k in range(n):
            sbuf[base + k] = wbuf[start + k] & (LETTER_MASK | BLANK_FLAG)
        bits = self._readings(base, n)
        if not bits:
            return -1
        if not self.lsq:  # type: ignore[attr-defined]
            return 0
        self.nwords = 0
        self._add_words(base, n, bits)
        d = self.direction  # type: ignore[attr-defined]
        for pos in range(start, end + 1):
            code = wbuf[pos]
            if code & EXISTING_FLAG:
                continue
            r, c = divmod(self.l_sq[pos], self.cols)  # type: ignore[attr-defined]
            for o in range(4):
                if o == d or not (self.enabled[o] or (d >= 2 and o < 2)):
                    continue
                dr, dc = _DR[o], _DC[o]
                back = 0
                while self._tile_at(r - dr * (back + 1), c - dc * (back + 1)) >= 0:
                    back += 1
                length = 0
                while True:
                    k = length - back
                    if k == 0:
                        sbuf[base + length] = code
                    else:
                        tile = self._tile_at(r + dr * k, c + dc * k)
                        if tile < 0:
                            break
                        sbuf[base + length] = tile
                    length += 1
                if length < 2:
                    continue
                bits = self._readings(base, length)
                checked = (d < 2 and o == 1 - d) or (d >= 2 and o < 2)
                if checked and not bits:
                    return -1
                self._add_words(base, length, bits)
        return sum(self.wlen[w] * self.wlen[w] for w in range(self.nwords))

    # --- where moves may attach --------------------------------------------------------
    def compute_anchors(self, player: int) -> None:
        """Where a move may attach, per direction (see rules.anchor_masks): the first
        move's squares; later every empty square (free-form), or those next to a tile -
        the player's own tiles in territorial play, once he has any."""
        n, cols, cells = self.n, self.cols, self.cells
        self.anchors = [[0] * n for _ in range(4)]
        if self.tiles_on_board == 0:
            for sq in range(n):
                r, c = divmod(sq, cols)
                if cells[sq] != EMPTY or (self.first_row >= 0 and r != self.first_row) or (
                        self.first_col >= 0 and c != self.first_col):
                    continue
                for d in range(4):
                    ok = self.enabled[d] and (self.first_dir != 1 or d == 1) and (
                        self.first_dir != 2 or d == 0)
                    self.anchors[d][sq] = 1 if ok else 0
            return
        if self.free_form == 2:
            for sq in range(n):
                if cells[sq] == EMPTY:
                    for d in range(4):
                        self.anchors[d][sq] = self.enabled[d]
            return
        own_only = self.free_form == 1 and player >= 0 and player in self.owners
        diagonal = self.nd == 4
        for sq in range(n):
            if cells[sq] < 0 or (own_only and self.owners[sq] != player):
                continue
            r, c = divmod(sq, cols)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr == 0 and dc == 0) or (dr and dc and not diagonal):
                        continue
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < self.rows and 0 <= cc < cols and cells[rr * cols + cc] == EMPTY:
                        for d in range(4):
                            self.anchors[d][rr * cols + cc] = self.enabled[d]
