# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled move generator: the GADDAG search of :mod:`.pure`, in C.

Same rules, same moves, same scores and the same API as the pure-Python generator
(:class:`wordstudio.crossword.movegen.pure.MoveGenerator`); tests run both against the
oracle and against brute force.  What makes it fast:

* the search works on C arrays in one struct (:mod:`._types`): no Python object is
  touched between the first anchor and the last move;
* what each square allows (cross-check masks) is kept between searches and worked out
  again only along the lines whose tiles changed (:func:`._lines.sync_board`);
* moves are written to one growing byte buffer (score, direction, line, start, length,
  the word's codes), lent to the :class:`MoveList` that the search returns;
* a ranked search (``top=N``) scores each move's equity as it is found - score plus the
  leave value of the tiles kept, plus the knobs that depend on the move alone - and keeps
  the N best in a small heap: only those are written out.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.ref cimport Py_REFCNT
from cpython.time cimport monotonic
from libc.stdlib cimport free, malloc, qsort, realloc
from libc.string cimport memcmp, memcpy, memset

from wordstudio.crossword.movegen._lines cimport compute_anchors, exact_score, sync_board
from wordstudio.crossword.movegen._types cimport (
    BLANK,
    BLOCKED,
    EMPTY,
    EXISTING,
    LMASK,
    MAXLETTERS,
    MAXLINE,
    MAXLINES,
    MAXSQ,
    OFFSET,
    STOP_ASKED,
    STOP_DEADLINE,
    STOP_ERROR,
    STOP_LIMIT,
    Gen,
    Square,
    TopMove,
    child_slot,
    int64_t,
    node_mask,
    uint8_t,
    uint32_t,
    uint64_t,
    ws_ctz,
)

from wordstudio.crossword.movegen.base import (
    DEFAULT_LIMIT,
    STREAM_CHUNK,
    check_board_size,
    line_geometry,
)

cdef uint64_t ALL = ((<uint64_t>1) << 62) - 1


# --- the moves found -------------------------------------------------------------------------
cdef class MoveList:
    """The moves of one search, in the order found (a ranked search: best first).

    A sequence of raw moves ``(direction, line, start, word, score)`` made on demand (see
    :mod:`wordstudio.crossword.movegen`), plus :meth:`score` and :meth:`equity` without
    making one.  ``found`` counts every move the search found (more than ``len()`` when
    moves were streamed to a callback); ``truncated`` says a limit stopped the search,
    ``timed_out`` that its deadline or stop request did.
    """

    cdef uint8_t *out
    cdef uint32_t *offsets
    cdef double *equities
    cdef int64_t count
    # Whether ``out`` and ``offsets`` are this list's own: a C flag, because the garbage
    # collector may clear ``lender`` (a list and its generator refer to each other).
    cdef bint owns
    cdef object lender          # the generator whose buffers these still are, or None
    cdef readonly int64_t found
    cdef readonly int64_t nodes
    cdef readonly bint truncated
    cdef readonly bint timed_out

    def __dealloc__(self):
        if self.owns:
            free(self.out)
            free(self.offsets)
        free(self.equities)

    cdef int _own(self) except -1:
        """Copy the lent buffers (the generator is about to reuse them)."""
        cdef int64_t size = 0
        cdef uint8_t *out
        cdef uint32_t *offsets
        if self.owns:
            return 0
        if self.count:
            size = self.offsets[self.count - 1] + 8 + self.out[self.offsets[self.count - 1] + 7]
        out = <uint8_t *>malloc(size + 1)
        offsets = <uint32_t *>malloc(self.count * sizeof(uint32_t) + 4)
        if out == NULL or offsets == NULL:
            free(out)
            free(offsets)
            raise MemoryError()
        memcpy(out, self.out, size)
        memcpy(offsets, self.offsets, self.count * sizeof(uint32_t))
        self.out = out
        self.offsets = offsets
        self.owns = True
        self.lender = None
        return 0

    def __len__(self):
        return self.count

    cdef int64_t _index(self, i) except -1:
        cdef int64_t k = i
        if k < 0:
            k += self.count
        if not 0 <= k < self.count:
            raise IndexError("move index out of range")
        return k

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.count))]
        cdef const uint8_t *p = self.out + self.offsets[self._index(i)]
        cdef int score
        memcpy(&score, p, 4)
        return (p[4], p[5], p[6], PyBytes_FromStringAndSize(<const char *>p + 8, p[7]), score)

    def __iter__(self):
        cdef int64_t k
        for k in range(self.count):
            yield self[k]

    def score(self, i):
        """The score of move ``i``."""
        cdef int score
        memcpy(&score, self.out + self.offsets[self._index(i)], 4)
        return score

    def equity(self, i):
        """The equity of move ``i`` (a ranked search; otherwise its score)."""
        cdef int64_t k = self._index(i)
        if self.equities == NULL:
            return float(self.score(k))
        return self.equities[k]

    def scores(self):
        """Every move's score, in order."""
        return [self.score(k) for k in range(self.count)]


