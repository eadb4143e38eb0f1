# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""What each empty square allows, where moves may attach, and a move read in full.

The compiled side of :mod:`wordstudio.crossword.movegen.pure`'s ``_all_lines``,
``_line_masks``, ``_readings`` and ``_exact_score`` (same rules, same results):

* :func:`sync_board` keeps, for every empty square and direction, the letters that make
  the line through it a word (a real tile and a blank apart, for the wild rules), the
  letter sum of that line's tiles and whether there is a line at all.  Only the lines
  through squares whose tile changed since the last search are worked out again.
* :func:`compute_anchors` marks where a move may attach, as
  :func:`wordstudio.crossword.rules.anchor_masks` does.
* :func:`exact_score` re-reads a move when the wild rules or length-squared scoring need
  every word it forms.
"""

from libc.string cimport memcpy, memset

from wordstudio.crossword.movegen._types cimport (
    BLANK,
    BLOCKED,
    EMPTY,
    LMASK,
    MAXLINE,
    MAXLINES,
    MAXSQ,
    MAXWORDS,
    OFFSET,
    EXISTING,
    Gen,
    child_slot,
    node_mask,
    uint32_t,
    uint64_t,
    uint8_t,
    ws_popcount,
)


cdef void sync_board(Gen *s, const int *cells, const int *owners) noexcept:
    """Take in the board of the next search; work out again the lines it changed."""
    cdef uint8_t dirty[4][MAXLINES]
    cdef int sq, d, line, any_dirty = 0, pos, first, step, count = 0
    memset(dirty, 0, sizeof(dirty))
    for sq in range(s.n):
        s.owners[sq] = owners[sq] if owners != NULL else -1
        if cells[sq] >= 0:
            count += 1
        if s.have_board and cells[sq] == s.cells[sq]:
            continue
        s.cells[sq] = cells[sq]
        any_dirty = 1
        for d in range(s.nd):
            dirty[d][s.line_of[d][sq]] = 1
    s.tiles_on_board = count
    if not any_dirty and s.have_board:
        return
    _redo_lines(s, dirty, not s.have_board)
    s.have_board = 1


cdef void sync_squares(Gen *s, const int *cells, const int *squares, int count) noexcept:
    """:func:`sync_board` for a board that differs from the last one taken in at most at
    ``squares`` (a search that knows which squares its moves filled and emptied; no
    owners: anchored play); the same result, without reading the whole board."""
    cdef uint8_t dirty[4][MAXLINES]
    cdef int k, sq, d, any_dirty = 0
    if not s.have_board:
        sync_board(s, cells, NULL)
        return
    memset(dirty, 0, sizeof(dirty))
    for k in range(count):
        sq = squares[k]
        if cells[sq] == s.cells[sq]:
            continue
        if s.cells[sq] < 0 <= cells[sq]:
            s.tiles_on_board += 1
        elif cells[sq] < 0 <= s.cells[sq]:
            s.tiles_on_board -= 1
        s.cells[sq] = cells[sq]
        s.owners[sq] = -1
        any_dirty = 1
        for d in range(s.nd):
            dirty[d][s.line_of[d][sq]] = 1
    if any_dirty:
        _redo_lines(s, dirty, 0)


cdef void _redo_lines(Gen *s, uint8_t dirty[4][MAXLINES], int every) noexcept:
    """Work out again what the squares of the ``dirty`` lines (``every``: all) allow."""
    cdef int d, line, sq, pos, first, step
    for d in range(s.nd):
        for line in range(s.nlines[d]):
            if not dirty[d][line] and not every:
                continue
            if s.lc_mask and _cached_line(s, d, line):
                continue
            first = s.line_first[d][line]
            step = s.line_step[d][line]
            sq = first
            for pos in range(s.line_len[d][line]):
                _square_masks(s, sq, d)
                sq += step
            if s.lc_mask:
                _keep_line(s, d, line)


# --- the line cache: what a line's squares allow depends on that line's tiles alone --------------
cdef inline uint64_t _line_key(const Gen *s, int d, int line) noexcept:
    cdef uint64_t h = (<uint64_t>0xCBF29CE484222325) ^ (<uint64_t>(d * MAXLINES + line) << 40)
    cdef int sq = s.line_first[d][line], step = s.line_step[d][line], pos
    for pos in range(s.line_len[d][line]):
        h = (h ^ <uint64_t>(s.cells[sq] + 3)) * <uint64_t>0x100000001B3
        sq += step
    return (h ^ (h >> 31)) | 1  # never 0: 0 marks an empty entry


cdef int _cached_line(Gen *s, int d, int line) noexcept:
    """Fill the line's squares from the cache (1), or say it holds no such line (0)."""
    cdef uint64_t key = _line_key(s, d, line)
    cdef uint64_t slot = key & s.lc_mask
    cdef const uint8_t *data
    cdef int sq, step, pos
    if s.lc_keys[slot] != key:
        return 0
    data = s.lc_data + slot * s.lc_stride
    sq = s.line_first[d][line]
    step = s.line_step[d][line]
    for pos in range(s.line_len[d][line]):
        memcpy(&s.vm[d][sq], data, 8)
        memcpy(&s.vmb[d][sq], data + 8, 8)
        memcpy(&s.vcs[d][sq], data + 16, 4)
        memcpy(&s.vhas[d][sq], data + 20, 4)
        data += 24
        sq += step
    return 1


