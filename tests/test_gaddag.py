"""The GADDAG: exactly the word list's paths, the same array from the compiled and the
pure-Python builder, and a per-user cache that is never trusted blindly."""

from __future__ import annotations

import os
import random
import stat
import string
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import REPO
from wordstudio.lexicon import gaddag as gaddag_module
from wordstudio.lexicon.gaddag import (
    MAX_WORD_LETTERS,
    Gaddag,
    build_gaddag,
    cache_key,
    cache_path,
    compiled_builder,
    encode_words,
    gaddag_for_file,
    load_gaddag,
    read_cached,
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
        for letter in [*g.letters_from(node), g.sep]:
            child = g.child(node, letter)
            if letter != g.sep and g.accepts(node, letter):
                out.add((*path, letter))
            if child >= 0:
                stack.append((child, (*path, letter)))
    return out


def expected_paths(words: list[bytes], sep: int) -> set[tuple[int, ...]]:
    out = set()
    for w in words:
        for i in range(1, len(w) + 1):
            left = tuple(reversed(w[:i]))
            out.add(left if i == len(w) else (*left, sep, *w[i:]))
    return out


@settings(max_examples=150, deadline=None)
@given(words_strategy)
def test_gaddag_holds_exactly_the_paths_of_its_words(words):
    wl = WordList.from_words(words, alphabet="ABCDE")
    codes = encode_words(wl, wl.alphabet)
    g = Gaddag(build_gaddag(codes, 5), wl.alphabet)
    assert gaddag_paths(g) == expected_paths(codes, g.sep)
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


def test_a_cache_file_is_memory_mapped_and_checked_node_by_node(tmp_path):
    wl = WordList.from_words(["CAT", "DOG", "COG", "GOAT", "TOGA"])
    built = load_gaddag(wl, cache_dir=tmp_path)
    loaded = load_gaddag(wl, cache_dir=tmp_path)
    assert isinstance(loaded.data, memoryview) and loaded.data.readonly
    assert loaded.data == built.data and loaded.words() == list(wl.words)
    if not compiled_builder():
        return
    # A child offset that points into the middle of a node, with a checksum that fits,
    # must still be refused: compiled code would read past the node.
    damaged = built.data.__copy__()
    damaged[built.dawg_root + built.mask_slots] = built.root + 1
    key = cache_key(wl, wl.alphabet, False)
    path = cache_path(tmp_path, key)
    gaddag_module.save_gaddag(path, damaged, key)
    assert read_cached(path, key) is None
    assert load_gaddag(wl, cache_dir=tmp_path).data == built.data


words_of_codes = st.lists(st.binary(min_size=1, max_size=8).map(lambda b: bytes(x % 7 for x in b)),
                          min_size=1, max_size=60)


@pytest.mark.skipif(not compiled_builder(), reason="the compiled builder is not installed")
@settings(max_examples=120, deadline=None)
@given(words_of_codes, st.sampled_from([7, 40]))
def test_compiled_and_pure_builders_make_the_same_array(codes, letters):
    # 40 letters: the two-slot masks of large alphabets.
    assert build_gaddag(codes, letters) == build_gaddag(codes, letters, pure=True)


def test_a_large_alphabet_takes_two_mask_slots(tmp_path):
    alphabet = tuple(string.ascii_uppercase) + tuple(f"{c}{c}" for c in "ABCDEFGHIJKL")
    wl = WordList.from_words(["AABBC", "LLA", "CAT", "ZLLZ"], alphabet=alphabet)
    g = load_gaddag(wl, alphabet, cache_dir=tmp_path)
    assert g.mask_slots == 2 and g.sep == 63
    assert g.words() == ["AABBC", "CAT", "LLA", "ZLLZ"]
    assert g.encode("LLA") == (37, 0)


def test_words_longer_than_any_board_are_left_out():
    long_word = "A" * (MAX_WORD_LETTERS + 1)
    wl = WordList.from_words(["CAT", long_word])
    g = Gaddag(build_gaddag(encode_words(wl, wl.alphabet), 26), wl.alphabet)
    assert g.words() == ["CAT"]


def test_a_word_list_file_finds_its_automaton_without_being_read_again(tmp_path, monkeypatch):
    lexicon = tmp_path / "words.txt"
    lexicon.write_text("cat\ndog\nno-good\ncog\n", encoding="utf-8")
    first = gaddag_for_file(lexicon, cache_dir=tmp_path)
    assert first.words == 3 and first.rejected.count == 1
    assert first.gaddag.words() == ["CAT", "COG", "DOG"]
    gaddag_module._memo.clear()

    def no_parsing(*_args, **_kwargs):
        raise AssertionError("the list was parsed again")

    monkeypatch.setattr(gaddag_module, "load_word_list", no_parsing)
    again = gaddag_for_file(lexicon, cache_dir=tmp_path)
    assert again.gaddag.data == first.gaddag.data
    assert again.rejected == first.rejected and again.words == 3
    # A changed file is a different list.
    monkeypatch.undo()
    lexicon.write_text("cat\ndog\n", encoding="utf-8")
    assert gaddag_for_file(lexicon, cache_dir=tmp_path).gaddag.words() == ["CAT", "DOG"]


def test_multi_letter_alphabet(tmp_path):
    alphabet = ("A", "CH", "E", "L", "LL", "O")
    wl = WordList.from_words(["CHE", "LLAO", "LOCHE", "CALLE"], alphabet=alphabet)
    g = load_gaddag(wl, alphabet, cache_dir=tmp_path)
    assert "CHE" in g and "LLAO" in g
    assert g.encode("LLAO") == (4, 0, 5)


@given(st.lists(st.text(alphabet=string.ascii_uppercase, min_size=1, max_size=9), min_size=1,
                max_size=30))
def test_encoding_a_plain_list_gives_each_letter_its_code(words):
    wl = WordList.from_words(words)
    expected = [bytes(ord(ch) - ord("A") for ch in w) for w in wl.words]
    assert encode_words(wl, wl.alphabet) == expected
    assert encode_words(wl, wl.alphabet, reversible=True) == expected + [w[::-1] for w in expected]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
@pytest.mark.parametrize("which", ["automaton", "note"])
def test_a_named_pipe_in_the_cache_is_passed_over_without_waiting(tmp_path, which):
    """A cache file that is a named pipe (made by anything but WordStudio) kept every
    command and the window's start waiting for ever for a writer.  It is passed over as
    a damaged file is: the list is read and its automaton built again."""
    lexicon = tmp_path / "words.txt"
    lexicon.write_text("cat\ndog\ncog\n", encoding="utf-8")
    cache = tmp_path / "cache"
    script = ("import sys\nfrom pathlib import Path\n"
              "from wordstudio.lexicon.gaddag import gaddag_for_file\n"
              "found = gaddag_for_file(Path(sys.argv[1]), cache_dir=Path(sys.argv[2]))\n"
              "print(' '.join(found.gaddag.words()))\n")

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", script, str(lexicon), str(cache)],
                              capture_output=True, text=True, timeout=120, cwd=REPO)

    assert run().stdout.split() == ["CAT", "COG", "DOG"]
    folder = cache / "lexicons"
    pattern = "gaddag-*.bin" if which == "automaton" else "source-*.json"
    for path in folder.glob(pattern):
        path.unlink()
        os.mkfifo(path)
    try:
        again = run()
    except subprocess.TimeoutExpired:
        pytest.fail(f"a named pipe as the cache's {which} kept it waiting")
    assert again.returncode == 0, again.stderr
    assert again.stdout.split() == ["CAT", "COG", "DOG"]
    assert all(stat.S_ISFIFO(os.stat(p).st_mode) for p in folder.glob(pattern))
