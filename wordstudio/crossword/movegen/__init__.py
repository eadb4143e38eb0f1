"""Every legal move for a rack: the GADDAG move generator (Gordon 1994), any board.

Two generators with one API and the same results (tests hold them to it):

* :mod:`._core` (with :mod:`._lines`), compiled from Cython when ``pip install`` found a
  C compiler: the search in C, no Python object per move;
* :mod:`.pure`, the same algorithm in Python, used where nothing could be compiled.

:func:`generator_class` picks one; :class:`wordstudio.crossword.moves.MoveFinder` is the
friendly entry point.  Codes and raw moves: :mod:`.base`; equity in the search loop:
:mod:`.equity`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from wordstudio.crossword.movegen.base import (
    ACROSS,
    BLANK_FLAG,
    BLOCKED,
    DEFAULT_LIMIT,
    DIAGONAL_DOWN,
    DIAGONAL_UP,
    DOWN,
    EMPTY,
    EXISTING_FLAG,
    LETTER_MASK,
    MAXLINE,
    STREAM_CHUNK,
    FoundMoves,
    RawMove,
    line_geometry,
    rank_key,
)

_core: ModuleType | None
try:
    _core = importlib.import_module("wordstudio.crossword.movegen._core")
except ImportError:  # no C compiler at install time: the pure-Python generator
    _core = None


def is_compiled() -> bool:
    """True when the compiled generator is installed (and so is the one in use)."""
    return _core is not None


def implementation(pure_python: bool = False) -> ModuleType:
    """The module whose ``MoveGenerator`` and ``MoveList`` to use: the compiled one when
    installed, unless ``pure_python`` asks for the fallback."""
    if pure_python or _core is None:
        # Imported here: a process with the compiled generator never needs it.
        from wordstudio.crossword.movegen import pure

        return pure
    return _core


__all__ = [
    "ACROSS", "BLANK_FLAG", "BLOCKED", "DEFAULT_LIMIT", "DIAGONAL_DOWN", "DIAGONAL_UP", "DOWN",
    "EMPTY", "EXISTING_FLAG", "FoundMoves", "LETTER_MASK", "MAXLINE", "STREAM_CHUNK", "RawMove",
    "implementation", "is_compiled", "line_geometry", "rank_key",
]
