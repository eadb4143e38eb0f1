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
    "MRS", "MS", "NASA", "NATO", "OZ", "PC", "PHD", "PS", "RPM", "RS", "SE", "SGT", "SR",
    "SS", "TS", "TV", "UFO", "USA", "USB", "VIP", "VIZ", "VS", "YD",
    # acronyms issue 24 found in the large lists
    "ENE", "FUBAR", "GIF", "PAC", "PST", "SARS", "SOHO", "TELCO",
]

#: Abbreviations the dictionary lists leave out although the tournament lists hold a word
#: of the same letters (NE "born with the name of"): the word-game lists keep them.
DICTIONARY_ABBREVIATIONS = ["NE"]
#: The shipped lists: American and British spelling, the word-game list, SCOWL's three
#: sizes and Word War's, each with its family variant.
KINDS = ("wordgame", "common", "standard", "large", "wordwar")
SHIPPED_IDENTS = {f"en-{spelling}-{kind}{family}" for spelling in ("US", "GB")
                  for kind in KINDS for family in ("", "-family")}


@pytest.fixture(scope="module", params=[lexicon.ident for lexicon in shipped_lexicons()])
def shipped(request: pytest.FixtureRequest):
    return load_lexicon(request.param)


def test_no_shipped_list_accepts_a_common_abbreviation(shipped) -> None:
    checked = COMMON_ABBREVIATIONS + (
        [] if "wordgame" in shipped.name else DICTIONARY_ABBREVIATIONS)
    accepted = [word for word in checked if word in shipped]
    assert accepted == [], f"{shipped.name} accepts {accepted}"


def test_every_shipped_list_has_its_kinds_spellings_and_family_variants() -> None:
    assert {lexicon.ident for lexicon in shipped_lexicons()} == SHIPPED_IDENTS
    assert len(shipped_lexicons()) == 20


def test_the_abbreviations_checked_include_the_ones_the_issue_found() -> None:
    """Issue 16 found these accepted (Word War's TS, LM, NE; WORDwhami's CS; CSC, DKL, KB
    in the standard list); the list checked against every shipped list keeps them."""
    found = {"USA", "TV", "MR", "ETC", "NASA", "CSC", "DKL", "KB", "TS", "LM", "NE", "CS",
             "FBI", "ASAP"}
    assert found <= set(COMMON_ABBREVIATIONS + DICTIONARY_ABBREVIATIONS)
    # and issue 24 these, in the large lists
    assert {"GIF", "SARS", "SOHO", "PAC", "FUBAR", "TELCO", "ENE", "PST"} <= set(COMMON_ABBREVIATIONS)


def test_vowelless_words_are_only_the_ones_word_games_accept(shipped) -> None:
    script = load_build_script()
    vowelless = {word for word in shipped if not any(ch in "AEIOUY" for ch in word)}
    accepted = {word.upper() for word in script.VOWELLESS_WORDS}
    if "wordgame" in shipped.name:
        accepted |= {"HM", "MM"}  # the tournament lists' interjections, from ENABLE
    assert accepted >= vowelless
    if shipped.name.endswith(("standard", "wordgame")):
        assert {"HMM", "SHH", "NTH", "CWM"} <= vowelless


def test_interjections_and_real_short_words_stay() -> None:
    for ident in ("en-US-standard", "en-GB-standard", "en-US-wordgame", "en-GB-wordgame"):
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
    # The word-game lists take both spellings (ENABLE holds COLOUR and REALISE), and
    # differ only by SCOWL's words of one spelling.
    us, gb = load_lexicon("en-US-wordgame"), load_lexicon("en-GB-wordgame")
    assert {"COLOR", "COLOUR", "REALIZE", "REALISE"} <= set(gb.words) & set(us.words)
    assert set(gb.words) - set(us.words) <= set(load_lexicon("en-GB-standard").words)
    assert set(us.words) - set(gb.words) <= set(load_lexicon("en-US-standard").words)


def test_not_words_file_lists_only_what_scowl_would_otherwise_ship() -> None:
    """Each reviewed exclusion has a reason and is a plain SCOWL entry the rules keep."""
    script = load_build_script()
    entries = script.read_reviewed(REPO / "lexicons" / "not-words.txt")
    assert len(entries) >= 30
    for fields, reason, line in entries:
        assert reason, f"not-words.txt, line {line}: no reason given"
        assert set(fields) - {script.DICTIONARY_ONLY}, f"not-words.txt, line {line}"
        for word in set(fields) - {script.DICTIONARY_ONLY}:
            assert script.is_game_word(word, frozenset()), word
            assert not script.is_game_word(word, script.read_not_words()), word


def test_entries_marked_dictionary_stay_in_the_word_game_lists() -> None:
    script = load_build_script()
    everywhere = script.read_not_words(dictionary=False)
    dictionary_only = script.read_not_words() - everywhere
    assert dictionary_only == {"ne", "de", "et"}
    for ident in ("en-US-wordgame", "en-GB-wordgame"):
        words = load_lexicon(ident)
        assert {w.upper() for w in dictionary_only} <= set(words.words)
        assert not {w.upper() for w in everywhere} & set(words.words)


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
