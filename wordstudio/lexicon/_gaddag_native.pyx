# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The GADDAG builder and layout check in C (the compiled side of :mod:`.gaddag_build`).

:func:`build` makes, node for node, the same flat array as
:func:`wordstudio.lexicon.gaddag_build.build_words` (the algorithm is described there);
:func:`check` walks a flat array loaded from the cache and says whether every child
offset points at a node, so the compiled move generator can never read outside it.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, qsort, realloc
from libc.string cimport memcmp, memset

cdef enum:
    MAXDEPTH = 40
    MAXARCS = 64
    MAGIC = 0x57534744
    FORMAT_VERSION = 4
    HEADER = 16


cdef struct Nodes:
    int32_t *sep
    int32_t *first      # index of the node's first arc
    int32_t *narcs
    int64_t count
    int64_t cap
    uint8_t *letter     # arcs, three parallel arrays
    int32_t *child
    uint8_t *accepts
    int64_t arcs
    int64_t arc_cap
    int32_t *table      # the register: open addressing, -1 empty
    int64_t table_size
    int64_t table_used


cdef struct Text:
    const uint8_t *s
    int32_t n
    uint8_t accepts     # used by the reversed prefixes
    int32_t sep


cdef int _grow(void **ptr, int64_t count, size_t item) except -1:
    cdef void *fresh = realloc(ptr[0], count * item)
    if fresh == NULL:
        raise MemoryError()
    ptr[0] = fresh
    return 0


cdef int _init(Nodes *t) except -1:
    memset(t, 0, sizeof(Nodes))
    t.cap = 1024
    t.arc_cap = 4096
    t.table_size = 4096
    _grow(<void **>&t.sep, t.cap, sizeof(int32_t))
    _grow(<void **>&t.first, t.cap, sizeof(int32_t))
    _grow(<void **>&t.narcs, t.cap, sizeof(int32_t))
    _grow(<void **>&t.letter, t.arc_cap, sizeof(uint8_t))
    _grow(<void **>&t.child, t.arc_cap, sizeof(int32_t))
    _grow(<void **>&t.accepts, t.arc_cap, sizeof(uint8_t))
    _grow(<void **>&t.table, t.table_size, sizeof(int32_t))
    memset(t.table, 0xff, t.table_size * sizeof(int32_t))
    return 0


cdef void _free(Nodes *t) noexcept:
    free(t.sep)
    free(t.first)
    free(t.narcs)
    free(t.letter)
    free(t.child)
    free(t.accepts)
    free(t.table)


cdef inline uint64_t _hash(int32_t sep, const uint8_t *letter, const int32_t *child,
                           const uint8_t *accepts, int32_t n) noexcept nogil:
    cdef uint64_t h = <uint64_t>(sep + 2) * 0x9E3779B97F4A7C15ULL
    cdef int32_t i
    for i in range(n):
        h ^= (<uint64_t>child[i] << 8) | (<uint64_t>letter[i] << 1) | accepts[i]
        h *= 0xFF51AFD7ED558CCDULL
        h ^= h >> 29
    return h


cdef int64_t _append(Nodes *t, int32_t sep, const uint8_t *letter, const int32_t *child,
                     const uint8_t *accepts, int32_t n) except -1:
    cdef int64_t node = t.count
    cdef int32_t i
    if t.count == t.cap:
        t.cap *= 2
        _grow(<void **>&t.sep, t.cap, sizeof(int32_t))
        _grow(<void **>&t.first, t.cap, sizeof(int32_t))
        _grow(<void **>&t.narcs, t.cap, sizeof(int32_t))
    while t.arcs + n > t.arc_cap:
        t.arc_cap *= 2
        _grow(<void **>&t.letter, t.arc_cap, sizeof(uint8_t))
        _grow(<void **>&t.child, t.arc_cap, sizeof(int32_t))
        _grow(<void **>&t.accepts, t.arc_cap, sizeof(uint8_t))
    t.sep[node] = sep
    t.first[node] = <int32_t>t.arcs
    t.narcs[node] = n
    for i in range(n):
        t.letter[t.arcs + i] = letter[i]
        t.child[t.arcs + i] = child[i]
        t.accepts[t.arcs + i] = accepts[i]
    t.arcs += n
    t.count += 1
    return node


