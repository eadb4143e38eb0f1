"""Personal and topic word lists (wordstudio.lexicon.personal) and how the catalog
resolves and loads them as any game's lexicon."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordstudio.lexicon.catalog import (
    available_lexicons,
    common_counterpart,
    load_lexicon,
    resolve_lexicon,
)
from wordstudio.lexicon.personal import (
    PersonalList,
    change_personal,
    create_personal,
    find_personal,
    load_personal,
    parse_personal,
    personal_dir,
    personal_lists,
)
from wordstudio.lexicon.wordlist import LexiconError


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test gets an empty personal folder."""
    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_a_personal_list_adds_and_takes_away_words_on_top_of_a_shipped_list() -> None:
    create_personal("house rules", "en-US-standard")
    change_personal("house rules", add=["qzx", "Lm"], remove=["cat"])
    words = load_lexicon("house rules")
    standard = load_lexicon("en-US-standard")
    assert "QZX" in words and "LM" in words and "CAT" not in words
    assert set(words.words) == (set(standard.words) | {"QZX", "LM"}) - {"CAT"}
    assert words.name == "house rules" and words.source == str(find_personal("house rules"))


def test_taking_a_word_back_after_removing_it_and_the_reverse() -> None:
    create_personal("mine", "en-GB-common")
    change_personal("mine", remove=["dog"])
    assert "DOG" not in load_lexicon("mine")
    change_personal("mine", add=["dog"])
    assert "DOG" in load_lexicon("mine")
    assert load_personal(find_personal("mine")).removed == frozenset()


def test_a_topic_list_holds_only_its_own_words() -> None:
    """Seed 003, Limits 3: "Each game may be limited to the terminology of a specific
    subject or topic"."""
    create_personal("sailing", None, topic="Sailing", words=["ahoy", "keel", "jib"])
    words = load_lexicon("sailing")
    assert words.words == ("AHOY", "JIB", "KEEL")
    change_personal("sailing", remove=["jib"])
    assert load_lexicon("sailing").words == ("AHOY", "KEEL")
    assert load_personal(find_personal("sailing")).removed == frozenset()
    assert common_counterpart("sailing") == "en-US-common"


def test_the_file_reads_as_it_is_written_and_reports_junk_lines(own_home: Path) -> None:
    path = personal_dir() / "typed.wordlist"
    path.write_text("# mine\nbase en-GB-standard\ntopic Birds\n+wren\n-cat\nrobin\n"
                    "x-ray\n+3rd\n\n")
    personal = load_personal(path)
    assert (personal.base, personal.topic) == ("en-GB-standard", "Birds")
    assert personal.added == {"WREN", "ROBIN"} and personal.removed == {"CAT"}
    assert personal.rejected.count == 2
    assert personal.rejected.describe() == (
        "2 lines are not words and were left out: line 7 ('x-ray'), line 8 ('+3rd')")
    assert parse_personal(personal.text(), "typed") == PersonalList(
        "typed", "en-GB-standard", personal.added, personal.removed, "Birds")
    assert load_lexicon("typed").rejected == personal.rejected
    assert common_counterpart("typed") == "en-GB-common"


def test_a_plain_list_with_no_header_is_its_own_words() -> None:
    personal = parse_personal("oak\nash\nelm\n", "trees")
    assert personal.is_topic and personal.added == {"OAK", "ASH", "ELM"}


@given(st.sets(st.text("ABCDEFG", min_size=2, max_size=6), max_size=8),
       st.sets(st.text("ABCDEFG", min_size=2, max_size=6), max_size=8),
       st.sampled_from([None, "en-US-standard"]))
def test_text_round_trip(added, removed, base) -> None:
    personal = PersonalList("x", base).with_added(added).with_removed(removed)
    again = parse_personal(personal.text(), "x")
    assert (again.base, again.added, again.removed) == (base, personal.added, personal.removed)
    assert not again.rejected


def test_names_and_words_are_checked() -> None:
    with pytest.raises(LexiconError, match="cannot name a word list"):
        create_personal("../escape", None)
    with pytest.raises(LexiconError, match="'x-y' is not a word"):
        create_personal("fine", None, words=["x-y"])
    assert find_personal("fine") is None
    create_personal("fine", None, words=["ok"])
    with pytest.raises(LexiconError, match="already a word list called 'fine'"):
        create_personal("fine", "en-US-standard")
    with pytest.raises(LexiconError, match="no personal word list called 'other'"):
        change_personal("other", add=["word"])


def test_a_base_that_is_itself_personal_or_missing_is_refused() -> None:
    create_personal("first", None, words=["aa"])
    path = personal_dir() / "second.wordlist"
    path.write_text("base first\n+bb\n")
    with pytest.raises(LexiconError, match="is itself a personal list"):
        load_lexicon("second")
    path.write_text("base nowhere-list\n+bb\n")
    with pytest.raises(LexiconError, match="nowhere-list: no such word list"):
        load_lexicon("second")


def test_an_empty_topic_list_cannot_be_played() -> None:
    create_personal("empty", None, topic="Nothing yet")
    with pytest.raises(LexiconError, match="no words found"):
        load_lexicon("empty")


def test_personal_lists_are_offered_after_the_shipped_ones() -> None:
    create_personal("zebra", None, words=["stripe"])
    create_personal("Apple", "en-US-standard")
    offered = available_lexicons()
    assert [lexicon.ident for lexicon in offered][-2:] == ["Apple", "zebra"]
    assert [lexicon.personal for lexicon in offered].count(True) == 2
    assert offered[-1].label == "zebra (personal list: topic list: 1 word)"
    assert [p.name for p in personal_lists()] == ["Apple", "zebra"]
    # A shipped name always wins over a personal list of the same name.
    (personal_dir() / "en-US-common.wordlist").write_text("base none\n+odd\n")
    assert resolve_lexicon("en-US-common").suffix == ".txt"


def test_a_changed_list_is_reloaded() -> None:
    create_personal("grows", None, words=["one"])
    assert load_lexicon("grows").words == ("ONE",)
    change_personal("grows", add=["two"])
    assert load_lexicon("grows").words == ("ONE", "TWO")
