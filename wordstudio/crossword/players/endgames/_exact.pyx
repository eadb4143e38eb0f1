# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The exact end game's search in C: :class:`EndgameSearch`.

The same search as :class:`wordstudio.crossword.players.endgames.exact.Solver` - negamax with
alpha-beta, principal variation search, proven bounds, a transposition table, iterative
deepening driven from Python, a forced pass that costs no depth, the frontier valued by
the tiles left - with no Python object between the root's moves and the leaves:

* the board, both racks (letter counts and blanks) and the Zobrist key live in C arrays,
  changed in place as moves are made and taken back;
* each node's moves come from the compiled move generator's search (a private copy of
  the generator's C state, :func:`~._lines.sync_squares` working out again only the
  squares a move changed, and a cache of what a line's squares allow by its tiles)
  straight into an arena of fixed-size move records, sorted in C: going out first, then
  by score plus the value of the tiles played, the pass last;
* a node one move from the depth limit reads its best way out and its best other move
  off that list (the order is the limit's value), without playing them;
* a node's moves are worked out from a list made above it where there is one: the list of
  the opponent's moves a node makes once it has a second child to search (itself worked
  out from the opponent's own list at the parent), else the node's grandparent's own
  list (the same player's, before the two plays since).  The moves of that list his rack
  still holds that touch nothing the plays since changed - no square they filled, no
  square at the end of a run of tiles through a new tile (what a square allows along a
  line depends on the tiles next to it along that line alone), no word they lengthen -
  stand with the same words and scores; the rest is found by a search from those changed
  squares alone (the generator's anchors, restricted to them).  On the standard rules
  (two directions, anchored play, words read forwards) this is the same list as a
  search of the whole board (tests check it list by list), found in a fraction of the
  time; other rules search the whole board.  Lists keep every way out; only the best is
  searched below the root (going out ends the game);
* the transposition table is an array of fixed entries in buckets of two, the one worth
  less (not proven, searched less deep) replaced first; each keeps whole the move to
  try first and the move that proves the node's low bound, so the table's move is tried
  before the node's moves are even generated, and a line can be read back (a proven
  line's nodes whose entries were replaced are solved again to read it on);
* depths are chosen in Python (:func:`~wordstudio.crossword.players.endgames.exact.
  depths_to_the_end`); helper processes may search into the same table, in shared
  memory with a lock per bucket (:mod:`~wordstudio.crossword.players.endgames.native`).

Values, proven bounds and the rules of the end (going out collects the opponent's tiles
``out_factor`` times; two passes in a row end the game, both racks deducted when the
rules deduct) are the Python solver's; tests hold both to a plain full minimax.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.time cimport monotonic
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcmp, memcpy, memmove, memset

from wordstudio.crossword.movegen._lines cimport compute_anchors, sync_board, sync_squares
from wordstudio.crossword.movegen._search cimport search_direction
from wordstudio.crossword.movegen._types cimport (
    BLANK,
    EXISTING,
    LMASK,
    MAXLINE,
    MAXSQ,
    STOP_ERROR,
    Gen,
    int64_t,
    uint8_t,
    uint32_t,
    uint64_t,
    update_can_blank,
)

from libc.stdint cimport int16_t, int32_t

cdef enum:
    MAXRACK = 31             # tiles on one rack, at most (a rack code per count)
    NLETTERS = 65            # letter codes 0-63, and 64 for the blank
    KIND_NONE = 0
    KIND_PASS = 1
    KIND_PLAY = 2
    F_EXACT = 0
    F_LOWER = 1
    F_UPPER = 2
    CHECK_MASK = 255         # nodes between two looks at the clock and the stop request
    TABLE_HEADER = 64        # bytes before a shared table's entries (the stop word)
    MAXPLY = 72              # plies below the root (a line is at most 2 * tiles + 2 long)
    LINE_CACHE = 1 << 15     # lines whose squares' cross-checks are kept (12 MB on 15x15)

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline void ws_lock(volatile unsigned int *l) {
        while (_InterlockedExchange((volatile long *)l, 1)) { }
    }
    static __inline void ws_unlock(volatile unsigned int *l) { _InterlockedExchange((volatile long *)l, 0); }
    #else
    static inline void ws_lock(volatile unsigned int *l) {
        while (__atomic_exchange_n(l, 1u, __ATOMIC_ACQUIRE)) { }
    }
    static inline void ws_unlock(volatile unsigned int *l) { __atomic_store_n(l, 0u, __ATOMIC_RELEASE); }
    #endif
    """
    void ws_lock(volatile unsigned int *l) nogil
    void ws_unlock(volatile unsigned int *l) nogil

cdef int INF = 1 << 30
cdef int HALF = 1 << 29


cdef struct EMove:
    int32_t score
    int32_t order            # higher is tried first
    uint8_t kind
    uint8_t out
    uint8_t d
    uint8_t line
    uint8_t start
    uint8_t length
    uint8_t word[MAXLINE]


cdef struct Entry:
    unsigned int lock        # a bucket's first entry: held while the bucket is read or written
    uint64_t key
    int32_t value
    int32_t low
    int32_t high
    int16_t depth
    uint8_t flag
    uint8_t used
    EMove best               # the move to try first
    EMove low_move           # the move that proves ``low``


cdef inline int _min(int a, int b) noexcept nogil:
    return a if a < b else b


cdef inline int _max(int a, int b) noexcept nogil:
    return a if a > b else b


cdef inline int _clamp(int value, int low, int high) noexcept nogil:
    return _min(_max(value, low), high)


cdef inline uint64_t _splitmix(uint64_t *state) noexcept nogil:
    cdef uint64_t z
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef int _by_order(const void *a, const void *b) noexcept nogil:
    cdef int x = (<const EMove *>a).order
    cdef int y = (<const EMove *>b).order
    return (y > x) - (y < x)


#: A shared table's size: its header and 2**bits entries.
def shared_table_bytes(int bits):
    return TABLE_HEADER + ((<size_t>1) << bits) * sizeof(Entry)


cdef size_t _address(object view) except 0:
    """The address of a writable buffer's first byte."""
    cdef unsigned char[::1] bytes_view = view
    return <size_t>&bytes_view[0]


cdef inline int _worth(const Entry *e) noexcept nogil:
    return (1 << 20) if e.low == e.high else e.depth


cdef inline bint _same(const EMove *a, const EMove *b) noexcept nogil:
    if a.kind != b.kind:
        return False
    if a.kind != KIND_PLAY:
        return True
    return (a.d == b.d and a.line == b.line and a.start == b.start and a.length == b.length
            and memcmp(a.word, b.word, a.length) == 0)


cdef class EndgameSearch:
    """One end game's search state (see the module docstring).  ``generator`` is a
    compiled :class:`~wordstudio.crossword.movegen._core.MoveGenerator` for the game;
    ``counts`` and ``blanks`` each seat's rack; ``values`` what each letter counts at
    the end (``blank_value`` a blank); ``timeout`` the exception raised when
    ``deadline`` (a ``time.monotonic()`` value, 0: none) passes or ``stop()`` is true."""

    cdef Gen *s
    cdef object generator
    cdef int n
    cdef int nletters
    cdef int cells[MAXSQ]
    cdef int owners[MAXSQ]
    # The squares changed since the generator last took the board in (:meth:`_sync`).
    cdef int changed_sq[MAXSQ]
    cdef uint8_t changed_flag[MAXSQ]
    cdef int nchanged
    cdef int synced
    cdef int use_owners
    cdef int counts[2][NLETTERS]
    cdef int ntiles[2]
    cdef int rack_value[2]
    cdef int tile_value[NLETTERS]
    cdef int out_factor
    cdef int deducts
    cdef readonly int mover
    cdef readonly int passed
    cdef uint64_t *zboard
    cdef uint64_t *lc_keys
    cdef uint8_t *lc_data
    cdef uint64_t zrack[2][NLETTERS][MAXRACK + 1]
    cdef uint64_t zturn[2][2]
    cdef uint64_t key
    cdef Entry *tt
    cdef uint64_t tt_mask
    cdef EMove *arena
    cdef int64_t arena_cap
    cdef int64_t arena_top
    cdef EMove *root_moves
    cdef int root_count
    cdef int *root_values
    cdef int have_root_values
    cdef readonly int64_t nodes
    #: Move lists made by searching the whole board, and from a parent's list.
    cdef readonly int64_t full_lists
    cdef readonly int64_t derived_lists
    #: Check every derived list against a search of the whole board (tests).
    cdef public bint verify
    #: Derive a node's move list from its parent's where the rules allow (:meth:`_moves`).
    cdef public bint derive
    cdef int incremental
    cdef int ply
    cdef int inc_ready[MAXPLY]
    cdef int inc_player[MAXPLY]
    cdef int64_t inc_base[MAXPLY]
    cdef int64_t inc_count[MAXPLY]
    # Each node's own move list (the arena's, while the node searches): for grandchildren.
    cdef int own_ready[MAXPLY]
    cdef int64_t own_base[MAXPLY]
    cdef int64_t own_count[MAXPLY]
    cdef EMove *outs                # a derived list's ways out, before they are merged
    cdef int64_t outs_cap
    cdef int mv_kind[MAXPLY]
    cdef int mv_count[MAXPLY]
    cdef int mv_sq[MAXPLY][MAXRACK]
    cdef int64_t node_limit
    cdef Entry settled                #: a copy of the entry :meth:`_settle` wrote last
    cdef int locking                  #: the table is shared with other processes
    cdef volatile int *shared_stop    #: set by the process that owns a shared table: stop
    cdef object table_buffer          #: keeps a shared table's memory alive
    #: Search the root's moves after the first in the reverse order (a helper's part).
    cdef public bint reverse_root
    #: What the last search proved of its node's value: low <= value <= high.
    cdef readonly int low
    cdef readonly int high
    cdef double deadline
    cdef object stop
    cdef object timeout
    #: The root moves valued before the time ran out in the middle of a depth (best
    #: first, as :meth:`root` returns them); empty when none was.
    cdef readonly list partial

    def __cinit__(self):
        self.s = NULL
        self.zboard = NULL
        self.lc_keys = NULL
        self.lc_data = NULL
        self.outs = NULL
        self.outs_cap = 0
        self.tt = NULL
        self.arena = NULL
        self.root_moves = NULL
        self.root_values = NULL

    def __dealloc__(self):
        if self.s != NULL:
            free(self.s.out)
            free(self.s.offsets)
            free(self.s)
        if self.table_buffer is None:
            free(self.tt)
        self.tt = NULL
        free(self.zboard)
        free(self.lc_keys)
        free(self.lc_data)
        free(self.outs)
        free(self.arena)
        free(self.root_moves)
        free(self.root_values)

    def __init__(self, generator, cells, owners, counts, blanks, values, int blank_value,
                 int out_factor, bint deducts, int mover, bint passed, int table_bits,
                 double deadline, stop, timeout, shared=None):
        cdef Gen *source = <Gen *><size_t>generator.state_address()
        cdef int i, seat, letter, k, code
        cdef uint64_t seed = 20240601
        self.generator = generator
        self.s = <Gen *>malloc(sizeof(Gen))
        if self.s == NULL:
            raise MemoryError()
        memcpy(self.s, source, sizeof(Gen))
        # Buffers of its own; no Python object reached from the search.
        self.s.out = NULL
        self.s.offsets = NULL
        self.s.heap = NULL
        self.s.out_cap = 1 << 16
        self.s.out = <uint8_t *>malloc(self.s.out_cap)
        self.s.offsets_cap = 1 << 12
        self.s.offsets = <uint32_t *>malloc(self.s.offsets_cap * sizeof(uint32_t))
        if self.s.out == NULL or self.s.offsets == NULL:
            raise MemoryError()
        # A line cache of its own (what a line's squares allow, by its tiles): the search
        # puts the same lines back again and again.
        self.s.lc_keys = NULL
        self.s.lc_data = NULL
        self.s.lc_mask = 0
        self.s.lc_stride = 24 * max(self.s.rows, self.s.cols)
        self.lc_keys = <uint64_t *>calloc(LINE_CACHE, sizeof(uint64_t))
        self.lc_data = <uint8_t *>malloc(LINE_CACHE * self.s.lc_stride)
        if self.lc_keys == NULL or self.lc_data == NULL:
            raise MemoryError()
        self.s.lc_keys = self.lc_keys
        self.s.lc_data = self.lc_data
        self.s.lc_mask = LINE_CACHE - 1
        self.s.stop_callback = NULL
        self.s.chunk_callback = NULL
        self.s.chunk_owner = NULL
        self.s.top = 0
        self.s.heap_used = 0
        self.n = self.s.n
        self.nletters = self.s.nletters
        if len(cells) != self.n or len(owners) != self.n:
            raise ValueError("the board does not match the generator's")
        self.use_owners = 1 if self.s.free_form == 1 else 0
        # Lists from the parent's, on the standard rules (see the module docstring).
        self.incremental = 1 if (self.s.nd == 2 and self.s.free_form == 0
                                 and not self.s.backward and not self.s.wild_once
                                 and not self.s.wild_plural and not self.s.lsq
                                 and not self.s.exact) else 0
        self.derive = True
        memset(self.own_ready, 0, sizeof(self.own_ready))
        memset(self.inc_ready, 0, sizeof(self.inc_ready))
        memset(self.mv_kind, 0, sizeof(self.mv_kind))
        self.ply = 0
        for i in range(self.n):
            self.cells[i] = cells[i]
            self.owners[i] = owners[i]
        memset(self.changed_flag, 0, sizeof(self.changed_flag))
        self.nchanged = 0
        self.synced = 0
        memset(self.tile_value, 0, sizeof(self.tile_value))
        for letter in range(len(values)):
            self.tile_value[letter] = values[letter]
        self.tile_value[NLETTERS - 1] = blank_value
        memset(self.counts, 0, sizeof(self.counts))
        for seat in range(2):
            self.ntiles[seat] = blanks[seat]
            self.counts[seat][NLETTERS - 1] = blanks[seat]
            self.rack_value[seat] = blanks[seat] * blank_value
            for letter in range(len(counts[seat])):
                self.counts[seat][letter] = counts[seat][letter]
                self.ntiles[seat] += counts[seat][letter]
                self.rack_value[seat] += counts[seat][letter] * self.tile_value[letter]
            if self.ntiles[seat] > MAXRACK:
                raise ValueError("a rack too large for the compiled end-game search")
        self.out_factor = out_factor
        self.deducts = 1 if deducts else 0
        self.mover = mover
        self.passed = 1 if passed else 0
        # Random codes: a square's tile, a seat's count of a letter, the turn.
        self.zboard = <uint64_t *>malloc(self.n * 128 * sizeof(uint64_t))
        if self.zboard == NULL:
            raise MemoryError()
        for i in range(self.n * 128):
            self.zboard[i] = _splitmix(&seed)
        for seat in range(2):
            for letter in range(NLETTERS):
                self.zrack[seat][letter][0] = 0
                for k in range(1, MAXRACK + 1):
                    self.zrack[seat][letter][k] = _splitmix(&seed)
        for seat in range(2):
            for k in range(2):
                self.zturn[seat][k] = _splitmix(&seed)
        self.key = 0
        for i in range(self.n):
            code = self.cells[i]
            if code >= 0:
                self.key ^= self.zboard[i * 128 + (code & 127)]
        for seat in range(2):
            for letter in range(NLETTERS):
                self.key ^= self.zrack[seat][letter][self.counts[seat][letter]]
        if table_bits < 10 or table_bits > 26:
            raise ValueError("the table's size is out of range")
        self.shared_stop = NULL
        self.locking = 0
        self.reverse_root = False
        if shared is not None:
            # A table shared with helper processes: a header (the stop word) and the
            # entries, in memory every process maps.
            view = memoryview(shared).cast("B")
            if len(view) < TABLE_HEADER + ((<size_t>1) << table_bits) * sizeof(Entry):
                raise ValueError("the shared table is too small")
            self.table_buffer = view
            address = _address(view)
            self.shared_stop = <volatile int *><size_t>address
            self.tt = <Entry *><size_t>(address + TABLE_HEADER)
            self.locking = 1
        else:
            self.tt = <Entry *>calloc((<size_t>1) << table_bits, sizeof(Entry))
            if self.tt == NULL:
                raise MemoryError()
        # Buckets of two entries: the first of a bucket at an even index.
        self.tt_mask = ((<uint64_t>1) << table_bits) - 2
        self.arena_cap = 1 << 14
        self.arena = <EMove *>malloc(self.arena_cap * sizeof(EMove))
        if self.arena == NULL:
            raise MemoryError()
        self.arena_top = 0
        self.nodes = 0
        self.low = -INF
        self.high = INF
        self.deadline = deadline
        self.stop = stop
        self.timeout = timeout
        self.partial = []

    def set_limits(self, double deadline, stop):
        """A new deadline (a ``time.monotonic()`` value, 0: none) and stop request."""
        self.deadline = deadline
        self.stop = stop

    # --- the board and the racks ----------------------------------------------------------
    cdef inline int _letter(self, int code) noexcept:
        return NLETTERS - 1 if code & BLANK else code & LMASK

    cdef void _play(self, const EMove *m, int player) noexcept:
        cdef Gen *s = self.s
        cdef int step = s.line_step[m.d][m.line]
        cdef int sq = s.line_first[m.d][m.line] + m.start * step
        cdef int k, code, letter, count
        for k in range(m.length):
            code = m.word[k]
            if not code & EXISTING:
                self.cells[sq] = code
                self.owners[sq] = player
                self._changed(sq)
                self.key ^= self.zboard[sq * 128 + code]
                letter = self._letter(code)
                count = self.counts[player][letter]
                self.key ^= self.zrack[player][letter][count] ^ self.zrack[player][letter][count - 1]
                self.counts[player][letter] = count - 1
                self.ntiles[player] -= 1
                self.rack_value[player] -= self.tile_value[letter]
            sq += step

    cdef void _take_back(self, const EMove *m, int player) noexcept:
        cdef Gen *s = self.s
        cdef int step = s.line_step[m.d][m.line]
        cdef int sq = s.line_first[m.d][m.line] + m.start * step
        cdef int k, code, letter, count
        for k in range(m.length):
            code = m.word[k]
            if not code & EXISTING:
                self.cells[sq] = -1
                self.owners[sq] = -1
                self._changed(sq)
                self.key ^= self.zboard[sq * 128 + code]
                letter = self._letter(code)
                count = self.counts[player][letter]
                self.key ^= self.zrack[player][letter][count] ^ self.zrack[player][letter][count + 1]
                self.counts[player][letter] = count + 1
                self.ntiles[player] += 1
                self.rack_value[player] += self.tile_value[letter]
            sq += step

    cdef inline void _changed(self, int sq) noexcept:
        if not self.changed_flag[sq]:
            self.changed_flag[sq] = 1
            self.changed_sq[self.nchanged] = sq
            self.nchanged += 1

    cdef void _sync(self) noexcept:
        """Hand the generator the board: only the squares changed since it last took it
        in, where it can (anchored play), else the whole board."""
        cdef int k
        if self.synced and not self.use_owners:
            sync_squares(self.s, self.cells, self.changed_sq, self.nchanged)
        else:
            sync_board(self.s, self.cells, self.owners if self.use_owners else NULL)
            self.synced = 1
        for k in range(self.nchanged):
            self.changed_flag[self.changed_sq[k]] = 0
        self.nchanged = 0

    cdef bint _playable(self, const EMove *m, int player) noexcept:
        """Whether a move from the table fits the board and rack now (it always does,
        unless two positions share a key)."""
        cdef Gen *s = self.s
        cdef int need[NLETTERS]
        cdef int step, sq, k, code, letter
        if m.kind != KIND_PLAY:
            return m.kind == KIND_PASS
        if m.d >= 4 or m.line >= s.nlines[m.d] or m.start + m.length > s.line_len[m.d][m.line]:
            return False
        memset(need, 0, sizeof(need))
        step = s.line_step[m.d][m.line]
        sq = s.line_first[m.d][m.line] + m.start * step
        for k in range(m.length):
            code = m.word[k]
            if code & EXISTING:
                if self.cells[sq] != (code & 127):
                    return False
            else:
                if self.cells[sq] != -1:
                    return False
                letter = self._letter(code)
                need[letter] += 1
                if need[letter] > self.counts[player][letter]:
                    return False
            sq += step
        return True

    # --- the moves ------------------------------------------------------------------------
    cdef int _grow(self, int64_t wanted) except -1:
        cdef int64_t cap = self.arena_cap
        cdef void *grown
        if wanted <= cap:
            return 0
        while cap < wanted:
            cap *= 2
        grown = realloc(self.arena, cap * sizeof(EMove))
        if grown == NULL:
            raise MemoryError()
        self.arena = <EMove *>grown
        self.arena_cap = cap
        return 0

    cdef int64_t _generate(self, int player, bint every_out) except -1:
        """The moves of ``player`` now, written at the arena's top in the order tried
        (going out first - only the best way out unless ``every_out`` - then by score
        plus the value of the tiles played, the pass last); returns how many (the pass
        included).  The caller moves ``arena_top`` past them while it uses them."""
        cdef Gen *s = self.s
        self.full_lists += 1
        self._sync()
        s.groups = 1 if (s.free_form == 0 and s.tiles_on_board > 0) else 0
        compute_anchors(s, player)
        self._search(player)
        return self._collect(player, every_out)

    cdef void _search(self, int player) noexcept:
        """The generator's search for ``player``'s rack, on the anchors set."""
        cdef Gen *s = self.s
        cdef int i, d
        memset(s.rack, 0, sizeof(s.rack))
        s.rack_mask = 0
        for i in range(self.nletters):
            s.rack[i] = self.counts[player][i]
            if s.rack[i] > 0:
                s.rack_mask |= (<uint64_t>1) << i
        s.blanks = self.counts[player][NLETTERS - 1]
        s.rack_blanks = s.blanks
        s.main_wilds = 0
        update_can_blank(s)
        s.window = -1
        s.best = -INF
        s.deadline = 0.0
        s.nodes = 0
        s.stopped = 0
        s.count = 0
        s.out_used = 0
        s.found = 0
        s.limit = (<int64_t>1) << 40
        s.top = 0
        for d in range(4):
            if s.enabled[d] and not s.stopped:
                search_direction(s, d)

    cdef int64_t _collect(self, int player, bint every_out) except -1:
        """The moves the search found, as the arena's list (see :meth:`_generate`)."""
        cdef Gen *s = self.s
        cdef int i, k, code, score, nplaced, played, best_out = -1, best_out_score = -INF
        cdef int64_t count, base, kept = 0
        cdef const uint8_t *p
        cdef EMove *m
        if s.stopped == STOP_ERROR:
            raise MemoryError("no memory left for the end game's moves")
        count = s.count
        base = self.arena_top
        self._grow(base + count + 1)
        for i in range(count):
            p = s.out + s.offsets[i]
            memcpy(&score, p, 4)
            nplaced = 0
            played = 0
            for k in range(p[7]):
                code = p[8 + k]
                if not code & EXISTING:
                    nplaced += 1
                    played += self.tile_value[self._letter(code)]
            if nplaced == self.ntiles[player] and not every_out:
                # Going out ends the game: only the best way out is worth searching.
                if score <= best_out_score:
                    continue
                if best_out >= 0:
                    m = &self.arena[base + best_out]
                else:
                    best_out = kept
                    m = &self.arena[base + kept]
                    kept += 1
                best_out_score = score
            else:
                m = &self.arena[base + kept]
                kept += 1
            m.score = score
            m.kind = KIND_PLAY
            m.d = p[4]
            m.line = p[5]
            m.start = p[6]
            m.length = p[7]
            memcpy(m.word, p + 8, p[7])
            if nplaced == self.ntiles[player]:
                m.out = 1
                m.order = HALF + score
            else:
                m.out = 0
                m.order = score + played
        qsort(&self.arena[base], kept, sizeof(EMove), _by_order)
        m = &self.arena[base + kept]
        m.kind = KIND_PASS
        m.out = 0
        m.score = 0
        m.order = -INF
        m.length = 0
        return kept + 1

    cdef int64_t _moves(self, int player) except -1:
        """The moves of ``player`` at this node, in the order tried (:meth:`_generate`),
        worked out from a list made above where there is one (module docstring): the
        parent's list of them (made for its children), else the grandparent's own list
        (the same player's, a rack that has lost the tiles played since); else
        generated."""
        cdef int p = self.ply
        cdef int squares[2 * MAXRACK]
        cdef int64_t count
        if self.incremental and self.derive:
            if (p >= 1 and self.inc_ready[p - 1] and self.inc_player[p - 1] == player
                    and self.mv_kind[p] == KIND_PLAY):
                count = self._derive(player, self.inc_base[p - 1], self.inc_count[p - 1],
                                     squares, self._squares_since(p, 1, squares), False)
            elif p >= 2 and self.own_ready[p - 2] and self.mv_kind[p - 1] == KIND_PLAY:
                count = self._derive(player, self.own_base[p - 2], self.own_count[p - 2],
                                     squares, self._squares_since(p, 2, squares), True)
            else:
                return self._generate(player, True)
            if self.verify:
                self._check_derived(player, count)
            return count
        return self._generate(player, True)

    cdef int _squares_since(self, int p, int back, int *squares) noexcept:
        """The squares the plays of the last ``back`` plies down to ply ``p`` filled."""
        cdef int q, k, count = 0
        for q in range(p - back + 1, p + 1):
            if self.mv_kind[q] == KIND_PLAY:
                for k in range(self.mv_count[q]):
                    squares[count] = self.mv_sq[q][k]
                    count += 1
        return count

    cdef int _prepare(self, int player) except -1:
        """At a node about to search a second child: list ``player``'s moves (the
        opponent's) on this board once, for the children to work out theirs from."""
        cdef Gen *s = self.s
        cdef int p = self.ply
        cdef int squares[MAXRACK]
        cdef int64_t count
        if not self.incremental or not self.derive or self.inc_ready[p]:
            return 0
        if p >= 1 and self.own_ready[p - 1] and self.mv_kind[p] == KIND_PLAY:
            # The opponent's own list at the parent, and the play he made there (from a
            # rack that held its tiles too).
            count = self._derive(player, self.own_base[p - 1], self.own_count[p - 1],
                                 squares, self._squares_since(p, 1, squares), True)
            if self.verify:
                self._check_derived(player, count)
        else:
            count = self._generate(player, True)
            if s.tiles_on_board == 0:
                return 0
        self.inc_base[p] = self.arena_top
        self.inc_count[p] = count
        self.inc_player[p] = player
        self.arena_top += count
        self.inc_ready[p] = 1
        return 0

    cdef int64_t _derive(self, int player, int64_t source, int64_t sources, const int *squares,
                         int nsquares, bint other_rack) except -1:
        """The moves of ``player`` now, worked out from a list of his moves on an earlier
        board (``sources`` moves at the arena's ``source``) that differs from this one by
        the tiles on ``squares`` (module docstring); ``other_rack``: the list was made for
        a rack he has played tiles from since.  Written at the arena's top in the order
        tried; returns how many (the pass included)."""
        cdef Gen *s = self.s
        cdef int n = self.n, sq, d, k, r, step, first, pos, length, q, placed, code, letter
        cdef int tiles = self.ntiles[player]
        cdef int need[NLETTERS]
        cdef int64_t base, nfresh, nkept, nouts = 0, i, j, total, a_len
        cdef EMove *old
        cdef EMove *m
        cdef EMove *src
        cdef EMove *a_item
        cdef uint8_t *changed
        cdef bint fits
        self.derived_lists += 1
        self._sync()
        # The squares whose cross-checks the new tiles changed: the empty squares at both
        # ends of each run of tiles through a new tile (what a square allows along a line
        # depends on the tiles next to it along that line alone).  A move from there may
        # also lengthen a word holding a new tile.
        memset(s.anchors, 0, sizeof(s.anchors))
        changed = s.anchors[0]
        for k in range(nsquares):
            sq = squares[k]
            for d in range(2):
                r = s.line_of[d][sq]
                first = s.line_first[d][r]
                step = s.line_step[d][r]
                length = s.line_len[d][r]
                pos = (sq - first) // step
                q = pos
                while q >= 0 and self.cells[first + q * step] >= 0:
                    q -= 1
                if q >= 0 and self.cells[first + q * step] == -1:
                    changed[first + q * step] = 1
                q = pos
                while q < length and self.cells[first + q * step] >= 0:
                    q += 1
                if q < length and self.cells[first + q * step] == -1:
                    changed[first + q * step] = 1
        memcpy(s.anchors[1], s.anchors[0], n)
        s.groups = 0
        self._search(player)
        # The new moves, sorted, at the arena's top (A); then the old moves that stand:
        # the ways out (by score) in a buffer, the others after the new moves (B, still in
        # the order tried); then A and B merged after them, and moved down.
        base = self.arena_top
        nfresh = self._collect(player, True) - 1  # without its pass
        self._grow(base + 2 * nfresh + 2 * sources + 2)
        if self.outs_cap < sources:
            self._grow_outs(sources)
        nkept = 0
        memset(need, 0, sizeof(need))
        for i in range(source, source + sources):
            old = &self.arena[i]
            if old.kind != KIND_PLAY or not self._stands(old, changed):
                continue
            placed = 0
            fits = True
            step = s.line_step[old.d][old.line]
            for k in range(old.length):
                code = old.word[k]
                if not code & EXISTING:
                    placed += 1
                    if other_rack:
                        letter = self._letter(code)
                        need[letter] += 1
                        if need[letter] > self.counts[player][letter]:
                            fits = False
            if other_rack:
                for k in range(old.length):
                    code = old.word[k]
                    if not code & EXISTING:
                        need[self._letter(code)] = 0
            if not fits:
                continue
            if placed == tiles:
                m = &self.outs[nouts]
                nouts += 1
                m[0] = old[0]
                m.out = 1
                m.order = HALF + m.score
            else:
                m = &self.arena[base + nfresh + nkept]
                nkept += 1
                m[0] = old[0]
        if nouts > 1:
            qsort(self.outs, nouts, sizeof(EMove), _by_order)
        # Merge A (the new moves) with B' = the old ways out, then B.
        total = base + nfresh + nkept
        i = 0  # in B'
        a_len = nouts + nkept
        j = base
        while True:
            if i < a_len:
                a_item = &self.outs[i] if i < nouts else &self.arena[base + nfresh + i - nouts]
                if j < base + nfresh and self.arena[j].order > a_item.order:
                    src = &self.arena[j]
                    j += 1
                else:
                    src = a_item
                    i += 1
            elif j < base + nfresh:
                src = &self.arena[j]
                j += 1
            else:
                break
            self.arena[total] = src[0]
            total += 1
        m = &self.arena[total]
        m.kind = KIND_PASS
        m.out = 0
        m.score = 0
        m.order = -INF
        m.length = 0
        total += 1
        memmove(&self.arena[base], &self.arena[base + nfresh + nkept],
                (total - base - nfresh - nkept) * sizeof(EMove))
        return total - base - nfresh - nkept

    cdef int _grow_outs(self, int64_t wanted) except -1:
        cdef void *grown = realloc(self.outs, wanted * sizeof(EMove))
        if grown == NULL:
            raise MemoryError()
        self.outs = <EMove *>grown
        self.outs_cap = wanted
        return 0

    cdef bint _stands(self, const EMove *m, const uint8_t *changed) noexcept:
        """Whether a move of the parent's list is still legal, with the same words and
        score, after the parent's move: it covers no square that move filled or changed,
        and no new tile touches either end of its word."""
        cdef Gen *s = self.s
        cdef int step = s.line_step[m.d][m.line]
        cdef int first = s.line_first[m.d][m.line]
        cdef int sq = first + m.start * step, k
        for k in range(m.length):
            if not m.word[k] & EXISTING:
                if self.cells[sq] != -1 or changed[sq]:
                    return False
            sq += step
        if m.start > 0 and self.cells[first + (m.start - 1) * step] >= 0:
            return False
        if (m.start + m.length < s.line_len[m.d][m.line]
                and self.cells[first + (m.start + m.length) * step] >= 0):
            return False
        return True

    cdef int _check_derived(self, int player, int64_t count) except -1:
        """(:attr:`verify`) The derived list against a search of the whole board."""
        cdef int64_t base = self.arena_top, full, i
        cdef list derived = [], whole = []
        cdef EMove *m
        for i in range(count):
            m = &self.arena[base + i]
            derived.append((m.kind, m.out, m.order, self._raw(m)))
        self.arena_top = base + count
        try:
            full = self._generate(player, True)
            for i in range(full):
                m = &self.arena[base + count + i]
                whole.append((m.kind, m.out, m.order, self._raw(m)))
        finally:
            self.arena_top = base
        if [item[2] for item in derived] != sorted((item[2] for item in derived), reverse=True):
            raise AssertionError("a derived move list is not in the order tried")
        if sorted(derived, key=repr) != sorted(whole, key=repr):
            raise AssertionError(
                f"a derived move list differs from the whole board's: "
                f"{sorted(set(derived) - set(whole), key=repr)[:5]} more, "
                f"{sorted(set(whole) - set(derived), key=repr)[:5]} fewer")
        return 0

    # --- the search -----------------------------------------------------------------------
    cdef int _tick(self) except -1:
        if self.node_limit and self.nodes >= self.node_limit:
            raise self.timeout()
        if self.shared_stop != NULL and self.shared_stop[0]:
            raise self.timeout()
        if self.deadline > 0 and monotonic() >= self.deadline:
            raise self.timeout()
        if self.stop is not None and self.stop():
            raise self.timeout()
        return 0

    cdef inline bint _probe(self, uint64_t key, Entry *found) noexcept:
        """Copy the table's entry for ``key`` into ``found``; False when there is none."""
        cdef Entry *a = &self.tt[key & self.tt_mask]
        cdef bint hit = False
        if self.locking:
            ws_lock(&a.lock)
        if a.used and a.key == key:
            found[0] = a[0]
            hit = True
        elif a[1].used and a[1].key == key:
            found[0] = a[1]
            hit = True
        if self.locking:
            ws_unlock(&a.lock)
        return hit

    cdef void _set_best(self, uint64_t key, const EMove *move) noexcept:
        """The move to try first at ``key``'s entry, where it still is."""
        cdef Entry *a = &self.tt[key & self.tt_mask]
        if self.locking:
            ws_lock(&a.lock)
        if a.used and a.key == key:
            a.best = move[0]
        elif a[1].used and a[1].key == key:
            a[1].best = move[0]
        if self.locking:
            ws_unlock(&a.lock)

    cdef inline Entry *_slot(self, uint64_t key) noexcept:
        """Where to record ``key``: its own entry, else the one of its bucket worth less
        (a proven value is worth most, then the depth searched)."""
        cdef Entry *a = &self.tt[key & self.tt_mask]
        cdef Entry *b = a + 1
        if (a.used and a.key == key) or not a.used:
            return a
        if (b.used and b.key == key) or not b.used:
            return b
        return a if _worth(a) <= _worth(b) else b

    cdef int _settle(self, uint64_t key, int depth, int best, int alpha, int beta,
                     const EMove *best_move, int low, int high, const EMove *low_move,
                     int found_low, int found_high, const EMove *found_move) noexcept:
        """Record a node searched at ``depth`` (see the Python solver's ``_settle``);
        :attr:`settled` is a copy of its entry."""
        cdef EMove keep_low
        cdef int flag
        cdef Entry *e
        cdef Entry *bucket = &self.tt[key & self.tt_mask]
        if low_move != NULL:
            keep_low = low_move[0]
        else:
            keep_low.kind = KIND_NONE
        if found_low > low:
            low = found_low
            if found_move != NULL:
                keep_low = found_move[0]
            else:
                keep_low.kind = KIND_NONE
        high = _min(high, found_high)
        if low <= -HALF:
            low = -INF
        if high >= HALF:
            high = INF
        best = _clamp(best, low, high)
        flag = F_UPPER if best <= alpha else (F_LOWER if best >= beta else F_EXACT)
        if self.locking:
            ws_lock(&bucket.lock)
        e = self._slot(key)
        e.key = key
        e.depth = depth
        e.value = best
        e.flag = flag
        e.used = 1
        e.low = low
        e.high = high
        e.low_move = keep_low
        if best_move != NULL:
            e.best = best_move[0]
        else:
            e.best.kind = KIND_NONE
        self.settled = e[0]
        if self.locking:
            ws_unlock(&bucket.lock)
        self.low = low
        self.high = high
        return best

    cdef int _frontier(self, uint64_t key, int player, int passed, int beta,
                       int low, int high, const EMove *low_move, int64_t base,
                       int64_t count) noexcept:
        """A node one move from the depth limit, valued off its move list (at
        ``base``) without playing its moves (see the Python solver's ``_frontier``)."""
        cdef int mine = self.rack_value[player], theirs = self.rack_value[1 - player]
        cdef int best = -INF, exact_low = -INF, every_exact = 1, value
        cdef EMove *out = NULL
        cdef EMove *other = NULL
        cdef EMove *best_move
        cdef EMove *exact_move = NULL
        cdef EMove *pass_move = &self.arena[base + count - 1]
        cdef int64_t i
        best_move = pass_move
        if self.arena[base].out:
            out = &self.arena[base]
            best = exact_low = out.score + self.out_factor * theirs
            best_move = exact_move = out
        if best < beta:
            for i in range(count - 1):
                if not self.arena[base + i].out:
                    other = &self.arena[base + i]
                    break
            if other != NULL:
                every_exact = 0
                value = other.score - (mine - (other.order - other.score)) + theirs
                if value > best:
                    best = value
                    best_move = other
            if passed:
                value = (theirs - mine) if self.deducts else 0
                if value > exact_low:
                    exact_low = value
                    exact_move = pass_move
            else:
                every_exact = 0
                value = theirs - mine
            if value > best:
                best = value
                best_move = pass_move
        else:
            every_exact = 0
        return self._settle(key, 1, best, -INF, beta, best_move, low, high, low_move,
                            exact_low, exact_low if every_exact else INF, exact_move)

    cdef int _value_of(self, const EMove *m, int player, int passed, int depth, int alpha,
                       int beta) except? -1999999999:
        """The value for ``player`` of ``m`` (not one going out) and the search on;
        :attr:`low` and :attr:`high` are left as what is proven of it."""
        cdef int value, score, low, high
        if m.kind == KIND_PASS:
            if passed:
                value = 0
                if self.deducts:
                    value = self.rack_value[1 - player] - self.rack_value[player]
                self.low = self.high = value
                return value
            self.mv_kind[self.ply + 1] = KIND_PASS
            self.ply += 1
            try:
                value = -self.negamax(1 - player, 1, depth - 1, -beta, -alpha)
            finally:
                self.ply -= 1
            low, high = -self.high, -self.low
            self.low, self.high = low, high
            return value
        score = m.score
        self._play(m, player)
        self.ply += 1
        self.mv_kind[self.ply] = KIND_PLAY
        self._placed_squares(m, self.ply)
        try:
            value = score - self.negamax(1 - player, 0, depth - 1, score - beta, score - alpha)
        finally:
            self.ply -= 1
            self._take_back(m, player)
        low, high = score - self.high, score - self.low
        self.low, self.high = low, high
        return value

    cdef inline void _own(self, int64_t base, int64_t count) noexcept:
        """This node's own move list is at the arena's ``base`` (for its grandchildren)."""
        self.own_base[self.ply] = base
        self.own_count[self.ply] = count
        self.own_ready[self.ply] = 1

    cdef void _placed_squares(self, const EMove *m, int ply) noexcept:
        cdef Gen *s = self.s
        cdef int step = s.line_step[m.d][m.line]
        cdef int sq = s.line_first[m.d][m.line] + m.start * step, k, count = 0
        for k in range(m.length):
            if not m.word[k] & EXISTING and count < MAXRACK:
                self.mv_sq[ply][count] = sq
                count += 1
            sq += step
        self.mv_count[ply] = count

    cdef int negamax(self, int player, int passed, int depth, int alpha,
                     int beta) except? -1999999999:
        """The value of the position for ``player`` to move, within (alpha, beta),
        fail-soft; :attr:`low` and :attr:`high` are left as what is proven of it."""
        cdef uint64_t key
        cdef Entry entry
        cdef Entry *e = &entry
        cdef EMove first, move, low_move
        cdef int have_first = 0, low = -INF, high = INF, value, best, original_alpha
        cdef int move_low = -INF, move_high = -INF, low_now, high_now, mine, theirs
        cdef int have_low_move = 0, have_best = 0, have_move_low = 0
        cdef EMove best_move, move_low_move
        cdef int64_t base = self.arena_top, count = -1, i
        cdef int searched = 0, seen_out = 0
        if self.ply >= MAXPLY - 1:
            raise RecursionError("an end-game line longer than the search allows")
        self.inc_ready[self.ply] = 0
        self.own_ready[self.ply] = 0
        self.nodes += 1
        if (self.nodes & CHECK_MASK) == 0:
            self._tick()
        key = self.key ^ self.zturn[player][passed]
        if self._probe(key, e):
            low = e.low
            high = e.high
            if low >= beta or high <= alpha or low == high:
                self.low, self.high = low, high
                return low if (low >= beta or low == high) else high
            if e.depth >= depth and (e.flag == F_EXACT or (e.flag == F_LOWER and e.value >= beta)
                                     or (e.flag == F_UPPER and e.value <= alpha)):
                self.low, self.high = low, high
                return e.value
            if e.best.kind != KIND_NONE and self._playable(&e.best, player):
                first = e.best
                have_first = 1
            if e.low_move.kind != KIND_NONE:
                low_move = e.low_move
                have_low_move = 1
        mine = self.rack_value[player]
        theirs = self.rack_value[1 - player]
        if depth <= 0:
            self.low, self.high = low, high
            return _clamp(theirs - mine, low, high)
        alpha = _max(alpha, low - 1)
        beta = _min(beta, high + 1)
        if depth == 1 or not have_first or first.kind != KIND_PLAY:
            count = self._moves(player)
            self.arena_top = base + count
            self._own(base, count)
            if not passed and count == 1:
                # A forced pass costs no depth.
                depth += 1
            elif depth == 1:
                value = self._frontier(key, player, passed, beta, low, high,
                                       &low_move if have_low_move else NULL, base, count)
                self.arena_top = base
                return value
        original_alpha = alpha
        best = -INF
        i = -1
        try:
            while True:
                if i < 0:
                    i = 0
                    if not have_first:
                        continue
                    move = first
                else:
                    if count < 0:
                        count = self._moves(player)
                        self.arena_top = base + count
                        self._own(base, count)
                    if i >= count:
                        break
                    move = self.arena[base + i]
                    i += 1
                    if move.out:
                        # Going out ends the game: only the best way out (the list's first)
                        # is searched.
                        if seen_out:
                            continue
                        seen_out = 1
                    if have_first and _same(&move, &first):
                        continue
                if not move.out:
                    searched += 1
                    if searched == 2 and depth >= 2 and count >= 0:
                        # A second child to search: list the opponent's moves here once.
                        self._prepare(1 - player)
                if move.out:
                    value = low_now = high_now = move.score + self.out_factor * theirs
                elif best == -INF:
                    value = self._value_of(&move, player, passed, depth, alpha, beta)
                    low_now, high_now = self.low, self.high
                else:
                    value = self._value_of(&move, player, passed, depth, alpha, alpha + 1)
                    low_now, high_now = self.low, self.high
                    if alpha < value < beta:
                        value = self._value_of(&move, player, passed, depth, value, beta)
                        low_now = _max(low_now, self.low)
                        high_now = _min(high_now, self.high)
                if low_now > move_low:
                    move_low = low_now
                    move_low_move = move
                    have_move_low = 1
                move_high = _max(move_high, high_now)
                if value > best:
                    best = value
                    best_move = move
                    have_best = 1
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            # The moves not tried leave the node's upper bound open.
                            move_high = INF
                            break
        finally:
            self.arena_top = base
            self.inc_ready[self.ply] = 0
            self.own_ready[self.ply] = 0
        return self._settle(key, depth, best, original_alpha, beta,
                            &best_move if have_best else NULL, low, high,
                            &low_move if have_low_move else NULL,
                            move_low, move_high, &move_low_move if have_move_low else NULL)

    # --- the root -------------------------------------------------------------------------
    cdef object _raw(self, const EMove *m):
        if m.kind != KIND_PLAY:
            return None
        return (m.d, m.line, m.start,
                PyBytes_FromStringAndSize(<const char *>m.word, m.length), m.score)

    cdef int _list_root(self) except -1:
        cdef int64_t count
        if self.root_moves != NULL:
            return 0
        count = self._generate(self.mover, True)
        self.root_moves = <EMove *>malloc(count * sizeof(EMove))
        self.root_values = <int *>malloc(count * sizeof(int))
        if self.root_moves == NULL or self.root_values == NULL:
            raise MemoryError()
        memcpy(self.root_moves, &self.arena[self.arena_top], count * sizeof(EMove))
        self.root_count = count
        return 0

    def first_move(self):
        """The first of the root's moves in the order tried (going out first, then by
        score plus the tiles played): what to play when no depth finished."""
        self._list_root()
        return self._raw(&self.root_moves[0]), self.root_moves[0].score

    def root(self, int depth):
        """Every root move valued at ``depth``, best first, as ``(value, raw move or
        None for the pass)``: the best exactly, the others as bounds.  Leaves the root's
        proven bounds in :attr:`low` and :attr:`high`; when they meet, the first move is
        the one that proves the value.  Raises the ``timeout`` exception when the time
        runs out (the search state is put back as it was)."""
        cdef int player = self.mover, passed = self.passed
        cdef uint64_t key = self.key ^ self.zturn[player][passed]
        cdef uint64_t saved_key = self.key
        cdef Entry entry
        cdef Entry *e = &entry
        cdef bint known = self._probe(key, e)
        cdef int low = -INF, high = INF, value, best, move_low = -INF, move_high = -INF
        cdef int low_now, high_now, theirs, k, j, have_low_move = 0, have_move_low = 0
        cdef EMove low_move, move_low_move, chosen, move
        cdef int64_t count, i
        cdef int *order
        if known:
            low, high = e.low, e.high
            if e.low_move.kind != KIND_NONE:
                low_move = e.low_move
                have_low_move = 1
        saved_cells = [self.cells[i] for i in range(self.n)]
        self.arena_top = 0
        self.partial = []
        values = []
        try:
            if depth == 1:
                count = self._generate(player, False)
                self.arena_top = count
                value = self._frontier(key, player, passed, INF, low, high,
                                       &low_move if have_low_move else NULL, 0, count)
                e[0] = self.settled
                chosen = e.low_move if self.low == self.high else e.best
                return [(value, self._raw(&chosen))]
            self._list_root()
            count = self.root_count
            order = <int *>malloc(count * sizeof(int))
            if order == NULL:
                raise MemoryError()
            try:
                for i in range(count):
                    order[i] = i
                if self.have_root_values:
                    # The last depth's values order the moves (a stable insertion sort).
                    for k in range(1, count):
                        j = k
                        while j > 0 and self.root_values[order[j - 1]] < self.root_values[order[j]]:
                            order[j - 1], order[j] = order[j], order[j - 1]
                            j -= 1
                elif known and e.best.kind != KIND_NONE and not self.reverse_root:
                    for k in range(count):
                        if _same(&self.root_moves[k], &e.best):
                            for j in range(k, 0, -1):
                                order[j] = order[j - 1]
                            order[0] = k
                            break
                if self.reverse_root:
                    # A helper: the moves after the first from the last, the part of the
                    # work the owner of the table comes to last.
                    for k in range(1, (count + 1) // 2):
                        order[k], order[count - k] = order[count - k], order[k]
                theirs = self.rack_value[1 - player]
                values = []
                best = -INF
                self.ply = 0
                self.inc_ready[0] = 0
                for k in range(count):
                    i = order[k]
                    move = self.root_moves[i]
                    if k == 1 and depth >= 2:
                        self._prepare(1 - player)
                    if move.out:
                        value = low_now = high_now = move.score + self.out_factor * theirs
                    elif best == -INF:
                        value = self._value_of(&move, player, passed, depth, -INF, INF)
                        low_now, high_now = self.low, self.high
                    else:
                        value = self._value_of(&move, player, passed, depth, best, best + 1)
                        low_now, high_now = self.low, self.high
                        if value > best:
                            value = self._value_of(&move, player, passed, depth, best, INF)
                            low_now = _max(low_now, self.low)
                            high_now = _min(high_now, self.high)
                    if low_now > move_low:
                        move_low = low_now
                        move_low_move = move
                        have_move_low = 1
                    move_high = _max(move_high, high_now)
                    values.append((_clamp(value, low_now, high_now), i, k))
                    best = _max(best, value)
                top = max(item[0] for item in values)
                self._settle(key, depth, top, -INF, INF, NULL, low, high,
                             &low_move if have_low_move else NULL, move_low, move_high,
                             &move_low_move if have_move_low else NULL)
                e[0] = self.settled
                proving = -1
                if self.low == self.high and e.low_move.kind != KIND_NONE:
                    for k in range(count):
                        if _same(&self.root_moves[k], &e.low_move):
                            proving = k
                            break
                # Best first; on a tie the move that proves the value.
                values.sort(key=lambda item: (-item[0], item[1] != proving, item[2]))
                for item in values:
                    self.root_values[<int>item[1]] = item[0]
                self.have_root_values = 1
                self._set_best(key, &self.root_moves[<int>values[0][1]])
                return [(item[0], self._raw(&self.root_moves[<int>item[1]])) for item in values]
            finally:
                free(order)
        except BaseException:
            # Stopped in the middle: put the board and racks back as they were, and keep
            # what the moves valued at this depth so far are worth.
            self._restore(saved_cells, saved_key)
            if values and self.root_moves != NULL:
                values.sort(key=lambda item: (-item[0], item[2]))
                self.partial = [(item[0], self._raw(&self.root_moves[<int>item[1]]))
                                for item in values]
            raise
        finally:
            self.arena_top = 0
            self.inc_ready[0] = 0
            self.ply = 0

    cdef int _restore(self, list saved_cells, uint64_t saved_key) except -1:
        """After a search was cut short: the board as it was, and the racks with it
        (every tile off the board since is back on its player's rack)."""
        cdef int i, code, letter, seat
        for i in range(self.n):
            code = self.cells[i]
            if code >= 0 and saved_cells[i] < 0:
                seat = self.owners[i]
                letter = self._letter(code)
                self.counts[seat][letter] += 1
                self.ntiles[seat] += 1
                self.rack_value[seat] += self.tile_value[letter]
                self.cells[i] = -1
                self.owners[i] = -1
                self._changed(i)
        self.key = saved_key
        return 0

    def line(self, first, int length=30, bint proven=False, int64_t budget=2_000_000):
        """The principal line from the table, starting with ``first`` (a raw move, or
        None for the pass): at a node whose value is proven, the move that proves it.
        ``proven`` (the root's value is): a node on the way whose entry was replaced is
        solved again (at most ``budget`` nodes each), so the line goes on to the end."""
        cdef int player = self.mover, passed = self.passed, k
        cdef EMove step
        cdef uint64_t key
        cdef Entry entry
        cdef Entry *e = &entry
        cdef bint found
        cdef list line = []
        cdef list undo = []
        self._from_raw(first, player, &step)
        try:
            for k in range(length):
                if step.kind == KIND_NONE or not self._playable(&step, player):
                    break
                line.append(self._raw(&step))
                if step.kind == KIND_PASS:
                    if passed:
                        break
                    passed = 1
                else:
                    self._play(&step, player)
                    undo.append((player, self._raw(&step)))
                    passed = 0
                    if self.ntiles[player] == 0:
                        break
                player = 1 - player
                key = self.key ^ self.zturn[player][passed]
                found = self._probe(key, e)
                if not found and proven:
                    found = self._solve_node(player, passed, key, budget, e)
                if not found:
                    break
                if e.low == e.high and e.low_move.kind != KIND_NONE:
                    step = e.low_move
                else:
                    step = e.best
        finally:
            for who, raw in reversed(undo):
                self._from_raw(raw, who, &step)
                self._take_back(&step, who)
        return line

    cdef bint _solve_node(self, int player, int passed, uint64_t key, int64_t budget,
                          Entry *found):
        """Solve the node (deepening until its value is proven, within ``budget`` nodes
        and no clock); copy its entry into ``found`` (False: none, the budget ran out)."""
        cdef double deadline = self.deadline
        cdef object stop = self.stop
        cdef int64_t node_limit = self.node_limit
        cdef int depth, limit = 2 * (self.ntiles[0] + self.ntiles[1]) + 2
        self.deadline = 0.0
        self.stop = None
        self.node_limit = self.nodes + budget
        try:
            for depth in range(1, limit + 1):
                self.negamax(player, passed, depth, -INF, INF)
                if self.low == self.high:
                    break
        except BaseException as exc:
            if not isinstance(exc, self.timeout):
                raise
        finally:
            self.deadline = deadline
            self.stop = stop
            self.node_limit = node_limit
        return self._probe(key, found)

    cdef int _from_raw(self, raw, int player, EMove *m) except -1:
        cdef bytes word
        cdef int k
        memset(m, 0, sizeof(EMove))
        if raw is None:
            m.kind = KIND_PASS
            return 0
        word = raw[3]
        if len(word) > MAXLINE:
            raise ValueError("a move longer than a line")
        m.kind = KIND_PLAY
        m.d, m.line, m.start, m.length = raw[0], raw[1], raw[2], len(word)
        for k in range(m.length):
            m.word[k] = word[k]
        m.score = raw[4]
        return 0
