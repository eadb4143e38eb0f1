"""The exact end-game solver: hand-made end games with known best sequences, each
checked against a plain full minimax of the same game tree - for both searches, the
compiled one (where it was compiled) and the Python solver."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_players_helpers import position
from wordstudio.control import DeadlineControl
from wordstudio.crossword.players.endgames import exact, native
from wordstudio.crossword.players.endgames.check import line_value, plain_minimax
from wordstudio.crossword.players.endgames.exact import solve_position
from wordstudio.crossword.players.playout import Table
from wordstudio.crossword.players.simulate import table_for
from wordstudio.crossword.position import Position


@pytest.fixture(autouse=True, params=["compiled", "python"])
def search(request, monkeypatch) -> str:
    """Every test here runs on the compiled search and on the Python solver - alone: a
    solve here has no helper processes (``helpers=0``), whose shared table would prove
    values before the search does, by how fast they start and the machine's load
    (:mod:`tests.test_players_endgames_native` tests the helpers)."""
    if request.param == "python":
        monkeypatch.setattr(native, "_module", None)
    elif not native.is_compiled():
        pytest.skip("the compiled end-game search is not installed (no C compiler)")
    return request.param


def racks(pos: Position) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return pos.rack.tiles, tuple(pos.unseen)


def outs(table: Table, pos: Position, rack: tuple[str, ...], player: int, board=None) -> list:
    board = board if board is not None else pos.board()
    return [m for m in table.finder.raw_moves(board, rack, player)
            if len(table.played(m)) == len(rack)]


def top_scorer(table: Table, pos: Position):
    return max(table.finder.raw_moves(pos.board(), pos.rack.tiles, 0), key=lambda m: m[4])


def check_exact(pos: Position, table: Table) -> exact.EndgameResult:
    """The solver proves the reference minimax's value, and its line earns it."""
    result = solve_position(pos, table, helpers=0)
    assert result.proven
    assert result.value == plain_minimax(table, pos.board(), racks(pos), 0)
    assert line_value(table, pos.board(), racks(pos), 0, result.line) == result.value
    return result


def test_applies_to_two_player_games_with_an_empty_bag() -> None:
    assert exact.applies(position("TEA", bag=0, unseen="XAJK"))
    assert not exact.applies(position("TEA", bag=2, unseen="XAJK"))
    assert not exact.applies(position("", bag=0, unseen="XAJK"))


def test_going_out_in_two() -> None:
    # D and X cannot go out together; the best line plays the X for its points, lets the
    # opponent (stuck with ZVW) pass, and goes out with the D.
    pos = position("DX", bag=0, unseen="ZVW")
    table = table_for(pos)
    assert not outs(table, pos, pos.rack.tiles, 0)
    result = check_exact(pos, table)
    mine = [step for step in result.line[0::2] if step is not None]
    assert len(mine) == 2
    assert sorted(t for step in mine for t in table.played(step)) == ["D", "X"]


def test_blocking_the_opponents_only_out() -> None:
    # The opponent's lone W goes out only at H7, W(E); the best first move blocks it
    # though another move scores more.  (On the word-game list, without abbreviations, a
    # rack of EE has a better line that leaves the out open; AE shows the block.)
    pos = position("AE", bag=0, unseen="W")
    table = table_for(pos)
    theirs = tuple(pos.unseen)
    assert len(outs(table, pos, theirs, 1)) == 1
    result = check_exact(pos, table)
    board = pos.board()
    table.place(board, result.line[0], 0)
    assert outs(table, pos, theirs, 1, board) == []
    greedy = pos.board()
    table.place(greedy, top_scorer(table, pos), 0)
    assert outs(table, pos, theirs, 1, greedy), "the highest score leaves the out open"
    assert result.line[1] is None  # the opponent, blocked, can only pass


def test_playing_off_a_heavy_tile() -> None:
    # Holding the Z at the end costs 20 points (10 off, 10 to the opponent): the best
    # move plays it though another move scores more now.
    pos = position("FZS", bag=0, unseen="DA")
    table = table_for(pos)
    result = check_exact(pos, table)
    assert "Z" in table.played(result.line[0])
    assert "Z" not in table.played(top_scorer(table, pos))


@pytest.mark.parametrize("mine, theirs", [("KPU", "J"), ("GFE", "G"), ("AU", "AA"),
                                          ("ZEJ", "II"), ("OEJ", "W")])
