"""What the shipped word lists hold: word-game words, in American and British spelling.

The seeds' "acceptable words" exclude "abbreviations, proper nouns, hyphenations,
contractions or foreign words" (Word For Word), "capitalized words, suffixes, prefixes,
abbreviations, contractions, foreign and hyphenated words" (Word War).  The lists are made
by ``lexicons/build_lexicons.py`` (its rebuild is checked in test_wordlist.py); the oracle's
SCOWL-70 list, abbreviations and all, is only test data now.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import oracle
from tests.test_wordlist import load_build_script
from wordstudio.lexicon.catalog import load_lexicon, shipped_lexicons
from wordstudio.paths import lexicons_dir

REPO = Path(__file__).resolve().parent.parent

#: Everyday abbreviations, acronyms and symbols (none of them also a word).
COMMON_ABBREVIATIONS = [
    "AWOL", "ASAP", "BBC", "BLVD", "CEO", "CF", "CIA", "CM", "CS", "CSC", "DEPT", "DKL",
    "DNA", "DPI", "DR", "DVD", "EG", "ETC", "FAQ", "FBI", "FT", "FYI", "GB", "GE", "GOVT",
    "GPS", "GS", "HHD", "HR", "HRS", "HZ", "IBID", "IE", "JR", "KB", "KCAL", "KG", "KM", "KS",
    "LB", "LBS", "LM", "LN", "LOL", "LS", "LTD", "LX", "MB", "MF", "MG", "ML", "MPH", "MR",
    "MRS", "MS", "NASA", "NATO", "NE", "OZ", "PC", "PHD", "PS", "RPM", "RS", "SE", "SGT", "SR",
    "SS", "TS", "TV", "UFO", "USA", "USB", "VIP", "VIZ", "VS", "YD",
]

#: The shipped lists: American and British spelling, each in SCOWL's three sizes.
SHIPPED_IDENTS = {f"en-{spelling}-{size}"
                  for spelling in ("US", "GB") for size in ("common", "standard", "large")}


@pytest.fixture(scope="module", params=[lexicon.ident for lexicon in shipped_lexicons()
                                        if lexicon.ident in SHIPPED_IDENTS])
def shipped(request: pytest.FixtureRequest):
    return load_lexicon(request.param)


def test_no_shipped_list_accepts_a_common_abbreviation(shipped) -> None:
    accepted = [word for word in COMMON_ABBREVIATIONS if word in shipped]
    assert accepted == [], f"{shipped.name} accepts {accepted}"


def test_every_shipped_list_has_six_sizes_and_spellings() -> None:
    english = [lexicon.ident for lexicon in shipped_lexicons() if lexicon.ident.startswith("en-")]
    assert set(english) == SHIPPED_IDENTS and len(english) == 6


def test_the_abbreviations_checked_include_the_ones_the_issue_found() -> None:
    """Issue 16 found these accepted (Word War's TS, LM, NE; WORDwhami's CS; CSC, DKL, KB
    in the standard list); the list checked against every shipped list keeps them."""
    found = {"USA", "TV", "MR", "ETC", "NASA", "CSC", "DKL", "KB", "TS", "LM", "NE", "CS",
             "FBI", "ASAP"}
    assert found <= set(COMMON_ABBREVIATIONS)


def test_vowelless_words_are_only_the_ones_word_games_accept(shipped) -> None:
    script = load_build_script()
    vowelless = {word for word in shipped if not any(ch in "AEIOUY" for ch in word)}
    assert {word.upper() for word in script.VOWELLESS_WORDS} >= vowelless
    if shipped.name.endswith("standard"):
        assert {"HMM", "SHH", "NTH", "CWM"} <= vowelless


def test_interjections_and_real_short_words_stay() -> None:
    for ident in ("en-US-standard", "en-GB-standard"):
        words = load_lexicon(ident)
        for word in ("AT", "IS", "OX", "QI", "OAT", "OATS", "GIN", "DIS", "OW", "RADAR", "SCUBA"):
            assert word in words, (ident, word)


def test_american_and_british_spellings() -> None:
    us, gb = load_lexicon("en-US-standard"), load_lexicon("en-GB-standard")
    assert "COLOR" in us and "COLOR" not in gb
    assert "COLOUR" in gb and "COLOUR" not in us
    # British word games take both the -ise and the Oxford -ize spellings.
    assert {"REALISE", "REALIZE", "ORGANISATION", "ORGANIZATION"} <= set(gb.words)
    assert "REALIZE" in us and "REALISE" not in us


def test_not_words_file_lists_only_what_scowl_would_otherwise_ship() -> None:
    """Each reviewed exclusion has a reason and is a plain SCOWL entry the rules keep."""
    script = load_build_script()
    lines = [
        line for line in (REPO / "lexicons" / "not-words.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for line in lines:
        word, _, reason = line.partition("#")
        assert reason.strip(), f"no reason given for {word.strip()}"
        assert script.is_game_word(word.strip(), frozenset())
        assert not script.is_game_word(word.strip(), script.read_not_words())


def test_build_rules() -> None:
    script = load_build_script()
    keep = frozenset()
    assert script.is_game_word("oat", keep)
    assert script.is_game_word("hmm", keep)
    for entry in ("Paris", "don't", "well-known", "café", "lm", "kb", "cs", "a"):
        assert not script.is_game_word(entry, keep), entry


def test_scowl_notice_is_shipped_with_the_lists() -> None:
    notice = (lexicons_dir() / "SCOWL-COPYRIGHT.txt").read_text(encoding="utf-8")
    assert "Kevin Atkinson" in notice and "Permission to use, copy, modify" in notice


def test_the_oracle_lexicon_is_test_data_and_keeps_its_abbreviations() -> None:
    """The move-generation oracle was made with SCOWL-70 as it is, abbreviations included:
    the tests keep that exact list (checked by SHA-256); the shipped list leaves those out."""
    words = oracle.lexicon()
    assert len(words) == 110_896
    assert {"LM", "KB", "CSC", "DKL", "TS", "NE"} <= set(words.words)
    standard = load_lexicon("en-US-standard")
    left_out = set(words.words) - set(standard.words)
    assert {"LM", "KB", "CSC", "DKL", "TS", "NE"} <= left_out
    assert set(standard.words) - set(words.words) <= {w for w in standard if len(w) > 15}