cdef void _keep_line(Gen *s, int d, int line) noexcept:
    cdef uint64_t key = _line_key(s, d, line)
    cdef uint64_t slot = key & s.lc_mask
    cdef uint8_t *data = s.lc_data + slot * s.lc_stride
    cdef int sq = s.line_first[d][line], step = s.line_step[d][line], pos
    if s.line_len[d][line] * 24 > s.lc_stride:
        return
    for pos in range(s.line_len[d][line]):
        memcpy(data, &s.vm[d][sq], 8)
        memcpy(data + 8, &s.vmb[d][sq], 8)
        memcpy(data + 16, &s.vcs[d][sq], 4)
        memcpy(data + 20, &s.vhas[d][sq], 4)
        data += 24
        sq += step
    s.lc_keys[slot] = key


cdef void _square_masks(Gen *s, int sq, int d) noexcept:
    cdef int r, c, rr, cc, lonely
    cdef int cols = s.cols
    if s.cells[sq] != EMPTY:
        s.vm[d][sq] = 0
        s.vmb[d][sq] = 0
        s.vcs[d][sq] = 0
        s.vhas[d][sq] = 0
        return
    # Most squares have no tile next to them along d: no line, no limit.
    r = sq // cols
    c = sq % cols
    lonely = 1
    rr = r - s.dr[d]
    cc = c - s.dc[d]
    if 0 <= rr < s.rows and 0 <= cc < cols and s.cells[rr * cols + cc] >= 0:
        lonely = 0
    rr = r + s.dr[d]
    cc = c + s.dc[d]
    if 0 <= rr < s.rows and 0 <= cc < cols and s.cells[rr * cols + cc] >= 0:
        lonely = 0
    if lonely:
        s.vm[d][sq] = s.all_letters
        s.vmb[d][sq] = s.all_letters
        s.vcs[d][sq] = 0
        s.vhas[d][sq] = 0
    else:
        _line_masks(s, sq, d)


cdef inline int _tile_at(const Gen *s, int r, int c) noexcept:
    if 0 <= r < s.rows and 0 <= c < s.cols:
        return s.cells[r * s.cols + c]
    return EMPTY


