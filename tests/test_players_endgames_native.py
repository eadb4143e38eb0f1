"""The end-game search in C (:mod:`wordstudio.crossword.players.endgames.native`): the same
values as the Python solver and the plain minimax, blanks and other boards included; it
is the one :func:`~wordstudio.crossword.players.endgames.exact.solve` uses; stopped in the
middle it answers and its state is intact."""

from __future__ import annotations

import os
import time
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_players_helpers import position, shipped
from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.board import Board
from wordstudio.crossword.players import parallel
from wordstudio.crossword.players.endgames import exact, native
from wordstudio.crossword.players.endgames.check import line_value, plain_minimax
from wordstudio.crossword.players.simulate import table_for
from wordstudio.crossword.position import Position
from wordstudio.crossword.tiles import Rack

pytestmark = pytest.mark.skipif(not native.is_compiled(),
                                reason="the compiled end-game search is not installed "
                                       "(pip found no C compiler)")

TILES = "AEIOUBCDGHKLMNPRSTWXYZ?"


def racks(pos: Position) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return pos.rack.tiles, tuple(pos.unseen)


def both(pos: Position, passed: bool, seconds: float = 0.0) -> tuple:
    table = table_for(pos)
    compiled = exact.solve(table, pos.board(), racks(pos), 0, seconds, passed=passed)
    python = exact.solve(table, pos.board(), racks(pos), 0, seconds, passed=passed,
                            pure=True)
    return table, compiled, python


def check(pos: Position, passed: bool) -> None:
    """Both searches prove the same value, each line earns it, and where the game tree is
    small the plain minimax agrees."""
    table, compiled, python = both(pos, passed)
    assert compiled.proven and python.proven
    assert compiled.value == python.value
    for result in (compiled, python):
        assert line_value(table, pos.board(), racks(pos), 0, result.line,
                          passed=passed) == result.value
    if len(pos.rack.tiles) + len(pos.unseen) <= 5:
        assert compiled.value == plain_minimax(table, pos.board(), racks(pos), 0,
                                               passed=passed)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mine=st.text(TILES, min_size=1, max_size=4), theirs=st.text(TILES, min_size=1, max_size=3),
       passed=st.booleans())
def test_the_compiled_search_proves_the_python_solvers_values(mine: str, theirs: str,
                                                              passed: bool) -> None:
    check(position(mine, bag=0, unseen=theirs), passed)


@lru_cache(maxsize=1)
def diamond_rows() -> tuple[str, ...]:
    """The diamond board (blocked squares, its own premiums) after four highest-scoring
    moves from fixed racks."""
    config = shipped("diamond.cfg")
    pos = position("", rows=None, config=config, bag=0)
    table = table_for(pos)
    board = Board(config)
    for player, rack in enumerate(("AEIRSTN", "DOGLEMU", "HAPCOTE", "WINKERS")):
        moves = table.finder.raw_moves(board, Rack.parse(rack, config.tiles.alphabet), player % 2)
        table.place(board, max(moves, key=lambda m: (m[4], m)), player % 2)
    return tuple(board.to_rows())


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mine=st.text(TILES, min_size=1, max_size=3), theirs=st.text(TILES, min_size=1, max_size=3),
       passed=st.booleans())
def test_on_a_board_with_blocked_squares_too(mine: str, theirs: str, passed: bool) -> None:
    config = shipped("diamond.cfg")
    check(position(mine, rows=diamond_rows(), config=config, bag=0, unseen=theirs), passed)


