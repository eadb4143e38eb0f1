"""Word War scoring: the seed's worked example exactly, and properties of line scores."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordstudio.wordwar.boards import Grid
from wordstudio.wordwar.errors import BoardError
from wordstudio.wordwar.scoring import WordScorer

#: The seed's example board (seed 002, SCORING): # black, . the one empty square.  The
#: seed's text lost the board's columns; this reading keeps every line's letters in their
#: order, gives the book's line scores with the book's words, and has the column the book
#: shows in its Diagram 5, "the letter sequence HGSPY", which holds its SPY: H and G stand
#: above S, not above I (an H-G-I-N column would make GIN, which the book does not count).
SEED_GRID = """\
##H#OATS
J#GWE###
DISCOVER
#NP##.AO
##YCO#TW
QA#AN###
#RULED##
#K#M#RIM
"""
#: Exactly the words the seed lists for its example.
SEED_WORDS = ["SPY", "OATS", "OAT", "AT", "DISCOVER", "COVER", "DISCO", "DISC", "IS", "OVER", "COVE", "WE", "EAT", "ROW", "AN", "RULED", "RULE", "LED", "RIM", "IN", "ARK", "CALM", "ONE", "ON"]


@pytest.fixture
def seed_scorer() -> WordScorer:
    return WordScorer(SEED_WORDS, name="seed example")


def test_worked_example_reproduced_exactly(seed_scorer):
    score = seed_scorer.score(Grid.parse(SEED_GRID))
    assert score.row_scores == [9, 2, 32, -1, 0, 2, 12, 3]
    assert score.column_scores == [0, 5, 3, 4, 5, 0, 5, 3]
    assert (score.row_total, score.column_total, score.total) == (59, 25, 84)


def test_worked_example_words_per_line(seed_scorer):
    score = seed_scorer.score(Grid.parse(SEED_GRID))
    rows = [sorted(w.word for w in line.words) for line in score.rows]
    columns = [sorted(w.word for w in line.words) for line in score.columns]
    assert rows[0] == ["AT", "OAT", "OATS"]
    assert rows[2] == sorted(["DISCOVER", "COVER", "DISCO", "DISC", "IS", "OVER", "COVE"])
    assert rows[6] == ["LED", "RULE", "RULED"]
    assert columns[1] == ["ARK", "IN"]
    assert columns[2] == ["SPY"]
    assert columns[4] == ["ON", "ONE"]
    assert columns[6] == ["AT", "EAT"]
    assert score.rows[3].empties == 1 and score.rows[3].words == ()
    assert score.rows[0].describe() == "OATS, OAT, AT"
    assert score.rows[3].describe() == "1 empty square"
    both = seed_scorer.score(Grid.parse("OATS..#\n"))
    assert both.rows[0].describe() == "OATS, OAT, AT; 2 empty squares"


def test_words_within_non_words(seed_scorer):
    # Seed diagram 5: HGSPY is no word but holds SPY.
    assert seed_scorer.line_points("HGSPY") == 3
    assert [w.word for w in seed_scorer.line_words("#HGSPY.")] == ["SPY"]
    assert seed_scorer.line_words("#HGSPY.")[0].start == 3


def test_each_occurrence_counts():
    scorer = WordScorer(["AT"])
    assert scorer.line_points("ATAT") == 4
    assert scorer.line_points("AT#AT") == 4


def test_empty_squares_cost_once_in_their_row():
    scorer = WordScorer(["AT"])
    grid = Grid.parse("A.\n.T\n")
    score = scorer.score(grid)
    assert score.row_scores == [-1, -1]
    assert score.column_scores == [0, 0]
    assert score.total == -2


def test_black_squares_split_words():
    scorer = WordScorer(["CAT", "AT"])
    assert scorer.line_points("C#AT") == 2
    assert scorer.line_points("CAT") == 5


def test_fast_total_agrees_with_detailed_score(seed_scorer):
    grid = Grid.parse(SEED_GRID)
    assert seed_scorer.total(grid) == seed_scorer.score(grid).total == 84


def test_grid_text_errors_name_the_line():
    with pytest.raises(BoardError, match="line 2"):
        Grid.parse("AB\nABC\n", source="x.txt")
    with pytest.raises(BoardError, match=r"line 1.*'\?'"):
        Grid.parse("A?\n")
    with pytest.raises(BoardError, match="empty"):
        Grid.parse("\n\n")


# --- properties ----------------------------------------------------------------------------
WORDS = ("AT", "TA", "EAT", "TEA", "ATE", "SEAT", "EAST", "SATE", "TEAS", "SET", "ES", "AS")
LETTERS = "AEST"


def naive_points(line: str, words: set[str]) -> int:
    """Every substring of every run, checked one by one."""
    points = 0
    for run in line.replace(".", "#").split("#"):
        for i in range(len(run)):
            for j in range(i + 2, len(run) + 1):
                if run[i:j] in words:
                    points += j - i
    return points


grids = st.integers(1, 6).flatmap(lambda w: st.lists(
    st.text(alphabet=LETTERS + "#.", min_size=w, max_size=w), min_size=1, max_size=6))


@given(grids)
@settings(max_examples=150, deadline=None)
def test_total_is_the_sum_of_line_scores(rows):
    scorer = WordScorer(WORDS)
    grid = Grid(tuple(rows))
    score = scorer.score(grid)
    assert score.total == sum(score.row_scores) + sum(score.column_scores)
    assert score.total == scorer.total(grid)
    assert sum(line.empties for line in score.rows) == grid.empty_count
    assert all(line.empties == 0 for line in score.columns)


@given(grids)
@settings(max_examples=150, deadline=None)
def test_transposing_swaps_row_and_column_points(rows):
    scorer = WordScorer(WORDS)
    grid = Grid(tuple(rows))
    score, flipped = scorer.score(grid), scorer.score(grid.transpose())
    assert [line.points for line in flipped.rows] == [line.points for line in score.columns]
    assert [line.points for line in flipped.columns] == [line.points for line in score.rows]
    # The empty-square penalty is charged to rows either way, so the total is unchanged,
    # and a grid without empty squares has its row and column scores exactly swapped.
    assert flipped.total == score.total
    if grid.empty_count == 0:
        assert flipped.row_scores == score.column_scores
        assert flipped.column_scores == score.row_scores


@given(st.text(alphabet=LETTERS + "#.", max_size=12))
@settings(max_examples=200, deadline=None)
def test_line_points_match_a_naive_count(line):
    scorer = WordScorer(WORDS)
    assert scorer.line_points(line) == naive_points(line, set(WORDS))
    assert sum(w.points for w in scorer.line_words(line)) == scorer.line_points(line)


@given(st.text(alphabet=LETTERS + ".", min_size=1, max_size=10), st.data())
@settings(max_examples=150, deadline=None)
def test_writing_a_letter_never_loses_points(line, data):
    scorer = WordScorer(WORDS)
    empties = [i for i, ch in enumerate(line) if ch == "."]
    if not empties:
        return
    where = data.draw(st.sampled_from(empties))
    letter = data.draw(st.sampled_from(LETTERS))
    filled = line[:where] + letter + line[where + 1:]
    assert scorer.line_points(filled) >= scorer.line_points(line)
    assert scorer.row_value(filled) >= scorer.row_value(line) + 1


def test_worked_example_on_the_default_list_counts_only_real_words():
    """Seed 002: "abbreviations ... are not acceptable".  On the game's default list the
    example keeps every word the seed counts (OAT, OATS, DISCOVER ...) and loses the
    abbreviations an unfiltered list would find in it (TS, LM, NE)."""
    from wordstudio.wordwar.game import DEFAULT_LEXICON
    from wordstudio.wordwar.scoring import scorer_for

    score = scorer_for(DEFAULT_LEXICON).score(Grid.parse(SEED_GRID))
    found = {w.word for line in (*score.rows, *score.columns) for w in line.words}
    assert set(SEED_WORDS) <= found
    assert not found & {"TS", "LM", "NE"}


def test_worked_example_scores_84_on_the_default_list():
    """Issue 24: Word War's default list counts words as the rule book does, so its own
    example scores the book's 84 (59 + 25); the standard dictionary list counts the
    interjections OW (in ROW) and ER (in DISCOVER) and the prefix DIS as well."""
    from wordstudio.lexicon.catalog import WORD_WAR_LEXICON
    from wordstudio.wordwar.game import DEFAULT_LEXICON
    from wordstudio.wordwar.scoring import scorer_for

    assert DEFAULT_LEXICON == WORD_WAR_LEXICON
    for name in (DEFAULT_LEXICON, "en-GB-wordwar", f"{DEFAULT_LEXICON}-family"):
        score = scorer_for(name).score(Grid.parse(SEED_GRID))
        assert (score.row_total, score.column_total, score.total) == (59, 25, 84), name
        found = {w.word for line in (*score.rows, *score.columns) for w in line.words}
        assert found == set(SEED_WORDS), name
    standard = scorer_for("en-US-standard").score(Grid.parse(SEED_GRID))
    found = {w.word for line in (*standard.rows, *standard.columns) for w in line.words}
    assert found - set(SEED_WORDS) == {"DIS", "OW", "ER"}
    assert standard.total == 84 + 3 + 2 + 2