cdef void _line_masks(Gen *s, int sq, int d) noexcept:
    """Letters that make the line through empty ``sq`` along ``d`` a word."""
    cdef int cols = s.cols, dr = s.dr[d], dc = s.dc[d]
    cdef int r = sq // cols, c = sq % cols
    cdef int before = 0, after = 0, k, t, score = 0, length, letter, ok
    cdef uint32_t node, nxt, slot
    cdef uint64_t mask, nmask, bit, result, resultb, mask2, bit2
    while _tile_at(s, r - dr * (before + 1), c - dc * (before + 1)) >= 0:
        before += 1
    while _tile_at(s, r + dr * (after + 1), c + dc * (after + 1)) >= 0:
        after += 1
    if before == 0 and after == 0:
        s.vm[d][sq] = s.all_letters
        s.vmb[d][sq] = s.all_letters
        s.vcs[d][sq] = 0
        s.vhas[d][sq] = 0
        return
    s.vhas[d][sq] = 1
    length = before + after + 1
    for k in range(length):
        if k == before:
            continue
        t = _tile_at(s, r + dr * (k - before), c + dc * (k - before))
        s.sbuf[k] = t
        if not (t & BLANK):
            score += s.scores[t & LMASK]
    s.vcs[d][sq] = score
    if s.fast_cross:
        # One walk for the tiles before, then each letter's continuation.
        node = s.dawg_root
        for k in range(before):
            nmask = node_mask(s.g, s.ms, node)
            bit = (<uint64_t>1) << (s.sbuf[k] & LMASK)
            if not (nmask & bit):
                s.vm[d][sq] = 0
                s.vmb[d][sq] = 0
                return
            node = child_slot(s.g, s.ms, node, nmask, bit) & OFFSET
        result = 0
        nmask = node_mask(s.g, s.ms, node)
        mask = nmask & s.all_letters
        while mask:
            bit = mask & (~mask + 1)
            mask ^= bit
            slot = child_slot(s.g, s.ms, node, nmask, bit)
            if after == 0:
                if slot > OFFSET:
                    result |= bit
                continue
            nxt = slot & OFFSET
            ok = 1
            for k in range(before + 1, length):
                mask2 = node_mask(s.g, s.ms, nxt)
                bit2 = (<uint64_t>1) << (s.sbuf[k] & LMASK)
                if not (mask2 & bit2):
                    ok = 0
                    break
                slot = child_slot(s.g, s.ms, nxt, mask2, bit2)
                nxt = slot & OFFSET
            if ok and slot > OFFSET:
                result |= bit
        s.vm[d][sq] = result
        s.vmb[d][sq] = result
        return
    result = 0
    resultb = 0
    for letter in range(s.nletters):
        s.sbuf[before] = letter
        if _readings(s, 0, length):
            result |= (<uint64_t>1) << letter
        s.sbuf[before] = letter | BLANK
        if _readings(s, 0, length):
            resultb |= (<uint64_t>1) << letter
    s.vm[d][sq] = result
    s.vmb[d][sq] = resultb


cdef int _is_word(Gen *s, int base, int n, int reverse) noexcept:
    """Is sbuf[base:base+n] (read backwards when ``reverse``) in the plain lexicon?"""
    cdef uint32_t node = s.c_root, slot = 0
    cdef int k, letter
    cdef uint64_t bit, mask
    for k in range(n):
        letter = s.sbuf[base + (n - 1 - k if reverse else k)] & LMASK
        bit = (<uint64_t>1) << letter
        mask = node_mask(s.c, s.ms, node)
        if not (mask & bit):
            return 0
        slot = child_slot(s.c, s.ms, node, mask, bit)
        node = slot & OFFSET
    return 1 if slot > OFFSET else 0