cdef MoveList _lend(Gen *s, object lender):
    cdef MoveList moves = MoveList.__new__(MoveList)
    moves.out = s.out
    moves.offsets = s.offsets
    moves.count = s.count
    moves.owns = False
    moves.lender = lender
    return moves


# --- the generator ---------------------------------------------------------------------------
cdef class MoveGenerator:
    """Generates moves on one board geometry; reuse it for many positions (see
    :class:`wordstudio.crossword.movegen.pure.MoveGenerator` for the arguments)."""

    cdef Gen *s
    cdef object automata        # keeps the automata's buffers alive
    cdef const uint32_t[::1] gview
    cdef const uint32_t[::1] cview
    cdef MoveList lent
    cdef object error
    cdef readonly list geometry

    def __cinit__(self):
        self.s = <Gen *>malloc(sizeof(Gen))
        if self.s == NULL:
            raise MemoryError()
        memset(self.s, 0, sizeof(Gen))

    def __dealloc__(self):
        if self.s != NULL:
            free(self.s.out)
            free(self.s.offsets)
            free(self.s.heap)
            free(self.s)

    def __init__(self, gaddag_data, int letters, int rows, int cols, letter_mult, word_mult,
                 scores, int bonus_tiles=0, int bonus=0, directions=(0, 1), check_data=None,
                 bint length_squared=False, bint wild_once=False, bint wild_no_plurals=False,
                 int s_letter=-1, int first_row=-1, int first_col=-1, int first_dir=0,
                 int free_form=0):
        cdef Gen *s = self.s
        cdef int d, line, sq, k
        check_board_size(rows, cols)
        self.automata = (gaddag_data, check_data)
        self.gview = gaddag_data
        self.cview = check_data if check_data is not None else gaddag_data
        s.g = &self.gview[0]
        s.c = &self.cview[0]
        s.ms = self.gview[6]
        s.sepbit = (<uint64_t>1) << self.gview[7]
        s.root = self.gview[3]
        s.dawg_root = self.gview[4]
        s.c_root = self.cview[4]
        s.backward = 1 if check_data is not None else 0
        s.nletters = letters
        s.all_letters = ((<uint64_t>1) << letters) - 1
        s.rows = rows
        s.cols = cols
        s.n = rows * cols
        for sq in range(s.n):
            s.lm[sq] = letter_mult[sq]
            s.wm[sq] = word_mult[sq]
        for k in range(len(scores)):
            s.scores[k] = scores[k]
        s.bonus_tiles = bonus_tiles
        s.bonus = bonus
        for d in range(4):
            s.enabled[d] = 1 if d in directions else 0
        s.dr[0], s.dr[1], s.dr[2], s.dr[3] = 0, 1, 1, -1
        s.dc[0], s.dc[1], s.dc[2], s.dc[3] = 1, 0, 1, 1
        s.nd = 4 if (s.enabled[2] or s.enabled[3]) else 2
        s.diagonal_neighbours = 1 if (s.enabled[2] or s.enabled[3]) else 0
        s.lsq = length_squared
        s.wild_once = wild_once
        s.wild_plural = 1 if wild_no_plurals and s_letter >= 0 else 0
        s.s_letter = s_letter
        # The plain cross-check (one automaton walk shared by all letters) is exact only
        # without backward words and wild rules; otherwise each letter is read in full.
        s.fast_cross = 0 if (s.backward or s.wild_once or s.wild_plural) else 1
        s.exact = 1 if (s.lsq or s.wild_plural) else 0
        s.first_row = first_row
        s.first_col = first_col
        s.first_dir = first_dir
        s.free_form = free_form
        self.geometry = [line_geometry(rows, cols, d) for d in range(4)]
        for d in range(4):
            lines = self.geometry[d]
            s.nlines[d] = len(lines)
            for line in range(len(lines)):
                first, length, step = lines[line]
                s.line_first[d][line] = first
                s.line_len[d][line] = length
                s.line_step[d][line] = step
                sq = first
                for k in range(length):
                    s.line_of[d][sq] = line
                    sq += step
        s.out_cap = 1 << 16
        s.out = <uint8_t *>malloc(s.out_cap)
        s.offsets_cap = 1 << 12
        s.offsets = <uint32_t *>malloc(s.offsets_cap * sizeof(uint32_t))
        if s.out == NULL or s.offsets == NULL:
            raise MemoryError()

    # --- public --------------------------------------------------------------------------
    def generate(self, cells, rack_counts, int blanks, anchors=None, owners=None,
                 int player=-1, *, int window=-1, double deadline=0.0, int64_t limit=0,
                 int top=0, equity=None, stop=None, on_chunk=None):
        """Every move for ``rack_counts`` (per letter) plus ``blanks`` on ``cells``, as a
        :class:`MoveList` (see :meth:`.pure.MoveGenerator.generate` for the options)."""
        cdef Gen *s = self.s
        cdef int cbuf[MAXSQ]
        cdef int obuf[MAXSQ]
        cdef int i, d
        cdef const double[::1] leave_values
        cdef const int64_t[::1] played
        cdef const int[::1] strides
        cdef const int64_t[::1] weights
        cdef int64_t start
        cdef MoveList result
        if len(cells) != s.n:
            raise ValueError("the board does not match the generator's")
        self._reclaim()
        for i in range(s.n):
            cbuf[i] = cells[i]
        if owners is not None and s.free_form == 1:
            for i in range(s.n):
                obuf[i] = owners[i]
            sync_board(s, cbuf, obuf)
        else:
            sync_board(s, cbuf, NULL)
        if anchors is None:
            compute_anchors(s, player)
        else:
            for d in range(4):
                mask = anchors[d] if d < len(anchors) else None
                for i in range(s.n):
                    s.anchors[d][i] = 1 if (mask and s.enabled[d] and mask[i]) else 0
        memset(s.rack, 0, sizeof(s.rack))
        s.rack_mask = 0
        for i in range(len(rack_counts)):
            s.rack[i] = rack_counts[i]
            if s.rack[i] > 0:
                s.rack_mask |= (<uint64_t>1) << i
        s.blanks = blanks
        s.rack_blanks = blanks
        s.main_wilds = 0
        _update_can_blank(s)
        s.window = window
        s.best = -(1 << 30)
        s.deadline = deadline
        s.nodes = 0
        s.stopped = 0
        s.count = 0
        s.out_used = 0
        s.found = 0
        s.limit = limit if limit > 0 else (STREAM_CHUNK if on_chunk is not None else DEFAULT_LIMIT)
        s.stop_callback = <void *>stop if stop is not None else NULL
        s.chunk_callback = <void *>on_chunk if on_chunk is not None else NULL
        s.chunk_owner = <void *>self
        self.error = None
        memset(s.stride, 0, sizeof(s.stride))
        s.blank_stride = 0
        s.leave_idx = 0
        s.top = top if top > 0 else 0
        if s.top:
            s.heap = <TopMove *>realloc(s.heap, s.top * sizeof(TopMove))
            if s.heap == NULL:
                raise MemoryError()
            s.heap_used = 0
            if equity is not None:
                leave_values = equity.values
                played = equity.played_weight
                strides = equity.strides
                weights = equity.code_weight
                if strides.shape[0] < 64 or weights.shape[0] < 128 or len(rack_counts) > 64:
                    raise ValueError("the equity tables are malformed")
                start = blanks * equity.blank_stride
                for i in range(len(rack_counts)):
                    start += rack_counts[i] * strides[i]
                if (start != equity.start or leave_values.shape[0] <= start
                        or played.shape[0] <= start):
                    raise ValueError("the equity tables were made for another rack")
                s.leave_value = &leave_values[0]
                s.played_weight = &played[0]
                memcpy(s.stride, &strides[0], 64 * sizeof(int))
                memcpy(s.code_weight, &weights[0], 128 * sizeof(int64_t))
                s.blank_stride = equity.blank_stride
                s.leave_idx = equity.start
                s.length_weight = equity.length_weight
                s.min_score = equity.min_score
                s.max_score = equity.max_score
                s.min_length = equity.min_length
                s.max_length = equity.max_length
                s.blank_threshold = equity.blank_threshold
                s.cross_weights = equity.cross_weights
            else:
                s.leave_value = &_ZERO_D[0]
                s.played_weight = &_ZERO_Q[0]
                memset(s.code_weight, 0, sizeof(s.code_weight))
                s.length_weight = s.min_score = s.max_score = s.min_length = s.max_length = 0
                s.blank_threshold = -(1 << 62)
                s.cross_weights = 0
        for d in range(4):
            if s.enabled[d] and not s.stopped:
                _search_direction(s, d)
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        if s.top:
            result = self._ranked()
        else:
            result = _lend(s, self)
            self.lent = result
        result.found = s.found + s.count if not s.top else s.found
        result.nodes = s.nodes
        result.truncated = s.stopped == STOP_LIMIT
        result.timed_out = s.stopped == STOP_DEADLINE or s.stopped == STOP_ASKED
        return result

    def anchor_masks(self, cells, owners=None, int player=-1):
        """The squares moves may attach to on ``cells``, one bytes per direction (for tests
        against :func:`wordstudio.crossword.rules.anchor_masks`)."""
        cdef int cbuf[MAXSQ]
        cdef int obuf[MAXSQ]
        cdef int i
        for i in range(self.s.n):
            cbuf[i] = cells[i]
            obuf[i] = owners[i] if owners is not None else -1
        sync_board(self.s, cbuf, obuf)
        compute_anchors(self.s, player)
        return [bytes([self.s.anchors[d][i] for i in range(self.s.n)]) for d in range(4)]

    def line_check(self, cells, int square, int direction):
        """(letters allowed for a real tile, for a blank, the tiles' letter sum, has a
        line) for the line through ``square`` along ``direction`` (for tests)."""
        cdef int cbuf[MAXSQ]
        cdef int i
        for i in range(self.s.n):
            cbuf[i] = cells[i]
        sync_board(self.s, cbuf, NULL)
        return (self.s.vm[direction][square], self.s.vmb[direction][square],
                self.s.vcs[direction][square], self.s.vhas[direction][square])

    def square(self, int direction, int line, int start):
        """(row, col) of letter ``start`` of line ``line`` in ``direction``."""
        first, _length, step = self.geometry[direction][line]
        sq = first + start * step
        return sq // self.s.cols, sq % self.s.cols

    # --- internals -----------------------------------------------------------------------
    cdef int _reclaim(self) except -1:
        """Take back the buffers lent to the last search's MoveList, copying them for it
        first if it is still in use."""
        if self.lent is not None:
            if Py_REFCNT(self.lent) > 1:
                self.lent._own()
            else:
                self.lent.count = 0
                self.lent.lender = None
                self.lent.out = NULL
                self.lent.offsets = NULL
            self.lent = None
        return 0

    cdef MoveList _ranked(self):
        """The heap of a ranked search, best first, written out as a MoveList."""
        cdef Gen *s = self.s
        cdef int k
        cdef TopMove *t
        cdef MoveList moves
        qsort(s.heap, s.heap_used, sizeof(TopMove), _compare_top)
        s.count = 0
        s.out_used = 0
        for k in range(s.heap_used):
            t = &s.heap[k]
            if not _append(s, t.direction, t.line, t.start, t.length, t.word, t.score):
                raise MemoryError()
        moves = _lend(s, self)
        self.lent = moves
        moves.equities = <double *>malloc((s.heap_used + 1) * sizeof(double))
        if moves.equities == NULL:
            raise MemoryError()
        for k in range(s.heap_used):
            moves.equities[k] = s.heap[k].equity
        return moves

    cdef int _flush(self) except -1:
        """Hand the moves found so far to the chunk callback and start a new chunk."""
        cdef Gen *s = self.s
        cdef MoveList chunk = _lend(s, self)
        chunk.found = s.found + s.count
        self.lent = chunk
        try:
            keep_going = (<object>s.chunk_callback)(chunk)
        except BaseException as exc:  # noqa: B036 - re-raised by generate()
            self.error = exc
            keep_going = False
        self._reclaim()
        s.found += s.count
        s.count = 0
        s.out_used = 0
        if keep_going is False:
            s.stopped = STOP_ASKED if self.error is None else STOP_ERROR
        return 0

    cdef int _ask_stop(self) except -1:
        try:
            if (<object>self.s.stop_callback)():
                self.s.stopped = STOP_ASKED
        except BaseException as exc:  # noqa: B036 - re-raised by generate()
            self.error = exc
            self.s.stopped = STOP_ERROR
        return 0


