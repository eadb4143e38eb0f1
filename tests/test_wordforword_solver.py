"""The Doublets solver, checked by hand on known chains and against brute force."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.wordforword.solver import (
    DoubletGraph,
    cheapest_path,
    cutting_deletions,
    fewest_open_words,
    graph_for,
    has_chain,
    is_chain,
    separating_words,
    shortest_chain,
)

# CAT-COT-DOT-DOG, with a detour CAT-CAG-COG-DOG, and an island (ZZZ).
SMALL = ["CAT", "COT", "DOT", "DOG", "CAG", "COG", "ZZZ"]


@pytest.fixture
def small() -> DoubletGraph:
    return DoubletGraph(SMALL)


def test_neighbours_share_exactly_one_wildcard_bucket(small):
    assert sorted(small.neighbours("CAT")) == ["CAG", "COT"]
    assert sorted(small.neighbours("cog")) == ["CAG", "COT", "DOG"]
    assert small.neighbours("ZZZ") == []


def test_words_of_different_lengths_are_refused():
    with pytest.raises(ValueError, match="one length"):
        DoubletGraph(["CAT", "CART"])


def test_shortest_chain_and_its_absence(small):
    chain = shortest_chain(small, "cat", "dog")
    assert chain is not None and len(chain) == 4 and is_chain(chain)
    assert chain[0] == "CAT" and chain[-1] == "DOG"
    assert shortest_chain(small, "CAT", "ZZZ") is None
    assert shortest_chain(small, "CAT", "XYZ") is None
    assert shortest_chain(small, "CAT", "CAT") == ["CAT"]


def test_chain_avoiding_deleted_words(small):
    assert shortest_chain(small, "CAT", "DOG", without={"COT"}) == ["CAT", "CAG", "COG", "DOG"]
    assert not has_chain(small, "CAT", "DOG", without={"COT", "CAG"})


def test_chain_within_saved_words_only(small):
    assert shortest_chain(small, "CAT", "DOG", within={"CAT", "DOG", "COT"}) is None
    assert shortest_chain(small, "CAT", "DOG", within={"CAT", "DOG", "COT", "DOT"}) == [
        "CAT", "COT", "DOT", "DOG"]


def test_fewest_open_words_prefers_saved_words(small):
    cost, chain = fewest_open_words(small, "CAT", "DOG", saved={"CAT", "DOG", "CAG", "COG"})
    assert cost == 0 and chain == ["CAT", "CAG", "COG", "DOG"]
    cost, chain = fewest_open_words(small, "CAT", "DOG", saved={"CAT", "DOG", "COG"})
    assert cost == 1 and is_chain(chain)
    assert fewest_open_words(small, "CAT", "ZZZ") is None


def test_separating_words_and_cutting_deletions(small):
    assert separating_words(small, "CAT", "DOG") == frozenset()
    # Without CAG every chain from CAT goes through COT (then DOT or COG).
    assert separating_words(small, "CAT", "DOG", without={"CAG"}) == {"COT"}
    assert separating_words(small, "CAT", "DOG", without={"CAG", "COG"}) == {"COT", "DOT"}
    players = {"ann": ("CAT", "DOG"), "bob": ("COT", "DOG")}
    cuts = cutting_deletions(small, players, without={"CAG", "COG"}, protected={"DOG"})
    assert cuts == {"COT": frozenset({"ann"}), "DOT": frozenset({"ann", "bob"})}
    # Saved words cannot be deleted, so they cut no one off.
    assert cutting_deletions(small, players, without={"CAG", "COG"},
                             protected={"COT", "DOT"}) == {}


def test_is_chain():
    assert is_chain(["CAT", "COT", "DOT"])
    assert not is_chain(["CAT", "DOT"])
    assert not is_chain(["CAT", "CATS"])
    assert is_chain(["CAT"])


def test_graph_for_reuses_the_graph_of_the_same_words():
    assert graph_for(("CAT", "COT")) is graph_for(["CAT", "COT"])


def test_large_list_five_letter_words_are_searched_fast():
    """Not a timing test: a sanity check that the big graph answers real questions."""
    graph = graph_for(load_lexicon("en-US-large").of_length(5))
    assert len(graph) > 10000
    chain = shortest_chain(graph, "FLOUR", "BREAD")
    assert chain is not None and is_chain(chain) and len(chain) == 7
    cost, cheap = fewest_open_words(graph, "FLOUR", "BREAD", saved={"FLOUR", "BREAD"})
    assert cost == 5 and len(cheap) == 7


# --- brute force ---------------------------------------------------------------------------
def _simple_paths(words: list[str], start: str, end: str, allowed: set[str]):
    """Every simple path from start to end through allowed words (tiny lexicons only)."""
    if start not in allowed or end not in allowed:
        return
    stack = [(start, (start,))]
    while stack:
        node, path = stack.pop()
        if node == end:
            yield path
            continue
        for word in words:
            if word in allowed and word not in path and is_chain([node, word]):
                stack.append((word, (*path, word)))


small_lexicons = st.lists(
    st.text(alphabet="ABC", min_size=3, max_size=3), min_size=2, max_size=14, unique=True)


@st.composite
def puzzles(draw):
    words = sorted(draw(small_lexicons))
    start, end = draw(st.sampled_from(words)), draw(st.sampled_from(words))
    deleted = set(draw(st.lists(st.sampled_from(words), max_size=4))) - {start, end}
    saved = set(draw(st.lists(st.sampled_from(words), max_size=5))) | {start, end}
    return words, start, end, deleted, saved - deleted


@settings(max_examples=300, deadline=None)
@given(puzzles())
def test_shortest_chain_matches_brute_force(case):
    words, start, end, deleted, _saved = case
    graph = DoubletGraph(words)
    paths = list(_simple_paths(words, start, end, set(words) - deleted))
    chain = shortest_chain(graph, start, end, without=deleted)
    if not paths:
        assert chain is None
    else:
        assert chain is not None and is_chain(chain)
        assert chain[0] == start and chain[-1] == end and not deleted & set(chain)
        assert len(chain) == min(len(p) for p in paths)


@settings(max_examples=300, deadline=None)
@given(puzzles())
def test_saved_only_chain_matches_brute_force(case):
    words, start, end, deleted, saved = case
    graph = DoubletGraph(words)
    paths = list(_simple_paths(words, start, end, saved))
    chain = shortest_chain(graph, start, end, within=saved)
    assert (chain is None) == (not paths)
    if chain is not None:
        assert set(chain) <= saved and len(chain) == min(len(p) for p in paths)


@settings(max_examples=300, deadline=None)
@given(puzzles())
def test_fewest_open_words_matches_brute_force(case):
    words, start, end, deleted, saved = case
    graph = DoubletGraph(words)
    paths = list(_simple_paths(words, start, end, set(words) - deleted))
    found = cheapest_path(graph, graph.index[start], graph.index[end],
                          graph.mask(without=deleted), graph.mask(within=saved))
    if not paths:
        assert found is None
    else:
        assert found is not None
        cost, path = found
        chain = [graph.words[i] for i in path]
        assert is_chain(chain) and chain[0] == start and chain[-1] == end
        assert cost == sum(1 for w in chain if w not in saved)
        assert cost == min(sum(1 for w in p if w not in saved) for p in paths)


@settings(max_examples=200, deadline=None)
@given(puzzles())
def test_separating_words_match_brute_force(case):
    words, start, end, deleted, _saved = case
    graph = DoubletGraph(words)
    allowed = set(words) - deleted
    expected = set()
    if any(True for _ in _simple_paths(words, start, end, allowed)):
        for word in allowed - {start, end}:
            if not any(True for _ in _simple_paths(words, start, end, allowed - {word})):
                expected.add(word)
    assert separating_words(graph, start, end, without=deleted) == expected


@settings(max_examples=100, deadline=None)
@given(small_lexicons, st.data())
def test_cutting_deletions_match_brute_force(words, data):
    words = sorted(words)
    graph = DoubletGraph(words)
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(words), st.sampled_from(words)),
                               min_size=1, max_size=3))
    puzzles_ = {f"p{i}": pair for i, pair in enumerate(pairs)}
    protected = {w for pair in pairs for w in pair}
    expected: dict[str, set[str]] = {}
    for word, (key, (a, b)) in itertools.product(words, puzzles_.items()):
        if word in protected:
            continue
        if has_chain(graph, a, b) and not any(
                True for _ in _simple_paths(words, a, b, set(words) - {word})):
            expected.setdefault(word, set()).add(key)
    found = cutting_deletions(graph, puzzles_, protected=protected)
    assert {w: set(k) for w, k in found.items()} == expected
