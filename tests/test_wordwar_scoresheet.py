"""The scoresheet model and its page layout: what is printed, and that it fits the paper."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_wordwar_scoring import SEED_GRID, SEED_WORDS
from wordstudio.paper import A4, LETTER, MARGIN, PageSize, wrapped_lines
from wordstudio.wordwar.boards import BoardSet, Grid
from wordstudio.wordwar.deck import WILD
from wordstudio.wordwar.game import PlayerSpec, WordWarGame
from wordstudio.wordwar.scoresheet import (
    MIN_CELL,
    GameSummary,
    PageLayout,
    Scoresheet,
    blank_sheet,
    current_sheets,
    game_sheets,
    game_summary,
    layout_page,
    layout_sheet,
    layout_summary,
    round_sheets,
)
from wordstudio.wordwar.scoring import WordScorer, scorer_for


@pytest.fixture(scope="module")
def shipped() -> BoardSet:
    return BoardSet.load()


def seed_sheet(scorer: WordScorer | None = None) -> Scoresheet:
    grid = Grid.parse(SEED_GRID)
    scorer = scorer or WordScorer(SEED_WORDS)
    return Scoresheet(0, "Seed example", grid, frozenset(), "Ann", 1, 4, scorer.score(grid))


def finished_game(shipped: BoardSet, players: int = 4) -> WordWarGame:
    rng = random.Random(3)
    game = WordWarGame([PlayerSpec(f"Player number {p + 1}") for p in range(players)], "sheet",
                       board_set=shipped, scorer=scorer_for("en-US-standard"))
    while not game.is_over:
        game.start_round([rng.randint(1, 9) for _ in range(players)])
        while game.deck is not None:
            game.turn_card()
            for p in range(players):
                row, col = rng.choice(game.grids[p].empty_squares())
                game.place(p, row, col, rng.choice("ESTAR") if game.card == WILD else None)
    return game


def test_the_seed_example_as_a_sheet():
    sheet = seed_sheet()
    assert not sheet.blank
    assert [sheet.row_score(r) for r in range(8)] == [9, 2, 32, -1, 0, 2, 12, 3]
    assert [sheet.column_score(c) for c in range(8)] == [0, 5, 3, 4, 5, 0, 5, 3]
    assert sheet.total_line() == "Rows 59  +  Columns 25  =  Total 84"
    entries = sheet.word_entries()
    assert "Row 1: OATS, OAT, AT (9)" in entries
    assert "Column 2: IN, ARK (5)" in entries
    assert len(entries) == 12  # every line but rows 4-5 and columns 1 and 6 (no words)
    # Row 4 has no word, only an empty square: it is listed apart, not as a word.
    assert sheet.empty_entries() == ["Row 4: 1 empty square (-1)"]
    assert not any("empty" in entry for entry in entries)
    assert "Ann" in sheet.subtitle() and "Round 1 of 4" in sheet.subtitle()


def test_a_line_with_words_and_empty_squares_says_each_apart():
    """Not "Row 6: OW 4 empty squares (-2)": the words, their points, then what the
    empty squares cost and the line's score."""
    grid = Grid.parse("OW....#\n#######\n")
    sheet = Scoresheet(0, "", grid, frozenset(), "Ann", 1, 4, WordScorer(["OW"]).score(grid))
    assert sheet.row_score(0) == -2
    assert sheet.word_entries() == ["Row 1: OW (2); 4 empty squares (-4) = -2"]
    assert sheet.empty_entries() == []
    layout = layout_sheet(sheet, A4)
    texts = [t.text for t in layout.texts]
    assert "Words that scored" in texts and "Empty squares (one point off each)" not in texts


def test_the_empty_squares_list_has_its_own_heading_after_the_words():
    layout = layout_sheet(seed_sheet(), A4)
    texts = [t.text for t in layout.texts]
    words, empties = texts.index("Words that scored"), texts.index(
        "Empty squares (one point off each)")
    assert words < texts.index("Row 1: OATS, OAT, AT (9)") < empties \
        < texts.index("Row 4: 1 empty square (-1)")
    heading = layout.texts[empties].rect
    assert all(t.rect.y >= heading.bottom - 1e-6 for t in layout.texts[empties + 1:])