cdef double[::1] _ZERO_D = __import__("array").array("d", [0.0] * 4096)
cdef int64_t[::1] _ZERO_Q = __import__("array").array("q", [0] * 4096)


cdef int _compare_top(const void *a, const void *b) noexcept nogil:
    # Best first: a negative result puts ``a`` before ``b``.
    if _better(<const TopMove *>a, <const TopMove *>b):
        return -1
    if _better(<const TopMove *>b, <const TopMove *>a):
        return 1
    return 0


cdef inline bint _better(const TopMove *a, const TopMove *b) noexcept nogil:
    """Does ``a`` rank before ``b``: higher equity, then higher score, then the smaller
    raw move (direction, line, start, word) - an order that does not depend on how the
    search went, so every generator ranks alike."""
    cdef int n, c
    if a.equity != b.equity:
        return a.equity > b.equity
    if a.score != b.score:
        return a.score > b.score
    if a.direction != b.direction:
        return a.direction < b.direction
    if a.line != b.line:
        return a.line < b.line
    if a.start != b.start:
        return a.start < b.start
    n = a.length if a.length < b.length else b.length
    c = memcmp(a.word, b.word, n)
    if c:
        return c < 0
    return a.length < b.length


# --- the search --------------------------------------------------------------------------------
cdef inline void _update_can_blank(Gen *s) noexcept nogil:
    # A blank may be placed while one is left and (one-wild rule) the main word holds none.
    s.can_blank = 1 if s.blanks > 0 and not (s.wild_once and s.main_wilds) else 0


