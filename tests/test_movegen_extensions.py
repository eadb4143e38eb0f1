"""Diagonal and backward words, length-squared scoring and wild rules: generator vs brute force.

On small random boards with WORDwhami-style rules switched on in any combination, the
move generator (both the pure-Python and the installed build) must find exactly the
plays that a brute-force search over every placement of the rack finds legal under the
independent rules check, with the same scores.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from wordstudio.crossword.board import Board, Placement
from wordstudio.crossword.gameconfig import (
    Direction,
    FreeForm,
    GameConfig,
    Scoring,
    TileSet,
)
from wordstudio.crossword.moves import MoveFinder
from wordstudio.crossword.rules import IllegalMove, analyse_play
from wordstudio.crossword.tiles import BLANK, Rack
from wordstudio.lexicon.gaddag import load_gaddag
from wordstudio.lexicon.wordlist import WordList

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# A small lexicon rich in reversal pairs (TOP/POT, STAR/RATS), palindromes (TOT, NOON)
# and plurals, so backward readings and the wild rules come up often.
WORD_TEXT = (
    "AT TA TO OT ON NO NOT TON TOP POT POTS TOPS STOP SPOT OPTS POST TOT NOON ONTO "
    "STAR RATS ARTS TSAR TAR RAT ART ARTS TARS STAT TATS SO OS ASS SOS SAT TAS AS "
    "OPT PO OP SOP SOT TOSS PAN NAP NAPS PANS SNAP SPAN AN NA PA AP SPA ASP SAP PAS")
WORDS = WordList.from_words(WORD_TEXT.split())
DIRECTION_SETS = [
    (Direction.ACROSS, Direction.DOWN),
    (Direction.ACROSS, Direction.DOWN, Direction.DIAGONAL_DOWN),
    (Direction.ACROSS, Direction.DOWN, Direction.DIAGONAL_DOWN, Direction.DIAGONAL_UP),
    (Direction.ACROSS, Direction.DOWN, Direction.DIAGONAL_UP),
    # A configuration may list the diagonals the other way round.
    (Direction.ACROSS, Direction.DOWN, Direction.DIAGONAL_UP, Direction.DIAGONAL_DOWN),
]


@lru_cache(maxsize=4)
def automata(tmp: str):
    from pathlib import Path
    return (load_gaddag(WORDS, cache_dir=Path(tmp)),
            load_gaddag(WORDS, reversible=True, cache_dir=Path(tmp)))


@st.composite
def configs(draw) -> GameConfig:
    rows = draw(st.integers(3, 5))
    cols = draw(st.integers(3, 5))
    codes = ["a"] * 5 + ["@", "b", "C"]
    layout = tuple("".join(draw(st.sampled_from(codes)) for _ in range(cols)) for _ in range(rows))
    scores = tuple(draw(st.lists(st.integers(0, 5), min_size=26, max_size=26)))
    return GameConfig(
        rows=rows, columns=cols, layout=layout, first_move_row=0, first_move_col=0,
        free_form=draw(st.sampled_from([FreeForm.ANCHORED, FreeForm.FREE])),
        tiles=TileSet(scores=scores, frequencies=(4,) * 26, blank_count=2),
        number_of_tiles=4, play_all_tile_bonus=draw(st.sampled_from([0, 9])),
        directions=draw(st.sampled_from(DIRECTION_SETS)),
        backward_words=draw(st.booleans()),
        scoring=draw(st.sampled_from(list(Scoring))),
        wild_once_per_word=draw(st.booleans()),
        wild_no_plurals=draw(st.booleans()))


def finder(config: GameConfig, tmp: str, pure: bool) -> MoveFinder:
    plain, reversible = automata(tmp)
    if config.backward_words:
        return MoveFinder(config, reversible, pure=pure, check=plain)
    return MoveFinder(config, plain, pure=pure)


def brute_force(board: Board, rack: Rack, player: int) -> dict[frozenset, int]:
    """Every legal play: every run of empty squares along every allowed direction."""
    found: dict[frozenset, int] = {}
    tiles = list(rack.tiles)
    for direction in board.config.directions:
        dr, dc = direction.step
        for r0 in range(board.rows):
            for c0 in range(board.cols):
                squares = []
                r, c = r0, c0
                while board.on_board(r, c) and not board.is_blocked(r, c):
                    if board.is_empty_square(r, c):
                        squares.append((r, c))
                    r, c = r + dr, c + dc
                if not squares or squares[0] != (r0, c0):
                    continue
                for k in range(1, min(len(tiles), len(squares)) + 1):
                    for order in set(itertools.permutations(tiles, k)):
                        choices = ["ANOPRST" if t == BLANK else (t,) for t in order]
                        for letters in itertools.product(*choices):
                            placed = [Placement(r, c, letter, tile == BLANK) for (r, c), letter, tile
                                      in zip(squares[:k], letters, order, strict=True)]
                            try:
                                analysis = analyse_play(board, placed, rack, WORDS, player)
                            except IllegalMove:
                                continue
                            if not analysis.unknown:
                                found[frozenset(placed)] = analysis.score
    return found


def random_board(config: GameConfig, data, tmp: str) -> Board:
    board = Board(config)
    f = finder(config, tmp, pure=False)
    for turn in range(data.draw(st.integers(0, 3))):
        rack = Rack(tuple(data.draw(st.lists(st.sampled_from("AONPRSTT?"), min_size=2, max_size=4))))
        moves = f.moves(board, rack, player=turn % 2)
        if moves:
            board.place(moves[data.draw(st.integers(0, len(moves) - 1))].placed, owner=turn % 2)
    return board


@pytest.mark.parametrize("pure", [True, False], ids=["pure", "installed"])
@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                               HealthCheck.function_scoped_fixture])
@given(config=configs(), data=st.data())
def test_generator_matches_brute_force_with_every_extension(pure, config, data, tmp_path_factory):
    tmp = str(tmp_path_factory.getbasetemp())
    board = random_board(config, data, tmp)
    rack = Rack(tuple(data.draw(st.lists(st.sampled_from("AONPRST?"), min_size=1, max_size=3))))
    assume(rack.blanks <= 1)
    moves = finder(config, tmp, pure).moves(board, rack, player=0)
    generated = {m.key: m.score for m in moves}
    assert len(generated) == len(moves), "a move was generated twice"
    assert generated == brute_force(board, rack, 0)


@pytest.mark.parametrize("pure", [True, False], ids=["pure", "installed"])
@pytest.mark.parametrize("order", [(Direction.DIAGONAL_DOWN, Direction.DIAGONAL_UP),
                                   (Direction.DIAGONAL_UP, Direction.DIAGONAL_DOWN)],
                         ids=["down-first", "up-first"])
def test_a_tile_making_a_word_on_both_diagonals_is_one_play_scored_as_the_rules_do(
        pure, order, tmp_path_factory):
    """N above-left and P below-left of the square: an A there makes NA on the down-right
    diagonal and PA on the up-right one.  Whatever order the configuration lists the
    diagonals in, the generator offers the play once and scores it as the rules do (the
    word on the down-right diagonal is the play's own)."""
    tmp = str(tmp_path_factory.getbasetemp())
    config = GameConfig(
        rows=3, columns=3, layout=("aaa", "aaa", "aaa"), first_move_row=0, first_move_col=0,
        free_form=FreeForm.ANCHORED,
        tiles=TileSet(scores=tuple(range(1, 27)), frequencies=(4,) * 26, blank_count=0),
        number_of_tiles=4, directions=(Direction.ACROSS, Direction.DOWN, *order),
        backward_words=False, scoring=Scoring.LETTER_SUM)
    board = Board(config)
    board.place([Placement(0, 0, "N", False), Placement(2, 0, "P", False)])
    plays = [m for m in finder(config, tmp, pure).moves(board, Rack(("A",)), player=0)
             if m.placed == (Placement(1, 1, "A", False),)]
    assert len(plays) == 1
    analysis = analyse_play(board, plays[0].placed, Rack(("A",)), WORDS, 0)
    assert plays[0].direction == analysis.direction == Direction.DIAGONAL_DOWN
    assert plays[0].score == analysis.score == 1 + 14  # A + N, not A + P (1 + 16)
