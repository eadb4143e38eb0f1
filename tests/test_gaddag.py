"""The GADDAG: exactly the word list's paths, and a per-user cache that is never trusted blindly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordstudio.lexicon.gaddag import (
    SEP,
    Gaddag,
    build_gaddag,
    cache_key,
    cache_path,
    encode_words,
    load_gaddag,
)
from wordstudio.lexicon.wordlist import WordList

words_strategy = st.lists(st.text(alphabet="ABCDE", min_size=1, max_size=6), min_size=1,
                          max_size=40)


def gaddag_paths(g: Gaddag) -> set[tuple[int, ...]]:
    """Every accepted path of the automaton from the GADDAG root."""
    out: set[tuple[int, ...]] = set()
    stack = [(g.root, ())]
    while stack:
        node, path = stack.pop()
        for letter in [*g.letters_from(node), SEP]:
            child = g.child(node, letter)
            if letter != SEP and g.accepts(node, letter):
                out.add((*path, letter))
            if child >= 0:
                stack.append((child, (*path, letter)))
    return out


def expected_paths(words: list[tuple[int, ...]]) -> set[tuple[int, ...]]:
    out = set()
    for w in words:
        for i in range(1, len(w) + 1):
            left = tuple(reversed(w[:i]))
            out.add(left if i == len(w) else (*left, SEP, *w[i:]))
    return out


@settings(max_examples=150, deadline=None)
@given(words_strategy)
def test_gaddag_holds_exactly_the_paths_of_its_words(words):
    wl = WordList.from_words(words, alphabet="ABCDE")
    codes = encode_words(wl, wl.alphabet)
    g = Gaddag(build_gaddag(codes, 5), wl.alphabet)
    assert gaddag_paths(g) == expected_paths(codes)
    assert g.words() == list(wl.words)
    for w in wl.words:
        assert w in g
    assert "ABCDEABCDE" not in g or "ABCDEABCDE" in wl


def test_reversible_gaddag_accepts_words_backwards(tmp_path):
    wl = WordList.from_words(["STOP", "TOPS", "DRAW"])
    g = load_gaddag(wl, reversible=True, cache_dir=tmp_path)
    assert "POTS" in g and "WARD" in g and "STOP" in g
    assert "PTOS" not in g


def test_cache_is_reused_and_keyed_by_content(tmp_path):
    wl = WordList.from_words(["CAT", "DOG", "COG"])
    first = load_gaddag(wl, cache_dir=tmp_path)
    path = cache_path(tmp_path, cache_key(wl, wl.alphabet, False))
    assert path.exists()
    same_words = WordList.from_words(["dog", "cog", "cat", "CAT"])
    assert cache_key(same_words, wl.alphabet, False) == cache_key(wl, wl.alphabet, False)
    again = load_gaddag(same_words, cache_dir=tmp_path)
    assert again.data == first.data
    changed = WordList.from_words(["CAT", "DOG", "COG", "COT"])
    assert cache_key(changed, wl.alphabet, False) != cache_key(wl, wl.alphabet, False)
    assert "COT" in load_gaddag(changed, cache_dir=tmp_path)


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty", "wrong-key"])
def test_damaged_cache_is_detected_and_rebuilt(tmp_path, damage):
    wl = WordList.from_words(["CAT", "DOG", "COG", "GOAT"])
    good = load_gaddag(wl, cache_dir=tmp_path)
    path = cache_path(tmp_path, cache_key(wl, wl.alphabet, False))
    raw = bytearray(path.read_bytes())
    if damage == "truncate":
        raw = raw[:-9]
    elif damage == "flip":
        raw[len(raw) // 2] ^= 0x40
    elif damage == "garbage":
        raw = bytearray(random.Random(1).randbytes(len(raw)))
    elif damage == "empty":
        raw = bytearray()
    else:
        raw[10:20] = b"0123456789"
    path.write_bytes(bytes(raw))
    rebuilt = load_gaddag(wl, cache_dir=tmp_path)
    assert rebuilt.data == good.data
    assert path.read_bytes() != bytes(raw)


def test_multi_letter_alphabet(tmp_path):
    alphabet = ("A", "CH", "E", "L", "LL", "O")
    wl = WordList.from_words(["CHE", "LLAO", "LOCHE", "CALLE"], alphabet=alphabet)
    g = load_gaddag(wl, alphabet, cache_dir=tmp_path)
    assert "CHE" in g and "LLAO" in g
    assert g.encode("LLAO") == (4, 0, 5)