cdef void _poll(Gen *s) noexcept:
    if s.deadline > 0 and monotonic() >= s.deadline:
        s.stopped = STOP_DEADLINE
    elif s.stop_callback != NULL and (s.nodes & 0x3FFF) == 0:
        (<MoveGenerator>s.chunk_owner)._ask_stop()


cdef void _search_direction(Gen *s, int d) noexcept:
    cdef int n = s.n, line, first, length, step, sq, pos, has_anchor, o
    cdef Square *q
    cdef uint64_t skip
    s.direction = d
    for line in range(s.nlines[d]):
        first = s.line_first[d][line]
        length = s.line_len[d][line]
        step = s.line_step[d][line]
        has_anchor = 0
        sq = first
        for pos in range(length):
            if s.anchors[d][sq] and s.cells[sq] == EMPTY:
                has_anchor = 1
                break
            sq += step
        if not has_anchor:
            continue
        sq = first
        for pos in range(length):
            q = &s.L[pos]
            q.sq = sq
            q.tile = s.cells[sq]
            q.lm = s.lm[sq]
            q.wm = s.wm[sq]
            q.anchor = 1 if s.anchors[d][sq] and s.cells[sq] == EMPTY else 0
            # The lines that must be words: the perpendicular one for a straight play,
            # both straight lines for a diagonal play.
            if d < 2:
                o = 1 - d
                q.cross = s.vm[o][sq]
                q.crossb = s.vmb[o][sq]
                q.cscore = s.vcs[o][sq]
                q.ncross = s.vhas[o][sq]
                # A one-tile down play that also makes an across word was recorded by
                # the across pass.
                skip = ALL if (d == 1 and s.vhas[0][sq]) else 0
                q.skip = skip
                q.skipb = skip
            else:
                q.cross = s.vm[0][sq] & s.vm[1][sq]
                q.crossb = s.vmb[0][sq] & s.vmb[1][sq]
                q.cscore = s.vcs[0][sq] + s.vcs[1][sq]
                q.ncross = s.vhas[0][sq] + s.vhas[1][sq]
                # One-tile plays: the straight passes come first, and the down-right
                # diagonal before the up-right one.
                skip = ALL if (s.vhas[0][sq] or s.vhas[1][sq]) else 0
                if d == 3 and not skip and s.enabled[2] and s.vhas[2][sq]:
                    q.skip = s.vm[2][sq]
                    q.skipb = s.vmb[2][sq]
                else:
                    q.skip = skip
                    q.skipb = skip
            sq += step
        s.llen = length
        s.line = line
        for pos in range(length):
            if s.L[pos].anchor:
                s.anchor = pos
                s.anchor_right_free = 1 if (pos + 1 >= length or s.L[pos + 1].tile < 0) else 0
                s.anchor_can_right = 1 if (pos + 1 < length and s.L[pos + 1].tile != BLOCKED) else 0
                _left(s, pos, s.root, node_mask(s.g, s.ms, s.root), 0, 1, 0, 0)
                if s.stopped:
                    return


