"""Leave values: the shipped table, the heuristic for other tile sets, and the
invariants of what is kept and what is given back."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_players_helpers import shipped, standard
from wordstudio.crossword.players.leaves import (
    NO_LEAVES,
    HeuristicLeaves,
    LeaveTable,
    TileFingerprint,
    leaves_for,
    standard_table,
)
from wordstudio.crossword.players.strategy import best_exchange, note12_discards
from wordstudio.lexicon.catalog import DEFAULT_LEXICON

TILES = "AAAAEEEEIIIOOUNRSSTLDGBCMPFHVWYKJXQZ??"


def test_the_table_is_for_the_standard_tiles_and_says_how_it_was_made() -> None:
    table = standard_table()
    assert table.fingerprint == TileFingerprint.of(standard())
    info = table.info
    assert info["made_by"] == "tools/make_leaves.py"
    assert info["games"] >= 5000 and info["samples"] > 50_000
    assert 0 < info["cpu_seconds"] < 40 * 60
    # trained on the crossword default list (issue 24)
    assert info["lexicon"] == DEFAULT_LEXICON == "en-US-wordgame"


def test_the_table_applies_wherever_the_tiles_are_standard() -> None:
    for name in ("scrabble.cfg", "board21.cfg", "diamond.cfg", "gridbrd.cfg"):
        assert leaves_for(shipped(name)) is standard_table(), name
    for name in ("wordsworth.cfg", "super21.cfg", "board7.cfg", "blocked13.cfg"):
        assert isinstance(leaves_for(shipped(name)), HeuristicLeaves), name


def test_the_learnt_values_make_sense() -> None:
    value = standard_table().value
    assert value(()) == 0
    assert value(("?",)) > value(("S",)) > 0 > value(("U", "U", "U"))
    assert value(("?", "?")) > value(("?",))
    assert value(("E", "R", "S")) > 0
    assert value(("Q", "U")) > value(("Q", "V"))
    assert value(("V", "V")) < value(("V",))
    assert value(("I", "I", "I")) < value(("I",))


def test_the_table_reads_back_what_it_writes() -> None:
    table = standard_table()
    again = LeaveTable.from_json(json.loads(json.dumps(table.to_json())))
    for leave in (("A",), ("?", "S"), ("E", "E", "I", "Q", "U", "Z"), ("C", "H", "R")):
        assert abs(again.value(leave) - table.value(leave)) < 0.01


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(TILES), min_size=0, max_size=6), st.randoms())
def test_a_leave_is_worth_the_same_in_any_order(tiles, rng) -> None:
    shuffled = list(tiles)
    rng.shuffle(shuffled)
    for values in (standard_table(), leaves_for(shipped("super21.cfg")), NO_LEAVES):
        assert values.value(tuple(tiles)) == values.value(tuple(shuffled))


# --- the heuristic -------------------------------------------------------------------------------
def test_heuristic_from_the_games_own_weights() -> None:
    config = shipped("super21.cfg")  # S weight -4, blank -8, Q +6, bonus 60
    leaves = HeuristicLeaves(config)
    assert leaves.value(("?",)) == 8 + 60 / 5  # the floor beats the weight of 8
    assert leaves.value(("S",)) == 4 - 2.5 * abs(0 - 0.4)
    assert leaves.value(("Q", "U")) == -6 - 1 - 2.5 * abs(1 - 0.8)
    # Q without U: its weight and the penalty.
    assert leaves.value(("Q", "E")) == -6 - 7 - 2.5 * abs(1 - 0.8)
    # Duplicates: -3 for a second copy, -6 for each more.
    assert leaves.value(("T", "T", "T")) == -3 - 6 - 2.5 * abs(0 - 1.2)


def test_heuristic_prefers_balance() -> None:
    leaves = HeuristicLeaves(shipped("wordsworth.cfg"))  # every weight 0
    assert leaves.value(("E", "R", "S", "T")) > leaves.value(("R", "S", "T", "N"))
    assert leaves.value(("E", "R", "S", "T")) > leaves.value(("A", "E", "I", "O"))


# --- giving tiles back ---------------------------------------------------------------------------
WEIGHTS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", standard().tiles.weights, strict=True))
WEIGHTS["?"] = standard().tiles.blank_weight
SCORES = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", standard().tiles.scores, strict=True))
SCORES["?"] = 0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(TILES), min_size=1, max_size=7), st.integers(0, 7))
def test_note_12_discards_invariants(rack, limit) -> None:
    discards = note12_discards(rack, WEIGHTS, SCORES, limit)
    assert len(discards) <= limit
    assert not Counter(discards) - Counter(rack)  # only tiles held
    assert all(WEIGHTS[t] >= 0 for t in discards)  # S and the blank stay
    if "Q" in rack and "U" in rack:
        assert "Q" not in discards and "U" not in discards
    positives = [t for t in rack if WEIGHTS[t] > 0 and not ("Q" in rack and "U" in rack
                                                            and t in "QU")]
    assert Counter(discards[: len(positives)]) == Counter(positives[:limit])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(TILES), min_size=1, max_size=7), st.integers(1, 7))
def test_best_exchange_keeps_the_most_valuable_tiles(rack, limit) -> None:
    table = standard_table()
    returned, value = best_exchange(rack, table, limit)
    kept = Counter(rack) - Counter(returned)
    assert 1 <= len(returned) <= limit
    assert value == table.value(tuple(kept.elements()))
    # No single tile swapped between the kept and the returned would do better.
    for out in set(returned):
        for keep in set(kept):
            other = kept.copy()
            other[keep] -= 1
            other[out] += 1
            assert table.value(tuple(other.elements())) <= value + 1e-9
