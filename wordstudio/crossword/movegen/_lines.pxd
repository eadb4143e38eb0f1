# cython: language_level=3
from wordstudio.crossword.movegen._types cimport Gen


cdef void sync_board(Gen *s, const int *cells, const int *owners) noexcept
cdef void sync_squares(Gen *s, const int *cells, const int *squares, int count) noexcept
cdef void compute_anchors(Gen *s, int player) noexcept
cdef int exact_score(Gen *s, int start, int end) noexcept