cdef int _rehash(Nodes *t) except -1:
    cdef int64_t size = t.table_size * 2
    cdef int32_t *table = <int32_t *>malloc(size * sizeof(int32_t))
    cdef int64_t i, slot
    cdef int32_t node
    if table == NULL:
        raise MemoryError()
    memset(table, 0xff, size * sizeof(int32_t))
    for i in range(t.table_size):
        node = t.table[i]
        if node < 0:
            continue
        slot = _hash(t.sep[node], t.letter + t.first[node], t.child + t.first[node],
                     t.accepts + t.first[node], t.narcs[node]) & (size - 1)
        while table[slot] >= 0:
            slot = (slot + 1) & (size - 1)
        table[slot] = node
    free(t.table)
    t.table = table
    t.table_size = size
    return 0


cdef int64_t _register(Nodes *t, int32_t sep, const uint8_t *letter, const int32_t *child,
                       const uint8_t *accepts, int32_t n) except -1:
    """The node with this signature: an equal one already registered, or a new one."""
    cdef uint64_t h = _hash(sep, letter, child, accepts, n)
    cdef int64_t slot = h & (t.table_size - 1)
    cdef int32_t node
    cdef int64_t first
    while True:
        node = t.table[slot]
        if node < 0:
            break
        first = t.first[node]
        if (t.sep[node] == sep and t.narcs[node] == n
                and memcmp(t.letter + first, letter, n) == 0
                and memcmp(t.child + first, child, n * sizeof(int32_t)) == 0
                and memcmp(t.accepts + first, accepts, n) == 0):
            return node
        slot = (slot + 1) & (t.table_size - 1)
    node = <int32_t>_append(t, sep, letter, child, accepts, n)
    t.table[slot] = node
    t.table_used += 1
    if t.table_used * 2 > t.table_size:
        _rehash(t)
    return node


cdef struct Stack:
    uint8_t letter[MAXDEPTH][MAXARCS]
    int32_t child[MAXDEPTH][MAXARCS]
    uint8_t accepts[MAXDEPTH][MAXARCS]
    int32_t n[MAXDEPTH]
    uint8_t final[MAXDEPTH]
    int32_t sep[MAXDEPTH]


cdef int _close(Nodes *t, Stack *st, const Text *prev, int32_t keep) except -1:
    cdef int32_t depth, k
    cdef int64_t node
    depth = prev.n
    while depth > keep:
        node = _register(t, st.sep[depth], st.letter[depth], st.child[depth],
                         st.accepts[depth], st.n[depth])
        k = st.n[depth - 1]
        st.letter[depth - 1][k] = prev.s[depth - 1]
        st.child[depth - 1][k] = <int32_t>node
        st.accepts[depth - 1][k] = st.final[depth]
        st.n[depth - 1] = k + 1
        depth -= 1
    return 0


cdef int64_t _daciuk(Nodes *t, const Text *texts, int64_t count, bint with_info) except -1:
    """:func:`gaddag_build._daciuk` over ``texts`` (sorted, unique)."""
    cdef Stack *st = <Stack *>malloc(sizeof(Stack))
    cdef Text empty
    cdef const Text *prev = &empty
    cdef int64_t i
    cdef int32_t k, limit, d
    if st == NULL:
        raise MemoryError()
    empty.s = NULL
    empty.n = 0
    st.n[0] = 0
    st.final[0] = 0
    st.sep[0] = -1
    try:
        for i in range(count):
            limit = prev.n if prev.n < texts[i].n else texts[i].n
            k = 0
            while k < limit and prev.s[k] == texts[i].s[k]:
                k += 1
            _close(t, st, prev, k)
            for d in range(k + 1, texts[i].n + 1):
                st.n[d] = 0
                st.final[d] = 0
                st.sep[d] = -1
            if with_info:
                st.final[texts[i].n] = texts[i].accepts
                st.sep[texts[i].n] = texts[i].sep
            else:
                st.final[texts[i].n] = 1
            prev = &texts[i]
        _close(t, st, prev, 0)
        return _append(t, st.sep[0], st.letter[0], st.child[0], st.accepts[0], st.n[0])
    finally:
        free(st)


cdef int _compare_texts(const void *a, const void *b) noexcept nogil:
    cdef const Text *x = <const Text *>a
    cdef const Text *y = <const Text *>b
    cdef int32_t n = x.n if x.n < y.n else y.n
    cdef int c = memcmp(x.s, y.s, n)
    if c:
        return c
    return x.n - y.n


