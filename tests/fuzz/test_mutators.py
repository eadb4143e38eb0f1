"""The mutators damage files as they say, the same way for the same random choices."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz import mutators

GOOD = b"Rows = 15\nColumns = 15\n# a comment\nLetterScores = { 1 3 3 2 }\n"


@pytest.mark.parametrize("mutator", mutators.GENERIC, ids=lambda m: m.__name__)
def test_each_mutator_is_repeatable(mutator) -> None:
    first = mutator(random.Random(5), GOOD)
    assert mutator(random.Random(5), GOOD) == first
    assert isinstance(first, bytes)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300), st.integers(0, 2**32))
def test_mutate_takes_any_bytes(data: bytes, seed: int) -> None:
    assert isinstance(mutators.mutate(random.Random(seed), data), bytes)


def test_huge_number_replaces_a_number() -> None:
    damaged = mutators.huge_number(random.Random(3), b"Rows = 15\n")
    assert damaged.startswith(b"Rows = ") and damaged != b"Rows = 15\n"
    assert damaged[len(b"Rows = "):-1] in mutators.HUGE_NUMBERS


def test_delete_and_duplicate_line() -> None:
    assert mutators.delete_line(random.Random(1), GOOD).count(b"\n") == GOOD.count(b"\n") - 1
    assert mutators.duplicate_line(random.Random(1), GOOD).count(b"\n") > GOOD.count(b"\n")


def test_long_line_is_long() -> None:
    longest = max(len(line) for line in mutators.long_line(random.Random(2), GOOD).split(b"\n"))
    assert longest >= 300


def test_json_value_keeps_json_and_changes_one_value() -> None:
    good = json.dumps({"a": 1, "b": [1, 2, 3], "c": {"d": "text"}}).encode()
    changed = 0
    for seed in range(30):
        damaged = mutators.json_value(random.Random(seed), good)
        document = json.loads(damaged)  # NaN and Infinity are JSON to Python's reader
        changed += document != json.loads(good)
    assert changed >= 25


def test_include_line_names_an_odd_target() -> None:
    damaged = mutators.include_line(random.Random(4), GOOD, "board.cfg").decode()
    (line,) = [x for x in damaged.splitlines() if x.startswith("Include = ")]
    target = line[len("Include = "):]
    assert target in {t.replace("{self}", "board.cfg") for t in mutators.INCLUDE_TARGETS}


@pytest.mark.parametrize("seed", range(40))
def test_repeats_of_repeats_stay_within_the_input_limit(monkeypatch, seed: int) -> None:
    """Growing mutators applied over and over never make an input past MAX_INPUT (plus
    a few bytes): the fuzzer never builds gigabytes before a reader sees them."""
    monkeypatch.setattr(mutators, "MAX_INPUT", 200_000)
    rng = random.Random(seed)
    data = json.dumps({"inputs": [{"tiles": ["H8 A", "H9 B"]}] * 5, "name": "x" * 50}).encode()
    growers = (mutators.duplicate_span, mutators.duplicate_line, mutators.long_line,
               mutators.json_value)
    for _ in range(12):
        data = rng.choice(growers)(rng, data)
        assert len(data) <= 200_000 + 1_000