cdef void _left(Gen *s, int pos, uint32_t node, uint64_t nmask, int main, int wmult,
                int cross, int nplaced) noexcept:
    """Place or read the square at ``pos`` (<= anchor), going leftwards; ``nmask`` is
    ``node``'s child mask (the caller has read it already)."""
    cdef const uint32_t *g = s.g
    cdef int ms = s.ms
    cdef Square *L = s.L
    cdef int anchor = s.anchor
    cdef uint64_t left_tile_bit = 0, next_cross = 0, next_crossb = 0, next_blank
    cdef uint64_t bit, mask, real, blank, nm, own_cross, crossb
    cdef int free_left, can_left, record, go_right, tile, letter, m2, c2, lm, wm, w2, cs, nc
    cdef int value
    cdef uint32_t slot, nxt, sep
    s.nodes += 1
    if (s.nodes & 1023) == 0 and (s.deadline > 0 or s.stop_callback != NULL):
        _poll(s)
    if s.stopped:
        return
    if pos == 0:
        free_left = 1
        can_left = 0
    else:
        tile = L[pos - 1].tile
        free_left = tile < 0
        can_left = tile >= 0 or (tile != BLOCKED and not L[pos - 1].anchor)
        if tile >= 0:
            left_tile_bit = (<uint64_t>1) << (tile & LMASK)
        else:
            next_cross = L[pos - 1].cross
            next_crossb = L[pos - 1].crossb
    # A word may end at the anchor when nothing follows it, and may turn right (through
    # the separator) when the square before ``pos`` is free.
    record = free_left and s.anchor_right_free
    go_right = free_left and s.anchor_can_right
    tile = L[pos].tile
    if tile >= 0:
        letter = tile & LMASK
        bit = (<uint64_t>1) << letter
        if not (nmask & bit):
            return
        if tile & BLANK:
            if s.wild_once and s.main_wilds:
                return
            s.main_wilds += 1
            _update_can_blank(s)
            m2 = main
        else:
            m2 = main + s.scores[letter]
        s.wbuf[pos] = tile | EXISTING
        slot = child_slot(g, ms, node, nmask, bit)
        if record and slot > OFFSET:
            _record(s, pos, anchor, m2 * wmult + cross, nplaced)
        nxt = slot & OFFSET
        nm = node_mask(g, ms, nxt)
        # Prune before calling: the next square must offer some letter.
        if can_left and nm & (left_tile_bit if left_tile_bit else (
                next_cross & s.rack_mask | (next_crossb if s.can_blank else 0))):
            _left(s, pos - 1, nxt, nm, m2, wmult, cross, nplaced)
        if go_right and nm & s.sepbit:
            sep = child_slot(g, ms, nxt, nm, s.sepbit) & OFFSET
            _right(s, anchor + 1, sep, node_mask(g, ms, sep), pos, m2, wmult, cross, nplaced)
        if tile & BLANK:
            s.main_wilds -= 1
            _update_can_blank(s)
        return
    # An empty square: each rack letter the automaton and the cross-checks allow.
    crossb = L[pos].crossb if s.can_blank else 0
    own_cross = L[pos].cross
    mask = nmask & (own_cross & s.rack_mask | crossb)
    if not mask:
        return
    lm = L[pos].lm
    wm = L[pos].wm
    w2 = wmult * wm
    cs = L[pos].cscore
    nc = L[pos].ncross
    # pos < anchor: a one-letter main word is no move.
    record = record and pos < anchor
    real = mask & own_cross & s.rack_mask
    next_blank = next_crossb if s.can_blank else 0
    while real:
        bit = real & (~real + 1)
        real ^= bit
        letter = ws_ctz(bit)
        slot = child_slot(g, ms, node, nmask, bit)
        nxt = slot & OFFSET
        value = s.scores[letter] * lm
        s.rack[letter] -= 1
        if s.rack[letter] == 0:
            s.rack_mask ^= bit
        s.leave_idx -= s.stride[letter]
        s.wbuf[pos] = letter
        m2 = main + value
        c2 = cross + (cs + nc * value) * wm if nc else cross
        if record and slot > OFFSET:
            _record(s, pos, anchor, m2 * w2 + c2, nplaced + 1)
        nm = node_mask(g, ms, nxt)
        if can_left and nm & (left_tile_bit if left_tile_bit else (
                next_cross & s.rack_mask | next_blank)):
            _left(s, pos - 1, nxt, nm, m2, w2, c2, nplaced + 1)
        if go_right and nm & s.sepbit:
            sep = child_slot(g, ms, nxt, nm, s.sepbit) & OFFSET
            _right(s, anchor + 1, sep, node_mask(g, ms, sep), pos, m2, w2, c2, nplaced + 1)
        s.leave_idx += s.stride[letter]
        if s.rack[letter] == 0:
            s.rack_mask |= bit
        s.rack[letter] += 1
    blank = mask & crossb
    while blank:
        bit = blank & (~blank + 1)
        blank ^= bit
        letter = ws_ctz(bit)
        slot = child_slot(g, ms, node, nmask, bit)
        nxt = slot & OFFSET
        s.blanks -= 1
        s.main_wilds += 1
        _update_can_blank(s)
        s.leave_idx -= s.blank_stride
        s.wbuf[pos] = letter | BLANK
        c2 = cross + cs * wm if nc else cross
        if record and slot > OFFSET:
            _record(s, pos, anchor, main * w2 + c2, nplaced + 1)
        nm = node_mask(g, ms, nxt)
        if can_left and nm & (left_tile_bit if left_tile_bit else (
                next_cross & s.rack_mask | (next_crossb if s.can_blank else 0))):
            _left(s, pos - 1, nxt, nm, main, w2, c2, nplaced + 1)
        if go_right and nm & s.sepbit:
            sep = child_slot(g, ms, nxt, nm, s.sepbit) & OFFSET
            _right(s, anchor + 1, sep, node_mask(g, ms, sep), pos, main, w2, c2, nplaced + 1)
        s.leave_idx += s.blank_stride
        s.blanks += 1
        s.main_wilds -= 1
        _update_can_blank(s)


