"""The fuzz suite: every reader of outside input fed damaged copies of real files.

* :mod:`.mutators` - byte flips, deleted and duplicated lines, huge and negative
  numbers, NUL bytes, odd Unicode, very long lines, deep nesting, JSON values of the
  wrong kind, ``Include`` cycles and missing or strange Includes;
* :mod:`.seeds` - the good files: shipped boards, word lists and games played here;
* :mod:`.readers` - each reader as the program calls it, and the outcome of one input;
* :mod:`.runner` and ``python -m tests.fuzz`` - the long run and its table;
* ``test_*.py`` - the brief run inside the normal test command (hypothesis).
"""