def spy_on(monkeypatch, owner, name: str) -> list:
    """Replace ``owner.name`` by a function that calls it and keeps what each call returned."""
    made: list = []
    real = getattr(owner, name)

    def spy(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(owner, name, spy)
    return made


def test_solve_searches_in_c_where_it_was_compiled(monkeypatch) -> None:
    made = spy_on(monkeypatch, exact, "compiled_solver")
    pos = position("EXO", bag=0, unseen="JBE")
    result = exact.solve_position(pos, table_for(pos), helpers=0)
    assert result.proven and isinstance(made[0], native.CompiledSolver)
    assert made[0].nodes == result.nodes > 0


def test_stopped_in_the_middle_it_answers_and_its_state_is_intact() -> None:
    # Proven in about a third of a second here: stopped after a hundredth, the search
    # still answers; and the one stopped in the middle of a depth has put its board and
    # racks back, so searching on from there proves what a new search proves.
    pos = position("AEINRT", bag=0, unseen="DEGIL")
    table = table_for(pos)
    stopped = exact.solve_position(pos, table, 0.01, helpers=0)
    assert stopped.line and stopped.line[0] is not None and not stopped.proven
    solver = native.compiled_solver(table, pos.board(), racks(pos), 0, NULL_CONTROL,
                                         0.01, False, exact.OutOfTime)
    assert solver is not None
    steps = iter(exact.depths(30))
    stopped_at = 0
    with pytest.raises(exact.OutOfTime):
        for stopped_at in steps:
            solver.root(stopped_at)
    solver.search.set_limits(0.0, None)  # type: ignore[attr-defined]
    for depth in [stopped_at, *steps]:
        solver.root(depth)
        if solver.low == solver.high:
            break
    fresh = exact.solve_position(pos, table, helpers=0)
    assert solver.low == solver.high == fresh.value
    assert solver.line() == fresh.line or line_value(
        table, pos.board(), racks(pos), 0, solver.line()) == fresh.value


def deepen(solver: native.CompiledSolver, limit: int = 30) -> None:
    for depth in exact.depths(limit):
        solver.root(depth)
        if solver.low == solver.high:
            return


@pytest.mark.parametrize("mine, theirs, board", [
    ("AEINRT", "DEGIL", "standard"), ("EIRSTU", "DOGEA", "standard"),
    ("CAREST", "LOUDEN", "standard"), ("QI?ZE", "AX?S", "standard"),
    ("AEIRST", "NOLDE?", "diamond"), ("BANJOS", "FEZQI", "diamond")])
def test_move_lists_worked_out_from_the_parents_are_the_whole_boards(mine: str, theirs: str,
                                                                    board: str) -> None:
    # Each list a node derives from its parent's (the moves that still stand, and a search
    # from the squares the parent's move changed) is checked against a search of the
    # whole board as the solver goes (verify raises on any difference); the value is the
    # one a search without derived lists proves.
    if board == "diamond":
        pos = position(mine, rows=diamond_rows(), config=shipped("diamond.cfg"), bag=0,
                       unseen=theirs)
    else:
        pos = position(mine, bag=0, unseen=theirs)
    table = table_for(pos)
    values = []
    for derive in (True, False):
        solver = native.compiled_solver(table, pos.board(), racks(pos), 0, NULL_CONTROL,
                                             0.0, False, exact.OutOfTime)
        assert solver is not None
        solver.search.verify = derive  # type: ignore[attr-defined]
        solver.search.derive = derive  # type: ignore[attr-defined]
        deepen(solver)
        assert solver.low == solver.high
        values.append(solver.low)
        if derive:
            assert solver.search.derived_lists > 0  # type: ignore[attr-defined]
        else:
            assert solver.search.derived_lists == 0  # type: ignore[attr-defined]
    assert values[0] == values[1]


class StopAfter(SearchControl):
    """Says stop after the search has asked ``polls`` times."""

    def __init__(self, polls: int) -> None:
        self.polls = polls

    def should_stop(self) -> bool:
        self.polls -= 1
        return self.polls < 0


def test_stopped_in_the_last_depth_it_plays_the_best_move_valued_there() -> None:
    # The compiled search goes from depth 5 to the end of the game at once; stopped in
    # the middle of that last depth, the moves it valued there (the first of them, the
    # best of depth 5, exactly) come first, and its line starts with the best of them.
    pos = position("AEINRS", bag=0, unseen="DEGILO")
    table = table_for(pos)
    limit = 2 * 12 + 2
    assert native.compiled_solver(table, pos.board(), racks(pos), 0, NULL_CONTROL, 0.0,
                                       False, exact.OutOfTime).depths(limit)[-2:] == [5, limit]
    for polls in (50, 200, 800, 3200, 12800):
        result = exact.solve_position(pos, table, control=StopAfter(polls), helpers=0)
        if result.depth == limit and not result.proven:
            break
    else:
        pytest.fail("no stop fell in the last depth after its first move")
    assert result.ranked[0] == (result.value, result.line[0])
    assert [v for v, _m in result.ranked[:3]] == sorted([v for v, _m in result.ranked[:3]],
                                                         reverse=True)
    proven = exact.solve_position(pos, table, helpers=0)
    assert proven.proven and result.value <= proven.value


def shared_memory_segments() -> set[str]:
    """The shared memory segments on this machine (not the pools' semaphores)."""
    folder = "/dev/shm"
    return {name for name in os.listdir(folder) if name.startswith("psm_")} \
        if os.path.isdir(folder) else set()


def test_helper_processes_search_into_a_shared_table_and_prove_the_same(monkeypatch) -> None:
    # A helper process searches the same end game into a table in shared memory (the
    # root's later moves first); the owner proves what it proves alone, and the shared
    # memory is gone afterwards.  The first end game only starts the helpers' pool.
    pos = position("AEINRT", bag=0, unseen="DEGIL")
    table = table_for(pos)
    alone = exact.solve_position(pos, table, helpers=0)
    before = shared_memory_segments()
    exact.solve_position(pos, table, helpers=1)
    # The pool's processes run at a lower priority: on a machine busy with other work
    # they may take a minute or more to load the game.
    deadline = time.monotonic() + 240
    while not parallel.pool_ready(2) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert parallel.pool_ready(2)
    made = spy_on(monkeypatch, native, "_start_helpers")
    shared = exact.solve_position(pos, table, helpers=1)
    assert made and made[0] is not None and made[0].futures
    assert all(future.done() and future.result() > 0 for future in made[0].futures)
    assert shared.proven and shared.value == alone.value
    assert shared_memory_segments() <= before


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mine=st.text(TILES, min_size=1, max_size=5), theirs=st.text(TILES, min_size=1, max_size=4),
       passed=st.booleans())
def test_every_worked_out_list_is_the_whole_boards_on_random_racks(mine: str, theirs: str,
                                                                  passed: bool) -> None:
    # Racks of up to five and four tiles, blanks among them, either player to pass last:
    # every list worked out from a parent's or a grandparent's is checked against a
    # search of the whole board as the solver goes (verify raises on a difference).
    pos = position(mine, bag=0, unseen=theirs)
    table = table_for(pos)
    solver = native.compiled_solver(table, pos.board(), racks(pos), 0, NULL_CONTROL,
                                         0.0, passed, exact.OutOfTime)
    assert solver is not None
    solver.search.verify = True  # type: ignore[attr-defined]
    deepen(solver)
    assert solver.low == solver.high