cdef void _right(Gen *s, int pos, uint32_t node, uint64_t nmask, int start, int main,
                 int wmult, int cross, int nplaced) noexcept:
    """Place or read the square at ``pos`` (> anchor), going rightwards; ``nmask`` is
    ``node``'s child mask."""
    cdef const uint32_t *g = s.g
    cdef int ms = s.ms
    cdef Square *L = s.L
    cdef uint64_t right_tile_bit = 0, next_cross = 0, next_crossb = 0, next_blank
    cdef uint64_t bit, mask, real, blank, own_cross, crossb, nm
    cdef int free_right, can_right, tile, letter, m2, c2, lm, wm, w2, cs, nc, value
    cdef uint32_t slot, nxt
    s.nodes += 1
    if (s.nodes & 1023) == 0 and (s.deadline > 0 or s.stop_callback != NULL):
        _poll(s)
    if s.stopped:
        return
    if pos + 1 >= s.llen:
        free_right = 1
        can_right = 0
    else:
        tile = L[pos + 1].tile
        free_right = tile < 0
        can_right = tile != BLOCKED
        if tile >= 0:
            right_tile_bit = (<uint64_t>1) << (tile & LMASK)
        else:
            next_cross = L[pos + 1].cross
            next_crossb = L[pos + 1].crossb
    tile = L[pos].tile
    if tile >= 0:
        letter = tile & LMASK
        bit = (<uint64_t>1) << letter
        if not (nmask & bit):
            return
        if tile & BLANK:
            if s.wild_once and s.main_wilds:
                return
            s.main_wilds += 1
            _update_can_blank(s)
            m2 = main
        else:
            m2 = main + s.scores[letter]
        s.wbuf[pos] = tile | EXISTING
        slot = child_slot(g, ms, node, nmask, bit)
        if free_right and slot > OFFSET:
            _record(s, start, pos, m2 * wmult + cross, nplaced)
        if can_right:
            nxt = slot & OFFSET
            nm = node_mask(g, ms, nxt)
            if nm & (right_tile_bit if right_tile_bit else (
                    next_cross & s.rack_mask | (next_crossb if s.can_blank else 0))):
                _right(s, pos + 1, nxt, nm, start, m2, wmult, cross, nplaced)
        if tile & BLANK:
            s.main_wilds -= 1
            _update_can_blank(s)
        return
    crossb = L[pos].crossb if s.can_blank else 0
    own_cross = L[pos].cross
    mask = nmask & (own_cross & s.rack_mask | crossb)
    if not mask:
        return
    lm = L[pos].lm
    wm = L[pos].wm
    w2 = wmult * wm
    cs = L[pos].cscore
    nc = L[pos].ncross
    real = mask & own_cross & s.rack_mask
    next_blank = next_crossb if s.can_blank else 0
    while real:
        bit = real & (~real + 1)
        real ^= bit
        letter = ws_ctz(bit)
        value = s.scores[letter] * lm
        s.rack[letter] -= 1
        if s.rack[letter] == 0:
            s.rack_mask ^= bit
        s.leave_idx -= s.stride[letter]
        s.wbuf[pos] = letter
        m2 = main + value
        c2 = cross + (cs + nc * value) * wm if nc else cross
        slot = child_slot(g, ms, node, nmask, bit)
        if free_right and slot > OFFSET:
            _record(s, start, pos, m2 * w2 + c2, nplaced + 1)
        if can_right:
            nxt = slot & OFFSET
            nm = node_mask(g, ms, nxt)
            if nm & (right_tile_bit if right_tile_bit else (
                    next_cross & s.rack_mask | next_blank)):
                _right(s, pos + 1, nxt, nm, start, m2, w2, c2, nplaced + 1)
        s.leave_idx += s.stride[letter]
        if s.rack[letter] == 0:
            s.rack_mask |= bit
        s.rack[letter] += 1
    blank = mask & crossb
    while blank:
        bit = blank & (~blank + 1)
        blank ^= bit
        letter = ws_ctz(bit)
        s.blanks -= 1
        s.main_wilds += 1
        _update_can_blank(s)
        s.leave_idx -= s.blank_stride
        s.wbuf[pos] = letter | BLANK
        c2 = cross + cs * wm if nc else cross
        slot = child_slot(g, ms, node, nmask, bit)
        if free_right and slot > OFFSET:
            _record(s, start, pos, main * w2 + c2, nplaced + 1)
        if can_right:
            nxt = slot & OFFSET
            nm = node_mask(g, ms, nxt)
            if nm & (right_tile_bit if right_tile_bit else (
                    next_cross & s.rack_mask | (next_crossb if s.can_blank else 0))):
                _right(s, pos + 1, nxt, nm, start, main, w2, c2, nplaced + 1)
        s.leave_idx += s.blank_stride
        s.blanks += 1
        s.main_wilds -= 1
        _update_can_blank(s)


