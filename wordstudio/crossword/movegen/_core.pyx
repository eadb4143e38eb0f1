# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled move generator's Python face: :class:`MoveGenerator` and :class:`MoveList`.

Same rules, same moves, same scores and the same API as the pure-Python generator
(:class:`wordstudio.crossword.movegen.pure.MoveGenerator`); tests run both against the
oracle and against brute force.  What makes it fast:

* the search (:mod:`._search`) works on C arrays in one struct (:mod:`._types`): no
  Python object is touched between the first anchor and the last move;
* what each square allows (cross-check masks) is kept between searches and worked out
  again only along the lines whose tiles changed (:func:`._lines.sync_board`);
* moves are written to one growing byte buffer (score, direction, line, start, length,
  the word's codes), lent to the :class:`MoveList` that the search returns;
* a ranked search (``top=N``) scores each move's equity as it is found - score plus the
  leave value of the tiles kept, plus the knobs that depend on the move alone - and keeps
  the N best in a small heap: only those are written out.
"""

cimport cython
from cpython.array cimport array as carray
from cpython.array cimport clone
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.ref cimport Py_REFCNT
from libc.stdlib cimport free, malloc, qsort, realloc
from libc.string cimport memcpy, memset

from wordstudio.crossword.movegen._lines cimport compute_anchors, sync_board
from wordstudio.crossword.movegen._search cimport append_move, compare_top, search_direction
from wordstudio.crossword.movegen._types cimport (
    MAXLETTERS,
    MAXSQ,
    STOP_ASKED,
    STOP_DEADLINE,
    STOP_ERROR,
    STOP_LIMIT,
    Gen,
    TopMove,
    int64_t,
    uint8_t,
    uint32_t,
    uint64_t,
    update_can_blank,
)

from wordstudio.crossword.movegen.base import (
    DEFAULT_LIMIT,
    STREAM_CHUNK,
    check_board_size,
    line_geometry,
)

# --- the moves found -------------------------------------------------------------------------
cdef class MoveList:
    """The moves of one search, in the order found (a ranked search: best first).

    A sequence of raw moves ``(direction, line, start, word, score)`` made on demand (see
    :mod:`wordstudio.crossword.movegen`), plus :meth:`score` and :meth:`equity` without
    making one.  ``found`` counts every move the search found (more than ``len()`` when
    moves were streamed to a callback); ``nodes`` the steps the search took;
    ``truncated`` says a limit stopped the search, ``timed_out`` that its deadline or
    stop request did.
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
    cdef public object error    # raised by generate() when the search ended on an error
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
        # Searches start from groups of tiles where the game's own anchored rules hold
        # on a board with tiles; anchors given by the caller, first moves, free-form and
        # territorial play start from each anchor square.
        s.groups = 1 if (anchors is None and s.free_form == 0 and s.tiles_on_board > 0) else 0
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
        update_can_blank(s)
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
                search_direction(s, d)
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        if s.stopped == STOP_ERROR:
            raise MemoryError("no memory left for the moves found")
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

    def state_address(self):
        """The address of the search's C state (a ``Gen``), for compiled searches built on
        this generator (:mod:`wordstudio.crossword.players.endgames._exact` copies it); the
        generator must outlive them."""
        return <size_t>self.s

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
        qsort(s.heap, s.heap_used, sizeof(TopMove), compare_top)
        s.count = 0
        s.out_used = 0
        for k in range(s.heap_used):
            t = &s.heap[k]
            if not append_move(s, t.direction, t.line, t.start, t.length, t.word, t.score):
                raise MemoryError()
        moves = _lend(s, self)
        self.lent = moves
        moves.equities = <double *>malloc((s.heap_used + 1) * sizeof(double))
        if moves.equities == NULL:
            raise MemoryError()
        for k in range(s.heap_used):
            moves.equities[k] = s.heap[k].equity
        return moves

    def flush(self):
        """Hand the moves found so far to the chunk callback and start a new chunk (the
        search calls this when a chunk is full)."""
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


# --- a ranked search's tables for one rack ------------------------------------------------------
def fill_rack_equity(double[::1] values, int64_t[::1] played, const int[::1] counts,
                     const int[::1] strides, const int64_t[::1] weights,
                     const double[::1] copies, int most, const double[::1] pairs,
                     const int[::1] vowel, const double[::1] balance, bint with_values):
    """Fill a rack's leave values and played weights by leave index
    (:class:`~wordstudio.crossword.movegen.equity.RackEquity`): every subset of the rack,
    kinds of tile in leave order.  A value is summed in the order of
    :class:`~wordstudio.crossword.movegen.equity.LeaveParts` - the order the leave table
    sums it in - so both give the same number to the last bit."""
    cdef int kinds = counts.shape[0]
    cdef int keep[64]
    cdef int i, j, k, index, kept, vowels, tiles = 0, width
    cdef double total
    cdef int64_t weight
    if kinds > 64:
        raise ValueError("too many kinds of tile on one rack")
    for k in range(kinds):
        keep[k] = 0
        tiles += counts[k]
    width = tiles + 1
    while True:
        index = 0
        kept = 0
        vowels = 0
        weight = 0
        total = 0.0
        for k in range(kinds):
            index += keep[k] * strides[k]
            weight += (counts[k] - keep[k]) * weights[k]
            kept += keep[k]
            if with_values:
                for j in range(keep[k]):
                    total += copies[k * most + j]
                if vowel[k]:
                    vowels += keep[k]
        if with_values and kept:
            for i in range(kinds):
                if keep[i]:
                    for j in range(i + 1, kinds):
                        if keep[j]:
                            total += pairs[i * kinds + j]
            total += balance[kept * width + vowels]
        values[index] = total
        played[index] = weight
        # The next subset: an odometer whose digits are the copies kept of each kind.
        k = 0
        while k < kinds:
            if keep[k] < counts[k]:
                keep[k] += 1
                break
            keep[k] = 0
            k += 1
        if k == kinds:
            break


# --- a leave table laid out once, every rack's tables in one call -------------------------------
cdef enum:
    PLAN_KINDS = MAXLETTERS + 1   # the letters, then the blank
    PLAN_TILES = 32               # racks of up to this many tiles (the most copies of one too)
    PLAN_LEAVES = 1 << 16         # equity.MAX_LEAVES


#: The most tiles (and copies of one tile) on a rack a :class:`RackPlan` covers.
RACK_PLAN_TILES = PLAN_TILES

cdef carray _DOUBLES = __import__("array").array("d")
cdef carray _INT64S = __import__("array").array("q")
cdef carray _INTS = __import__("array").array("i")


@cython.auto_pickle(False)
cdef class RackPlan:
    """A leave table and a player's tile weights laid out for one alphabet, so that the
    tables of a ranked search for any rack (:class:`~.equity.RackEquity`) are filled by
    one call, :meth:`fill`, with no Python object per leave.

    Made once per leave table, alphabet and knobs from the table's
    :class:`~.equity.LeaveParts` (``equity.rack_plan``): by kind of tile (letter code;
    the blank after the letters) the value of each copy kept, of each pair of kinds kept,
    whether it is a vowel, and its letter weight; the value of the vowel balance by tiles
    kept.  A leave's value is summed as :func:`fill_rack_equity` sums it - the order the
    leave table uses - so the numbers are the same to the last bit."""

    cdef int letters                              # kinds 0..letters-1; the blank is `letters`
    cdef int order[PLAN_KINDS]                    # the kinds in leave order (blank last)
    cdef double single[PLAN_KINDS][PLAN_TILES]    # the value of the (j+1)-th copy kept
    cdef double pair[PLAN_KINDS][PLAN_KINDS]      # [a][b]: a before b in leave order
    cdef int vowel[PLAN_KINDS]
    cdef int64_t weight[PLAN_KINDS]
    cdef double balance[PLAN_TILES + 1][PLAN_TILES + 1]
    cdef bint with_values
    #: What every rack's tables share (the knobs, the leave values' evaluator).
    cdef readonly dict shared

    def __init__(self, int letters, order, single, pair, vowel, weight, balance,
                 bint with_values, dict shared):
        """``order``: the kinds in leave order; ``single[kind]``, ``pair[a][b]``,
        ``vowel[kind]``, ``weight[kind]`` by kind, ``balance[n][v]`` by tiles kept - as
        many as given (the rest 0); ``shared``: see :meth:`fill`."""
        cdef int a, b
        if (not 0 < letters < PLAN_KINDS
                or sorted(order) != list(range(letters + 1))):
            raise ValueError("a plan needs one to 64 letters and the blank, each in the order once")
        memset(self.single, 0, sizeof(self.single))
        memset(self.pair, 0, sizeof(self.pair))
        memset(self.balance, 0, sizeof(self.balance))
        self.letters = letters
        self.with_values = with_values
        self.shared = shared
        for a in range(letters + 1):
            self.order[a] = order[a]
            self.vowel[a] = 1 if vowel[a] else 0
            self.weight[a] = weight[a]
            for b, value in enumerate(single[a][:PLAN_TILES]):
                self.single[a][b] = value
            for b, value in enumerate(pair[a][:letters + 1]):
                self.pair[a][b] = value
        for a, row in enumerate(balance[:PLAN_TILES + 1]):
            for b, value in enumerate(row[:PLAN_TILES + 1]):
                self.balance[a][b] = value

    def fill(self, dict tables, rack_counts, int blanks):
        """Put a rack's tables into ``tables`` (a :class:`~.equity.RackEquity`'s
        attributes): ``values``, ``played_weight``, ``strides``, ``blank_stride`` and
        ``start`` for a rack holding ``rack_counts[code]`` of each letter and ``blanks``
        blanks, and the attributes every rack shares (``shared``).  False, and nothing
        put, for a rack this plan does not cover (more than 32 tiles, a letter past the
        alphabet, more than 65,536 leaves): those are filled the general way."""
        cdef list counts_list = rack_counts if type(rack_counts) is list else list(rack_counts)
        cdef int n = len(counts_list)
        cdef int kinds = 0, tiles = 0, code, count, r, kind, size = 1, blank_stride = 0
        cdef int counts[PLAN_KINDS]
        cdef int held_kind[PLAN_KINDS]
        cdef int held_count[PLAN_KINDS]
        cdef int held_stride[PLAN_KINDS]
        cdef int64_t played_all = 0
        cdef carray strides, values, played
        cdef int *stride
        if n > self.letters or blanks < 0:
            return False
        strides = clone(_INTS, 64, True)
        stride = strides.data.as_ints
        # Strides by letter code, the blank's last (the generator's leave index).
        for code in range(n):
            count = counts_list[code]
            if count < 0:
                return False
            counts[code] = count
            if count:
                stride[code] = size
                size *= count + 1
                tiles += count
                if size > PLAN_LEAVES or tiles > PLAN_TILES:
                    return False
        for code in range(n, self.letters):
            counts[code] = 0
        counts[self.letters] = blanks
        if blanks:
            blank_stride = size
            size *= blanks + 1
            tiles += blanks
            if size > PLAN_LEAVES or tiles > PLAN_TILES:
                return False
        # The kinds held, in leave order (the order their values are summed in).
        for r in range(self.letters + 1):
            kind = self.order[r]
            count = counts[kind]
            if count:
                held_kind[kinds] = kind
                held_count[kinds] = count
                held_stride[kinds] = blank_stride if kind == self.letters else stride[kind]
                played_all += count * self.weight[kind]
                kinds += 1
        values = clone(_DOUBLES, size, False)
        played = clone(_INT64S, size, False)
        self._fill(values.data.as_doubles, <int64_t *>played.data.as_voidptr, kinds,
                   held_kind, held_count, held_stride, played_all)
        tables.update(self.shared)
        tables["values"] = values
        tables["played_weight"] = played
        tables["strides"] = strides
        tables["blank_stride"] = blank_stride
        tables["start"] = size - 1
        return True

    cdef void _fill(self, double *values, int64_t *played, int kinds, const int *kind,
                    const int *count, const int *stride, int64_t played_all) noexcept:
        """Every subset of the rack, by an odometer over the copies kept of each kind but
        the last (kinds in leave order, the last but one turning fastest), each of its
        states with every number of copies kept of the last kind.

        A leave's value is summed in leave order, as the leave table sums it: the copies
        kind by kind, then the pairs of kinds kept (first kind, then second, in leave
        order), then the balance.  The copies' running sum after each kind (``sums``) and
        the kinds kept (``kept_kinds``) change only from the digit that turned.  The
        leaves that differ in the last kind alone add the same pairs, those with the last
        kind also its pair with each kind kept, as the last of that kind's pairs: they
        are summed side by side (``totals``), one pass over the pairs for them all."""
        cdef int keep[PLAN_KINDS]
        cdef double sums[PLAN_KINDS + 1]  # sums[k + 1]: the copies of kinds 0..k kept
        cdef int before[PLAN_KINDS]       # kinds kept before kind k: its place in kept_kinds
        cdef int kept_kinds[PLAN_KINDS]
        cdef double totals[PLAN_TILES + 1]
        cdef int k, m, a, i, j, c, index = 0, kept = 0, vowels = 0, present = 0
        cdef int last, last_count, last_stride, last_vowel
        cdef int64_t weight = played_all, last_weight
        cdef double x, with_none, with_one
        cdef const double *row
        if kinds == 0:
            values[0] = 0.0
            played[0] = weight
            return
        kinds -= 1  # the odometer's kinds; the last is the leaves' own
        last = kind[kinds]
        last_count = count[kinds]
        last_stride = stride[kinds]
        last_vowel = self.vowel[last]
        last_weight = self.weight[last]
        sums[0] = 0.0
        for k in range(kinds):
            keep[k] = 0
            sums[k + 1] = 0.0
            before[k] = 0
        while True:
            if not self.with_values:
                for c in range(last_count + 1):
                    values[index + c * last_stride] = 0.0
            elif last_count == 1:  # the usual case, two sums side by side
                with_none = sums[kinds]
                with_one = sums[kinds] + self.single[last][0]
                for i in range(present):
                    row = &self.pair[kept_kinds[i]][0]
                    for j in range(i + 1, present):
                        x = row[kept_kinds[j]]
                        with_none += x
                        with_one += x
                    with_one += row[last]
                values[index] = (with_none + self.balance[kept][vowels]) if kept else 0.0
                values[index + last_stride] = with_one + self.balance[kept + 1][vowels + last_vowel]
            else:
                totals[0] = sums[kinds]
                for c in range(1, last_count + 1):
                    totals[c] = totals[c - 1] + self.single[last][c - 1]
                for i in range(present):
                    row = &self.pair[kept_kinds[i]][0]
                    for j in range(i + 1, present):
                        x = row[kept_kinds[j]]
                        for c in range(last_count + 1):
                            totals[c] += x
                    x = row[last]
                    for c in range(1, last_count + 1):
                        totals[c] += x
                values[index] = (totals[0] + self.balance[kept][vowels]) if kept else 0.0
                for c in range(1, last_count + 1):
                    values[index + c * last_stride] = (
                        totals[c] + self.balance[kept + c][vowels + c * last_vowel])
            for c in range(last_count + 1):
                played[index + c * last_stride] = weight - c * last_weight
            # The next state: the last kind (of the odometer's) not yet all kept keeps one
            # more copy, and the kinds after it none.
            k = kinds - 1
            while k >= 0 and keep[k] == count[k]:
                a = kind[k]
                index -= keep[k] * stride[k]
                kept -= keep[k]
                vowels -= keep[k] * self.vowel[a]
                weight += keep[k] * self.weight[a]
                keep[k] = 0
                k -= 1
            if k < 0:
                break
            a = kind[k]
            if keep[k] == 0:
                kept_kinds[before[k]] = a
            keep[k] += 1
            index += stride[k]
            kept += 1
            vowels += self.vowel[a]
            weight -= self.weight[a]
            sums[k + 1] += self.single[a][keep[k] - 1]
            present = before[k] + 1
            for m in range(k + 1, kinds):
                sums[m + 1] = sums[k + 1]
                before[m] = present


cdef double[::1] _ZERO_D = __import__("array").array("d", [0.0] * 4096)
cdef int64_t[::1] _ZERO_Q = __import__("array").array("q", [0] * 4096)


