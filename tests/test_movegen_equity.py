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


# --- a leave table laid out once: a new rack's tables in one compiled call --------------------------
def made_the_general_way(rack_counts, blanks, alphabet, leaves, knobs: Knobs) -> RackEquity:
    """The tables as made without a rack plan: the rack's leave parts summed by the
    compiled filler, or each leave valued in Python."""
    found = RackEquity.__new__(RackEquity)
    found._fill(rack_counts, blanks, alphabet, leaves, knobs)
    return found


def leaves_kept(found: RackEquity, rack_counts, blanks, alphabet) -> dict[int, list[str]]:
    """Each leave index of ``found`` and the tiles that leave keeps."""
    held = [(alphabet[code], count, found.strides[code])
            for code, count in enumerate(rack_counts) if count]
    if blanks:
        held.append((BLANK, blanks, found.blank_stride))
    kept: dict[int, list[str]] = {0: []}
    for tile, count, stride in held:
        kept = {index + n * stride: tiles + [tile] * n
                for index, tiles in kept.items() for n in range(count + 1)}
    return kept


def assert_the_same_tables(found: RackEquity, expected: RackEquity) -> None:
    for name in ("values", "played_weight", "strides", "code_weight"):
        assert list(getattr(found, name)) == list(getattr(expected, name)), name  # to the bit
    for name in ("blank_stride", "start", "length_weight", "min_score", "max_score",
                 "min_length", "max_length", "blank_threshold", "cross_weights", "leaves"):
        assert getattr(found, name) == getattr(expected, name), name


@settings(max_examples=80, deadline=None)
@given(tiles=st.lists(st.sampled_from(TILES + "BCDEEE"), min_size=0, max_size=16),
       weights=st.lists(st.integers(-9, 9), min_size=0, max_size=26),
       blank_weight=st.integers(-9, 9), with_leaves=st.booleans())
def test_a_rack_plan_makes_the_tables_the_general_way_makes(tiles, weights, blank_weight,
                                                              with_leaves):
    rack = Rack(tuple(tiles))
    leaves = standard_table() if with_leaves else None
    knobs = Knobs(letter_weights=tuple(weights), blank_weight=blank_weight, min_score=3)
    counts = rack.counts(ALPHABET)
    found = RackEquity(counts, rack.blanks, ALPHABET, leaves, knobs)
    assert_the_same_tables(found, made_the_general_way(counts, rack.blanks, ALPHABET, leaves, knobs))
    assert (equity.rack_plan(leaves, ALPHABET, knobs) is not None) == is_compiled()


def test_a_rack_plan_follows_the_leave_order_of_any_alphabet():
    # Letters of more than one character, an alphabet not in leave order (which sorts the
    # letters' names), pairs and balance rows of every kind: each leave is worth what
    # the leave table says, to the last bit.
    from wordstudio.crossword.players.leaves import LeaveTable

    alphabet = ("QU", "E", "A", "CH", "B")
    leaves = LeaveTable({"QU": [5.1, 1.3], "E": [2.2, 1.7, 0.1], "A": [1.05], "CH": [-3.3],
                         BLANK: [20.25, 10.5]},
                        {("A", "E"): 0.5, ("CH", "E"): -0.25, ("A", "QU"): 3.3,
                         ("E", BLANK): 1.1, ("B", "CH"): 0.7, ("A", "B"): -0.9},
                        {1: [0.1, 0.2], 2: [-1.0, 0.3, 0.7], 3: [0.11, 0.22, 0.33, 0.44]})
    knobs = Knobs(letter_weights=(4, -2, 1, 0, 3), blank_weight=-7)
    for rack_counts, blanks in (([1, 3, 1, 1, 1], 2), ([2, 0, 4, 1, 0], 0), ([0, 0, 0, 0, 0], 1),
                                ([0, 0, 0, 0, 1], 0), ([0, 0, 0, 0, 0], 0)):
        found = RackEquity(rack_counts, blanks, alphabet, leaves, knobs)
        assert_the_same_tables(found, made_the_general_way(rack_counts, blanks, alphabet,
                                                           leaves, knobs))
        kept = leaves_kept(found, rack_counts, blanks, alphabet)
        assert len(kept) == len(found.values) == found.start + 1
        for index, tiles in kept.items():
            assert found.values[index] == leaves.value(tiles), tiles


def test_a_rack_beyond_the_plan_is_filled_the_general_way():
    # More than 32 tiles (a configuration may deal such racks): the plan declines them.
    leaves = standard_table()
    counts = Rack(tuple("A" * 20 + "E" * 13 + "?")).counts(ALPHABET)
    found = RackEquity(counts, 1, ALPHABET, leaves)
    assert len(found.values) == 21 * 14 * 2
    assert_the_same_tables(found, made_the_general_way(counts, 1, ALPHABET, leaves, PLAIN))
    assert found.values[found.start] == leaves.value("A" * 20 + "E" * 13 + "?")


def test_one_plan_serves_every_rack_of_a_leave_table_alphabet_and_knobs():
    leaves = standard_table()
    plan = equity.rack_plan(leaves, ALPHABET, PLAIN)
    assert equity.rack_plan(leaves, tuple(ALPHABET), Knobs()) is plan  # equal, not the same
    assert equity.rack_plan(HeuristicLeaves(oracle.standard_config()), ALPHABET, PLAIN) is None
    if is_compiled():
        assert plan is not None and plan.shared["leaves"] is leaves
    else:
        assert plan is None
