# cython: language_level=3
from wordstudio.crossword.movegen._types cimport Gen, uint8_t


cdef void search_direction(Gen *s, int d) noexcept
cdef bint append_move(Gen *s, int direction, int line, int start, int length,
                      const uint8_t *word, int score) noexcept
cdef int compare_top(const void *a, const void *b) noexcept nogil
