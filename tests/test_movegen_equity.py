"""A ranked search's tables for one rack: every subset of the rack valued by the leave
table and weighed by the knobs, the compiled filler giving the very numbers the leave
table gives leave by leave."""

from __future__ import annotations

from array import array

from hypothesis import given, settings
from hypothesis import strategies as st

from tests import oracle
from wordstudio.crossword.movegen import equity, is_compiled
from wordstudio.crossword.movegen.equity import PLAIN, Knobs, RackEquity
from wordstudio.crossword.players.leaves import HeuristicLeaves, standard_table
from wordstudio.crossword.tiles import BLANK, Rack

ALPHABET = oracle.standard_config().tiles.alphabet
TILES = "AAEEIIOUSSTRNLQZ" + BLANK * 3


def tables(rack: Rack, leaves, knobs: Knobs = PLAIN) -> RackEquity:
    return RackEquity(rack.counts(ALPHABET), rack.blanks, ALPHABET, leaves, knobs)


def by_odometer(found: RackEquity, rack: Rack, leaves, knobs: Knobs) -> tuple[array, array]:
    # The same tables filled in Python, asking the leave table leave by leave.
    kinds = []
    for tile in sorted(set(rack.tiles), key=lambda t: (t == BLANK, t)):
        stride = found.blank_stride if tile == BLANK else found.strides[ALPHABET.index(tile)]
        weight = (knobs.blank_weight if tile == BLANK else
                  dict(zip(ALPHABET, knobs.letter_weights, strict=False)).get(tile, 0))
        kinds.append((tile, rack.tiles.count(tile), stride, weight))
    values = array("d", bytes(8 * len(found.values)))
    played = array("q", bytes(8 * len(found.values)))
    equity._fill_by_odometer(values, played, kinds, leaves)
    return values, played


@settings(max_examples=60, deadline=None)
@given(tiles=st.lists(st.sampled_from(TILES), min_size=1, max_size=10),
       weights=st.lists(st.integers(-9, 9), min_size=26, max_size=26),
       blank_weight=st.integers(-9, 9))
def test_the_tables_give_each_leave_the_value_the_leave_table_gives_it(tiles, weights,
                                                                       blank_weight):
    rack = Rack(tuple(tiles))
    knobs = Knobs(letter_weights=tuple(weights), blank_weight=blank_weight)
    leaves = standard_table()
    found = tables(rack, leaves, knobs)
    values, played = by_odometer(found, rack, leaves, knobs)
    assert list(found.values) == list(values)  # to the last bit
    assert list(found.played_weight) == list(played)
    assert found.values[found.start] == leaves.value(rack.tiles)
    assert found.values[0] == 0.0
    assert found.played_weight[0] == sum(
        blank_weight if t == BLANK else weights[ALPHABET.index(t)] for t in rack.tiles)


def test_without_leave_values_the_tables_weigh_the_tiles_played_only():
    rack = Rack(tuple("QAAB?"))
    knobs = Knobs(letter_weights=tuple(range(26)), blank_weight=-5)
    found = tables(rack, None, knobs)
    assert set(found.values) == {0.0}
    assert list(found.played_weight) == list(by_odometer(found, rack, None, knobs)[1])


def test_a_leave_evaluator_without_parts_is_asked_leave_by_leave():
    config = oracle.standard_config()
    leaves = HeuristicLeaves(config)
    rack = Rack(tuple("EEQSU??"))
    found = tables(rack, leaves)
    assert list(found.values) == list(by_odometer(found, rack, leaves, PLAIN)[0])
    assert found.values[found.start] == leaves.value(rack.tiles)


def test_the_compiled_filler_is_the_one_in_use_where_the_generator_is_compiled():
    assert (equity.compiled_filler() is not None) == is_compiled()