# --- recording ---------------------------------------------------------------------------------
cdef void _record(Gen *s, int start, int end, int score, int nplaced) noexcept:
    cdef int k, code, length
    cdef int64_t weight
    cdef double equity
    if s.stopped:
        # The loops of the frames still unwinding may offer more moves: none are taken.
        return
    if nplaced == 1 and s.direction > 0:
        # A single tile that an earlier direction pass recorded is not recorded again.
        for k in range(start, end + 1):
            code = s.wbuf[k]
            if not (code & EXISTING):
                if (s.L[k].skipb if code & BLANK else s.L[k].skip) & ((<uint64_t>1) << (code & LMASK)):
                    return
                break
    if s.exact:
        k = exact_score(s, start, end)
        if k < 0:
            return
        if s.lsq:
            score = k
    if s.bonus_tiles > 0 and nplaced == s.bonus_tiles:
        score += s.bonus
    if s.window >= 0:
        if score < s.best - s.window:
            return
        if score > s.best:
            s.best = score
    length = end - start + 1
    if not s.top:
        if s.count >= s.limit:
            if s.chunk_callback == NULL:
                s.stopped = STOP_LIMIT
                return
            (<MoveGenerator>s.chunk_owner)._flush()
            if s.stopped:
                return
        if not _append(s, s.direction, s.line, start, length, s.wbuf + start, score):
            s.stopped = STOP_ERROR
            (<MoveGenerator>s.chunk_owner).error = MemoryError()
        return
    # A ranked search: the knobs that rule a move out, then its equity.
    s.found += 1
    if score < s.min_score or (s.max_score and score > s.max_score):
        return
    if length < s.min_length or (s.max_length and length > s.max_length):
        return
    weight = score + <int64_t>s.length_weight * length + s.played_weight[s.leave_idx]
    if s.cross_weights:
        for k in range(start, end + 1):
            code = s.wbuf[k]
            if not (code & EXISTING) and s.L[k].ncross:
                weight += s.code_weight[code & 127]
    if s.blanks < s.rack_blanks and weight < s.blank_threshold:
        return
    equity = <double>weight + s.leave_value[s.leave_idx]
    _offer(s, equity, score, start, length)


