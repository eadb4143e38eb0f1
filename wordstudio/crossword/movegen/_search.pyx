# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The GADDAG search of the compiled move generator: C functions on one :class:`Gen`.

The same algorithm, step for step, as :mod:`.pure`'s ``_direction``, ``_left``,
``_right`` and ``_record`` (tests hold the two to the same moves in the same order):
for each line with an anchor, each anchor is searched leftwards from the GADDAG root,
turning right through the separator; tiles on the board are read, empty squares take
each rack letter (and, with a blank, each letter) that the automaton and the square's
cross-check allow; scores are carried along.  A found move is written to the output
buffer (:func:`append_move`), or - in a ranked search - measured and offered to the
top-N heap (:func:`compare_top` orders it).  Nothing here touches a Python object
except on the rare way out: a stop request polled every 4,096 steps and a full chunk
handed to the caller, both through the generator object (``Gen.chunk_owner``).
"""

from cpython.time cimport monotonic
from libc.string cimport memcmp, memcpy
from libc.stdlib cimport realloc

from wordstudio.crossword.movegen._lines cimport exact_score
from wordstudio.crossword.movegen._types cimport (
    BLANK,
    BLOCKED,
    EMPTY,
    EXISTING,
    LMASK,
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
    update_can_blank,
    ws_ctz,
)

cdef uint64_t ALL = ((<uint64_t>1) << 62) - 1


# --- ranking -----------------------------------------------------------------------------------
cdef int compare_top(const void *a, const void *b) noexcept nogil:
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
cdef void _poll(Gen *s) noexcept:
    if s.deadline > 0 and monotonic() >= s.deadline:
        s.stopped = STOP_DEADLINE
    elif s.stop_callback != NULL and (s.nodes & 0xFFF) == 0:
        _ask_stop(s)


cdef void _ask_stop(Gen *s) noexcept:
    """The caller's stop request (a Python callable); an error in it ends the search and
    is raised by ``generate``."""
    try:
        if (<object>s.stop_callback)():
            s.stopped = STOP_ASKED
    except BaseException as exc:  # noqa: B036 - handed to generate(), which raises it
        (<object>s.chunk_owner).error = exc
        s.stopped = STOP_ERROR


cdef void _flush(Gen *s) noexcept:
    """Hand the full chunk of moves to the caller (the generator object does it)."""
    try:
        (<object>s.chunk_owner).flush()
    except BaseException as exc:  # noqa: B036 - handed to generate(), which raises it
        (<object>s.chunk_owner).error = exc
        s.stopped = STOP_ERROR


# --- the search --------------------------------------------------------------------------------
cdef void search_direction(Gen *s, int d) noexcept:
    """Every move along direction ``d``: each line holding an anchor, each anchor."""
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
        if s.groups:
            _group_starts(s, length)
        else:
            _anchor_starts(s, length)
        if s.stopped:
            return


cdef void _anchor_starts(Gen *s, int length) noexcept:
    """Gordon's starts: each anchor square, left to right; a move is found from the
    leftmost anchor it covers (extending left never reaches another anchor)."""
    cdef int pos, leftmost = 0
    for pos in range(length):
        if s.L[pos].anchor:
            _start(s, pos, leftmost, length)
            if s.stopped:
                return
            leftmost = pos + 1


cdef void _group_starts(Gen *s, int length) noexcept:
    """Starts for anchored play on a board with tiles, right to left: each group of tiles
    in the line, from its last tile (the tiles fix the automaton's path before any letter
    is tried, which prunes hard, above all with blanks), and each anchor square that no
    group touches along the line (a hook).  A move through tiles of the line is found
    from the rightmost group it takes in; a move through none, from the rightmost hook it
    covers: the bounds given to each start keep every move to exactly one."""
    cdef Square *L = s.L
    cdef int seg_end = length, seg_start, pos, run_end, run_start, group_bound, hook_bound
    cdef int hook_left, h, has_group
    while seg_end > 0:
        # A segment between blocked squares: no move spans a blocked square.
        seg_start = seg_end
        while seg_start > 0 and L[seg_start - 1].tile != BLOCKED:
            seg_start -= 1
        group_bound = seg_end
        pos = seg_end - 1
        while pos >= seg_start:
            run_end = pos
            while pos >= seg_start and L[pos].tile == EMPTY:
                pos -= 1
            run_start = pos + 1
            has_group = pos >= seg_start
            if has_group:
                # The group ending at pos; its moves may not reach the square touching
                # the next group to the right (those moves take that group in).
                _start(s, pos, seg_start, group_bound)
                if s.stopped:
                    return
            # Hooks: the run's anchors, less the squares touching a group along the line.
            hook_bound = group_bound
            hook_left = run_start + 1 if has_group else run_start
            for h in range(run_end, hook_left - 1, -1):
                if h == run_end and run_end + 1 < seg_end and L[run_end + 1].tile >= 0:
                    continue
                if L[h].anchor:
                    _start(s, h, hook_left, hook_bound)
                    if s.stopped:
                        return
                    hook_bound = h
            while pos >= seg_start and L[pos].tile >= 0:
                pos -= 1
            group_bound = pos
        seg_end = seg_start - 1


cdef void _start(Gen *s, int pos, int leftmost, int rightmost) noexcept:
    """Search every move through square ``pos`` within ``leftmost``..``rightmost - 1``."""
    s.anchor = pos
    s.leftmost = leftmost
    s.rightmost = rightmost
    s.anchor_right_free = 1 if (pos + 1 >= s.llen or s.L[pos + 1].tile < 0) else 0
    s.anchor_can_right = 1 if (pos + 1 < rightmost and s.L[pos + 1].tile != BLOCKED) else 0
    _left(s, pos, s.root, node_mask(s.g, s.ms, s.root), 0, 1, 0, 0)


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
        can_left = pos > s.leftmost and tile != BLOCKED
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
            update_can_blank(s)
            m2 = main
        else:
            m2 = main + s.scores[letter]
        s.wbuf[pos] = tile | EXISTING
        slot = child_slot(g, ms, node, nmask, bit)
        # (A search that began on a tile has placed nothing yet: no move.)
        if record and nplaced and slot > OFFSET:
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
            update_can_blank(s)
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
        update_can_blank(s)
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
        update_can_blank(s)


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
        can_right = pos + 1 < s.rightmost and tile != BLOCKED
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
            update_can_blank(s)
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
            update_can_blank(s)
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
        update_can_blank(s)
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
        update_can_blank(s)


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
            _flush(s)
            if s.stopped:
                return
        if not append_move(s, s.direction, s.line, start, length, s.wbuf + start, score):
            s.stopped = STOP_ERROR  # generate() raises MemoryError
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


cdef bint append_move(Gen *s, int direction, int line, int start, int length,
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
