"""Printed crossword records laid out in millimetres: everything on the page at A4 and
Letter, nothing overlapping, the table over as many pages as it needs."""

from __future__ import annotations

import pytest

from tests.conftest import REPO
from tests.test_records import game_played_out, game_with_every_turn, new_game, play_greedy
from wordstudio.crossword.records.gcgread import read_gcg
from wordstudio.crossword.records.printed import (
    board_diagram,
    layout_diagram,
    layout_record,
    record_sheet,
)
from wordstudio.paper import A4, LETTER, PageSize, content_area

DATA = REPO / "tests" / "data" / "gcg"
PAPERS = [A4, LETTER, PageSize("A5", 148, 210)]


def assert_tidy(page) -> None:
    """Every box inside the margins, no two text boxes overlapping."""
    area = content_area(page.page)
    rects = page.rects()
    assert rects
    for rect in rects:
        assert rect.inside(area), rect
    texts = [t.rect for t in page.texts]
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            assert not a.overlaps(b), (a, b)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_a_record_fits_the_paper(paper: PageSize) -> None:
    sheet = record_sheet(read_gcg(DATA / "quackle-annotated.gcg").game)
    pages = layout_record(sheet, paper)
    for page in pages:
        assert page.page == paper
        assert_tidy(page)
    # The moves, then the final board on a page of its own.
    assert len(pages[-1].diagrams) == 1 and all(not p.diagrams for p in pages[:-1])
    words = " ".join(t.text for p in pages for t in p.texts)
    assert "AgIOTA(G)E" in words and "Final scores: Ann Smith 356, Opponent 297." in words


def test_what_a_record_holds() -> None:
    game = read_gcg(DATA / "quackle-annotated.gcg").game
    sheet = record_sheet(game)
    moves = [r.cells for r in sheet.rows if r.kind == "move"]
    assert len(moves) == len(game.history)
    assert moves[0] == ("1", "Ann Smith", "DEEFGII", "H4", "FIDGE", "28", "28", "0")
    # The opponent's rack as the record gave it (only the tiles played).
    assert moves[1][2] == "ERSTVY"
    assert moves[3][4].startswith("challenge failed") and moves[3][5] == "+5"
    notes = [r.cells[0] for r in sheet.rows if r.kind == "note"]
    assert "Opp held on this for a long time before challenging." in notes
    assert sheet.title == "Club night, round 2"
    assert "Annotated with Quackle" in sheet.lines
    assert any(r.kind == "end" and "+8 (twice the others' unplayed tiles)" in r.cells[0]
               for r in sheet.rows)


def test_an_exchange_recorded_as_a_number_is_printed_as_one() -> None:
    # ">Bob: -2 +0 78": two tiles, which the record does not name, from a rack it does
    # not give.
    moves = [r.cells for r in record_sheet(read_gcg(DATA / "six-zeros.gcg").game).rows
             if r.kind == "move"]
    assert moves[7][1:5] == ("Bob", "?", "", "exchange 2 tiles")


def test_a_long_game_runs_over_pages_and_keeps_notes_with_their_move() -> None:
    game = new_game(players=4, seed=9)
    while not game.over:
        play_greedy(game)
    for index in range(len(game.inputs)):
        game.annotations.add_note(index, "A note long enough to wrap onto a second line "
                                         "of the table, to see that it stays with its move "
                                         "whatever page the move falls on at the end.")
    pages = layout_record(record_sheet(game), A4)
    assert len(pages) >= 3
    for page in pages:
        assert_tidy(page)
    for page in pages[1:-1]:
        assert page.texts[0].text.endswith("(continued)")
        # A page never starts with a note cut off from its move.
        first_row = next(t for t in page.texts if t.rect.y > page.texts[0].rect.bottom + 5)
        assert not first_row.italic


def test_many_players_and_long_names_still_fit() -> None:
    game = new_game(players=4, seed=2)
    for _ in range(8):
        play_greedy(game)
    for paper in (A4, LETTER):
        for page in layout_record(record_sheet(game), paper):
            assert_tidy(page)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_a_board_diagram_at_any_point(paper: PageSize) -> None:
    game = game_played_out(seed=11)
    diagram = board_diagram(game, 4, "after move 4")
    on_board = [s for s in diagram.squares if s.letter]
    assert len(on_board) == sum(len(t.action.placements) for t in game.history[:4]
                                if hasattr(t.action, "placements") and not t.withdrawn)
    assert {(s.letter, s.new) for s in on_board if s.new}
    page = layout_diagram(diagram, paper, "A title", ["Scores: Ann 40, Bob 33"])
    assert_tidy(page)
    rect, _ = page.diagrams[0]
    # The diagram uses the page's width (less the margins) or its height, whichever binds.
    area = content_area(paper)
    assert rect.width == pytest.approx(area.width, abs=0.5) or rect.bottom > area.bottom - 40


def test_diagrams_of_the_whole_game_and_of_withdrawn_plays() -> None:
    game = game_with_every_turn()
    phony = [s for s in board_diagram(game, 1).squares if s.letter]
    assert len(phony) == 2 and all(s.new for s in phony)  # the phony, just played
    assert not [s for s in board_diagram(game, 2).squares if s.letter]  # withdrawn
    final = board_diagram(game)
    assert sum(1 for s in final.squares if s.letter) == sum(
        1 for row in game.board.to_rows() for ch in row if ch.isalpha())
