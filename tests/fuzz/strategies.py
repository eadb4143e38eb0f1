"""Hypothesis strategies for damaged inputs: a good file and the damage done to it.

Hypothesis picks which good file, which mutators (one to three, from the generic ones and
the reader's own) and the random choices each makes, so a failing input shrinks towards
one mutator on the smallest file.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from tests.fuzz.readers import Reader


@st.composite
def damaged_inputs(draw: st.DrawFn, reader: Reader) -> tuple[str, bytes]:
    """(file name, bytes) of one of ``reader``'s good files, damaged."""
    name, data = draw(st.sampled_from(reader.seeds()))
    damages = draw(st.lists(st.sampled_from(list(reader.damages(name))), min_size=1,
                            max_size=3))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    for damage in damages:
        data = damage(rng, data)
    return name, data
