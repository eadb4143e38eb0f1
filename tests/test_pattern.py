"""Tests for wordstudio.lexicon.pattern: the WordsWorth Consult pattern language.

Every example of seed 001, section 4.1 is checked on a small hand-made word list whose
expected answer is written out in full, then on the shipped list against simple
independent counting; hypothesis compares the search with a brute-force reference.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordstudio.lexicon import pattern as pattern_module
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.pattern import (
    MAX_PATTERN_LENGTH,
    Element,
    Pattern,
    PatternError,
    parse_pattern,
    search,
)
from wordstudio.lexicon.wordlist import WordList

ANAGRAM, ORDERED = True, False
ALL, SOME = True, False


def consult(words: list[str], text: str, anagram: bool, use_all: bool) -> set[str]:
    found = list(search(WordList.from_words(words), text, anagram, use_all))
    assert len(found) == len(set(found)), "a word was listed twice"
    return set(found)


# --------------------------------------------------------------------------------------
# The seed's examples, each on its own small list: (mode letters, pattern, list, expected)

DIVIDE_FAMILY = [
    "DIVIDE", "DIVIED", "DIVIDED", "DIVIDER", "DIVIDES", "DIVINED", "VIDDIES", "DIVIDEND",
    "VIVIDER", "AVOIDED", "DIVINE", "DIVED", "IVIED", "DIED", "DIVE", "VIDE", "VIED", "DID",
    "DIE", "VIE", "IDE", "ID", "DE", "VIVID", "EDDIES", "DEED",
]  # fmt: skip

SEED_EXAMPLES = [
    # C A A DIVIDE_: seven-letter words from DDEIIV and a blank.
    ("A A", "DIVIDE_", DIVIDE_FAMILY, {"DIVIDED", "DIVIDER", "DIVIDES", "DIVINED", "VIDDIES"}),
    # C O A DIVIDE_: seven-letter words starting DIVIDE.
    ("O A", "DIVIDE_", DIVIDE_FAMILY, {"DIVIDED", "DIVIDER", "DIVIDES"}),
    # C O A DIVIDE: just DIVIDE.
    ("O A", "DIVIDE", DIVIDE_FAMILY, {"DIVIDE"}),
    # C A A DIVIDE: the anagrams of DIVIDE (DIVIED stands in for one).
    ("A A", "DIVIDE", DIVIDE_FAMILY, {"DIVIDE", "DIVIED"}),
    # C A S DIVIDE: words made from DDEIIV -- up to six letters (see the module docstring).
    (
        "A S",
        "DIVIDE",
        DIVIDE_FAMILY,
        {
            "DIVIDE",
            "DIVIED",
            "DIVED",
            "IVIED",
            "DIED",
            "DIVE",
            "VIDE",
            "VIED",
            "DID",
            "DIE",
            "VIE",
            "IDE",
            "ID",
            "DE",
        },
    ),  # fmt: skip
    # C A A AB_: three-letter words containing an A and a B.
    (
        "A A",
        "AB_",
        ["ABS", "BAD", "CAB", "BAA", "TAB", "BOB", "BIB", "ABBE", "AB", "ART"],
        {"ABS", "BAD", "CAB", "BAA", "TAB"},
    ),  # fmt: skip
    # C O A ?[MN]?: three-letter words with M or N in the middle.
    (
        "O A",
        "?[MN]?",
        ["AMP", "ANT", "ONE", "EMU", "MAN", "ARM", "IN", "ANTS", "NUN"],
        {"AMP", "ANT", "ONE", "EMU"},
    ),  # fmt: skip
    # C A A [A-C][D-F]G: three letters: a G, one of A-C, one of D-F.
    (
        "A A",
        "[A-C][D-F]G",
        ["BEG", "DAG", "GAD", "AGE", "EGG", "FIG", "BAG", "BEGS", "GEE"],
        {"BEG", "DAG", "GAD", "AGE"},
    ),  # fmt: skip
    # C O A [A-C][D-F]G: ... in that order.
    (
        "O A",
        "[A-C][D-F]G",
        ["BEG", "DAG", "GAD", "AGE", "EGG", "FIG", "BAG", "BEGS", "CDG"],
        {"BEG", "CDG"},
    ),  # fmt: skip
    # C A S ABJEIPN*[BHOS]: from ABJEIPN plus one of BHOS, at least one of BHOS used.
    (
        "A S",
        "ABJEIPN*[BHOS]",
        [
            "JAB",
            "NAB",
            "BIB",
            "NIB",
            "HEAP",
            "JABS",
            "HIJAB",
            "BASENJI",
            "SNIPE",
            "BOSH",
            "SHIP",
            "PIE",
            "PINE",
            "APE",
            "BIBB",
            "JAPES",
            "BASENJIS",
        ],
        {"JAB", "NAB", "BIB", "NIB", "HEAP", "JABS", "HIJAB", "BASENJI", "SNIPE", "JAPES"},
    ),  # fmt: skip
    # C A A ???*X: words of up to four letters that contain an X (see the module docstring).
    (
        "A A",
        "???*X",
        ["AX", "XI", "OX", "BOX", "AXE", "APEX", "TEXT", "EXTRA", "CAT", "AAH"],
        {"AX", "XI", "OX", "BOX", "AXE", "APEX", "TEXT"},
    ),  # fmt: skip
    # C A S [!AEIOU]x5 *[AEIOU]*[AEIOU]: up to seven letters, exactly two vowels.
    (
        "A S",
        "[!AEIOU][!AEIOU][!AEIOU][!AEIOU][!AEIOU]*[AEIOU]*[AEIOU]",
        [
            "AI",
            "BOAT",
            "STRAINS",
            "PLANTER",
            "CAT",
            "STRAINED",
            "SHY",
            "QUEUE",
            "RHYTHMS",
            "SPLASHY",
            "BEAUTY",
            "STRENGTH",
            "SCHMALTZ",
            "AIRY",
        ],
        {"AI", "BOAT", "STRAINS", "PLANTER", "AIRY"},
    ),  # fmt: skip
]


@pytest.mark.parametrize(
    ("modes", "text", "words", "expected"),
    SEED_EXAMPLES,
    ids=[f"C {modes} {text}" for modes, text, _, _ in SEED_EXAMPLES],
)
def test_seed_example(modes: str, text: str, words: list[str], expected: set[str]) -> None:
    order, tiles = modes.split()
    assert consult(words, text, order == "A", tiles == "A") == expected


# --------------------------------------------------------------------------------------
# Our readings where the seed is silent or contradicts itself


def test_ordered_some_is_a_subsequence_that_keeps_the_order() -> None:
    assert consult(DIVIDE_FAMILY, "DIVIDE", ORDERED, SOME) == {
        "DIVIDE", "DIVE", "VIDE", "DID", "DIE", "VIE", "IDE", "ID", "DE",
    }  # fmt: skip


def test_without_marks_all_means_every_tile() -> None:
    words = ["AX", "XI", "BOX", "APEX", "TEXT", "EXTRA"]
    assert consult(words, "???X", ANAGRAM, ALL) == {"APEX", "TEXT"}
    assert consult(words, "???X", ANAGRAM, SOME) == {"AX", "XI", "BOX", "APEX", "TEXT"}


def test_marks_name_the_required_tiles_in_either_mode() -> None:
    words = ["AX", "XI", "OX", "BOX", "AXE", "APEX", "TEXT", "CAT"]
    assert consult(words, "???*X", ANAGRAM, ALL) == consult(words, "???*X", ANAGRAM, SOME)
    # Ordered, the X must come last: words of up to four letters ending in X.
    assert consult(words, "???*X", ORDERED, ALL) == {"AX", "OX", "BOX", "APEX"}


def test_ordered_required_tile_cannot_be_skipped() -> None:
    words = ["AB", "AC", "BC", "ABC", "A", "C"]
    assert consult(words, "A*BC", ORDERED, SOME) == {"AB", "ABC", "BC"}


def test_sets_are_matched_exactly_not_greedily() -> None:
    # A greedy assignment that gives the A to [AB] leaves nothing for the B tile.
    assert consult(["AB", "BA", "AA", "BB"], "[AB]B", ANAGRAM, ALL) == {"AB", "BA", "BB"}
    # The required set must get a letter the other tiles could also have taken.
    assert consult(["JAB", "JA", "AB"], "AJB*[AB]", ANAGRAM, SOME) == {"JAB", "JA", "AB"}
    assert consult(["JAB", "JA", "AB", "J"], "AJ*[BC]", ANAGRAM, SOME) == {"JAB", "AB"}


def test_results_come_longest_first_then_alphabetical() -> None:
    found = list(search(WordList.from_words(DIVIDE_FAMILY), "DIVIDE", ANAGRAM, SOME))
    assert found == sorted(found, key=lambda w: (-len(w), w))
    assert found[:2] == ["DIVIDE", "DIVIED"]


def test_lower_case_patterns_and_blanks() -> None:
    words = ["ONE", "ANT", "EMU"]
    assert consult(words, "?[mn]?", ORDERED, ALL) == consult(words, "_[MN]_", ORDERED, ALL)


def test_pattern_longer_than_every_word_finds_nothing() -> None:
    assert consult(["AB"], "?" * 30, ANAGRAM, ALL) == set()


def test_set_that_matches_no_letter() -> None:
    assert consult(["AB", "A"], "A[!A-Z]", ANAGRAM, SOME) == {"A"}
    assert consult(["AB", "A"], "A*[!A-Z]", ANAGRAM, SOME) == set()


# --------------------------------------------------------------------------------------
# Parsing


def test_parse_elements() -> None:
    pattern = parse_pattern("a?_[A-CZ][!aeiou]*X")
    assert pattern.elements == (
        Element(frozenset("A")),
        Element(frozenset(), negated=True),
        Element(frozenset(), negated=True),
        Element(frozenset("ABCZ")),
        Element(frozenset("AEIOU"), negated=True),
        Element(frozenset("X"), must=True),
    )
    assert str(pattern) == "A??[A-CZ][!AEIOU]*X"
    assert len(pattern) == 6 and pattern.marked


def test_required_tiles() -> None:
    assert parse_pattern("AB").required(use_all=True) == (True, True)
    assert parse_pattern("AB").required(use_all=False) == (False, False)
    assert parse_pattern("A*B").required(use_all=True) == (False, True)


def test_element_accepts() -> None:
    assert Element(frozenset("AEIOU"), negated=True).accepts("B")
    assert not Element(frozenset("AEIOU"), negated=True).accepts("E")
    assert Element(frozenset(), negated=True).is_blank


def test_longest_pattern_is_accepted() -> None:
    assert len(parse_pattern("A" * MAX_PATTERN_LENGTH)) == MAX_PATTERN_LENGTH
    assert len(parse_pattern("[A-Z]" * 15 + "?" * 4)) == 19


@pytest.mark.parametrize(
    ("text", "column", "fragment"),
    [
        ("", None, "empty"),
        ("   ", None, "empty"),
        (
            "A" * 80,
            None,
            "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA...': the pattern is 80 characters long; the limit is 79",
        ),
        ("AB[CD", 3, "never closed"),
        ("A[]", 2, "empty set"),
        ("[!]", 1, "empty set"),
        ("AB*", 3, "'*' at the end"),
        ("A**B", 3, "twice"),
        ("[Z-A]", 2, "runs backwards"),
        ("A1B", 2, "'1' is not a letter"),
        ("A B", 2, "' ' is not a letter"),
        ("AB]", 3, "']' without"),
        ("!A", 1, "'!' is not a letter"),
        ("[A-]", 3, "unfinished range"),
        ("[A-", 3, "unfinished range"),
        ("[-A]", 2, "'-' needs a letter"),
        ("[A-C-E]", 5, "'-' needs a letter"),
        ("[A?]", 3, "'?' in a set"),
        ("  A1", 4, "'1'"),
        ("ß", 1, "not a letter"),
    ],
)
def test_malformed_patterns(text: str, column: int | None, fragment: str) -> None:
    with pytest.raises(PatternError) as caught:
        parse_pattern(text)
    assert caught.value.column == column
    assert fragment in str(caught.value)
    assert caught.value.exit_status == 2


def test_search_reports_a_bad_pattern_at_once() -> None:
    with pytest.raises(PatternError):
        search(WordList.from_words(["AB"]), "A[", ANAGRAM, ALL)  # no word asked for yet


# --------------------------------------------------------------------------------------
# Non-A-Z alphabets, cancelling, the index cache


def test_letters_beyond_a_to_z() -> None:
    alphabet = tuple("ABCDEFGHIJKLMNÑOPQRSTUVWXYZ")
    words = WordList.from_words(["AÑO", "ANO", "AÑOS"], alphabet=alphabet)
    assert set(search(words, "A[!N]O", ORDERED, ALL)) == {"AÑO"}
    assert set(search(words, "ñoa", ANAGRAM, ALL)) == {"AÑO"}
    assert list(search(words, "A??*S", ORDERED, SOME)) == ["AÑOS"]


def test_multi_letter_tiles_are_consulted_tile_by_tile() -> None:
    # Spanish: a pattern's C then H is the CH tile, as on the board; a blank takes one
    # tile, CH or RR included; accents the game has no tile for are dropped.
    alphabet = ("A", "C", "CH", "E", "H", "L", "LL", "O", "R", "RR", "S", "Ñ")
    words = WordList.from_words(["CHORRO", "CORRO", "CALLE", "COCHE", "HOLA", "OCHO", "AÑO",
                                 "CARRO", "CHOCHO"], alphabet=alphabet)
    assert list(search(words, "CH?RR?", ORDERED, ALL)) == ["CHORRO"]
    assert list(search(words, "????", ORDERED, ALL)) == ["CALLE", "CARRO", "CHOCHO", "CHORRO",
                                                         "COCHE", "CORRO", "HOLA"]
    assert set(search(words, "orroch", ANAGRAM, ALL)) == {"CHORRO"}
    assert set(search(words, "OCHO", ANAGRAM, ALL)) == {"OCHO"}  # not C and H apart
    assert set(search(words, "*[CH]???", ORDERED, SOME)) == {"CHORRO", "CHOCHO"}
    assert list(search(words, "cálle", ORDERED, ALL)) == ["CALLE"]
    assert list(search(words, "AÑ?", ORDERED, ALL)) == ["AÑO"]
    assert list(search(words, "CH?CH?", ORDERED, ALL)) == ["CHOCHO"]


@pytest.mark.parametrize("anagram", [ANAGRAM, ORDERED])
def test_cancelling_stops_the_search(anagram: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pattern_module, "CANCEL_CHECK_EVERY", 10)
    words = WordList.from_words(a + b + c for a in "BCDFG" for b in "AEIOU" for c in "KLMNP")
    calls: list[int] = []

    def cancelled() -> bool:
        calls.append(1)
        return len(calls) > 1  # let the first piece through, then cancel

    everything = list(search(words, "???", anagram, ALL))
    stopped = list(search(words, "???", anagram, ALL, cancelled))
    assert len(everything) == len(words) == 125
    assert 0 < len(stopped) <= 10
    assert stopped == everything[: len(stopped)]
    assert not list(search(words, "???", anagram, ALL, lambda: True))


def test_search_is_lazy() -> None:
    words = WordList.from_words(DIVIDE_FAMILY)
    found = search(words, "??????", ANAGRAM, SOME)
    assert next(found) == "DIVIDE"


def test_index_is_built_once_per_list() -> None:
    words = WordList.from_words(["ABC", "CAB"])
    list(search(words, "ABC", ANAGRAM, ALL))
    index = pattern_module._INDEXES[words.digest]
    same_words = WordList.from_words(["cab", "abc"])
    list(search(same_words, "?", ANAGRAM, SOME))
    assert pattern_module._INDEXES[words.digest] is index


# --------------------------------------------------------------------------------------
# The seed's examples on the shipped list, against independent counting


@pytest.fixture(scope="module")
def standard() -> WordList:
    return load_lexicon("en-US-standard")


def spare_letters(word: str, tiles: str) -> int:
    """How many letters of ``word`` the tiles cannot supply (each needs a blank)."""
    return sum((Counter(word) - Counter(tiles)).values())


def vowels(word: str) -> int:
    return sum(word.count(v) for v in "AEIOU")


SHIPPED_CASES = [
    ("DIVIDE_", ANAGRAM, ALL, lambda w: len(w) == 7 and spare_letters(w, "DIVIDE") <= 1),
    ("DIVIDE_", ORDERED, ALL, lambda w: len(w) == 7 and w.startswith("DIVIDE")),
    ("DIVIDE", ANAGRAM, SOME, lambda w: spare_letters(w, "DIVIDE") == 0),
    ("AB_", ANAGRAM, ALL, lambda w: len(w) == 3 and "A" in w and "B" in w),
    ("?[MN]?", ORDERED, ALL, lambda w: len(w) == 3 and w[1] in "MN"),
    ("???*X", ANAGRAM, ALL, lambda w: len(w) <= 4 and "X" in w),
    (
        "[!AEIOU][!AEIOU][!AEIOU][!AEIOU][!AEIOU]*[AEIOU]*[AEIOU]",
        ANAGRAM,
        SOME,
        lambda w: len(w) <= 7 and vowels(w) == 2,
    ),
    ("RETAINS??", ANAGRAM, SOME, lambda w: spare_letters(w, "RETAINS") <= 2),
    ("S?????S", ORDERED, ALL, lambda w: re.fullmatch("S.....S", w) is not None),
]


@pytest.mark.parametrize(("text", "anagram", "use_all", "reference"), SHIPPED_CASES)
def test_shipped_list(
    standard: WordList,
    text: str,
    anagram: bool,
    use_all: bool,
    reference: Callable[[str], bool],
) -> None:
    found = list(search(standard, text, anagram, use_all))
    assert found == sorted((w for w in standard if reference(w)), key=lambda w: (-len(w), w))
    assert found  # the reference is not vacuous


# --------------------------------------------------------------------------------------
# Property tests against a brute-force reference


def brute_force(words: WordList, pattern: Pattern, anagram: bool, use_all: bool) -> list[str]:
    """Try every way of giving a word's letters to pattern elements."""
    elements = pattern.elements
    required = sum(1 << j for j, needed in enumerate(pattern.required(use_all)) if needed)
    found = []
    for word in words:
        if anagram:
            # Every set of elements the word's first letters can occupy, letter by letter.
            used = {0}
            for letter in word:
                used = {
                    mask | 1 << j
                    for mask in used
                    for j, element in enumerate(elements)
                    if not mask >> j & 1 and element.accepts(letter)
                }
            fits = any(mask & required == required for mask in used)
        else:
            fits = any(
                required & sum(1 << j for j in chosen) == required
                and all(elements[j].accepts(c) for j, c in zip(chosen, word, strict=True))
                for chosen in itertools.combinations(range(len(elements)), len(word))
            )
        if fits:
            found.append(word)
    return sorted(found, key=lambda w: (-len(w), w))


