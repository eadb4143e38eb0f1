# C builtins the compiled move generator uses (movegen.py calls them only when compiled).
cdef extern from *:
    int __builtin_popcountll(unsigned long long)
    int __builtin_ctzll(unsigned long long)
