"""Every legal move for a rack, in pure Python: the GADDAG move generator (Gordon 1994).

This is the fallback where nothing could be compiled, and the readable statement of the
search; :mod:`._core` (with :mod:`._lines`) is the same algorithm in C, and tests hold
the two to the same moves, scores and rankings.  Codes and raw moves:
:mod:`.base`; the automaton's layout: :mod:`wordstudio.lexicon.gaddag`.

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
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from time import monotonic
from typing import Any

from wordstudio.crossword.movegen.base import (
    BLANK_FLAG,
    BLOCKED,
    DEFAULT_LIMIT,
    EMPTY,
    EXISTING_FLAG,
    LETTER_MASK,
    MAXLINE,
    STREAM_CHUNK,
    RawMove,
    check_board_size,
    line_geometry,
    rank_key,
)
from wordstudio.crossword.movegen.pure_lines import Lines

_OFFSET = (1 << 31) - 1
_ALL = (1 << 62) - 1
_LOWBIT = {1 << i: i for i in range(64)}


class MoveList:
    """The moves of one search, in the order found (a ranked search: best first): a
    sequence of raw moves, with :meth:`score` and :meth:`equity`.  ``found`` counts every
    move found (more than ``len()`` when moves were streamed to a callback); ``nodes``
    the steps the search took; ``truncated`` says a limit stopped the search,
    ``timed_out`` its deadline or a stop request."""

    def __init__(self, moves: list[RawMove], equities: list[float] | None = None,
                 found: int = 0, truncated: bool = False, timed_out: bool = False,
                 nodes: int = 0) -> None:
        self._moves = moves
        self._equities = equities
        self.found = found
        self.nodes = nodes
        self.truncated = truncated
        self.timed_out = timed_out

    def __len__(self) -> int:
        return len(self._moves)

    def __getitem__(self, index: Any) -> Any:
        return self._moves[index]

    def __iter__(self) -> Any:
        return iter(self._moves)

    def score(self, index: int) -> int:
        return self._moves[index][4]

    def equity(self, index: int) -> float:
        if self._equities is None:
            return float(self._moves[index][4])
        return self._equities[index]

    def scores(self) -> list[int]:
        return [m[4] for m in self._moves]


class _Stop(Exception):
    """Unwinds the search when it must stop (deadline, limit, stop request)."""


class MoveGenerator(Lines):
    """Generates moves on one board geometry; reuse it for many positions.

    ``letter_mult``/``word_mult``: premium multipliers of each square (flat, row-major);
    ``scores``: each letter's score; ``bonus_tiles``/``bonus``: the full-rack bonus (0
    tiles = none); ``directions``: which of the four directions words may take;
    ``check_data``: the plain (forward-only) automaton when ``gaddag_data`` also holds
    reversed words; ``length_squared``, ``wild_once``, ``wild_no_plurals`` and
    ``s_letter`` (index of S, or -1) switch on WORDwhami's scoring and wild rules;
    ``first_row``/``first_col`` (0-based, -1 any), ``first_dir`` (0 any, 1 down, 2 across)
    and ``free_form`` (0 anchored, 1 territorial, 2 free) say where moves may attach.
    """

    def __init__(self, gaddag_data: Any, letters: int, rows: int, cols: int,
                 letter_mult: Sequence[int], word_mult: Sequence[int], scores: Sequence[int],
                 bonus_tiles: int = 0, bonus: int = 0, directions: Sequence[int] = (0, 1),
                 check_data: Any = None, length_squared: bool = False,
                 wild_once: bool = False, wild_no_plurals: bool = False,
                 s_letter: int = -1, first_row: int = -1, first_col: int = -1,
                 first_dir: int = 0, free_form: int = 0) -> None:
        check_board_size(rows, cols)
        super().__init__(gaddag_data, letters, rows, cols, scores, directions, check_data,
                         wild_once, wild_no_plurals, s_letter)
        self.letter_mult = list(letter_mult)
        self.word_mult = list(word_mult)
        self.bonus_tiles = bonus_tiles
        self.bonus = bonus
        self.lsq = 1 if length_squared else 0
        # Moves are re-read when recorded for length-squared scores and wild plurals.
        self.exact = 1 if (self.lsq or self.wild_plural) else 0
        self.first_row = first_row
        self.first_col = first_col
        self.first_dir = first_dir
        self.free_form = free_form
        self.geometry = [line_geometry(rows, cols, d) for d in range(4)]
        self.root = gaddag_data[3]
        self.sep_bit = 1 << gaddag_data[7]

    # --- public ------------------------------------------------------------------------
    def generate(self, cells: Sequence[int], rack_counts: Sequence[int], blanks: int,
                 anchors: Sequence[Any] | None = None, owners: Sequence[int] | None = None,
                 player: int = -1, *, window: int = -1, deadline: float = 0.0,
                 limit: int = 0, top: int = 0, equity: Any = None,
                 stop: Callable[[], bool] | None = None,
                 on_chunk: Callable[[MoveList], Any] | None = None) -> MoveList:
        """Every move for ``rack_counts`` (per letter) plus ``blanks`` on ``cells``.

        ``anchors``: for each direction 0-3 a bytes-like with 1 for each square a move
        in that direction may attach to, replacing the rules' own (None: the rules);
        ``owners``/``player`` for territorial play.  Options:

        * ``top`` > 0: only the ``top`` best moves by equity (``equity``, a
          :class:`~.equity.RackEquity`: leave values and knobs; None: the score), best
          first - the others are never kept;
        * ``window`` >= 0: only moves scoring at least the best found so far minus
          ``window`` (searches that want strong moves only);
        * ``limit``: at most this many moves are kept (default :data:`DEFAULT_LIMIT`);
          then the search stops (``truncated``) - or, with ``on_chunk``, hands the moves
          to ``on_chunk`` (chunks of ``limit``, default :data:`STREAM_CHUNK`) and goes
          on; ``on_chunk`` returning False stops it;
        * ``deadline`` (a ``time.monotonic()`` value) and ``stop`` (a callable returning
          True to stop) end the search early, with what it found so far (``timed_out``).
        """
        if len(cells) != self.n:
            raise ValueError("the board does not match the generator's")
        self.sync_board(cells, owners if self.free_form == 1 else None)
        # Searches start from groups of tiles where the game's own anchored rules hold on
        # a board with tiles; anchors given by the caller, first moves, free-form and
        # territorial play start from each anchor square.
        self.groups = anchors is None and self.free_form == 0 and self.tiles_on_board > 0
        if anchors is None:
            self.compute_anchors(player)
        else:
            for d in range(4):
                mask = anchors[d] if d < len(anchors) else None
                self.anchors[d] = [1 if (mask and self.enabled[d] and mask[i]) else 0
                                   for i in range(self.n)]
        self.rack = [0] * 64
        self.rack_mask = 0
        for i, count in enumerate(rack_counts):
            self.rack[i] = count
            if count > 0:
                self.rack_mask |= 1 << i
        self.blanks = self.rack_blanks = blanks
        self.main_wilds = 0
        self._update_can_blank()
        self.window = window
        self.best = -(1 << 30)
        self.deadline = deadline
        self.stop = stop
        self.on_chunk = on_chunk
        self.nodes = 0
        self.stopped = ""
        self.out: list[RawMove] = []
        self.found = 0
        self.limit = limit if limit > 0 else (STREAM_CHUNK if on_chunk else DEFAULT_LIMIT)
        self.top = max(top, 0)
        self.equity = equity
        self.strides = [0] * 64
        self.blank_stride = 0
        self.leave_idx = 0
        if self.top and equity is not None:
            self.strides = list(equity.strides)
            self.blank_stride = equity.blank_stride
            self.leave_idx = equity.start
        self.ranked: list[tuple[tuple, float, RawMove]] = []
        try:
            for d in range(4):
                if self.enabled[d]:
                    self._direction(d)
        except _Stop:
            pass
        timed_out = self.stopped in ("deadline", "asked")
        if self.top:
            best = heapq.nsmallest(self.top, self.ranked)
            return MoveList([raw for _key, _eq, raw in best], [eq for _key, eq, _raw in best],
                            self.found, self.stopped == "limit", timed_out, self.nodes)
        return MoveList(self.out, None, self.found + len(self.out), self.stopped == "limit",
                        timed_out, self.nodes)

    def anchor_masks(self, cells: Sequence[int], owners: Sequence[int] | None = None,
                     player: int = -1) -> list[bytes]:
        """The squares moves may attach to on ``cells``, one bytes per direction."""
        self.sync_board(cells, owners)
        self.compute_anchors(player)
        return [bytes(mask) for mask in self.anchors]

    def line_check(self, cells: Sequence[int], square: int, direction: int
                   ) -> tuple[int, int, int, int]:
        """(letters allowed for a real tile, for a blank, the tiles' letter sum, has a
        line) for the line through ``square`` along ``direction`` (for tests)."""
        self.sync_board(cells, None)
        d, sq = direction, square
        return self.vm[d][sq], self.vmb[d][sq], self.vcs[d][sq], self.vhas[d][sq]

    def square(self, direction: int, line: int, start: int) -> tuple[int, int]:
        """(row, col) of letter ``start`` of line ``line`` in ``direction``."""
        first, _length, step = self.geometry[direction][line]
        sq = first + start * step
        return sq // self.cols, sq % self.cols

    # --- lines -------------------------------------------------------------------------
    def _direction(self, d: int) -> None:
        self.direction = d
        cells, anchors = self.cells, self.anchors[d]
        vm, vmb, vcs, vhas = self.vm, self.vmb, self.vcs, self.vhas
        for line, (first, length, step) in enumerate(self.geometry[d]):
            squares = range(first, first + length * step, step)
            if not any(anchors[sq] and cells[sq] == EMPTY for sq in squares):
                continue
            self.l_sq = list(squares)
            self.l_tile = [cells[sq] for sq in squares]
            self.l_lm = [self.letter_mult[sq] for sq in squares]
            self.l_wm = [self.word_mult[sq] for sq in squares]
            self.l_anchor = [1 if anchors[sq] and cells[sq] == EMPTY else 0 for sq in squares]
            if d < 2:
                # The perpendicular line must be a word.
                o = 1 - d
                self.l_cross = [vm[o][sq] for sq in squares]
                self.l_crossb = [vmb[o][sq] for sq in squares]
                self.l_cscore = [vcs[o][sq] for sq in squares]
                self.l_ncross = [vhas[o][sq] for sq in squares]
                # A one-tile down play that also makes an across word was recorded by
                # the across pass.
                self.l_skip = [_ALL if d == 1 and vhas[0][sq] else 0 for sq in squares]
                self.l_skipb = self.l_skip
            else:
                # Both straight lines must be words.
                self.l_cross = [vm[0][sq] & vm[1][sq] for sq in squares]
                self.l_crossb = [vmb[0][sq] & vmb[1][sq] for sq in squares]
                self.l_cscore = [vcs[0][sq] + vcs[1][sq] for sq in squares]
                self.l_ncross = [vhas[0][sq] + vhas[1][sq] for sq in squares]
                # One-tile plays: the straight passes come first, and the down-right
                # diagonal before the up-right one.
                self.l_skip, self.l_skipb = [], []
                for sq in squares:
                    skip = _ALL if vhas[0][sq] or vhas[1][sq] else 0
                    if d == 3 and not skip and self.enabled[2] and vhas[2][sq]:
                        self.l_skip.append(vm[2][sq])
                        self.l_skipb.append(vmb[2][sq])
                    else:
                        self.l_skip.append(skip)
                        self.l_skipb.append(skip)
            self.l_len = length
            self.line = line
            self.wbuf = [0] * MAXLINE
            if self.groups:
                self._group_starts(length)
            else:
                self._anchor_starts(length)

    def _anchor_starts(self, length: int) -> None:
        """Gordon's starts: each anchor square, left to right; a move is found from the
        leftmost anchor it covers (extending left never reaches another anchor)."""
        leftmost = 0
        for pos in range(length):
            if self.l_anchor[pos]:
                self._start(pos, leftmost, length)
                leftmost = pos + 1

    def _group_starts(self, length: int) -> None:
        """Starts for anchored play on a board with tiles, right to left: each group of
        tiles in the line, from its last tile (the tiles fix the automaton's path before
        any letter is tried, which prunes hard, above all with blanks), and each anchor
        square that no group touches along the line (a hook).  A move through tiles of
        the line is found from the rightmost group it takes in; a move through none, from
        the rightmost hook it covers: the bounds given to each start keep every move to
        exactly one."""
        tiles = self.l_tile
        seg_end = length
        while seg_end > 0:
            # A segment between blocked squares: no move spans a blocked square.
            seg_start = seg_end
            while seg_start > 0 and tiles[seg_start - 1] != BLOCKED:
                seg_start -= 1
            group_bound = seg_end
            pos = seg_end - 1
            while pos >= seg_start:
                run_end = pos
                while pos >= seg_start and tiles[pos] == EMPTY:
                    pos -= 1
                run_start = pos + 1
                has_group = pos >= seg_start
                if has_group:
                    # The group ending at pos; its moves may not reach the square
                    # touching the next group to the right (those take that group in).
                    self._start(pos, seg_start, group_bound)
                # Hooks: the run's anchors, less the squares touching a group along the line.
                hook_bound = group_bound
                hook_left = run_start + 1 if has_group else run_start
                for h in range(run_end, hook_left - 1, -1):
                    if h == run_end and run_end + 1 < seg_end and tiles[run_end + 1] >= 0:
                        continue
                    if self.l_anchor[h]:
                        self._start(h, hook_left, hook_bound)
                        hook_bound = h
                while pos >= seg_start and tiles[pos] >= 0:
                    pos -= 1
                group_bound = pos
            seg_end = seg_start - 1

    def _start(self, pos: int, leftmost: int, rightmost: int) -> None:
        """Search every move through square ``pos`` within ``leftmost``..``rightmost - 1``."""
        self.anchor = pos
        self.leftmost = leftmost
        self.rightmost = rightmost
        self.anchor_right_free = pos + 1 >= self.l_len or self.l_tile[pos + 1] < 0
        self.anchor_can_right = pos + 1 < rightmost and self.l_tile[pos + 1] != BLOCKED
        self._left(pos, self.root, 0, 1, 0, 0)

    def _poll(self) -> None:
        if self.deadline > 0 and monotonic() >= self.deadline:
            self.stopped = "deadline"
            raise _Stop
        if self.stop is not None and not self.nodes & 0xFFF and self.stop():
            self.stopped = "asked"
            raise _Stop

    def _update_can_blank(self) -> None:
        """A blank may be placed while one is left and (one-wild rule) the main word holds
        no wild yet; the search reads this flag instead of the counts."""
        self.can_blank = 1 if self.blanks > 0 and not (self.wild_once and self.main_wilds) else 0

    # --- the search --------------------------------------------------------------------
    # The two recursive functions below are the hot loop.  They copy what they use into
    # locals once per call (attribute lookups dominate in pure Python) and keep the
    # rack-letter loop flat; the real-tile and blank branches differ only in the letter's
    # value, the cross-checks and the rack bookkeeping.
    def _left(self, pos: int, node: int, main: int, wmult: int, cross: int,
              nplaced: int) -> None:
        """Place or read the square at ``pos`` (<= anchor), going leftwards."""
        self.nodes += 1
        if not self.nodes & 1023 and (self.deadline > 0 or self.stop is not None):
            self._poll()
        g = self.g
        ms = self.ms
        sep_bit = self.sep_bit
        l_tile = self.l_tile
        anchor = self.anchor
        node_mask = g[node] if ms == 1 else g[node] | g[node + 1] << 32
        left_tile_bit = 0
        next_cross = 0
        next_crossb = 0
        if pos == 0:
            free_left = True
            can_left = False
        else:
            tile = l_tile[pos - 1]
            free_left = tile < 0
            can_left = pos > self.leftmost and tile != BLOCKED
            if tile >= 0:
                left_tile_bit = 1 << (tile & LETTER_MASK)
            else:
                next_cross = self.l_cross[pos - 1]
                next_crossb = self.l_crossb[pos - 1]
        # A word may end at the anchor when nothing follows it, and may turn right
        # (through the separator) when the square before ``pos`` is free.
        record = free_left and self.anchor_right_free
        go_right = free_left and self.anchor_can_right
        tile = l_tile[pos]
        if tile >= 0:
            letter = tile & LETTER_MASK
            bit = 1 << letter
            if not node_mask & bit:
                return
            if tile & BLANK_FLAG:
                if self.wild_once and self.main_wilds:
                    return
                self.main_wilds += 1
                self._update_can_blank()
                m2 = main
            else:
                m2 = main + self.scores[letter]
            self.wbuf[pos] = tile | EXISTING_FLAG
            slot = g[node + ms + (node_mask & (bit - 1)).bit_count()]
            # (A search that began on a tile has placed nothing yet: no move.)
            if record and nplaced and slot > _OFFSET:
                self._record(pos, anchor, m2 * wmult + cross, nplaced)
            nxt = slot & _OFFSET
            nm = g[nxt] if ms == 1 else g[nxt] | g[nxt + 1] << 32
            # Prune before calling: the next square must offer some letter.
            if can_left and nm & (left_tile_bit if left_tile_bit else (
                    next_cross & self.rack_mask | (next_crossb if self.can_blank else 0))):
                self._left(pos - 1, nxt, m2, wmult, cross, nplaced)
            if go_right and nm & sep_bit:
                sep = g[nxt + ms + (nm & (sep_bit - 1)).bit_count()] & _OFFSET
                self._right(anchor + 1, sep, pos, m2, wmult, cross, nplaced)
            if tile & BLANK_FLAG:
                self.main_wilds -= 1
                self._update_can_blank()
            return
        # An empty square: try each rack letter the automaton and cross-checks allow.
        crossb = self.l_crossb[pos] if self.can_blank else 0
        own_cross = self.l_cross[pos]
        mask = node_mask & (own_cross & self.rack_mask | crossb)
        if not mask:
            return
        rack = self.rack
        lm = self.l_lm[pos]
        wm = self.l_wm[pos]
        w2 = wmult * wm
        cs = self.l_cscore[pos]
        nc = self.l_ncross[pos]
        # pos < anchor: a one-letter main word is no move.
        record = record and pos < anchor
        # Real tiles first, then blanks.
        real = mask & own_cross & self.rack_mask
        # Placing real tiles leaves the blank count alone, so this part of the next
        # square's test stays fixed through the loop.
        next_blank = next_crossb if self.can_blank else 0
        scores = self.scores
        wbuf = self.wbuf
        strides = self.strides
        while real:
            bit = real & -real
            real ^= bit
            letter = _LOWBIT[bit]
            slot = g[node + ms + (node_mask & (bit - 1)).bit_count()]
            nxt = slot & _OFFSET
            value = scores[letter] * lm
            rack[letter] -= 1
            if rack[letter] == 0:
                self.rack_mask ^= bit
            self.leave_idx -= strides[letter]
            wbuf[pos] = letter
            m2 = main + value
            c2 = cross + (cs + nc * value) * wm if nc else cross
            if record and slot > _OFFSET:
                self._record(pos, anchor, m2 * w2 + c2, nplaced + 1)
            nm = g[nxt] if ms == 1 else g[nxt] | g[nxt + 1] << 32
            if can_left and nm & (left_tile_bit or (next_cross & self.rack_mask | next_blank)):
                self._left(pos - 1, nxt, m2, w2, c2, nplaced + 1)
            if go_right and nm & sep_bit:
                sep = g[nxt + ms + (nm & (sep_bit - 1)).bit_count()] & _OFFSET
                self._right(anchor + 1, sep, pos, m2, w2, c2, nplaced + 1)
            self.leave_idx += strides[letter]
            if rack[letter] == 0:
                self.rack_mask |= bit
            rack[letter] += 1
        blank = mask & crossb
        while blank:
            bit = blank & -blank
            blank ^= bit
            letter = _LOWBIT[bit]
            slot = g[node + ms + (node_mask & (bit - 1)).bit_count()]
            nxt = slot & _OFFSET
            self.blanks -= 1
            self.main_wilds += 1
            self._update_can_blank()
            self.leave_idx -= self.blank_stride
            wbuf[pos] = letter | BLANK_FLAG
            c2 = cross + cs * wm if nc else cross
            if record and slot > _OFFSET:
                self._record(pos, anchor, main * w2 + c2, nplaced + 1)
            nm = g[nxt] if ms == 1 else g[nxt] | g[nxt + 1] << 32
            if can_left and nm & (left_tile_bit if left_tile_bit else (
                    next_cross & self.rack_mask | (next_crossb if self.can_blank else 0))):
                self._left(pos - 1, nxt, main, w2, c2, nplaced + 1)
            if go_right and nm & sep_bit:
                sep = g[nxt + ms + (nm & (sep_bit - 1)).bit_count()] & _OFFSET
                self._right(anchor + 1, sep, pos, main, w2, c2, nplaced + 1)
            self.leave_idx += self.blank_stride
            self.blanks += 1
            self.main_wilds -= 1
            self._update_can_blank()

    def _right(self, pos: int, node: int, start: int, main: int, wmult: int, cross: int,
               nplaced: int) -> None:
        """Place or read the square at ``pos`` (> anchor), going rightwards."""
        self.nodes += 1
        if not self.nodes & 1023 and (self.deadline > 0 or self.stop is not None):
            self._poll()
        g = self.g
        ms = self.ms
        l_tile = self.l_tile
        node_mask = g[node] if ms == 1 else g[node] | g[node + 1] << 32
        right_tile_bit = 0
        next_cross = 0
        next_crossb = 0
        if pos + 1 >= self.l_len:
            free_right = True
            can_right = False
        else:
            tile = l_tile[pos + 1]
            free_right = tile < 0
            can_right = pos + 1 < self.rightmost and tile != BLOCKED
            if tile >= 0:
                right_tile_bit = 1 << (tile & LETTER_MASK)
            else:
                next_cross = self.l_cross[pos + 1]
                next_crossb = self.l_crossb[pos + 1]
        tile = l_tile[pos]
        if tile >= 0:
            letter = tile & LETTER_MASK
            bit = 1 << letter
            if not node_mask & bit:
                return
            if tile & BLANK_FLAG:
                if self.wild_once and self.main_wilds:
                    return
                self.main_wilds += 1
                self._update_can_blank()
                m2 = main
            else:
                m2 = main + self.scores[letter]
            self.wbuf[pos] = tile | EXISTING_FLAG
            slot = g[node + ms + (node_mask & (bit - 1)).bit_count()]
            if free_right and slot > _OFFSET:
                self._record(start, pos, m2 * wmult + cross, nplaced)
            if can_right:
                nxt = slot & _OFFSET
                nm = g[nxt] if ms == 1 else g[nxt] | g[nxt + 1] << 32
                if nm & (right_tile_bit if right_tile_bit else (
                        next_cross & self.rack_mask | (next_crossb if self.can_blank else 0))):
                    self._right(pos + 1, nxt, start, m2, wmult, cross, nplaced)
            if tile & BLANK_FLAG:
                self.main_wilds -= 1
                self._update_can_blank()
            return
        crossb = self.l_crossb[pos] if self.can_blank else 0
        own_cross = self.l_cross[pos]
        mask = node_mask & (own_cross & self.rack_mask | crossb)
        if not mask:
            return
        rack = self.rack
        lm = self.l_lm[pos]
        wm = self.l_wm[pos]
        w2 = wmult * wm
        cs = self.l_cscore[pos]
        nc = self.l_ncross[pos]
        real = mask & own_cross & self.rack_mask
        next_blank = next_crossb if self.can_blank else 0
        scores = self.scores
        wbuf = self.wbuf
        strides = self.strides
        while real:
            bit = real & -real
            real ^= bit
            letter = _LOWBIT[bit]
            value = scores[letter] * lm
            rack[letter] -= 1
            if rack[letter] == 0:
                self.rack_mask ^= bit
            self.leave_idx -= strides[letter]
            wbuf[pos] = letter
            m2 = main + value
            c2 = cross + (cs + nc * value) * wm if nc else cross
            slot = g[node + ms + (node_mask & (bit - 1)).bit_count()]
            if free_right and slot > _OFFSET:
                self._record(start, pos, m2 * w2 + c2, nplaced + 1)
            if can_right:
                nxt = slot & _OFFSET
                nm = g[nxt] if ms == 1 else g[nxt] | g[nxt + 1] << 32
                if nm & (right_tile_bit or (next_cross & self.rack_mask | next_blank)):
                    self._right(pos + 1, nxt, start, m2, w2, c2, nplaced + 1)
            self.leave_idx += strides[letter]
            if rack[letter] == 0:
                self.rack_mask |= bit
            rack[letter] += 1
        blank = mask & crossb
        while blank:
            bit = blank & -blank
            blank ^= bit
            letter = _LOWBIT[bit]
            self.blanks -= 1
            self.main_wilds += 1
            self._update_can_blank()
            self.leave_idx -= self.blank_stride
            wbuf[pos] = letter | BLANK_FLAG
            c2 = cross + cs * wm if nc else cross
            slot = g[node + ms + (node_mask & (bit - 1)).bit_count()]
            if free_right and slot > _OFFSET:
                self._record(start, pos, main * w2 + c2, nplaced + 1)
            if can_right:
                nxt = slot & _OFFSET
                nm = g[nxt] if ms == 1 else g[nxt] | g[nxt + 1] << 32
                if nm & (right_tile_bit if right_tile_bit else (
                        next_cross & self.rack_mask | (next_crossb if self.can_blank else 0))):
                    self._right(pos + 1, nxt, start, main, w2, c2, nplaced + 1)
            self.leave_idx += self.blank_stride
            self.blanks += 1
            self.main_wilds -= 1
            self._update_can_blank()

    # --- recording ---------------------------------------------------------------------
    def _record(self, start: int, end: int, score: int, nplaced: int) -> None:
        wbuf = self.wbuf
        if nplaced == 1 and self.direction > 0:
            # A single tile that an earlier direction pass recorded is not recorded again.
            for k in range(start, end + 1):
                code = wbuf[k]
                if not code & EXISTING_FLAG:
                    skip = self.l_skipb[k] if code & BLANK_FLAG else self.l_skip[k]
                    if skip & (1 << (code & LETTER_MASK)):
                        return
                    break
        if self.exact:
            exact = self.exact_score(start, end)
            if exact < 0:
                return
            if self.lsq:
                score = exact
        if self.bonus_tiles > 0 and nplaced == self.bonus_tiles:
            score += self.bonus
        if self.window >= 0:
            if score < self.best - self.window:
                return
            if score > self.best:
                self.best = score
        raw = (self.direction, self.line, start, bytes(wbuf[start:end + 1]), score)
        if not self.top:
            if len(self.out) >= self.limit:
                if self.on_chunk is None:
                    self.stopped = "limit"
                    raise _Stop
                self._flush()
            self.out.append(raw)
            return
        self.found += 1
        equity = self._equity(start, end, score)
        if equity is not None:
            self.ranked.append((rank_key(equity, score, raw), equity, raw))
            if len(self.ranked) > 4 * self.top + 64:
                self.ranked = heapq.nsmallest(self.top, self.ranked)

    def _equity(self, start: int, end: int, score: int) -> float | None:
        """A move's equity (None: a knob rules it out); see :mod:`.equity`."""
        table = self.equity
        if table is None:
            return float(score)
        if score < table.min_score or (table.max_score and score > table.max_score):
            return None
        length = end - start + 1
        if length < table.min_length or (table.max_length and length > table.max_length):
            return None
        weight = score + table.length_weight * length + table.played_weight[self.leave_idx]
        if table.cross_weights:
            for k in range(start, end + 1):
                code = self.wbuf[k]
                if not code & EXISTING_FLAG and self.l_ncross[k]:
                    weight += table.code_weight[code & 127]
        if self.blanks < self.rack_blanks and weight < table.blank_threshold:
            return None
        return weight + table.values[self.leave_idx]

    def _flush(self) -> None:
        """Hand the moves found so far to the chunk callback and start a new chunk."""
        assert self.on_chunk is not None
        chunk = MoveList(self.out, None, self.found + len(self.out))
        self.found += len(self.out)
        self.out = []
        if self.on_chunk(chunk) is False:
            self.stopped = "asked"
            raise _Stop
