"""A move's coordinate as records write it: row first across (8H), column first down
(H8), arrows in games with diagonal or backward words (M23↗) - read and written."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wordstudio.crossword.coordinates import Coordinate, parse_coordinate, write_coordinate
from wordstudio.crossword.gameconfig import Direction


def test_the_order_says_the_direction_as_gcg_does():
    assert parse_coordinate("8H", 15, 15, False) == Coordinate(7, 7, (0, 1))
    assert parse_coordinate("h8", 15, 15, False) == Coordinate(7, 7, (1, 0))
    assert parse_coordinate("M1", 15, 15, False).direction() == (Direction.DOWN, False)
    assert parse_coordinate("1M", 15, 15, False).direction() == (Direction.ACROSS, False)
    assert write_coordinate(7, 7, Direction.ACROSS, False) == "8H"
    assert write_coordinate(0, 12, Direction.DOWN, False) == "M1"


def test_arrows_say_the_way_the_word_reads():
    up = parse_coordinate("M23\u2197", 30, 30, True)
    assert (up.row, up.col) == (22, 12) and up.direction() == (Direction.DIAGONAL_UP, False)
    back = parse_coordinate("V16 \u2199", 30, 30, True)
    assert back.direction() == (Direction.DIAGONAL_UP, True)
    assert parse_coordinate("W15\u2190", 30, 30, True).direction() == (Direction.ACROSS, True)
    # Without an arrow an arrow game's square says no direction, in either order.
    assert parse_coordinate("H8", 30, 30, True) == Coordinate(7, 7, None)
    assert parse_coordinate("8H", 30, 30, True) == Coordinate(7, 7, None)
    assert write_coordinate(7, 7, Direction.DIAGONAL_DOWN, True) == "H8\u2198"


def test_what_is_not_a_square_of_the_board_is_refused():
    for text in ("", "H", "8", "H8H", "16A", "P1", "8H!", "A0", "AAA1", "ZZ1"):
        assert parse_coordinate(text, 15, 15, False) is None, text
    assert parse_coordinate("AD30", 30, 30, True) == Coordinate(29, 29, None)


@given(st.integers(0, 29), st.integers(0, 29), st.sampled_from(list(Direction)),
       st.booleans())
def test_a_written_coordinate_reads_back(row, col, direction, arrows):
    if not arrows and direction.is_diagonal:
        return
    read = parse_coordinate(write_coordinate(row, col, direction, arrows), 30, 30, arrows)
    assert read is not None and (read.row, read.col) == (row, col)
    assert read.direction() == (direction, False)
