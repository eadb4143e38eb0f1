"""The word-game lists (issue 24): every word word-game players play, none they don't.

Checked against facts from outside the project: the 107 two-letter words of the North
American tournament list, ENABLE (the public-domain list word games have used since 2000)
and a check list of real words the tournament lists added since (kept apart from the
build's own ``lexicons/additions.txt``).  The family lists leave out the reviewed slurs and
offensive words, and nothing else.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.word_lists import enable_words, read_words
from tests.test_wordlist import load_build_script
from wordstudio.lexicon.catalog import DEFAULT_LEXICON, load_lexicon, shipped_lexicons

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "wordlists"
TWO_LETTER_WORDS = read_words(DATA / "two-letter-words.txt")
SINCE_2000 = read_words(DATA / "since-2000.txt")
WORD_GAME_LISTS = ("en-US-wordgame", "en-GB-wordgame")
PLAIN = re.compile(r"[A-Z]{2,}")


def test_the_check_lists_are_what_they_say() -> None:
    assert len(TWO_LETTER_WORDS) == len(set(TWO_LETTER_WORDS)) == 107
    assert all(len(word) == 2 for word in TWO_LETTER_WORDS)
    enable = set(enable_words())
    assert len(enable) == 172_820
    # Since 2000 means not in ENABLE: the check list holds only later words.
    assert not set(SINCE_2000) & enable
    assert len(SINCE_2000) >= 75


def test_the_crossword_default_is_the_word_game_list() -> None:
    assert DEFAULT_LEXICON == "en-US-wordgame"


@pytest.mark.parametrize("ident", WORD_GAME_LISTS)
def test_every_two_letter_word_of_the_tournament_list(ident: str) -> None:
    words = load_lexicon(ident)
    assert [word for word in TWO_LETTER_WORDS if word not in words] == []
    # and no other two-letter word: the tournament list is the whole of them
    assert sorted(words.of_length(2)) == sorted(TWO_LETTER_WORDS)


@pytest.mark.parametrize("ident", WORD_GAME_LISTS)
def test_enable_words_of_three_to_eight_letters(ident: str) -> None:
    """Target: >= 97 % of a sample of ENABLE's words of 3-8 letters; the list takes all of
    ENABLE but for the reviewed acronyms (AWOL, PAC) and offensive words stay in."""
    words = load_lexicon(ident)
    pool = [word for word in enable_words() if 3 <= len(word) <= 8]
    for seed in range(5):
        sample = random.Random(seed).sample(pool, 600)
        assert sum(word in words for word in sample) / len(sample) >= 0.97
    missing = [word for word in enable_words() if word not in words]
    assert set(missing) <= {"AWOL", "PAC", "PACS"}
    threes = [word for word in enable_words() if len(word) == 3]
    assert sum(word in words for word in threes) == len(threes) - 1  # all but PAC
    assert "AXE" in words


@pytest.mark.parametrize("ident", WORD_GAME_LISTS)
def test_words_the_tournament_lists_added_since_2000(ident: str) -> None:
    words = load_lexicon(ident)
    missing = [word for word in SINCE_2000 if word not in words]
    assert missing == []
    for word in ("QI", "ZA", "OK", "EW", "ZEN", "EMAIL", "BLOG", "QIS", "ZAS", "VLOGGED"):
        assert word in words, word


def test_dictionary_lists_do_not_take_the_word_game_additions() -> None:
    """The additions are word-game words: the dictionary lists stay as SCOWL has them."""
    script = load_build_script()
    additions = {word.upper() for word in script.read_words_file(script.ADDITIONS)}
    for ident in ("en-US-standard", "en-GB-common", "en-US-wordwar"):
        assert "ZA" in additions and "ZA" not in load_lexicon(ident)
    assert "ZA" in load_lexicon("en-US-wordgame")


def test_hurt_no_longer_needs_a_word_the_list_refuses() -> None:
    """Issue 24: reviewing a real game marked HURT 'not in the word list: UN'."""
    words = load_lexicon(DEFAULT_LEXICON)
    assert {"HURT", "UN", "UNHURT"} <= set(words.words)


# --- the family lists -------------------------------------------------------------------


def offensive_words() -> set[str]:
    script = load_build_script()
    return {word.upper() for word in script.read_words_file(script.OFFENSIVE_WORDS)}


@pytest.mark.parametrize("ident", [lexicon.ident for lexicon in shipped_lexicons(family=False)])
def test_a_family_list_is_its_list_without_the_offensive_words(ident: str) -> None:
    full, family = load_lexicon(ident), load_lexicon(f"{ident}-family")
    assert set(full.words) - set(family.words) == set(full.words) & offensive_words()
    assert set(family.words) <= set(full.words)
    # every two-letter word of the family list is in the full list
    assert set(family.of_length(2)) <= set(full.of_length(2))


def test_the_family_lists_leave_out_what_the_issue_found() -> None:
    """Word For Word's computer player chose to save RAPE: no family list holds it."""
    for lexicon in shipped_lexicons(family=True):
        words = load_lexicon(lexicon.ident)
        assert not {"RAPE", "RAPES", "RAPED", "RAPIST"} & set(words.words), lexicon.ident
    wordgame = load_lexicon("en-US-wordgame-family")
    # innocent words that share letters or a sense with offensive ones stay
    for word in ("RAPESEED", "GRAPE", "COCKATOO", "ASSASSIN", "ASS", "COCK", "SPADE",
                 "SHEEN", "RACCOON", "PUSSYCAT", "DIKE", "CRAPS", "POOF", "BUGGERY"):
        assert word in load_lexicon("en-US-wordgame"), word
        assert word in wordgame, word