def test_blank_sheets_show_the_printed_vowels_and_no_scores(shipped):
    for board in shipped.boards:
        sheet = blank_sheet(board)
        assert sheet.blank and sheet.word_entries() == []
        assert sheet.row_score(0) is None and sheet.column_score(0) is None
        assert "Player: ____" in sheet.subtitle()
        layout = layout_sheet(sheet, A4)
        letters = {c.letter for c in layout.cells if c.letter}
        assert letters <= set("AEIOU") and len([c for c in layout.cells if c.letter]) == 4
        assert all(c.printed for c in layout.cells if c.letter)
        boxes = [t for t in layout.texts if t.framed]
        assert len(boxes) == board.height + board.width
        assert all(t.text == "" for t in boxes)
        assert layout.rules, "blank sheets have ruled lines for the words"


def test_round_and_game_sheets(shipped):
    game = finished_game(shipped)
    sheets = round_sheets(game, 2)
    assert [s.player for s in sheets] == [p.name for p in game.players]
    assert [s.score.total for s in sheets] == list(game.results[2].totals)
    assert {s.round_number for s in sheets} == {3}
    pages = game_sheets(game)
    assert len(pages) == 4 * 4 + 1 and isinstance(pages[-1], GameSummary)
    summary = game_summary(game)
    assert summary.finished and summary.totals == tuple(game.totals())
    assert summary.leaders == game.winners()
    assert "win" in summary.verdict()


def test_current_sheets_follow_the_round_in_play(shipped):
    game = WordWarGame([PlayerSpec("Ann"), PlayerSpec("Bob")], "live", board_set=shipped,
                       scorer=WordScorer(SEED_WORDS))
    assert current_sheets(game) == []
    game.start_round([2, 5])
    sheets = current_sheets(game)
    assert [s.board_number for s in sheets] == [2, 5]
    assert sheets[0].score.total == -shipped.board(2).open_squares


def test_summary_while_the_game_goes_on():
    summary = GameSummary(("Ann", "Bob"), ((1, 2),), ((30, 40),), (1,), 4)
    assert not summary.finished
    assert summary.verdict() == "After 1 of 4 rounds Bob leads with 40 points."
    tied = GameSummary(("Ann", "Bob"), ((1, 2),) * 4, ((30, 40), (40, 30)) * 2, (1, 0) * 2, 4)
    assert tied.verdict() == "Ann and Bob share the win with 140 points."


def assert_clean(layout: PageLayout) -> None:
    """Everything inside the margins; the grid squares overlap no text."""
    content = layout.content
    for rect in layout.rects():
        assert rect.inside(content), rect
    for x1, y1, x2, y2 in layout.rules:
        assert min(x1, x2) >= MARGIN - 1e-6 and max(x1, x2) <= layout.page.width - MARGIN + 1e-6
        assert min(y1, y2) >= MARGIN - 1e-6 and max(y1, y2) <= layout.page.height - MARGIN + 1e-6
    texts = [t.rect for t in layout.texts]
    for cell in layout.cells:
        assert not any(cell.rect.overlaps(t) for t in texts)
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            assert not a.overlaps(b), (a, b)


@pytest.mark.parametrize("page", [A4, LETTER], ids=["A4", "Letter"])
def test_every_page_fits_a4_and_letter(shipped, page):
    game = finished_game(shipped)
    for content in game_sheets(game):
        layout = layout_page(content, page)
        assert_clean(layout)
        if isinstance(content, Scoresheet):
            cells = [c.rect.width for c in layout.cells]
            assert min(cells) >= MIN_CELL
    for board in shipped.boards:
        assert_clean(layout_sheet(blank_sheet(board), page))
    assert_clean(layout_sheet(seed_sheet(scorer_for("en-US-standard")), page))


@given(st.integers(1, 15), st.integers(1, 15), st.integers(0, 10_000),
       st.sampled_from([A4, LETTER, PageSize("A5", 148, 210)]))
@settings(max_examples=40, deadline=None)
def test_any_grid_fits_any_page(rows, cols, seed, page):
    rng = random.Random(seed)
    grid = Grid(tuple("".join(rng.choice("AEST#") for _ in range(cols)) for _ in range(rows)))
    words = ["AT", "TA", "EAT", "TEA", "ATE", "SEA", "SET", "AS", "ES", "TEAS", "SEAT", "EAST"]
    sheet = Scoresheet(1, "x", grid, frozenset(), "A rather long player name " * 2, 1, 4,
                       WordScorer(words).score(grid))
    assert_clean(layout_sheet(sheet, page))
    assert_clean(layout_summary(GameSummary(("A", "B", "C", "D"), ((1, 2, 3, 4),),
                                            ((1, 2, 3, 4),), (3,), 4), page))


def test_wrapping_estimate():
    assert wrapped_lines("short", 100, 10) == 1
    assert wrapped_lines("word " * 60, 50, 10) > 5
