"""The scratch pad's check of a ladder a player writes: one letter at a time, the board's
saves and deletions, what is left to save, and no spelling help unless asked for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wordstudio.wordforword.rules import WordClass
from wordstudio.wordforword.scratch import check_ladder, parse_ladder
from wordstudio.wordforword.solver import DoubletGraph, is_chain, shortest_chain

LEX = {"CAT", "COT", "DOT", "DOG", "CAG", "COG", "ZZZ"}


def board(saved=(), deleted=(), puzzles=("CAT", "DOG"), lexicon=LEX):
    """A word_class like Game.word_class, for a board with these saves and deletions."""
    def word_class(word: str) -> WordClass:
        if word in deleted:
            return WordClass.DELETED
        if word in puzzles:
            return WordClass.PUZZLE
        if word in saved:
            return WordClass.SAVED
        return WordClass.OPEN if word in lexicon else WordClass.UNKNOWN
    return word_class


def test_words_are_read_whatever_separates_them():
    assert parse_ladder("cot dot") == ["COT", "DOT"]
    assert parse_ladder("CAT -> cot, dot\nDOG") == ["CAT", "COT", "DOT", "DOG"]
    assert parse_ladder(" cat → cot ; dot — dog ") == ["CAT", "COT", "DOT", "DOG"]
    assert parse_ladder("  ,, ") == []


def test_the_puzzle_words_are_put_at_the_ends_when_left_out():
    check = check_ladder(["COT", "DOT"], "cat", "dog", board(), spell_check=False)
    assert [rung.word for rung in check.rungs] == ["CAT", "COT", "DOT", "DOG"]
    assert [rung.written for rung in check.rungs] == [False, True, True, False]
    assert check.complete and check.gap == 0
    written = check_ladder(["CAT", "COT", "DOT", "DOG"], "CAT", "DOG", board(), False)
    assert [rung.word for rung in written.rungs] == ["CAT", "COT", "DOT", "DOG"]
    assert all(rung.written for rung in written.rungs)


def test_what_is_left_to_save_decides_what_the_ladder_allows():
    open_ladder = check_ladder(["COT", "DOT"], "CAT", "DOG", board(), False)
    assert open_ladder.to_save == ["COT", "DOT"]
    assert open_ladder.summary() == "A ladder of 3 steps; 2 words are not saved yet: COT, DOT."
    one = check_ladder(["COT", "DOT"], "CAT", "DOG", board(saved={"COT"}), False)
    assert one.to_save == ["DOT"]
    assert one.summary() == "A ladder of 3 steps; DOT is not saved yet: Save to win with it."
    won = check_ladder(["COT", "DOT"], "CAT", "DOG", board(saved={"COT", "DOT"}), False)
    assert won.to_save == [] and won.summary() == "A ladder of 3 steps, every word saved: a Win."


def test_an_unfinished_ladder_says_how_far_it_is_from_the_goal():
    check = check_ladder(["COT"], "CAT", "DOG", board(), False)
    assert not check.complete and check.broken is None and check.gap == 2
    assert check.summary() == "So far so good: COT is 2 letters from DOG."
    empty = check_ladder([], "CAT", "DOG", board(), False)
    assert empty.summary().startswith("Write words from CAT to DOG")


def test_each_kind_of_mistake_is_named():
    def problem(words, **kwargs):
        broken = check_ladder(words, "CAT", "DOG", board(**kwargs), spell_check=True).broken
        return None if broken is None else (broken.word, broken.problem)

    assert problem(["DOT"]) == ("DOT", "2 letters changed from CAT (one at a time)")
    assert problem(["COTS"]) == ("COTS", "not 3 letters")
    assert problem(["CAT", "CAT"]) == ("CAT", "the same word as before it")
    assert problem(["COT", "DOT"], deleted={"DOT"}) == ("DOT", "deleted: no ladder may use it")
    assert problem(["CAG", "COG", "CAG"]) == ("CAG", "already in the ladder: the ladder goes "
                                                     "round in a circle")
    assert problem(["COT", "CUT"]) == ("CUT", "not in the lexicon")
    assert problem(["COT", "DOT"]) is None


def test_spelling_is_checked_only_when_asked():
    """Rule 10: a confirmed misspelling forfeits the turn, so without the practice aid the
    pad does not say which words are not in the lexicon."""
    quiet = check_ladder(["COT", "CUT"], "CAT", "DOG", board(), spell_check=False)
    assert quiet.broken is None and quiet.rungs[2].kind is WordClass.OPEN
    assert "CUT" in quiet.to_save
    told = check_ladder(["COT", "CUT"], "CAT", "DOG", board(), spell_check=True)
    assert told.broken is not None and told.broken.word == "CUT"
    assert told.rungs[2].kind is WordClass.UNKNOWN and "CUT" not in told.to_save


# --- properties, on random small lexicons --------------------------------------------------
words3 = st.text(alphabet="ABCD", min_size=3, max_size=3)


@settings(max_examples=150, deadline=None)
@given(st.sets(words3, min_size=2, max_size=30), st.data())
def test_a_shortest_chain_is_a_complete_ladder_and_its_open_words_are_to_save(lexicon, data):
    start, goal = data.draw(st.lists(st.sampled_from(sorted(lexicon)), min_size=2, max_size=2,
                                     unique=True))
    chain = shortest_chain(DoubletGraph(sorted(lexicon)), start, goal)
    saved = data.draw(st.sets(st.sampled_from(sorted(lexicon))))
    word_class = board(saved=saved, puzzles=(start, goal), lexicon=lexicon)
    if chain is None:
        return
    check = check_ladder(chain[1:-1], start, goal, word_class, spell_check=True)
    assert check.complete and [rung.word for rung in check.rungs] == chain
    assert check.to_save == [w for w in chain if w not in saved and w not in (start, goal)]


@settings(max_examples=300, deadline=None)
@given(st.sets(words3, min_size=2, max_size=30), st.lists(words3, max_size=8), st.data())
def test_a_ladder_called_complete_is_a_real_solution(lexicon, written, data):
    """Whatever is written, a ladder the pad calls complete runs from the puzzle word to
    the common word one letter at a time, through no deleted word and no word twice."""
    start, goal = data.draw(st.lists(st.sampled_from(sorted(lexicon)), min_size=2, max_size=2,
                                     unique=True))
    deleted = data.draw(st.sets(st.sampled_from(sorted(lexicon)))) - {start, goal}
    check = check_ladder(written, start, goal,
                         board(deleted=deleted, puzzles=(start, goal), lexicon=lexicon),
                         spell_check=data.draw(st.booleans()))
    words = [rung.word for rung in check.rungs]
    assert words[0] == start
    if check.complete:
        assert words[-1] == goal and is_chain(words) and len(set(words)) == len(words)
        assert not set(words) & deleted
    else:
        assert check.broken is not None or check.gap > 0