cdef inline int32_t _common(const Text *a, const Text *b) noexcept nogil:
    cdef int32_t k = 0
    cdef int32_t limit = a.n if a.n < b.n else b.n
    while k < limit and a.s[k] == b.s[k]:
        k += 1
    return k


cdef int32_t _step(const Nodes *t, int32_t node, uint8_t letter, uint8_t *accepts) noexcept nogil:
    cdef int32_t i
    cdef int32_t first = t.first[node]
    for i in range(first, first + t.narcs[node]):
        if t.letter[i] == letter:
            accepts[0] = t.accepts[i]
            return t.child[i]
    return -1


def build(words, int letters):
    """The flat GADDAG (an ``array('I')``) of ``words``: a list of ``bytes`` of letter
    codes, each 1 to 39 letters long, in any order (repeats are ignored)."""
    from array import array

    cdef int64_t count = len(words), i, j, total, k, p
    cdef Text *texts = <Text *>malloc((count + 1) * sizeof(Text))
    cdef Text *rev = NULL
    cdef uint8_t *rev_text = NULL
    cdef Nodes dawg, back
    cdef int32_t path[MAXDEPTH + 1]
    cdef int32_t dawg_root, rev_root, state
    cdef uint8_t accepts
    cdef int32_t common, q
    if texts == NULL:
        raise MemoryError()
    _init(&dawg)
    _init(&back)
    try:
        total = 0
        for i in range(count):
            word = words[i]
            texts[i].s = <const uint8_t *>PyBytes_AS_STRING(word)
            texts[i].n = <int32_t>PyBytes_GET_SIZE(word)
            if texts[i].n < 1 or texts[i].n >= MAXDEPTH:
                raise ValueError("a word is empty or longer than the GADDAG allows")
        # Sorted and without repeats, as Daciuk's algorithm needs.
        qsort(texts, count, sizeof(Text), _compare_texts)
        j = 0
        for i in range(count):
            if j and _compare_texts(&texts[j - 1], &texts[i]) == 0:
                continue
            texts[j] = texts[i]
            total += texts[i].n
            j += 1
        count = j
        dawg_root = <int32_t>_daciuk(&dawg, texts, count, False)
        # Every prefix once (beyond the part shared with the previous word), reversed:
        # first how much room that takes, then the texts.
        k = 0
        p = 0
        for i in range(count):
            common = _common(texts + i - 1, texts + i) if i else 0
            for j in range(common, texts[i].n):
                k += 1
                p += j + 1
        rev = <Text *>malloc((k + 1) * sizeof(Text))
        rev_text = <uint8_t *>malloc(p + 1)
        if rev == NULL or rev_text == NULL:
            raise MemoryError()
        k = 0
        p = 0
        path[0] = dawg_root
        for i in range(count):
            common = _common(texts + i - 1, texts + i) if i else 0
            for j in range(common, texts[i].n):
                state = _step(&dawg, path[j], texts[i].s[j], &accepts)
                path[j + 1] = state
                rev[k].s = rev_text + p
                rev[k].n = <int32_t>(j + 1)
                rev[k].accepts = accepts
                rev[k].sep = state if dawg.narcs[state] > 0 else -1
                for q in range(j, -1, -1):
                    rev_text[p] = texts[i].s[q]
                    p += 1
                k += 1
        qsort(rev, k, sizeof(Text), _compare_texts)
        rev_root = <int32_t>_daciuk(&back, rev, k, True)
        return _flatten(&dawg, dawg_root, &back, rev_root, letters, array)
    finally:
        free(texts)
        free(rev)
        free(rev_text)
        _free(&dawg)
        _free(&back)