def elements_over(letters: str) -> st.SearchStrategy[Element]:
    return st.builds(
        Element,
        letters=st.one_of(
            st.sampled_from(letters).map(frozenset),
            st.just(frozenset()),
            st.frozensets(st.sampled_from(letters), min_size=1, max_size=len(letters) - 1),
        ),
        negated=st.booleans(),
        must=st.booleans(),
    ).filter(lambda e: e.negated or e.letters)


def patterns_over(letters: str, longest: int) -> st.SearchStrategy[Pattern]:
    return st.lists(elements_over(letters), min_size=1, max_size=longest).map(
        lambda es: Pattern(tuple(es))
    )


def word_lists_over(letters: str, longest: int) -> st.SearchStrategy[WordList]:
    return st.lists(
        st.text(alphabet=letters, min_size=1, max_size=longest), min_size=1, max_size=30
    ).map(WordList.from_words)


patterns = patterns_over("ABCDEZ", 6)


@settings(max_examples=300, deadline=None)
@given(
    words=word_lists_over("ABCDEZ", 6),
    pattern=patterns,
    anagram=st.booleans(),
    use_all=st.booleans(),
)
def test_search_agrees_with_brute_force(
    words: WordList, pattern: Pattern, anagram: bool, use_all: bool
) -> None:
    assert list(search(words, pattern, anagram, use_all)) == brute_force(
        words, pattern, anagram, use_all
    )