def test_offensive_words_file_is_reviewed() -> None:
    """Every line gives its reason and names words some full list holds (a line that
    removes nothing is a mistake); no entry is a plain word that a line says stays."""
    script = load_build_script()
    full = set()
    for lexicon in shipped_lexicons(family=False):
        full |= {word.lower() for word in load_lexicon(lexicon.ident).words}
    entries = script.read_reviewed(script.OFFENSIVE_WORDS)
    assert len(entries) >= 60
    for fields, reason, line in entries:
        assert reason, f"offensive-words.txt, line {line}: no reason"
        assert set(fields) & full, f"offensive-words.txt, line {line}: in no list"
        for kept in re.findall(r"\b[A-Z]{2,}\b", reason):
            assert kept.lower() not in script.read_words_file(script.OFFENSIVE_WORDS), kept


def test_additions_file_is_reviewed() -> None:
    """Each line says what the word means and adds a word ENABLE and SCOWL lack (SCOWL's
    two-letter words do not count: the word-game lists take none of them)."""
    script = load_build_script()
    known = set(enable_words()) | {
        word for spelling in ("en-GB", "en-US")
        for word in load_lexicon(f"{spelling}-standard").words if len(word) > 2}
    for fields, reason, line in script.read_reviewed(script.ADDITIONS):
        assert reason, f"additions.txt, line {line}: no reason"
        assert {word.upper() for word in fields} - known, f"additions.txt, line {line}"


def test_word_war_exclusions_file_is_reviewed() -> None:
    script = load_build_script()
    standard = set(load_lexicon("en-US-standard").words)
    for fields, reason, line in script.read_reviewed(script.WORDWAR_NOT_WORDS):
        assert reason, f"wordwar-not-words.txt, line {line}: no reason"
        assert {word.upper() for word in fields} <= standard, f"line {line}"
    wordwar = set(load_lexicon("en-US-wordwar").words)
    assert standard - wordwar == {
        word.upper() for word in script.read_words_file(script.WORDWAR_NOT_WORDS)}
    # Word War still counts words that are also nouns or verbs: BOO, WOW, HELLO, SHOO
    assert {"BOO", "WOW", "HELLO", "SHOO", "GIN", "IN", "AT"} <= wordwar


# --- properties of every shipped list -----------------------------------------------------

ALL_WORDS = {lexicon.ident: load_lexicon(lexicon.ident).words for lexicon in shipped_lexicons()}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(ALL_WORDS)), st.data())
def test_every_entry_is_a_plain_word(ident: str, data: st.DataObject) -> None:
    """No entry with a digit, apostrophe, hyphen or space; upper-case letters, two or
    more, and (the lists being upper case) none that the sources know only as a
    capital-letter abbreviation: every entry is written in lower case by a source."""
    word = data.draw(st.sampled_from(ALL_WORDS[ident]))
    assert PLAIN.fullmatch(word), word
    assert word in lower_case_sources(), word


@pytest.mark.parametrize("ident", sorted(ALL_WORDS))
def test_no_entry_anywhere_breaks_the_rules(ident: str) -> None:
    words = ALL_WORDS[ident]
    assert all(PLAIN.fullmatch(word) for word in words)
    assert list(words) == sorted(set(words))
    assert not set(words) - lower_case_sources()


_SOURCES: set[str] = set()


def lower_case_sources() -> set[str]:
    """Every word some source writes in lower case: ENABLE, the additions and the shipped
    dictionary lists (which the build reads from SCOWL's lower-case entries only)."""
    if not _SOURCES:
        script = load_build_script()
        _SOURCES.update(enable_words())
        _SOURCES.update(word.upper() for word in script.read_words_file(script.ADDITIONS))
        for spelling in ("en-US", "en-GB"):
            _SOURCES.update(load_lexicon(f"{spelling}-large").words)
    return _SOURCES


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcxyz019'- .ABCÉé", min_size=1, max_size=8))
def test_the_build_keeps_only_plain_lower_case_entries(entry: str) -> None:
    script = load_build_script()
    kept = script.is_game_word(entry, frozenset())
    if kept:
        assert re.fullmatch(r"[a-z]{2,}", entry)
    if re.search(r"[0-9'\- .A-ZÉé]", entry):
        assert not kept
