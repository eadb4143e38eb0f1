"""JSON as WordStudio's own files hold it (saved games, settings), read with limits.

``json.loads`` alone accepts what no file of ours holds and what can break a reader:
``NaN`` and ``Infinity`` (which overflow sums and clocks), integers of thousands of
digits (slow to convert, ValueError past 4,300 digits), and nesting deep enough to
exhaust the parser's recursion (RecursionError).  :func:`load_json` turns each of
these into a ValueError with a plain reason, before any of it is built.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: Whole numbers in our files (seeds, levels, scores, times) have at most this many digits.
MAX_DIGITS = 30
#: JSON nested deeper than this is none of our files (the deepest is about 6 levels).
MAX_DEPTH = 64

_BRACKETS = re.compile(r"[\[\]{}]")


def load_json(text: str) -> Any:
    """The value ``text`` holds; ValueError for bad JSON and for anything past the
    limits above."""
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise ValueError(f"nested {depth} levels deep; our files nest at most {MAX_DEPTH}")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_whole_number)
    except RecursionError:  # cannot happen below MAX_DEPTH; a safety net all the same
        raise ValueError("nested too deeply") from None


def nesting(text: str) -> int:
    """How deep brackets nest in ``text`` (counting those inside strings too, so this
    is an upper bound of the JSON's real depth)."""
    deepest = depth = 0
    for match in _BRACKETS.finditer(text):
        depth += 1 if match.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number our files hold")


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ValueError(f"a number of {digits:,} digits (at most {MAX_DIGITS})")
    return int(text)
