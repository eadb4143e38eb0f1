# cython: language_level=3
"""What the compiled move generator's modules share: limits, cell codes, the search's
state as one C struct, and the bit operations on automaton nodes.

The flat GADDAG layout is described in :mod:`wordstudio.lexicon.gaddag`; cell and word
codes in :mod:`wordstudio.crossword.movegen`.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int ws_popcount(unsigned long long x) { return (int)__popcnt64(x); }
    static __inline int ws_ctz(unsigned long long x) {
        unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #else
    static inline int ws_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int ws_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    """
    int ws_popcount(unsigned long long x) nogil
    int ws_ctz(unsigned long long x) nogil

cdef enum:
    MAXLINE = 32          # squares in a line, at most (boards up to 31 x 31)
    MAXSQ = 1024          # squares on a board
    MAXLINES = 64         # lines in one direction (diagonals: rows + cols - 1)
    MAXLETTERS = 64
    MAXWORDS = 96         # words one move forms, when scored one by one
    EMPTY = -1
    BLOCKED = -2
    BLANK = 64
    EXISTING = 128
    LMASK = 63
    OFFSET = 0x7FFFFFFF
    # Why a search stopped.
    STOP_DEADLINE = 1
    STOP_LIMIT = 2
    STOP_ASKED = 3
    STOP_ERROR = 4


cdef struct Square:
    # One square of the line being searched.
    int tile              # EMPTY, BLOCKED or a tile code (letter | BLANK)
    int sq
    int lm
    int wm
    int anchor
    int cscore            # letter sum of the tiles of the lines it must make words of
    int ncross            # how many such lines (0: none, no limit on letters)
    uint64_t cross        # letters a real tile may show here
    uint64_t crossb       # letters a blank may stand for here
    uint64_t skip         # one-tile plays an earlier direction pass recorded
    uint64_t skipb


cdef struct TopMove:
    double equity
    int32_t score
    uint8_t direction
    uint8_t line
    uint8_t start
    uint8_t length
    uint8_t word[MAXLINE]


cdef struct Gen:
    # --- the automata -------------------------------------------------------------------
    const uint32_t *g          # generation automaton (words, and reversals when backward)
    const uint32_t *c          # plain automaton: is a line a word?
    int ms                     # mask slots per node
    uint64_t sepbit
    uint32_t root
    uint32_t dawg_root
    uint32_t c_root
    int nletters
    uint64_t all_letters
    # --- the game -----------------------------------------------------------------------
    int rows
    int cols
    int n
    int lm[MAXSQ]
    int wm[MAXSQ]
    int scores[MAXLETTERS]
    int bonus_tiles
    int bonus
    int enabled[4]
    int dr[4]
    int dc[4]
    int nd                     # directions with cross-checks kept (2, or 4 with diagonals)
    int backward
    int lsq
    int wild_once
    int wild_plural
    int s_letter
    int fast_cross
    int exact
    int first_row              # first-move rules (-1: any)
    int first_col
    int first_dir
    int free_form
    int diagonal_neighbours
    int nlines[4]
    int line_first[4][MAXLINES]
    int line_len[4][MAXLINES]
    int line_step[4][MAXLINES]
    int line_of[4][MAXSQ]
    # --- the board, and what each empty square allows (kept between searches) ------------
    int have_board
    int cells[MAXSQ]
    int owners[MAXSQ]
    int tiles_on_board
    uint64_t vm[4][MAXSQ]
    uint64_t vmb[4][MAXSQ]
    int vcs[4][MAXSQ]
    int vhas[4][MAXSQ]
    uint8_t anchors[4][MAXSQ]
    # A cache of what a line's squares allow, by the line's tiles (optional: lc_mask 0
    # means none; its memory belongs to whoever set it).
    uint64_t *lc_keys
    uint8_t *lc_data
    uint64_t lc_mask
    int lc_stride
    # --- the rack -----------------------------------------------------------------------
    int rack[MAXLETTERS]
    int blanks
    int rack_blanks
    uint64_t rack_mask
    int main_wilds
    int can_blank
    # --- the line being searched --------------------------------------------------------
    Square L[MAXLINE]
    int llen
    int groups                 # start from tile groups (anchored play on a board with tiles)
    int anchor                 # where the search of the current start began
    int leftmost               # the squares a move from it may cover: leftmost..rightmost-1
    int rightmost
    int anchor_right_free
    int anchor_can_right
    int direction
    int line
    uint8_t wbuf[MAXLINE]
    int sbuf[MAXLINE * (MAXWORDS + 1)]
    int wlen[MAXWORDS]
    int nwords
    # --- equity (top-N searches) --------------------------------------------------------
    int top                    # 0: keep every move
    int stride[MAXLETTERS]     # leave index step of each letter; blank_stride for blanks
    int blank_stride
    int leave_idx
    const double *leave_value
    const int64_t *played_weight
    int64_t code_weight[128]
    int length_weight
    int min_score
    int max_score
    int min_length
    int max_length
    int64_t blank_threshold
    int cross_weights
    TopMove *heap
    int heap_used
    # --- what was found -----------------------------------------------------------------
    uint8_t *out               # records: score (4 bytes), direction, line, start, length, word
    int64_t out_used
    int64_t out_cap
    uint32_t *offsets
    int64_t count
    int64_t offsets_cap
    int64_t limit              # moves kept at most (0: no limit) before a chunk or a stop
    int64_t found              # moves found in all (streamed chunks included)
    int window
    int best
    # --- control ------------------------------------------------------------------------
    double deadline
    int64_t nodes
    int stopped
    void *stop_callback        # borrowed Python callables, or NULL
    void *chunk_callback
    void *chunk_owner          # the MoveGenerator (to hand chunks out)


cdef inline uint64_t node_mask(const uint32_t *a, int ms, uint32_t node) noexcept nogil:
    if ms == 1:
        return a[node]
    return a[node] | ((<uint64_t>a[node + 1]) << 32)


cdef inline uint32_t child_slot(const uint32_t *a, int ms, uint32_t node, uint64_t mask,
                                uint64_t bit) noexcept nogil:
    return a[node + ms + ws_popcount(mask & (bit - 1))]


cdef inline void update_can_blank(Gen *s) noexcept nogil:
    # A blank may be placed while one is left and (one-wild rule) the main word holds none.
    s.can_blank = 1 if s.blanks > 0 and not (s.wild_once and s.main_wilds) else 0