def test_matches_the_plain_minimax(mine: str, theirs: str) -> None:
    pos = position(mine, bag=0, unseen=theirs)
    check_exact(pos, table_for(pos))


def test_the_player_to_move_after_a_pass_may_end_the_game_by_passing() -> None:
    pos = position("QX", bag=0, unseen="KG")
    table = table_for(pos)
    after_pass = exact.solve(table, pos.board(), racks(pos), 0, passed=True)
    assert after_pass.proven
    assert after_pass.value == plain_minimax(table, pos.board(), racks(pos), 0, passed=True)
    # Passing now ends the game: both racks are deducted.
    stuck = table.value("KG") - table.value("QX")
    assert after_pass.value >= stuck


def test_stopped_at_once_it_still_answers() -> None:
    pos = position("EXO", bag=0, unseen="JBE")
    control = DeadlineControl(0.0)
    result = solve_position(pos, table_for(pos), control=control, helpers=0)
    assert not result.proven
    assert result.line and result.line[0] is not None


TILES = "AEIOUBCDGHKLMNPRSTWXYZ"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mine=st.text(TILES, min_size=1, max_size=3),
       theirs=st.text(TILES, min_size=1, max_size=2), passed=st.booleans())
def test_any_small_end_game_matches_the_plain_minimax(mine: str, theirs: str,
                                                      passed: bool) -> None:
    pos = position(mine, bag=0, unseen=theirs)
    table = table_for(pos)
    result = exact.solve(table, pos.board(), racks(pos), 0, passed=passed)
    assert result.proven
    assert result.value == plain_minimax(table, pos.board(), racks(pos), 0, passed=passed)
    assert line_value(table, pos.board(), racks(pos), 0, result.line,
                      passed=passed) == result.value


def test_a_value_is_proven_before_every_line_has_ended() -> None:
    # Going out with AT is proven best at depth 2: after any other move the opponent's
    # way out of six tiles settles that move's worth, though the lines where the
    # opponent plays on instead go on for many more moves.
    pos = position("AT", bag=0, unseen="EEIRST")
    table = table_for(pos)
    result = solve_position(pos, table, helpers=0)
    assert result.proven and result.depth == 2
    assert len(result.line) == 1 and len(table.played(result.line[0])) == 2
    assert result.value == result.line[0][4] + table.out_factor * table.value("EEIRST")
    assert line_value(table, pos.board(), racks(pos), 0, result.line) == result.value


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mine=st.text(TILES, min_size=1, max_size=3),
       theirs=st.text(TILES, min_size=1, max_size=2), passed=st.booleans(),
       depth=st.integers(1, 3))
def test_a_value_proven_at_any_depth_is_the_plain_minimax(mine: str, theirs: str,
                                                         passed: bool, depth: int) -> None:
    # Proven bounds settle values before the lines end: whatever depth the search stops
    # at, a value it calls proven is the full game tree's, and its line earns it.
    pos = position(mine, bag=0, unseen=theirs)
    table = table_for(pos)
    result = exact.solve(table, pos.board(), racks(pos), 0, passed=passed,
                            max_depth=depth)
    if result.proven:
        assert result.value == plain_minimax(table, pos.board(), racks(pos), 0,
                                             passed=passed)
        assert line_value(table, pos.board(), racks(pos), 0, result.line,
                          passed=passed) == result.value


def test_a_stuck_players_forced_pass_costs_no_depth() -> None:
    # The opponent cannot play his Q: after X his pass is forced, so a search to depth 2
    # sees the V that follows, and proves the line X, pass, V (the plain minimax's value).
    pos = position("XV", bag=0, unseen="Q")
    table = table_for(pos)
    result = exact.solve(table, pos.board(), racks(pos), 0, max_depth=2)
    assert result.proven and result.depth == 2
    assert result.line[1] is None and len(result.line) == 3
    assert result.value == plain_minimax(table, pos.board(), racks(pos), 0)
    assert line_value(table, pos.board(), racks(pos), 0, result.line) == result.value


@given(limit=st.integers(1, 40))
def test_deepening_skips_every_other_depth_and_ends_at_the_limit(limit: int) -> None:
    steps = exact.depths(limit)
    assert steps[0] == 1 and steps[-1] == limit
    assert all(a < b <= a + 2 for a, b in zip(steps, steps[1:], strict=False))
    assert [d for d in steps if d <= 3] == list(range(1, min(limit, 3) + 1))