cdef void _offer(Gen *s, double equity, int score, int start, int length) noexcept:
    """Keep the move in the top-N heap (worst at the root) if it ranks high enough."""
    cdef TopMove cand
    cdef TopMove *heap = s.heap
    cdef int i, child, n
    if s.heap_used == s.top and equity < heap[0].equity:
        return
    cand.equity = equity
    cand.score = score
    cand.direction = s.direction
    cand.line = s.line
    cand.start = start
    cand.length = length
    memcpy(cand.word, s.wbuf + start, length)
    if s.heap_used < s.top:
        # Sift up.
        i = s.heap_used
        s.heap_used += 1
        while i > 0 and _better(&heap[(i - 1) // 2], &cand):
            heap[i] = heap[(i - 1) // 2]
            i = (i - 1) // 2
        heap[i] = cand
        return
    if not _better(&cand, &heap[0]):
        return
    # Replace the root and sift down.
    n = s.heap_used
    i = 0
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n and _better(&heap[child], &heap[child + 1]):
            child += 1
        if not _better(&cand, &heap[child]):
            break
        heap[i] = heap[child]
        i = child
    heap[i] = cand


cdef bint _append(Gen *s, int direction, int line, int start, int length,
                  const uint8_t *word, int score) noexcept:
    """Write one move to the output buffer (False when memory ran out)."""
    cdef int64_t need = 8 + length, cap
    cdef uint8_t *p
    cdef void *grown
    if s.out_used + need > s.out_cap:
        cap = s.out_cap * 2
        while cap < s.out_used + need:
            cap *= 2
        grown = realloc(s.out, cap)
        if grown == NULL:
            return False
        s.out = <uint8_t *>grown
        s.out_cap = cap
    if s.count >= s.offsets_cap:
        grown = realloc(s.offsets, s.offsets_cap * 2 * sizeof(uint32_t))
        if grown == NULL:
            return False
        s.offsets = <uint32_t *>grown
        s.offsets_cap *= 2
    p = s.out + s.out_used
    memcpy(p, &score, 4)
    p[4] = direction
    p[5] = line
    p[6] = start
    p[7] = length
    memcpy(p + 8, word, length)
    s.offsets[s.count] = <uint32_t>s.out_used
    s.out_used += need
    s.count += 1
    return True
