"""Property tests: on random boards and rules, the generators find exactly the legal moves.

Every generated move passes the independent rules check (rules.analyse_play, which reads
words off the board and looks them up in a plain word set) with the same score, and on
small boards a brute-force search over every placement of the rack finds no move the
generator missed - for the pure-Python generator and the installed one (compiled where
a compiler was there) alike.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from wordstudio.crossword.board import Board, Placement
from wordstudio.crossword.gameconfig import (
    FirstMoveDir,
    FreeForm,
    GameConfig,
    TileSet,
    square_code,
)
from wordstudio.crossword.moves import MoveFinder
from wordstudio.crossword.rules import IllegalMove, analyse_play
from wordstudio.crossword.tiles import BLANK, Rack
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.gaddag import load_gaddag
from wordstudio.lexicon.wordlist import WordList

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@lru_cache(maxsize=1)
def small_words() -> WordList:
    common = load_lexicon("en-US-common")
    return WordList.from_words((w for w in common if len(w) <= 5), name="short-common")


@lru_cache(maxsize=1)
def small_gaddag():
    return load_gaddag(small_words())


@st.composite
def configs(draw, max_side: int = 9) -> GameConfig:
    rows = draw(st.integers(3, max_side))
    cols = draw(st.integers(3, max_side))
    codes = ["a"] * 6 + ["@"] + [square_code("letter", f) for f in (2, 3, 11)] + [
        square_code("word", f) for f in (2, 3, 5, 11)]
    layout = tuple("".join(draw(st.sampled_from(codes)) for _ in range(cols)) for _ in range(rows))
    first_row = draw(st.integers(0, rows))
    first_col = draw(st.integers(0, cols))
    if first_row and first_col and layout[first_row - 1][first_col - 1] == "@":
        layout = tuple(
            r if i != first_row - 1 else r[:first_col - 1] + "a" + r[first_col:]
            for i, r in enumerate(layout))
    scores = tuple(draw(st.lists(st.integers(0, 10), min_size=26, max_size=26)))
    return GameConfig(
        rows=rows, columns=cols, layout=layout, first_move_row=first_row,
        first_move_col=first_col,
        first_move_dir=draw(st.sampled_from(list(FirstMoveDir))),
        free_form=draw(st.sampled_from(list(FreeForm))),
        tiles=TileSet(scores=scores, frequencies=(4,) * 26, blank_count=2),
        number_of_tiles=7, play_all_tile_bonus=draw(st.sampled_from([0, 50])))


racks = st.lists(st.sampled_from(LETTERS + "EEAAIOST" + BLANK), min_size=1, max_size=7)


def play_some_moves(config: GameConfig, finder: MoveFinder, data, count: int) -> Board:
    """A board reached by ``count`` generated moves, by alternating players 0 and 1."""
    board = Board(config)
    for turn in range(count):
        rack = Rack(tuple(data.draw(racks)))
        moves = finder.moves(board, rack, player=turn % 2)
        if not moves:
            continue
        move = moves[data.draw(st.integers(0, len(moves) - 1))]
        board.place(move.placed, owner=turn % 2)
    return board


@pytest.mark.parametrize("pure", [True, False], ids=["pure", "installed"])
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), data=st.data())
def test_every_generated_move_is_legal_and_scores_the_same(pure, config, data):
    words = small_words()
    finder = MoveFinder(config, small_gaddag(), pure=pure)
    board = play_some_moves(config, finder, data, data.draw(st.integers(0, 5)))
    player = data.draw(st.integers(0, 1))
    rack = Rack(tuple(data.draw(racks)))
    moves = finder.moves(board, rack, player=player)
    assert len({m.key for m in moves}) == len(moves)
    for move in moves:
        analysis = analyse_play(board, move.placed, rack, words, player)
        assert analysis.unknown == ()
        assert analysis.score == move.score, move
        assert analysis.main.shown == move.word
        assert (analysis.main.row, analysis.main.col) == (move.row, move.col)


def brute_force(board: Board, rack: Rack, words, player: int) -> dict[frozenset, int]:
    """Every legal play: each run of empty squares in a line, each arrangement of tiles."""
    found: dict[frozenset, int] = {}
    tiles = list(rack.tiles)
    for dr, dc in ((0, 1), (1, 0)):
        for r0 in range(board.rows):
            for c0 in range(board.cols):
                # Squares along the line from (r0, c0): the first k empty ones.
                squares = []
                r, c = r0, c0
                while board.on_board(r, c) and not board.is_blocked(r, c):
                    if board.is_empty_square(r, c):
                        squares.append((r, c))
                    r, c = r + dr, c + dc
                if not squares or squares[0] != (r0, c0):
                    continue
                for k in range(1, min(len(tiles), len(squares)) + 1):
                    chosen = squares[:k]
                    for order in set(itertools.permutations(tiles, k)):
                        blank_choices = [LETTERS if t == BLANK else (t,) for t in order]
                        for letters in itertools.product(*blank_choices):
                            placed = [Placement(r, c, letter, tile == BLANK)
                                      for (r, c), letter, tile in zip(chosen, letters, order, strict=True)]
                            try:
                                analysis = analyse_play(board, placed, rack, words, player)
                            except IllegalMove:
                                continue
                            if not analysis.unknown:
                                found[frozenset(placed)] = analysis.score
    return found


@pytest.mark.parametrize("pure", [True, False], ids=["pure", "installed"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(max_side=6), data=st.data())
def test_no_legal_move_is_missed_on_small_boards(pure, config, data):
    words = small_words()
    finder = MoveFinder(config, small_gaddag(), pure=pure)
    board = play_some_moves(config, finder, data, data.draw(st.integers(0, 4)))
    rack = Rack(tuple(data.draw(st.lists(st.sampled_from(LETTERS[:12] + "ST" + BLANK),
                                         min_size=1, max_size=3))))
    assume(rack.blanks <= 1)
    player = data.draw(st.integers(0, 1))
    generated = {m.key: m.score for m in finder.moves(board, rack, player=player)}
    assert generated == brute_force(board, rack, words, player)
