"""The nine Word War boards, board sets in other folders, and grids."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordstudio.crossword.config.files import load_config
from wordstudio.wordwar.boards import (
    BLACK,
    EMPTY,
    BoardSet,
    Grid,
    board_folder,
    load_board,
)
from wordstudio.wordwar.deck import DeckSpec
from wordstudio.wordwar.errors import BoardError, IllegalPlay

VOWELS = set("AEIOU")


def write_board(folder: Path, number: int, rows: list[str], title: str = "") -> Path:
    """A board definition: ``rows`` as grid text (# black, . empty, letters printed)."""
    layout = "\n".join("".join("@" if ch == BLACK else "a" for ch in row) for row in rows)
    start = "\n".join("".join(ch if ch not in (BLACK, EMPTY) else "." for ch in row)
                      for row in rows)
    path = folder / f"board{number}.def"
    path.write_text(f"Title = {title or f'Test board {number}'}\nRows = {len(rows)}\n"
                    f"Columns = {len(rows[0])}\nBoardPositionScore = {{\n{layout}\n}}\n"
                    f"StartingBoard = {{\n{start}\n}}\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def shipped() -> BoardSet:
    return BoardSet.load()


def test_nine_boards_ship(shipped):
    assert shipped.numbers == list(range(1, 10))
    assert shipped.folder is None
    assert shipped.deck == DeckSpec()
    for board in shipped.boards:
        assert board.title == f"Word War board {board.number}"
        assert Path(board.source).name == f"board{board.number}.def"


def test_boards_are_crossword_like(shipped):
    sizes = set()
    for board in shipped.boards:
        assert 8 <= board.height <= 10 and 8 <= board.width <= 10
        sizes.add((board.height, board.width))
        cells = board.height * board.width
        blacks = sum(row.count(BLACK) for row in board.blank.rows)
        assert 0.15 * cells <= blacks <= 0.35 * cells, board.number
        # Every open square lies on a run of two or more squares, across or down, so
        # every letter written can take part in a word.
        covered = {sq for seg in board.segments for sq in seg.squares()}
        open_squares = {(r, c) for r, row in enumerate(board.blank.rows)
                        for c, ch in enumerate(row) if ch != BLACK}
        assert open_squares <= covered, board.number
    assert len(sizes) >= 4


def test_four_vowels_printed_in_different_places(shipped):
    placements = set()
    for board in shipped.boards:
        printed = sorted(board.printed)
        assert len(printed) == 4
        assert {board.blank.at(r, c) for r, c in printed} <= VOWELS
        placements.add(tuple(printed))
    assert len(placements) == 9


def test_boards_are_designer_files(shipped):
    # The designer opens the same files through the configuration reader.
    for board in shipped.boards:
        config = load_config(board.source)
        assert (config.rows, config.columns) == (board.height, board.width)
        assert config.starting_board
        assert config.title == board.title


def test_deck_file_is_read():
    config = load_config(board_folder() / "wordwar.def")
    deck = DeckSpec.from_config(config)
    assert deck.size == 54 and deck.wild == 2


def test_a_board_set_in_another_folder(tmp_path):
    write_board(tmp_path, 2, ["A.#", "..."])
    write_board(tmp_path, 7, ["E..", ".#."])
    (tmp_path / "wordwar.def").write_text(
        "LetterFrequencies = { " + " ".join(["1"] * 26) + " 4 }\n", encoding="utf-8")
    boards = BoardSet.load(tmp_path)
    assert boards.numbers == [2, 7]
    assert boards.deck == DeckSpec((1,) * 26, 4)
    assert boards.board(2).blank.rows == ("A.#", "...")
    assert boards.board(7).printed == frozenset({(0, 0)})
    assert load_board(7, tmp_path).open_squares == 4
    with pytest.raises(BoardError, match="no Word War board 3"):
        boards.board(3)


def test_bad_board_files_are_reported_with_file_and_line(tmp_path):
    (tmp_path / "board1.def").write_text("Rows = 2\nColumns = 2\nNoSuchThing = 3\n",
                                         encoding="utf-8")
    with pytest.raises(BoardError) as caught:
        BoardSet.load(tmp_path)
    assert "board1.def" in str(caught.value) and caught.value.line == 3


def test_a_board_needs_a_square_to_write_in(tmp_path):
    write_board(tmp_path, 1, ["A#", "#E"])
    with pytest.raises(BoardError, match="no square to write in"):
        BoardSet.load(tmp_path)


def test_empty_or_missing_folders(tmp_path):
    with pytest.raises(BoardError, match="no board"):
        BoardSet.load(tmp_path)
    with pytest.raises(BoardError, match="no such board folder"):
        BoardSet.load(tmp_path / "missing")
    # A name longer than the system allows (a damaged saved game named it).
    with pytest.raises(BoardError, match="cannot be read as a board folder") as raised:
        BoardSet.load(tmp_path / ("x" * 5000))
    # The message shows the name's start and end, not all 5,000 characters of it.
    assert len(str(raised.value)) < 300 and "characters)" in str(raised.value)
    assert raised.value.source.endswith("x" * 5000)  # the error still knows it whole


def test_grid_place_and_queries():
    grid = Grid.parse("A.#\n...\n")
    assert grid.empty_count == 4 and not grid.is_full
    grid = grid.place(0, 1, "t")
    assert grid.rows == ("AT#", "...")
    assert grid.columns() == ("A.", "T.", "#.")
    assert grid.transpose().rows == grid.columns()
    assert grid.shape_matches(Grid.parse("..#\nXYZ\n"))
    assert not grid.shape_matches(Grid.parse("...\n...\n"))
    for args in ((0, 0, "B"), (0, 2, "B"), (5, 0, "B"), (1, 0, "1"), (1, 0, "AB")):
        with pytest.raises(IllegalPlay):
            grid.place(*args)


def test_grid_file(tmp_path):
    path = tmp_path / "grid.txt"
    path.write_text("\nab#\n.c.\n\n", encoding="utf-8")
    assert Grid.load(path).rows == ("AB#", ".C.")
    with pytest.raises(BoardError, match="cannot read"):
        Grid.load(tmp_path / "missing.txt")