cdef int _readings(Gen *s, int base, int n) noexcept:
    """Which ways sbuf[base:base+n] reads as a word, wild rules applied: bit 1
    forwards, bit 2 backwards (only when that is a different string)."""
    cdef int wilds = 0, k, bits = 0, same, last
    for k in range(n):
        if s.sbuf[base + k] & BLANK:
            wilds += 1
    if s.wild_once and wilds > 1:
        return 0
    if _is_word(s, base, n, 0):
        last = s.sbuf[base + n - 1]
        if not (s.wild_plural and n > 2 and last & BLANK
                and (last & LMASK) == s.s_letter and _is_word(s, base, n - 1, 0)):
            bits |= 1
    if s.backward:
        same = 1
        for k in range(n // 2):
            if (s.sbuf[base + k] & LMASK) != (s.sbuf[base + n - 1 - k] & LMASK):
                same = 0
                break
        if not same and _is_word(s, base, n, 1):
            last = s.sbuf[base]
            if not (s.wild_plural and n > 2 and last & BLANK
                    and (last & LMASK) == s.s_letter and _is_word(s, base + 1, n - 1, 1)):
                bits |= 2
    return bits


cdef void _add_words(Gen *s, int base, int n, int bits) noexcept:
    """Remember each reading of sbuf[base:base+n] that is not already a word of the
    move (words are kept by letter, so a blank and a real tile read the same)."""
    cdef int reading, w, k, same, found
    for reading in range(1, 3):
        if not (bits & reading):
            continue
        found = 0
        for w in range(s.nwords):
            if s.wlen[w] != n:
                continue
            same = 1
            for k in range(n):
                if s.sbuf[w * MAXLINE + k] != s.sbuf[base + (k if reading == 1 else n - 1 - k)] & LMASK:
                    same = 0
                    break
            if same:
                found = 1
                break
        if not found and s.nwords < MAXWORDS:
            w = s.nwords
            for k in range(n):
                s.sbuf[w * MAXLINE + k] = s.sbuf[base + (k if reading == 1 else n - 1 - k)] & LMASK
            s.wlen[w] = n
            s.nwords += 1


cdef int exact_score(Gen *s, int start, int end) noexcept:
    """The move in wbuf[start..end] read in full: -1 when a wild rule makes it illegal;
    otherwise its length-squared score (every different word it forms), or 0 with
    letter-sum scoring."""
    cdef int n = end - start + 1, base = MAXLINE * MAXWORDS, bits, k, pos, code, sq, o
    cdef int r, c, dr, dc, back, length, checked, total, w, t
    cdef int d = s.direction, cols = s.cols
    for k in range(n):
        s.sbuf[base + k] = s.wbuf[start + k] & (LMASK | BLANK)
    bits = _readings(s, base, n)
    if not bits:
        return -1
    if not s.lsq:
        return 0
    s.nwords = 0
    _add_words(s, base, n, bits)
    for pos in range(start, end + 1):
        code = s.wbuf[pos]
        if code & EXISTING:
            continue
        sq = s.L[pos].sq
        for o in range(4):
            if o == d or not (s.enabled[o] or (d >= 2 and o < 2)):
                continue
            dr = s.dr[o]
            dc = s.dc[o]
            r = sq // cols
            c = sq % cols
            back = 0
            while _tile_at(s, r - dr * (back + 1), c - dc * (back + 1)) >= 0:
                back += 1
            length = 0
            while True:
                k = length - back
                if k == 0:
                    s.sbuf[base + length] = code
                else:
                    t = _tile_at(s, r + dr * k, c + dc * k)
                    if t < 0:
                        break
                    s.sbuf[base + length] = t
                length += 1
            if length < 2:
                continue
            bits = _readings(s, base, length)
            checked = 1 if (d < 2 and o == 1 - d) or (d >= 2 and o < 2) else 0
            if checked and not bits:
                return -1
            _add_words(s, base, length, bits)
    total = 0
    for w in range(s.nwords):
        total += s.wlen[w] * s.wlen[w]
    return total


cdef void compute_anchors(Gen *s, int player) noexcept:
    """Where a move may attach, per direction (see rules.anchor_masks): the first move's
    squares; later every empty square (free-form), or those next to a tile - the
    player's own tiles in territorial play, once he has any."""
    cdef int sq, d, r, c, dr, dc, rr, cc, own_only = 0, ok
    cdef int cols = s.cols
    memset(s.anchors, 0, sizeof(s.anchors))
    if s.tiles_on_board == 0:
        for sq in range(s.n):
            if s.cells[sq] != EMPTY:
                continue
            r = sq // cols
            c = sq % cols
            if (s.first_row < 0 or r == s.first_row) and (s.first_col < 0 or c == s.first_col):
                for d in range(4):
                    ok = s.enabled[d]
                    if s.first_dir == 1:
                        ok = ok and d == 1
                    elif s.first_dir == 2:
                        ok = ok and d == 0
                    if ok:
                        s.anchors[d][sq] = 1
        return
    if s.free_form == 2:
        for sq in range(s.n):
            if s.cells[sq] == EMPTY:
                for d in range(4):
                    s.anchors[d][sq] = s.enabled[d]
        return
    if s.free_form == 1 and player >= 0:
        for sq in range(s.n):
            if s.owners[sq] == player:
                own_only = 1
                break
    for sq in range(s.n):
        if s.cells[sq] < 0 or (own_only and s.owners[sq] != player):
            continue
        r = sq // cols
        c = sq % cols
        for dr in range(-1, 2):
            for dc in range(-1, 2):
                if (dr == 0 and dc == 0) or (dr != 0 and dc != 0 and not s.diagonal_neighbours):
                    continue
                rr = r + dr
                cc = c + dc
                if 0 <= rr < s.rows and 0 <= cc < cols and s.cells[rr * cols + cc] == EMPTY:
                    for d in range(4):
                        s.anchors[d][rr * cols + cc] = s.enabled[d]