cdef object _flatten(Nodes *dawg, int32_t dawg_root, Nodes *back, int32_t rev_root,
                     int letters, array_type):
    cdef int mask_slots = 1 if letters <= 31 else 2
    cdef int sep_bit = 31 if letters <= 31 else 63
    cdef int64_t pos = HEADER, i
    cdef int32_t *dawg_off = <int32_t *>malloc(dawg.count * sizeof(int32_t))
    cdef int32_t *back_off = <int32_t *>malloc(back.count * sizeof(int32_t))
    cdef uint32_t[::1] out
    if dawg_off == NULL or back_off == NULL:
        free(dawg_off)
        free(back_off)
        raise MemoryError()
    try:
        for i in range(dawg.count):
            dawg_off[i] = <int32_t>pos
            pos += mask_slots + dawg.narcs[i]
        for i in range(back.count):
            back_off[i] = <int32_t>pos
            pos += mask_slots + back.narcs[i] + (1 if back.sep[i] >= 0 else 0)
        if pos >= (1 << 31):
            raise MemoryError("the word list is too large for a GADDAG")
        data = array_type("I", bytes(4 * pos))
        out = data
        out[0] = MAGIC
        out[1] = FORMAT_VERSION
        out[2] = letters
        out[3] = back_off[rev_root]
        out[4] = dawg_off[dawg_root]
        out[5] = <uint32_t>pos
        out[6] = mask_slots
        out[7] = sep_bit
        _write_part(out, dawg, dawg_off, NULL, mask_slots, sep_bit)
        _write_part(out, back, back_off, dawg_off, mask_slots, sep_bit)
        return data
    finally:
        free(dawg_off)
        free(back_off)


cdef void _write_part(uint32_t[::1] out, const Nodes *t, const int32_t *offsets,
                      const int32_t *sep_offsets, int mask_slots, int sep_bit) noexcept:
    """Write the nodes of one part (the DAWG, or the reversed prefixes with their
    separator arcs into the DAWG at ``sep_offsets``) at their ``offsets``."""
    cdef int64_t i, a, slot
    cdef uint64_t mask
    for i in range(t.count):
        slot = offsets[i] + mask_slots
        mask = 0
        for a in range(t.first[i], t.first[i] + t.narcs[i]):
            mask |= (<uint64_t>1) << t.letter[a]
            out[slot] = <uint32_t>offsets[t.child[a]] | (<uint32_t>t.accepts[a] << 31)
            slot += 1
        if sep_offsets != NULL and t.sep[i] >= 0:
            mask |= (<uint64_t>1) << sep_bit
            out[slot] = <uint32_t>sep_offsets[t.sep[i]]
        out[offsets[i]] = <uint32_t>(mask & 0xFFFFFFFFu)
        if mask_slots == 2:
            out[offsets[i] + 1] = <uint32_t>(mask >> 32)


cdef inline bint _is_start(const uint8_t *starts, uint32_t slot) noexcept nogil:
    return (starts[slot >> 3] >> (slot & 7)) & 1


def check(const uint32_t[::1] data):
    """True when ``data`` is a well-formed flat GADDAG: a header that fits, nodes laid
    end to end up to the recorded length, and every child offset (and both roots) at
    the start of a node, with no mask bit outside the alphabet and the separator."""
    cdef int64_t n = data.shape[0], pos, end, i
    cdef uint32_t child
    cdef uint64_t mask, allowed
    cdef int mask_slots, sep_bit, letters
    cdef uint8_t *starts
    if n < HEADER or data[0] != MAGIC or data[1] != FORMAT_VERSION or data[5] != n:
        return False
    letters = data[2]
    mask_slots = data[6]
    sep_bit = data[7]
    if not (1 <= letters <= 62) or (mask_slots, sep_bit) != ((1, 31) if letters <= 31 else (2, 63)):
        return False
    allowed = (((<uint64_t>1) << letters) - 1) | ((<uint64_t>1) << sep_bit)
    # One bit per slot: the bitmap stays in the processor's cache while children are checked.
    starts = <uint8_t *>malloc(n // 8 + 1)
    if starts == NULL:
        raise MemoryError()
    try:
        memset(starts, 0, n // 8 + 1)
        pos = HEADER
        while pos < n:
            if pos + mask_slots > n:
                return False
            mask = data[pos]
            if mask_slots == 2:
                mask |= (<uint64_t>data[pos + 1]) << 32
            if mask & ~allowed:
                return False
            starts[pos >> 3] |= 1 << (pos & 7)
            end = pos + mask_slots + __builtin_popcountll(mask)
            if end > n:
                return False
            pos = end
        if pos != n or not _is_start(starts, data[3]) or not _is_start(starts, data[4]):
            return False
        pos = HEADER
        while pos < n:
            mask = data[pos]
            if mask_slots == 2:
                mask |= (<uint64_t>data[pos + 1]) << 32
            end = pos + mask_slots + __builtin_popcountll(mask)
            for i in range(pos + mask_slots, end):
                child = data[i] & 0x7FFFFFFFu
                if child >= n or not _is_start(starts, child):
                    return False
            pos = end
        return True
    finally:
        free(starts)


cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