@settings(max_examples=300, deadline=None)
@given(
    words=word_lists_over("ABC", 8),
    pattern=patterns_over("ABCD", 8),
    anagram=st.booleans(),
    use_all=st.booleans(),
)
def test_overlapping_sets_agree_with_brute_force(
    words: WordList, pattern: Pattern, anagram: bool, use_all: bool
) -> None:
    # Few letters and many overlapping sets: the exact matching is what decides here.
    assert list(search(words, pattern, anagram, use_all)) == brute_force(
        words, pattern, anagram, use_all
    )


@given(
    supply=st.lists(st.integers(0, 4), min_size=1, max_size=5),
    capacity=st.lists(st.integers(0, 4), min_size=1, max_size=5),
    data=st.data(),
)
def test_transport_equals_minimum_cut(
    supply: list[int], capacity: list[int], data: st.DataObject
) -> None:
    edges = [
        data.draw(st.lists(st.integers(0, len(capacity) - 1), unique=True, max_size=len(capacity)))
        for _ in supply
    ]
    # Max-flow min-cut: keeping suppliers A on the source side costs the supply of the
    # others plus the capacity of every receiver A can reach.
    cheapest_cut = min(
        sum(s for i, s in enumerate(supply) if i not in side)
        + sum(capacity[j] for j in {j for i in side for j in edges[i]})
        for size in range(len(supply) + 1)
        for side in itertools.combinations(range(len(supply)), size)
    )
    assert pattern_module._max_transport(supply, capacity, edges) == cheapest_cut


@given(pattern=patterns)
def test_written_pattern_reads_back_the_same(pattern: Pattern) -> None:
    assert parse_pattern(str(pattern)) == pattern


@given(text=st.text(alphabet="AbZ?_[]!*-19 ß", max_size=12))
def test_any_text_parses_or_raises_pattern_error(text: str) -> None:
    try:
        pattern = parse_pattern(text)
    except PatternError as exc:
        assert exc.column is None or 1 <= exc.column <= len(text)
    else:
        assert 1 <= len(pattern) <= len(text)
