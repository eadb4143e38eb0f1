"""A kill drill of each game inside the normal test command: the real program, offscreen,
killed with SIGKILL twice at random moments, resumes with every move it had saved and
leaves no temporary file (``python -m tests.drills`` is the long run).

Each takes several seconds: three program starts (Python, Qt, the word list from the
cache) and the waits between kills.  This is the only way to test what it tests.
"""

from __future__ import annotations

import sys

import pytest

from tests.drills.child import GAMES
from tests.drills.drill import run_drill

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


@pytest.mark.parametrize("game", GAMES)
def test_a_killed_game_resumes_with_every_saved_move(game: str, tmp_path) -> None:
    result = run_drill(game, kills=2, seed=7, home=tmp_path)
    assert result.problems == []
    assert result.kills == 2
    assert result.moves_lost == 0 and result.orphans == []
