"""The move generator agrees with the independent oracle on all 50 positions, both paths."""

from __future__ import annotations

import pytest

from tests import oracle
from wordstudio.crossword.moves import MoveFinder


@pytest.fixture(scope="module")
def finders():
    config = oracle.standard_config()
    gaddag = oracle.gaddag()
    return {"pure": MoveFinder(config, gaddag, pure=True),
            "installed": MoveFinder(config, gaddag, pure=False)}


@pytest.mark.parametrize("path", ["pure", "installed"])
@pytest.mark.parametrize("position", oracle.positions(), ids=lambda p: f"pos{p['id']}")
def test_every_move_and_score_matches_the_oracle(finders, path, position):
    finder = finders[path]
    board = oracle.board_of(position, finder.config)
    moves = finder.moves(board, position["rack"])
    mine = {m.key: m.score for m in moves}
    assert len(mine) == len(moves), "a move was generated twice"
    theirs = oracle.oracle_key_set(position)
    assert len(theirs) == position["num_moves"]
    missing = set(theirs) - set(mine)
    extra = set(mine) - set(theirs)
    assert not missing and not extra
    assert mine == theirs
    if moves:
        assert moves[0].score == position["top_score"]
    else:
        assert position["num_moves"] == 0

